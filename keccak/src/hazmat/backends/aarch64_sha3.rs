//! aarch64 with FEAT_SHA3 (Apple M1 and later; Neoverse V1, N2, V2 and later, such as AWS
//! Graviton3/4; not Cortex-A72/A76 or Neoverse N1 / Graviton2): the round on 128-bit NEON
//! registers, used
//! * with one lane per register (the upper element unused) for one state;
//! * with two states per register (one lane of each) for the four-state calls, as two pairs.
//!
//! `EOR3` computes θ's five-way XORs in two instructions a column, `RAX1` θ's effect
//! `C[x-1] ^ rol(C[x+1], 1)`, `XAR` θ's XOR and ρ's rotation of a lane in one instruction
//! (`ror(a ^ d, 64 - n)`), and `BCAX` χ (`a ^ (c & !b)`): 67 instructions a round, where the
//! scalar round takes about 130. The rounds are generated assembly ([`rounds`], written by
//! `keccak/gen/aarch64_sha3_rounds.py`): with all 32 registers assigned by the generator, no lane
//! is ever spilled or moved within twelve rounds (the compiler, from the same round written with
//! intrinsics, spilled and moved about seven registers a round). The absorb loops keep the 25
//! lanes in registers from block to block, loading and storing the state once per call.

// NEON is part of aarch64, so from Rust 1.87 on its intrinsics are safe to call here; the crate's
// rust-version (1.85) still needs the `unsafe` blocks.
#![allow(unused_unsafe)]

use core::arch::aarch64::*;

mod rounds;

use super::super::{
    RC, State1600,
    words::{by_rate, load_lane, xor_block},
};
#[cfg(keccak_many_msgs)]
use super::aarch64_neon::absorb_pairs;
use super::aarch64_neon::{dup, element, xor};
#[cfg(feature = "many-states")]
use super::aarch64_neon::{load_x2, store_x2};
#[cfg(keccak_many_msgs)]
use super::absorb_args_ok;
use super::tokens::Aarch64Sha3 as Token;
use super::{Job, Kernels};

/// The FEAT_SHA3 kernels; a value exists only after run-time detection found FEAT_SHA3.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64Sha3(pub(super) Token);

/// Runs `job` with the FEAT_SHA3 kernels, compiled with NEON and SHA3 enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found FEAT_SHA3 on this CPU (NEON is part of
    // aarch64).
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support FEAT_SHA3.
#[target_feature(enable = "neon,sha3")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(Aarch64Sha3(token))
}

impl Kernels for Aarch64Sha3 {
    #[cfg(feature = "many-states")]
    const SIMD_X4: bool = true;

    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        let mut a = load_x1(state);
        permute::<R>(self.0, &mut a);
        store_x1(&a, state);
    }

    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        let (first, second) = states.split_at_mut(2);
        for pair in [first, second] {
            let (s0, s1) = pair.split_at_mut(1);
            let mut a = load_x2(&s0[0], &s1[0]);
            permute::<R>(self.0, &mut a);
            store_x2(&a, &mut s0[0], &mut s1[0]);
        }
    }

    #[inline(always)]
    fn absorb<const R: usize>(self, state: &mut State1600, data: &[u8], rate: usize) {
        debug_assert!(rate % 8 == 0 && rate > 0 && rate <= 200 && data.len() % rate == 0);
        // The loop keeps the lanes in registers only when it indexes them with constants: one
        // copy per Keccak rate the crate uses, the default loop for any other.
        by_rate!(all rate, L => absorb_x1::<R, L>(self.0, state, data),
            _ => absorb_blocks::<Self, R>(self, state, data, rate))
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        debug_assert!(absorb_args_ok(msgs, rate));
        let t = self.0;
        absorb_pairs(
            states,
            msgs,
            rate,
            |a| permute::<R>(t, a),
            |s, m| absorb_blocks::<Self, R>(self, s, m, rate),
        );
    }
}

/// The absorb loop on one state with `LANES` lanes a block, the state in registers throughout.
#[inline(always)]
fn absorb_x1<const R: usize, const LANES: usize>(t: Token, state: &mut State1600, data: &[u8]) {
    let mut a = load_x1(state);
    for block in data.chunks_exact(8 * LANES) {
        for i in 0..LANES {
            a[i] = xor(a[i], dup(load_lane(&block[8 * i..])));
        }
        permute::<R>(t, &mut a);
    }
    store_x1(&a, state);
}

/// The absorb loop of any other rate: block by block, the state in memory between permutations
/// (what [`Kernels::absorb`] does by default).
#[inline(always)]
fn absorb_blocks<K: Kernels, const R: usize>(
    kernels: K,
    state: &mut State1600,
    data: &[u8],
    rate: usize,
) {
    for block in data.chunks_exact(rate) {
        xor_block(state, block);
        kernels.keccak_p::<R>(state);
    }
}

/// Keccak-p\[1600, R\] (the last R rounds, R = 12 or 24) on the lanes in `a`: twelve rounds
/// of generated assembly ([`rounds::rounds12`]), once or twice.
#[inline(always)]
fn permute<const R: usize>(_: Token, a: &mut [uint64x2_t; 25]) {
    if R == 24 {
        // SAFETY: the token proves that the CPU has FEAT_SHA3; `RC[..12]` are 12 `u64`s.
        unsafe { rounds::rounds12(a, RC.as_ptr()) };
    }
    // SAFETY: as above, `RC[12..]` are 12 `u64`s.
    unsafe { rounds::rounds12(a, RC[12..].as_ptr()) };
}

/// One state, one lane per register.
#[inline(always)]
fn load_x1(state: &State1600) -> [uint64x2_t; 25] {
    core::array::from_fn(|i| dup(state[i]))
}

#[inline(always)]
fn store_x1(a: &[uint64x2_t; 25], state: &mut State1600) {
    for (lane, v) in state.iter_mut().zip(a) {
        *lane = element::<0>(*v);
    }
}
