//! The AVX-512 backend (x86_64, built with Rust 1.89+): the [`X86Vaes`](super::x86_vaes) code
//! (AES-NI kernels for one message, [`X86VaesLanes`] for two) compiled with AVX-512F/VL as well:
//! EVEX encoding gives 32 vector registers, so the 9 state words, the 4 delay words and the
//! message words of the 6-block unrolled loop all stay in registers (with 16 registers a few are
//! spilled to the stack, and the reload latency lands on short messages).

use super::Job;
use super::tokens::X86Avx512 as Token;
use super::x86_aesni::{AesniProof, X86Aesni};
use super::x86_vaes::X86VaesLanes;

// SAFETY: `Token` is created only after detecting `aes`, `avx`, `avx2`, `vaes`, `avx512f`,
// `avx512vl` and `sse2`.
unsafe impl AesniProof for Token {
    type Lanes2 = X86VaesLanes;
    type Pairs = X86VaesLanes;
    // 32 vector registers: the one-block loop keeps every word in a register.
    const ROLLED_ABSORB: bool = true;
    #[inline(always)]
    fn lanes2(self) -> Option<X86VaesLanes> {
        Some(X86VaesLanes(self.into()))
    }
    #[inline(always)]
    fn pairs(self) -> Option<X86VaesLanes> {
        Some(X86VaesLanes(self.into()))
    }
}

/// Runs `job` with the AES-NI kernels and the VAES two-lane kernels, compiled with AES-NI, AVX,
/// AVX2, VAES and AVX-512F/VL.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AES-NI, AVX, AVX2, VAES, AVX-512F,
    // AVX-512VL and SSE2 on this CPU.
    unsafe { run_with_features(job, token) }
}

#[target_feature(enable = "aes,avx,avx2,vaes,avx512f,avx512vl,sse2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Aesni(token))
}
