//! Esch's inner blocks on the two state vectors: the injection `M_h` of each block, then the
//! permutation, the state kept in the vectors from the first block to the last (the scalar form
//! stores and reloads it around every permutation).

use core::arch::x86_64::*;

use super::permutation::{Feed, permute_blocks};
use super::step_tables::XOR3;

/// `vpternlogd` truth table of `a ^ (b & c)`.
const A_XOR_B_AND_C: i32 = 0x78;

/// Esch's inner-block absorption: for each 16-byte block, the injection `M_h` into the left half,
/// then Sparkle with `STEPS` steps.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(super) unsafe fn absorb<const N: usize, const STEPS: usize>(
    state: &mut [u32; N],
    blocks: &[[u8; 16]],
) {
    // Lanes of the left half (branches 0..h) as a vector: all ones in the left lanes.
    let left: __mmask8 = ((1u32 << (N / 4)) - 1) as __mmask8;
    let feed = Blocks {
        blocks: blocks.iter(),
        left_lanes: _mm256_maskz_set1_epi32(left, -1),
        // Low 16 bits of each lane (for ELL).
        low16: _mm256_set1_epi32(0xFFFF),
    };
    // SAFETY: same contract (the feed reads only its blocks).
    unsafe { permute_blocks::<N, STEPS, _>(state, feed) }
}

/// Esch's blocks, fed into the state by the injection `M_h`.
struct Blocks<'a> {
    blocks: core::slice::Iter<'a, [u8; 16]>,
    /// All ones in the lanes of the left half.
    left_lanes: __m256i,
    /// `0xFFFF` in every lane.
    low16: __m256i,
}

impl Feed for Blocks<'_> {
    #[inline(always)]
    unsafe fn feed(
        &mut self,
        x: &mut __m256i,
        y: &mut __m256i,
        pending: __m256i,
        _first: __m256i,
    ) -> bool {
        let Some(block) = self.blocks.next() else {
            return false;
        };
        let (left_lanes, low16) = (self.left_lanes, self.low16);
        // The injection depends on the message only, so all of it but the final XORs is off
        // the critical path. With m = (m0, m1, m2, m3): x_j ^= (m0, m2)_j ^ ELL(m1 ^ m3) and
        // y_j ^= (m1, m3)_j ^ ELL(m0 ^ m2) on the left branches (message words on the first
        // two only), the `y` side rotated by 16 like the stored `y`.
        // SAFETY: AVX-512F/VL are available (caller's contract); `block` is 16 readable bytes
        // and unaligned loads are allowed.
        unsafe {
            let m = _mm_loadu_si128(block.as_ptr().cast());
            let mx = _mm256_zextsi128_si256(_mm_maskz_shuffle_epi32::<0x08>(0b0011, m));
            let my = _mm256_zextsi128_si256(_mm_maskz_shuffle_epi32::<0x0D>(0b0011, m));
            let sums = _mm_xor_si128(m, _mm_shuffle_epi32::<0x4E>(m));
            let tx = _mm256_broadcastd_epi32(sums);
            let ty = _mm256_broadcastd_epi32(_mm_shuffle_epi32::<0x55>(sums));
            // ELL(ty) = (ty >>> 16) ^ (ty & 0xFFFF); ELL(tx) >>> 16 = tx ^ (tx << 16).
            let ell_ty =
                _mm256_ternarylogic_epi32::<A_XOR_B_AND_C>(_mm256_ror_epi32::<16>(ty), ty, low16);
            let ell_tx = _mm256_xor_si256(tx, _mm256_slli_epi32::<16>(tx));
            let ix = _mm256_ternarylogic_epi32::<A_XOR_B_AND_C>(mx, ell_ty, left_lanes);
            let iy = _mm256_ternarylogic_epi32::<A_XOR_B_AND_C>(
                _mm256_ror_epi32::<16>(my),
                ell_tx,
                left_lanes,
            );
            *x = _mm256_xor_si256(*x, ix);
            *y = _mm256_ternarylogic_epi32::<XOR3>(*y, iy, pending);
        }
        true
    }
}
