//! SHAKE128 and SHAKE256 (FIPS 202), the types of RustCrypto's `shake` crate.

use core::fmt;

use digest::{
    CollisionResistance, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset, Update,
    common::AlgorithmName,
    consts::{U16, U32},
};

use crate::hazmat::sponge::Sponge;

use super::reader;

reader!(
    /// The output stream of [`Shake`].
    ShakeReader, 24, "ShakeReader128", "ShakeReader256"
);

/// SHAKE's padding byte (domain bits `1111` and the first pad bit); also cSHAKE's with an empty
/// function name and customization.
pub(super) const SHAKE_PAD: u8 = 0x1F;

/// SHAKE (FIPS 202) with rate `RATE` bytes: [`Shake128`] (168) or [`Shake256`] (136).
#[derive(Clone)]
pub struct Shake<const RATE: usize> {
    sponge: Sponge<RATE, 24>,
}

/// SHAKE128.
pub type Shake128 = Shake<168>;
/// SHAKE256.
pub type Shake256 = Shake<136>;
/// The output stream of [`Shake128`].
pub type Shake128Reader = ShakeReader<168>;
/// The output stream of [`Shake256`].
pub type Shake256Reader = ShakeReader<136>;

impl<const RATE: usize> Default for Shake<RATE> {
    #[inline]
    fn default() -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        Self {
            sponge: Sponge::new(),
        }
    }
}

impl<const RATE: usize> HashMarker for Shake<RATE> {}

impl<const RATE: usize> Update for Shake<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
}

impl<const RATE: usize> Reset for Shake<RATE> {
    #[inline]
    fn reset(&mut self) {
        self.sponge.reset();
    }
}

impl<const RATE: usize> ExtendableOutput for Shake<RATE> {
    type Reader = ShakeReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        let mut sponge = self.sponge;
        sponge.pad(SHAKE_PAD);
        ShakeReader { sponge }
    }
}

impl<const RATE: usize> ExtendableOutputReset for Shake<RATE> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let mut sponge = self.sponge.clone();
        self.sponge.reset();
        sponge.pad(SHAKE_PAD);
        ShakeReader { sponge }
    }
}

impl<const RATE: usize> AlgorithmName for Shake<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 { "SHAKE128" } else { "SHAKE256" })
    }
}

impl<const RATE: usize> fmt::Debug for Shake<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "Shake128 { ... }"
        } else {
            "Shake256 { ... }"
        })
    }
}

impl CollisionResistance for Shake128 {
    type CollisionResistance = U16;
}
impl CollisionResistance for Shake256 {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for Shake<RATE> {}
