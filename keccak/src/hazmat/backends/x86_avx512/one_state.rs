//! One state on AVX-512VL, two lanes of a column per 128-bit register ([`round_x1`]), the
//! state in registers across the whole absorb loop.

use core::arch::x86_64::*;

use super::super::super::words::{by_rate, load_lane, store_lanes};
use super::super::super::{RC, State1600};
#[cfg(feature = "batch")]
use super::super::{digest_in_memory, last_block};
use super::super::{finish_in_memory, xor_domain_byte};
use super::X86Avx512;
use super::{Lanes, Token, chi, rol, xor3};

/// The one-state absorb loop, the state in 15 registers from the first block to the last: the
/// rates of the SHA-3 family (SHAKE128/TurboSHAKE128 168, SHA3-224 144, SHA3-256/SHAKE256 136,
/// SHA3-384 104, SHA3-512 72) get a loop with the lane count known at compile time, whose
/// message XORs are unrolled onto the registers (with a run-time lane count the registers went
/// through the stack at every block); any other rate, the run-time loop.
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) unsafe fn absorb_x1_with_features<const R: usize>(
    t: Token,
    state: &mut State1600,
    data: &[u8],
    rate: usize,
) {
    let mut a = load_x1(t, state);
    by_rate!(all rate, L => absorb_x1_lanes::<R, L>(t, &mut a, data), _ => {
            for block in data.chunks_exact(rate) {
                xor_lanes_x1(t, &mut a, block, rate / 8);
                for &rc in &RC[24 - R..] {
                    round_x1(t, &mut a, rc);
                }
            }
        }
    );
    store_x1(t, &a, state);
}

/// One whole hash ([`Kernels::digest`](super::super::Kernels::digest)) in the 15 registers of
/// [`round_x1`]: the message's blocks and its padded last block go straight from memory into the
/// registers and the output straight from the registers into `out`; the state never goes
/// through memory. The SHA-3 rates get a function each with the lane count known at compile time
/// (in one function the compiler kept the registers in memory between the steps); a 32-byte last
/// block (Keccak-256 of a 32-byte word, the commonest call) its own copy, in which the block is
/// four loads and constants.
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[cfg(feature = "batch")]
#[inline(always)]
pub(super) unsafe fn digest_x1_with_features<const R: usize>(
    t: Token,
    data: &[u8],
    rate: usize,
    ds: u8,
    out: &mut [u8],
) {
    by_rate!(all rate, L => {
            // SAFETY: the caller guarantees the CPU features.
            unsafe { digest_x1_lanes::<R, L>(t, data, ds, out) }
        },
        _ => digest_in_memory::<X86Avx512, R>(X86Avx512(t), data, rate, ds, out)
    );
}

/// [`digest_x1_with_features`] for a rate of `LANES` lanes.
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[cfg(feature = "batch")]
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
unsafe fn digest_x1_lanes<const R: usize, const LANES: usize>(
    t: Token,
    data: &[u8],
    ds: u8,
    out: &mut [u8],
) {
    let mut a = [pair(t, 0, 0); 15];
    let body = data.len() - data.len() % (8 * LANES);
    let (blocks, tail) = data.split_at(body);
    absorb_x1_lanes::<R, LANES>(t, &mut a, blocks);
    #[cfg_attr(not(feature = "zeroize"), allow(unused_mut))] // wiped with `zeroize`
    let mut last = if tail.len() == 32 {
        last_block(&tail[..32], 8 * LANES, ds)
    } else {
        last_block(tail, 8 * LANES, ds)
    };
    let b = load_x1(t, &last);
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(&mut last);
    for (r, b) in a.iter_mut().zip(b) {
        *r = xor(t, *r, b);
    }
    for &rc in &RC[24 - R..] {
        round_x1(t, &mut a, rc);
    }
    write_x1(t, &a, out);
}

/// [`Kernels::finish`](super::super::Kernels::finish) in the 15 registers of [`round_x1`]: the
/// state is loaded once, the final `0x80` XORed in its register, and the output written straight
/// from the registers; other rates, [`finish_in_memory`].
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) unsafe fn finish_x1_with_features<const R: usize>(
    t: Token,
    state: &mut State1600,
    pos: usize,
    rate: usize,
    ds: u8,
    out: &mut [u8],
) {
    by_rate!(all rate, L => {
            xor_domain_byte(state, pos, ds);
            let mut a = load_x1(t, state);
            each_x1!(K, LOW, HIGH => {
                if LOW == L - 1 {
                    let high = if HIGH.is_none() { 0x80 << 56 } else { 0 };
                    a[K] = xor(t, a[K], pair(t, 0x80 << 56, high));
                } else if HIGH == Some(L - 1) {
                    a[K] = xor(t, a[K], pair(t, 0, 0x80 << 56));
                }
            });
            for &rc in &RC[24 - R..] {
                round_x1(t, &mut a, rc);
            }
            write_x1(t, &a, out);
        },
        _ => finish_in_memory::<X86Avx512, R>(X86Avx512(t), state, pos, rate, ds, out)
    );
}

/// Writes the first `out.len()` (at most 200) bytes of the state in [`round_x1`]'s registers
/// into `out`: up to 64 bytes straight from the registers, 32 bytes per store where it can (a
/// caller's 32-byte load of a 32-byte digest is then served from one store) and a partial last
/// piece without `memcpy`; more through the state's lanes.
#[inline(always)]
fn write_x1(t: Token, a: &[__m128i; 15], out: &mut [u8]) {
    if out.len() > 64 {
        let mut st = [0; 25];
        store_x1(t, a, &mut st);
        store_lanes(&st, out);
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut st);
        return;
    }
    let q = lane_pairs_x1(t, a);
    // SAFETY: SSE4.1 and AVX2 are available (the token proves AVX2); the stores write within
    // the chunks of `out` they are given.
    unsafe {
        let mut out = out;
        let mut q = &q[..4];
        while out.len() >= 32 && q.len() >= 2 {
            let (head, rest) = out.split_at_mut(32);
            let v = _mm256_set_m128i(q[1], q[0]);
            _mm256_storeu_si256(head.as_mut_ptr().cast(), v);
            out = rest;
            q = &q[2..];
        }
        for (chunk, v) in out.chunks_mut(16).zip(q) {
            if chunk.len() == 16 {
                _mm_storeu_si128(chunk.as_mut_ptr().cast(), *v);
            } else {
                let lanes = [
                    _mm_cvtsi128_si64(*v) as u64,
                    _mm_extract_epi64::<1>(*v) as u64,
                ];
                store_lanes(&lanes, chunk);
            }
        }
    }
}

/// The absorb loop over the whole `8 LANES`-byte blocks of `data`.
#[inline(always)]
fn absorb_x1_lanes<const R: usize, const LANES: usize>(
    t: Token,
    a: &mut [__m128i; 15],
    data: &[u8],
) {
    for block in data.chunks_exact(8 * LANES) {
        xor_lanes_x1(t, a, block, LANES);
        for &rc in &RC[24 - R..] {
            round_x1(t, a, rc);
        }
    }
}

/// XORs the first `n` (at most 25) lanes of `block` (at least `8 n` bytes) into the registers of
/// [`round_x1`]'s layout.
#[inline(always)]
fn xor_lanes_x1(t: Token, a: &mut [__m128i; 15], block: &[u8], n: usize) {
    each_x1!(K, LOW, HIGH => {
        if LOW < n {
            let low = load_lane(&block[8 * LOW..8 * LOW + 8]);
            let high = match HIGH {
                Some(i) if i < n => load_lane(&block[8 * i..8 * i + 8]),
                Some(_) => 0,
                None => low,
            };
            a[K] = xor(t, a[K], pair(t, low, high));
        }
    });
}

/// Keccak-p\[1600, R\] on one state in [`round_x1`]'s layout.
#[inline(always)]
pub(super) fn keccak_p_x1<const R: usize>(t: Token, state: &mut State1600) {
    let mut a = load_x1(t, state);
    for &rc in &RC[24 - R..] {
        round_x1(t, &mut a, rc);
    }
    store_x1(t, &a, state);
}

/// ρ's rotation counts of [`round_x1`]'s registers: low element, high element.
#[repr(align(16))]
struct RhoCounts([[u64; 2]; 15]);

/// See [`RhoCounts`].
static RHO_X1: RhoCounts = RhoCounts([
    [0, 36],
    [1, 44],
    [62, 6],
    [28, 55],
    [27, 20],
    [3, 41],
    [10, 45],
    [43, 15],
    [25, 21],
    [39, 8],
    [18, 18],
    [2, 2],
    [61, 61],
    [56, 56],
    [14, 14],
]);

/// θ, ρ, π, χ, ι on one state with round constant `rc`, two lanes of a column per 128-bit
/// register: register `x + 5 p` holds lane (x, 2p) in its low element and lane (x, 2p + 1) in
/// its high one for p = 0, 1, and lane (x, 4) in both elements for p = 2 (see [`each_x1`]).
/// Fifteen registers instead of 25 make χ fifteen `vpternlogq`, ρ fifteen `vprolvq` (two
/// rotation counts per register) and θ's effect fifteen `vpternlogq`; θ's column parity of
/// column x is an XOR of its first two registers, a swap, and one `vpternlogq` with the third,
/// whose doubled lane (x, 4) makes both elements the parity; π lands both lanes of a register at
/// the same element position of their sources, so one `vpunpck{l,h}qdq` gathers each pair, and
/// two more double the lanes of the third row that arrive single: 80 instructions instead of 90.
/// (The third row with a zero high element, the layout before, cost five more: the zeroing
/// after χ. Measured: PERFORMANCE.md, "One state without the state in memory".)
#[inline(always)]
fn round_x1(t: Token, a: &mut [__m128i; 15], rc: u64) {
    let p0 = xor(t, a[0], a[5]);
    let p1 = xor(t, a[1], a[6]);
    let p2 = xor(t, a[2], a[7]);
    let p3 = xor(t, a[3], a[8]);
    let p4 = xor(t, a[4], a[9]);
    let c0 = xor3(t, p0, swap(t, p0), a[10]);
    let c1 = xor3(t, p1, swap(t, p1), a[11]);
    let c2 = xor3(t, p2, swap(t, p2), a[12]);
    let c3 = xor3(t, p3, swap(t, p3), a[13]);
    let c4 = xor3(t, p4, swap(t, p4), a[14]);
    let r0 = rol::<__m128i, 1>(t, c1);
    let r1 = rol::<__m128i, 1>(t, c2);
    let r2 = rol::<__m128i, 1>(t, c3);
    let r3 = rol::<__m128i, 1>(t, c4);
    let r4 = rol::<__m128i, 1>(t, c0);
    // The rotation counts are read from memory at each round (through a pointer the compiler
    // cannot see through): hoisted out of the loop, fifteen count registers beside the fifteen
    // of the state cost a dozen register moves a round.
    let rho = core::hint::black_box(&RHO_X1);
    let e0 = rolv(t, xor3(t, a[0], c4, r0), &rho.0[0]);
    let e1 = rolv(t, xor3(t, a[1], c0, r1), &rho.0[1]);
    let e2 = rolv(t, xor3(t, a[2], c1, r2), &rho.0[2]);
    let e3 = rolv(t, xor3(t, a[3], c2, r3), &rho.0[3]);
    let e4 = rolv(t, xor3(t, a[4], c3, r4), &rho.0[4]);
    let e5 = rolv(t, xor3(t, a[5], c4, r0), &rho.0[5]);
    let e6 = rolv(t, xor3(t, a[6], c0, r1), &rho.0[6]);
    let e7 = rolv(t, xor3(t, a[7], c1, r2), &rho.0[7]);
    let e8 = rolv(t, xor3(t, a[8], c2, r3), &rho.0[8]);
    let e9 = rolv(t, xor3(t, a[9], c3, r4), &rho.0[9]);
    let e10 = rolv(t, xor3(t, a[10], c4, r0), &rho.0[10]);
    let e11 = rolv(t, xor3(t, a[11], c0, r1), &rho.0[11]);
    let e12 = rolv(t, xor3(t, a[12], c1, r2), &rho.0[12]);
    let e13 = rolv(t, xor3(t, a[13], c2, r3), &rho.0[13]);
    let e14 = rolv(t, xor3(t, a[14], c3, r4), &rho.0[14]);
    let n0 = unpacklo(t, e0, e3);
    let n1 = unpackhi(t, e1, e4);
    let n2 = unpacklo(t, e7, e5);
    let n3 = unpackhi(t, e8, e6);
    let n4 = unpacklo(t, e14, e12);
    let n5 = unpacklo(t, e1, e4);
    let n6 = unpackhi(t, e2, e0);
    let n7 = unpacklo(t, e8, e6);
    let n8 = unpackhi(t, e9, e7);
    let n9 = unpacklo(t, e10, e13);
    let n10 = unpacklo(t, e2, e2);
    let n11 = unpackhi(t, e3, e3);
    let n12 = unpacklo(t, e9, e9);
    let n13 = unpackhi(t, e5, e5);
    let n14 = e11;
    a[0] = chi(t, n0, n1, n2);
    a[1] = chi(t, n1, n2, n3);
    a[2] = chi(t, n2, n3, n4);
    a[3] = chi(t, n3, n4, n0);
    a[4] = chi(t, n4, n0, n1);
    a[5] = chi(t, n5, n6, n7);
    a[6] = chi(t, n6, n7, n8);
    a[7] = chi(t, n7, n8, n9);
    a[8] = chi(t, n8, n9, n5);
    a[9] = chi(t, n9, n5, n6);
    a[10] = chi(t, n10, n11, n12);
    a[11] = chi(t, n11, n12, n13);
    a[12] = chi(t, n12, n13, n14);
    a[13] = chi(t, n13, n14, n10);
    a[14] = chi(t, n14, n10, n11);
    a[0] = __m128i::xor_rc(t, a[0], rc);
}

/// Runs `$body` once for each of [`round_x1`]'s 15 registers, with the constants `$k` (the
/// register), `$low` (the lane index, x + 5 y, of its low element) and `$high` (its high
/// element's, `None` for the third row, whose registers hold their lane in both elements):
/// register x + 5 p holds lanes (x, 2p) and (x, 2p + 1) for p = 0, 1.
/// Written out rather than a loop: a loop over the registers was not always unrolled, and then
/// kept them in memory.
macro_rules! each_x1 {
    ($k:ident, $low:ident, $high:ident => $body:block) => {
        each_x1!(@ $k, $low, $high, $body,
            (0 0 Some(5)) (1 1 Some(6)) (2 2 Some(7)) (3 3 Some(8)) (4 4 Some(9))
            (5 10 Some(15)) (6 11 Some(16)) (7 12 Some(17)) (8 13 Some(18)) (9 14 Some(19))
            (10 20 None) (11 21 None) (12 22 None) (13 23 None) (14 24 None))
    };
    (@ $k:ident, $low:ident, $high:ident, $body:block, $(($kk:literal $ll:literal $hh:expr))*) => {
        $({
            const $k: usize = $kk;
            const $low: usize = $ll;
            const $high: Option<usize> = $hh;
            $body
        })*
    };
}
use each_x1;

/// One state in [`round_x1`]'s 15 registers: lanes 0 to 19 read as 16-byte pieces (lanes 2i,
/// 2i + 1) that one blend or one byte shift pairs up, lanes 20 to 24 each loaded into both
/// elements: 15 loads and 10 shuffles, where pairing single lanes took 25 loads and 10 two-µop
/// inserts.
#[inline(always)]
fn load_x1(_: Token, state: &State1600) -> [__m128i; 15] {
    // SAFETY: SSE2, SSSE3 and AVX2 are available (the token proves AVX2); every load reads
    // within `state` (16 bytes at lanes 0, 2, .., 18; 8 bytes at lanes 20 to 24).
    unsafe {
        let p = state.as_ptr();
        let c: [__m128i; 10] = core::array::from_fn(|i| _mm_loadu_si128(p.add(2 * i).cast()));
        let lane = |i: usize| _mm_set1_epi64x(*p.add(i) as i64);
        // Lanes (x, 0) and (x, 1) are lanes x and x + 5, (x, 2) and (x, 3) lanes x + 10 and
        // x + 15: an even lane beside an odd one (a blend of two pieces) or an odd lane beside an
        // even one (the two pieces shifted by 8 bytes).
        [
            _mm_blend_epi32::<0b1100>(c[0], c[2]),
            _mm_alignr_epi8::<8>(c[3], c[0]),
            _mm_blend_epi32::<0b1100>(c[1], c[3]),
            _mm_alignr_epi8::<8>(c[4], c[1]),
            _mm_blend_epi32::<0b1100>(c[2], c[4]),
            _mm_blend_epi32::<0b1100>(c[5], c[7]),
            _mm_alignr_epi8::<8>(c[8], c[5]),
            _mm_blend_epi32::<0b1100>(c[6], c[8]),
            _mm_alignr_epi8::<8>(c[9], c[6]),
            _mm_blend_epi32::<0b1100>(c[7], c[9]),
            lane(20),
            lane(21),
            lane(22),
            lane(23),
            lane(24),
        ]
    }
}

/// Lanes 2i and 2i + 1 of the state in [`round_x1`]'s registers, for i = 0 to 11 (lanes 0 to 23):
/// one shuffle or blend each (lane x + 5 y is in register x + 5 (y / 2), low element for even y).
#[inline(always)]
fn lane_pairs_x1(t: Token, a: &[__m128i; 15]) -> [__m128i; 12] {
    [
        unpacklo(t, a[0], a[1]),
        unpacklo(t, a[2], a[3]),
        low_high(t, a[4], a[0]),
        unpackhi(t, a[1], a[2]),
        unpackhi(t, a[3], a[4]),
        unpacklo(t, a[5], a[6]),
        unpacklo(t, a[7], a[8]),
        low_high(t, a[9], a[5]),
        unpackhi(t, a[6], a[7]),
        unpackhi(t, a[8], a[9]),
        unpacklo(t, a[10], a[11]),
        unpacklo(t, a[12], a[13]),
    ]
}

/// Stores [`round_x1`]'s 15 registers back into one state, as the 16-byte pieces of
/// [`lane_pairs_x1`] and lane 24.
#[inline(always)]
fn store_x1(t: Token, a: &[__m128i; 15], state: &mut State1600) {
    let c = lane_pairs_x1(t, a);
    // SAFETY: SSE2 is available (the token proves AVX2); every store writes within `state` (16
    // bytes at lanes 0, 2, .., 22; 8 bytes at lane 24).
    unsafe {
        let p = state.as_mut_ptr();
        for (i, c) in c.iter().enumerate() {
            _mm_storeu_si128(p.add(2 * i).cast(), *c);
        }
        _mm_storel_epi64(p.add(24).cast(), a[14]);
    }
}

/// `[low, high]` in one register.
#[inline(always)]
fn pair(_: Token, low: u64, high: u64) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_set_epi64x(high as i64, low as i64) }
}

/// `a ^ b` on 128-bit registers.
#[inline(always)]
fn xor(_: Token, a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_xor_si128(a, b) }
}

/// The low element rotated left by `counts[0]`, the high one by `counts[1]`.
#[inline(always)]
fn rolv(_: Token, a: __m128i, counts: &[u64; 2]) -> __m128i {
    // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL; `counts` is 16 bytes.
    unsafe { _mm_rolv_epi64(a, _mm_loadu_si128(counts.as_ptr().cast())) }
}

/// The two elements exchanged.
#[inline(always)]
fn swap(_: Token, a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_shuffle_epi32::<0x4E>(a) }
}

/// `[a.low, b.high]`.
#[inline(always)]
fn low_high(_: Token, a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: the token proves that the CPU has AVX2.
    unsafe { _mm_blend_epi32::<0b1100>(a, b) }
}

/// `[a.low, b.low]`.
#[inline(always)]
fn unpacklo(_: Token, a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_unpacklo_epi64(a, b) }
}

/// `[a.high, b.high]`.
#[inline(always)]
fn unpackhi(_: Token, a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_unpackhi_epi64(a, b) }
}
