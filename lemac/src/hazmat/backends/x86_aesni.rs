//! AES-NI kernels on 128-bit words (`AESENC`/`AESENCLAST` through `core::arch` intrinsics), and
//! the SSE backend: these kernels compiled with AES-NI and SSE2 only.
//!
//! The AVX, VAES and AVX-512 backends run the same kernels, compiled with more features (VEX or
//! EVEX encoding): [`X86Aesni`] is generic over the token of the backend that runs it.

#[cfg(target_arch = "x86")]
use core::arch::x86::{
    __m128i, _mm_aesenc_si128, _mm_aesenclast_si128, _mm_loadu_si128, _mm_set_epi64x,
    _mm_storeu_si128, _mm_xor_si128,
};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{
    __m128i, _mm_aesenc_si128, _mm_aesenclast_si128, _mm_loadu_si128, _mm_set_epi64x,
    _mm_storeu_si128, _mm_xor_si128,
};
use core::fmt::Debug;

use super::tokens::X86Aesni as Token;
use super::{Job, Kernels, Kernels2, NoLanes2, Pairs};
use crate::hazmat::Word;

/// A detection token whose features include AES-NI and SSE2, and the two-lane kernels of its
/// backend.
///
/// # Safety
/// A value of the implementing type must exist only after run-time detection found AES-NI and
/// SSE2 on this CPU (the tokens of `backends::detect`, which only detection creates).
pub(crate) unsafe trait AesniProof: Copy + Debug {
    /// The backend's two-lane kernels ([`NoLanes2`] where it has none).
    type Lanes2: Kernels2;
    /// The backend's kernels for two `G_i` chains per instruction ([`NoLanes2`] where it has
    /// none).
    type Pairs: Pairs<__m128i>;
    /// [`Kernels::ROLLED_ABSORB`] of the backend.
    const ROLLED_ABSORB: bool = false;
    /// The two-lane kernels, where the backend has them.
    #[inline(always)]
    fn lanes2(self) -> Option<Self::Lanes2> {
        None
    }
    /// The chain-pair kernels, where the backend has them.
    #[inline(always)]
    fn pairs(self) -> Option<Self::Pairs> {
        None
    }
}

// SAFETY: `Token` is created only after detecting `aes` and `sse2`.
unsafe impl AesniProof for Token {
    type Lanes2 = NoLanes2;
    type Pairs = NoLanes2;
}

/// The AES-NI kernels; a value exists only with a token `T` of a backend that detected AES-NI
/// and SSE2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Aesni<T>(pub(super) T);

/// Runs `job` with the AES-NI kernels, compiled with AES-NI and SSE2 (SSE encoding).
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AES-NI and SSE2 on this CPU.
    unsafe { run_with_features(job, token) }
}

#[target_feature(enable = "aes,sse2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Aesni(token))
}

impl<T: AesniProof> Kernels for X86Aesni<T> {
    type W = __m128i;
    type Lanes2 = T::Lanes2;
    type Pairs = T::Pairs;
    const ROLLED_ABSORB: bool = T::ROLLED_ABSORB;

    #[inline(always)]
    fn load(self, b: &Word) -> __m128i {
        // SAFETY: `b` is 16 readable bytes; `loadu` has no alignment requirement; SSE2 was
        // detected (the token `T`).
        unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
    }

    #[inline(always)]
    fn load_u64x2(self, lo: u64, hi: u64) -> __m128i {
        // SAFETY: SSE2 was detected (the token `T`).
        unsafe { _mm_set_epi64x(hi as i64, lo as i64) }
    }

    #[inline(always)]
    fn store(self, w: __m128i) -> Word {
        let mut out = [0u8; 16];
        // SAFETY: `out` is 16 writable bytes; `storeu` has no alignment requirement; SSE2 was
        // detected (the token `T`).
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), w) };
        out
    }

    #[inline(always)]
    fn xor(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 was detected (the token `T`).
        unsafe { _mm_xor_si128(a, b) }
    }

    #[inline(always)]
    fn enc(self, x: __m128i, k: __m128i) -> __m128i {
        // SAFETY: AES-NI was detected (the token `T`).
        unsafe { _mm_aesenc_si128(x, k) }
    }

    #[inline(always)]
    fn enc_last(self, x: __m128i, k: __m128i) -> __m128i {
        // SAFETY: AES-NI was detected (the token `T`).
        unsafe { _mm_aesenclast_si128(x, k) }
    }

    #[inline(always)]
    fn lanes2(self) -> Option<T::Lanes2> {
        self.0.lanes2()
    }

    #[inline(always)]
    fn pairs(self) -> Option<T::Pairs> {
        self.0.pairs()
    }
}
