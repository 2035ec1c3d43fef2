//! The permutation on the two state vectors, and the block loop that keeps them in registers from
//! one permutation to the next (the Esch and Schwaemm loops feed it their blocks through [`Feed`]).
//!
//! Every function here and in `step.rs` needs AVX-512F and AVX-512VL (they are `unsafe fn`s that
//! say so); the ones with assembly are small `#[target_feature]` functions, which the compiler
//! inlines into the block loop, so that the vectors stay in registers throughout.

use core::arch::x86_64::*;

use super::step::step;
use crate::hazmat::words::RCON;

/// What [`permute_blocks`] feeds into the state before each permutation: a block of input (Esch's
/// injection, Schwaemm's output and feedback), or nothing ([`NoInput`]).
pub(super) trait Feed {
    /// Whether the loop runs one permutation only (set by [`NoInput`]).
    const ONE_BLOCK: bool = false;

    /// Feeds the next block into `x` and `y` (`y` stored rotated right by 16, see the module docs
    /// of `x86_avx512`) and XORs `pending` into `y` (the pending step-constant corrections, see
    /// [`permute_blocks`]; `first` is the first step's constant); returns `false`, leaving the
    /// vectors as they are, when no block is left.
    ///
    /// # Safety
    /// The CPU must support AVX-512F and AVX-512VL; and the implementor's contract for its input.
    unsafe fn feed(
        &mut self,
        x: &mut __m256i,
        y: &mut __m256i,
        pending: __m256i,
        first: __m256i,
    ) -> bool;
}

/// The permutation alone: one permutation, no input.
pub(super) struct NoInput;

impl Feed for NoInput {
    const ONE_BLOCK: bool = true;

    #[inline(always)]
    unsafe fn feed(
        &mut self,
        _x: &mut __m256i,
        y: &mut __m256i,
        pending: __m256i,
        _first: __m256i,
    ) -> bool {
        // SAFETY: AVX-512F/VL (so AVX2) are available (caller's contract).
        *y = unsafe { _mm256_xor_si256(*y, pending) };
        true
    }
}

/// Sparkle on `N` words (`N` = 8, 12 or 16) with `STEPS` (at most 12) steps.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(super) unsafe fn sparkle<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    // SAFETY: same contract.
    unsafe { permute_blocks::<N, STEPS, _>(state, NoInput) }
}

/// For every block `feed` has, feeds it into the state, then runs Sparkle with `STEPS` steps, the
/// state kept in the two vectors from the first block to the last (only once, without input, for
/// [`NoInput`]).
///
/// The step constants: the first step's is XORed in by the feed (`pending`), and each step folds
/// in the next step's, so the last one adds the constant of a step that does not run (undone by
/// the next feed, or at the end).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16; and `F::feed`'s
/// contract for `feed`.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(super) unsafe fn permute_blocks<const N: usize, const STEPS: usize, F: Feed>(
    state: &mut [u32; N],
    mut feed: F,
) {
    let h = N / 4;
    // Lanes of the left half (branches 0..h).
    let left: __mmask8 = ((1u32 << h) - 1) as __mmask8;
    // SAFETY: AVX-512F/VL are enabled; N is 8, 12 or 16 (caller's contract).
    let (mut x, mut y) = unsafe { load(state) };
    // `y` is stored rotated right by 16 (see the module docs of `x86_avx512`).
    y = _mm256_ror_epi32::<16>(y);
    // The step constants of the first step and of the step after the last (the last step folds
    // it in); `pending` is XORed in before each permutation: the first step's constant, and from
    // the second permutation on also the removal of the previous one's extra constant.
    // SAFETY: AVX is enabled.
    let first = unsafe { step_constant(0) };
    // SAFETY: AVX is enabled.
    let after_last = unsafe { step_constant(STEPS) };
    let mut pending = first;
    let mut ran = false;
    // SAFETY: AVX-512F is enabled.
    let left_k = unsafe { mask_register(left) };
    loop {
        // SAFETY: AVX-512F/VL are enabled; the feed's own contract is the caller's.
        if !unsafe { feed.feed(&mut x, &mut y, pending, first) } {
            break;
        }
        pending = _mm256_xor_si256(first, after_last);
        ran = true;
        // Fully unrolled: the step number selects the tables and shuffles at compile time.
        macro_rules! unrolled {
            ($($s:literal)*) => {
                $(
                    if $s < STEPS {
                        // SAFETY: AVX-512F/VL are enabled; N is 8, 12 or 16 and $s < 12.
                        unsafe { step::<N, $s>(&mut x, &mut y, left_k) };
                    }
                )*
            };
        }
        unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
        // The left branches drifted by one lane per step (see `StepTables`): back to order with
        // an in-lane shuffle of the left lanes (none for the step counts of Sparkle512, 8 and
        // 12, nor for even step counts of Sparkle256).
        // SAFETY: AVX-512F/VL are enabled.
        unsafe {
            match (h, STEPS % h) {
                (2, 1) => left_shuffle::<0xE1>(&mut x, &mut y, left_k),
                (3, 1) => left_shuffle::<0xC9>(&mut x, &mut y, left_k),
                (3, 2) => left_shuffle::<0xD2>(&mut x, &mut y, left_k),
                (4, 1) => left_shuffle::<0x39>(&mut x, &mut y, left_k),
                (4, 2) => left_shuffle::<0x4E>(&mut x, &mut y, left_k),
                (4, 3) => left_shuffle::<0x93>(&mut x, &mut y, left_k),
                _ => {}
            }
        }
        if F::ONE_BLOCK {
            break;
        }
    }
    if ran {
        // The last step folded the constant of a step that does not run.
        y = _mm256_xor_si256(y, after_last);
    }
    y = _mm256_ror_epi32::<16>(y);
    // SAFETY: as for `load`.
    unsafe { store(state, x, y) };
}

/// The constants of step `s` (`y0 ^= C[s mod 8]`, `y1 ^= s`), rotated like the stored `y`.
///
/// # Safety
/// The CPU must support AVX.
#[inline(always)]
unsafe fn step_constant(s: usize) -> __m256i {
    // SAFETY: AVX is available (caller's contract).
    unsafe {
        _mm256_setr_epi32(
            RCON[s % 8].rotate_right(16) as i32,
            (s as u32).rotate_right(16) as i32,
            0,
            0,
            0,
            0,
            0,
            0,
        )
    }
}

/// Loads the state: even words to `x`, odd words to `y`, branch order kept (`y` not rotated yet).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn load<const N: usize>(state: &[u32; N]) -> (__m256i, __m256i) {
    let p = state.as_ptr();
    // SAFETY: `state` has N >= 8 words: eight words at offset 0, then eight more (N = 16) or
    // four (N = 12) at offset 8, all in bounds; unaligned accesses are allowed.
    let (lo, hi) = unsafe {
        (
            _mm256_loadu_si256(p.cast()),
            match N {
                16 => _mm256_loadu_si256(p.add(8).cast()),
                12 => _mm256_castsi128_si256(_mm_loadu_si128(p.add(8).cast())),
                _ => _mm256_setzero_si256(),
            },
        )
    };
    // Written as assembly: from the intrinsics, LLVM picks a 512-bit load and `vpmovqd zmm` for
    // the even words, and a single 512-bit instruction per call slows this backend down on Intel
    // cores (it takes port 1's vector ALU away while in flight; PERFORMANCE.md, "Figures behind
    // design choices").
    let (x, y): (__m256i, __m256i);
    // SAFETY: register-only AVX instructions (enabled); no memory, stack or flags are touched.
    unsafe {
        core::arch::asm!(
            "vshufps {x}, {lo}, {hi}, 0x88",
            "vshufps {y}, {lo}, {hi}, 0xdd",
            "vpermpd {x}, {x}, 0xd8",
            "vpermpd {y}, {y}, 0xd8",
            lo = in(ymm_reg) lo,
            hi = in(ymm_reg) hi,
            x = out(ymm_reg) x,
            y = out(ymm_reg) y,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    (x, y)
}

/// Stores `x` and `y` (`y` unrotated) back into the state as `x0, y0, x1, y1, ...`.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn store<const N: usize>(state: &mut [u32; N], x: __m256i, y: __m256i) {
    // Back to x0, y0, x1, y1, ... (AVX2 unpack and lane moves).
    let even = _mm256_unpacklo_epi32(x, y);
    let odd = _mm256_unpackhi_epi32(x, y);
    let lo = _mm256_permute2x128_si256::<0x20>(even, odd);
    let hi = _mm256_permute2x128_si256::<0x31>(even, odd);
    let p = state.as_mut_ptr();
    // SAFETY: as for the loads of `load`: eight words at offset 0, then eight (N = 16) or four
    // (N = 12) at offset 8.
    unsafe {
        _mm256_storeu_si256(p.cast(), lo);
        match N {
            16 => _mm256_storeu_si256(p.add(8).cast(), hi),
            12 => _mm_storeu_si128(p.add(8).cast(), _mm256_castsi256_si128(hi)),
            _ => {}
        }
    }
}

/// `left` as a mask register for the assembly, made opaque so that LLVM keeps it in a mask
/// register instead of rebuilding it (`mov`, `kmovw`: the shuffle port) per step.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn mask_register(left: __mmask8) -> __mmask16 {
    let left_k: __mmask16;
    // SAFETY: moves a general register into a mask register (AVX-512F, enabled); no memory,
    // stack or flags are touched.
    unsafe {
        core::arch::asm!(
            "kmovw {k}, {r:e}",
            k = lateout(kreg) left_k,
            r = in(reg) u32::from(left),
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    left_k
}

/// Puts the left half back in order after the steps: an in-lane shuffle of the left lanes by
/// `IMM`, as assembly (LLVM merges a masked in-lane shuffle into a `vpermd`, 3 cycles instead of 1
/// on the dependency chain).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn left_shuffle<const IMM: u8>(x: &mut __m256i, y: &mut __m256i, left_k: __mmask16) {
    // SAFETY: register-only AVX-512F/VL instructions (enabled); no memory, stack or flags are
    // touched.
    unsafe {
        core::arch::asm!(
            "vpshufd {x}{{{left}}}, {x}, {imm}",
            "vpshufd {y}{{{left}}}, {y}, {imm}",
            x = inout(ymm_reg) *x,
            y = inout(ymm_reg) *y,
            imm = const IMM,
            left = in(kreg) left_k,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
}
