//! The permutation backends, the run-time choice between them, and the one way in: [`dispatch`].
//!
//! Two choices make the code path, and they are kept apart:
//!
//! * **The word representation** ([`Words`], compile time; named by [`crate::hazmat::WORDS`]):
//!   `u64` ([`portable::U64Words`]: five `u64`, the default on 64-bit targets) or `bi32`
//!   ([`portable::Bi32Words`]: each word as two `u32` holding its even and odd bits, so every
//!   64-bit rotation is two 32-bit rotations; the default elsewhere, except riscv32 without Zbb
//!   or Zbkb and wasm32, which has 64-bit integer instructions). It is the state between calls (in every hasher, reader and MAC), so it is fixed when the crate is built
//!   (`--cfg ascon_backend="u64"` / `"bi32"` overrides the default).
//! * **The backend** ([`Backend`], run time): what runs a whole operation (an AEAD call, an
//!   `update`, a squeeze), with the state in registers: `portable` (the word representation as
//!   compiled for the target), `x86_bmi` (the same code compiled with BMI1/BMI2: `andn`, `rorx`;
//!   with `bi32`, word conversions with BMI2's `pext`/`pdep` where they are fast) or `x86_avx512`
//!   (each word in an `xmm` register, rounds in `vpternlogq`/`vprorq` assembly; x86_64, whatever
//!   the word representation). Detected once (`cpufeatures`), cached, overridable with
//!   `force_backend`.
//!
//! A backend implements [`Kernels`] (entry into its register state) and that state
//! [`KernelState`] (word access and the permutation). Every operation of the engine is a [`Job`],
//! generic over the kernels; [`dispatch`] enters exactly one `#[target_feature]` function per
//! backend (in the backend's file), into which the whole job is inlined. Only the detection code
//! below can create the tokens the non-portable kernels hold, so a kernel value is the proof that
//! the CPU can run it. All `unsafe` and assembly live in the ISA files (`x86_bmi.rs`,
//! `x86_avx512.rs`, and `x86_sse2.rs`: the `bi32` conversion of two words in one SSE2 register,
//! part of the portable kernels on x86, where SSE2 is part of the target; `riscv32.rs`: aligned
//! word access to AEAD blocks; `riscv32_zbkb.rs`: the `bi32` conversions with `zip`/`unzip`).
//!
//! Overrides, all at compile time: `--cfg lwc_force_portable` and Miri compile out every
//! non-portable backend; `--cfg ascon_backend="u64"` or `"bi32"` picks the word representation and
//! compiles out `x86_avx512` (so the chosen representation is what runs).

pub(crate) mod portable;
#[cfg(ascon_riscv32)]
mod riscv32;
#[cfg(ascon_zbkb)]
mod riscv32_zbkb;
#[cfg(test)]
mod tests;
#[cfg(ascon_avx512)]
mod x86_avx512;
#[cfg(ascon_x86)]
mod x86_bmi;
#[cfg(ascon_sse2)]
mod x86_sse2;

pub(crate) use portable::Portable;

use super::Backend;
use super::words::ByteOrder;

/// The state in the compile-time word representation: what every hasher, reader and MAC keeps
/// between calls, and the portable kernels' register state.
#[cfg(not(ascon_bi32))]
pub(crate) type Words = portable::U64Words;
/// The state in the compile-time word representation: what every hasher, reader and MAC keeps
/// between calls, and the portable kernels' register state.
#[cfg(ascon_bi32)]
pub(crate) type Words = portable::Bi32Words;

/// What a backend implements: the way into its register state. The permutation and the word
/// access are on the state ([`KernelState`]).
pub(crate) trait Kernels: Copy {
    /// The state while a job runs (kept in registers across the blocks of the job).
    type State: KernelState;

    /// The register state of `words`.
    fn load(self, words: &Words) -> Self::State;

    /// The register state of the standard words `x0..x4`.
    fn load_words(self, w: [u64; 5]) -> Self::State;
}

/// A backend's state while a job runs: word access and the permutation.
pub(crate) trait KernelState: Clone {
    /// The standard words `x0..x4`.
    fn to_words(&self) -> [u64; 5];

    /// Writes the state back to `words`.
    fn store(&self, words: &mut Words);

    /// Word `i`.
    fn get(&self, i: usize) -> u64;

    /// Sets word `i`.
    fn set(&mut self, i: usize, v: u64);

    /// XORs `v` into word `i`.
    fn xor(&mut self, i: usize, v: u64);

    /// XORs `m` into words 0 and 1 and returns their new values (AEAD encryption of a full
    /// 16-byte block: the ciphertext words).
    #[inline(always)]
    fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        self.xor(0, m[0]);
        self.xor(1, m[1]);
        [self.get(0), self.get(1)]
    }

    /// Returns words 0 and 1 XORed with `c` and sets them to `c` (AEAD decryption of a full
    /// 16-byte block: the plaintext words).
    #[inline(always)]
    fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        let p = [self.get(0) ^ c[0], self.get(1) ^ c[1]];
        self.set(0, c[0]);
        self.set(1, c[1]);
        p
    }

    /// `p[R]`, `R` in {6, 8, 12}, unrolled.
    fn permute<const R: usize>(&mut self);

    /// `p[r]` for any `r <= 12` (a loop; the modes use [`Self::permute`]).
    fn permute_n(&mut self, r: usize);

    /// Overwrites the state with zeros (not optimised away).
    #[cfg(feature = "zeroize")]
    fn wipe(&mut self);
}

/// One whole operation generic over the backend, run by [`dispatch`] (its `run` is inlined into
/// the backend's `#[target_feature]` entry point, so the whole loop is compiled for that backend).
pub(crate) trait Job {
    /// What the job returns.
    type Output;

    /// Runs the job with `kernels`.
    fn run<K: Kernels>(self, kernels: K) -> Self::Output;
}

/// Run-time detection, the cached choice, and the tokens: only this module can create a token,
/// and it creates one only for a backend that detection found on this CPU.
mod detect {
    #[cfg(ascon_x86)]
    use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

    use super::Backend;

    #[cfg(ascon_x86)]
    cpufeatures::new!(bmi_cpuid, "bmi1", "bmi2");
    #[cfg(ascon_avx512)]
    cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl");

    /// Proof that this CPU has BMI1 and BMI2.
    #[cfg(ascon_x86)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct BmiToken(());

    /// Proof that this CPU (and OS) supports AVX-512F and AVX-512VL.
    #[cfg(ascon_avx512)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx512Token(());

    /// A backend with the proof that this CPU can run it.
    #[derive(Clone, Copy, Debug)]
    pub(super) enum Chosen {
        Portable,
        #[cfg(ascon_x86)]
        X86Bmi(BmiToken),
        #[cfg(ascon_avx512)]
        X86Avx512(Avx512Token),
    }

    impl Chosen {
        /// The backend.
        pub(super) fn backend(self) -> Backend {
            match self {
                Chosen::Portable => Backend::Portable,
                #[cfg(ascon_x86)]
                Chosen::X86Bmi(_) => Backend::X86Bmi,
                #[cfg(ascon_avx512)]
                Chosen::X86Avx512(_) => Backend::X86Avx512,
            }
        }
    }

    /// `backend` with its proof, if this CPU supports it (CPUID, cached by `cpufeatures`).
    pub(super) fn check(backend: Backend) -> Option<Chosen> {
        match backend {
            Backend::Portable => Some(Chosen::Portable),
            #[cfg(ascon_x86)]
            Backend::X86Bmi => bmi_cpuid::get().then_some(Chosen::X86Bmi(BmiToken(()))),
            #[cfg(ascon_avx512)]
            Backend::X86Avx512 => avx512_cpuid::get().then_some(Chosen::X86Avx512(Avx512Token(()))),
        }
    }

    /// The choice of this process: 0 until made, then `1 + ` the backend's index in
    /// [`Backend::ALL`]. Written only with a backend `check` confirmed.
    #[cfg(ascon_x86)]
    static CHOSEN: AtomicU8 = AtomicU8::new(0);

    /// The backend every call uses: chosen on first use (the last, i.e. preferred, entry of
    /// [`Backend::ALL`] this CPU supports) or forced with [`force`].
    #[cfg(ascon_x86)]
    #[inline(always)]
    pub(super) fn chosen() -> Chosen {
        match CHOSEN.load(Relaxed) {
            1 => Chosen::Portable,
            // `CHOSEN` holds 2 only after `check(Backend::X86Bmi)` found BMI1 and BMI2.
            2 => Chosen::X86Bmi(BmiToken(())),
            // `CHOSEN` holds 3 only after `check(Backend::X86Avx512)` found AVX-512F/VL.
            #[cfg(ascon_avx512)]
            3 => Chosen::X86Avx512(Avx512Token(())),
            _ => choose(),
        }
    }

    /// Without x86 backends there is nothing to choose.
    #[cfg(not(ascon_x86))]
    #[inline(always)]
    pub(super) fn chosen() -> Chosen {
        Chosen::Portable
    }

    /// The first choice (detection).
    #[cfg(ascon_x86)]
    #[cold]
    fn choose() -> Chosen {
        let c = Backend::ALL
            .iter()
            .rev()
            .find_map(|&b| check(b))
            .unwrap_or(Chosen::Portable);
        store(c);
        c
    }

    #[cfg(ascon_x86)]
    fn store(c: Chosen) {
        let index = Backend::ALL.iter().position(|&b| b == c.backend());
        // `ALL` lists every variant, so `index` is always `Some` (and small).
        CHOSEN.store(index.map_or(0, |i| i as u8 + 1), Relaxed);
    }

    /// Makes every later call use `backend` if this CPU supports it; returns whether it did.
    pub(super) fn force(backend: Backend) -> bool {
        match check(backend) {
            #[cfg(ascon_x86)]
            Some(c) => {
                store(c);
                true
            }
            #[cfg(not(ascon_x86))]
            Some(_) => true,
            None => false,
        }
    }
}

/// The backend of this process (see [`crate::hazmat::backend`]).
#[inline]
pub(crate) fn backend() -> Backend {
    detect::chosen().backend()
}

/// Whether this CPU supports `backend`.
pub(crate) fn is_supported(backend: Backend) -> bool {
    detect::check(backend).is_some()
}

/// Makes every later call use `backend` if this CPU supports it; returns whether it did.
pub(crate) fn force(backend: Backend) -> bool {
    detect::force(backend)
}

/// Runs `job` with the kernels of a backend this CPU supports.
#[inline(always)]
fn run<J: Job>(chosen: detect::Chosen, job: J) -> J::Output {
    match chosen {
        detect::Chosen::Portable => job.run(Portable),
        #[cfg(ascon_x86)]
        detect::Chosen::X86Bmi(token) => x86_bmi::run(token, job),
        #[cfg(ascon_avx512)]
        detect::Chosen::X86Avx512(token) => x86_avx512::run(token, job),
    }
}

/// Runs `job` on the backend of this process ([`crate::hazmat::backend`]).
#[inline(always)]
pub(crate) fn dispatch<J: Job>(job: J) -> J::Output {
    run(detect::chosen(), job)
}

/// Runs `job` on `backend` if this CPU supports it (for the backend tests; benchmarks and the fuzz
/// target compare backends through `force_backend`).
#[cfg(test)]
pub(crate) fn dispatch_on<J: Job>(backend: Backend, job: J) -> Option<J::Output> {
    detect::check(backend).map(|c| run(c, job))
}

/// The word of the first 8 bytes of `b` in byte order `O`: `O::load`, or on riscv32 two aligned
/// 32-bit loads where they are 4-byte aligned and `O` is little endian (`riscv32.rs`).
#[inline(always)]
pub(crate) fn load1<O: ByteOrder>(b: &[u8]) -> u64 {
    #[cfg(ascon_riscv32)]
    if O::LITTLE {
        if let Some(w) = riscv32::load_le1(b) {
            return w;
        }
    }
    O::load(b)
}

/// The two words of a 16-byte block (the first 16 bytes of `b`) in byte order `O`: `O::load`
/// twice, or on riscv32 four aligned 32-bit loads where the block is 4-byte aligned and `O` is
/// little endian (`riscv32.rs`).
#[inline(always)]
pub(crate) fn load2<O: ByteOrder>(b: &[u8]) -> [u64; 2] {
    #[cfg(ascon_riscv32)]
    if O::LITTLE {
        if let Some(w) = riscv32::load_le2(b) {
            return w;
        }
    }
    [O::load(b), O::load(&b[8..])]
}

/// Writes the two words `w` in byte order `O` to the first 16 bytes of `out` (on riscv32 as four
/// aligned 32-bit stores where that is possible, as [`load2`]).
#[inline(always)]
pub(crate) fn store2<O: ByteOrder>(out: &mut [u8], w: [u64; 2]) {
    #[cfg(ascon_riscv32)]
    if O::LITTLE && riscv32::store_le2(out, w) {
        return;
    }
    out[..8].copy_from_slice(&O::to_bytes(w[0]));
    out[8..16].copy_from_slice(&O::to_bytes(w[1]));
}

/// `p[12]` on the standard words at compile time (the precomputed initial states).
pub(crate) const fn permute12_const(s: &mut [u64; 5]) {
    portable::permute_u64::<12>(s);
}
