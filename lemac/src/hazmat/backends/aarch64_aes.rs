//! The ARMv8 crypto-extension backend (aarch64): `AESE` + `AESMC` through `core::arch` intrinsics.
//!
//! ARM's `AESE` adds the round key *before* SubBytes, so one x86-style round `R(x) ^ k` is
//! `AESMC(AESE(x, 0)) ^ k`, and the last round is `AESE(x, 0) ^ k`.

use core::arch::aarch64::{
    uint8x16_t, vaeseq_u8, vaesmcq_u8, vdupq_n_u8, veorq_u8, vld1q_u8, vst1q_u8,
};

use super::detect::Aarch64AesToken;
use super::{Job, Kernels, NoLanes2};
use crate::hazmat::Word;

/// The ARMv8 kernels; a value exists only after run-time detection found the AES instructions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64Aes(pub(super) Aarch64AesToken);

/// Runs `job` with the ARMv8 kernels, compiled with the AES instructions enabled.
#[inline]
pub(super) fn run<J: Job>(token: Aarch64AesToken, job: J) -> J::Output {
    // SAFETY: `token` exists only after `detect` found the AES instructions on this CPU.
    unsafe { run_with_features(job, token) }
}

#[target_feature(enable = "aes,neon")]
unsafe fn run_with_features<J: Job>(job: J, token: Aarch64AesToken) -> J::Output {
    job.run(Aarch64Aes(token))
}

impl Kernels for Aarch64Aes {
    type W = uint8x16_t;
    type Lanes2 = NoLanes2;

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
        // SAFETY: the AES instructions were detected (the token).
        unsafe { round(x, k) }
    }

    #[inline(always)]
    fn enc_last(self, x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
        // SAFETY: the AES instructions were detected (the token).
        unsafe { last_round(x, k) }
    }
}

// `#[inline]` (not `always`) helpers carrying the `aes` feature, like the x86 intrinsics: they
// inline once the trait methods above are inlined into the `#[target_feature]` entry point.

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
