//! XOEsch256 and XOEsch384: the SPARKLE extendable-output functions (`ExtendableOutput`).
//!
//! Absorption is Esch's (same injection, same lazy handling of a full last block) with the domain
//! constants 5 (last block padded) and 6 (last block full) instead of 1 and 2, so XOEsch output is
//! *not* an extension of Esch output. The reader hands out 16 bytes per block and runs the slim
//! permutation before every block after the first.

use core::{fmt, marker::PhantomData};

use digest::{
    CollisionResistance, HashMarker, Reset,
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, ExtendableOutputCore, Lazy,
        UpdateCore, XofReaderCore,
    },
    common::hazmat::{DeserializeStateError, SerializableState, SerializedState},
    consts::{U16, U24},
};

use crate::hash::esch_core_impls;
use crate::hazmat::sponge::EschSponge;
use crate::hazmat::words::RATE;
use crate::hazmat::{EschPermutation, Sparkle384, Sparkle512};

/// XOEsch's domain constants of the last block: padded, full.
const DOMAIN: (u32, u32) = (5, 6);

/// Block-level core of XOEsch on the permutation `P` ([`XoEsch256`] on [`Sparkle384`],
/// [`XoEsch384`] on [`Sparkle512`]; use those buffered types instead).
pub struct XoEschCore<P: EschPermutation> {
    sponge: P::Sponge,
    permutation: PhantomData<P>,
}

/// Block-level core of the output reader of XOEsch on the permutation `P` (use the buffered
/// [`XoEsch256Reader`] or [`XoEsch384Reader`] instead).
pub struct XoEschReaderCore<P: EschPermutation> {
    sponge: P::Sponge,
    started: bool,
    permutation: PhantomData<P>,
}

/// Block-level core of [`XoEsch256`].
pub type XoEsch256Core = XoEschCore<Sparkle384>;
/// Block-level core of [`XoEsch384`].
pub type XoEsch384Core = XoEschCore<Sparkle512>;
/// Block-level core of [`XoEsch256Reader`].
pub type XoEsch256ReaderCore = XoEschReaderCore<Sparkle384>;
/// Block-level core of [`XoEsch384Reader`].
pub type XoEsch384ReaderCore = XoEschReaderCore<Sparkle512>;

impl<P: EschPermutation> Clone for XoEschReaderCore<P> {
    #[inline]
    fn clone(&self) -> Self {
        Self {
            sponge: self.sponge.clone(),
            started: self.started,
            permutation: PhantomData,
        }
    }
}

esch_core_impls!(
    XoEschCore,
    XOESCH,
    "Xo{}Core {{ .. }}",
    "XoEsch256Core { .. }"
);

impl<P: EschPermutation> ExtendableOutputCore for XoEschCore<P> {
    type ReaderCore = XoEschReaderCore<P>;

    fn finalize_xof_core(&mut self, buffer: &mut Buffer<Self>) -> XoEschReaderCore<P> {
        let len = buffer.get_pos();
        let block: [u8; RATE] = buffer.pad_with_zeros().into();
        let mut sponge = self.sponge.clone();
        sponge.absorb_last(&block, len, DOMAIN.0, DOMAIN.1);
        XoEschReaderCore {
            sponge,
            started: false,
            permutation: PhantomData,
        }
    }
}

impl<P: EschPermutation> BlockSizeUser for XoEschReaderCore<P> {
    type BlockSize = U16;
}

impl<P: EschPermutation> XofReaderCore for XoEschReaderCore<P> {
    #[inline]
    fn read_block(&mut self) -> Block<Self> {
        if self.started {
            self.sponge.permute();
        }
        self.started = true;
        self.sponge.rate().into()
    }
}

/// Shows no state: `XoEsch256ReaderCore { .. }`.
impl<P: EschPermutation> fmt::Debug for XoEschReaderCore<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Xo{}ReaderCore {{ .. }}", P::ESCH)
    }
}

/// Wipes the state with `zeroize`.
impl<P: EschPermutation> Drop for XoEschReaderCore<P> {
    fn drop(&mut self) {
        // Every field by name: one added later does not compile here until it is wiped.
        let Self {
            sponge,
            started: _,
            permutation: _,
        } = self;
        #[cfg(feature = "zeroize")]
        sponge.wipe();
        #[cfg(not(feature = "zeroize"))]
        let _ = sponge;
    }
}

#[cfg(feature = "zeroize")]
impl<P: EschPermutation> zeroize::ZeroizeOnDrop for XoEschReaderCore<P> {}

digest::buffer_xof!(
    /// XOEsch256: the SPARKLE XOF on Sparkle384 (128-bit security for long enough outputs).
    ///
    /// ```
    /// use lwc_sparkle::{XoEsch256, digest::{ExtendableOutput, Update, XofReader}};
    ///
    /// let mut xof = XoEsch256::default();
    /// xof.update(b"");
    /// let mut reader = xof.finalize_xof();
    /// let mut out = [0u8; 40];
    /// reader.read(&mut out);
    /// assert_eq!(out[..4], [0x86, 0x05, 0xD6, 0xB1]);
    /// ```
    pub struct XoEsch256(XoEsch256Core);
    impl: XofHasherTraits;
    /// The output reader of [`XoEsch256`].
    pub struct XoEsch256Reader(XoEsch256ReaderCore);
    impl: XofReaderTraits;
);

digest::buffer_xof!(
    /// XOEsch384: the SPARKLE XOF on Sparkle512 (192-bit security for long enough outputs).
    ///
    /// ```
    /// use lwc_sparkle::{XoEsch384, digest::{ExtendableOutput, Update, XofReader}};
    ///
    /// let mut reader = XoEsch384::default().chain(b"abc").finalize_xof();
    /// let mut out = [0u8; 100];
    /// reader.read(&mut out);
    /// ```
    pub struct XoEsch384(XoEsch384Core);
    impl: XofHasherTraits;
    /// The output reader of [`XoEsch384`].
    pub struct XoEsch384Reader(XoEsch384ReaderCore);
    impl: XofReaderTraits;
);

impl CollisionResistance for XoEsch256 {
    type CollisionResistance = U16;
}

impl CollisionResistance for XoEsch384 {
    type CollisionResistance = U24;
}

#[cfg(feature = "zeroize")]
impl zeroize::ZeroizeOnDrop for XoEsch256 {}

#[cfg(feature = "zeroize")]
impl zeroize::ZeroizeOnDrop for XoEsch384 {}
