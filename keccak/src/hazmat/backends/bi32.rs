//! Bit-interleaved Keccak-p\[1600\] for 32-bit cores: each 64-bit lane held as two 32-bit words,
//! its even bits and its odd bits (the technique of XKCP's `inplace-32bi` and its ARMv6-M/v7-M
//! `32bi` assembly, written here from the FIPS 202 step definitions).
//!
//! A 64-bit rotation by `r` becomes two 32-bit rotations (by `r / 2` each when `r` is even; by
//! `(r + 1) / 2` and `(r - 1) / 2`, with the two words trading places, when `r` is odd), so a
//! 32-bit core with a rotate instruction (ARM's barrel shifter, RISC-V Zbb `ror`) spends one
//! instruction a word on ρ and θ instead of the six of a 64-bit rotation built from 32-bit shifts.
//!
//! The state is converted on the way in and out of a call (25 lanes each way), not per block:
//! [`Kernels::absorb`] keeps it interleaved across all the blocks of one call and interleaves only
//! the input lanes it XORs in. Each round reads one copy of the state and writes the other (the
//! two swap places after each round, so nothing is copied), one output half-row (five words of
//! one parity) at a time, and accumulates the next round's column parities as it writes.
//!
//! No CPU feature is needed: the default on every 32-bit target (build.rs alias
//! `keccak_bi32_default`; measured faster than `portable` on rv32imac and i686, see
//! PERFORMANCE.md, "32-bit targets: the `bi32` backend"); compiled in everywhere else too,
//! where only a test or `force_backend` runs it.

use super::super::{RC, State1600, words::load_lane};
use super::Kernels;
use core::sync::atomic::{Ordering, compiler_fence};

/// The bit-interleaved kernels (no unsafe code, every target).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bi32;

/// Runs `job` with these kernels (no CPU feature to enable: the build's own code).
#[inline(always)]
pub(super) fn run<J: super::Job>(_: super::tokens::Bi32, job: J) -> J::Output {
    job.run(Bi32)
}

/// The interleaved state: word `i` is the even bits of lane `i`, word `25 + i` its odd bits.
type Words = [u32; 50];

impl Kernels for Bi32 {
    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        let mut s = to_words(state);
        permute::<R>(&mut s, &mut [0; 50]);
        *state = from_words(&s);
    }

    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        for s in states.iter_mut() {
            self.keccak_p::<R>(s);
        }
    }

    #[inline(always)]
    fn absorb<const R: usize>(self, state: &mut State1600, data: &[u8], rate: usize) {
        absorb_out_of_line::<R>(state, data, rate);
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        // The four states are independent: each absorbs its whole message in turn.
        for (state, msg) in states.iter_mut().zip(msgs) {
            absorb_out_of_line::<R>(state, msg, rate);
        }
    }
}

/// [`Kernels::absorb`]: the state converted once, each block's lanes interleaved as they are
/// XORed in.
#[inline(never)]
fn absorb_out_of_line<const R: usize>(state: &mut State1600, data: &[u8], rate: usize) {
    let mut s = to_words(state);
    let mut scratch = [0u32; 50];
    for block in data.chunks_exact(rate) {
        for (i, chunk) in block.chunks_exact(8).take(25).enumerate() {
            let (even, odd) = interleave(load_lane(chunk));
            s[i] ^= even;
            s[25 + i] ^= odd;
        }
        permute::<R>(&mut s, &mut scratch);
    }
    *state = from_words(&s);
}

/// The interleaved form of `state`.
#[inline(never)]
fn to_words(state: &State1600) -> Words {
    let mut s = [0u32; 50];
    for (i, &lane) in state.iter().enumerate() {
        (s[i], s[25 + i]) = interleave(lane);
    }
    s
}

/// The lanes of the interleaved state `s`.
#[inline(never)]
fn from_words(s: &Words) -> State1600 {
    core::array::from_fn(|i| deinterleave(s[i], s[25 + i]))
}

/// Swaps the bits of `x` selected by `mask` with those `shift` places above them.
#[inline(always)]
const fn delta_swap(x: u32, mask: u32, shift: u32) -> u32 {
    let t = (x ^ (x >> shift)) & mask;
    x ^ t ^ (t << shift)
}

/// Moves the even bits of `x` to its low half and the odd bits to its high half (in order).
#[inline(always)]
const fn unzip(x: u32) -> u32 {
    let x = delta_swap(x, 0x2222_2222, 1);
    let x = delta_swap(x, 0x0c0c_0c0c, 2);
    let x = delta_swap(x, 0x00f0_00f0, 4);
    delta_swap(x, 0x0000_ff00, 8)
}

/// The inverse of [`unzip`].
#[inline(always)]
const fn zip(x: u32) -> u32 {
    let x = delta_swap(x, 0x0000_ff00, 8);
    let x = delta_swap(x, 0x00f0_00f0, 4);
    let x = delta_swap(x, 0x0c0c_0c0c, 2);
    delta_swap(x, 0x2222_2222, 1)
}

/// (even bits, odd bits) of `lane`: bit `2k` of `lane` is bit `k` of the first word, bit `2k + 1`
/// bit `k` of the second.
#[inline(always)]
pub(crate) const fn interleave(lane: u64) -> (u32, u32) {
    let lo = unzip(lane as u32);
    let hi = unzip((lane >> 32) as u32);
    ((lo & 0xffff) | (hi << 16), (lo >> 16) | (hi & 0xffff_0000))
}

/// The lane whose even and odd bits are `even` and `odd` (the inverse of [`interleave`]).
#[inline(always)]
pub(crate) const fn deinterleave(even: u32, odd: u32) -> u64 {
    let lo = zip((even & 0xffff) | (odd << 16));
    let hi = zip((even >> 16) | (odd & 0xffff_0000));
    (lo as u64) | ((hi as u64) << 32)
}

/// ρ's rotation offset of each lane, from FIPS 202 (Algorithm 2): lane (1, 0) first, then
/// (x, y) → (y, 2x + 3y), offset `(t + 1)(t + 2) / 2 mod 64` for t = 0..24.
const RHO: [u32; 25] = {
    let mut rho = [0u32; 25];
    let (mut x, mut y) = (1, 0);
    let mut t = 0;
    while t < 24 {
        rho[x + 5 * y] = (((t + 1) * (t + 2) / 2) % 64) as u32;
        (x, y) = (y, (2 * x + 3 * y) % 5);
        t += 1;
    }
    rho
};

/// For each word of the round's output before χ (index as in [`Words`]): the input word it
/// comes from, the θ-effect word XORed into it (index `5 * parity + x`) and its 32-bit rotation.
/// π moves lane (x, y) to (y, 2x + 3y); ρ's rotation by `r` keeps each word's parity when `r` is
/// even and exchanges them when it is odd (see the module documentation).
const SOURCES: [(usize, usize, u32); 50] = {
    let mut t = [(0usize, 0usize, 0u32); 50];
    let mut j = 0;
    while j < 25 {
        let (x, y) = (j % 5, j / 5);
        let dest = y + 5 * ((2 * x + 3 * y) % 5);
        let r = RHO[j];
        if r % 2 == 0 {
            t[dest] = (j, x, r / 2);
            t[25 + dest] = (25 + j, 5 + x, r / 2);
        } else {
            t[dest] = (25 + j, 5 + x, r.div_ceil(2));
            t[25 + dest] = (j, x, r / 2);
        }
        j += 1;
    }
    t
};

/// The round constants, interleaved (even word, odd word).
const RC_WORDS: [(u32, u32); 24] = {
    let mut t = [(0u32, 0u32); 24];
    let mut i = 0;
    while i < 24 {
        t[i] = interleave(RC[i]);
        i += 1;
    }
    t
};

/// The column parities of `s`: word `5 * parity + x` is the XOR of column `x`'s words of that
/// parity.
#[inline(always)]
fn parities(s: &Words) -> [u32; 10] {
    core::array::from_fn(|i| {
        let (h, x) = (i / 5, i % 5);
        let w = 25 * h + x;
        s[w] ^ s[w + 5] ^ s[w + 10] ^ s[w + 15] ^ s[w + 20]
    })
}

/// Keccak-p\[1600, R\] (R = 12 or 24: the last R rounds) on the interleaved state, out of line
/// (its body once per round count).
///
/// Each round reads one copy of the state and writes the other (`s` and `scratch`, whose
/// contents do not matter), the two swapping places after each round (R is even, so the last
/// round writes `s`). With the copies behind references that
/// change from round to round, the compiler keeps the state in memory and loads each word once
/// and stores each word once a round; with one fixed local copy it would try to hold both copies
/// in registers and spill them.
#[inline(never)]
fn permute<const R: usize>(s: &mut Words, scratch: &mut Words) {
    let mut c = parities(s);
    let (mut a, mut e) = (s, scratch);
    for &rc in &RC_WORDS[24 - R..] {
        round(a, e, &mut c, rc);
        core::mem::swap(&mut a, &mut e);
    }
}

/// One round from `a` into `e`; `c` holds the column parities of `a` on entry and those of `e` on
/// return.
#[inline(always)]
fn round(a: &Words, e: &mut Words, c: &mut [u32; 10], rc: (u32, u32)) {
    // θ's effect: D[x] = C[x - 1] ^ rot(C[x + 1], 1); the 64-bit rotation by one moves the odd
    // word (rotated by one) to the even place and the even word to the odd place.
    let d: [u32; 10] = [
        c[4] ^ c[6].rotate_left(1),
        c[0] ^ c[7].rotate_left(1),
        c[1] ^ c[8].rotate_left(1),
        c[2] ^ c[9].rotate_left(1),
        c[3] ^ c[5].rotate_left(1),
        c[9] ^ c[1],
        c[5] ^ c[2],
        c[6] ^ c[3],
        c[7] ^ c[4],
        c[8] ^ c[0],
    ];
    *c = [0; 10];
    half_row::<0>(a, e, &d, c, rc.0);
    half_row::<1>(a, e, &d, c, 0);
    half_row::<2>(a, e, &d, c, 0);
    half_row::<3>(a, e, &d, c, 0);
    half_row::<4>(a, e, &d, c, 0);
    half_row::<5>(a, e, &d, c, rc.1);
    half_row::<6>(a, e, &d, c, 0);
    half_row::<7>(a, e, &d, c, 0);
    half_row::<8>(a, e, &d, c, 0);
    half_row::<9>(a, e, &d, c, 0);
}

/// Output words `5 H .. 5 H + 5` (row `H mod 5`, the even words for H < 5, else the odd ones):
/// θ's effect, ρ, π, χ and (with `rc`, nonzero only for the first word of a parity) ι; XORs them
/// into the next round's parities.
#[inline(always)]
fn half_row<const H: usize>(
    a: &Words,
    e: &mut Words,
    d: &[u32; 10],
    next: &mut [u32; 10],
    rc: u32,
) {
    let b: [u32; 5] = core::array::from_fn(|k| {
        let (w, dw, r) = SOURCES[5 * H + k];
        (a[w] ^ d[dw]).rotate_left(r)
    });
    for k in 0..5 {
        let mut out = b[k] ^ (!b[(k + 1) % 5] & b[(k + 2) % 5]);
        if k == 0 {
            out ^= rc;
        }
        e[5 * H + k] = out;
        next[5 * (H / 5) + k] ^= out;
    }
    // No instruction: keeps the compiler from starting the next half-rows' loads before these
    // stores (it would hold many more words at once than there are registers, and spill them).
    compiler_fence(Ordering::SeqCst);
}
