//! x86_64 AVX2: Keccak-p\[1600\] on four independent states, one lane of each state per 256-bit
//! register (element k of register i is lane i of state k); one state on the BMI code of
//! [`super::x86_bmi`] (the portable permutation compiled with BMI1/BMI2, which this backend's
//! detection includes).
//!
//! The four-state layout, its loads, stores and the absorb loop are shared with
//! [`super::x86_avx512`], which supplies its own round through [`Round4`].

#[cfg(feature = "many-states")]
use core::arch::x86_64::*;

#[cfg(feature = "many-states")]
use super::super::RC;
use super::super::State1600;
#[cfg(keccak_many_msgs)]
use super::super::words::load_lane;
#[cfg(keccak_many_msgs)]
use super::absorb_args_ok;
use super::tokens::X86Avx2 as Token;
use super::{Job, Kernels, portable};

/// The AVX2 kernels; a value exists only after run-time detection found AVX2, BMI1 and BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Avx2(pub(super) Token);

/// Runs `job` with the AVX2 kernels, compiled with AVX2, BMI1 and BMI2 enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AVX2, BMI1 and BMI2 on this CPU.
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support AVX2, BMI1 and BMI2.
#[target_feature(enable = "avx2,bmi1,bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Avx2(token))
}

impl Kernels for X86Avx2 {
    #[cfg(feature = "many-states")]
    const SIMD_X4: bool = true;

    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        portable::keccak_p::<R>(state);
    }

    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        permute_with::<R, Self>(self, states);
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        debug_assert!(absorb_args_ok(msgs, rate));
        // SAFETY: `self` holds the token that proves the CPU has AVX2, BMI1 and BMI2.
        unsafe { absorb_x4_with_features::<R>(self, states, msgs, rate) };
    }
}

/// The absorb loop in a function of its own, its arguments in registers rather than read through
/// the job: inlined into the job's entry point, the loop compiled to other code (another register
/// allocation, with more spills) than in this form, which is instruction for instruction the
/// loop as it was before the single dispatch.
///
/// # Safety
/// The CPU must support AVX2, BMI1 and BMI2.
#[inline(never)]
#[target_feature(enable = "avx2,bmi1,bmi2")]
#[cfg(keccak_many_msgs)]
unsafe fn absorb_x4_with_features<const R: usize>(
    kernels: X86Avx2,
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    absorb_with::<R, X86Avx2>(kernels, states, msgs, rate);
}

/// `a ^ b`.
#[inline(always)]
#[cfg(feature = "many-states")]
fn xor(_: Token, a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: the token proves that the CPU has AVX2.
    unsafe { _mm256_xor_si256(a, b) }
}

/// `!a & b`.
#[inline(always)]
#[cfg(feature = "many-states")]
fn andnot(_: Token, a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: the token proves that the CPU has AVX2.
    unsafe { _mm256_andnot_si256(a, b) }
}

/// Rotation of every 64-bit element left by `L` (`R = 64 - L`).
#[inline(always)]
#[cfg(feature = "many-states")]
fn rol<const L: i32, const R: i32>(_: Token, a: __m256i) -> __m256i {
    // SAFETY: the token proves that the CPU has AVX2.
    unsafe { _mm256_or_si256(_mm256_slli_epi64::<L>(a), _mm256_srli_epi64::<R>(a)) }
}

/// Byte shuffle (within each 64-bit element) that rotates it left by 8 bits: result byte i is
/// byte i - 1 (mod 8).
#[cfg(feature = "many-states")]
const ROL8: [i8; 32] = rol_bytes_pattern(1);
/// The byte shuffle that rotates each 64-bit element left by 56 bits (right by 8).
#[cfg(feature = "many-states")]
const ROL56: [i8; 32] = rol_bytes_pattern(7);

/// The `vpshufb` pattern that rotates each 64-bit element left by `k` bytes.
#[cfg(feature = "many-states")]
const fn rol_bytes_pattern(k: usize) -> [i8; 32] {
    let mut p = [0i8; 32];
    let mut i = 0;
    while i < 32 {
        p[i] = ((i & !7) + (i + 8 - k) % 8) as i8;
        i += 1;
    }
    p
}

/// Rotation of every 64-bit element by whole bytes with one `vpshufb` (`pattern` from
/// [`rol_bytes_pattern`]) instead of shift, shift, or.
#[inline(always)]
#[cfg(feature = "many-states")]
fn rol_bytes(_: Token, a: __m256i, pattern: [i8; 32]) -> __m256i {
    // SAFETY: the token proves that the CPU has AVX2; `pattern` is 32 readable bytes and `loadu`
    // has no alignment requirement.
    unsafe { _mm256_shuffle_epi8(a, _mm256_loadu_si256(pattern.as_ptr().cast())) }
}

/// θ, ρ, π, χ, ι with round constant `rc` on four states.
#[inline(always)]
#[cfg(feature = "many-states")]
fn round(t: Token, a: &mut [__m256i; 25], rc: u64) {
    let c0 = xor(t, xor(t, xor(t, a[0], a[5]), xor(t, a[10], a[15])), a[20]);
    let c1 = xor(t, xor(t, xor(t, a[1], a[6]), xor(t, a[11], a[16])), a[21]);
    let c2 = xor(t, xor(t, xor(t, a[2], a[7]), xor(t, a[12], a[17])), a[22]);
    let c3 = xor(t, xor(t, xor(t, a[3], a[8]), xor(t, a[13], a[18])), a[23]);
    let c4 = xor(t, xor(t, xor(t, a[4], a[9]), xor(t, a[14], a[19])), a[24]);
    let d0 = xor(t, c4, rol::<1, 63>(t, c1));
    let d1 = xor(t, c0, rol::<1, 63>(t, c2));
    let d2 = xor(t, c1, rol::<1, 63>(t, c3));
    let d3 = xor(t, c2, rol::<1, 63>(t, c4));
    let d4 = xor(t, c3, rol::<1, 63>(t, c0));
    {
        let b0 = xor(t, a[0], d0);
        let b10 = rol::<1, 63>(t, xor(t, a[1], d1));
        let b20 = rol::<62, 2>(t, xor(t, a[2], d2));
        let b5 = rol::<28, 36>(t, xor(t, a[3], d3));
        let b15 = rol::<27, 37>(t, xor(t, a[4], d4));
        let b16 = rol::<36, 28>(t, xor(t, a[5], d0));
        let b1 = rol::<44, 20>(t, xor(t, a[6], d1));
        let b11 = rol::<6, 58>(t, xor(t, a[7], d2));
        let b21 = rol::<55, 9>(t, xor(t, a[8], d3));
        let b6 = rol::<20, 44>(t, xor(t, a[9], d4));
        let b7 = rol::<3, 61>(t, xor(t, a[10], d0));
        let b17 = rol::<10, 54>(t, xor(t, a[11], d1));
        let b2 = rol::<43, 21>(t, xor(t, a[12], d2));
        let b12 = rol::<25, 39>(t, xor(t, a[13], d3));
        let b22 = rol::<39, 25>(t, xor(t, a[14], d4));
        let b23 = rol::<41, 23>(t, xor(t, a[15], d0));
        let b8 = rol::<45, 19>(t, xor(t, a[16], d1));
        let b18 = rol::<15, 49>(t, xor(t, a[17], d2));
        let b3 = rol::<21, 43>(t, xor(t, a[18], d3));
        let b13 = rol_bytes(t, xor(t, a[19], d4), ROL8);
        let b14 = rol::<18, 46>(t, xor(t, a[20], d0));
        let b24 = rol::<2, 62>(t, xor(t, a[21], d1));
        let b9 = rol::<61, 3>(t, xor(t, a[22], d2));
        let b19 = rol_bytes(t, xor(t, a[23], d3), ROL56);
        let b4 = rol::<14, 50>(t, xor(t, a[24], d4));
        a[0] = xor(t, b0, andnot(t, b1, b2));
        a[1] = xor(t, b1, andnot(t, b2, b3));
        a[2] = xor(t, b2, andnot(t, b3, b4));
        a[3] = xor(t, b3, andnot(t, b4, b0));
        a[4] = xor(t, b4, andnot(t, b0, b1));
        a[5] = xor(t, b5, andnot(t, b6, b7));
        a[6] = xor(t, b6, andnot(t, b7, b8));
        a[7] = xor(t, b7, andnot(t, b8, b9));
        a[8] = xor(t, b8, andnot(t, b9, b5));
        a[9] = xor(t, b9, andnot(t, b5, b6));
        a[10] = xor(t, b10, andnot(t, b11, b12));
        a[11] = xor(t, b11, andnot(t, b12, b13));
        a[12] = xor(t, b12, andnot(t, b13, b14));
        a[13] = xor(t, b13, andnot(t, b14, b10));
        a[14] = xor(t, b14, andnot(t, b10, b11));
        a[15] = xor(t, b15, andnot(t, b16, b17));
        a[16] = xor(t, b16, andnot(t, b17, b18));
        a[17] = xor(t, b17, andnot(t, b18, b19));
        a[18] = xor(t, b18, andnot(t, b19, b15));
        a[19] = xor(t, b19, andnot(t, b15, b16));
        a[20] = xor(t, b20, andnot(t, b21, b22));
        a[21] = xor(t, b21, andnot(t, b22, b23));
        a[22] = xor(t, b22, andnot(t, b23, b24));
        a[23] = xor(t, b23, andnot(t, b24, b20));
        a[24] = xor(t, b24, andnot(t, b20, b21));
    }
    // SAFETY: the token proves that the CPU has AVX2.
    a[0] = xor(t, a[0], unsafe { _mm256_set1_epi64x(rc as i64) });
}

/// One round on four states held in 25 registers, implemented by the AVX2 kernels ([`X86Avx2`])
/// and the AVX-512 backend's four-state rounds (`x86_avx512::Rounds`, one per form of θ) and by
/// nothing else: a value of an implementing type exists only after detection found AVX2 (the
/// AVX-512 detection includes it), so it is the proof the shared four-state code below needs to
/// run AVX2 instructions.
#[cfg(feature = "many-states")]
pub(super) trait Round4: Copy {
    /// θ, ρ, π, χ, ι with round constant `rc`.
    fn round(self, a: &mut [__m256i; 25], rc: u64);
}

#[cfg(feature = "many-states")]
impl Round4 for X86Avx2 {
    #[inline(always)]
    fn round(self, a: &mut [__m256i; 25], rc: u64) {
        round(self.0, a, rc);
    }
}

/// 4 × 4 transpose of 64-bit elements (its own inverse): element k of output i = element i of
/// input k.
#[inline(always)]
#[cfg(feature = "many-states")]
fn transpose4<T: Round4>(_: T, r: [__m256i; 4]) -> [__m256i; 4] {
    // SAFETY: a `Round4` value proves that the CPU has AVX2.
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
#[cfg(feature = "many-states")]
fn load4<T: Round4>(_: T, lanes: &[u64]) -> __m256i {
    let four = &lanes[..4];
    // SAFETY: `four` is 32 readable bytes, `loadu` has no alignment requirement; a `Round4` value
    // proves that the CPU has AVX2.
    unsafe { _mm256_loadu_si256(four.as_ptr().cast()) }
}

/// Four consecutive little-endian 64-bit lanes from the first 32 bytes of `bytes`.
#[inline(always)]
#[cfg(keccak_many_msgs)]
fn load4_bytes<T: Round4>(_: T, bytes: &[u8]) -> __m256i {
    let b = &bytes[..32];
    // SAFETY: `b` is 32 readable bytes, `loadu` has no alignment requirement and x86 is
    // little-endian; a `Round4` value proves that the CPU has AVX2.
    unsafe { _mm256_loadu_si256(b.as_ptr().cast()) }
}

/// Loads four states into 25 registers (element k of register i = lane i of state k).
#[inline(always)]
#[cfg(feature = "many-states")]
fn load<T: Round4>(k: T, states: &[State1600; 4]) -> [__m256i; 25] {
    // SAFETY: a `Round4` value proves that the CPU has AVX2.
    let mut a = [unsafe { _mm256_setzero_si256() }; 25];
    for g in 0..6 {
        let t = transpose4(
            k,
            [
                load4(k, &states[0][4 * g..]),
                load4(k, &states[1][4 * g..]),
                load4(k, &states[2][4 * g..]),
                load4(k, &states[3][4 * g..]),
            ],
        );
        a[4 * g..4 * g + 4].copy_from_slice(&t);
    }
    // SAFETY: a `Round4` value proves that the CPU has AVX2.
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
#[cfg(feature = "many-states")]
fn store<T: Round4>(k: T, a: &[__m256i; 25], states: &mut [State1600; 4]) {
    for g in 0..6 {
        let t = transpose4(k, [a[4 * g], a[4 * g + 1], a[4 * g + 2], a[4 * g + 3]]);
        for (st, v) in states.iter_mut().zip(t) {
            let four = &mut st[4 * g..4 * g + 4];
            // SAFETY: `four` is 32 writable bytes, `storeu` has no alignment requirement; a
            // `Round4` value proves that the CPU has AVX2.
            unsafe { _mm256_storeu_si256(four.as_mut_ptr().cast(), v) };
        }
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 writable bytes, `storeu` has no alignment requirement; a `Round4`
    // value proves that the CPU has AVX2.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), a[24]) };
    for i in 0..4 {
        states[i][24] = lanes[i];
    }
}

/// Keccak-p\[1600, R\] on four states with the round of `k` (shared with the AVX-512 backend,
/// which supplies its own round), four rounds a loop pass (faster than one a pass on Zen 4:
/// PERFORMANCE.md, "Eight states on Zen 4: transposes without index permutes, θ by columns").
#[inline(always)]
#[cfg(feature = "many-states")]
pub(super) fn permute_with<const R: usize, T: Round4>(k: T, states: &mut [State1600; 4]) {
    const { assert!(R % 4 == 0, "the rounds go four to a loop pass") };
    let mut a = load(k, states);
    for rc in RC[24 - R..].chunks_exact(4) {
        k.round(&mut a, rc[0]);
        k.round(&mut a, rc[1]);
        k.round(&mut a, rc[2]);
        k.round(&mut a, rc[3]);
    }
    store(k, &a, states);
}

/// Absorbs the whole `rate`-byte blocks of four equal-length messages with the round of `k`,
/// keeping the states in registers across blocks; four rounds a loop pass, as in
/// [`permute_with`].
#[inline(always)]
#[cfg(keccak_many_msgs)]
pub(super) fn absorb_with<const R: usize, T: Round4>(
    k: T,
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    const { assert!(R % 4 == 0, "the rounds go four to a loop pass") };
    let mut a = load(k, states);
    let lane = |m: &[u8], off: usize| -> i64 { load_lane(&m[off..off + 8]) as i64 };
    let lanes = rate / 8;
    let blocks = msgs[0].len() / rate;
    for blk in 0..blocks {
        let base = blk * rate;
        // Groups of four lanes: one 32-byte load per message and a transpose.
        for g in 0..lanes / 4 {
            let off = base + 32 * g;
            let t = transpose4(
                k,
                [
                    load4_bytes(k, &msgs[0][off..]),
                    load4_bytes(k, &msgs[1][off..]),
                    load4_bytes(k, &msgs[2][off..]),
                    load4_bytes(k, &msgs[3][off..]),
                ],
            );
            for (j, v) in t.into_iter().enumerate() {
                a[4 * g + j] = xor_any(k, a[4 * g + j], v);
            }
        }
        for i in lanes / 4 * 4..lanes {
            let off = base + 8 * i;
            // SAFETY: a `Round4` value proves that the CPU has AVX2.
            let v = unsafe {
                _mm256_set_epi64x(
                    lane(msgs[3], off),
                    lane(msgs[2], off),
                    lane(msgs[1], off),
                    lane(msgs[0], off),
                )
            };
            a[i] = xor_any(k, a[i], v);
        }
        for rc in RC[24 - R..].chunks_exact(4) {
            k.round(&mut a, rc[0]);
            k.round(&mut a, rc[1]);
            k.round(&mut a, rc[2]);
            k.round(&mut a, rc[3]);
        }
    }
    store(k, &a, states);
}

/// `a ^ b` for the shared four-state code.
#[inline(always)]
#[cfg(keccak_many_msgs)]
fn xor_any<T: Round4>(_: T, a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: a `Round4` value proves that the CPU has AVX2.
    unsafe { _mm256_xor_si256(a, b) }
}
