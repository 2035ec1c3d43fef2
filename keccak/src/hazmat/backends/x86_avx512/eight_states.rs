//! Eight states on AVX-512F, one lane of each state per 512-bit register (element k of register i
//! is lane i of state k): the eight-state absorb loop and the moves of states into and out of
//! that layout.

use core::arch::x86_64::*;

use super::super::super::{RC, State1600, words::by_rate};
use super::{Token, round};

/// The eight-state absorb loop, the states in 25 registers across blocks: each group of eight
/// message lanes is one 64-byte load per message and an 8 x 8 transpose. Rates 168 and 136
/// (KT128/TurboSHAKE128/SHAKE128, KT256/SHA3-256/Keccak-256/SHAKE256) have a loop compiled for
/// their rate ([`absorb_x8_fixed`]). `BY_D` chooses the form of θ (`super::theta_by_d`).
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) unsafe fn absorb_x8_with_features<const R: usize, const BY_D: bool>(
    t: Token,
    states: &mut [State1600; 8],
    msgs: [&[u8]; 8],
    rate: usize,
) {
    by_rate!(rate, L => return absorb_x8_fixed::<R, L, BY_D>(t, states, msgs), _ => {});
    let mut a = load_x8(t, states);
    let blocks = msgs[0].len() / rate;
    for blk in 0..blocks {
        xor_transposed(t, &mut a, msgs, blk * rate, rate / 8);
        rounds_x8::<R, BY_D>(t, &mut a);
    }
    store_x8(t, &a, states);
}

/// The eight-state absorb loop at rate `8 LANES`: groups of eight message lanes go in by
/// transposes (24 shuffles and 8 loads a group), a last one or two lanes (rate 136) by one masked
/// XOR of a broadcast load per word (`vpxorq zmm{k}, zmm, m64{1to8}`), so the state stays in its
/// 25 registers across blocks; the rounds by [`rounds_x8`].
#[inline(always)]
fn absorb_x8_fixed<const R: usize, const LANES: usize, const BY_D: bool>(
    t: Token,
    states: &mut [State1600; 8],
    msgs: [&[u8]; 8],
) {
    let rate = 8 * LANES;
    // Whole groups of eight lanes by transposes; a remainder of one or two lanes (rate 136) by
    // masked XORs, 8 or 16 of them instead of a transpose.
    let transposed = if LANES % 8 <= 2 { LANES / 8 * 8 } else { LANES };
    let mut a = load_x8(t, states);
    let blocks = msgs[0].len() / rate;
    for blk in 0..blocks {
        let base = blk * rate;
        xor_transposed(t, &mut a, msgs, base, transposed);
        for (k, m) in msgs.iter().enumerate() {
            let block = &m[base..base + rate];
            for i in transposed..LANES {
                let w = u64::from_le_bytes(block[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]));
                a[i] = xor_element(t, a[i], k, w);
            }
        }
        rounds_x8::<R, BY_D>(t, &mut a);
    }
    store_x8(t, &a, states);
}

/// XORs lanes `base / 8 ..` (`lanes` of them, at most 25) of each message into the registers,
/// eight lanes a transpose ([`transpose8`]), the last group shorter where `lanes` is not a
/// multiple of eight.
#[inline(always)]
fn xor_transposed(t: Token, a: &mut [__m512i; 25], msgs: [&[u8]; 8], base: usize, lanes: usize) {
    for g in 0..lanes.div_ceil(8) {
        let n = (lanes - 8 * g).min(8);
        let rows = load_rows(t, msgs, base + 64 * g, n);
        for (j, v) in transpose8(t, rows).into_iter().take(n).enumerate() {
            a[8 * g + j] = xor8(t, a[8 * g + j], v);
        }
    }
}

/// Keccak-p\[1600, R\] on eight states in 25 registers, θ in the form `BY_D` chooses
/// (`super::theta_by_d`): four rounds to a loop pass with θ by columns, two with the
/// three-input form, the faster count for each on Zen 4 (PERFORMANCE.md, "Eight states without
/// transposes" and "Eight states on Zen 4: transposes without index permutes, θ by columns").
#[inline(always)]
pub(super) fn rounds_x8<const R: usize, const BY_D: bool>(t: Token, a: &mut [__m512i; 25]) {
    const { assert!(R % 4 == 0, "the rounds go four or two to a loop pass") };
    if BY_D {
        for rc in RC[24 - R..].chunks_exact(4) {
            round::<__m512i, BY_D>(t, a, rc[0]);
            round::<__m512i, BY_D>(t, a, rc[1]);
            round::<__m512i, BY_D>(t, a, rc[2]);
            round::<__m512i, BY_D>(t, a, rc[3]);
        }
    } else {
        for rc in RC[24 - R..].chunks_exact(2) {
            round::<__m512i, BY_D>(t, a, rc[0]);
            round::<__m512i, BY_D>(t, a, rc[1]);
        }
    }
}

/// `a` with `w` XORed into element `k` (0 to 7).
#[inline(always)]
fn xor_element(_: Token, a: __m512i, k: usize, w: u64) -> __m512i {
    // SAFETY: the token proves that the CPU has AVX-512F.
    unsafe { _mm512_mask_xor_epi64(a, 1u8 << (k & 7), a, _mm512_set1_epi64(w as i64)) }
}

/// Lanes `off / 8 ..` (`n` of them, 1 to 8) of each message, one message per register, in the
/// low elements (the others zero). A loop rather than `map`: a closure is compiled without the
/// caller's target features, so its intrinsics would not be inlined.
#[inline(always)]
fn load_rows(t: Token, msgs: [&[u8]; 8], off: usize, n: usize) -> [__m512i; 8] {
    // SAFETY: the token proves that the CPU has AVX-512F.
    let mut rows = [unsafe { _mm512_setzero_si512() }; 8];
    for (r, m) in rows.iter_mut().zip(msgs) {
        *r = load_x8_lanes(t, &m[off..off + 8 * n], n);
    }
    rows
}

/// The first `n` (1 to 8) little-endian 64-bit lanes of `bytes` (`8 n` bytes long) in the low
/// elements of a register, the others zero.
#[inline(always)]
fn load_x8_lanes(_: Token, bytes: &[u8], n: usize) -> __m512i {
    let bytes = &bytes[..8 * n];
    let mask = (0xFFu16 >> (8 - n)) as __mmask8;
    // SAFETY: the token proves that the CPU has AVX-512F. The masked load reads only the elements
    // its mask selects, the first `n` lanes: the `8 n` bytes of `bytes`, without alignment
    // requirement (masked-off elements are neither read nor faulted on); x86 is little-endian.
    unsafe { _mm512_maskz_loadu_epi64(mask, bytes.as_ptr().cast()) }
}

/// `a ^ b` on 512-bit registers.
#[inline(always)]
fn xor8(_: Token, a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: the token proves that the CPU has AVX-512F.
    unsafe { _mm512_xor_si512(a, b) }
}

/// 8 x 8 transpose of 64-bit elements (its own inverse): element k of output j = element j of
/// input k. Unpacks pair the rows, then two rounds of 128-bit shuffles: 24 shuffles, none of them
/// a two-source permute by index (`vpermt2q`), which made the absorb loop slower (PERFORMANCE.md,
/// "Eight states on Zen 4: transposes without index permutes, θ by columns").
#[inline(always)]
fn transpose8(_: Token, x: [__m512i; 8]) -> [__m512i; 8] {
    // SAFETY: the token proves that the CPU has AVX-512F.
    unsafe {
        // u0 = [x0.0 x1.0 x0.2 x1.2 x0.4 x1.4 x0.6 x1.6], u1 the same for the odd elements, ...
        let u0 = _mm512_unpacklo_epi64(x[0], x[1]);
        let u1 = _mm512_unpackhi_epi64(x[0], x[1]);
        let u2 = _mm512_unpacklo_epi64(x[2], x[3]);
        let u3 = _mm512_unpackhi_epi64(x[2], x[3]);
        let u4 = _mm512_unpacklo_epi64(x[4], x[5]);
        let u5 = _mm512_unpackhi_epi64(x[4], x[5]);
        let u6 = _mm512_unpacklo_epi64(x[6], x[7]);
        let u7 = _mm512_unpackhi_epi64(x[6], x[7]);
        // The even (0x88) or odd (0xDD) 128-bit pieces of two of them:
        // s0 = [x0.0 x1.0 x0.4 x1.4 x2.0 x3.0 x2.4 x3.4], s2 = [x0.2 x1.2 x0.6 x1.6 x2.2 ...], ...
        let s0 = _mm512_shuffle_i32x4::<0x88>(u0, u2);
        let s1 = _mm512_shuffle_i32x4::<0x88>(u1, u3);
        let s2 = _mm512_shuffle_i32x4::<0xDD>(u0, u2);
        let s3 = _mm512_shuffle_i32x4::<0xDD>(u1, u3);
        let s4 = _mm512_shuffle_i32x4::<0x88>(u4, u6);
        let s5 = _mm512_shuffle_i32x4::<0x88>(u5, u7);
        let s6 = _mm512_shuffle_i32x4::<0xDD>(u4, u6);
        let s7 = _mm512_shuffle_i32x4::<0xDD>(u5, u7);
        // Once more, rows 0..3 with rows 4..7: output j = [x0.j x1.j ... x7.j].
        [
            _mm512_shuffle_i32x4::<0x88>(s0, s4),
            _mm512_shuffle_i32x4::<0x88>(s1, s5),
            _mm512_shuffle_i32x4::<0x88>(s2, s6),
            _mm512_shuffle_i32x4::<0x88>(s3, s7),
            _mm512_shuffle_i32x4::<0xDD>(s0, s4),
            _mm512_shuffle_i32x4::<0xDD>(s1, s5),
            _mm512_shuffle_i32x4::<0xDD>(s2, s6),
            _mm512_shuffle_i32x4::<0xDD>(s3, s7),
        ]
    }
}

/// Loads eight states into 25 registers (element k of register i = lane i of state k).
#[inline(always)]
pub(super) fn load_x8(t: Token, states: &[State1600; 8]) -> [__m512i; 25] {
    // SAFETY: the token proves that the CPU has AVX-512F.
    let mut a = [unsafe { _mm512_setzero_si512() }; 25];
    for g in 0..3 {
        let mut rows = [a[0]; 8];
        for (r, s) in rows.iter_mut().zip(states) {
            *r = load_x8_words(t, &s[8 * g..8 * g + 8]);
        }
        a[8 * g..8 * g + 8].copy_from_slice(&transpose8(t, rows));
    }
    // SAFETY: the token proves that the CPU has AVX-512F.
    a[24] = unsafe {
        _mm512_set_epi64(
            states[7][24] as i64,
            states[6][24] as i64,
            states[5][24] as i64,
            states[4][24] as i64,
            states[3][24] as i64,
            states[2][24] as i64,
            states[1][24] as i64,
            states[0][24] as i64,
        )
    };
    a
}

/// Eight consecutive words.
#[inline(always)]
fn load_x8_words(_: Token, words: &[u64]) -> __m512i {
    let eight = &words[..8];
    // SAFETY: `eight` is 64 readable bytes, `loadu` has no alignment requirement; the token
    // proves that the CPU has AVX-512F.
    unsafe { _mm512_loadu_si512(eight.as_ptr().cast()) }
}

/// Stores 25 registers back into eight states.
#[inline(always)]
pub(super) fn store_x8(t: Token, a: &[__m512i; 25], states: &mut [State1600; 8]) {
    for g in 0..3 {
        let mut rows = [a[0]; 8];
        rows.copy_from_slice(&a[8 * g..8 * g + 8]);
        for (s, v) in states.iter_mut().zip(transpose8(t, rows)) {
            let eight = &mut s[8 * g..8 * g + 8];
            // SAFETY: `eight` is 64 writable bytes, `storeu` has no alignment requirement; the
            // token proves that the CPU has AVX-512F.
            unsafe { _mm512_storeu_si512(eight.as_mut_ptr().cast(), v) };
        }
    }
    let mut last = [0u64; 8];
    // SAFETY: `last` is 64 writable bytes, `storeu` has no alignment requirement; the token
    // proves that the CPU has AVX-512F.
    unsafe { _mm512_storeu_si512(last.as_mut_ptr().cast(), a[24]) };
    for (s, w) in states.iter_mut().zip(last) {
        s[24] = w;
    }
}
