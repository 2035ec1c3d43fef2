//! Customized KangarooTwelve (RFC 9861 customization string `C`), the `custom` module of
//! RustCrypto `k12` 0.5: [`CustomRefKt128`] / [`CustomRefKt256`] borrow `C`,
//! `CustomKt128` / `CustomKt256` own a copy of it (`alloc` feature). All are re-exported at
//! the crate root.
//!
//! [`Kt128`](crate::Kt128) and [`Kt256`](crate::Kt256) also implement
//! [`digest::CustomizedInit`] with the `alloc` feature (an lwc-keccak extra): `Kt128::new_customized(c)`
//! hashes as `CustomKt128::new_customized(c)`.

use core::fmt;

#[cfg(feature = "alloc")]
use digest::CustomizedInit;
use digest::{
    CollisionResistance, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset, Update,
    common::AlgorithmName,
    consts::{U16, U32},
};

use crate::kt::{Kt, KtReader};

impl<const RATE: usize> Kt<RATE> {
    /// Finishes with the customization string `customization`, given at the end rather than at
    /// construction: the output of [`CustomRefKt::new_customized`]`(customization)` fed the same
    /// data (RFC 9861: the message, then `C`, then `length_encode(|C|)`). For a `Kt` made with
    /// `new_customized(c)` (`alloc`), `customization` replaces `c`.
    ///
    /// For callers that hold `C` beside the hasher (tiny-keccak 2's `KangarooTwelve<T>`).
    ///
    /// ```
    /// use lwc_keccak::{CustomRefKt128, ExtendableOutput, Kt128, Update, XofReader};
    ///
    /// for msg in [&b"msg"[..], &[7u8; 20_000]] {
    ///     let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
    ///     Kt128::default().chain(msg).finalize_xof_customized(b"C").read(&mut a);
    ///     CustomRefKt128::new_customized(b"C").chain(msg).finalize_xof().read(&mut b);
    ///     assert_eq!(a, b);
    /// }
    /// // RFC 9861 KT128 sample: M = "", C = ptn(1) (one byte 0x00), 32 bytes.
    /// let mut out = [0u8; 32];
    /// Kt128::default().finalize_xof_customized(&[0]).read(&mut out);
    /// assert_eq!(out[..4], [0xfa, 0xb6, 0x58, 0xdb]);
    /// ```
    #[must_use]
    pub fn finalize_xof_customized(mut self, customization: &[u8]) -> KtReader<RATE> {
        self.finalize_custom(customization)
    }
}

/// Customized KangarooTwelve with rate `RATE` and a borrowed customization string:
/// [`CustomRefKt128`] or [`CustomRefKt256`]. Needs no `alloc`.
#[derive(Clone)]
pub struct CustomRefKt<'a, const RATE: usize> {
    customization: &'a [u8],
    inner: Kt<RATE>,
}

/// Customized KT128 with a borrowed customization string.
pub type CustomRefKt128<'a> = CustomRefKt<'a, 168>;
/// Customized KT256 with a borrowed customization string.
pub type CustomRefKt256<'a> = CustomRefKt<'a, 136>;

impl<'a, const RATE: usize> CustomRefKt<'a, RATE> {
    /// KT with the customization string `customization`, borrowed until finalization.
    ///
    /// An inherent method, as in `k12`: the type does not implement
    /// [`digest::CustomizedInit`] (which cannot hand out a borrow).
    #[inline]
    #[must_use]
    pub fn new_customized(customization: &'a [u8]) -> Self {
        Self {
            customization,
            inner: Kt::default(),
        }
    }
}

impl<const RATE: usize> Default for CustomRefKt<'static, RATE> {
    /// An empty customization string (the same output as [`Kt`]).
    #[inline]
    fn default() -> Self {
        Self::new_customized(&[])
    }
}

impl<const RATE: usize> fmt::Debug for CustomRefKt<'_, RATE> {
    /// `CustomKt128 { ... }` / `CustomKt256 { ... }`, as `k12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_custom::<RATE>(f)
    }
}

impl<const RATE: usize> AlgorithmName for CustomRefKt<'_, RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Kt::<RATE>::write_alg_name(f)
    }
}

impl<const RATE: usize> HashMarker for CustomRefKt<'_, RATE> {}

impl<const RATE: usize> Update for CustomRefKt<'_, RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }
}

impl<const RATE: usize> Reset for CustomRefKt<'_, RATE> {
    /// Back to the empty message; the customization string stays.
    #[inline]
    fn reset(&mut self) {
        self.inner.reset();
    }
}

impl<const RATE: usize> ExtendableOutput for CustomRefKt<'_, RATE> {
    type Reader = KtReader<RATE>;

    #[inline]
    fn finalize_xof(mut self) -> Self::Reader {
        self.inner.finalize_custom(self.customization)
    }
}

impl<const RATE: usize> ExtendableOutputReset for CustomRefKt<'_, RATE> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let reader = self.inner.finalize_custom(self.customization);
        self.inner.reset();
        reader
    }
}

impl CollisionResistance for CustomRefKt128<'_> {
    type CollisionResistance = U16;
}
impl CollisionResistance for CustomRefKt256<'_> {
    type CollisionResistance = U32;
}

/// The states are wiped on drop; the borrowed string is the caller's.
#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for CustomRefKt<'_, RATE> {}

/// Customized KangarooTwelve with rate `RATE` and an owned copy of the customization string:
/// [`CustomKt128`] or [`CustomKt256`] (`alloc` feature).
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct CustomKt<const RATE: usize> {
    /// A `Kt` holding the string (wiped on drop with the `zeroize` feature).
    inner: Kt<RATE>,
}

/// Customized KT128 with an owned customization string.
#[cfg(feature = "alloc")]
pub type CustomKt128 = CustomKt<168>;
/// Customized KT256 with an owned customization string.
#[cfg(feature = "alloc")]
pub type CustomKt256 = CustomKt<136>;

#[cfg(feature = "alloc")]
impl<const RATE: usize> CustomizedInit for CustomKt<RATE> {
    #[inline]
    fn new_customized(customization: &[u8]) -> Self {
        Self {
            inner: Kt::new_customized(customization),
        }
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> Default for CustomKt<RATE> {
    /// An empty customization string (the same output as [`Kt`]).
    #[inline]
    fn default() -> Self {
        Self::new_customized(&[])
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> fmt::Debug for CustomKt<RATE> {
    /// `CustomKt128 { ... }` / `CustomKt256 { ... }`, as `k12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_custom::<RATE>(f)
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> AlgorithmName for CustomKt<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Kt::<RATE>::write_alg_name(f)
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> HashMarker for CustomKt<RATE> {}

#[cfg(feature = "alloc")]
impl<const RATE: usize> Update for CustomKt<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> Reset for CustomKt<RATE> {
    /// Back to the empty message; the customization string stays.
    #[inline]
    fn reset(&mut self) {
        self.inner.reset();
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> ExtendableOutput for CustomKt<RATE> {
    type Reader = KtReader<RATE>;

    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        self.inner.finalize_xof()
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> ExtendableOutputReset for CustomKt<RATE> {
    #[inline]
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        self.inner.finalize_xof_reset()
    }
}

#[cfg(feature = "alloc")]
impl CollisionResistance for CustomKt128 {
    type CollisionResistance = U16;
}
#[cfg(feature = "alloc")]
impl CollisionResistance for CustomKt256 {
    type CollisionResistance = U32;
}

#[cfg(all(feature = "alloc", feature = "zeroize"))]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for CustomKt<RATE> {}

fn debug_custom<const RATE: usize>(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(if RATE == 168 {
        "CustomKt128 { ... }"
    } else {
        "CustomKt256 { ... }"
    })
}
