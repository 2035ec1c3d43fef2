//! The ARMv8 crypto-extension backend (aarch64): `AESE` + `AESMC` through `core::arch` intrinsics,
//! for one message ([`Aarch64Aes`]) and for two messages side by side ([`Aarch64AesLanes`]: a
//! pair of registers per word, the two messages' rounds interleaved).
//!
//! The finalisation's 10 rounds of `G_i` chains are written out ([`Kernels::UNROLL_FINISH`]):
//! LLVM kept the loop rolled, with 8 `movi` zeroings and a branch per round. The LeMac block loop
//! carries each state word with its round key pending ([`Kernels::FOLD_KEYS`]), so the key XOR
//! stays folded into the next `AESE` across the loop edge too.
//!
//! ARM's `AESE` adds the round key *before* SubBytes, so one x86-style round `R(x) ^ k` is
//! `AESMC(AESE(x, 0)) ^ k`, and the last round is `AESE(x, 0) ^ k`. LLVM folds the `^ k` into the
//! next round's `AESE` where the sum feeds only that round, so most LeMac rounds cost the
//! `AESE` + `AESMC` pair alone (adjacent, so cores that fuse the pair do).

use core::arch::aarch64::{
    uint8x16_t, vaeseq_u8, vaesmcq_u8, vdupq_n_u8, veorq_u8, vld1q_u8, vst1q_u8,
};

use super::tokens::Aarch64Aes as Token;
use super::{Job, Kernels, Kernels2, NoLanes2};
use crate::hazmat::Word;

/// The ARMv8 kernels; a value exists only after run-time detection found the AES instructions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64Aes(pub(super) Token);

/// Runs `job` with the ARMv8 kernels, compiled with the AES instructions enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found the AES instructions on this CPU.
    unsafe { run_with_features(job, token) }
}

#[target_feature(enable = "aes,neon")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(Aarch64Aes(token))
}

impl Kernels for Aarch64Aes {
    type W = uint8x16_t;
    type Lanes2 = Aarch64AesLanes;
    type Pairs = NoLanes2;
    const UNROLL_FINISH: bool = true;
    const FOLD_KEYS: bool = true;

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

    #[inline(always)]
    fn lanes2(self) -> Option<Aarch64AesLanes> {
        Some(Aarch64AesLanes(self.0))
    }
}

/// The two-lane ARMv8 kernels: a word of each of two messages, in two registers. aarch64 has no
/// AES instruction wider than 128 bits, so this does not halve the instructions as VAES does on
/// x86; `compute_many` uses it for the two output AES-128s only ([`Kernels2::PAIR_OUTPUT_ONLY`]),
/// whose dependent rounds then interleave. A value exists only after run-time detection found the
/// AES instructions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64AesLanes(pub(super) Token);

impl Aarch64AesLanes {
    /// The one-lane kernels.
    #[inline(always)]
    fn one(self) -> Aarch64Aes {
        Aarch64Aes(self.0)
    }
}

impl Kernels for Aarch64AesLanes {
    type W = [uint8x16_t; 2];
    type Lanes2 = NoLanes2;
    type Pairs = NoLanes2;
    const UNROLL_FINISH: bool = true;

    #[inline(always)]
    fn load(self, b: &Word) -> [uint8x16_t; 2] {
        let w = self.one().load(b);
        [w, w]
    }

    #[inline(always)]
    fn store(self, w: [uint8x16_t; 2]) -> Word {
        self.one().store(w[0])
    }

    #[inline(always)]
    fn xor(self, a: [uint8x16_t; 2], b: [uint8x16_t; 2]) -> [uint8x16_t; 2] {
        let k = self.one();
        [k.xor(a[0], b[0]), k.xor(a[1], b[1])]
    }

    #[inline(always)]
    fn enc(self, x: [uint8x16_t; 2], k: [uint8x16_t; 2]) -> [uint8x16_t; 2] {
        let o = self.one();
        [o.enc(x[0], k[0]), o.enc(x[1], k[1])]
    }

    #[inline(always)]
    fn enc_last(self, x: [uint8x16_t; 2], k: [uint8x16_t; 2]) -> [uint8x16_t; 2] {
        let o = self.one();
        [o.enc_last(x[0], k[0]), o.enc_last(x[1], k[1])]
    }
}

impl Kernels2 for Aarch64AesLanes {
    const PAIR_OUTPUT_ONLY: bool = true;

    #[inline(always)]
    fn load2(self, lo: &Word, hi: &Word) -> [uint8x16_t; 2] {
        [self.one().load(lo), self.one().load(hi)]
    }

    #[inline(always)]
    fn store2(self, w: [uint8x16_t; 2]) -> [Word; 2] {
        [self.one().store(w[0]), self.one().store(w[1])]
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
