//! The raw Keccak permutations, and the backend they run on.
//!
//! Hazardous: these are building blocks, not finished constructions.
//!
//! Besides the permutations: [`DynSponge`], a Keccak-f\[1600\] sponge whose rate and domain
//! byte are chosen at run time, squeezed to any length and absorbed into again after squeezing.
//!
//! The state is 25 lanes of 64 bits, lane `i = x + 5 * y`, each lane read from 8 state bytes in
//! little-endian order (FIPS 202 byte order).
//!
//! The narrower permutations Keccak-f\[200\], \[400\], \[800\] ([`f200`], [`f400`], [`f800`])
//! and Keccak-p with any round count ([`p200`], [`p400`], [`p800`], [`p1600`]) are here too: 25
//! lanes of 8, 16 or 32 bits, portable code on every target ([`keccak_p_generic`], generic over the
//! [`Lane`] type). Keccak-p\[b, nr\] is the last `nr` rounds of Keccak-f\[b\]; a round count
//! above Keccak-f's panics.
//!
//! # Backends
//!
//! One [`Backend`] serves the whole process: chosen once, on first use, as the first of these the
//! CPU supports (the last of [`Backend::ALL`]) (run-time detection with `cpufeatures` on x86/x86_64 and aarch64, cached), and
//! used by every permutation call, single-state and four-state:
//!
//! * `Backend::X86Avx512` (x86_64, built with Rust 1.89 or later; AVX-512F, AVX-512VL and
//!   AVX2): the round with `vpternlogq` for θ's XORs and χ and native `vprolq` rotations, on
//!   512-bit registers for eight states (the tree hashes' leaves eight at a time), on 256-bit
//!   registers for four states, and on 128-bit registers for one state (two lanes of a column per
//!   register, the state in registers across the whole absorb loop);
//! * `Backend::X86Avx2` (x86_64; AVX2, BMI1 and BMI2): four states at once, one lane of each per
//!   256-bit register (KangarooTwelve leaves, ParallelHash blocks, the `batch` API); one
//!   state on the `x86_bmi` code;
//! * `Backend::X86Bmi` (x86/x86_64; BMI1 and BMI2): the portable code compiled with `andn` and
//!   `rorx`; four states one after another;
//! * `Backend::Aarch64Sha3` (aarch64; FEAT_SHA3, run-time detected): the round on 128-bit NEON
//!   registers with `EOR3` for θ's XORs, `RAX1` for θ's effect, `XAR` for θ + ρ and `BCAX` for χ
//!   (about 70 instructions a round instead of about 130 scalar ones); one state one lane per
//!   register, four states as two pairs, two states per register; the absorb loops keep the
//!   states in registers across blocks;
//! * `Backend::Aarch64Neon` (aarch64 without FEAT_SHA3, e.g. Cortex-A72/A76, Neoverse N1): four
//!   states as two pairs, two states per 128-bit register, the rotations as `SHL` + `SRI` and χ as
//!   `BIC` + `EOR` (160 instructions a round for two states); one state on the portable code;
//! * `Backend::WasmSimd128` (wasm32 built with `-C target-feature=+simd128`; chosen at compile
//!   time, WebAssembly has no run-time detection): four states as two pairs, two states per
//!   `v128`; one state on the scalar code;
//! * `Backend::Bi32` (32-bit targets but wasm32: RISC-V, ARM, i686; no CPU feature): bit-interleaved, each
//!   lane as two 32-bit words holding its even and its odd bits, so every 64-bit rotation is two
//!   32-bit ones (one instruction each with a rotate: ARM, RISC-V Zbb); the state is converted
//!   once per call and stays interleaved across the blocks of an absorb. On i686 it comes before
//!   `X86Bmi` (faster there: PERFORMANCE.md, "32-bit targets"). Compiled in on 64-bit targets
//!   too, where only tests and [`force_backend`] run it;
//! * [`Backend::Portable`]: straight-line rounds with no per-round lane copies, χ written so that
//!   an and-not instruction can be used; all rounds unrolled, except on x86/x86_64 where one round
//!   per loop iteration is faster, on 32-bit targets, where `Bi32` runs and `Portable` is the
//!   fallback (rolled, for small code: PERFORMANCE.md, "32-bit targets"), and on wasm32, where the
//!   rolled rounds ran faster under V8 and `Portable` is the default (wasm has 64-bit integer
//!   instructions: `Bi32` ran slower; figures in PERFORMANCE.md, "wasm32"). Always available.
//!
//! A CPU with AVX2 but without BMI1/BMI2 (no shipping x86 CPU; only a virtual machine that hides
//! BMI) runs `Portable`, four states one after another.
//!
//! # Build-time overrides
//!
//! `RUSTFLAGS='--cfg keccak_backend="portable"'`, `--cfg lwc_force_portable` and Miri compile out
//! every backend but `Portable` (no run-time detection). `--cfg keccak_backend="compact"` does the
//! same and also builds `Portable` with one rolled round loop on every target (the smallest code,
//! for microcontrollers): it is the build-time form of `Portable`, so [`backend`] still returns
//! `Portable` and its name is `"portable"`.

pub(crate) mod backends;
mod dyn_sponge;
mod narrow;
pub(crate) mod sponge;
pub(crate) mod words;

use backends::{Job, Kernels, dispatch};
pub use dyn_sponge::DynSponge;
pub use narrow::{Lane, keccak_p_generic};

/// The Keccak-f\[200\] / Keccak-p\[200, n\] state: 25 lanes of 8 bits, lane `i = x + 5 * y`.
pub type State200 = [u8; 25];

/// The Keccak-f\[400\] / Keccak-p\[400, n\] state: 25 lanes of 16 bits, lane `i = x + 5 * y`.
pub type State400 = [u16; 25];

/// The Keccak-f\[800\] / Keccak-p\[800, n\] state: 25 lanes of 32 bits, lane `i = x + 5 * y`.
pub type State800 = [u32; 25];

/// The Keccak-f\[1600\] / Keccak-p\[1600, n\] state: 25 lanes, lane `i = x + 5 * y`.
pub type State1600 = [u64; 25];

/// The 24 round constants of Keccak-f\[1600\] (ι step).
pub const RC: [u64; 24] = [
    0x0000000000000001,
    0x0000000000008082,
    0x800000000000808a,
    0x8000000080008000,
    0x000000000000808b,
    0x0000000080000001,
    0x8000000080008081,
    0x8000000000008009,
    0x000000000000008a,
    0x0000000000000088,
    0x0000000080008009,
    0x000000008000000a,
    0x000000008000808b,
    0x800000000000008b,
    0x8000000000008089,
    0x8000000000008003,
    0x8000000000008002,
    0x8000000000000080,
    0x000000000000800a,
    0x800000008000000a,
    0x8000000080008081,
    0x8000000000008080,
    0x0000000080000001,
    0x8000000080008008,
];

pub use backends::Backend;

/// The backend every call of this process uses: chosen once, on first use, as the fastest
/// backend this CPU supports (or the one forced with `force_backend`).
#[must_use]
pub fn backend() -> Backend {
    backends::chosen()
}

/// Makes every later call of this process use `backend`, if the CPU supports it; returns whether
/// it did. For tests and benchmarks that compare backends in one process (all compute the same
/// function).
#[doc(hidden)]
pub fn force_backend(backend: Backend) -> bool {
    backends::force(backend)
}

/// Whether the four-state permutations run on SIMD registers in this process (the backend is
/// `X86Avx2`, `X86Avx512`, `Aarch64Neon`, `Aarch64Sha3` or `WasmSimd128`) rather than one state after another.
#[cfg(feature = "many-states")]
#[must_use]
pub fn has_simd_x4() -> bool {
    backends::many_states().simd_x4
}

/// Keccak-p\[1600, R\] on one state, run by [`dispatch`].
struct Permute<'a, const R: usize>(&'a mut State1600);

impl<const R: usize> Job for Permute<'_, R> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.keccak_p::<R>(self.0);
    }
}

/// Keccak-p\[1600, R\] on four states, run by [`dispatch`].
#[cfg(feature = "many-states")]
struct PermuteX4<'a, const R: usize>(&'a mut [State1600; 4]);

#[cfg(feature = "many-states")]
impl<const R: usize> Job for PermuteX4<'_, R> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.keccak_p_x4::<R>(self.0);
    }
}

/// Keccak-p\[1600, R\] on eight states, run by [`dispatch`].
#[cfg(keccak_many_msgs)]
struct PermuteX8<'a, const R: usize>(&'a mut [State1600; 8]);

#[cfg(keccak_many_msgs)]
impl<const R: usize> Job for PermuteX8<'_, R> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.keccak_p_x8::<R>(self.0);
    }
}

/// Keccak-p\[1600, R\] on eight independent states, on the backend of this process.
#[cfg(keccak_many_msgs)]
#[inline]
pub(crate) fn keccak_p_x8<const R: usize>(states: &mut [State1600; 8]) {
    dispatch(PermuteX8::<R>(states));
}

/// Keccak-p\[1600, R\] (R = 12 or 24: the last R rounds) on the backend of this process.
#[inline]
pub(crate) fn keccak_p<const R: usize>(state: &mut State1600) {
    dispatch(Permute::<R>(state));
}

/// Keccak-p\[1600, R\] on four independent states, on the backend of this process.
#[cfg(feature = "many-states")]
#[inline]
pub(crate) fn keccak_p_x4<const R: usize>(states: &mut [State1600; 4]) {
    dispatch(PermuteX4::<R>(states));
}

/// Keccak-f\[1600\]: the 24-round permutation of SHA-3, SHAKE, cSHAKE, KMAC, TupleHash, ParallelHash.
#[inline]
pub fn f1600(state: &mut State1600) {
    keccak_p::<24>(state);
}

/// Keccak-p\[1600, 12\]: the last 12 rounds (round constants 12..=23), used by TurboSHAKE and
/// KangarooTwelve.
#[inline]
pub fn p1600_12(state: &mut State1600) {
    keccak_p::<12>(state);
}

/// Keccak-f\[1600\] on four independent states at once (on SIMD registers where
/// [`has_simd_x4`], else one after another).
#[cfg(feature = "many-states")]
#[inline]
pub fn f1600_x4(states: &mut [State1600; 4]) {
    keccak_p_x4::<24>(states);
}

/// Keccak-p\[1600, 12\] on four independent states at once (on SIMD registers where
/// [`has_simd_x4`], else one after another).
#[cfg(feature = "many-states")]
#[inline]
pub fn p1600_12_x4(states: &mut [State1600; 4]) {
    keccak_p_x4::<12>(states);
}

/// Keccak-p\[1600, `rounds`\]: the last `rounds` rounds of Keccak-f\[1600\] (round constants
/// `24 - rounds ..= 23`). 24 rounds are [`f1600`] and 12 are [`p1600_12`], on the backend of this
/// process; other counts run the portable generic round ([`keccak_p_generic`] on `u64` lanes).
/// `rounds = 0` leaves the state as it is.
///
/// # Panics
///
/// If `rounds > 24`.
#[inline]
pub fn p1600(state: &mut State1600, rounds: usize) {
    match rounds {
        24 => f1600(state),
        12 => p1600_12(state),
        _ => keccak_p_generic(state, rounds),
    }
}

/// Keccak-f\[200\]: 18 rounds on 25 lanes of 8 bits (portable code).
#[inline]
pub fn f200(state: &mut State200) {
    p200(state, 18);
}

/// Keccak-f\[400\]: 20 rounds on 25 lanes of 16 bits (portable code).
#[inline]
pub fn f400(state: &mut State400) {
    p400(state, 20);
}

/// Keccak-f\[800\]: 22 rounds on 25 lanes of 32 bits (portable code).
#[inline]
pub fn f800(state: &mut State800) {
    p800(state, 22);
}

/// Keccak-p\[200, `rounds`\]: the last `rounds` of the 18 rounds of Keccak-f\[200\] (round
/// constants truncated to 8 bits). `rounds = 0` leaves the state as it is.
///
/// # Panics
///
/// If `rounds > 18`.
pub fn p200(state: &mut State200, rounds: usize) {
    keccak_p_generic(state, rounds);
}

/// Keccak-p\[400, `rounds`\]: the last `rounds` of the 20 rounds of Keccak-f\[400\] (round
/// constants truncated to 16 bits). `rounds = 0` leaves the state as it is.
///
/// # Panics
///
/// If `rounds > 20`.
pub fn p400(state: &mut State400, rounds: usize) {
    keccak_p_generic(state, rounds);
}

/// Keccak-p\[800, `rounds`\]: the last `rounds` of the 22 rounds of Keccak-f\[800\] (round
/// constants truncated to 32 bits). `rounds = 0` leaves the state as it is.
///
/// # Panics
///
/// If `rounds > 22`.
pub fn p800(state: &mut State800, rounds: usize) {
    keccak_p_generic(state, rounds);
}
