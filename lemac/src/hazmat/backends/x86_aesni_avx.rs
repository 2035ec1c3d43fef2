//! The AVX backend: the AES-NI kernels ([`X86Aesni`]) compiled with AVX, so every instruction
//! gets the VEX three-operand encoding (fewer register copies than SSE).

use super::Job;
use super::tokens::X86AesniAvx as Token;
use super::x86_aesni::{AesniProof, X86Aesni};

// SAFETY: `Token` is created only after detecting `aes`, `avx` and `sse2`.
unsafe impl AesniProof for Token {
    type Lanes2 = super::NoLanes2;
    type Pairs = super::NoLanes2;
}

/// Runs `job` with the AES-NI kernels, compiled with AES-NI and AVX.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AES-NI, AVX and SSE2 on this CPU.
    unsafe { run_with_features(job, token) }
}

#[target_feature(enable = "aes,avx,sse2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Aesni(token))
}
