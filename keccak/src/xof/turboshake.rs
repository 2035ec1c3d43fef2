//! TurboSHAKE128 and TurboSHAKE256 (RFC 9861), the types of RustCrypto's `turboshake` crate, and
//! [`DynTurboShake`] for a domain byte chosen at run time.

use core::fmt;

use digest::{
    CollisionResistance, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset, Update,
    common::AlgorithmName,
    consts::{U16, U32},
};

use crate::hazmat::sponge::Sponge;

use super::reader;

reader!(
    /// The output stream of [`TurboShake`] and [`DynTurboShake`].
    TurboShakeReader, 12, "TurboShakeReader128", "TurboShakeReader256"
);

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

/// TurboSHAKE (RFC 9861) with rate `RATE` and the domain byte `DS` fixed at compile time, the
/// shape of RustCrypto `turboshake` 0.7's `TurboShake<RATE, DS>`.
///
/// `RATE` is 168 (TurboSHAKE128) or 136 (TurboSHAKE256), `DS` must be in `0x01..=0x7F`; both
/// are checked at compile time. [`TurboShake128`] and [`TurboShake256`] use [`DEFAULT_DS`]
/// (`0x1F`), [`CTurboShake128<DS>`] and [`CTurboShake256<DS>`] any other byte. `DS` defaults to
/// [`DEFAULT_DS`], so `TurboShake<168>` is [`TurboShake128`].
///
/// For a domain byte chosen at run time use [`DynTurboShake`] (also returned by
/// [`TurboShake128::new`](TurboShake::new)).
#[derive(Clone)]
pub struct TurboShake<const RATE: usize, const DS: u8 = DEFAULT_DS> {
    sponge: Sponge<RATE, 12>,
}

/// TurboSHAKE128 with the domain byte `DS` fixed at compile time.
pub type CTurboShake128<const DS: u8> = TurboShake<168, DS>;
/// TurboSHAKE256 with the domain byte `DS` fixed at compile time.
pub type CTurboShake256<const DS: u8> = TurboShake<136, DS>;
/// TurboSHAKE128 with the default domain byte `0x1F`.
pub type TurboShake128 = CTurboShake128<DEFAULT_DS>;
/// TurboSHAKE256 with the default domain byte `0x1F`.
pub type TurboShake256 = CTurboShake256<DEFAULT_DS>;
/// The output stream of TurboSHAKE128.
pub type TurboShake128Reader = TurboShakeReader<168>;
/// The output stream of TurboSHAKE256.
pub type TurboShake256Reader = TurboShakeReader<136>;
/// TurboSHAKE with a compile-time domain byte: another name of [`TurboShake`] (the generic
/// behind [`CTurboShake128`] / [`CTurboShake256`]), kept for code written against earlier
/// lwc-keccak versions where it was a type of its own.
pub type CTurboShake<const RATE: usize, const DS: u8> = TurboShake<RATE, DS>;

impl<const RATE: usize> TurboShake<RATE> {
    /// TurboSHAKE with the domain byte `ds` chosen at run time, as a [`DynTurboShake`]; an error
    /// unless `0x01 <= ds <= 0x7F`. Same as [`DynTurboShake::new`].
    #[allow(clippy::new_ret_no_self)]
    pub fn new(ds: u8) -> Result<DynTurboShake<RATE>, InvalidDomainByte> {
        DynTurboShake::new(ds)
    }
}

impl<const RATE: usize, const DS: u8> TurboShake<RATE, DS> {
    /// The domain byte, `DS`.
    #[must_use]
    pub const fn domain_byte(&self) -> u8 {
        DS
    }
}

impl<const RATE: usize, const DS: u8> Default for TurboShake<RATE, DS> {
    #[inline]
    fn default() -> Self {
        const {
            assert!(DS >= 0x01 && DS <= 0x7F, "invalid domain separator");
            assert!(RATE == 168 || RATE == 136, "unsupported rate");
        }
        Self {
            sponge: Sponge::new(),
        }
    }
}

impl<const RATE: usize, const DS: u8> HashMarker for TurboShake<RATE, DS> {}

impl<const RATE: usize, const DS: u8> Update for TurboShake<RATE, DS> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
}

impl<const RATE: usize, const DS: u8> Reset for TurboShake<RATE, DS> {
    #[inline]
    fn reset(&mut self) {
        self.sponge.reset();
    }
}

impl<const RATE: usize, const DS: u8> ExtendableOutput for TurboShake<RATE, DS> {
    type Reader = TurboShakeReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        let mut sponge = self.sponge;
        sponge.pad(DS);
        TurboShakeReader { sponge }
    }
}

impl<const RATE: usize, const DS: u8> ExtendableOutputReset for TurboShake<RATE, DS> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let mut sponge = self.sponge.clone();
        self.sponge.reset();
        sponge.pad(DS);
        TurboShakeReader { sponge }
    }
}

/// `TurboSHAKE128` / `TurboSHAKE256`.
fn turboshake_alg_name<const RATE: usize>(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(if RATE == 168 {
        "TurboSHAKE128"
    } else {
        "TurboSHAKE256"
    })
}

impl<const RATE: usize, const DS: u8> AlgorithmName for TurboShake<RATE, DS> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        turboshake_alg_name::<RATE>(f)
    }
}

impl<const RATE: usize, const DS: u8> fmt::Debug for TurboShake<RATE, DS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "TurboShake128 { ... }"
        } else {
            "TurboShake256 { ... }"
        })
    }
}

impl<const DS: u8> CollisionResistance for CTurboShake128<DS> {
    type CollisionResistance = U16;
}
impl<const DS: u8> CollisionResistance for CTurboShake256<DS> {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize, const DS: u8> zeroize::ZeroizeOnDrop for TurboShake<RATE, DS> {}

/// TurboSHAKE (RFC 9861) with rate `RATE` and a domain byte chosen at run time:
/// [`DynTurboShake128`] or [`DynTurboShake256`]; the RustCrypto crate has no such type.
///
/// [`DynTurboShake::new`] (or [`TurboShake128::new`](TurboShake::new)) takes any byte in
/// `0x01..=0x7F`; `Default` uses [`DEFAULT_DS`] (`0x1F`). Its reader is the
/// [`TurboShakeReader`] of [`TurboShake`], and its output is that of `TurboShake<RATE, ds>`.
#[derive(Clone)]
pub struct DynTurboShake<const RATE: usize> {
    sponge: Sponge<RATE, 12>,
    ds: u8,
}

/// TurboSHAKE128 with a run-time domain byte.
pub type DynTurboShake128 = DynTurboShake<168>;
/// TurboSHAKE256 with a run-time domain byte.
pub type DynTurboShake256 = DynTurboShake<136>;

impl<const RATE: usize> DynTurboShake<RATE> {
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
    pub const fn domain_byte(&self) -> u8 {
        self.ds
    }
}

impl<const RATE: usize> Default for DynTurboShake<RATE> {
    #[inline]
    fn default() -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        Self {
            sponge: Sponge::new(),
            ds: DEFAULT_DS,
        }
    }
}

impl<const RATE: usize, const DS: u8> From<TurboShake<RATE, DS>> for DynTurboShake<RATE> {
    /// The same state, with the domain byte `DS` now held at run time.
    fn from(t: TurboShake<RATE, DS>) -> Self {
        Self {
            sponge: t.sponge,
            ds: DS,
        }
    }
}

impl<const RATE: usize> HashMarker for DynTurboShake<RATE> {}

impl<const RATE: usize> Update for DynTurboShake<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
}

impl<const RATE: usize> Reset for DynTurboShake<RATE> {
    #[inline]
    fn reset(&mut self) {
        self.sponge.reset();
    }
}

impl<const RATE: usize> ExtendableOutput for DynTurboShake<RATE> {
    type Reader = TurboShakeReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        let mut sponge = self.sponge;
        sponge.pad(self.ds);
        TurboShakeReader { sponge }
    }
}

impl<const RATE: usize> ExtendableOutputReset for DynTurboShake<RATE> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let mut sponge = self.sponge.clone();
        self.sponge.reset();
        sponge.pad(self.ds);
        TurboShakeReader { sponge }
    }
}

impl<const RATE: usize> AlgorithmName for DynTurboShake<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        turboshake_alg_name::<RATE>(f)
    }
}

impl<const RATE: usize> fmt::Debug for DynTurboShake<RATE> {
    /// `DynTurboShake128 { ds: 0x1f, .. }` (the domain byte is no secret).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "DynTurboShake128"
        } else {
            "DynTurboShake256"
        })?;
        write!(f, " {{ ds: {:#04x}, .. }}", self.ds)
    }
}

impl CollisionResistance for DynTurboShake128 {
    type CollisionResistance = U16;
}
impl CollisionResistance for DynTurboShake256 {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for DynTurboShake<RATE> {}
