//! KMAC128/KMAC256 and their XOF forms KMACXOF128/256 (SP 800-185).

use core::fmt;

use ctutils::CtEq;
use digest::{
    ExtendableOutput, FixedOutput, InvalidLength, Key, KeyInit, MacError, MacMarker, Output,
    OutputSizeUser, Reset, Update,
    common::{AlgorithmName, KeySizeUser},
    consts::{U32, U64},
};

use crate::hazmat::sponge::{Sponge, bits, right_encode};

const CSHAKE_PAD: u8 = 0x04;

crate::xof::reader!(
    /// The output stream of KMACXOF ([`Kmac::finalize_xof`]).
    KmacReader, 24
);

/// KMAC (SP 800-185) with rate `RATE`: [`Kmac128`] or [`Kmac256`].
///
/// * `Mac` (through `KeyInit`, `Update`, `FixedOutput`): 32-byte (KMAC128) or 64-byte (KMAC256)
///   tags, i.e. `L` = 256 or 512 bits.
/// * Keys of any length: `KeyInit::new_from_slice` accepts every length (the nominal `KeySize` is
///   32 / 64 bytes); [`Kmac::new_customized`] takes a key and a customization string `S`.
/// * Any other output length `L` (a different tag, not a truncation): [`Kmac::finalize_into_slice`]
///   and the constant-time [`Kmac::verify_slice_len`].
/// * KMACXOF: `ExtendableOutput::finalize_xof`.
#[derive(Clone)]
pub struct Kmac<const RATE: usize> {
    initial: Sponge<RATE, 24>,
    sponge: Sponge<RATE, 24>,
}

/// KMAC128.
pub type Kmac128 = Kmac<168>;
/// KMAC256.
pub type Kmac256 = Kmac<136>;
/// The output stream of KMACXOF128.
pub type Kmac128Reader = KmacReader<168>;
/// The output stream of KMACXOF256.
pub type Kmac256Reader = KmacReader<136>;

impl<const RATE: usize> Kmac<RATE> {
    /// KMAC with key `K` (any length) and customization string `S`.
    #[must_use]
    pub fn new_customized(key: &[u8], customization: &[u8]) -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        let mut sponge = Sponge::new();
        sponge.absorb_cshake_prefix(b"KMAC", customization);
        sponge.absorb_key_block(key);
        Self {
            initial: sponge.clone(),
            sponge,
        }
    }

    /// [`Self::new_customized`] under the name RustCrypto's `kmac` 0.1 gives it. Never `Err`:
    /// keys of every length are accepted, as there.
    #[inline]
    pub fn new_customization(key: &[u8], customization: &[u8]) -> Result<Self, InvalidLength> {
        Ok(Self::new_customized(key, customization))
    }

    /// [`Self::finalize_into_slice`] under the name RustCrypto's `kmac` 0.1 gives it.
    #[inline]
    pub fn finalize_into_buf(self, out: &mut [u8]) {
        self.finalize_into_slice(out);
    }

    /// Finalizes with output length `L = 8 * out.len()` bits and fills `out` (an output length
    /// other than the default gives an unrelated tag, not a truncation).
    pub fn finalize_into_slice(mut self, out: &mut [u8]) {
        self.sponge.absorb(right_encode(bits(out.len())).as_bytes());
        self.sponge.pad(CSHAKE_PAD);
        self.sponge.squeeze(out);
    }

    /// Checks `tag` as a KMAC output of length `L = 8 * tag.len()` bits, in constant time.
    /// An empty tag is rejected.
    pub fn verify_slice_len(self, tag: &[u8]) -> Result<(), MacError> {
        const MAX: usize = 1024;
        if tag.is_empty() || tag.len() > MAX {
            return Err(MacError);
        }
        let mut buf = [0u8; MAX];
        let out = &mut buf[..tag.len()];
        self.finalize_into_slice(out);
        let ok = out.ct_eq(tag).to_bool();
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut buf);
        if ok { Ok(()) } else { Err(MacError) }
    }
}

impl KeySizeUser for Kmac128 {
    type KeySize = U32;
}
impl KeySizeUser for Kmac256 {
    type KeySize = U64;
}
impl OutputSizeUser for Kmac128 {
    type OutputSize = U32;
}
impl OutputSizeUser for Kmac256 {
    type OutputSize = U64;
}

impl<const RATE: usize> KeyInit for Kmac<RATE>
where
    Self: KeySizeUser,
{
    #[inline]
    fn new(key: &Key<Self>) -> Self {
        Self::new_customized(key, &[])
    }

    /// Accepts keys of any length.
    #[inline]
    fn new_from_slice(key: &[u8]) -> Result<Self, InvalidLength> {
        Ok(Self::new_customized(key, &[]))
    }
}

impl<const RATE: usize> MacMarker for Kmac<RATE> {}

impl<const RATE: usize> Update for Kmac<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
}

impl<const RATE: usize> FixedOutput for Kmac<RATE>
where
    Self: OutputSizeUser,
{
    #[inline]
    fn finalize_into(self, out: &mut Output<Self>) {
        self.finalize_into_slice(out);
    }
}

impl<const RATE: usize> Reset for Kmac<RATE> {
    #[inline]
    fn reset(&mut self) {
        self.sponge = self.initial.clone();
    }
}

impl<const RATE: usize> ExtendableOutput for Kmac<RATE> {
    type Reader = KmacReader<RATE>;

    /// KMACXOF: `right_encode(0)`, then an unbounded output stream.
    fn finalize_xof(mut self) -> Self::Reader {
        self.sponge.absorb(right_encode(0).as_bytes());
        let mut sponge = self.sponge.clone();
        sponge.pad(CSHAKE_PAD);
        KmacReader { sponge }
    }
}

impl<const RATE: usize> AlgorithmName for Kmac<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 { "KMAC128" } else { "KMAC256" })
    }
}

impl<const RATE: usize> fmt::Debug for Kmac<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 { "Kmac128" } else { "Kmac256" })?;
        f.write_str(" { .. }")
    }
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for Kmac<RATE> {}
