//! AVX2 backend (x86 with AVX2 and BMI2, without AVX-512): all `x` words in one 256-bit vector,
//! all `y` words in another.
//!
//! One Alzette on the two vectors computes every branch at once. The `y` vector is kept rotated
//! right by 16 and rotated in place inside Alzette (the portable backend's rotated-`y` form), so
//! each round's dependency chain is one rotation (shift/shift/or, or a byte shuffle), the addition
//! and the XOR. The linear layer is an in-lane horizontal XOR of the left half (`vpshufd`), `ELL`
//! in its rotated form (a shift and an XOR), and one cross-lane permutation (`vpermd`) for the
//! branch rotation. Lanes beyond the branch count carry don't-care values that never reach a used
//! lane.
//!
//! Sparkle256 (four branches) runs the BMI2 scalar code here: its 4-lane vector code (kept, and
//! tested against portable) is latency-bound and slower than the scalar code with BMI2.

// The intrinsics are safe to call inside `#[target_feature]` functions since Rust 1.87, but the
// workspace's MSRV is 1.85, where they still need an `unsafe` block.
#![allow(unused_unsafe)]

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use super::detect::Avx2Token;
use super::{Job, Kernels, portable};
use crate::hazmat::words::RCON;

/// The AVX2 kernels; a value exists only after run-time detection found AVX2 and BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Avx2(pub(super) Avx2Token);

/// Runs `job` with the AVX2 kernels, compiled with AVX2 and BMI2 enabled.
#[inline]
pub(super) fn run<J: Job>(token: Avx2Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after `detect` found AVX2 and BMI2 on this CPU.
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Avx2Token) -> J::Output {
    job.run(X86Avx2(token))
}

impl Kernels for X86Avx2 {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        if (N == 12 || N == 16) && STEPS <= 12 {
            // SAFETY: `self` holds an `Avx2Token`, so the CPU has AVX2; N is 12 or 16.
            unsafe { sparkle::<N, STEPS>(state) }
        } else {
            portable::sparkle_rorx::<N, STEPS>(state);
        }
    }
}

/// The four-branch vector code (not used by [`Kernels::sparkle`], see the module docs), for the
/// tests against portable.
#[cfg(test)]
pub(super) fn sparkle256<const STEPS: usize>(_token: Avx2Token, state: &mut [u32; 8]) {
    // SAFETY: the token proves AVX2; N = 8 is a supported size.
    unsafe { sparkle::<8, STEPS>(state) }
}

/// The eight Alzette constants, branch `i`'s in lane `i`.
macro_rules! alzette_constants {
    () => {
        _mm256_setr_epi32(
            RCON[0] as i32,
            RCON[1] as i32,
            RCON[2] as i32,
            RCON[3] as i32,
            RCON[4] as i32,
            RCON[5] as i32,
            RCON[6] as i32,
            RCON[7] as i32,
        )
    };
}

/// The linear layer's branch rotation as a `vpermd` index, for `h` branches per half: new left
/// `j` = old right `h + (j + 1) mod h`, new right `j` = old left `j`.
macro_rules! branch_rotation {
    ($h:expr) => {
        match $h {
            2 => _mm256_setr_epi32(3, 2, 0, 1, 4, 5, 6, 7),
            3 => _mm256_setr_epi32(4, 5, 3, 0, 1, 2, 6, 7),
            _ => _mm256_setr_epi32(5, 6, 7, 4, 0, 1, 2, 3),
        }
    };
}

/// Lanes `0..h` of `$v`: old left branch `(j + 1) mod h` (an in-lane shuffle).
macro_rules! next_left {
    ($h:expr, $v:expr) => {
        match $h {
            2 => _mm256_shuffle_epi32::<0xE1>($v),
            3 => _mm256_shuffle_epi32::<0xC9>($v),
            _ => _mm256_shuffle_epi32::<0x39>($v),
        }
    };
}

/// Right rotation of every 32-bit lane by `$r` (`$l = 32 - $r`).
macro_rules! rotr {
    ($v:expr, $r:literal, $l:literal) => {{
        let v = $v;
        _mm256_or_si256(_mm256_srli_epi32::<$r>(v), _mm256_slli_epi32::<$l>(v))
    }};
}

/// Sparkle on `N` words (`N` = 8, 12 or 16) with `STEPS` (at most 12) steps.
///
/// Inlined into its caller, the backend's `#[target_feature]` entry (a `#[target_feature]` function
/// of its own is not always inlined there, and a call per permutation costs about 4 % on
/// Esch384), so the intrinsics are compiled with the entry's AVX2.
///
/// # Safety
/// The CPU must support AVX2, and `N` must be 8, 12 or 16 (the loads and stores assume it).
#[inline(always)]
unsafe fn sparkle<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    let h = N / 4;
    let p = state.as_mut_ptr();
    // SAFETY: the CPU has AVX2 (caller's contract). The loads and stores stay
    // inside `state` (N words): 8 words at offset 0 for N >= 8, then 8 more words at offset 8
    // for N = 16, or 4 words at offset 8 for N = 12; unaligned accesses are allowed.
    unsafe {
        let lo = _mm256_loadu_si256(p.cast());
        let hi = match N {
            16 => _mm256_loadu_si256(p.add(8).cast()),
            12 => _mm256_castsi128_si256(_mm_loadu_si128(p.add(8).cast())),
            _ => _mm256_setzero_si256(),
        };
        let even_odd = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
        let lo = _mm256_permutevar8x32_epi32(lo, even_odd);
        let hi = _mm256_permutevar8x32_epi32(hi, even_odd);
        let mut x = _mm256_permute2x128_si256::<0x20>(lo, hi);
        let mut y = _mm256_permute2x128_si256::<0x31>(lo, hi);

        let c = alzette_constants!();
        // Byte shuffles: rotate right by 24 (= left by 8) and by 16.
        let rot24 = _mm256_setr_epi8(
            3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9,
            10, 15, 12, 13, 14,
        );
        let rot16 = _mm256_setr_epi8(
            2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11,
            8, 9, 14, 15, 12, 13,
        );
        // Lanes of the left half.
        // Opaque to the optimiser: with a known two-lane mask LLVM replaces the AND by the register
        // form of `vmovq`, which valgrind 3.19 (used for the instruction counts) cannot decode.
        let left = core::hint::black_box(_mm256_cmpgt_epi32(
            _mm256_set1_epi32(h as i32),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        ));
        // Branch rotation: new left j = old right h + (j + 1) mod h, new right j = old left j.
        let rotate = branch_rotation!(h);
        // Lanes 0..h: XOR of the left half (in-lane shuffles).
        macro_rules! left_sum {
            ($v:expr) => {{
                let v = $v;
                match h {
                    2 => _mm256_xor_si256(v, _mm256_shuffle_epi32::<0xB1>(v)),
                    3 => _mm256_xor_si256(
                        _mm256_xor_si256(v, _mm256_shuffle_epi32::<0xC9>(v)),
                        _mm256_shuffle_epi32::<0xD2>(v),
                    ),
                    _ => {
                        let t = _mm256_xor_si256(v, _mm256_shuffle_epi32::<0x4E>(v));
                        _mm256_xor_si256(t, _mm256_shuffle_epi32::<0xB1>(t))
                    }
                }
            }};
        }
        // ELL of the `x` sum, rotated right by 16 for the stored `y` words: `t ^ (t << 16)`.
        macro_rules! ell_for_y {
            ($v:expr) => {{
                let v = $v;
                _mm256_xor_si256(v, _mm256_slli_epi32::<16>(v))
            }};
        }
        // ELL of the `y` sum from the stored (rotated) words, for the `x` words: `t ^ (t >> 16)`.
        macro_rules! ell_for_x {
            ($v:expr) => {{
                let v = $v;
                _mm256_xor_si256(v, _mm256_srli_epi32::<16>(v))
            }};
        }

        // Step constants (`y0 ^= C[s mod 8]`, `y1 ^= s`). Lanes beyond the branch count are
        // don't-care; filling them keeps the constant a plain 32-byte load (valgrind 3.19 cannot
        // decode the register form of `vmovq` that LLVM otherwise uses to build it).
        let k = |lane: usize| if lane < N / 2 { 0 } else { 0x5A5A_5A5A };
        macro_rules! step_constant {
            ($s:expr) => {{
                let s: usize = $s;
                // Rotated right by 16, like the stored `y` words.
                _mm256_setr_epi32(
                    RCON[s % 8].rotate_right(16) as i32,
                    (s as u32).rotate_right(16) as i32,
                    k(2),
                    k(3),
                    k(4),
                    k(5),
                    k(6),
                    k(7),
                )
            }};
        }
        // `y` is kept rotated right by 16 (see the Alzette below).
        y = _mm256_xor_si256(_mm256_shuffle_epi8(y, rot16), step_constant!(0));

        macro_rules! unrolled {
            ($($s:literal)*) => {
                $(
                    if $s < STEPS {
                        // Alzette on every branch, `y` rotated in place (stored rotated right
                        // by 16 on entry and exit, see `portable::alzette_r16`): each round is
                        // rotate `y` into the addition's position, add, XOR `x` unrotated into the
                        // rotation of `y` computed beside the addition.
                        y = rotr!(y, 15, 17); // frame 31 (a = 31)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(rotr!(y, 9, 23), x); // frame 8 (b = 24)
                        x = _mm256_xor_si256(x, c);
                        y = rotr!(y, 9, 23); // frame 17 (a = 17)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(rotr!(y, 30, 2), x); // frame 15 (b = 17)
                        x = _mm256_xor_si256(x, c);
                        y = rotr!(y, 17, 15); // frame 0 (a = 0)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(rotr!(y, 1, 31), x); // frame 1 (b = 31)
                        x = _mm256_xor_si256(x, c);
                        y = rotr!(y, 23, 9); // frame 24 (a = 24)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(_mm256_shuffle_epi8(y, rot24), x); // frame 16 (b = 16)
                        x = _mm256_xor_si256(x, c);
                        // Linear layer (crossed: x gets ELL of the y sum and vice versa). The parts
                        // that do not depend on the sums are computed first, off the critical path,
                        // and the next step's constant is folded into the new y.
                        let px = _mm256_xor_si256(
                            _mm256_permutevar8x32_epi32(x, rotate),
                            _mm256_and_si256(next_left!(h, x), left),
                        );
                        let py = _mm256_xor_si256(
                            _mm256_xor_si256(
                                _mm256_permutevar8x32_epi32(y, rotate),
                                _mm256_and_si256(next_left!(h, y), left),
                            ),
                            step_constant!($s + 1),
                        );
                        let tx = ell_for_y!(left_sum!(x));
                        let ty = ell_for_x!(left_sum!(y));
                        x = _mm256_xor_si256(px, _mm256_and_si256(ty, left));
                        y = _mm256_xor_si256(py, _mm256_and_si256(tx, left));
                    }
                )*
            };
        }
        unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
        // The last step folded the constant of a step that does not run.
        y = _mm256_shuffle_epi8(_mm256_xor_si256(y, step_constant!(STEPS)), rot16);

        let interleave = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        let lo = _mm256_permutevar8x32_epi32(_mm256_permute2x128_si256::<0x20>(x, y), interleave);
        let hi = _mm256_permutevar8x32_epi32(_mm256_permute2x128_si256::<0x31>(x, y), interleave);
        _mm256_storeu_si256(p.cast(), lo);
        match N {
            16 => _mm256_storeu_si256(p.add(8).cast(), hi),
            12 => _mm_storeu_si128(p.add(8).cast(), _mm256_castsi256_si128(hi)),
            _ => {}
        }
    }
}
