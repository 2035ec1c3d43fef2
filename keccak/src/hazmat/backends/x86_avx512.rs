//! x86_64 AVX-512F + AVX-512VL: the four-state permutation of [`super::x86_avx2`] (same layout,
//! one lane of each state per 256-bit register) with the AVX-512 instructions on 256-bit
//! registers: `vpternlogq` computes θ's five-way XORs, the θ-effect-plus-ρ input and χ
//! (`a ^ (!b & c)`) in one instruction each, and `vprolq` rotates natively (AVX2 needs shift,
//! shift, or). About half the instructions of the AVX2 round, and 32 registers instead of 16.
//!
//! Compiled only with Rust 1.89 or later (`cfg(keccak_avx512)`, set by the build script), where
//! these intrinsics and target features are stable.

// The module is compiled only from Rust 1.89 on (see above), above the crate's rust-version.
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

use super::super::State1600;
use super::x86_avx2::{Round, absorb_args_ok, absorb_with, permute_with};

cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl");

/// Whether the CPU (and OS) support AVX-512F and AVX-512VL (detected once, then cached).
#[inline]
pub(crate) fn available() -> bool {
    avx512_cpuid::get()
}

/// `a ^ b ^ c`.
#[inline(always)]
fn xor3(a: __m256i, b: __m256i, c: __m256i) -> __m256i {
    // SAFETY: only reached from `keccak_p_x4_avx512` / `absorb_x4_avx512`, which are compiled
    // with AVX-512F/VL and entered only when the CPU has them.
    unsafe { _mm256_ternarylogic_epi64::<0x96>(a, b, c) }
}

/// `a ^ (!b & c)` (χ).
#[inline(always)]
fn chi(a: __m256i, b: __m256i, c: __m256i) -> __m256i {
    // SAFETY: as for `xor3`.
    unsafe { _mm256_ternarylogic_epi64::<0xD2>(a, b, c) }
}

#[inline(always)]
fn rol<const N: i32>(a: __m256i) -> __m256i {
    // SAFETY: as for `xor3`.
    unsafe { _mm256_rol_epi64::<N>(a) }
}

/// `(a ^ d ^ r)` rotated left by `N`: θ's effect on one lane followed by ρ.
#[inline(always)]
fn theta_rho<const N: i32>(a: __m256i, d: __m256i, r: __m256i) -> __m256i {
    rol::<N>(xor3(a, d, r))
}

#[inline(always)]
fn round(a: &mut [__m256i; 25], rc: u64) {
    let c0 = xor3(xor3(a[0], a[5], a[10]), a[15], a[20]);
    let c1 = xor3(xor3(a[1], a[6], a[11]), a[16], a[21]);
    let c2 = xor3(xor3(a[2], a[7], a[12]), a[17], a[22]);
    let c3 = xor3(xor3(a[3], a[8], a[13]), a[18], a[23]);
    let c4 = xor3(xor3(a[4], a[9], a[14]), a[19], a[24]);
    // D[x] = C[x-1] ^ rol(C[x+1], 1), applied as the three-input XOR a ^ C[x-1] ^ R[x].
    let r0 = rol::<1>(c1);
    let r1 = rol::<1>(c2);
    let r2 = rol::<1>(c3);
    let r3 = rol::<1>(c4);
    let r4 = rol::<1>(c0);
    let b0 = xor3(a[0], c4, r0);
    let b10 = theta_rho::<1>(a[1], c0, r1);
    let b20 = theta_rho::<62>(a[2], c1, r2);
    let b5 = theta_rho::<28>(a[3], c2, r3);
    let b15 = theta_rho::<27>(a[4], c3, r4);
    let b16 = theta_rho::<36>(a[5], c4, r0);
    let b1 = theta_rho::<44>(a[6], c0, r1);
    let b11 = theta_rho::<6>(a[7], c1, r2);
    let b21 = theta_rho::<55>(a[8], c2, r3);
    let b6 = theta_rho::<20>(a[9], c3, r4);
    let b7 = theta_rho::<3>(a[10], c4, r0);
    let b17 = theta_rho::<10>(a[11], c0, r1);
    let b2 = theta_rho::<43>(a[12], c1, r2);
    let b12 = theta_rho::<25>(a[13], c2, r3);
    let b22 = theta_rho::<39>(a[14], c3, r4);
    let b23 = theta_rho::<41>(a[15], c4, r0);
    let b8 = theta_rho::<45>(a[16], c0, r1);
    let b18 = theta_rho::<15>(a[17], c1, r2);
    let b3 = theta_rho::<21>(a[18], c2, r3);
    let b13 = theta_rho::<8>(a[19], c3, r4);
    let b14 = theta_rho::<18>(a[20], c4, r0);
    let b24 = theta_rho::<2>(a[21], c0, r1);
    let b9 = theta_rho::<61>(a[22], c1, r2);
    let b19 = theta_rho::<56>(a[23], c2, r3);
    let b4 = theta_rho::<14>(a[24], c3, r4);
    // SAFETY: as for `xor3` (AVX-512F implies AVX).
    let rc = unsafe { _mm256_set1_epi64x(rc as i64) };
    // SAFETY: as for `xor3`.
    a[0] = unsafe { _mm256_xor_si256(chi(b0, b1, b2), rc) };
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
        round(a, rc);
    }
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
