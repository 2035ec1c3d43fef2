//! x86_64 AVX2: Keccak-p\[1600\] on four independent states, one lane of each state per 256-bit
//! register (element k of register i is lane i of state k).

use core::arch::x86_64::*;

use super::super::{RC, State1600};

cpufeatures::new!(avx2_cpuid, "avx2");

/// Whether the CPU has AVX2 (detected once, then cached).
#[inline]
pub(crate) fn available() -> bool {
    avx2_cpuid::get()
}

#[inline(always)]
fn xor(a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: only reached from `keccak_p_x4_avx2`, which is compiled with AVX2 and entered only
    // when the CPU has it.
    unsafe { _mm256_xor_si256(a, b) }
}

/// `!a & b`.
#[inline(always)]
fn andnot(a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: as for `xor`.
    unsafe { _mm256_andnot_si256(a, b) }
}

#[inline(always)]
fn rol<const L: i32, const R: i32>(a: __m256i) -> __m256i {
    // SAFETY: as for `xor`.
    unsafe { _mm256_or_si256(_mm256_slli_epi64::<L>(a), _mm256_srli_epi64::<R>(a)) }
}

#[inline(always)]
fn round(a: &mut [__m256i; 25], rc: u64) {
    let c0 = xor(xor(xor(a[0], a[5]), xor(a[10], a[15])), a[20]);
    let c1 = xor(xor(xor(a[1], a[6]), xor(a[11], a[16])), a[21]);
    let c2 = xor(xor(xor(a[2], a[7]), xor(a[12], a[17])), a[22]);
    let c3 = xor(xor(xor(a[3], a[8]), xor(a[13], a[18])), a[23]);
    let c4 = xor(xor(xor(a[4], a[9]), xor(a[14], a[19])), a[24]);
    let d0 = xor(c4, rol::<1, 63>(c1));
    let d1 = xor(c0, rol::<1, 63>(c2));
    let d2 = xor(c1, rol::<1, 63>(c3));
    let d3 = xor(c2, rol::<1, 63>(c4));
    let d4 = xor(c3, rol::<1, 63>(c0));
    {
        let b0 = xor(a[0], d0);
        let b10 = rol::<1, 63>(xor(a[1], d1));
        let b20 = rol::<62, 2>(xor(a[2], d2));
        let b5 = rol::<28, 36>(xor(a[3], d3));
        let b15 = rol::<27, 37>(xor(a[4], d4));
        let b16 = rol::<36, 28>(xor(a[5], d0));
        let b1 = rol::<44, 20>(xor(a[6], d1));
        let b11 = rol::<6, 58>(xor(a[7], d2));
        let b21 = rol::<55, 9>(xor(a[8], d3));
        let b6 = rol::<20, 44>(xor(a[9], d4));
        let b7 = rol::<3, 61>(xor(a[10], d0));
        let b17 = rol::<10, 54>(xor(a[11], d1));
        let b2 = rol::<43, 21>(xor(a[12], d2));
        let b12 = rol::<25, 39>(xor(a[13], d3));
        let b22 = rol::<39, 25>(xor(a[14], d4));
        let b23 = rol::<41, 23>(xor(a[15], d0));
        let b8 = rol::<45, 19>(xor(a[16], d1));
        let b18 = rol::<15, 49>(xor(a[17], d2));
        let b3 = rol::<21, 43>(xor(a[18], d3));
        let b13 = rol::<8, 56>(xor(a[19], d4));
        let b14 = rol::<18, 46>(xor(a[20], d0));
        let b24 = rol::<2, 62>(xor(a[21], d1));
        let b9 = rol::<61, 3>(xor(a[22], d2));
        let b19 = rol::<56, 8>(xor(a[23], d3));
        let b4 = rol::<14, 50>(xor(a[24], d4));
        a[0] = xor(b0, andnot(b1, b2));
        a[1] = xor(b1, andnot(b2, b3));
        a[2] = xor(b2, andnot(b3, b4));
        a[3] = xor(b3, andnot(b4, b0));
        a[4] = xor(b4, andnot(b0, b1));
        a[5] = xor(b5, andnot(b6, b7));
        a[6] = xor(b6, andnot(b7, b8));
        a[7] = xor(b7, andnot(b8, b9));
        a[8] = xor(b8, andnot(b9, b5));
        a[9] = xor(b9, andnot(b5, b6));
        a[10] = xor(b10, andnot(b11, b12));
        a[11] = xor(b11, andnot(b12, b13));
        a[12] = xor(b12, andnot(b13, b14));
        a[13] = xor(b13, andnot(b14, b10));
        a[14] = xor(b14, andnot(b10, b11));
        a[15] = xor(b15, andnot(b16, b17));
        a[16] = xor(b16, andnot(b17, b18));
        a[17] = xor(b17, andnot(b18, b19));
        a[18] = xor(b18, andnot(b19, b15));
        a[19] = xor(b19, andnot(b15, b16));
        a[20] = xor(b20, andnot(b21, b22));
        a[21] = xor(b21, andnot(b22, b23));
        a[22] = xor(b22, andnot(b23, b24));
        a[23] = xor(b23, andnot(b24, b20));
        a[24] = xor(b24, andnot(b20, b21));
    }
    // SAFETY: as for `xor`.
    a[0] = xor(a[0], unsafe { _mm256_set1_epi64x(rc as i64) });
}

/// One round on four states held in 25 registers; implemented by the AVX2 and AVX-512 backends
/// (a trait rather than a closure so that the round is always inlined into the
/// `#[target_feature]` function that runs it).
pub(super) trait Round {
    /// θ, ρ, π, χ, ι with round constant `rc`.
    fn round(a: &mut [__m256i; 25], rc: u64);
}

/// The AVX2 round.
pub(super) struct Avx2;

impl Round for Avx2 {
    #[inline(always)]
    fn round(a: &mut [__m256i; 25], rc: u64) {
        round(a, rc);
    }
}

/// 4 × 4 transpose of 64-bit elements (its own inverse): element k of output i = element i of
/// input k.
#[inline(always)]
fn transpose4(r: [__m256i; 4]) -> [__m256i; 4] {
    // SAFETY: only reached from functions compiled with AVX2 (or AVX-512, which implies it) and
    // entered only when the CPU has it.
    unsafe {
        let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
        let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
        let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
        [
            _mm256_permute2x128_si256::<0x20>(t0, t2),
            _mm256_permute2x128_si256::<0x20>(t1, t3),
            _mm256_permute2x128_si256::<0x31>(t0, t2),
            _mm256_permute2x128_si256::<0x31>(t1, t3),
        ]
    }
}

/// Four consecutive 64-bit lanes from `lanes` (at least four).
#[inline(always)]
fn load4(lanes: &[u64]) -> __m256i {
    let four = &lanes[..4];
    // SAFETY: `four` is 32 readable bytes, `loadu` has no alignment requirement; AVX2 as for
    // `transpose4`.
    unsafe { _mm256_loadu_si256(four.as_ptr().cast()) }
}

/// Four consecutive little-endian 64-bit lanes from the first 32 bytes of `bytes`.
#[inline(always)]
fn load4_bytes(bytes: &[u8]) -> __m256i {
    let b = &bytes[..32];
    // SAFETY: `b` is 32 readable bytes, `loadu` has no alignment requirement and x86 is
    // little-endian; AVX2 as for `transpose4`.
    unsafe { _mm256_loadu_si256(b.as_ptr().cast()) }
}

/// Loads four states into 25 registers (element k of register i = lane i of state k).
#[inline(always)]
fn load(states: &[State1600; 4]) -> [__m256i; 25] {
    // SAFETY: AVX2 as for `transpose4`.
    let mut a = [unsafe { _mm256_setzero_si256() }; 25];
    for g in 0..6 {
        let t = transpose4([
            load4(&states[0][4 * g..]),
            load4(&states[1][4 * g..]),
            load4(&states[2][4 * g..]),
            load4(&states[3][4 * g..]),
        ]);
        a[4 * g..4 * g + 4].copy_from_slice(&t);
    }
    // SAFETY: AVX2 as for `transpose4`.
    a[24] = unsafe {
        _mm256_set_epi64x(
            states[3][24] as i64,
            states[2][24] as i64,
            states[1][24] as i64,
            states[0][24] as i64,
        )
    };
    a
}

/// Stores 25 registers back into four states.
#[inline(always)]
fn store(a: &[__m256i; 25], states: &mut [State1600; 4]) {
    for g in 0..6 {
        let t = transpose4([a[4 * g], a[4 * g + 1], a[4 * g + 2], a[4 * g + 3]]);
        for (st, v) in states.iter_mut().zip(t) {
            let four = &mut st[4 * g..4 * g + 4];
            // SAFETY: `four` is 32 writable bytes, `storeu` has no alignment requirement; AVX2 as
            // for `transpose4`.
            unsafe { _mm256_storeu_si256(four.as_mut_ptr().cast(), v) };
        }
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 writable bytes, `storeu` has no alignment requirement; AVX2 as for
    // `transpose4`.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), a[24]) };
    for k in 0..4 {
        states[k][24] = lanes[k];
    }
}

/// Keccak-p\[1600, R\] on four states with the round of `T` (shared with the AVX-512 backend,
/// which supplies its own round).
#[inline(always)]
pub(super) fn permute_with<const R: usize, T: Round>(states: &mut [State1600; 4]) {
    let mut a = load(states);
    for &rc in &RC[24 - R..] {
        T::round(&mut a, rc);
    }
    store(&a, states);
}

/// Absorbs the whole `rate`-byte blocks of four equal-length messages with the round of `T`,
/// keeping the states in registers across blocks.
#[inline(always)]
pub(super) fn absorb_with<const R: usize, T: Round>(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    let mut a = load(states);
    let lane = |m: &[u8], off: usize| -> i64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&m[off..off + 8]);
        i64::from_le_bytes(b)
    };
    let lanes = rate / 8;
    let blocks = msgs[0].len() / rate;
    for blk in 0..blocks {
        let base = blk * rate;
        // Groups of four lanes: one 32-byte load per message and a transpose.
        for g in 0..lanes / 4 {
            let off = base + 32 * g;
            let t = transpose4([
                load4_bytes(&msgs[0][off..]),
                load4_bytes(&msgs[1][off..]),
                load4_bytes(&msgs[2][off..]),
                load4_bytes(&msgs[3][off..]),
            ]);
            for (j, v) in t.into_iter().enumerate() {
                a[4 * g + j] = xor(a[4 * g + j], v);
            }
        }
        for i in lanes / 4 * 4..lanes {
            let off = base + 8 * i;
            // SAFETY: AVX2 as for `transpose4`.
            let v = unsafe {
                _mm256_set_epi64x(
                    lane(msgs[3], off),
                    lane(msgs[2], off),
                    lane(msgs[1], off),
                    lane(msgs[0], off),
                )
            };
            a[i] = xor(a[i], v);
        }
        for &rc in &RC[24 - R..] {
            T::round(&mut a, rc);
        }
    }
    store(&a, states);
}

#[target_feature(enable = "avx2")]
unsafe fn keccak_p_x4_avx2<const R: usize>(states: &mut [State1600; 4]) {
    permute_with::<R, Avx2>(states);
}

/// Keccak-p\[1600, R\] on four states; returns `false` (doing nothing) when the CPU lacks AVX2.
#[inline]
pub(crate) fn try_keccak_p_x4<const R: usize>(states: &mut [State1600; 4]) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: `available()` returned true, so the CPU supports AVX2.
    unsafe { keccak_p_x4_avx2::<R>(states) };
    true
}

#[target_feature(enable = "avx2")]
unsafe fn absorb_x4_avx2<const R: usize>(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    absorb_with::<R, Avx2>(states, msgs, rate);
}

/// Absorbs the whole `rate`-byte blocks of four equal-length messages (XOR, then Keccak-p[1600, R]
/// per block) keeping the states in registers; returns `false` (doing nothing) without AVX2.
#[inline]
pub(crate) fn try_absorb_x4<const R: usize>(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) -> bool {
    if !available() || !absorb_args_ok(msgs, rate) {
        return false;
    }
    // SAFETY: `available()` returned true, so the CPU supports AVX2.
    unsafe { absorb_x4_avx2::<R>(states, msgs, rate) };
    true
}

/// The four messages have equal lengths and the rate is a whole number of lanes within the state.
#[inline]
pub(super) fn absorb_args_ok(msgs: [&[u8]; 4], rate: usize) -> bool {
    rate % 8 == 0 && rate > 0 && rate <= 200 && msgs.iter().all(|m| m.len() == msgs[0].len())
}
