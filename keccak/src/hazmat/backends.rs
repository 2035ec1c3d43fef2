//! The backends: the [`Kernels`] they implement, and the backend table (`lwc_dispatch::backends!`,
//! at the end of this file), which makes the public `Backend` enum, the tokens only run-time
//! detection creates, the cached choice of the process and the one `dispatch`.
//!
//! A [`Job`] (a permutation call, the four-state absorb loop) is generic over the kernels;
//! `dispatch` matches on the backend of this process and enters exactly one function per backend
//! (`run` in each backend file, which enters its `#[target_feature]` function), into which the
//! job's `run` and the kernels are inlined, so the whole job is compiled for that backend.
//!
//! CPU features are asked only on x86/x86_64 and aarch64; the bit-interleaved `bi32` backend needs
//! none and is compiled in everywhere. When the build is forced portable (Miri,
//! `--cfg lwc_force_portable`, `--cfg keccak_backend="portable"` or `"compact"`) only `Portable`
//! is: build.rs folds those conditions into the aliases `keccak_bi32`, `keccak_bi32_default`,
//! `keccak_x86`, `keccak_x86_64`, `keccak_avx512`, `keccak_aarch64` and `keccak_wasm_simd128`
//! (chosen at compile time: WebAssembly has no run-time detection).

use super::{
    State1600,
    words::{load_lane, load_partial, store_lanes, xor_block},
};

#[cfg(keccak_bi32)]
pub(crate) mod bi32;
pub(crate) mod portable;
#[cfg(keccak_x86)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_bmi;

#[cfg(keccak_x86_64)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_avx2;

#[cfg(keccak_avx512)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_avx512;

#[cfg(keccak_aarch64)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod aarch64_neon;

#[cfg(keccak_aarch64)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod aarch64_sha3;

#[cfg(keccak_wasm_simd128)]
pub(crate) mod wasm_simd128;

mod jobs;
#[cfg(test)]
mod tests;

#[cfg(feature = "batch")]
pub(crate) use jobs::Digest;
pub(crate) use jobs::{Absorb, Finish, Job};
#[cfg(keccak_many_msgs)]
pub(crate) use jobs::{AbsorbX4, AbsorbX8};
/// The portable round, generic over the lane: Keccak-p\[200\] .. \[800\] run it too.
pub(crate) use portable::round;

/// What a backend implements: the permutation, and hooks with default methods (written in terms
/// of the permutation) for the loops a backend may speed up.
pub(crate) trait Kernels: Copy {
    /// Whether [`Kernels::keccak_p_x4`] runs the four states in SIMD registers at once rather
    /// than one after another (`hazmat::has_simd_x4`).
    #[cfg(feature = "many-states")]
    const SIMD_X4: bool = false;

    /// Whether [`Kernels::keccak_p_x8`] runs eight states in one pass of eight-lane registers, so
    /// that a group of eight costs about what a group of four or one state does.
    #[cfg(any(feature = "kt", feature = "parallel-hash"))]
    const EIGHT_AT_ONCE: bool = false;

    /// Keccak-p\[1600, R\] (R = 12 or 24: the last R rounds) on one state.
    fn keccak_p<const R: usize>(self, state: &mut State1600);

    /// Keccak-p\[1600, R\] on four independent states; by default one after another.
    #[cfg(feature = "many-states")]
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

    /// One whole hash of `data` from the empty state: absorbs its whole `rate`-byte blocks, then
    /// the rest padded with domain byte `ds` and the final `0x80`, applies Keccak-p\[1600, R\]
    /// and writes the first `out.len()` (at most 200) bytes of the state into `out`. A backend
    /// may keep the state in registers from the first block to the output.
    ///
    /// The caller guarantees that `rate` is a whole number of lanes within the state; otherwise
    /// an implementation may panic or give a wrong result, but stays memory-safe.
    #[cfg(feature = "batch")]
    #[inline(always)]
    fn digest<const R: usize>(self, data: &[u8], rate: usize, ds: u8, out: &mut [u8]) {
        digest_in_memory::<Self, R>(self, data, rate, ds, out);
    }

    /// The end of a fixed-output hash: pads the block absorbed into `state` up to byte `pos`
    /// (below `rate`) with domain byte `ds` and the final `0x80`, applies Keccak-p\[1600, R\]
    /// and writes the first `out.len()` (at most 200) bytes of the result into `out`. `state` is
    /// left unspecified (its owner is done with it); a backend may write the output straight from
    /// its registers.
    ///
    /// The caller guarantees that `rate` is a whole number of lanes within the state and that
    /// `pos` is below it; otherwise an implementation may panic or give a wrong result, but stays
    /// memory-safe.
    #[inline(always)]
    fn finish<const R: usize>(
        self,
        state: &mut State1600,
        pos: usize,
        rate: usize,
        ds: u8,
        out: &mut [u8],
    ) {
        finish_in_memory::<Self, R>(self, state, pos, rate, ds, out);
    }

    /// XORs the whole `rate`-byte blocks of four equal-length messages into four states,
    /// applying Keccak-p\[1600, R\] to all four after each block (a backend may keep the states
    /// in registers across blocks).
    ///
    /// The caller guarantees [`absorb_args_ok`] (the engine passes whole blocks of a Keccak rate);
    /// otherwise an implementation may panic or give a wrong result, but stays memory-safe.
    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        absorb_x4_blocks::<Self, R>(self, states, msgs, rate);
    }

    /// Keccak-p\[1600, R\] on eight independent states; by default as two groups of four.
    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn keccak_p_x8<const R: usize>(self, states: &mut [State1600; 8]) {
        let (lo, hi) = halves(states);
        self.keccak_p_x4::<R>(lo);
        self.keccak_p_x4::<R>(hi);
    }

    /// [`Kernels::absorb_x4`] for eight equal-length messages and eight states; by default as two
    /// groups of four. The caller guarantees [`absorb_args_ok`].
    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x8<const R: usize>(self, states: &mut [State1600; 8], msgs: [&[u8]; 8], rate: usize) {
        let (lo, hi) = halves(states);
        let [m0, m1, m2, m3, m4, m5, m6, m7] = msgs;
        self.absorb_x4::<R>(lo, [m0, m1, m2, m3], rate);
        self.absorb_x4::<R>(hi, [m4, m5, m6, m7], rate);
    }
}

/// [`Kernels::digest`] on a state in memory: the absorb loop, the padded last block, the
/// permutation and the first `out.len()` state bytes.
#[cfg(feature = "batch")]
#[inline(always)]
pub(crate) fn digest_in_memory<K: Kernels, const R: usize>(
    kernels: K,
    data: &[u8],
    rate: usize,
    ds: u8,
    out: &mut [u8],
) {
    let mut st = [0; 25];
    let body = data.len() - data.len() % rate;
    let (blocks, tail) = data.split_at(body);
    kernels.absorb::<R>(&mut st, blocks, rate);
    xor_last_block(&mut st, tail, rate, ds);
    kernels.keccak_p::<R>(&mut st);
    store_lanes(&st, out);
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(&mut st);
}

/// [`Kernels::finish`] on the state in memory: the padding XORed into its lanes, the
/// permutation, and the first `out.len()` state bytes.
#[inline(always)]
pub(crate) fn finish_in_memory<K: Kernels, const R: usize>(
    kernels: K,
    state: &mut State1600,
    pos: usize,
    rate: usize,
    ds: u8,
    out: &mut [u8],
) {
    xor_domain_byte(state, pos, ds);
    state[rate / 8 - 1] ^= 0x80 << 56;
    kernels.keccak_p::<R>(state);
    store_lanes(state, out);
}

/// XORs domain byte `ds` into `state` at byte `pos` as a whole-lane XOR: the permutation's loads
/// of that lane are then served by one store of the same width (a byte store under an 8-byte load
/// stalls it until the store has left the core).
#[inline(always)]
pub(crate) fn xor_domain_byte(state: &mut State1600, pos: usize, ds: u8) {
    state[pos / 8] ^= u64::from(ds) << (8 * (pos % 8));
}

/// The last block of a message as lanes: `tail` (shorter than `rate`) followed by the domain byte
/// `ds`, zeros, and the final `0x80` in the block's last byte; the lanes from `rate` on are zero.
/// Whole lanes are loaded whole and the partial one in pieces of 4, 2 and 1 bytes, so that no
/// load reads a lane built by narrower stores; a tail of a length known at the call folds to
/// loads and constants. (The one-state AVX-512 code loads it into its registers; the other
/// callers XOR it in place: [`xor_last_block`].)
#[cfg(all(keccak_avx512, feature = "batch"))]
#[inline(always)]
pub(crate) fn last_block(tail: &[u8], rate: usize, ds: u8) -> State1600 {
    let mut lanes = [0; 25];
    xor_last_block(&mut lanes, tail, rate, ds);
    lanes
}

/// XORs a message's padded last block into `st`: `tail` (shorter than `rate`), the domain byte
/// `ds` after it and the final `0x80` in the block's last byte, lane by lane without building the
/// block, so that no copy of the message's last bytes is left in memory to wipe.
#[inline(always)]
pub(crate) fn xor_last_block(st: &mut State1600, tail: &[u8], rate: usize, ds: u8) {
    let mut chunks = tail.chunks_exact(8);
    for (lane, chunk) in st.iter_mut().zip(&mut chunks) {
        *lane ^= load_lane(chunk);
    }
    let rest = chunks.remainder();
    st[tail.len() / 8] ^= load_partial(rest) | (u64::from(ds) << (8 * rest.len()));
    st[rate / 8 - 1] ^= 0x80 << 56;
}

/// The first and the last four of eight states.
#[cfg(keccak_many_msgs)]
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
#[cfg(keccak_many_msgs)]
#[inline]
pub(crate) fn absorb_args_ok<const N: usize>(msgs: [&[u8]; N], rate: usize) -> bool {
    rate % 8 == 0 && rate > 0 && rate <= 200 && msgs.iter().all(|m| m.len() == msgs[0].len())
}

/// [`Kernels::absorb_x4`] on the state words, block by block with `kernels`' four-state
/// permutation.
#[cfg(keccak_many_msgs)]
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

lwc_dispatch::backends! {
    /// A backend the permutations (and the four-state absorb loop) can run on.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum Backend {
        /// Plain Rust, compiled for the build target. Always available.
        Portable => portable, always;
        /// x86/x86_64: the portable code compiled with BMI1 and BMI2 (`andn`, `rorx`); four states
        /// one after another.
        #[cfg(keccak_x86)]
        X86Bmi => x86_bmi, cpu("bmi1", "bmi2");
        /// Plain Rust, bit-interleaved: each lane as two 32-bit words (its even and its odd bits),
        /// so 64-bit rotations are 32-bit ones. The default on 32-bit targets but wasm32 (RISC-V,
        /// ARM, i686, where it was measured faster than `Portable`, and on i686 than `X86Bmi`
        /// (PERFORMANCE.md, "32-bit targets"): hence its place after `X86Bmi`); compiled in on
        /// every target unless the build is forced portable (on 64-bit targets and wasm32
        /// detection never picks it: only tests and `force_backend` run it).
        #[cfg(keccak_bi32)]
        Bi32 => bi32, always if cfg!(keccak_bi32_default);
        /// x86_64: four states in AVX2 registers; one state on the BMI1/BMI2 code. Needs AVX2,
        /// BMI1 and BMI2.
        #[cfg(keccak_x86_64)]
        X86Avx2 => x86_avx2, cpu("avx2", "bmi1", "bmi2");
        /// x86_64: one state and four states in AVX-512VL registers (`vpternlogq`, `vprolq`).
        /// Needs AVX-512F, AVX-512VL and AVX2 (and Rust 1.89 or later at build time).
        #[cfg(keccak_avx512)]
        X86Avx512 => x86_avx512, cpu("avx512f", "avx512vl", "avx2");
        /// aarch64 without FEAT_SHA3 (plain NEON, every aarch64 CPU): two states per 128-bit
        /// register for the four-state calls; one state on the portable code.
        #[cfg(keccak_aarch64)]
        Aarch64Neon => aarch64_neon, always;
        /// aarch64 with FEAT_SHA3 (`EOR3`, `RAX1`, `XAR`, `BCAX`): one state on 128-bit NEON
        /// registers (one lane each), two states per register for the four-state calls.
        #[cfg(keccak_aarch64)]
        Aarch64Sha3 => aarch64_sha3, cpu("sha3");
        /// wasm32 with `simd128` enabled at compile time: two states per `v128` for the four-state
        /// calls; one state on the scalar code.
        #[cfg(keccak_wasm_simd128)]
        WasmSimd128 => wasm_simd128, always;
    }
}

/// What the kernels of this process's backend say of their many-state permutations.
#[cfg(feature = "many-states")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct ManyStates {
    /// [`Kernels::SIMD_X4`].
    pub(crate) simd_x4: bool,
    /// [`Kernels::EIGHT_AT_ONCE`].
    #[cfg(any(feature = "kt", feature = "parallel-hash"))]
    pub(crate) eight_at_once: bool,
}

/// The job that reads [`ManyStates`] off the kernels.
#[cfg(feature = "many-states")]
struct ReadManyStates;

#[cfg(feature = "many-states")]
impl Job for ReadManyStates {
    type Output = ManyStates;
    #[inline(always)]
    fn run<K: Kernels>(self, _: K) -> ManyStates {
        ManyStates {
            simd_x4: K::SIMD_X4,
            #[cfg(any(feature = "kt", feature = "parallel-hash"))]
            eight_at_once: K::EIGHT_AT_ONCE,
        }
    }
}

/// [`ManyStates`] of this process's backend (one dispatch for both answers).
#[cfg(feature = "many-states")]
pub(crate) fn many_states() -> ManyStates {
    dispatch(ReadManyStates)
}

/// Whether this process's backend runs eight states in one pass ([`Kernels::EIGHT_AT_ONCE`]).
#[cfg(any(feature = "kt", feature = "parallel-hash"))]
pub(crate) fn eight_states_at_once() -> bool {
    many_states().eight_at_once
}
