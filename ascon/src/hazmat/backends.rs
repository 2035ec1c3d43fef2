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
//! backend (in the backend's file), into which the whole job is inlined. Only the backend table
//! (`lwc_dispatch::backends!`, below) can create the tokens the non-portable kernels hold, so a
//! kernel value is the proof that the CPU can run it. All `unsafe` and assembly live in the ISA files (`x86_bmi.rs`,
//! `x86_avx512.rs`, and `x86_sse2.rs`: the `bi32` conversion of two words in one SSE2 register,
//! part of the portable kernels on x86, where SSE2 is part of the target; `riscv32.rs`: aligned
//! word access to AEAD blocks; `riscv32_zbkb.rs`: the `bi32` conversions with `zip`/`unzip`).
//!
//! Overrides, all at compile time: `--cfg lwc_force_portable` and Miri compile out every
//! non-portable backend; `--cfg ascon_backend="u64"` or `"bi32"` picks the word representation and
//! compiles out `x86_avx512` (so the chosen representation is what runs).

pub(crate) mod portable;
#[cfg(ascon_riscv32)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod riscv32;
#[cfg(ascon_zbkb)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod riscv32_zbkb;
#[cfg(test)]
mod tests;
#[cfg(ascon_avx512)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod x86_avx512;
#[cfg(ascon_x86)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod x86_bmi;
#[cfg(ascon_sse2)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
mod x86_sse2;

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

lwc_dispatch::backends! {
    /// A backend the permutation and the modes' loops can run on (the run-time choice; the word
    /// representation is the compile-time one, [`crate::hazmat::WORDS`]).
    ///
    /// `--cfg lwc_force_portable` (and Miri) compile out every backend but `Portable`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum Backend {
        /// Plain Rust ([`crate::hazmat::WORDS`]), compiled for the build target. Always available.
        Portable => portable, always;
        /// The same code compiled with BMI1/BMI2 (`andn` in the S-box, `rorx` for the rotations);
        /// with `bi32` words, their conversions use BMI2's `pext`/`pdep`, except on AMD CPUs
        /// before Zen 3, which run those in microcode (x86 and x86_64).
        #[cfg(ascon_x86)]
        X86Bmi => x86_bmi, cpu("bmi1", "bmi2");
        /// Each word in an `xmm` register, every S-box term and linear-layer step one
        /// `vpternlogq` (28 instructions per round instead of 37); needs AVX-512F/VL (x86_64,
        /// built with Rust 1.89 or later, no `ascon_backend` override).
        #[cfg(ascon_avx512)]
        X86Avx512 => x86_avx512, cpu("avx512f", "avx512vl");
    }
}

// ------------------------------------------------------------------ choices by CPU model

/// Whether `pext`/`pdep` run at full speed on this CPU (the `bi32` conversions of `x86_bmi` use
/// them only then): every Intel CPU with BMI2 and AMD from Zen 3 (family 19h) on. Earlier AMD CPUs
/// with BMI2 (families 15h to 18h: Excavator, Zen 1 and 2, Hygon) run them in microcode (their
/// cost: PERFORMANCE.md, "i686 (32-bit x86)").
#[cfg(all(ascon_x86, ascon_bi32))]
pub(crate) fn fast_pext() -> bool {
    let cpu = lwc_dispatch::x86::cpu();
    !cpu.vendor.is_amd_like() || cpu.family >= 0x19
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
