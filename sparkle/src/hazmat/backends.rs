//! The backends of the permutation (and of the modes' hot loops): `portable` first, the x86 ones
//! chosen once at run time, `aarch64_neon` on aarch64 (always there: NEON is part of the target),
//! `wasm_simd128` on wasm32 built with `simd128` (chosen at compile time: wasm has no detection).
//!
//! A mode's whole operation is a [`Job`], written once, generic over [`Kernels`], and run by
//! [`dispatch`]: the choice is read once per call, and the job's loop is inlined into the chosen
//! backend's `#[target_feature]` entry point (in the backend's file), so it is compiled for that
//! backend's CPU features.
//!
//! Which backend runs is cached in one atomic (the backend table, `lwc_dispatch::backends!`,
//! below); a backend can only be entered with its token, a zero-sized proof that the CPU has its
//! features, which only the table's detection creates.

use aead::inout::InOutBuf;

use super::words::{RATE, inject, load, load_block, rho_whiten, store};

#[cfg(sparkle_aarch64)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod aarch64_neon;
mod portable;
#[cfg(sparkle_wasm)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod wasm_simd128;
#[cfg(sparkle_x86)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod x86_avx2;
#[cfg(sparkle_avx512)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod x86_avx512;
#[cfg(sparkle_x86)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod x86_bmi;

#[cfg(test)]
mod tests;

/// What a backend implements: the permutation, and hooks with default methods for the fused loops
/// a backend may speed up (by keeping the state in registers from one block to the next).
pub(crate) trait Kernels: Copy {
    /// Sparkle on `N` words (4, 6 or 8 branches) with `STEPS` steps.
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]);

    /// Esch's inner-block absorption: for each block, the injection `M_h`, then Sparkle with
    /// `STEPS` steps.
    #[inline(always)]
    fn esch_absorb<const N: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: &[[u8; RATE]],
    ) {
        esch_absorb_words::<Self, N, STEPS>(self, state, blocks);
    }

    /// Schwaemm's inner message blocks (`blocks.len()` is a multiple of the rate, `4 R` bytes):
    /// for each, the output (input XOR the rate words), `ρ1` with the plaintext and the rate
    /// whitening, then Sparkle with `STEPS` steps.
    #[inline(always)]
    fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) {
        schwaemm_blocks_words::<Self, N, R, STEPS>(self, state, blocks, decrypt);
    }
}

/// The default [`Kernels::esch_absorb`]: inject, then `k`'s permutation, per block.
#[inline(always)]
fn esch_absorb_words<K: Kernels, const N: usize, const STEPS: usize>(
    k: K,
    state: &mut [u32; N],
    blocks: &[[u8; RATE]],
) {
    let mut s = *state;
    for block in blocks {
        inject(&mut s, load_block(block));
        k.sparkle::<N, STEPS>(&mut s);
    }
    *state = s;
}

/// The default [`Kernels::schwaemm_blocks`], on the state words with `k`'s permutation.
#[inline(always)]
fn schwaemm_blocks_words<K: Kernels, const N: usize, const R: usize, const STEPS: usize>(
    k: K,
    s: &mut [u32; N],
    mut blocks: InOutBuf<'_, '_, u8>,
    decrypt: bool,
) {
    let rate = 4 * R;
    let mut off = 0;
    while off < blocks.len() {
        let input: [u32; R] = load(&blocks.get_in()[off..off + rate]);
        let output: [u32; R] = core::array::from_fn(|j| input[j] ^ s[j]);
        store(&output, &mut blocks.get_out()[off..off + rate]);
        rho_whiten(s, if decrypt { &output } else { &input });
        k.sparkle::<N, STEPS>(s);
        off += rate;
    }
}

/// One whole operation generic over the backend, run by [`dispatch`] (its `run` is inlined into
/// the backend's `#[target_feature]` entry point, so the whole loop is compiled for that backend).
pub(crate) trait Job {
    /// The size of the Sparkle permutation the job runs, in 32-bit words (8, 12 or 16): the
    /// dispatcher's per-instance choice (see [`run`]).
    #[cfg_attr(not(sparkle_x86), allow(dead_code))] // Only the AVX2 backend's choice reads it.
    const WORDS: usize;
    /// What the job returns.
    type Output;
    /// Runs the job with `kernels`.
    fn run<K: Kernels>(self, kernels: K) -> Self::Output;
}

/// One permutation call: Sparkle on `N` words with `STEPS` steps.
pub(crate) struct Permute<'a, const N: usize, const STEPS: usize>(pub(crate) &'a mut [u32; N]);

impl<const N: usize, const STEPS: usize> Job for Permute<'_, N, STEPS> {
    const WORDS: usize = N;
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.sparkle::<N, STEPS>(self.0);
    }
}

/// Sparkle on `N` words with a run-time step count (the portable code; for
/// `hazmat::Sparkle*::permute`).
pub(crate) fn sparkle_steps<const N: usize>(state: &mut [u32; N], steps: usize) {
    portable::sparkle_steps(state, steps);
}

lwc_dispatch::backends! {
    /// A backend the permutation (and the modes' hot loops) can run on.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum Backend {
        /// Plain Rust, compiled for the build target. Always available.
        Portable => portable, always;
        /// The portable code compiled with BMI2 (a three-operand rotate): x86 and x86_64 with
        /// BMI2.
        #[cfg(sparkle_x86)]
        X86Bmi => x86_bmi, cpu("bmi2");
        /// x86 and x86_64 with AVX2 and BMI2: Sparkle512 with all branches in two AVX2 vectors,
        /// Sparkle384 so on AMD and Hygon CPUs ([`sparkle384_vectors`]); every other instance
        /// (Sparkle256, Sparkle384 on other CPUs) runs `X86Bmi`'s code, which is faster there.
        #[cfg(sparkle_x86)]
        X86Avx2 => x86_avx2, cpu("avx2", "bmi2") implies(X86Bmi);
        /// All branches in two 256-bit vectors with AVX-512F/VL's one-instruction rotations and
        /// three-input logic, and the modes' inner blocks with the state kept in them: x86_64 with
        /// AVX-512F, AVX-512VL, AVX2 and BMI2 (compiled in with Rust 1.89 or later).
        #[cfg(sparkle_avx512)]
        X86Avx512 => x86_avx512, cpu("avx512f", "avx512vl", "avx2", "bmi2");
        /// Four branches per 128-bit NEON register (Sparkle256 in one `x`/`y` pair, Sparkle384 and
        /// Sparkle512 in one pair per half), and the modes' inner blocks with the state kept in
        /// them: aarch64 with NEON (every aarch64 target but the soft-float ones; NEON is part of
        /// every aarch64 CPU, so it is always supported where it is compiled in).
        #[cfg(sparkle_aarch64)]
        Aarch64Neon => aarch64_neon, always;
        /// Four branches per 128-bit WebAssembly SIMD vector (the NEON backend's layout; Sparkle384
        /// and Sparkle512, while Sparkle256 runs the portable code, which is faster there): wasm32
        /// built with `simd128` (`RUSTFLAGS="-C target-feature=+simd128"`). Chosen at compile time
        /// (wasm has no run-time detection; a module using it does not even validate on an engine
        /// without it), so always supported where it is compiled in.
        #[cfg(sparkle_wasm)]
        WasmSimd128 => wasm_simd128, always;
    }
}

// ------------------------------------------------------------------ choices by CPU model

/// Whether `X86Avx2` runs Sparkle384 jobs (Esch256, XOEsch256, Schwaemm256-128, Schwaemm192-192)
/// on its vector code: on AMD and Hygon CPUs, where that was measured faster than the BMI2 code,
/// and not elsewhere (an Intel Golden Cove core); PERFORMANCE.md, "The per-instance choice", has
/// the figures.
#[cfg(sparkle_x86)]
#[inline]
pub(crate) fn sparkle384_vectors() -> bool {
    lwc_dispatch::x86::cpu().vendor.is_amd_like()
}
