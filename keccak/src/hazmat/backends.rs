//! The backends: the [`Kernels`] they implement, run-time detection (once, cached), the tokens
//! only detection creates, and the one [`dispatch`].
//!
//! A [`Job`] (a permutation call, the four-state absorb loop) is generic over the kernels;
//! `dispatch` matches on the backend of this process and enters exactly one `#[target_feature]`
//! function per backend (`run_with_features` in each backend file), into which the job's `run`
//! and the kernels are inlined, so the whole job is compiled for that backend.
//!
//! CPU feature detection is compiled only on x86/x86_64 and aarch64; the choice itself (cached,
//! forceable) on every target, since the bit-interleaved `bi32` backend needs no CPU feature and
//! is compiled in everywhere. None of it when the build is forced portable (Miri,
//! `--cfg lwc_force_portable`, `--cfg keccak_backend="portable"` or `"compact"`): build.rs folds
//! those conditions into the aliases `keccak_detect`, `keccak_bi32`, `keccak_bi32_default`,
//! `keccak_x86`, `keccak_x86_64`, `keccak_avx512`, `keccak_aarch64` and `keccak_wasm_simd128`
//! (chosen at compile time: WebAssembly has no run-time detection).

use super::{Backend, State1600, words::xor_block};

#[cfg(keccak_bi32)]
pub(crate) mod bi32;
pub(crate) mod portable;
#[cfg(keccak_x86)]
pub(crate) mod x86_bmi;

#[cfg(keccak_x86_64)]
pub(crate) mod x86_avx2;

#[cfg(keccak_avx512)]
pub(crate) mod x86_avx512;

#[cfg(keccak_aarch64)]
pub(crate) mod aarch64_neon;

#[cfg(keccak_aarch64)]
pub(crate) mod aarch64_sha3;

#[cfg(keccak_wasm_simd128)]
pub(crate) mod wasm_simd128;

mod jobs;
#[cfg(test)]
mod tests;

#[cfg(keccak_bi32)]
use bi32::Bi32;
#[cfg(keccak_x86_64)]
use detect::Avx2Token;
#[cfg(keccak_avx512)]
use detect::Avx512Token;
#[cfg(keccak_x86)]
use detect::BmiToken;
#[cfg(keccak_aarch64)]
use detect::{NeonToken, Sha3Token};
pub(crate) use jobs::{Absorb, AbsorbX4, AbsorbX8, Job};
use portable::Portable;
/// The portable round, generic over the lane: Keccak-p\[200\] .. \[800\] run it too.
pub(crate) use portable::round;
#[cfg(keccak_wasm_simd128)]
use wasm_simd128::WasmSimd128;

/// What a backend implements: the permutation, and hooks with default methods (written in terms
/// of the permutation) for the loops a backend may speed up.
pub(crate) trait Kernels: Copy {
    /// Keccak-p\[1600, R\] (R = 12 or 24: the last R rounds) on one state.
    fn keccak_p<const R: usize>(self, state: &mut State1600);

    /// Keccak-p\[1600, R\] on four independent states; by default one after another.
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        for s in states.iter_mut() {
            self.keccak_p::<R>(s);
        }
    }

    /// XORs the whole `rate`-byte blocks of `data` into `state`, applying Keccak-p\[1600, R\]
    /// after each block (a backend may keep the state in registers across blocks).
    ///
    /// The caller guarantees that `rate` is a whole number of lanes within the state and that
    /// `data` is whole blocks; otherwise an implementation may panic or give a wrong result, but
    /// stays memory-safe.
    #[inline(always)]
    fn absorb<const R: usize>(self, state: &mut State1600, data: &[u8], rate: usize) {
        for block in data.chunks_exact(rate) {
            xor_block(state, block);
            self.keccak_p::<R>(state);
        }
    }

    /// XORs the whole `rate`-byte blocks of four equal-length messages into four states,
    /// applying Keccak-p\[1600, R\] to all four after each block (a backend may keep the states
    /// in registers across blocks).
    ///
    /// The caller guarantees [`absorb_args_ok`] (the engine passes whole blocks of a Keccak rate);
    /// otherwise an implementation may panic or give a wrong result, but stays memory-safe.
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        absorb_x4_blocks::<Self, R>(self, states, msgs, rate);
    }

    /// Keccak-p\[1600, R\] on eight independent states; by default as two groups of four.
    #[inline(always)]
    fn keccak_p_x8<const R: usize>(self, states: &mut [State1600; 8]) {
        let (lo, hi) = halves(states);
        self.keccak_p_x4::<R>(lo);
        self.keccak_p_x4::<R>(hi);
    }

    /// [`Kernels::absorb_x4`] for eight equal-length messages and eight states; by default as two
    /// groups of four. The caller guarantees [`absorb_args_ok`].
    #[inline(always)]
    fn absorb_x8<const R: usize>(self, states: &mut [State1600; 8], msgs: [&[u8]; 8], rate: usize) {
        let (lo, hi) = halves(states);
        let [m0, m1, m2, m3, m4, m5, m6, m7] = msgs;
        self.absorb_x4::<R>(lo, [m0, m1, m2, m3], rate);
        self.absorb_x4::<R>(hi, [m4, m5, m6, m7], rate);
    }
}

/// The first and the last four of eight states.
#[inline(always)]
fn halves(states: &mut [State1600; 8]) -> (&mut [State1600; 4], &mut [State1600; 4]) {
    let (lo, hi) = states.split_at_mut(4);
    match (
        <&mut [State1600; 4]>::try_from(lo),
        <&mut [State1600; 4]>::try_from(hi),
    ) {
        (Ok(lo), Ok(hi)) => (lo, hi),
        // Eight states split at four are two groups of four.
        _ => unreachable!(),
    }
}

/// The precondition of [`Kernels::absorb_x4`] and [`Kernels::absorb_x8`]: the messages have equal
/// lengths and the rate is a whole number of lanes within the state.
#[inline]
pub(crate) fn absorb_args_ok<const N: usize>(msgs: [&[u8]; N], rate: usize) -> bool {
    rate % 8 == 0 && rate > 0 && rate <= 200 && msgs.iter().all(|m| m.len() == msgs[0].len())
}

/// [`Kernels::absorb_x4`] on the state words, block by block with `kernels`' four-state
/// permutation.
#[inline(always)]
fn absorb_x4_blocks<K: Kernels, const R: usize>(
    kernels: K,
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    debug_assert!(absorb_args_ok(msgs, rate));
    let blocks = msgs[0].len() / rate;
    for b in 0..blocks {
        for k in 0..4 {
            xor_block(&mut states[k], &msgs[k][b * rate..(b + 1) * rate]);
        }
        kernels.keccak_p_x4::<R>(states);
    }
}

/// Runs `job` on the backend of this process ([`crate::hazmat::backend`]).
#[inline]
pub(crate) fn dispatch<J: Job>(job: J) -> J::Output {
    #[cfg(keccak_detect)]
    {
        run_on(detect::chosen(), job)
    }
    #[cfg(not(keccak_detect))]
    {
        job.run(Portable)
    }
}

/// Runs `job` on `backend` if the CPU supports it (the tests compare every backend this way).
#[cfg(test)]
pub(crate) fn dispatch_on<J: Job>(backend: Backend, job: J) -> Option<J::Output> {
    #[cfg(keccak_detect)]
    {
        detect::token(backend).map(|chosen| run_on(chosen, job))
    }
    #[cfg(not(keccak_detect))]
    {
        let Backend::Portable = backend;
        Some(job.run(Portable))
    }
}

/// Enters the entry point of `chosen`'s backend with its token.
#[cfg(keccak_detect)]
#[inline(always)]
fn run_on<J: Job>(chosen: detect::Chosen, job: J) -> J::Output {
    match chosen {
        detect::Chosen::Portable => job.run(Portable),
        #[cfg(keccak_bi32)]
        detect::Chosen::Bi32 => job.run(Bi32),
        #[cfg(keccak_x86)]
        detect::Chosen::X86Bmi(token) => x86_bmi::run(token, job),
        #[cfg(keccak_x86_64)]
        detect::Chosen::X86Avx2(token) => x86_avx2::run(token, job),
        #[cfg(keccak_avx512)]
        detect::Chosen::X86Avx512(token) => x86_avx512::run(token, job),
        #[cfg(keccak_aarch64)]
        detect::Chosen::Aarch64Neon(token) => aarch64_neon::run(token, job),
        #[cfg(keccak_aarch64)]
        detect::Chosen::Aarch64Sha3(token) => aarch64_sha3::run(token, job),
        #[cfg(keccak_wasm_simd128)]
        detect::Chosen::WasmSimd128 => job.run(WasmSimd128),
    }
}

/// The backend of this process (chosen on first use).
pub(crate) fn chosen() -> Backend {
    #[cfg(keccak_detect)]
    {
        detect::chosen().backend()
    }
    #[cfg(not(keccak_detect))]
    {
        Backend::Portable
    }
}

/// Whether this process's backend runs eight states in one pass of eight-lane registers
/// (`X86Avx512`), so that a group of eight costs about what a group of four or one state does.
pub(crate) fn eight_states_at_once() -> bool {
    #[cfg(keccak_avx512)]
    {
        chosen() == Backend::X86Avx512
    }
    #[cfg(not(keccak_avx512))]
    {
        false
    }
}

/// Makes `backend` the backend of this process if the CPU supports it; returns whether it did.
pub(crate) fn force(backend: Backend) -> bool {
    #[cfg(keccak_detect)]
    {
        detect::force(backend)
    }
    #[cfg(not(keccak_detect))]
    {
        let Backend::Portable = backend;
        true
    }
}

/// Whether this CPU can run `backend`.
pub(crate) fn is_supported(backend: Backend) -> bool {
    #[cfg(keccak_detect)]
    {
        detect::token(backend).is_some()
    }
    #[cfg(not(keccak_detect))]
    {
        let Backend::Portable = backend;
        true
    }
}

/// Run-time detection: the only place where tokens are created.
#[cfg(keccak_detect)]
mod detect {
    use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

    use super::Backend;

    #[cfg(keccak_x86)]
    cpufeatures::new!(bmi_cpuid, "bmi1", "bmi2");
    #[cfg(keccak_x86_64)]
    cpufeatures::new!(avx2_cpuid, "avx2", "bmi1", "bmi2");
    #[cfg(keccak_avx512)]
    cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl", "avx2");
    #[cfg(keccak_aarch64)]
    cpufeatures::new!(sha3_cpuid, "sha3");

    /// Proof that this CPU has BMI1 and BMI2 (the private field: only this module makes one).
    #[cfg(keccak_x86)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct BmiToken(());

    /// Proof that this CPU has AVX2, BMI1 and BMI2.
    #[cfg(keccak_x86_64)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2Token(());

    /// Proof that this CPU (and OS) support AVX-512F, AVX-512VL and AVX2.
    #[cfg(keccak_avx512)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx512Token(());

    /// Proof that this is an aarch64 CPU, so it has NEON (made without asking the CPU).
    #[cfg(keccak_aarch64)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct NeonToken(());

    /// Proof that this CPU has FEAT_SHA3 (EOR3, RAX1, XAR, BCAX; NEON is part of aarch64).
    #[cfg(keccak_aarch64)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Sha3Token(());

    /// A backend together with the token its entry point takes (none for the safe, feature-free
    /// `Portable` and `Bi32`, nor for `WasmSimd128`, whose feature the build enables).
    #[derive(Clone, Copy, Debug)]
    pub(super) enum Chosen {
        Portable,
        #[cfg(keccak_bi32)]
        Bi32,
        #[cfg(keccak_x86)]
        X86Bmi(BmiToken),
        #[cfg(keccak_x86_64)]
        X86Avx2(Avx2Token),
        #[cfg(keccak_avx512)]
        X86Avx512(Avx512Token),
        #[cfg(keccak_aarch64)]
        Aarch64Neon(NeonToken),
        #[cfg(keccak_aarch64)]
        Aarch64Sha3(Sha3Token),
        #[cfg(keccak_wasm_simd128)]
        WasmSimd128,
    }

    impl Chosen {
        pub(super) fn backend(self) -> Backend {
            match self {
                Chosen::Portable => Backend::Portable,
                #[cfg(keccak_bi32)]
                Chosen::Bi32 => Backend::Bi32,
                #[cfg(keccak_x86)]
                Chosen::X86Bmi(_) => Backend::X86Bmi,
                #[cfg(keccak_x86_64)]
                Chosen::X86Avx2(_) => Backend::X86Avx2,
                #[cfg(keccak_avx512)]
                Chosen::X86Avx512(_) => Backend::X86Avx512,
                #[cfg(keccak_aarch64)]
                Chosen::Aarch64Neon(_) => Backend::Aarch64Neon,
                #[cfg(keccak_aarch64)]
                Chosen::Aarch64Sha3(_) => Backend::Aarch64Sha3,
                #[cfg(keccak_wasm_simd128)]
                Chosen::WasmSimd128 => Backend::WasmSimd128,
            }
        }
    }

    /// `backend` with its token, if this CPU supports it (each feature set detected once, then
    /// cached by `cpufeatures`).
    pub(super) fn token(backend: Backend) -> Option<Chosen> {
        match backend {
            Backend::Portable => Some(Chosen::Portable),
            #[cfg(keccak_bi32)]
            Backend::Bi32 => Some(Chosen::Bi32),
            #[cfg(keccak_x86)]
            Backend::X86Bmi => bmi_cpuid::get().then_some(Chosen::X86Bmi(BmiToken(()))),
            #[cfg(keccak_x86_64)]
            Backend::X86Avx2 => avx2_cpuid::get().then_some(Chosen::X86Avx2(Avx2Token(()))),
            #[cfg(keccak_avx512)]
            Backend::X86Avx512 => avx512_cpuid::get().then_some(Chosen::X86Avx512(Avx512Token(()))),
            #[cfg(keccak_aarch64)]
            Backend::Aarch64Neon => Some(Chosen::Aarch64Neon(NeonToken(()))),
            #[cfg(keccak_aarch64)]
            Backend::Aarch64Sha3 => sha3_cpuid::get().then_some(Chosen::Aarch64Sha3(Sha3Token(()))),
            #[cfg(keccak_wasm_simd128)]
            Backend::WasmSimd128 => Some(Chosen::WasmSimd128),
        }
    }

    /// The backend of this process: 0 while not chosen yet, else [`code`] of it. A code is
    /// stored only after [`token`] returned its backend, so it stands for a detected CPU feature
    /// set.
    static CHOSEN: AtomicU8 = AtomicU8::new(0);

    const PORTABLE: u8 = 1;
    #[cfg(keccak_bi32)]
    const BI32: u8 = 7;
    #[cfg(keccak_x86)]
    const X86_BMI: u8 = 2;
    #[cfg(keccak_x86_64)]
    const X86_AVX2: u8 = 3;
    #[cfg(keccak_avx512)]
    const X86_AVX512: u8 = 4;
    #[cfg(keccak_aarch64)]
    const AARCH64_SHA3: u8 = 5;
    #[cfg(keccak_aarch64)]
    const AARCH64_NEON: u8 = 6;
    #[cfg(keccak_wasm_simd128)]
    const WASM_SIMD128: u8 = 8;

    fn code(chosen: Chosen) -> u8 {
        match chosen {
            Chosen::Portable => PORTABLE,
            #[cfg(keccak_bi32)]
            Chosen::Bi32 => BI32,
            #[cfg(keccak_x86)]
            Chosen::X86Bmi(_) => X86_BMI,
            #[cfg(keccak_x86_64)]
            Chosen::X86Avx2(_) => X86_AVX2,
            #[cfg(keccak_avx512)]
            Chosen::X86Avx512(_) => X86_AVX512,
            #[cfg(keccak_aarch64)]
            Chosen::Aarch64Neon(_) => AARCH64_NEON,
            #[cfg(keccak_aarch64)]
            Chosen::Aarch64Sha3(_) => AARCH64_SHA3,
            #[cfg(keccak_wasm_simd128)]
            Chosen::WasmSimd128 => WASM_SIMD128,
        }
    }

    /// The backend of this process with its token (detected on first use).
    #[inline(always)]
    pub(super) fn chosen() -> Chosen {
        // Each code was stored only after detection found its features (see `CHOSEN`).
        match CHOSEN.load(Relaxed) {
            #[cfg(keccak_wasm_simd128)]
            WASM_SIMD128 => Chosen::WasmSimd128,
            #[cfg(keccak_avx512)]
            X86_AVX512 => Chosen::X86Avx512(Avx512Token(())),
            #[cfg(keccak_x86_64)]
            X86_AVX2 => Chosen::X86Avx2(Avx2Token(())),
            #[cfg(keccak_x86)]
            X86_BMI => Chosen::X86Bmi(BmiToken(())),
            #[cfg(keccak_aarch64)]
            AARCH64_SHA3 => Chosen::Aarch64Sha3(Sha3Token(())),
            #[cfg(keccak_aarch64)]
            AARCH64_NEON => Chosen::Aarch64Neon(NeonToken(())),
            #[cfg(keccak_bi32)]
            BI32 => Chosen::Bi32,
            PORTABLE => Chosen::Portable,
            _ => choose(),
        }
    }

    /// Whether detection may pick `backend`: all but `Bi32`, which is picked only where it is the
    /// default (`keccak_bi32_default`: 32-bit targets).
    fn eligible(backend: Backend) -> bool {
        #[cfg(keccak_bi32)]
        if backend == Backend::Bi32 {
            return cfg!(keccak_bi32_default);
        }
        let _ = backend;
        true
    }

    /// First use: the last eligible backend of `Backend::ALL` (the most preferred) this CPU
    /// supports.
    #[cold]
    #[inline(never)]
    fn choose() -> Chosen {
        let chosen = Backend::ALL
            .iter()
            .rev()
            .filter(|&&b| eligible(b))
            .find_map(|&b| token(b))
            .unwrap_or(Chosen::Portable);
        CHOSEN.store(code(chosen), Relaxed);
        chosen
    }

    /// Makes `backend` the backend of this process if this CPU supports it.
    pub(super) fn force(backend: Backend) -> bool {
        match token(backend) {
            Some(chosen) => {
                CHOSEN.store(code(chosen), Relaxed);
                true
            }
            None => false,
        }
    }
}
