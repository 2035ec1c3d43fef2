//! The raw Keccak permutations, with their backends side by side.
//!
//! Hazardous: these are building blocks, not finished constructions.
//!
//! The state is 25 lanes of 64 bits, lane `i = x + 5 * y`, each lane read from 8 state bytes in
//! little-endian order (FIPS 202 byte order).
//!
//! Backend choice (made once, at run time, for the whole process):
//! * `portable`: every round fully unrolled, no per-round lane copies, written so the compiler can
//!   use an and-not instruction for χ. Always compiled, always the fallback.
//! * `x86_bmi` (x86/x86_64): the same portable code compiled with `bmi1,bmi2` (`andn`, `rorx`),
//!   chosen with `cpufeatures` when the CPU has both.
//! * `x86_avx2` (x86_64): four independent states at once, one lane of each per 256-bit register;
//!   drives the KangarooTwelve leaves, ParallelHash blocks and the [`crate::batch`] API.
//! * `x86_avx512` (x86_64, built with Rust 1.89 or later), chosen before the two above when the CPU
//!   has AVX-512F and AVX-512VL: the same round with `vpternlogq` for θ's XORs and χ and native
//!   `vprolq` rotations (about 90 instructions a round instead of about 190), on 256-bit
//!   registers for four states and on 128-bit registers (one lane each) for one state.
//! * `compact`: one rolled round loop (smallest code), selected with
//!   `RUSTFLAGS='--cfg keccak_backend="compact"'`.
//!
//! `RUSTFLAGS='--cfg keccak_backend="portable"'` (or `--cfg lwc_force_portable`, or Miri) disables
//! run-time detection and always uses the portable code.

pub(crate) mod backends;

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

/// Keccak-f\[1600\]: the 24-round permutation of SHA-3, SHAKE, cSHAKE, KMAC, TupleHash, ParallelHash.
#[inline]
pub fn f1600(state: &mut State1600) {
    backends::permute::<24>(state);
}

/// Keccak-p\[1600, 12\]: the last 12 rounds (round constants 12..=23), used by TurboSHAKE and
/// KangarooTwelve.
#[inline]
pub fn p1600_12(state: &mut State1600) {
    backends::permute::<12>(state);
}

/// Keccak-f\[1600\] on four independent states at once (AVX2 when available, else one after another).
#[inline]
pub fn f1600_x4(states: &mut [State1600; 4]) {
    backends::permute_x4::<24>(states);
}

/// Keccak-p\[1600, 12\] on four independent states at once (AVX2 when available, else one after another).
#[inline]
pub fn p1600_12_x4(states: &mut [State1600; 4]) {
    backends::permute_x4::<12>(states);
}

/// Name of the single-state backend this process uses (`"portable"`, `"x86_bmi"`, `"x86_avx512"`
/// or `"compact"`).
#[must_use]
pub fn backend_name() -> &'static str {
    backends::name()
}

/// Whether the four-state permutation runs on a SIMD backend (AVX-512VL or AVX2) in this process.
#[must_use]
pub fn has_simd_x4() -> bool {
    backends::has_x4()
}

/// Name of the four-state backend this process uses (`"x86_avx512"`, `"x86_avx2"` or
/// `"portable"`).
#[must_use]
pub fn backend_name_x4() -> &'static str {
    backends::x4_name()
}

#[doc(hidden)]
/// Testing aid: runs the named single-state backend (`"x86_avx512"` or `"x86_bmi"`) whatever the
/// run-time choice: Keccak-p\[1600, `rounds`\] on `state`. Returns `false`, doing nothing, when that
/// backend is not compiled in or the CPU lacks it.
pub fn x1_backend_for_tests(name: &str, state: &mut State1600, rounds: usize) -> bool {
    if rounds == 12 {
        backends::x1_backend::<12>(name, state)
    } else {
        backends::x1_backend::<24>(name, state)
    }
}

#[doc(hidden)]
/// Testing aid: runs the named four-state backend (`"x86_avx512"` or `"x86_avx2"`) whatever the
/// run-time choice: Keccak-p\[1600, `rounds`\] on `states` (`absorb` = `None`), or the absorption of
/// the whole `rate`-byte blocks of four equal-length messages. Returns `false`, doing nothing,
/// when that backend is not compiled in or the CPU lacks it.
pub fn x4_backend_for_tests(
    name: &str,
    states: &mut [State1600; 4],
    rounds: usize,
    absorb: Option<([&[u8]; 4], usize)>,
) -> bool {
    if rounds == 12 {
        backends::x4_backend::<12>(name, states, absorb)
    } else {
        backends::x4_backend::<24>(name, states, absorb)
    }
}

#[doc(hidden)]
/// Testing aid: the portable permutation, whatever backend is selected (`rounds` is 12 or 24).
pub fn portable_permute(state: &mut State1600, rounds: usize) {
    if rounds == 12 {
        backends::portable::keccak_p::<12>(state);
    } else {
        backends::portable::keccak_p::<24>(state);
    }
}
