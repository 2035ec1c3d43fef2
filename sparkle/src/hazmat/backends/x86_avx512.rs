//! AVX-512 backend (x86_64 with AVX-512F and AVX-512VL, on 256-bit vectors): all `x` words in one
//! vector, all `y` words in another, every branch's Alzette at once.
//!
//! Single-stream Sparkle is latency-bound, so this backend is built around the dependency chain:
//!
//! * `vprord` rotates in one instruction (AVX2 needs shift, shift, or).
//! * The `y` vector is kept rotated right by 16 between steps, and inside Alzette it is rotated
//!   *in place* into whatever frame the next operation needs (the scalar `alzette_r16` trick of
//!   the portable backend): the addition then takes `y` unrotated and the XOR takes `x`
//!   unrotated, so each round's chain is rotate, add, XOR: 12 dependent instructions per Alzette
//!   (the spec form needs 16).
//! * The linear layer updates the left half in place (see `StepTables`): one permutation brings
//!   each left lane its paired right branch and copies the old left half into the right lanes, so
//!   the branch rotation costs nothing and the left branches drift by a lane per step (undone by
//!   one in-lane shuffle after the last step). The sums of the left half use 64-bit rotations
//!   where they can: every shuffle waits for port 5, which the linear layer otherwise saturates
//!   (the old form, with a shuffle for the rotation and two more per sum, was port-bound:
//!   PERFORMANCE.md, "Figures behind design choices"). Alzette's last `x ^= c` is folded into the
//!   linear layer's constants, which starts its `x` side one cycle earlier.
//! * Esch's and Schwaemm's inner blocks keep the state in the two vectors from the first block to
//!   the last (`permutation::permute_blocks`, fed by `esch` and `schwaemm`).
//!
//! Lanes beyond the branch count carry don't-care values that never reach a used lane. State
//! words are read and written with 256-bit and 128-bit loads and stores that stay inside them.
//!
//! Files: `x86_avx512/permutation.rs` (the vectors and the block loop), `x86_avx512/step.rs` (one
//! step), `x86_avx512/step_tables.rs` (the per-step constants), `x86_avx512/esch.rs` (the
//! injection), `x86_avx512/schwaemm.rs` (Schwaemm's block output and feedback).

// The intrinsics are safe to call inside `#[target_feature]` functions since Rust 1.87 (this
// module is compiled only with Rust 1.89 or later, see build.rs), but not in the `unsafe fn`
// helpers without target features, so some `unsafe` blocks are needed on one path and not on the
// other.
#![allow(unused_unsafe)]
// Compiled only with Rust 1.89 or later (`cfg(sparkle_avx512)`, set by build.rs), where these
// intrinsics are stable; clippy measures them against the crate-wide MSRV.
#![allow(clippy::incompatible_msrv)]

mod esch;
mod permutation;
mod schwaemm;
mod step;
mod step_tables;

use aead::inout::InOutBuf;

use super::tokens::X86Avx512 as Token;
use super::{Job, Kernels, esch_absorb_words, portable, schwaemm_blocks_words};
use crate::hazmat::words::RATE;

/// The AVX-512 kernels; a value exists only after run-time detection found AVX-512F, AVX-512VL,
/// AVX2 and BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Avx512(pub(super) Token);

/// Runs `job` with the AVX-512 kernels, compiled with AVX-512F, AVX-512VL, AVX2 and BMI2 enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AVX-512F, AVX-512VL, AVX2 and BMI2 on this
    // CPU.
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Avx512(token))
}

/// Whether the vector code handles Sparkle on `N` words with `STEPS` steps (every instance of the
/// crate; other sizes run the BMI2 scalar code).
const fn vector_size(n: usize, steps: usize) -> bool {
    (n == 8 || n == 12 || n == 16) && steps <= 12
}

impl Kernels for X86Avx512 {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        if vector_size(N, STEPS) {
            // SAFETY: `self` holds an `Token`, so the CPU has AVX-512F/VL; N is 8, 12 or 16.
            unsafe { permutation::sparkle::<N, STEPS>(state) }
        } else {
            portable::sparkle_rorx::<N, STEPS>(state);
        }
    }

    #[inline(always)]
    fn esch_absorb<const N: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: &[[u8; RATE]],
    ) {
        if vector_size(N, STEPS) {
            // SAFETY: as in `sparkle` above.
            unsafe { esch::absorb::<N, STEPS>(state, blocks) }
        } else {
            esch_absorb_words::<Self, N, STEPS>(self, state, blocks);
        }
    }

    #[inline(always)]
    fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) {
        if vector_size(N, STEPS) && (R == 4 || R == 8 || (R == 6 && N == 12)) && R < N {
            let count = blocks.len() / (4 * R);
            let (input, output) = blocks.into_raw();
            // SAFETY: AVX-512F/VL as in `sparkle` above; N, R and STEPS are in the supported
            // range; `input` and `output` come from one `InOutBuf` of `count * 4 * R` bytes (the
            // caller passes whole blocks), which are either the same memory or disjoint.
            unsafe { schwaemm::blocks::<N, R, STEPS>(state, input, output, count, decrypt) }
        } else {
            schwaemm_blocks_words::<Self, N, R, STEPS>(self, state, blocks, decrypt);
        }
    }
}
