//! ARMv8 crypto-extension backend (aarch64): `AESE` + `AESMC` through `core::arch` intrinsics.
//!
//! ARM's `AESE` adds the round key *before* SubBytes, so one x86-style round `R(x) ^ k` is
//! `AESMC(AESE(x, 0)) ^ k`, and the last round is `AESE(x, 0) ^ k`.

use core::arch::aarch64::{
    uint8x16_t, vaeseq_u8, vaesmcq_u8, vdupq_n_u8, veorq_u8, vld1q_u8, vst1q_u8,
};

use super::Backend;
use crate::hazmat::{LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word};

cpufeatures::new!(aes_cpuid, "aes");

/// The ARMv8 round engine. Values of this type are only created inside the `#[target_feature]`
/// entry points below, which are only called after `cpufeatures` confirmed `aes`.
#[derive(Clone, Copy)]
pub(crate) struct Armv8(());

impl Backend for Armv8 {
    type W = uint8x16_t;

    #[inline(always)]
    fn load(self, b: &Word) -> uint8x16_t {
        // SAFETY: `b` is 16 readable bytes; NEON is part of the aarch64 baseline.
        unsafe { vld1q_u8(b.as_ptr()) }
    }

    #[inline(always)]
    fn store(self, w: uint8x16_t) -> Word {
        let mut out = [0u8; 16];
        // SAFETY: `out` is 16 writable bytes; NEON is part of the aarch64 baseline.
        unsafe { vst1q_u8(out.as_mut_ptr(), w) };
        out
    }

    #[inline(always)]
    fn xor(self, a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { veorq_u8(a, b) }
    }

    #[inline(always)]
    fn enc(self, x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
        // SAFETY: the `aes` feature was detected before any `Armv8` was created.
        unsafe { round(x, k) }
    }

    #[inline(always)]
    fn enc_last(self, x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
        // SAFETY: the `aes` feature was detected before any `Armv8` was created.
        unsafe { last_round(x, k) }
    }
}

// `#[inline]` (not `always`) helpers carrying the `aes` feature, like the x86 intrinsics: they
// inline once the trait methods above are inlined into the `#[target_feature]` entry points.

/// `R(x) ^ k` = `AESMC(AESE(x, 0)) ^ k`.
#[inline]
#[allow(unused_unsafe)] // the intrinsics are `unsafe fn` before Rust 1.87
#[target_feature(enable = "aes,neon")]
unsafe fn round(x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
    // SAFETY: this function is compiled with (and only called after detecting) `aes`.
    unsafe { veorq_u8(vaesmcq_u8(vaeseq_u8(x, vdupq_n_u8(0))), k) }
}

/// The last AES round `SR(SB(x)) ^ k` = `AESE(x, 0) ^ k`.
#[inline]
#[allow(unused_unsafe)] // the intrinsics are `unsafe fn` before Rust 1.87
#[target_feature(enable = "aes,neon")]
unsafe fn last_round(x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
    // SAFETY: this function is compiled with (and only called after detecting) `aes`.
    unsafe { veorq_u8(vaeseq_u8(x, vdupq_n_u8(0)), k) }
}

/// Entry points compiled with the crypto extensions.
pub(crate) mod entry {
    use super::Armv8;
    super::super::target_feature_entry_points!("aes,neon", Armv8(()));
}

pub(crate) fn available() -> bool {
    aes_cpuid::get()
}

macro_rules! safe_wrappers {
    ($( $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {$(
        pub(crate) fn $name($($arg: $ty),*) -> Option<$ret> {
            if aes_cpuid::get() {
                // SAFETY: `aes` was detected at run time just above.
                return Some(unsafe { entry::$name($($arg),*) });
            }
            None
        }
    )*};
}

safe_wrappers! {
    lemac_absorb(st: &mut LeMacState, data: &[u8]) -> ();
    lemac_finalize(ctx: &LeMacContext, st: &LeMacState, tail: &[u8], nonce: &Word) -> Word;
    lemac_mac(ctx: &LeMacContext, nonce: &Word, msg: &[u8]) -> Word;
    petitmac_absorb(st: &mut PetitMacState, data: &[u8]) -> ();
    petitmac_finalize(ctx: &PetitMacContext, st: &PetitMacState, tail: &[u8], nonce: &Word) -> Word;
    petitmac_mac(ctx: &PetitMacContext, nonce: &Word, msg: &[u8]) -> Word;
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        Rand, check_lemac_against_portable, check_petitmac_against_portable,
    };
    use super::*;

    #[test]
    fn armv8_matches_portable() {
        if !aes_cpuid::get() {
            return;
        }
        let mut rng = Rand(0x5eed_0003);
        // SAFETY: `aes` was detected just above.
        check_lemac_against_portable(&mut rng, |c, n, m| unsafe { entry::lemac_mac(c, n, m) });
        // SAFETY: as above.
        check_petitmac_against_portable(&mut rng, |c, n, m| unsafe {
            entry::petitmac_mac(c, n, m)
        });
    }
}
