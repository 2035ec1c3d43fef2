//! The backends of the permutation (and of the modes' hot loops): `portable` first, the x86 ones
//! chosen once at run time, `aarch64_neon` on aarch64 (always there: NEON is part of the target),
//! `wasm_simd128` on wasm32 built with `simd128` (chosen at compile time: wasm has no detection).
//!
//! A mode's whole operation is a [`Job`], written once, generic over [`Kernels`], and run by
//! [`dispatch`]: the choice is read once per call, and the job's loop is inlined into the chosen
//! backend's `#[target_feature]` entry point (in the backend's file), so it is compiled for that
//! backend's CPU features.
//!
//! Which backend runs is cached in one atomic (see `detect`); a non-portable backend can only be
//! entered with its token, a zero-sized proof that the CPU has its features, which only `detect`
//! creates.

use aead::inout::InOutBuf;

use super::Backend;
use super::words::{RATE, inject, load, load_block, rho_whiten, store};

#[cfg(sparkle_aarch64)]
mod aarch64_neon;
mod portable;
#[cfg(sparkle_wasm)]
mod wasm_simd128;
#[cfg(sparkle_x86)]
mod x86_avx2;
#[cfg(sparkle_avx512)]
mod x86_avx512;
#[cfg(sparkle_x86)]
mod x86_bmi;

#[cfg(test)]
mod tests;

use portable::Portable;

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

/// Runs `job` on the backend of this process ([`crate::hazmat::backend`]).
#[inline]
pub(crate) fn dispatch<J: Job>(job: J) -> J::Output {
    run(detect::chosen(), job)
}

/// Runs `job` on `backend` if the CPU supports it (for `backends/tests.rs`).
#[cfg_attr(not(test), allow(dead_code))] // Only the tests compare backends within one build.
pub(crate) fn dispatch_on<J: Job>(backend: Backend, job: J) -> Option<J::Output> {
    detect::supported(backend).map(|chosen| run(chosen, job))
}

/// Enters `chosen`'s `#[target_feature]` entry point with `job`; on the AVX2 backend, the entry
/// point of the instance's faster code: `x86_avx2`'s for Sparkle512 jobs, and for Sparkle384 jobs
/// where [`detect::sparkle384_vectors`]; `x86_bmi`'s for the other jobs (the AVX2 detection
/// includes BMI2). Measured in PERFORMANCE.md, "The per-instance choice".
#[inline(always)]
fn run<J: Job>(chosen: detect::Chosen, job: J) -> J::Output {
    match chosen {
        #[cfg(sparkle_avx512)]
        detect::Chosen::X86Avx512(token) => x86_avx512::run(token, job),
        #[cfg(sparkle_x86)]
        detect::Chosen::X86Avx2(token) => {
            if J::WORDS == 16 || (J::WORDS == 12 && detect::sparkle384_vectors()) {
                x86_avx2::run(token, job)
            } else {
                x86_bmi::run(token.bmi(), job)
            }
        }
        #[cfg(sparkle_x86)]
        detect::Chosen::X86Bmi(token) => x86_bmi::run(token, job),
        #[cfg(sparkle_aarch64)]
        detect::Chosen::Aarch64Neon(token) => aarch64_neon::run(token, job),
        #[cfg(sparkle_wasm)]
        detect::Chosen::WasmSimd128(token) => wasm_simd128::run(token, job),
        detect::Chosen::Portable => job.run(Portable),
    }
}

/// The backend [`dispatch`] uses (chosen on first use).
pub(crate) fn chosen() -> Backend {
    detect::chosen().backend()
}

/// Whether this CPU can run `backend`.
pub(crate) fn is_supported(backend: Backend) -> bool {
    detect::supported(backend).is_some()
}

/// Makes [`dispatch`] use `backend` from now on, if this CPU supports it; returns whether it did.
pub(crate) fn force(backend: Backend) -> bool {
    detect::force(backend)
}

/// Sparkle on `N` words with a run-time step count (the portable code; for
/// `hazmat::Sparkle*::permute`).
pub(crate) fn sparkle_steps<const N: usize>(state: &mut [u32; N], steps: usize) {
    portable::sparkle_steps(state, steps);
}

/// Run-time detection (once per backend, cached by `cpufeatures`), the cached choice, and the
/// tokens: a token value exists only where this module found its backend's CPU features, because
/// its field is private to this module.
mod detect {
    #[cfg(any(sparkle_x86, sparkle_aarch64, sparkle_wasm))]
    use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

    use super::Backend;

    #[cfg(sparkle_x86)]
    cpufeatures::new!(bmi_cpuid, "bmi2");
    #[cfg(sparkle_x86)]
    cpufeatures::new!(avx2_cpuid, "avx2", "bmi2");
    #[cfg(sparkle_avx512)]
    cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl", "avx2", "bmi2");

    /// Proof that this CPU has BMI2.
    #[cfg(sparkle_x86)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct BmiToken(());

    /// Proof that this CPU has AVX2 and BMI2.
    #[cfg(sparkle_x86)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2Token(());

    #[cfg(sparkle_x86)]
    impl Avx2Token {
        /// The BMI2 proof this one includes.
        pub(crate) fn bmi(self) -> BmiToken {
            BmiToken(())
        }
    }

    /// Whether the dispatcher sends Sparkle384 jobs (Esch256, XOEsch256, Schwaemm256-128,
    /// Schwaemm192-192) to the AVX2 backend's vector code: on AMD and Hygon CPUs, where it was measured faster
    /// than the BMI2 backend (Zen 4: 1.3x to 1.9x at every size), and not elsewhere (an Intel
    /// Golden Cove core, the P-core of Alder Lake and Sapphire Rapids: 0.92x to 1.01x at 4 KiB and
    /// 0.87x to 0.97x at 64 B); see PERFORMANCE.md, "The per-instance choice". Read with `cpuid`
    /// once and cached (0: not read yet, 1: scalar, 2: vectors).
    #[cfg(sparkle_x86)]
    pub(super) fn sparkle384_vectors() -> bool {
        static CHOICE: AtomicU8 = AtomicU8::new(0);
        match CHOICE.load(Relaxed) {
            1 => false,
            2 => true,
            _ => {
                let vectors = amd_like_vendor();
                CHOICE.store(if vectors { 2 } else { 1 }, Relaxed);
                vectors
            }
        }
    }

    /// Whether `cpuid`'s vendor string is AMD's or Hygon's (Zen-derived cores). Called only
    /// after `avx2_cpuid` found AVX2, so the CPU has `cpuid`.
    #[cfg(sparkle_x86)]
    #[cold]
    fn amd_like_vendor() -> bool {
        #[cfg(target_arch = "x86")]
        use core::arch::x86::__cpuid;
        #[cfg(target_arch = "x86_64")]
        use core::arch::x86_64::__cpuid;
        // SAFETY: `cpuid` leaf 0 exists on every CPU that has `cpuid`, which every CPU with AVX2
        // has (its detection read it). (A safe function in newer Rust; the MSRV needs the block.)
        #[allow(unused_unsafe)]
        let leaf0 = unsafe { __cpuid(0) };
        let mut vendor = [0u8; 12];
        vendor[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
        vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
        vendor[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
        &vendor == b"AuthenticAMD" || &vendor == b"HygonGenuine"
    }

    /// Proof that this CPU has AVX-512F, AVX-512VL, AVX2 and BMI2.
    #[cfg(sparkle_avx512)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx512Token(());

    /// Proof that this CPU has NEON: made unconditionally, because `sparkle_aarch64` is set only
    /// for targets with NEON (`target_feature = "neon"`), which every aarch64 CPU has.
    #[cfg(sparkle_aarch64)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct NeonToken(());

    /// Proof that the target has simd128: made unconditionally, because `sparkle_wasm` is set
    /// only for wasm32 builds with `target_feature = "simd128"` (a module using it does not even
    /// validate on an engine without it).
    #[cfg(sparkle_wasm)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Simd128Token(());

    /// A backend this CPU supports, with its token.
    #[derive(Clone, Copy, Debug)]
    pub(super) enum Chosen {
        Portable,
        #[cfg(sparkle_x86)]
        X86Bmi(BmiToken),
        #[cfg(sparkle_x86)]
        X86Avx2(Avx2Token),
        #[cfg(sparkle_avx512)]
        X86Avx512(Avx512Token),
        #[cfg(sparkle_aarch64)]
        Aarch64Neon(NeonToken),
        #[cfg(sparkle_wasm)]
        WasmSimd128(Simd128Token),
    }

    impl Chosen {
        pub(super) fn backend(self) -> Backend {
            match self {
                Self::Portable => Backend::Portable,
                #[cfg(sparkle_x86)]
                Self::X86Bmi(_) => Backend::X86Bmi,
                #[cfg(sparkle_x86)]
                Self::X86Avx2(_) => Backend::X86Avx2,
                #[cfg(sparkle_avx512)]
                Self::X86Avx512(_) => Backend::X86Avx512,
                #[cfg(sparkle_aarch64)]
                Self::Aarch64Neon(_) => Backend::Aarch64Neon,
                #[cfg(sparkle_wasm)]
                Self::WasmSimd128(_) => Backend::WasmSimd128,
            }
        }
    }

    /// `backend` with its token if this CPU supports it.
    #[inline]
    pub(super) fn supported(backend: Backend) -> Option<Chosen> {
        match backend {
            Backend::Portable => Some(Chosen::Portable),
            #[cfg(sparkle_x86)]
            Backend::X86Bmi => bmi_cpuid::get().then_some(Chosen::X86Bmi(BmiToken(()))),
            #[cfg(sparkle_x86)]
            Backend::X86Avx2 => avx2_cpuid::get().then_some(Chosen::X86Avx2(Avx2Token(()))),
            #[cfg(sparkle_avx512)]
            Backend::X86Avx512 => avx512_cpuid::get().then_some(Chosen::X86Avx512(Avx512Token(()))),
            // The target has NEON (see `NeonToken`).
            #[cfg(sparkle_aarch64)]
            Backend::Aarch64Neon => Some(Chosen::Aarch64Neon(NeonToken(()))),
            // The target has simd128 (see `Simd128Token`).
            #[cfg(sparkle_wasm)]
            Backend::WasmSimd128 => Some(Chosen::WasmSimd128(Simd128Token(()))),
        }
    }

    /// The backend of this process: 0 until chosen, else `1 +` its index in [`Backend::ALL`].
    /// Only backends that [`supported`] accepted are stored, so a stored value proves the CPU
    /// has the features of its backend.
    #[cfg(any(sparkle_x86, sparkle_aarch64, sparkle_wasm))]
    static CHOSEN: AtomicU8 = AtomicU8::new(0);

    /// The backend of this process (chosen by [`detect`] on first use).
    #[cfg(any(sparkle_x86, sparkle_aarch64, sparkle_wasm))]
    #[inline]
    pub(super) fn chosen() -> Chosen {
        match CHOSEN.load(Relaxed) {
            1 => Chosen::Portable,
            // These values were stored only after `supported` found the features (see CHOSEN).
            #[cfg(sparkle_x86)]
            2 => Chosen::X86Bmi(BmiToken(())),
            #[cfg(sparkle_x86)]
            3 => Chosen::X86Avx2(Avx2Token(())),
            #[cfg(sparkle_avx512)]
            4 => Chosen::X86Avx512(Avx512Token(())),
            #[cfg(sparkle_aarch64)]
            2 => Chosen::Aarch64Neon(NeonToken(())),
            #[cfg(sparkle_wasm)]
            2 => Chosen::WasmSimd128(Simd128Token(())),
            _ => detect(),
        }
    }

    /// Chooses the backend of this process: the last one in [`Backend::ALL`] (the most
    /// preferred) that this CPU supports.
    #[cfg(any(sparkle_x86, sparkle_aarch64, sparkle_wasm))]
    #[cold]
    #[inline(never)]
    fn detect() -> Chosen {
        let chosen = Backend::ALL
            .iter()
            .rev()
            .find_map(|&b| supported(b))
            .unwrap_or(Chosen::Portable);
        store(chosen.backend());
        chosen
    }

    /// Without a backend other than portable there is nothing to choose.
    #[cfg(not(any(sparkle_x86, sparkle_aarch64, sparkle_wasm)))]
    #[inline(always)]
    pub(super) fn chosen() -> Chosen {
        Chosen::Portable
    }

    /// Makes [`chosen`] return `backend` from now on, if this CPU supports it.
    pub(super) fn force(backend: Backend) -> bool {
        let ok = supported(backend).is_some();
        #[cfg(any(sparkle_x86, sparkle_aarch64, sparkle_wasm))]
        if ok {
            store(backend);
        }
        ok
    }

    /// Caches `backend` (which [`supported`] accepted) as the choice of this process.
    #[cfg(any(sparkle_x86, sparkle_aarch64, sparkle_wasm))]
    fn store(backend: Backend) {
        let code = match backend {
            Backend::Portable => 1,
            #[cfg(sparkle_x86)]
            Backend::X86Bmi => 2,
            #[cfg(sparkle_x86)]
            Backend::X86Avx2 => 3,
            #[cfg(sparkle_avx512)]
            Backend::X86Avx512 => 4,
            #[cfg(sparkle_aarch64)]
            Backend::Aarch64Neon => 2,
            #[cfg(sparkle_wasm)]
            Backend::WasmSimd128 => 2,
        };
        CHOSEN.store(code, Relaxed);
    }

    /// The token of a backend `detect` found, for the tests of its code outside the [`Kernels`]
    /// (the AVX2 backend's four-branch permutation).
    ///
    /// [`Kernels`]: super::Kernels
    #[cfg(all(test, sparkle_x86))]
    pub(super) fn avx2_token() -> Option<Avx2Token> {
        avx2_cpuid::get().then_some(Avx2Token(()))
    }

    /// The simd128 token (the target has simd128, see [`Simd128Token`]), for the tests of the
    /// simd128 backend's four-branch code outside the [`Kernels`].
    ///
    /// [`Kernels`]: super::Kernels
    #[cfg(all(test, sparkle_wasm))]
    pub(super) fn simd128_token() -> Simd128Token {
        Simd128Token(())
    }
}
