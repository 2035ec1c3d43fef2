//! One step of the AVX-512 permutation: Alzette on every branch, then the linear layer in place
//! (see `StepTables`), with the per-step constants loaded from the tables. Sparkle384's whole step
//! and the masked part of the others' linear layer are assembly.

use core::arch::x86_64::*;

use super::step_tables::{STEP_TABLES, XOR3};

/// Step `S` of Sparkle on `N` words: Alzette on every branch, then the linear layer (in place, see
/// `StepTables`), on `x` and `y` (`y` stored rotated right by 16); `left_k` has the lanes of the
/// left half.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL; `N` must be 8, 12 or 16 and `S` below 12.
#[inline(always)]
pub(super) unsafe fn step<const N: usize, const S: usize>(
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
/// faster per step than the compiler's order (PERFORMANCE.md, "Figures behind design choices").
/// The same operations as
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
