//! The word backends compiled with BMI1/BMI2 (`andn`, `rorx`), chosen once at run time, and the
//! bit-interleaved backend's word conversions with BMI2's `pext`/`pdep`.
//!
//! Its `unsafe`: calling a `#[target_feature]` function after `cpufeatures` (CPUID, cached after
//! the first call) confirmed the features, and reading the CPU vendor and family with `cpuid`.

use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86")]
use core::arch::x86::{__cpuid, _pdep_u32, _pext_u32};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{__cpuid, _pdep_u32, _pext_u32};

cpufeatures::new!(bmi_cpuid, "bmi1", "bmi2");

/// Whether this CPU has BMI1 and BMI2.
pub(super) fn available() -> bool {
    bmi_cpuid::get()
}

/// Whether `pext`/`pdep` run at full speed on this CPU: every Intel CPU with BMI2 and AMD from
/// Zen 3 (family 19h) on. Earlier AMD CPUs with BMI2 (families 15h to 18h: Excavator, Zen 1 and 2,
/// Hygon) run them in microcode, tens to hundreds of cycles each with these 16-bit masks.
/// Cached after the first call.
#[allow(dead_code)] // used by the `bi32` backend's BMI copy only
fn fast_pext() -> bool {
    // 0: not known yet, 1: slow, 2: fast.
    static FAST: AtomicU8 = AtomicU8::new(0);
    match FAST.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            // `__cpuid` is an `unsafe fn` at the MSRV (safe in later Rust).
            #[allow(unused_unsafe)]
            // SAFETY: `cpuid` leaves 0 and 1 exist on every x86 CPU this code runs on (the i686
            // and x86_64 targets require `cpuid`); it only reads identification registers.
            let (v, f) = unsafe { (__cpuid(0), __cpuid(1).eax) };
            let amd = matches!(
                (v.ebx, v.edx, v.ecx),
                // "AuthenticAMD", "HygonGenuine"
                (0x6874_7541, 0x6974_6e65, 0x444d_4163) | (0x6f67_7948, 0x6e65_476e, 0x656e_6975)
            );
            let base = (f >> 8) & 0xf;
            let family = if base == 0xf {
                base + ((f >> 20) & 0xff)
            } else {
                base
            };
            let fast = !amd || family >= 0x19;
            FAST.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
            fast
        }
    }
}

/// Whether the CPU vendor is "GenuineIntel" (for the `bi32` backend's tests).
#[cfg(all(test, ascon_bi32))]
pub(super) fn genuine_intel() -> bool {
    #[allow(unused_unsafe)] // as in `fast_pext`
    // SAFETY: as in `fast_pext`.
    let v = unsafe { __cpuid(0) };
    (v.ebx, v.edx, v.ecx) == (0x756e_6547, 0x4965_6e69, 0x6c65_746e)
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

/// Even bits of a 32-bit word (the `pext`/`pdep` mask of the even half).
const EVEN: u32 = 0x5555_5555;
/// Odd bits of a 32-bit word.
const ODD: u32 = 0xaaaa_aaaa;

// The intrinsics are safe to call in `#[target_feature]` functions from Rust 1.87 on; the MSRV
// (1.85) still needs the `unsafe` blocks.
#[allow(unused_unsafe)]
#[inline]
#[target_feature(enable = "bmi2")]
unsafe fn interleave_bmi2(x: u64) -> (u32, u32) {
    let (lo, hi) = (x as u32, (x >> 32) as u32);
    // SAFETY: BMI2 is enabled for this function; the intrinsics are register-only.
    unsafe {
        (
            _pext_u32(lo, EVEN) | _pext_u32(hi, EVEN) << 16,
            _pext_u32(lo, ODD) | _pext_u32(hi, ODD) << 16,
        )
    }
}

#[allow(unused_unsafe)] // as in `interleave_bmi2`
#[inline]
#[target_feature(enable = "bmi2")]
unsafe fn deinterleave_bmi2(e: u32, o: u32) -> u64 {
    // SAFETY: BMI2 is enabled for this function; the intrinsics are register-only.
    unsafe {
        let lo = _pdep_u32(e, EVEN) | _pdep_u32(o, ODD);
        let hi = _pdep_u32(e >> 16, EVEN) | _pdep_u32(o >> 16, ODD);
        lo as u64 | (hi as u64) << 32
    }
}

// Used by the `bi32` backend's BMI copy only (and tests).
#[allow(dead_code)]
impl Bmi {
    /// `Some` on a CPU with BMI1 and BMI2 where `pext`/`pdep` are fast (not on AMD before Zen 3).
    #[inline(always)]
    pub(crate) fn get_fast_pext() -> Option<Self> {
        Self::get().filter(|_| fast_pext())
    }

    /// [`super::bi32::interleave`] with `pext` (four per word).
    #[inline(always)]
    pub(crate) fn interleave(self, x: u64) -> (u32, u32) {
        // SAFETY: `self` exists only where `bmi_cpuid::get()` (cpufeatures, CPUID) confirmed
        // BMI1 and BMI2.
        unsafe { interleave_bmi2(x) }
    }

    /// [`super::bi32::deinterleave`] with `pdep` (four per word).
    #[inline(always)]
    pub(crate) fn deinterleave(self, e: u32, o: u32) -> u64 {
        // SAFETY: as in `interleave`.
        unsafe { deinterleave_bmi2(e, o) }
    }
}
