//! The permutation on the two state vectors, and the block loop that keeps them in registers from
//! one permutation to the next (the Esch and Schwaemm loops feed it their blocks through [`Feed`]).
//!
//! Every function here needs AVX-512F and AVX-512VL (they are `unsafe fn`s that say so); the
//! ones with assembly are small `#[target_feature]` functions, which the compiler inlines into
//! the block loop, so that the vectors stay in registers throughout.

use core::arch::x86_64::*;

use super::step_tables::STEP_TABLES;
use crate::hazmat::words::RCON;

/// `vpternlogd` truth table of `a ^ b ^ c`.
pub(super) const XOR3: i32 = 0x96;

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

/// Step `S` of Sparkle on `N` words: Alzette on every branch, then the linear layer (in place, see
/// `StepTables`), on `x` and `y` (`y` stored rotated right by 16); `left_k` has the lanes of the
/// left half.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL; `N` must be 8, 12 or 16 and `S` below 12.
#[inline(always)]
unsafe fn step<const N: usize, const S: usize>(
    x: &mut __m256i,
    y: &mut __m256i,
    left_k: __mmask16,
) {
    let h = N / 4;
    let t = &STEP_TABLES[h - 2][S];
    // SAFETY: AVX-512F/VL are available (caller's contract), which is all the intrinsics and the
    // assembly helpers below need.
    unsafe {
        let c = load_lanes(&t.alzette);
        if h == 3 {
            (*x, *y) = step_sparkle384(
                *x,
                *y,
                c,
                load_lanes(&t.pairing),
                load_lanes(&t.kx),
                load_lanes(&t.ky),
                left_k,
            );
            return;
        }
        let (mut x0, mut y0) = (*x, *y);
        // Alzette on every branch, `y` rotated in place (stored frame 16 on entry and exit):
        // round i adds `y >>> a_i` and XORs `x >>> b_i`. The last round's `x ^= c` is left to the
        // linear layer's constants.
        y0 = _mm256_ror_epi32::<15>(y0); // frame 31 (a = 31)
        x0 = _mm256_add_epi32(x0, y0);
        y0 = _mm256_xor_si256(_mm256_ror_epi32::<9>(y0), x0); // frame 8 (b = 24)
        x0 = _mm256_xor_si256(x0, c);
        y0 = _mm256_ror_epi32::<9>(y0); // frame 17 (a = 17)
        x0 = _mm256_add_epi32(x0, y0);
        y0 = _mm256_xor_si256(_mm256_ror_epi32::<30>(y0), x0); // frame 15 (b = 17)
        x0 = _mm256_xor_si256(x0, c);
        y0 = _mm256_ror_epi32::<17>(y0); // frame 0 (a = 0)
        x0 = _mm256_add_epi32(x0, y0);
        y0 = _mm256_xor_si256(_mm256_ror_epi32::<1>(y0), x0); // frame 1 (b = 31)
        x0 = _mm256_xor_si256(x0, c);
        y0 = _mm256_ror_epi32::<23>(y0); // frame 24 (a = 24)
        x0 = _mm256_add_epi32(x0, y0);
        y0 = _mm256_xor_si256(_mm256_ror_epi32::<24>(y0), x0); // frame 16 (b = 16)
        // Linear layer, the left half updated in place (see `StepTables`): `vx`, `vy` hold the
        // right branch paired with each left lane, and the old left branches in the right lanes
        // (the new right half). Crossed sums: `x` gets ELL of the `y` sum and vice versa; with `y`
        // stored rotated by 16, ELL(ty) = t ^ (t >> 16) for the stored sum t, and ELL(tx) rotated
        // by 16 is tx ^ (tx << 16). `kx` and `ky` carry the missing `x ^= c` (through the
        // pairing, the sum and the copy) and the next step's constant.
        let (vx, vy) = if h == 2 {
            // In-lane for two branches: one shuffle.
            if S % 2 == 0 {
                (
                    _mm256_shuffle_epi32::<0x4E>(x0),
                    _mm256_shuffle_epi32::<0x4E>(y0),
                )
            } else {
                (
                    _mm256_shuffle_epi32::<0x1B>(x0),
                    _mm256_shuffle_epi32::<0x1B>(y0),
                )
            }
        } else {
            let index = load_lanes(&t.pairing);
            (
                _mm256_permutexvar_epi32(index, x0),
                _mm256_permutexvar_epi32(index, y0),
            )
        };
        let tx = left_sum::<N>(x0);
        let ty = left_sum::<N>(y0);
        (*x, *y) = linear_layer(
            load_lanes(&t.kx),
            x0,
            ty,
            y0,
            tx,
            load_lanes(&t.ky),
            vx,
            vy,
            left_k,
        );
    }
}

/// Lanes `0..h` of a lane-wise sum for Sparkle256 and Sparkle512: the XOR of the left half's lanes
/// (unmasked: the other lanes carry values that the final masked operations drop).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL.
#[inline(always)]
unsafe fn left_sum<const N: usize>(v: __m256i) -> __m256i {
    // SAFETY: AVX-512F/VL are available (caller's contract).
    unsafe {
        match N / 4 {
            // Adjacent lanes swapped by a 64-bit rotation: a shift-port operation, not a
            // shuffle (shuffles all queue for port 5, the linear layer's bottleneck).
            2 => _mm256_xor_si256(v, _mm256_rol_epi64::<32>(v)),
            _ => _mm256_ternarylogic_epi32::<XOR3>(
                _mm256_xor_si256(v, _mm256_rol_epi64::<32>(v)),
                _mm256_shuffle_epi32::<0x4E>(v),
                _mm256_shuffle_epi32::<0x1B>(v),
            ),
        }
    }
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
    // the even words, and a single 512-bit instruction per call halves this backend's speed on
    // Intel cores (it takes port 1's vector ALU away while in flight).
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

/// A table's eight lanes, loaded by assembly: from a known constant, LLVM may build the vector
/// from scalar inserts (on the shuffle port) inside the step.
///
/// # Safety
/// The CPU must support AVX.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn load_lanes(t: &[u32; 8]) -> __m256i {
    let v: __m256i;
    // SAFETY: `t` is 32 readable bytes (an unaligned load is allowed); AVX is enabled; the stack
    // and flags are not touched.
    unsafe {
        core::arch::asm!(
            "vmovdqu {v}, ymmword ptr [{t}]",
            t = in(reg) t.as_ptr(),
            v = lateout(ymm_reg) v,
            options(pure, readonly, nostack, preserves_flags),
        );
    }
    v
}

/// A whole step of Sparkle384 (`h` = 3) as assembly, in an instruction order found by timing
/// candidate orders of the same dependency graph (the cores bind each operation to a port when it
/// is issued, so the order decides how often a critical operation waits behind an off-path one);
/// measured about 5 percent faster per step than the compiler's order. The same operations as
/// [`step`] for the other sizes (Alzette with `y` rotated in place, then the linear layer with
/// two shuffles per sum). Returns the new `x` and `y`.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn step_sparkle384(
    mut x: __m256i,
    mut y: __m256i,
    c: __m256i,
    index: __m256i,
    kx: __m256i,
    ky: __m256i,
    left_k: __mmask16,
) -> (__m256i, __m256i) {
    // SAFETY: register-only AVX-512F/VL instructions (enabled); no memory, stack or flags are
    // touched.
    unsafe {
        core::arch::asm!(
            "vprold {t0}, {y}, 17",
            "vpaddd {t1}, {x}, {t0}",
            "vprold {t2}, {y}, 8",
            "vpxord {t3}, {t1}, {t2}",
            "vprold {t4}, {t3}, 23",
            "vpxord {t5}, {t1}, {c}",
            "vpaddd {t6}, {t4}, {t5}",
            "vpxord {t7}, {t6}, {c}",
            "vprold {t0}, {t3}, 25",
            "vpxord {t2}, {t6}, {t0}",
            "vprold {t1}, {t2}, 15",
            "vprold {t4}, {t2}, 14",
            "vpaddd {t5}, {t1}, {t7}",
            "vpxord {t3}, {t5}, {t4}",
            "vprold {t6}, {t3}, 9",
            "vpxord {t0}, {t5}, {c}",
            "vpaddd {t2}, {t6}, {t0}",
            "vprold {t7}, {t3}, 17",
            "vpxord {t1}, {t2}, {t7}",
            "vpshufd {t4}, {t2}, 0xc9",
            "vpshufd {t5}, {t1}, 0xc9",
            "vpshufd {t6}, {t2}, 0xd2",
            "vpternlogd {t6}, {t2}, {t4}, 0x96",
            "vpermd {y}, {index}, {t1}",
            "vpermd {x}, {index}, {t2}",
            "vpshufd {t0}, {t1}, 0xd2",
            "vpternlogd {t0}, {t1}, {t5}, 0x96",
            "vpslld {t3}, {t6}, 16",
            "vpsrld {t7}{{{left}}}{{z}}, {t0}, 16",
            "vpternlogd {ky}, {t1}, {t6}, 0x96",
            "vpternlogd {y}{{{left}}}, {ky}, {t3}, 0x96",
            "vpternlogd {kx}{{{left}}}, {t2}, {t0}, 0x96",
            "vpternlogd {x}, {kx}, {t7}, 0x96",
            x = inout(ymm_reg) x,
            y = inout(ymm_reg) y,
            c = in(ymm_reg) c,
            index = in(ymm_reg) index,
            kx = inout(ymm_reg) kx => _,
            ky = inout(ymm_reg) ky => _,
            t0 = out(ymm_reg) _,
            t1 = out(ymm_reg) _,
            t2 = out(ymm_reg) _,
            t3 = out(ymm_reg) _,
            t4 = out(ymm_reg) _,
            t5 = out(ymm_reg) _,
            t6 = out(ymm_reg) _,
            t7 = out(ymm_reg) _,
            left = in(kreg) left_k,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    (x, y)
}

/// The masked operations of the linear layer of [`step`] for Sparkle256 and Sparkle512, as
/// assembly: from the intrinsics, LLVM turns each mask into a separate blend (or a half-width
/// shift and a move), one more operation on the critical path each. Returns the new `x` and `y`.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn linear_layer(
    kx: __m256i,
    x: __m256i,
    ty: __m256i,
    y: __m256i,
    tx: __m256i,
    ky: __m256i,
    vx: __m256i,
    vy: __m256i,
    left_k: __mmask16,
) -> (__m256i, __m256i) {
    let (new_x, new_y): (__m256i, __m256i);
    // SAFETY: register-only AVX-512F/VL instructions (enabled); no memory, stack or flags are
    // touched.
    unsafe {
        core::arch::asm!(
            // Left lanes: x ^ (c corrections) ^ ty; right lanes: corrections.
            "vpternlogd {kx}{{{left}}}, {x}, {ty}, 0x96",
            "vpternlogd {y}, {tx}, {ky}, 0x96",
            // `x` is dead: its register takes the shifted sum.
            "vpsrld {x}{{{left}}}{{z}}, {ty}, 16",
            "vpslld {tx}, {tx}, 16",
            "vpternlogd {vy}{{{left}}}, {y}, {tx}, 0x96",
            "vpternlogd {vx}, {kx}, {x}, 0x96",
            kx = inout(ymm_reg) kx => _,
            x = inout(ymm_reg) x => _,
            ty = in(ymm_reg) ty,
            y = inout(ymm_reg) y => _,
            tx = inout(ymm_reg) tx => _,
            ky = in(ymm_reg) ky,
            vx = inout(ymm_reg) vx => new_x,
            vy = inout(ymm_reg) vy => new_y,
            left = in(kreg) left_k,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    (new_x, new_y)
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
