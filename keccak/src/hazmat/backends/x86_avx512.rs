//! x86_64 AVX-512F + AVX-512VL: one round written once over a register type, used
//! * on 256-bit registers for four states (the layout of [`super::x86_avx2`], one lane of each
//!   state per register);
//! * on 128-bit registers for one state (one lane per register, the upper element unused).
//!
//! `vpternlogq` computes θ's five-way XORs, the θ-effect input and χ (`a ^ (!b & c)`) in one
//! instruction each, and `vprolq` rotates natively (AVX2 needs shift, shift, or): about 90
//! instructions a round, half of the AVX2 round and of the scalar BMI round, with 32 registers.
//!
//! Compiled only with Rust 1.89 or later (`cfg(keccak_avx512)`, set by the build script), where
//! these intrinsics and target features are stable.

// The module is compiled only from Rust 1.89 on (see above), above the crate's rust-version.
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

use super::super::{RC, State1600};
use super::x86_avx2::{Round, absorb_args_ok, absorb_with, permute_with};

cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl");

/// Whether the CPU (and OS) support AVX-512F and AVX-512VL (detected once, then cached).
#[inline]
pub(crate) fn available() -> bool {
    avx512_cpuid::get()
}

/// The AVX-512VL operations of a round on one register type: `__m256i` (four states, one lane
/// of each) or `__m128i` (one state, one lane per register).
///
/// Every method is only reached from the `#[target_feature]` functions of this module, which are
/// compiled with AVX-512F/VL and entered only when the CPU has them.
trait Lanes: Copy {
    /// `a ^ b ^ c`.
    fn xor3(a: Self, b: Self, c: Self) -> Self;
    /// `a ^ (!b & c)` (χ).
    fn chi(a: Self, b: Self, c: Self) -> Self;
    /// Rotation of every 64-bit element left by `N`.
    fn rol<const N: i32>(a: Self) -> Self;
    /// `a ^ rc` in every 64-bit element.
    fn xor_rc(a: Self, rc: u64) -> Self;
}

impl Lanes for __m256i {
    #[inline(always)]
    fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm256_ternarylogic_epi64::<0x96>(a, b, c) }
    }
    #[inline(always)]
    fn chi(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm256_ternarylogic_epi64::<0xD2>(a, b, c) }
    }
    #[inline(always)]
    fn rol<const N: i32>(a: Self) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm256_rol_epi64::<N>(a) }
    }
    #[inline(always)]
    fn xor_rc(a: Self, rc: u64) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm256_xor_si256(a, _mm256_set1_epi64x(rc as i64)) }
    }
}

impl Lanes for __m128i {
    #[inline(always)]
    fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm_ternarylogic_epi64::<0x96>(a, b, c) }
    }
    #[inline(always)]
    fn chi(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm_ternarylogic_epi64::<0xD2>(a, b, c) }
    }
    #[inline(always)]
    fn rol<const N: i32>(a: Self) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm_rol_epi64::<N>(a) }
    }
    #[inline(always)]
    fn xor_rc(a: Self, rc: u64) -> Self {
        // SAFETY: see the trait docs.
        unsafe { _mm_xor_si128(a, _mm_cvtsi64_si128(rc as i64)) }
    }
}

#[inline(always)]
fn xor3<V: Lanes>(a: V, b: V, c: V) -> V {
    V::xor3(a, b, c)
}

#[inline(always)]
fn chi<V: Lanes>(a: V, b: V, c: V) -> V {
    V::chi(a, b, c)
}

#[inline(always)]
fn rol<V: Lanes, const N: i32>(a: V) -> V {
    V::rol::<N>(a)
}

/// `(a ^ d ^ r)` rotated left by `N`: θ's effect on one lane followed by ρ.
#[inline(always)]
fn theta_rho<V: Lanes, const N: i32>(a: V, d: V, r: V) -> V {
    rol::<V, N>(xor3(a, d, r))
}

#[inline(always)]
fn round<V: Lanes>(a: &mut [V; 25], rc: u64) {
    let c0 = xor3(xor3(a[0], a[5], a[10]), a[15], a[20]);
    let c1 = xor3(xor3(a[1], a[6], a[11]), a[16], a[21]);
    let c2 = xor3(xor3(a[2], a[7], a[12]), a[17], a[22]);
    let c3 = xor3(xor3(a[3], a[8], a[13]), a[18], a[23]);
    let c4 = xor3(xor3(a[4], a[9], a[14]), a[19], a[24]);
    // D[x] = C[x-1] ^ rol(C[x+1], 1), applied as the three-input XOR a ^ C[x-1] ^ R[x].
    let r0 = rol::<V, 1>(c1);
    let r1 = rol::<V, 1>(c2);
    let r2 = rol::<V, 1>(c3);
    let r3 = rol::<V, 1>(c4);
    let r4 = rol::<V, 1>(c0);
    let b0 = xor3(a[0], c4, r0);
    let b10 = theta_rho::<V, 1>(a[1], c0, r1);
    let b20 = theta_rho::<V, 62>(a[2], c1, r2);
    let b5 = theta_rho::<V, 28>(a[3], c2, r3);
    let b15 = theta_rho::<V, 27>(a[4], c3, r4);
    let b16 = theta_rho::<V, 36>(a[5], c4, r0);
    let b1 = theta_rho::<V, 44>(a[6], c0, r1);
    let b11 = theta_rho::<V, 6>(a[7], c1, r2);
    let b21 = theta_rho::<V, 55>(a[8], c2, r3);
    let b6 = theta_rho::<V, 20>(a[9], c3, r4);
    let b7 = theta_rho::<V, 3>(a[10], c4, r0);
    let b17 = theta_rho::<V, 10>(a[11], c0, r1);
    let b2 = theta_rho::<V, 43>(a[12], c1, r2);
    let b12 = theta_rho::<V, 25>(a[13], c2, r3);
    let b22 = theta_rho::<V, 39>(a[14], c3, r4);
    let b23 = theta_rho::<V, 41>(a[15], c4, r0);
    let b8 = theta_rho::<V, 45>(a[16], c0, r1);
    let b18 = theta_rho::<V, 15>(a[17], c1, r2);
    let b3 = theta_rho::<V, 21>(a[18], c2, r3);
    let b13 = theta_rho::<V, 8>(a[19], c3, r4);
    let b14 = theta_rho::<V, 18>(a[20], c4, r0);
    let b24 = theta_rho::<V, 2>(a[21], c0, r1);
    let b9 = theta_rho::<V, 61>(a[22], c1, r2);
    let b19 = theta_rho::<V, 56>(a[23], c2, r3);
    let b4 = theta_rho::<V, 14>(a[24], c3, r4);
    a[0] = V::xor_rc(chi(b0, b1, b2), rc);
    a[1] = chi(b1, b2, b3);
    a[2] = chi(b2, b3, b4);
    a[3] = chi(b3, b4, b0);
    a[4] = chi(b4, b0, b1);
    a[5] = chi(b5, b6, b7);
    a[6] = chi(b6, b7, b8);
    a[7] = chi(b7, b8, b9);
    a[8] = chi(b8, b9, b5);
    a[9] = chi(b9, b5, b6);
    a[10] = chi(b10, b11, b12);
    a[11] = chi(b11, b12, b13);
    a[12] = chi(b12, b13, b14);
    a[13] = chi(b13, b14, b10);
    a[14] = chi(b14, b10, b11);
    a[15] = chi(b15, b16, b17);
    a[16] = chi(b16, b17, b18);
    a[17] = chi(b17, b18, b19);
    a[18] = chi(b18, b19, b15);
    a[19] = chi(b19, b15, b16);
    a[20] = chi(b20, b21, b22);
    a[21] = chi(b21, b22, b23);
    a[22] = chi(b22, b23, b24);
    a[23] = chi(b23, b24, b20);
    a[24] = chi(b24, b20, b21);
}

/// The AVX-512 round.
struct Avx512;

impl Round for Avx512 {
    #[inline(always)]
    fn round(a: &mut [__m256i; 25], rc: u64) {
        round::<__m256i>(a, rc);
    }
}

/// One state, one lane per 128-bit register (the upper element unused): the same round as the
/// four-state code, in about 90 instructions instead of about 200 scalar ones.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
unsafe fn keccak_p_x1_avx512<const R: usize>(state: &mut State1600) {
    let mut a = [_mm_setzero_si128(); 25];
    for (r, &lane) in a.iter_mut().zip(state.iter()) {
        *r = _mm_cvtsi64_si128(lane as i64);
    }
    for &rc in &RC[24 - R..] {
        round::<__m128i>(&mut a, rc);
    }
    for (lane, r) in state.iter_mut().zip(a.iter()) {
        *lane = _mm_cvtsi128_si64(*r) as u64;
    }
}

/// Keccak-p\[1600, R\] on one state; returns `false` (doing nothing) without AVX-512F/VL.
#[inline]
pub(crate) fn try_keccak_p<const R: usize>(state: &mut State1600) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: as in `try_keccak_p_x4`.
    unsafe { keccak_p_x1_avx512::<R>(state) };
    true
}

#[target_feature(enable = "avx2,avx512f,avx512vl")]
unsafe fn keccak_p_x4_avx512<const R: usize>(states: &mut [State1600; 4]) {
    permute_with::<R, Avx512>(states);
}

#[target_feature(enable = "avx2,avx512f,avx512vl")]
unsafe fn absorb_x4_avx512<const R: usize>(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    absorb_with::<R, Avx512>(states, msgs, rate);
}

/// Keccak-p\[1600, R\] on four states; returns `false` (doing nothing) without AVX-512F/VL.
#[inline]
pub(crate) fn try_keccak_p_x4<const R: usize>(states: &mut [State1600; 4]) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: `available()` returned true, so the CPU supports AVX-512F and AVX-512VL (and
    // therefore AVX2).
    unsafe { keccak_p_x4_avx512::<R>(states) };
    true
}

/// As [`super::x86_avx2::try_absorb_x4`], on AVX-512F/VL.
#[inline]
pub(crate) fn try_absorb_x4<const R: usize>(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) -> bool {
    if !available() || !absorb_args_ok(msgs, rate) {
        return false;
    }
    // SAFETY: as in `try_keccak_p_x4`.
    unsafe { absorb_x4_avx512::<R>(states, msgs, rate) };
    true
}
