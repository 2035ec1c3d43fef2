//! Esch256 and Esch384: the SPARKLE hash functions (`Digest`).
//!
//! Esch absorbs 16-byte blocks into the left half of a Sparkle state through the Feistel-like
//! injection `M_h` and runs the slim permutation after every block except the last. The last
//! block (1..=16 bytes; an empty message gives one empty block) is padded with `0x80` and zeros
//! only when it is short, gets a domain constant (1 padded, 2 full) and the big permutation. The
//! hash is squeezed 16 bytes at a time with the slim permutation in between.
//!
//! Because a full last block is treated differently from an inner block, the cores use the
//! *lazy* block buffer: a full block stays buffered until more input shows it is not the last one.

use core::{fmt, marker::PhantomData};

use digest::{
    HashMarker, Output, Reset,
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, FixedOutputCore, Lazy,
        OutputSizeUser, UpdateCore,
    },
    common::hazmat::{DeserializeStateError, SerializableState, SerializedState},
    consts::U16,
};

use crate::hazmat::sponge::EschSponge;
use crate::hazmat::words::RATE;
use crate::hazmat::{EschPermutation, Sparkle384, Sparkle512};

/// Esch's domain constants of the last block: padded, full.
const DOMAIN: (u32, u32) = (1, 2);

/// Views digest blocks as byte arrays.
#[inline(always)]
pub(crate) fn as_arrays(blocks: &[digest::array::Array<u8, U16>]) -> &[[u8; RATE]] {
    digest::array::Array::cast_slice_to_core(blocks)
}

/// The parts of the Esch and XOEsch block-level cores that differ only in the type's name: the
/// core is `$core<P>` (fields `sponge` and `permutation`), its algorithm name `P::$name`, its
/// `Debug` text `$debug` (a format string taking `P::ESCH`, documented as `$shown`). The output side (fixed or
/// extendable) is written beside each core.
macro_rules! esch_core_impls {
    ($core:ident, $name:ident, $debug:literal, $shown:literal) => {
        impl<P: EschPermutation> Clone for $core<P> {
            #[inline]
            fn clone(&self) -> Self {
                Self {
                    sponge: self.sponge.clone(),
                    permutation: PhantomData,
                }
            }
        }

        impl<P: EschPermutation> Default for $core<P> {
            #[inline]
            fn default() -> Self {
                Self {
                    sponge: EschSponge::new(),
                    permutation: PhantomData,
                }
            }
        }

        impl<P: EschPermutation> HashMarker for $core<P> {}

        impl<P: EschPermutation> BlockSizeUser for $core<P> {
            type BlockSize = U16;
        }

        impl<P: EschPermutation> BufferKindUser for $core<P> {
            type BufferKind = Lazy;
        }

        impl<P: EschPermutation> UpdateCore for $core<P> {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                self.sponge.absorb($crate::hash::as_arrays(blocks));
            }
        }

        impl<P: EschPermutation> Reset for $core<P> {
            #[inline]
            fn reset(&mut self) {
                self.sponge = EschSponge::new();
            }
        }

        impl<P: EschPermutation> AlgorithmName for $core<P> {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(P::$name)
            }
        }

        /// The state's words, little-endian (48 or 64 bytes).
        impl<P: EschPermutation> SerializableState for $core<P> {
            type SerializedStateSize = P::StateSize;

            fn serialize(&self) -> SerializedState<Self> {
                let mut out = SerializedState::<Self>::default();
                self.sponge.serialize(&mut out);
                out
            }

            fn deserialize(
                serialized: &SerializedState<Self>,
            ) -> Result<Self, DeserializeStateError> {
                Ok(Self {
                    sponge: EschSponge::deserialize(serialized),
                    permutation: PhantomData,
                })
            }
        }

        #[doc = concat!("Shows no state: `", $shown, "`.")]
        impl<P: EschPermutation> fmt::Debug for $core<P> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, $debug, P::ESCH)
            }
        }

        /// Wipes the state with `zeroize`.
        impl<P: EschPermutation> Drop for $core<P> {
            fn drop(&mut self) {
                // Every field by name: one added later does not compile here until it is wiped.
                let Self {
                    sponge,
                    permutation: _,
                } = self;
                #[cfg(feature = "zeroize")]
                sponge.wipe();
                #[cfg(not(feature = "zeroize"))]
                let _ = sponge;
            }
        }

        #[cfg(feature = "zeroize")]
        impl<P: EschPermutation> zeroize::ZeroizeOnDrop for $core<P> {}
    };
}
pub(crate) use esch_core_impls;

/// Block-level core of Esch on the permutation `P` ([`Esch256`] on [`Sparkle384`], [`Esch384`]
/// on [`Sparkle512`]; use those buffered types instead).
pub struct EschCore<P: EschPermutation> {
    sponge: P::Sponge,
    permutation: PhantomData<P>,
}

/// Block-level core of [`Esch256`].
pub type Esch256Core = EschCore<Sparkle384>;
/// Block-level core of [`Esch384`].
pub type Esch384Core = EschCore<Sparkle512>;

esch_core_impls!(EschCore, ESCH, "{}Core {{ .. }}", "Esch256Core { .. }");

impl<P: EschPermutation> OutputSizeUser for EschCore<P> {
    type OutputSize = P::DigestSize;
}

impl<P: EschPermutation> FixedOutputCore for EschCore<P> {
    fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
        let len = buffer.get_pos();
        let block: [u8; RATE] = buffer.pad_with_zeros().into();
        self.sponge.absorb_last(&block, len, DOMAIN.0, DOMAIN.1);
        self.sponge.squeeze(out);
    }
}

digest::buffer_fixed!(
    /// Esch256: the SPARKLE hash with a 32-byte digest on Sparkle384 (128-bit security).
    ///
    /// ```
    /// use lwc_sparkle::{Esch256, digest::Digest};
    ///
    /// let digest = Esch256::digest(b"");
    /// assert_eq!(digest[..4], [0xC0, 0xE8, 0x15, 0xD7]);
    /// ```
    pub struct Esch256(Esch256Core);
    impl: FixedHashTraits;
);

digest::buffer_fixed!(
    /// Esch384: the SPARKLE hash with a 48-byte digest on Sparkle512 (192-bit security).
    ///
    /// ```
    /// use lwc_sparkle::{Esch384, digest::Digest};
    ///
    /// let mut hasher = Esch384::new();
    /// hasher.update(b"abc");
    /// let digest = hasher.finalize();
    /// assert_eq!(digest.len(), 48);
    /// ```
    pub struct Esch384(Esch384Core);
    impl: FixedHashTraits;
);
