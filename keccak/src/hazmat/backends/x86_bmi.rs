//! x86/x86_64: the portable unrolled permutation compiled with BMI1/BMI2 (`andn`, `rorx`).

use super::super::State1600;
use super::portable;

cpufeatures::new!(bmi_cpuid, "bmi1", "bmi2");

/// Whether the CPU has BMI1 and BMI2 (detected once, then cached).
#[inline]
pub(crate) fn available() -> bool {
    bmi_cpuid::get()
}

#[target_feature(enable = "bmi1,bmi2")]
unsafe fn keccak_p_bmi<const R: usize>(state: &mut State1600) {
    portable::keccak_p::<R>(state);
}

/// Keccak-p\[1600, R\]; returns `false` (doing nothing) when the CPU lacks BMI1/BMI2.
#[inline]
pub(crate) fn try_keccak_p<const R: usize>(state: &mut State1600) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: `available()` returned true, so the CPU supports bmi1 and bmi2.
    unsafe { keccak_p_bmi::<R>(state) };
    true
}
