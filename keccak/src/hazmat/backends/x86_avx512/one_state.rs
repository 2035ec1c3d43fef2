//! One state on AVX-512VL, two lanes of a column per 128-bit register ([`round_x1`]), the
//! state in registers across the whole absorb loop.

use core::arch::x86_64::*;

use super::super::super::words::{by_rate, load_lane};
use super::super::super::{RC, State1600};
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
    for (k, r) in a.iter_mut().enumerate() {
        let (low, high) = x1_lanes_of(k);
        if low < n {
            let low = load_lane(&block[8 * low..8 * low + 8]);
            let high = match high {
                Some(i) if i < n => load_lane(&block[8 * i..8 * i + 8]),
                _ => 0,
            };
            *r = xor(t, *r, pair(low, high));
        }
    }
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

/// θ, ρ, π, χ, ι on one state with round constant `rc`, two lanes of a column per 128-bit
/// register: register `x + 5 p` holds lane (x, 2p) in its low element and lane (x, 2p + 1) in
/// its high one for p = 0, 1, and lane (x, 4) with a zero high element for p = 2 (see
/// [`x1_lanes_of`]). Fifteen registers instead of 25 make χ fifteen `vpternlogq`, ρ fifteen
/// `vprolvq` (two rotation counts per register) and θ's effect fifteen `vpternlogq`; θ's column
/// parities cost one `vpternlogq`, a swap and an XOR per column; π lands both lanes of a register
/// at the same element position of their sources, so one `vpunpck{l,h}qdq` gathers each pair:
/// 78 instructions instead of 90. χ on the p = 2 registers zeroes the high element with a mask,
/// so the θ parity of the next round can XOR whole registers.
#[inline(always)]
fn round_x1(t: Token, a: &mut [__m128i; 15], rc: u64) {
    let p0 = xor3(t, a[0], a[5], a[10]);
    let p1 = xor3(t, a[1], a[6], a[11]);
    let p2 = xor3(t, a[2], a[7], a[12]);
    let p3 = xor3(t, a[3], a[8], a[13]);
    let p4 = xor3(t, a[4], a[9], a[14]);
    let c0 = xor(t, p0, swap(p0));
    let c1 = xor(t, p1, swap(p1));
    let c2 = xor(t, p2, swap(p2));
    let c3 = xor(t, p3, swap(p3));
    let c4 = xor(t, p4, swap(p4));
    let r0 = rol::<__m128i, 1>(t, c1);
    let r1 = rol::<__m128i, 1>(t, c2);
    let r2 = rol::<__m128i, 1>(t, c3);
    let r3 = rol::<__m128i, 1>(t, c4);
    let r4 = rol::<__m128i, 1>(t, c0);
    let e0 = rolv(t, xor3(t, a[0], c4, r0), 0, 36);
    let e1 = rolv(t, xor3(t, a[1], c0, r1), 1, 44);
    let e2 = rolv(t, xor3(t, a[2], c1, r2), 62, 6);
    let e3 = rolv(t, xor3(t, a[3], c2, r3), 28, 55);
    let e4 = rolv(t, xor3(t, a[4], c3, r4), 27, 20);
    let e5 = rolv(t, xor3(t, a[5], c4, r0), 3, 41);
    let e6 = rolv(t, xor3(t, a[6], c0, r1), 10, 45);
    let e7 = rolv(t, xor3(t, a[7], c1, r2), 43, 15);
    let e8 = rolv(t, xor3(t, a[8], c2, r3), 25, 21);
    let e9 = rolv(t, xor3(t, a[9], c3, r4), 39, 8);
    let e10 = rolv(t, xor3(t, a[10], c4, r0), 18, 0);
    let e11 = rolv(t, xor3(t, a[11], c0, r1), 2, 0);
    let e12 = rolv(t, xor3(t, a[12], c1, r2), 61, 0);
    let e13 = rolv(t, xor3(t, a[13], c2, r3), 56, 0);
    let e14 = rolv(t, xor3(t, a[14], c3, r4), 14, 0);
    let n0 = unpacklo(e0, e3);
    let n1 = unpackhi(e1, e4);
    let n2 = unpacklo(e7, e5);
    let n3 = unpackhi(e8, e6);
    let n4 = unpacklo(e14, e12);
    let n5 = unpacklo(e1, e4);
    let n6 = unpackhi(e2, e0);
    let n7 = unpacklo(e8, e6);
    let n8 = unpackhi(e9, e7);
    let n9 = unpacklo(e10, e13);
    let n10 = e2;
    let n11 = unpackhi(e3, e3);
    let n12 = e9;
    let n13 = unpackhi(e5, e5);
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
    a[10] = chi_low(t, n10, n11, n12);
    a[11] = chi_low(t, n11, n12, n13);
    a[12] = chi_low(t, n12, n13, n14);
    a[13] = chi_low(t, n13, n14, n10);
    a[14] = chi_low(t, n14, n10, n11);
    a[0] = __m128i::xor_rc(t, a[0], rc);
}

/// The lanes of register `k` (0 to 14) in [`round_x1`]'s layout: the low element's lane index
/// (x + 5 y) and the high element's, if any.
#[inline(always)]
const fn x1_lanes_of(k: usize) -> (usize, Option<usize>) {
    let (x, p) = (k % 5, k / 5);
    let low = x + 10 * p;
    (low, if p < 2 { Some(low + 5) } else { None })
}

/// One state in [`round_x1`]'s 15 registers.
#[inline(always)]
fn load_x1(_: Token, state: &State1600) -> [__m128i; 15] {
    let mut a = [pair(0, 0); 15];
    for (k, r) in a.iter_mut().enumerate() {
        let (low, high) = x1_lanes_of(k);
        *r = match high {
            Some(i) => pair(state[low], state[i]),
            None => pair(state[low], 0),
        };
    }
    a
}

/// Stores [`round_x1`]'s 15 registers back into one state.
#[inline(always)]
fn store_x1(_: Token, a: &[__m128i; 15], state: &mut State1600) {
    for (k, r) in a.iter().enumerate() {
        let (low, high) = x1_lanes_of(k);
        // SAFETY: SSE2 and SSE4.1 are available (the token proves AVX2).
        unsafe {
            state[low] = _mm_cvtsi128_si64(*r) as u64;
            if let Some(i) = high {
                state[i] = _mm_extract_epi64::<1>(*r) as u64;
            }
        }
    }
}

/// `[low, high]` in one register.
#[inline(always)]
fn pair(low: u64, high: u64) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_set_epi64x(high as i64, low as i64) }
}

/// `a ^ b` on 128-bit registers.
#[inline(always)]
fn xor(_: Token, a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_xor_si128(a, b) }
}

/// χ in the low element, zero in the high one.
#[inline(always)]
fn chi_low(_: Token, a: __m128i, b: __m128i, c: __m128i) -> __m128i {
    // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
    unsafe { _mm_maskz_ternarylogic_epi64::<0xD2>(0b01, a, b, c) }
}

/// The low element rotated left by `low`, the high one by `high`.
#[inline(always)]
fn rolv(_: Token, a: __m128i, low: u64, high: u64) -> __m128i {
    // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
    unsafe { _mm_rolv_epi64(a, pair(low, high)) }
}

/// The two elements exchanged.
#[inline(always)]
fn swap(a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_shuffle_epi32::<0x4E>(a) }
}

/// `[a.low, b.low]`.
#[inline(always)]
fn unpacklo(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_unpacklo_epi64(a, b) }
}

/// `[a.high, b.high]`.
#[inline(always)]
fn unpackhi(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86_64.
    unsafe { _mm_unpackhi_epi64(a, b) }
}
