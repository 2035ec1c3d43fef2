//! The AVX2 backend's fused loops: Esch's inner blocks and Schwaemm's inner message blocks with
//! the state in the two vectors from the first block to the last (see the parent module).

// As in the parent module: the intrinsics need an `unsafe` block below Rust 1.87.
#![allow(unused_unsafe)]

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use super::{Consts, load, opaque, step_constant, steps, store};
use crate::hazmat::words::RATE;

/// Esch's inner-block absorption with the state in the two vectors from the first block to the
/// last: for each 16-byte block, the injection `M_h` (computed from the block alone, off the
/// state's dependency chain, and added with two XORs), then Sparkle with `STEPS` steps.
///
/// # Safety
/// The CPU must support AVX2, and `N` must be 12 or 16 and `STEPS` at most 12.
#[inline(always)]
pub(super) unsafe fn esch_absorb<const N: usize, const STEPS: usize>(
    state: &mut [u32; N],
    blocks: &[[u8; RATE]],
) {
    if blocks.is_empty() {
        return;
    }
    // SAFETY: AVX2 and N are the caller's contract; each block is 16 readable bytes and
    // unaligned loads are allowed.
    unsafe {
        let k = Consts::new::<N>();
        let (mut x, y) = load(state);
        let mut y = _mm256_shuffle_epi8(y, k.rot16);
        let first = step_constant::<N>(0);
        let after_last = step_constant::<N>(STEPS);
        // The block's words m0..m3 to (m0, m2) and to (m1 >>> 16, m3 >>> 16) in lanes 0 and 1
        // (byte shuffles, -1 zeroes a byte; the upper lane is all zero).
        let z = -1;
        let pick_x = opaque(_mm256_setr_epi8(
            0, 1, 2, 3, 8, 9, 10, 11, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z,
            z, z, z, z,
        ));
        let pick_y = opaque(_mm256_setr_epi8(
            6, 7, 4, 5, 14, 15, 12, 13, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z,
            z, z, z, z,
        ));
        let low16 = _mm256_set1_epi32(0xFFFF);
        // Before the first block: step 0's constant; before the others, also the removal of the
        // previous permutation's extra constant.
        let mut pending = first;
        for block in blocks {
            // Both 128-bit lanes hold the block.
            let m = _mm256_broadcastsi128_si256(_mm_loadu_si128(block.as_ptr().cast()));
            // Lane 0: m0 ^ m2, lane 1: m1 ^ m3.
            let sums = _mm256_xor_si256(m, _mm256_shuffle_epi32::<0x4E>(m));
            let tx = _mm256_shuffle_epi32::<0x00>(sums);
            let ty = _mm256_shuffle_epi32::<0x55>(sums);
            // x_j ^= (m0, m2)_j ^ ELL(m1 ^ m3), y_j ^= (m1, m3)_j ^ ELL(m0 ^ m2) on the left
            // branches, the `y` side rotated right by 16: ELL(t) = (t >>> 16) ^ (t & 0xFFFF) and
            // ELL(t) >>> 16 = t ^ (t << 16).
            let ell_ty = _mm256_xor_si256(
                _mm256_shuffle_epi8(ty, k.rot16),
                _mm256_and_si256(ty, low16),
            );
            let ell_tx = _mm256_xor_si256(tx, _mm256_slli_epi32::<16>(tx));
            let ix = _mm256_xor_si256(
                _mm256_shuffle_epi8(m, pick_x),
                _mm256_and_si256(ell_ty, k.left),
            );
            let iy = _mm256_xor_si256(
                _mm256_shuffle_epi8(m, pick_y),
                _mm256_and_si256(ell_tx, k.left),
            );
            x = _mm256_xor_si256(x, ix);
            y = _mm256_xor_si256(y, _mm256_xor_si256(iy, pending));
            steps::<N, STEPS>(&mut x, &mut y, &k);
            pending = _mm256_xor_si256(first, after_last);
        }
        // The last step folded the constant of a step that does not run.
        y = _mm256_shuffle_epi8(_mm256_xor_si256(y, after_last), k.rot16);
        store(state, x, y);
    }
}

/// Schwaemm's inner message blocks with the state in the two vectors from the first block to the
/// last: for each block of `4 R` bytes, the output (input XOR the rate words), `ρ1` with the
/// plaintext (the input when encrypting, the output when decrypting) and the rate whitening, then
/// Sparkle with `STEPS` steps. For `R` = 8 (`N` = 12 or 16: the rate is the four lanes of the low
/// 128 bits, its Feistel halves are whole branches) and for Schwaemm192-192 (`N` = 12, `R` = 6,
/// where `ρ1` crosses `x` and `y`).
///
/// # Safety
/// The CPU must support AVX2; `N` must be 12 or 16 with `R` = 8, or `N` = 12 with `R` = 6, and
/// `STEPS` at most 12; `input` must be valid for reads and `output` for writes of `count * 4 R`
/// bytes, and the two are either the same memory or do not overlap.
#[inline(always)]
pub(super) unsafe fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
    state: &mut [u32; N],
    input: *const u8,
    output: *mut u8,
    count: usize,
    decrypt: bool,
) {
    if count == 0 {
        return;
    }
    // SAFETY: AVX2, N, R and the buffers are the caller's contract: block `i < count` lies inside
    // both buffers at offset `4 R i`; it is read whole before it is written, so in-place buffers
    // are fine; unaligned accesses are allowed.
    unsafe {
        let k = Consts::new::<N>();
        let (mut x, y) = load(state);
        let mut y = _mm256_shuffle_epi8(y, k.rot16);
        let first = step_constant::<N>(0);
        let after_last = step_constant::<N>(STEPS);
        let rot16 = _mm256_castsi256_si128(k.rot16);
        let even_odd = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
        // The lanes of the upper Feistel half of the rate (R = 8: lanes 2 and 3).
        let upper = _mm256_setr_epi32(0, 0, -1, -1, 0, 0, 0, 0);
        // R = 6: lane 2 of x, lanes 1 and 2 of y (see below).
        let x_lane2 = _mm256_setr_epi32(0, 0, -1, 0, 0, 0, 0, 0);
        let y_lanes12 = _mm256_setr_epi32(0, -1, -1, 0, 0, 0, 0, 0);
        // R = 6: (y1, y2, y0) and (x2, x0, x1) in lanes 0..3, each rotated by 16 (into and out of
        // the stored frame of `y`).
        let z = -1;
        let from_y = _mm256_setr_epi8(
            6, 7, 4, 5, 10, 11, 8, 9, 2, 3, 0, 1, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z,
            z, z, z, z,
        );
        let from_x = _mm256_setr_epi8(
            10, 11, 8, 9, 2, 3, 0, 1, 6, 7, 4, 5, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z,
            z, z, z, z,
        );
        // R = 6: capacity lanes 3, 4, 5 to rate lanes 0, 1, 2 (the whitening).
        let cap6 = _mm256_setr_epi32(3, 4, 5, 3, 4, 5, 6, 7);
        let mut correction = _mm256_setzero_si256();
        for i in 0..count {
            let off = i * 4 * R;
            // The block's even and odd words: (m0, m2, ...) and (m1, m3, ...).
            let m = if R == 8 {
                _mm256_loadu_si256(input.add(off).cast())
            } else {
                _mm256_inserti128_si256::<1>(
                    _mm256_castsi128_si256(_mm_loadu_si128(input.add(off).cast())),
                    _mm_loadl_epi64(input.add(off + 16).cast()),
                )
            };
            let m = _mm256_permutevar8x32_epi32(m, even_odd);
            let (mx, my) = (_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
            // The state as it is (the previous permutation's extra constant removed).
            let yc = _mm256_xor_si256(y, correction);
            // Output: input XOR the rate words (`y` unrotated), written back in word order.
            let ox = _mm_xor_si128(mx, _mm256_castsi256_si128(x));
            let oy = _mm_xor_si128(my, _mm_shuffle_epi8(_mm256_castsi256_si128(yc), rot16));
            _mm_storeu_si128(output.add(off).cast(), _mm_unpacklo_epi32(ox, oy));
            if R == 8 {
                _mm_storeu_si128(output.add(off + 16).cast(), _mm_unpackhi_epi32(ox, oy));
            } else {
                _mm_storel_epi64(output.add(off + 16).cast(), _mm_unpackhi_epi32(ox, oy));
            }
            // The plaintext fed back, the `y` side rotated like the stored `y` (the lanes above
            // the rate are don't-care: they are blended away below).
            let (dx, dy) = if decrypt { (ox, oy) } else { (mx, my) };
            let dx = _mm256_castsi128_si256(dx);
            let dy = _mm256_castsi128_si256(_mm_shuffle_epi8(dy, rot16));
            let (nx, ny) = if R == 8 {
                // ρ1 and whitening on the rate lanes 0..4: swap(v) ^ (v on the upper half) ^ d ^
                // capacity(v); the capacity lanes stay.
                macro_rules! rho {
                    ($v:expr, $d:expr) => {{
                        let v = $v;
                        let cap = match N {
                            12 => _mm256_permute4x64_epi64::<0xEA>(v),
                            _ => _mm256_permute4x64_epi64::<0xEE>(v),
                        };
                        _mm256_xor_si256(
                            _mm256_xor_si256(
                                _mm256_shuffle_epi32::<0x4E>(v),
                                _mm256_and_si256(v, upper),
                            ),
                            _mm256_xor_si256($d, cap),
                        )
                    }};
                }
                (rho!(x, dx), rho!(yc, dy))
            } else {
                // Schwaemm192-192: the rate halves are words 0-2 and 3-5, (x0, y0, x1) and
                // (y1, x2, y2), so ρ1 crosses the vectors: new x = (y1, y2, y0 ^ x2) ^ d and
                // new y = (x2, x0 ^ y1, x1 ^ y2) ^ d, then rate word j ^= capacity word j
                // (lane j ^= lane 3 + j on both sides).
                let nx = _mm256_xor_si256(
                    _mm256_xor_si256(
                        _mm256_shuffle_epi8(yc, from_y),
                        _mm256_and_si256(x, x_lane2),
                    ),
                    _mm256_xor_si256(dx, _mm256_permutevar8x32_epi32(x, cap6)),
                );
                let ny = _mm256_xor_si256(
                    _mm256_xor_si256(
                        _mm256_shuffle_epi8(x, from_x),
                        _mm256_and_si256(yc, y_lanes12),
                    ),
                    _mm256_xor_si256(dy, _mm256_permutevar8x32_epi32(yc, cap6)),
                );
                (nx, ny)
            };
            // The rate lanes (0..R/2) from the new values, the capacity lanes as they were; the
            // first step's constant rides with `y`.
            x = if R == 8 {
                _mm256_blend_epi32::<0xF0>(nx, x)
            } else {
                _mm256_blend_epi32::<0xF8>(nx, x)
            };
            y = if R == 8 {
                _mm256_blend_epi32::<0xF0>(ny, yc)
            } else {
                _mm256_blend_epi32::<0xF8>(ny, yc)
            };
            y = _mm256_xor_si256(y, first);
            steps::<N, STEPS>(&mut x, &mut y, &k);
            correction = after_last;
        }
        y = _mm256_shuffle_epi8(_mm256_xor_si256(y, after_last), k.rot16);
        store(state, x, y);
    }
}
