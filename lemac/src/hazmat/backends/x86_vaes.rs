//! The VAES backend (x86_64, built with Rust 1.89+): one message on the AES-NI kernels
//! ([`X86Aesni`], VEX encoding), two messages in the two 128-bit lanes of 256-bit registers
//! ([`X86VaesLanes`]: `VAESENC` on ymm), all compiled with AES-NI, AVX, AVX2 and VAES. The same
//! lanes carry two of LeMac's `G_i` chains each in the finalisation of the `x86_avx512` backend
//! ([`Pairs`]).

use core::arch::x86_64::{
    __m128i, __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm_xor_si128, _mm256_aesenc_epi128,
    _mm256_aesenclast_epi128, _mm256_broadcastsi128_si256, _mm256_castsi128_si256,
    _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_inserti128_si256, _mm256_loadu_si256,
    _mm256_set_epi64x, _mm256_xor_si256,
};

use super::tokens::X86Vaes as Token;
use super::x86_aesni::{AesniProof, X86Aesni};
use super::{Job, Kernels, Kernels2, NoLanes2, Pairs};
use crate::hazmat::Word;

// SAFETY: `Token` is created only after detecting `aes`, `avx`, `avx2`, `vaes` and `sse2`.
unsafe impl AesniProof for Token {
    type Lanes2 = X86VaesLanes;
    // Not the chain pairs of `x86_avx512`: with 16 vector registers they made LLVM spill state
    // words inside the 6-block absorb loop, slower than without (PERFORMANCE.md, "Issue 20").
    type Pairs = NoLanes2;
    #[inline(always)]
    fn lanes2(self) -> Option<X86VaesLanes> {
        Some(X86VaesLanes(self))
    }
}

/// Runs `job` with the AES-NI kernels and the VAES two-lane kernels, compiled with AES-NI, AVX,
/// AVX2 and VAES.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AES-NI, AVX, AVX2, VAES and SSE2 on this CPU.
    unsafe { run_with_features(job, token) }
}

#[target_feature(enable = "aes,avx,avx2,vaes")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Aesni(token))
}

/// The two-lane VAES kernels: lane 0 and lane 1 of a ymm register hold the words of two
/// messages. A value exists only after detection found AES-NI, AVX, AVX2 and VAES.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86VaesLanes(pub(super) Token);

impl Kernels for X86VaesLanes {
    type W = __m256i;
    type Lanes2 = NoLanes2;
    type Pairs = NoLanes2;

    #[inline(always)]
    fn load(self, b: &Word) -> __m256i {
        // SAFETY: `b` is 16 readable bytes (`loadu`: no alignment needed); AVX2 was detected
        // (the token).
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(b.as_ptr().cast())) }
    }

    #[inline(always)]
    fn store(self, w: __m256i) -> Word {
        self.store2(w)[0]
    }

    #[inline(always)]
    fn xor(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 was detected (the token).
        unsafe { _mm256_xor_si256(a, b) }
    }

    #[inline(always)]
    fn enc(self, x: __m256i, k: __m256i) -> __m256i {
        // SAFETY: VAES and AVX were detected (the token).
        unsafe { _mm256_aesenc_epi128(x, k) }
    }

    #[inline(always)]
    fn enc_last(self, x: __m256i, k: __m256i) -> __m256i {
        // SAFETY: VAES and AVX were detected (the token).
        unsafe { _mm256_aesenclast_epi128(x, k) }
    }
}

impl Kernels2 for X86VaesLanes {
    #[inline(always)]
    fn load2(self, lo: &Word, hi: &Word) -> __m256i {
        // SAFETY: `lo` and `hi` are 16 readable bytes each (`loadu`: no alignment needed); AVX2
        // was detected (the token).
        unsafe {
            let l = _mm256_castsi128_si256(_mm_loadu_si128(lo.as_ptr().cast()));
            _mm256_inserti128_si256::<1>(l, _mm_loadu_si128(hi.as_ptr().cast()))
        }
    }

    #[inline(always)]
    fn load2_u64x2(self, l0: (u64, u64), l1: (u64, u64)) -> __m256i {
        // SAFETY: AVX was detected (the token).
        unsafe { _mm256_set_epi64x(l1.1 as i64, l1.0 as i64, l0.1 as i64, l0.0 as i64) }
    }

    #[inline(always)]
    fn store2(self, w: __m256i) -> [Word; 2] {
        let mut out = [[0u8; 16]; 2];
        // SAFETY: each `out[i]` is 16 writable bytes (`storeu`: no alignment needed); AVX2 was
        // detected (the token).
        unsafe {
            _mm_storeu_si128(out[0].as_mut_ptr().cast(), _mm256_castsi256_si128(w));
            _mm_storeu_si128(out[1].as_mut_ptr().cast(), _mm256_extracti128_si256::<1>(w));
        }
        out
    }
}

impl Pairs<__m128i> for X86VaesLanes {
    #[inline(always)]
    fn join(self, lo: __m128i, hi: __m128i) -> __m256i {
        // SAFETY: AVX2 was detected (the token).
        unsafe { _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi) }
    }

    #[inline(always)]
    fn fold(self, w: __m256i) -> __m128i {
        // SAFETY: AVX2 was detected (the token).
        unsafe { _mm_xor_si128(_mm256_castsi256_si128(w), _mm256_extracti128_si256::<1>(w)) }
    }

    #[inline(always)]
    fn load_pair(self, w: &[Word; 2]) -> __m256i {
        // SAFETY: `w` is 32 readable bytes (`loadu`: no alignment needed); AVX was detected (the
        // token).
        unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
    }
}
