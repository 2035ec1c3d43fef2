//! BMI2 backend (x86 without AVX2): the portable code in its spec form, compiled with BMI2, whose
//! three-operand rotate `rorx` makes the rotated-`y` form of the portable backend unnecessary.

use super::tokens::X86Bmi as Token;
use super::{Job, Kernels, portable};

/// The BMI2 kernels; a value exists only after run-time detection found BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Bmi(pub(super) Token);

/// Runs `job` with the BMI2 kernels, compiled with BMI2 enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found BMI2 on this CPU.
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support BMI2.
#[target_feature(enable = "bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Bmi(token))
}

impl Kernels for X86Bmi {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        portable::sparkle_rorx::<N, STEPS>(state);
    }
}
