//! Eight states on AVX-512F, one lane of each state per 512-bit register (element k of register i
//! is lane i of state k): the eight-state absorb loop and the moves of states into and out of
//! that layout.

use core::arch::x86_64::*;

use super::super::super::{RC, State1600, words::by_rate};
use super::{Token, round};

/// The eight-state absorb loop, the states in 25 registers across blocks. At rates 168 and 136
/// (KT128/TurboSHAKE128/SHAKE128, KT256/SHA3-256/Keccak-256/SHAKE256) each message word goes in
/// with one masked XOR of a broadcast load ([`absorb_x8_fixed`]); at other rates each group of
/// eight message lanes is one 64-byte load per message and an 8 x 8 transpose.
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) unsafe fn absorb_x8_with_features<const R: usize>(
    t: Token,
    states: &mut [State1600; 8],
    msgs: [&[u8]; 8],
    rate: usize,
) {
    by_rate!(rate, L => return absorb_x8_fixed::<R, L>(t, states, msgs), _ => {});
    let mut a = load_x8(t, states);
    let lanes = rate / 8;
    let (groups, rest) = (lanes / 8, lanes % 8);
    let blocks = msgs[0].len() / rate;
    for blk in 0..blocks {
        let base = blk * rate;
        for g in 0..groups {
            let off = base + 64 * g;
            let rows = load_rows(t, msgs, off, 8);
            for (j, v) in transpose8(t, rows).into_iter().enumerate() {
                a[8 * g + j] = xor8(t, a[8 * g + j], v);
            }
        }
        if rest > 0 {
            let off = base + 64 * groups;
            let rows = load_rows(t, msgs, off, rest);
            for (j, v) in transpose8(t, rows).into_iter().take(rest).enumerate() {
                a[8 * groups + j] = xor8(t, a[8 * groups + j], v);
            }
        }
        for &rc in &RC[24 - R..] {
            round::<__m512i>(t, &mut a, rc);
        }
    }
    store_x8(t, &a, states);
}

/// The eight-state absorb loop at rate `8 LANES`: each message word goes into its element of
/// its lane's register with one masked XOR of a broadcast load (`vpxorq zmm{k}, zmm, m64{1to8}`,
/// 8 LANES of them a block, against three transposes of 24 shuffles and 24 loads at rate 168),
/// so the state stays in its 25 registers across blocks. The rounds go two to a loop pass (faster
/// than one; four or twelve a pass were no faster and spilled more: PERFORMANCE.md, "Eight states
/// without transposes").
#[inline(always)]
fn absorb_x8_fixed<const R: usize, const LANES: usize>(
    t: Token,
    states: &mut [State1600; 8],
    msgs: [&[u8]; 8],
) {
    let rate = 8 * LANES;
    let mut a = load_x8(t, states);
    let blocks = msgs[0].len() / rate;
    for blk in 0..blocks {
        let base = blk * rate;
        for (k, m) in msgs.iter().enumerate() {
            let block = &m[base..base + rate];
            for i in 0..LANES {
                let w = u64::from_le_bytes(block[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]));
                a[i] = xor_element(t, a[i], k, w);
            }
        }
        for rc in RC[24 - R..].chunks_exact(2) {
            round::<__m512i>(t, &mut a, rc[0]);
            round::<__m512i>(t, &mut a, rc[1]);
        }
    }
    store_x8(t, &a, states);
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
/// input k. Unpacks pair the rows, two-source permutes and 128-bit shuffles finish it: 24
/// shuffles.
#[inline(always)]
fn transpose8(_: Token, r: [__m512i; 8]) -> [__m512i; 8] {
    // SAFETY: the token proves that the CPU has AVX-512F.
    unsafe {
        // a0 = [r0.0 r1.0 r0.2 r1.2 r0.4 r1.4 r0.6 r1.6], a1 the same for the odd elements, ...
        let a0 = _mm512_unpacklo_epi64(r[0], r[1]);
        let a1 = _mm512_unpackhi_epi64(r[0], r[1]);
        let a2 = _mm512_unpacklo_epi64(r[2], r[3]);
        let a3 = _mm512_unpackhi_epi64(r[2], r[3]);
        let a4 = _mm512_unpacklo_epi64(r[4], r[5]);
        let a5 = _mm512_unpackhi_epi64(r[4], r[5]);
        let a6 = _mm512_unpacklo_epi64(r[6], r[7]);
        let a7 = _mm512_unpackhi_epi64(r[6], r[7]);
        // Elements (0 1 8 9 4 5 12 13) and (2 3 10 11 6 7 14 15) of the pair (x, y).
        let even = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
        let odd = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
        // b0 = [r0.0 r1.0 r2.0 r3.0 r0.4 r1.4 r2.4 r3.4]: columns 0 | 4 of rows 0..3.
        let b0 = _mm512_permutex2var_epi64(a0, even, a2);
        let b1 = _mm512_permutex2var_epi64(a0, odd, a2); // columns 2 | 6
        let b2 = _mm512_permutex2var_epi64(a1, even, a3); // columns 1 | 5
        let b3 = _mm512_permutex2var_epi64(a1, odd, a3); // columns 3 | 7
        let b4 = _mm512_permutex2var_epi64(a4, even, a6); // rows 4..7 likewise
        let b5 = _mm512_permutex2var_epi64(a4, odd, a6);
        let b6 = _mm512_permutex2var_epi64(a5, even, a7);
        let b7 = _mm512_permutex2var_epi64(a5, odd, a7);
        // Low halves (0x44) and high halves (0xEE) of rows 0..3 and rows 4..7.
        [
            _mm512_shuffle_i64x2::<0x44>(b0, b4),
            _mm512_shuffle_i64x2::<0x44>(b2, b6),
            _mm512_shuffle_i64x2::<0x44>(b1, b5),
            _mm512_shuffle_i64x2::<0x44>(b3, b7),
            _mm512_shuffle_i64x2::<0xEE>(b0, b4),
            _mm512_shuffle_i64x2::<0xEE>(b2, b6),
            _mm512_shuffle_i64x2::<0xEE>(b1, b5),
            _mm512_shuffle_i64x2::<0xEE>(b3, b7),
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
