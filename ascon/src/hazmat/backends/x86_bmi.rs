//! The 64-bit backend compiled with BMI1/BMI2 (`andn`, `rorx`), chosen once at run time.
//!
//! Its `unsafe`: calling a `#[target_feature]` function after `cpufeatures` (CPUID, cached after
//! the first call) confirmed the features.

cpufeatures::new!(bmi_cpuid, "bmi1", "bmi2");

/// Whether this CPU has BMI1 and BMI2.
pub(super) fn available() -> bool {
    bmi_cpuid::get()
}

/// Proof that this CPU has BMI1 and BMI2 (made only by [`Bmi::get`] after the CPUID check).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bmi(());

impl Bmi {
    /// `Some` on a CPU with BMI1 and BMI2.
    #[inline(always)]
    pub(crate) fn get() -> Option<Self> {
        bmi_cpuid::get().then_some(Self(()))
    }

    /// Runs `f` inside a function compiled with `bmi1,bmi2` (`f` is its only caller's only
    /// call, so it is inlined there whole).
    #[inline(always)]
    pub(crate) fn run<R>(self, f: impl FnOnce() -> R) -> R {
        #[target_feature(enable = "bmi1,bmi2")]
        unsafe fn inner<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: `self` exists only where `bmi_cpuid::get()` (cpufeatures, CPUID) confirmed that
        // this CPU supports BMI1 and BMI2, the only features `inner` is compiled with.
        unsafe { inner(f) }
    }
}

/// Runs `f`; on a CPU with BMI1/BMI2 inside a function compiled with `bmi1,bmi2`, so the inlined
/// permutation rounds use `andn` for the S-box and `rorx` for the rotations.
#[inline(always)]
pub(super) fn run<R>(f: impl FnOnce() -> R) -> R {
    #[target_feature(enable = "bmi1,bmi2")]
    unsafe fn inner<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
    if bmi_cpuid::get() {
        // SAFETY: `bmi_cpuid::get()` (cpufeatures, CPUID) just confirmed that this CPU supports
        // BMI1 and BMI2, the only features `inner` is compiled with.
        unsafe { inner(f) }
    } else {
        f()
    }
}
