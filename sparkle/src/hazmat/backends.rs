//! Permutation backends: `portable` first, SIMD backends chosen once at run time.
//!
//! The mode code (hashing, AEAD) is written once, generic over [`Backend`], and run through
//! [`dispatch`]: the run-time choice is made once per call, and the whole loop over the input is
//! compiled for the chosen backend (the x86 backends are entered through a `#[target_feature]`
//! function, so the inlined loop inherits the CPU features).

pub(crate) mod portable;

/// The round constants `C[0..8]` (Alzette constants and step constants).
pub(crate) const RCON: [u32; 8] = [
    0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738, 0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8, 0xC2B3293D,
];

/// A Sparkle implementation.
pub(crate) trait Backend: Copy {
    /// Sparkle on `N` words (4, 6 or 8 branches) with `STEPS` steps.
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]);
}

/// A job generic over the backend, run by [`dispatch`].
pub(crate) trait Job {
    /// What the job returns.
    type Output;
    /// Runs the job with backend `b`.
    fn run<B: Backend>(self, b: B) -> Self::Output;
}

/// The portable backend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Backend for Portable {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        portable::sparkle::<N, STEPS>(state);
    }
}

/// Runs `job` with the best backend for this CPU.
#[inline]
pub(crate) fn dispatch<J: Job>(job: J) -> J::Output {
    job.run(Portable)
}
