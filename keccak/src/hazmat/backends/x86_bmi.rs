//! x86/x86_64 BMI1/BMI2: the portable permutation compiled with `andn` and `rorx`; four states
//! one after another (the default of [`Kernels::keccak_p_x4`]).

use super::super::State1600;
use super::tokens::X86Bmi as Token;
use super::{Job, Kernels, portable};

/// The BMI kernels; a value exists only after run-time detection found BMI1 and BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Bmi(pub(super) Token);

/// Runs `job` with the BMI kernels, compiled with BMI1 and BMI2 enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found BMI1 and BMI2 on this CPU.
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support BMI1 and BMI2.
#[target_feature(enable = "bmi1,bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Bmi(token))
}

impl Kernels for X86Bmi {
    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        portable::keccak_p::<R>(state);
    }
}
