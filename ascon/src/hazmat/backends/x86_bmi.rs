//! The BMI1/BMI2 backend (x86 and x86_64): the portable word code compiled with `bmi1,bmi2`, so
//! the inlined rounds use `andn` for the S-box and `rorx` for the rotations; with the `bi32`
//! words, their conversions use BMI2's `pext`/`pdep` (four per word each way, against about 30
//! shifts and masks, or the SSE2 path for two words) where those are fast.
//!
//! Its `unsafe`: entering the `#[target_feature]` function with a token (made only after
//! `cpufeatures` confirmed BMI1 and BMI2) and the `pext`/`pdep` intrinsics.

use super::tokens::X86Bmi as Token;
use super::{Job, Kernels, Words};

/// The BMI1/BMI2 kernels; a value exists only after run-time detection found BMI1 and BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Bmi(pub(super) Token);

/// Runs `job` with the BMI kernels, compiled with BMI1 and BMI2 enabled.
#[inline(always)]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found BMI1 and BMI2 on this CPU, the only
    // features `run_with_features` is compiled with.
    unsafe { run_with_features(job, token) }
}

/// The entry point: `job.run` is inlined here whole, so the state stays in registers and every
/// round is compiled with BMI1/BMI2.
#[target_feature(enable = "bmi1,bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Bmi(token))
}

/// With the `u64` words the state is the portable one; only the compilation differs.
#[cfg(not(ascon_bi32))]
impl Kernels for X86Bmi {
    type State = Words;

    #[inline(always)]
    fn load(self, words: &Words) -> Words {
        words.clone()
    }

    #[inline(always)]
    fn load_words(self, w: [u64; 5]) -> Words {
        Words::from_words(w)
    }
}

/// With the `bi32` words the state converts with `pext`/`pdep` where they are fast.
#[cfg(ascon_bi32)]
impl Kernels for X86Bmi {
    type State = pext::PextWords;

    #[inline(always)]
    fn load(self, words: &Words) -> pext::PextWords {
        pext::PextWords::new(words.clone(), self.0)
    }

    /// Word by word with `pext` (where fast), as the modes' later conversions.
    #[inline(always)]
    fn load_words(self, w: [u64; 5]) -> pext::PextWords {
        let mut s = pext::PextWords::new(Words::from_words([0; 5]), self.0);
        for (i, &x) in w.iter().enumerate() {
            s.set(i, x);
        }
        s
    }
}

#[cfg(ascon_bi32)]
use super::KernelState;
#[cfg(all(test, ascon_bi32))]
pub(super) use pext::{deinterleave_pdep, interleave_pext};

/// The `bi32` words with `pext`/`pdep` conversions.
#[cfg(ascon_bi32)]
mod pext {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::{_pdep_u32, _pext_u32};
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::{_pdep_u32, _pext_u32};

    use crate::hazmat::backends::tokens::X86Bmi as Token;
    use crate::hazmat::backends::{KernelState, Words};
    use crate::hazmat::words::{deinterleave, interleave};

    /// Even bits of a 32-bit word (the `pext`/`pdep` mask of the even half).
    const EVEN: u32 = 0x5555_5555;
    /// Odd bits of a 32-bit word.
    const ODD: u32 = 0xaaaa_aaaa;

    // The intrinsics are safe to call in `#[target_feature]` functions from Rust 1.87 on; the
    // MSRV (1.85) still needs the `unsafe` blocks.
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

    /// [`interleave`] with `pext` (four per word).
    #[inline(always)]
    pub(in crate::hazmat::backends) fn interleave_pext(_: Token, x: u64) -> (u32, u32) {
        // SAFETY: a `Token` exists only after detection found BMI1 and BMI2.
        unsafe { interleave_bmi2(x) }
    }

    /// [`deinterleave`] with `pdep` (four per word).
    #[inline(always)]
    pub(in crate::hazmat::backends) fn deinterleave_pdep(_: Token, e: u32, o: u32) -> u64 {
        // SAFETY: as in `interleave_pext`.
        unsafe { deinterleave_bmi2(e, o) }
    }

    /// The `bi32` words for the BMI kernels: conversions with `pext`/`pdep` when the CPU runs them
    /// fast (decided when the state is loaded, from a cached CPUID check), otherwise the plain
    /// ones.
    #[derive(Clone)]
    pub(crate) struct PextWords {
        w: Words,
        pext: Option<Token>,
    }

    impl PextWords {
        /// `w`, converting with `pext`/`pdep` if they are fast on this CPU.
        #[inline(always)]
        pub(super) fn new(w: Words, token: Token) -> Self {
            Self {
                w,
                pext: crate::hazmat::backends::fast_pext().then_some(token),
            }
        }

        /// The same state converting without `pext`/`pdep` (for tests of both paths).
        #[cfg(test)]
        pub(in crate::hazmat::backends) fn without_pext(mut self) -> Self {
            self.pext = None;
            self
        }

        /// Whether this state converts with `pext`/`pdep`.
        #[cfg(test)]
        pub(in crate::hazmat::backends) fn has_pext(&self) -> bool {
            self.pext.is_some()
        }

        #[inline(always)]
        fn il(&self, x: u64) -> (u32, u32) {
            match self.pext {
                Some(t) => interleave_pext(t, x),
                None => interleave(x),
            }
        }

        #[inline(always)]
        fn dl(&self, i: usize) -> u64 {
            match self.pext {
                Some(t) => deinterleave_pdep(t, self.w.e[i], self.w.o[i]),
                None => deinterleave(self.w.e[i], self.w.o[i]),
            }
        }
    }

    impl KernelState for PextWords {
        #[inline(always)]
        fn to_words(&self) -> [u64; 5] {
            core::array::from_fn(|i| self.dl(i))
        }
        #[inline(always)]
        fn store(&self, words: &mut Words) {
            *words = self.w.clone();
        }
        #[inline(always)]
        fn get(&self, i: usize) -> u64 {
            self.dl(i)
        }
        #[inline(always)]
        fn set(&mut self, i: usize, v: u64) {
            let (e, o) = self.il(v);
            self.w.e[i] = e;
            self.w.o[i] = o;
        }
        #[inline(always)]
        fn xor(&mut self, i: usize, v: u64) {
            let (e, o) = self.il(v);
            self.w.e[i] ^= e;
            self.w.o[i] ^= o;
        }
        #[inline(always)]
        fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
            self.xor(0, m[0]);
            self.xor(1, m[1]);
            [self.dl(0), self.dl(1)]
        }
        #[inline(always)]
        fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
            let p = [self.dl(0) ^ c[0], self.dl(1) ^ c[1]];
            self.set(0, c[0]);
            self.set(1, c[1]);
            p
        }
        #[inline(always)]
        fn permute<const R: usize>(&mut self) {
            self.w.permute::<R>();
        }
        fn permute_n(&mut self, r: usize) {
            self.w.permute_n(r);
        }
        #[cfg(feature = "zeroize")]
        #[inline(always)]
        fn wipe(&mut self) {
            self.w.wipe();
        }
    }
}
