//! Portable Keccak-p\[1600\]: straight-line rounds, the state held in locals.
//!
//! Each round is an `#[inline(always)]` function from 25 lanes to 25 lanes; after inlining, the
//! compiler keeps the lanes in registers/stack slots and renames them between rounds (no copies).
//! The rounds are unrolled, except on x86/x86_64 where one round per loop iteration is faster
//! (see [`keccak_p`]), on 32-bit targets where the `bi32` backend runs and this one is only the
//! fallback, on wasm32 (faster than unrolled under V8: PERFORMANCE.md, "wasm32"), and in the `compact` build (`--cfg keccak_backend="compact"`, the smallest code),
//! which rolls them on every target (the build.rs alias `keccak_rolled`).
//! χ is written `a ^ (!b & c)` so that targets with an and-not instruction (BMI1 `andn`, ARM `bic`)
//! use it. On aarch64 the permutation defers ρ's rotations into the operands of the following
//! instructions instead ([`lazy_rho`], the alias `keccak_lazy_rho`).

#[cfg(not(keccak_lazy_rho))]
use super::super::RC;
use super::super::{Lane, State1600};
use super::Kernels;

#[cfg(keccak_lazy_rho)]
mod lazy_rho;

/// The portable kernels (no unsafe code, every target).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

/// Runs `job` with these kernels (no CPU feature to enable: the build's own code).
#[inline(always)]
pub(super) fn run<J: super::Job>(_: super::tokens::Portable, job: J) -> J::Output {
    job.run(Portable)
}

impl Kernels for Portable {
    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        keccak_p_out_of_line::<R>(state);
    }
}

/// [`keccak_p`] out of line, so that its body exists once per round count (not at every call).
#[inline(never)]
fn keccak_p_out_of_line<const R: usize>(state: &mut State1600) {
    keccak_p::<R>(state);
}

/// One Keccak round (θ, ρ, π, χ, ι) on lanes held by value; straight-line code (generated from
/// the FIPS 202 step definitions: ρ offsets, π: lane `x + 5y` moves to `y + 5((2x + 3y) mod 5)`).
///
/// Generic over the lane: `u64` here (Keccak-f\[1600\]); `u8`, `u16`, `u32` for Keccak-p\[200\],
/// \[400\], \[800\] ([`hazmat::keccak_p_generic`](super::super::keccak_p_generic)), whose
/// [`Lane::rotate_left`] takes the ρ offsets modulo the lane width.
// Where `lazy_rho` replaces it for Keccak-f[1600], its tests still use the u64 round as their
// reference.
#[inline(always)]
pub(crate) fn round<L: Lane>(a: [L; 25], rc: L) -> [L; 25] {
    let c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
    let c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
    let c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
    let c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
    let c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
    let d0 = c4 ^ c1.rotate_left(1);
    let d1 = c0 ^ c2.rotate_left(1);
    let d2 = c1 ^ c3.rotate_left(1);
    let d3 = c2 ^ c4.rotate_left(1);
    let d4 = c3 ^ c0.rotate_left(1);
    let b0 = a[0] ^ d0;
    let b10 = (a[1] ^ d1).rotate_left(1);
    let b20 = (a[2] ^ d2).rotate_left(62);
    let b5 = (a[3] ^ d3).rotate_left(28);
    let b15 = (a[4] ^ d4).rotate_left(27);
    let b16 = (a[5] ^ d0).rotate_left(36);
    let b1 = (a[6] ^ d1).rotate_left(44);
    let b11 = (a[7] ^ d2).rotate_left(6);
    let b21 = (a[8] ^ d3).rotate_left(55);
    let b6 = (a[9] ^ d4).rotate_left(20);
    let b7 = (a[10] ^ d0).rotate_left(3);
    let b17 = (a[11] ^ d1).rotate_left(10);
    let b2 = (a[12] ^ d2).rotate_left(43);
    let b12 = (a[13] ^ d3).rotate_left(25);
    let b22 = (a[14] ^ d4).rotate_left(39);
    let b23 = (a[15] ^ d0).rotate_left(41);
    let b8 = (a[16] ^ d1).rotate_left(45);
    let b18 = (a[17] ^ d2).rotate_left(15);
    let b3 = (a[18] ^ d3).rotate_left(21);
    let b13 = (a[19] ^ d4).rotate_left(8);
    let b14 = (a[20] ^ d0).rotate_left(18);
    let b24 = (a[21] ^ d1).rotate_left(2);
    let b9 = (a[22] ^ d2).rotate_left(61);
    let b19 = (a[23] ^ d3).rotate_left(56);
    let b4 = (a[24] ^ d4).rotate_left(14);
    [
        b0 ^ (!b1 & b2) ^ rc,
        b1 ^ (!b2 & b3),
        b2 ^ (!b3 & b4),
        b3 ^ (!b4 & b0),
        b4 ^ (!b0 & b1),
        b5 ^ (!b6 & b7),
        b6 ^ (!b7 & b8),
        b7 ^ (!b8 & b9),
        b8 ^ (!b9 & b5),
        b9 ^ (!b5 & b6),
        b10 ^ (!b11 & b12),
        b11 ^ (!b12 & b13),
        b12 ^ (!b13 & b14),
        b13 ^ (!b14 & b10),
        b14 ^ (!b10 & b11),
        b15 ^ (!b16 & b17),
        b16 ^ (!b17 & b18),
        b17 ^ (!b18 & b19),
        b18 ^ (!b19 & b15),
        b19 ^ (!b15 & b16),
        b20 ^ (!b21 & b22),
        b21 ^ (!b22 & b23),
        b22 ^ (!b23 & b24),
        b23 ^ (!b24 & b20),
        b24 ^ (!b20 & b21),
    ]
}

#[cfg(not(any(keccak_rolled, keccak_lazy_rho)))]
macro_rules! unrolled {
    ($a:ident; $($i:literal)*) => { $( $a = round($a, RC[$i]); )* };
}

/// Keccak-p\[1600, R\] for R = 12 or 24 (the last R round constants).
///
/// On x86/x86_64 the rounds run in a loop, one straight-line round per iteration: the fully
/// unrolled 24 rounds do not fit the decoded-instruction cache and ran no faster than a rolled
/// permutation despite fewer instructions, while the one-round loop body does fit (sizes and
/// times: PERFORMANCE.md, "Speed"). Elsewhere every round is unrolled, except in the
/// `compact` build and on 32-bit targets (where `bi32` is the default, and on wasm32, where the
/// rolled rounds ran faster under V8: PERFORMANCE.md, "wasm32"); on aarch64 the unrolled rounds
/// defer ρ
/// ([`lazy_rho`]).
#[inline(always)]
pub(crate) fn keccak_p<const R: usize>(state: &mut State1600) {
    #[cfg(keccak_lazy_rho)]
    lazy_rho::keccak_p::<R>(state);
    #[cfg(not(keccak_lazy_rho))]
    keccak_p_eager::<R>(state);
}

/// [`keccak_p`] with each of ρ's rotations executed where ρ applies it (every target but those
/// of `keccak_lazy_rho`).
#[cfg(not(keccak_lazy_rho))]
#[inline(always)]
fn keccak_p_eager<const R: usize>(state: &mut State1600) {
    let mut a = *state;
    #[cfg(keccak_rolled)]
    for &rc in &RC[24 - R..] {
        a = round(a, rc);
    }
    #[cfg(not(keccak_rolled))]
    {
        if R == 24 {
            unrolled!(a; 0 1 2 3 4 5 6 7 8 9 10 11);
        }
        unrolled!(a; 12 13 14 15 16 17 18 19 20 21 22 23);
    }
    *state = a;
}
