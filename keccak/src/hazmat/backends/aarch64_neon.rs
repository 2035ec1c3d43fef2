//! aarch64 with plain NEON (every aarch64 CPU; the one picked where FEAT_SHA3 is missing, such as
//! Cortex-A72/A76 or Neoverse N1 / Graviton2): two states per 128-bit register (one lane of each)
//! for the four-state calls, as two pairs; one state runs the portable code (its scalar round,
//! with ρ deferred, takes fewer instructions than a NEON round on one lane).
//!
//! Without `XAR`, `EOR3`, `RAX1` and `BCAX`, each rotation is `SHL` + `SRI` and χ is `BIC` + `EOR`:
//! 160 instructions a round for the two states ([`rounds`], generated assembly written by
//! `keccak/gen/aarch64_neon_rounds.py`, registers assigned so that no lane is spilled), 80 a
//! state, where the scalar round takes about 140. The absorb loops keep both states in
//! registers from block to block. The helpers that move pairs of states in and out of registers
//! ([`load_x2`], [`store_x2`], [`absorb_x2`]) serve `aarch64_sha3` too.

// NEON is part of aarch64, so from Rust 1.87 on its intrinsics are safe to call here; the crate's
// rust-version (1.85) still needs the `unsafe` blocks.
#![allow(unused_unsafe)]

use core::arch::aarch64::*;

#[cfg(feature = "many-states")]
mod rounds;

#[cfg(feature = "many-states")]
use super::super::RC;
use super::super::State1600;
#[cfg(keccak_many_msgs)]
use super::super::words::{by_rate, load_lane, xor_block};
#[cfg(keccak_many_msgs)]
use super::absorb_args_ok;
use super::portable::Portable;
use super::tokens::Aarch64Neon as Token;
use super::{Job, Kernels};

/// The NEON kernels (NEON is part of aarch64; the token still comes from the backend table like every
/// backend's).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64Neon(pub(super) Token);

/// Runs `job` with the NEON kernels.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: NEON is part of aarch64 (the token comes from the backend table like every backend's).
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support NEON (every aarch64 CPU does).
#[target_feature(enable = "neon")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(Aarch64Neon(token))
}

impl Kernels for Aarch64Neon {
    #[cfg(feature = "many-states")]
    const SIMD_X4: bool = true;

    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        Portable.keccak_p::<R>(state);
    }

    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        let (first, second) = states.split_at_mut(2);
        for pair in [first, second] {
            let (s0, s1) = pair.split_at_mut(1);
            let mut a = load_x2(&s0[0], &s1[0]);
            permute::<R>(&mut a);
            store_x2(&a, &mut s0[0], &mut s1[0]);
        }
    }

    #[inline(always)]
    fn absorb<const R: usize>(self, state: &mut State1600, data: &[u8], rate: usize) {
        Portable.absorb::<R>(state, data, rate);
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        debug_assert!(absorb_args_ok(msgs, rate));
        absorb_pairs(states, msgs, rate, permute::<R>, |s, m| {
            for block in m.chunks_exact(rate) {
                xor_block(s, block);
                Portable.keccak_p::<R>(s);
            }
        });
    }
}

/// Keccak-p\[1600, R\] (the last R rounds, R = 12 or 24) on the two states in `a`: twelve rounds
/// of generated assembly ([`rounds::rounds12`]), once or twice.
#[inline(always)]
#[cfg(feature = "many-states")]
fn permute<const R: usize>(a: &mut [uint64x2_t; 25]) {
    if R == 24 {
        // SAFETY: `RC[..12]` are 12 `u64`s (NEON is part of aarch64).
        unsafe { rounds::rounds12(a, RC.as_ptr()) };
    }
    // SAFETY: as above, `RC[12..]` are 12 `u64`s.
    unsafe { rounds::rounds12(a, RC[12..].as_ptr()) };
}

/// [`Kernels::absorb_x4`] on two pairs of states, each pair in registers through its blocks with
/// `permute_x2` for the Keccak rates the crate uses (168 and 136 bytes), with `one_by_one` on each
/// state for any other rate.
#[inline(always)]
#[cfg(keccak_many_msgs)]
pub(super) fn absorb_pairs(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
    permute_x2: impl Fn(&mut [uint64x2_t; 25]) + Copy,
    one_by_one: impl Fn(&mut State1600, &[u8]) + Copy,
) {
    let (first, second) = states.split_at_mut(2);
    for (pair, m) in [first, second]
        .into_iter()
        .zip([[msgs[0], msgs[1]], [msgs[2], msgs[3]]])
    {
        let (s0, s1) = pair.split_at_mut(1);
        let (s0, s1) = (&mut s0[0], &mut s1[0]);
        by_rate!(rate, L => absorb_x2::<L>(s0, s1, m, permute_x2), _ => {
            one_by_one(s0, m[0]);
            one_by_one(s1, m[1]);
        })
    }
}

/// The absorb loop on two states with `LANES` lanes a block (`m[0]` into `s0`, `m[1]` into
/// `s1`, of equal lengths), both in registers throughout.
#[inline(always)]
#[cfg(keccak_many_msgs)]
pub(super) fn absorb_x2<const LANES: usize>(
    s0: &mut State1600,
    s1: &mut State1600,
    m: [&[u8]; 2],
    permute_x2: impl Fn(&mut [uint64x2_t; 25]),
) {
    let mut a = load_x2(s0, s1);
    for (b0, b1) in m[0]
        .chunks_exact(8 * LANES)
        .zip(m[1].chunks_exact(8 * LANES))
    {
        for i in 0..LANES {
            a[i] = xor(
                a[i],
                pair_of(load_lane(&b0[8 * i..]), load_lane(&b1[8 * i..])),
            );
        }
        permute_x2(&mut a);
    }
    store_x2(&a, s0, s1);
}

/// `x` in both elements.
#[inline(always)]
pub(super) fn dup(x: u64) -> uint64x2_t {
    // SAFETY: NEON is part of aarch64.
    unsafe { vdupq_n_u64(x) }
}

/// `x0` in the lower element, `x1` in the upper one.
#[inline(always)]
#[cfg(feature = "many-states")]
fn pair_of(x0: u64, x1: u64) -> uint64x2_t {
    // SAFETY: NEON is part of aarch64.
    unsafe { vcombine_u64(vcreate_u64(x0), vcreate_u64(x1)) }
}

/// Element `I` of `v`.
#[inline(always)]
pub(super) fn element<const I: i32>(v: uint64x2_t) -> u64 {
    // SAFETY: NEON is part of aarch64; `I` is 0 or 1 (checked at compile time).
    unsafe { vgetq_lane_u64::<I>(v) }
}

/// Two states, lane `i` of `s0` and of `s1` in register `i`.
#[inline(always)]
#[cfg(feature = "many-states")]
pub(super) fn load_x2(s0: &State1600, s1: &State1600) -> [uint64x2_t; 25] {
    core::array::from_fn(|i| pair_of(s0[i], s1[i]))
}

#[inline(always)]
#[cfg(feature = "many-states")]
pub(super) fn store_x2(a: &[uint64x2_t; 25], s0: &mut State1600, s1: &mut State1600) {
    for ((l0, l1), v) in s0.iter_mut().zip(s1.iter_mut()).zip(a) {
        *l0 = element::<0>(*v);
        *l1 = element::<1>(*v);
    }
}

/// `a ^ b`.
#[inline(always)]
pub(super) fn xor(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
    // SAFETY: NEON is part of aarch64.
    unsafe { veorq_u64(a, b) }
}
