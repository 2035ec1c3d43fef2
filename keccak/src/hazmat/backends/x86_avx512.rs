//! x86_64 AVX-512F + AVX-512VL: one round written once over a register type, used
//! * on 512-bit registers for eight states (one lane of each state per register: element k of
//!   register i is lane i of state k), the tree hashes' leaves eight at a time;
//! * on 256-bit registers for four states (the layout of [`super::x86_avx2`]);
//! * on 128-bit registers for one state, two lanes of a column per register (see
//!   [`one_state`]), held in registers across the whole absorb loop.
//!
//! `vpternlogq` computes θ's five-way XORs, the θ-effect input and χ (`a ^ (!b & c)`) in one
//! instruction each, and `vprolq` rotates natively (AVX2 needs shift, shift, or): about 90
//! instructions a round for many states (95 on Zen 4, which runs θ by columns: [`theta_by_d`]),
//! half of the AVX2 round and of the scalar BMI round, with 32 registers; 80 for one state.
//!
//! Compiled only with Rust 1.89 or later (`cfg(keccak_avx512)`, set by the build script), where
//! these intrinsics and target features are stable.

// The module is compiled only from Rust 1.89 on (see above), above the crate's rust-version.
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

use super::super::State1600;
#[cfg(keccak_many_msgs)]
use super::absorb_args_ok;
use super::tokens::X86Avx512 as Token;
#[cfg(keccak_many_msgs)]
use super::x86_avx2::absorb_with;
#[cfg(feature = "many-states")]
use super::x86_avx2::{Round4, permute_with};
use super::{Job, Kernels};

#[cfg(keccak_many_msgs)]
mod eight_states;
mod one_state;

#[cfg(keccak_many_msgs)]
use eight_states::{absorb_x8_with_features, load_x8, rounds_x8, store_x8};
#[cfg(feature = "batch")]
use one_state::digest_x1_with_features;
use one_state::{absorb_x1_with_features, finish_x1_with_features, keccak_p_x1};

/// The AVX-512 kernels; a value exists only after run-time detection found AVX-512F, AVX-512VL
/// and AVX2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Avx512(pub(super) Token);

/// Runs `job` with the AVX-512 kernels, compiled with AVX2, AVX-512F and AVX-512VL enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AVX-512F, AVX-512VL and AVX2 on this CPU
    // (and OS).
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Avx512(token))
}

impl Kernels for X86Avx512 {
    #[cfg(feature = "many-states")]
    const SIMD_X4: bool = true;
    #[cfg(any(feature = "kt", feature = "parallel-hash"))]
    const EIGHT_AT_ONCE: bool = true;

    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        keccak_p_x1::<R>(self.0, state);
    }

    #[inline(always)]
    fn absorb<const R: usize>(self, state: &mut State1600, data: &[u8], rate: usize) {
        // SAFETY: `self` holds the token that proves the CPU has AVX2, AVX-512F and AVX-512VL.
        unsafe { absorb_x1_with_features::<R>(self.0, state, data, rate) };
    }

    #[cfg(feature = "batch")]
    #[inline(always)]
    fn digest<const R: usize>(self, data: &[u8], rate: usize, ds: u8, out: &mut [u8]) {
        // SAFETY: `self` holds the token that proves the CPU has AVX2, AVX-512F and AVX-512VL.
        unsafe { digest_x1_with_features::<R>(self.0, data, rate, ds, out) };
    }

    #[inline(always)]
    fn finish<const R: usize>(
        self,
        state: &mut State1600,
        pos: usize,
        rate: usize,
        ds: u8,
        out: &mut [u8],
    ) {
        // SAFETY: `self` holds the token that proves the CPU has AVX2, AVX-512F and AVX-512VL.
        unsafe { finish_x1_with_features::<R>(self.0, state, pos, rate, ds, out) };
    }

    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        if theta_by_d() {
            permute_with::<R, _>(Rounds::<true>(self.0), states);
        } else {
            permute_with::<R, _>(Rounds::<false>(self.0), states);
        }
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn keccak_p_x8<const R: usize>(self, states: &mut [State1600; 8]) {
        let mut a = load_x8(self.0, states);
        if theta_by_d() {
            rounds_x8::<R, true>(self.0, &mut a);
        } else {
            rounds_x8::<R, false>(self.0, &mut a);
        }
        store_x8(self.0, &a, states);
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x8<const R: usize>(self, states: &mut [State1600; 8], msgs: [&[u8]; 8], rate: usize) {
        debug_assert!(absorb_args_ok(msgs, rate));
        if theta_by_d() {
            // SAFETY: `self` holds the token that proves the CPU has AVX2, AVX-512F and AVX-512VL.
            unsafe { absorb_x8_with_features::<R, true>(self.0, states, msgs, rate) };
        } else {
            // SAFETY: as above.
            unsafe { absorb_x8_with_features::<R, false>(self.0, states, msgs, rate) };
        }
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        debug_assert!(absorb_args_ok(msgs, rate));
        if theta_by_d() {
            let rounds = Rounds::<true>(self.0);
            // SAFETY: `self` holds the token that proves the CPU has AVX2, AVX-512F and AVX-512VL.
            unsafe { absorb_x4_with_features::<R, _>(rounds, states, msgs, rate) };
        } else {
            let rounds = Rounds::<false>(self.0);
            // SAFETY: as above.
            unsafe { absorb_x4_with_features::<R, _>(rounds, states, msgs, rate) };
        }
    }
}

// ------------------------------------------------------------------ choices by CPU model

/// Whether the many-state rounds (four states on 256-bit registers, eight on 512-bit ones) apply
/// θ as `a ^ D[x]`, D computed once per column (five more instructions a round, 95), rather than
/// as one three-input XOR per lane (90): on AMD family 19h (Zen 4), where a `vpternlogq` whose
/// inputs were all just computed issues slower than a two-input XOR, and that form measured
/// faster; not elsewhere (on Intel's cores every one of these is one uop on
/// the same ports, so the shorter round should be the faster there: a model, not measured).
/// PERFORMANCE.md, "Eight states on Zen 4: transposes without index permutes, θ by columns", has
/// the figures and the CPUs.
#[cfg(feature = "many-states")]
#[inline]
fn theta_by_d() -> bool {
    #[cfg(test)]
    if let Some(forced) = FORCE_THETA_BY_D.with(|f| f.get()) {
        return forced;
    }
    let cpu = lwc_dispatch::x86::cpu();
    cpu.vendor.is_amd_like() && cpu.family == 0x19
}

#[cfg(all(test, feature = "many-states"))]
std::thread_local! {
    /// Tests only: the form of θ [`theta_by_d`] answers on this thread (`None`: by CPU model),
    /// so that both forms are tested on any CPU with AVX-512.
    pub(super) static FORCE_THETA_BY_D: core::cell::Cell<Option<bool>> =
        const { core::cell::Cell::new(None) };
}

/// The four-state round for the code shared with the AVX2 backend, θ as [`theta_by_d`] chose;
/// holds the token that proves the CPU has AVX2, AVX-512F and AVX-512VL.
#[cfg(feature = "many-states")]
#[derive(Clone, Copy)]
struct Rounds<const BY_D: bool>(Token);

#[cfg(feature = "many-states")]
impl<const BY_D: bool> Round4 for Rounds<BY_D> {
    #[inline(always)]
    fn round(self, a: &mut [__m256i; 25], rc: u64) {
        round::<__m256i, BY_D>(self.0, a, rc);
    }
}

/// The absorb loop in a function of its own, its arguments in registers rather than read through
/// the job: inlined into the job's entry point, LLVM allocated the loop's registers differently
/// (two more vector moves per round) than in this form, which is instruction for instruction the
/// loop as it was before the single dispatch.
///
/// # Safety
/// The CPU must support AVX2, AVX-512F and AVX-512VL.
#[cfg(keccak_many_msgs)]
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
unsafe fn absorb_x4_with_features<const R: usize, T: Round4>(
    rounds: T,
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    absorb_with::<R, T>(rounds, states, msgs, rate);
}

/// The AVX-512 operations of a round on one register type: `__m256i` (four states, one lane of
/// each), `__m512i` (eight states) or `__m128i` (one state, two lanes per register: see
/// [`one_state`]). Each takes the token that proves the CPU has AVX-512F/VL.
trait Lanes: Copy {
    /// `a ^ b`.
    #[cfg(feature = "many-states")]
    fn xor(t: Token, a: Self, b: Self) -> Self;
    /// `a ^ b ^ c`.
    fn xor3(t: Token, a: Self, b: Self, c: Self) -> Self;
    /// `a ^ (!b & c)` (χ).
    fn chi(t: Token, a: Self, b: Self, c: Self) -> Self;
    /// Rotation of every 64-bit element left by `N`.
    fn rol<const N: i32>(t: Token, a: Self) -> Self;
    /// `a ^ rc` in every 64-bit element.
    fn xor_rc(t: Token, a: Self, rc: u64) -> Self;
}

#[cfg(feature = "many-states")]
impl Lanes for __m256i {
    #[inline(always)]
    fn xor(_: Token, a: Self, b: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm256_xor_si256(a, b) }
    }
    #[inline(always)]
    fn xor3(_: Token, a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm256_ternarylogic_epi64::<0x96>(a, b, c) }
    }
    #[inline(always)]
    fn chi(_: Token, a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm256_ternarylogic_epi64::<0xD2>(a, b, c) }
    }
    #[inline(always)]
    fn rol<const N: i32>(_: Token, a: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm256_rol_epi64::<N>(a) }
    }
    #[inline(always)]
    fn xor_rc(_: Token, a: Self, rc: u64) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm256_xor_si256(a, _mm256_set1_epi64x(rc as i64)) }
    }
}

#[cfg(keccak_many_msgs)]
impl Lanes for __m512i {
    #[inline(always)]
    fn xor(_: Token, a: Self, b: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F.
        unsafe { _mm512_xor_si512(a, b) }
    }
    #[inline(always)]
    fn xor3(_: Token, a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F.
        unsafe { _mm512_ternarylogic_epi64::<0x96>(a, b, c) }
    }
    #[inline(always)]
    fn chi(_: Token, a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F.
        unsafe { _mm512_ternarylogic_epi64::<0xD2>(a, b, c) }
    }
    #[inline(always)]
    fn rol<const N: i32>(_: Token, a: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F.
        unsafe { _mm512_rol_epi64::<N>(a) }
    }
    #[inline(always)]
    fn xor_rc(_: Token, a: Self, rc: u64) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F.
        unsafe { _mm512_xor_si512(a, _mm512_set1_epi64(rc as i64)) }
    }
}

impl Lanes for __m128i {
    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn xor(_: Token, a: Self, b: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm_xor_si128(a, b) }
    }
    #[inline(always)]
    fn xor3(_: Token, a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm_ternarylogic_epi64::<0x96>(a, b, c) }
    }
    #[inline(always)]
    fn chi(_: Token, a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm_ternarylogic_epi64::<0xD2>(a, b, c) }
    }
    #[inline(always)]
    fn rol<const N: i32>(_: Token, a: Self) -> Self {
        // SAFETY: the token proves that the CPU has AVX-512F and AVX-512VL.
        unsafe { _mm_rol_epi64::<N>(a) }
    }
    #[inline(always)]
    fn xor_rc(_: Token, a: Self, rc: u64) -> Self {
        // SAFETY: SSE2 is part of x86_64; the low element only (the lane of the state's first
        // register that ι changes).
        unsafe { _mm_xor_si128(a, _mm_cvtsi64_si128(rc as i64)) }
    }
}

#[inline(always)]
fn xor3<V: Lanes>(t: Token, a: V, b: V, c: V) -> V {
    V::xor3(t, a, b, c)
}

#[inline(always)]
fn chi<V: Lanes>(t: Token, a: V, b: V, c: V) -> V {
    V::chi(t, a, b, c)
}

#[inline(always)]
fn rol<V: Lanes, const N: i32>(t: Token, a: V) -> V {
    V::rol::<N>(t, a)
}

/// θ's effect on one lane: `a ^ c ^ r` (`c` = C[x-1], `r` = C[x+1] rotated), as one three-input
/// XOR, or with `BY_D` as `a ^ d` where `d` = `c ^ r` was computed once for the column.
#[inline(always)]
#[cfg(feature = "many-states")]
fn theta<V: Lanes, const BY_D: bool>(t: Token, a: V, c: V, r: V, d: V) -> V {
    if BY_D {
        V::xor(t, a, d)
    } else {
        xor3(t, a, c, r)
    }
}

/// [`theta`] followed by ρ's rotation left by `N`.
#[inline(always)]
#[cfg(feature = "many-states")]
fn theta_rho<V: Lanes, const N: i32, const BY_D: bool>(t: Token, a: V, c: V, r: V, d: V) -> V {
    rol::<V, N>(t, theta::<V, BY_D>(t, a, c, r, d))
}

/// θ, ρ, π, χ, ι with round constant `rc`.
#[inline(always)]
#[cfg(feature = "many-states")]
fn round<V: Lanes, const BY_D: bool>(t: Token, a: &mut [V; 25], rc: u64) {
    let c0 = xor3(t, xor3(t, a[0], a[5], a[10]), a[15], a[20]);
    let c1 = xor3(t, xor3(t, a[1], a[6], a[11]), a[16], a[21]);
    let c2 = xor3(t, xor3(t, a[2], a[7], a[12]), a[17], a[22]);
    let c3 = xor3(t, xor3(t, a[3], a[8], a[13]), a[18], a[23]);
    let c4 = xor3(t, xor3(t, a[4], a[9], a[14]), a[19], a[24]);
    // D[x] = C[x-1] ^ rol(C[x+1], 1), applied as the three-input XOR a ^ C[x-1] ^ R[x].
    let r0 = rol::<V, 1>(t, c1);
    let r1 = rol::<V, 1>(t, c2);
    let r2 = rol::<V, 1>(t, c3);
    let r3 = rol::<V, 1>(t, c4);
    let r4 = rol::<V, 1>(t, c0);
    // D[x] itself, used with `BY_D` only (otherwise dead, and not computed).
    let d = [
        V::xor(t, c4, r0),
        V::xor(t, c0, r1),
        V::xor(t, c1, r2),
        V::xor(t, c2, r3),
        V::xor(t, c3, r4),
    ];
    let b0 = theta::<V, BY_D>(t, a[0], c4, r0, d[0]);
    let b10 = theta_rho::<V, 1, BY_D>(t, a[1], c0, r1, d[1]);
    let b20 = theta_rho::<V, 62, BY_D>(t, a[2], c1, r2, d[2]);
    let b5 = theta_rho::<V, 28, BY_D>(t, a[3], c2, r3, d[3]);
    let b15 = theta_rho::<V, 27, BY_D>(t, a[4], c3, r4, d[4]);
    let b16 = theta_rho::<V, 36, BY_D>(t, a[5], c4, r0, d[0]);
    let b1 = theta_rho::<V, 44, BY_D>(t, a[6], c0, r1, d[1]);
    let b11 = theta_rho::<V, 6, BY_D>(t, a[7], c1, r2, d[2]);
    let b21 = theta_rho::<V, 55, BY_D>(t, a[8], c2, r3, d[3]);
    let b6 = theta_rho::<V, 20, BY_D>(t, a[9], c3, r4, d[4]);
    let b7 = theta_rho::<V, 3, BY_D>(t, a[10], c4, r0, d[0]);
    let b17 = theta_rho::<V, 10, BY_D>(t, a[11], c0, r1, d[1]);
    let b2 = theta_rho::<V, 43, BY_D>(t, a[12], c1, r2, d[2]);
    let b12 = theta_rho::<V, 25, BY_D>(t, a[13], c2, r3, d[3]);
    let b22 = theta_rho::<V, 39, BY_D>(t, a[14], c3, r4, d[4]);
    let b23 = theta_rho::<V, 41, BY_D>(t, a[15], c4, r0, d[0]);
    let b8 = theta_rho::<V, 45, BY_D>(t, a[16], c0, r1, d[1]);
    let b18 = theta_rho::<V, 15, BY_D>(t, a[17], c1, r2, d[2]);
    let b3 = theta_rho::<V, 21, BY_D>(t, a[18], c2, r3, d[3]);
    let b13 = theta_rho::<V, 8, BY_D>(t, a[19], c3, r4, d[4]);
    let b14 = theta_rho::<V, 18, BY_D>(t, a[20], c4, r0, d[0]);
    let b24 = theta_rho::<V, 2, BY_D>(t, a[21], c0, r1, d[1]);
    let b9 = theta_rho::<V, 61, BY_D>(t, a[22], c1, r2, d[2]);
    let b19 = theta_rho::<V, 56, BY_D>(t, a[23], c2, r3, d[3]);
    let b4 = theta_rho::<V, 14, BY_D>(t, a[24], c3, r4, d[4]);
    a[0] = V::xor_rc(t, chi(t, b0, b1, b2), rc);
    a[1] = chi(t, b1, b2, b3);
    a[2] = chi(t, b2, b3, b4);
    a[3] = chi(t, b3, b4, b0);
    a[4] = chi(t, b4, b0, b1);
    a[5] = chi(t, b5, b6, b7);
    a[6] = chi(t, b6, b7, b8);
    a[7] = chi(t, b7, b8, b9);
    a[8] = chi(t, b8, b9, b5);
    a[9] = chi(t, b9, b5, b6);
    a[10] = chi(t, b10, b11, b12);
    a[11] = chi(t, b11, b12, b13);
    a[12] = chi(t, b12, b13, b14);
    a[13] = chi(t, b13, b14, b10);
    a[14] = chi(t, b14, b10, b11);
    a[15] = chi(t, b15, b16, b17);
    a[16] = chi(t, b16, b17, b18);
    a[17] = chi(t, b17, b18, b19);
    a[18] = chi(t, b18, b19, b15);
    a[19] = chi(t, b19, b15, b16);
    a[20] = chi(t, b20, b21, b22);
    a[21] = chi(t, b21, b22, b23);
    a[22] = chi(t, b22, b23, b24);
    a[23] = chi(t, b23, b24, b20);
    a[24] = chi(t, b24, b20, b21);
}
