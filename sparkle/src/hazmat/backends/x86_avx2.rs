//! AVX2 backend (x86 with AVX2 and BMI2, without AVX-512): all `x` words in one 256-bit vector,
//! all `y` words in another.
//!
//! One Alzette on the two vectors computes every branch at once. The `y` vector is kept rotated
//! right by 16 and rotated in place inside Alzette (the portable backend's rotated-`y` form), so
//! each round's dependency chain is one rotation (shift/shift/or, or a byte shuffle), the addition
//! and the XOR. The linear layer is an in-lane horizontal XOR of the left half (`vpshufd`), `ELL`
//! in its rotated form (a shift and an XOR), and one cross-lane permutation (`vpermd`) for the
//! branch rotation. For Sparkle512 the left half is the low 128 bits, so its sums and `ELL` run on
//! 128-bit vectors, which zero the upper half (no mask on the chain). Lanes beyond the branch count
//! carry don't-care values that never reach a used lane.
//!
//! Esch's inner blocks (`esch_absorb`) and Schwaemm's inner message blocks (`schwaemm_blocks`,
//! rates of 8 words and Schwaemm192-192's 6) keep the state in the two vectors from the first
//! block to the last: the state is loaded and de-interleaved once per call, each block's injection
//! (Esch's `M_h`; Schwaemm's output, `ρ1` and whitening) is computed in the vectors, and the
//! step constants carry over between permutations (`y` keeps the constant of the step after the
//! last, removed with the next block's input). A single permutation (`sparkle`, for the big
//! permutations and the squeeze) still loads and stores.
//!
//! Sparkle256 (four branches) runs the BMI2 scalar code here: its 4-lane vector code (kept, and
//! tested against portable) is latency-bound and slower than the scalar code with BMI2.
//!
//! The dispatcher does not send every job here (`run` in `backends.rs`, PERFORMANCE.md "The
//! per-instance choice"): Sparkle512 jobs (Esch384, XOEsch384, Schwaemm256-256) always, Sparkle384
//! jobs (Esch256, XOEsch256, Schwaemm256-128, Schwaemm192-192) on AMD and Hygon CPUs only, where
//! this code is faster than the BMI2 backend; elsewhere (Intel: not faster) and for Sparkle256
//! they run on the `x86_bmi` backend (figures in that section). The tests run this
//! backend's code for every size on every CPU with AVX2.

// The intrinsics are safe to call inside `#[target_feature]` functions since Rust 1.87, but the
// workspace's MSRV is 1.85, where they still need an `unsafe` block.
#![allow(unused_unsafe)]

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use aead::inout::InOutBuf;

use super::tokens::X86Avx2 as Token;
use super::{Job, Kernels, esch_absorb_words, portable, schwaemm_blocks_words};
use crate::hazmat::words::{RATE, RCON};

mod blocks;

use blocks::{esch_absorb, schwaemm_blocks};

/// The AVX2 kernels; a value exists only after run-time detection found AVX2 and BMI2.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Avx2(pub(super) Token);

/// Runs `job` on this backend: Sparkle512 jobs, and Sparkle384 jobs where
/// [`super::sparkle384_vectors`], with the AVX2 kernels; every other job on `x86_bmi`'s entry
/// point (the AVX2 detection includes BMI2, as the token's conversion says). Measured in
/// PERFORMANCE.md, "The per-instance choice".
#[inline(always)]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    if J::WORDS == 16 || (J::WORDS == 12 && super::sparkle384_vectors()) {
        run_vectors(token, job)
    } else {
        super::x86_bmi::run(token.into(), job)
    }
}

/// Runs `job` with the AVX2 kernels, compiled with AVX2 and BMI2 enabled.
#[inline]
pub(super) fn run_vectors<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AVX2 and BMI2 on this CPU.
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Avx2(token))
}

/// Whether the vector code runs Sparkle on `N` words with `STEPS` steps: six and eight branches
/// (Sparkle256 runs the BMI2 scalar code, see the module docs).
const fn vector_size(n: usize, steps: usize) -> bool {
    (n == 12 || n == 16) && steps <= 12
}

impl Kernels for X86Avx2 {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        if vector_size(N, STEPS) {
            // SAFETY: `self` holds an `Token`, so the CPU has AVX2; N is 12 or 16.
            unsafe { sparkle::<N, STEPS>(state) }
        } else {
            portable::sparkle_rorx::<N, STEPS>(state);
        }
    }

    #[inline(always)]
    fn esch_absorb<const N: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: &[[u8; RATE]],
    ) {
        if vector_size(N, STEPS) {
            // SAFETY: as in `sparkle` above.
            unsafe { esch_absorb::<N, STEPS>(state, blocks) }
        } else {
            esch_absorb_words::<Self, N, STEPS>(self, state, blocks);
        }
    }

    #[inline(always)]
    fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) {
        if vector_size(N, STEPS) && (R == 8 || (R == 6 && N == 12)) {
            let count = blocks.len() / (4 * R);
            let (input, output) = blocks.into_raw();
            // SAFETY: AVX2 as in `sparkle` above; N, R and STEPS are in the supported range;
            // `input` and `output` come from one `InOutBuf` of `count * 4 * R` bytes (the caller
            // passes whole blocks), which are either the same memory or disjoint.
            unsafe { schwaemm_blocks::<N, R, STEPS>(state, input, output, count, decrypt) }
        } else {
            schwaemm_blocks_words::<Self, N, R, STEPS>(self, state, blocks, decrypt);
        }
    }
}

/// The four-branch vector code (not used by [`Kernels::sparkle`], see the module docs), for the
/// tests against portable.
#[cfg(test)]
pub(super) fn sparkle256<const STEPS: usize>(_token: Token, state: &mut [u32; 8]) {
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

/// `v`, hidden from the optimiser by an empty assembly block (no instruction). Used for constants
/// whose form matters: LLVM moves the XOR of a known constant to the end of the XOR chain it
/// belongs to (for the step constants: onto the critical path of the linear layer), and turns a
/// zeroing byte shuffle of a known mask into other instructions (the register form of `vmovq`,
/// which valgrind 3.19, used for the instruction counts, cannot decode).
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn opaque(v: __m256i) -> __m256i {
    let mut v = v;
    // SAFETY: an empty assembly block on one register: no instruction, memory, stack or flags.
    unsafe {
        core::arch::asm!(
            "/* {v} */",
            v = inout(ymm_reg) v,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    v
}

/// The loop-invariant vectors of the permutation, built once per call (outside the block loops).
#[derive(Clone, Copy)]
struct Consts {
    /// Alzette's constants, branch `i`'s in lane `i`.
    c: __m256i,
    /// Byte shuffles: rotate every lane right by 24 (= left by 8) and by 16.
    rot24: __m256i,
    rot16: __m256i,
    /// All ones in the lanes of the left half (branches `0..h`).
    left: __m256i,
    /// The branch rotation as a `vpermd` index.
    rotate: __m256i,
}

impl Consts {
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn new<const N: usize>() -> Self {
        let h = N / 4;
        // SAFETY: AVX2 is available (caller's contract).
        unsafe {
            Self {
                c: alzette_constants!(),
                rot24: _mm256_setr_epi8(
                    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6,
                    11, 8, 9, 10, 15, 12, 13, 14,
                ),
                rot16: _mm256_setr_epi8(
                    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5,
                    10, 11, 8, 9, 14, 15, 12, 13,
                ),
                // Opaque to the optimiser: with a known two-lane mask LLVM replaces the AND by the
                // register form of `vmovq`, which valgrind 3.19 (used for the instruction counts)
                // cannot decode.
                left: core::hint::black_box(_mm256_cmpgt_epi32(
                    _mm256_set1_epi32(h as i32),
                    _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                )),
                rotate: branch_rotation!(h),
            }
        }
    }
}

/// The constants of step `s` (`y0 ^= C[s mod 8]`, `y1 ^= s`), rotated right by 16 like the stored
/// `y` words. Lanes beyond the branch count are don't-care; filling them keeps the constant a plain
/// 32-byte load (valgrind 3.19 cannot decode the register form of `vmovq` that LLVM otherwise uses
/// to build it).
///
/// # Safety
/// The CPU must support AVX.
#[inline(always)]
unsafe fn step_constant<const N: usize>(s: usize) -> __m256i {
    let k = |lane: usize| if lane < N / 2 { 0 } else { 0x5A5A_5A5A };
    // SAFETY: AVX is available (caller's contract).
    unsafe {
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
    }
}

/// Loads the state (`N` = 8, 12 or 16 words): even words to `x`, odd words to `y`, branch order
/// kept, `y` not rotated.
///
/// # Safety
/// The CPU must support AVX2, and `N` must be 8, 12 or 16.
#[inline(always)]
unsafe fn load<const N: usize>(state: &[u32; N]) -> (__m256i, __m256i) {
    let p = state.as_ptr();
    // SAFETY: the CPU has AVX2 (caller's contract). The loads stay inside `state` (N words): 8
    // words at offset 0 for N >= 8, then 8 more words at offset 8 for N = 16, or 4 words at offset
    // 8 for N = 12; unaligned accesses are allowed.
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
        (
            _mm256_permute2x128_si256::<0x20>(lo, hi),
            _mm256_permute2x128_si256::<0x31>(lo, hi),
        )
    }
}

/// Stores `x` and `y` (`y` not rotated) back into the state as `x0, y0, x1, y1, ...`.
///
/// # Safety
/// The CPU must support AVX2, and `N` must be 8, 12 or 16.
#[inline(always)]
unsafe fn store<const N: usize>(state: &mut [u32; N], x: __m256i, y: __m256i) {
    let p = state.as_mut_ptr();
    // SAFETY: the CPU has AVX2 (caller's contract); the stores stay inside `state`, as the loads
    // of `load`.
    unsafe {
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

/// Sparkle on `N` words (`N` = 8, 12 or 16) with `STEPS` (at most 12) steps: load, the steps,
/// store.
///
/// Inlined into its caller, the backend's `#[target_feature]` entry (a `#[target_feature]` function
/// of its own is not always inlined there, and a call per permutation is measurably slower:
/// PERFORMANCE.md, "Figures behind design choices"), so the intrinsics are compiled with the
/// entry's AVX2.
///
/// # Safety
/// The CPU must support AVX2, and `N` must be 8, 12 or 16 (the loads and stores assume it).
#[inline(always)]
unsafe fn sparkle<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    // SAFETY: AVX2 and N are the caller's contract.
    unsafe {
        let k = Consts::new::<N>();
        let (mut x, y) = load(state);
        // `y` is kept rotated right by 16, with the first step's constant.
        let mut y = _mm256_xor_si256(_mm256_shuffle_epi8(y, k.rot16), step_constant::<N>(0));
        steps::<N, STEPS>(&mut x, &mut y, &k);
        // The last step folded the constant of a step that does not run.
        y = _mm256_shuffle_epi8(_mm256_xor_si256(y, step_constant::<N>(STEPS)), k.rot16);
        store(state, x, y);
    }
}

/// The `STEPS` steps on the state vectors: `y` rotated right by 16 with step 0's constant already
/// XORed in; on return `y` carries the constant of step `STEPS` too (each step folds in the next
/// step's constant), which the caller removes.
///
/// # Safety
/// The CPU must support AVX2, and `N` must be 8, 12 or 16 and `STEPS` at most 12.
#[inline(always)]
unsafe fn steps<const N: usize, const STEPS: usize>(
    x_io: &mut __m256i,
    y_io: &mut __m256i,
    k: &Consts,
) {
    let h = N / 4;
    let (mut x, mut y) = (*x_io, *y_io);
    let Consts {
        c,
        rot24,
        rot16: _,
        left,
        rotate,
    } = *k;
    // SAFETY: AVX2 is available (caller's contract); register-only intrinsics.
    unsafe {
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
                            opaque(step_constant::<N>($s + 1)),
                        );
                        let (tx, ty) = if h == 4 {
                            // The left half is the low 128 bits: the sums and ELL on 128-bit
                            // vectors, whose instructions zero the upper half (no AND with `left`
                            // on the chain).
                            macro_rules! sum {
                                ($v:expr) => {{
                                    let v = _mm256_castsi256_si128($v);
                                    let t = _mm_xor_si128(v, _mm_shuffle_epi32::<0x4E>(v));
                                    _mm_xor_si128(t, _mm_shuffle_epi32::<0xB1>(t))
                                }};
                            }
                            let (sx, sy) = (sum!(x), sum!(y));
                            (
                                _mm256_zextsi128_si256(_mm_xor_si128(sx, _mm_slli_epi32::<16>(sx))),
                                _mm256_zextsi128_si256(_mm_xor_si128(sy, _mm_srli_epi32::<16>(sy))),
                            )
                        } else {
                            (
                                _mm256_and_si256(ell_for_y!(left_sum!(x)), left),
                                _mm256_and_si256(ell_for_x!(left_sum!(y)), left),
                            )
                        };
                        x = _mm256_xor_si256(px, ty);
                        y = _mm256_xor_si256(py, tx);
                    }
                )*
            };
        }
        unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
    }
    (*x_io, *y_io) = (x, y);
}
