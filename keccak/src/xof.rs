//! Extendable-output functions: SHAKE128/256 (FIPS 202), cSHAKE128/256 (SP 800-185) and
//! TurboSHAKE128/256 (RFC 9861).

use core::fmt;

use digest::{
    CollisionResistance, CustomizedInit, ExtendableOutput, ExtendableOutputReset, HashMarker,
    Reset, Update,
    common::AlgorithmName,
    consts::{U16, U32},
};

use crate::hazmat::sponge::Sponge;

/// Defines a public XOF reader type over the shared sponge.
macro_rules! reader {
    ($(#[$attr:meta])* $name:ident, $rounds:expr) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name<const RATE: usize> {
            pub(crate) sponge: $crate::hazmat::sponge::Sponge<RATE, $rounds>,
        }

        impl<const RATE: usize> digest::XofReader for $name<RATE> {
            #[inline]
            fn read(&mut self, buf: &mut [u8]) {
                self.sponge.squeeze(buf);
            }
        }

        impl<const RATE: usize> core::fmt::Debug for $name<RATE> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        impl<const RATE: usize> zeroize::ZeroizeOnDrop for $name<RATE> {}
    };
}
pub(crate) use reader;

reader!(
    /// The output stream of [`Shake`].
    ShakeReader, 24
);
reader!(
    /// The output stream of [`CShake`].
    CShakeReader, 24
);
reader!(
    /// The output stream of [`TurboShake`] and [`CTurboShake`].
    TurboShakeReader, 12
);

const SHAKE_PAD: u8 = 0x1F;
const CSHAKE_PAD: u8 = 0x04;

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
        f.write_str(if RATE == 168 { "Shake128" } else { "Shake256" })?;
        f.write_str(" { .. }")
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
            "CShake128"
        } else {
            "CShake256"
        })?;
        f.write_str(" { .. }")
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

/// The TurboSHAKE domain byte was outside `0x01..=0x7F`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidDomainByte;

impl fmt::Display for InvalidDomainByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TurboSHAKE domain byte must be in 0x01..=0x7F")
    }
}

impl core::error::Error for InvalidDomainByte {}

/// The default TurboSHAKE domain byte, `0x1F`.
pub const DEFAULT_DS: u8 = 0x1F;

/// TurboSHAKE (RFC 9861) with rate `RATE` and a domain byte chosen at run time:
/// [`TurboShake128`] or [`TurboShake256`].
///
/// `Default` uses [`DEFAULT_DS`] (`0x1F`); [`TurboShake::new`] takes any byte in `0x01..=0x7F`.
/// [`CTurboShake128`]/[`CTurboShake256`] fix the byte at compile time instead.
#[derive(Clone)]
pub struct TurboShake<const RATE: usize> {
    sponge: Sponge<RATE, 12>,
    ds: u8,
}

/// TurboSHAKE128 (rate 168 bytes).
pub type TurboShake128 = TurboShake<168>;
/// TurboSHAKE256 (rate 136 bytes).
pub type TurboShake256 = TurboShake<136>;
/// The output stream of TurboSHAKE128.
pub type TurboShake128Reader = TurboShakeReader<168>;
/// The output stream of TurboSHAKE256.
pub type TurboShake256Reader = TurboShakeReader<136>;

impl<const RATE: usize> TurboShake<RATE> {
    /// TurboSHAKE with domain byte `ds`; an error unless `0x01 <= ds <= 0x7F`.
    pub fn new(ds: u8) -> Result<Self, InvalidDomainByte> {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        if (0x01..=0x7F).contains(&ds) {
            Ok(Self {
                sponge: Sponge::new(),
                ds,
            })
        } else {
            Err(InvalidDomainByte)
        }
    }

    /// The domain byte of this instance.
    #[must_use]
    pub fn domain_byte(&self) -> u8 {
        self.ds
    }
}

impl<const RATE: usize> Default for TurboShake<RATE> {
    #[inline]
    fn default() -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        Self {
            sponge: Sponge::new(),
            ds: DEFAULT_DS,
        }
    }
}

impl<const RATE: usize> HashMarker for TurboShake<RATE> {}

impl<const RATE: usize> Update for TurboShake<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
}

impl<const RATE: usize> Reset for TurboShake<RATE> {
    #[inline]
    fn reset(&mut self) {
        self.sponge.reset();
    }
}

impl<const RATE: usize> ExtendableOutput for TurboShake<RATE> {
    type Reader = TurboShakeReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        let mut sponge = self.sponge;
        sponge.pad(self.ds);
        TurboShakeReader { sponge }
    }
}

impl<const RATE: usize> ExtendableOutputReset for TurboShake<RATE> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let mut sponge = self.sponge.clone();
        self.sponge.reset();
        sponge.pad(self.ds);
        TurboShakeReader { sponge }
    }
}

impl<const RATE: usize> AlgorithmName for TurboShake<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "TurboSHAKE128"
        } else {
            "TurboSHAKE256"
        })
    }
}

impl<const RATE: usize> fmt::Debug for TurboShake<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "TurboShake128"
        } else {
            "TurboShake256"
        })?;
        f.write_str(" { .. }")
    }
}

impl CollisionResistance for TurboShake128 {
    type CollisionResistance = U16;
}
impl CollisionResistance for TurboShake256 {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for TurboShake<RATE> {}

/// TurboSHAKE with the domain byte `DS` fixed at compile time (checked at compile time to be in
/// `0x01..=0x7F`), like RustCrypto `turboshake`'s `TurboShake<RATE, DS>`.
#[derive(Clone)]
pub struct CTurboShake<const RATE: usize, const DS: u8> {
    inner: TurboShake<RATE>,
}

/// TurboSHAKE128 with a compile-time domain byte.
pub type CTurboShake128<const DS: u8> = CTurboShake<168, DS>;
/// TurboSHAKE256 with a compile-time domain byte.
pub type CTurboShake256<const DS: u8> = CTurboShake<136, DS>;

impl<const RATE: usize, const DS: u8> Default for CTurboShake<RATE, DS> {
    #[inline]
    fn default() -> Self {
        const {
            assert!(DS >= 0x01 && DS <= 0x7F, "invalid domain separator");
            assert!(RATE == 168 || RATE == 136, "unsupported rate");
        }
        Self {
            inner: TurboShake {
                sponge: Sponge::new(),
                ds: DS,
            },
        }
    }
}

impl<const RATE: usize, const DS: u8> HashMarker for CTurboShake<RATE, DS> {}

impl<const RATE: usize, const DS: u8> Update for CTurboShake<RATE, DS> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }
}

impl<const RATE: usize, const DS: u8> Reset for CTurboShake<RATE, DS> {
    #[inline]
    fn reset(&mut self) {
        self.inner.reset();
    }
}

impl<const RATE: usize, const DS: u8> ExtendableOutput for CTurboShake<RATE, DS> {
    type Reader = TurboShakeReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        self.inner.finalize_xof()
    }
}

impl<const RATE: usize, const DS: u8> ExtendableOutputReset for CTurboShake<RATE, DS> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        self.inner.finalize_xof_reset()
    }
}

impl<const RATE: usize, const DS: u8> AlgorithmName for CTurboShake<RATE, DS> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TurboShake::<RATE>::write_alg_name(f)
    }
}

impl<const RATE: usize, const DS: u8> fmt::Debug for CTurboShake<RATE, DS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "CTurboShake128"
        } else {
            "CTurboShake256"
        })?;
        f.write_str(" { .. }")
    }
}

impl<const DS: u8> CollisionResistance for CTurboShake128<DS> {
    type CollisionResistance = U16;
}
impl<const DS: u8> CollisionResistance for CTurboShake256<DS> {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize, const DS: u8> zeroize::ZeroizeOnDrop for CTurboShake<RATE, DS> {}
