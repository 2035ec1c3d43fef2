//! cSHAKE128 and cSHAKE256 (SP 800-185), the types of RustCrypto's `cshake` crate.

use core::fmt;

use digest::common::AlgorithmName;
use digest::consts::{U16, U32};
use digest::{CollisionResistance, CustomizedInit, ExtendableOutput, ExtendableOutputReset};
use digest::{HashMarker, Reset, Update};

use crate::hazmat::sponge::Sponge;

use super::reader;
use super::shake::SHAKE_PAD;

reader!(
    /// The output stream of [`CShake`].
    CShakeReader, 24, "CShakeReader128", "CShakeReader256"
);

/// cSHAKE's padding byte (domain bits `00` and the first pad bit).
const CSHAKE_PAD: u8 = 0x04;

/// cSHAKE (SP 800-185) with rate `RATE`: [`CShake128`] or [`CShake256`].
///
/// With an empty function name and customization it is SHAKE, as SP 800-185 requires.
#[derive(Clone)]
pub struct CShake<const RATE: usize> {
    /// The state after the `bytepad` prefix, kept for [`Reset`].
    initial: Sponge<RATE, 24>,
    sponge: Sponge<RATE, 24>,
    pad: u8,
}

/// cSHAKE128.
pub type CShake128 = CShake<168>;
/// cSHAKE256.
pub type CShake256 = CShake<136>;
/// The output stream of [`CShake128`].
pub type CShake128Reader = CShakeReader<168>;
/// The output stream of [`CShake256`].
pub type CShake256Reader = CShakeReader<136>;

impl<const RATE: usize> CShake<RATE> {
    /// cSHAKE with function name `N` and customization `S`.
    #[must_use]
    pub fn new_with_function_name(function_name: &[u8], customization: &[u8]) -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        let mut sponge = Sponge::new();
        let pad = if function_name.is_empty() && customization.is_empty() {
            SHAKE_PAD
        } else {
            sponge.absorb_cshake_prefix(function_name, customization);
            CSHAKE_PAD
        };
        Self {
            initial: sponge.clone(),
            sponge,
            pad,
        }
    }

    /// cSHAKE with an empty function name and customization `S`.
    #[must_use]
    pub fn new(customization: &[u8]) -> Self {
        Self::new_with_function_name(&[], customization)
    }
}

impl<const RATE: usize> Default for CShake<RATE> {
    #[inline]
    fn default() -> Self {
        Self::new_with_function_name(&[], &[])
    }
}

impl<const RATE: usize> CustomizedInit for CShake<RATE> {
    #[inline]
    fn new_customized(customization: &[u8]) -> Self {
        Self::new(customization)
    }
}

impl<const RATE: usize> HashMarker for CShake<RATE> {}

impl<const RATE: usize> Update for CShake<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
}

impl<const RATE: usize> Reset for CShake<RATE> {
    #[inline]
    fn reset(&mut self) {
        self.sponge = self.initial.clone();
    }
}

impl<const RATE: usize> ExtendableOutput for CShake<RATE> {
    type Reader = CShakeReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        let mut sponge = self.sponge;
        sponge.pad(self.pad);
        CShakeReader { sponge }
    }
}

impl<const RATE: usize> ExtendableOutputReset for CShake<RATE> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let mut sponge = self.sponge.clone();
        self.reset();
        sponge.pad(self.pad);
        CShakeReader { sponge }
    }
}

impl<const RATE: usize> AlgorithmName for CShake<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "cSHAKE128"
        } else {
            "cSHAKE256"
        })
    }
}

impl<const RATE: usize> fmt::Debug for CShake<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "CShake128 { ... }"
        } else {
            "CShake256 { ... }"
        })
    }
}

impl CollisionResistance for CShake128 {
    type CollisionResistance = U16;
}
impl CollisionResistance for CShake256 {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for CShake<RATE> {}
