//! Schwaemm's inner message blocks on the two state vectors: for each block the output (input XOR
//! the rate words), `ρ1` with the plaintext and the rate whitening in vector form, then the
//! permutation, the state kept in the vectors from the first block to the last.

use core::arch::x86_64::*;

use super::permutation::{Feed, permute_blocks};
use super::step_tables::XOR3;

/// Schwaemm's inner message blocks (all but the last): for each block of `4 R` bytes, the output
/// (input XOR the rate words), then `ρ1` with the plaintext (the input when encrypting, the output
/// when decrypting) and the rate whitening, then Sparkle with `STEPS` steps. For rates of 4 and 8
/// words, where the Feistel halves of the rate are whole branches, and Schwaemm192-192's 6 words
/// (12-word state), where `ρ1` crosses `x` and `y`.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL; `N` must be 8, 12 or 16 and `R` 4 or 8 (with
/// `R < N`), or `N` 12 and `R` 6; `input` must be valid for reads and `output` for writes of
/// `blocks * 4 * R` bytes, and the two are either the same memory or do not overlap.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(super) unsafe fn blocks<const N: usize, const R: usize, const STEPS: usize>(
    state: &mut [u32; N],
    input: *const u8,
    output: *mut u8,
    blocks: usize,
    decrypt: bool,
) {
    // The rate lanes (branches 0..R/2), the upper Feistel half of them, and for each rate lane
    // the capacity branch whitening XORs in (rate word j ^= capacity word j mod c).
    let rate_lanes: __mmask8 = ((1u32 << (R / 2)) - 1) as __mmask8;
    let feed = Blocks::<R> {
        input,
        output,
        blocks,
        next: 0,
        decrypt,
        rate_lanes,
        upper_half: rate_lanes & !(((1u32 << (R / 4)) - 1) as __mmask8),
        whitening: match (N, R) {
            (8, _) => _mm256_setr_epi32(2, 3, 2, 3, 0, 0, 0, 0),
            (12, 6) => _mm256_setr_epi32(3, 4, 5, 0, 0, 0, 0, 0),
            (12, _) => _mm256_setr_epi32(4, 5, 4, 5, 0, 0, 0, 0),
            _ => _mm256_setr_epi32(4, 5, 6, 7, 0, 0, 0, 0),
        },
        even_words: _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0),
        odd_words: _mm256_setr_epi32(1, 3, 5, 7, 0, 0, 0, 0),
    };
    // SAFETY: same contract (the feed's input and output are the caller's).
    unsafe { permute_blocks::<N, STEPS, _>(state, feed) }
}

/// Schwaemm's message blocks with the lane masks and indices of rate `R` words.
struct Blocks<const R: usize> {
    input: *const u8,
    output: *mut u8,
    /// How many blocks of `4 R` bytes `input` and `output` have.
    blocks: usize,
    /// The next block.
    next: usize,
    decrypt: bool,
    /// The rate lanes.
    rate_lanes: __mmask8,
    /// The upper Feistel half of the rate lanes.
    upper_half: __mmask8,
    /// For each rate lane, the capacity lane the whitening XORs in.
    whitening: __m256i,
    /// Indices of the even and odd words of a block.
    even_words: __m256i,
    odd_words: __m256i,
}

impl<const R: usize> Feed for Blocks<R> {
    /// # Safety
    /// The CPU must support AVX-512F and AVX-512VL, and the contract of [`blocks`] holds for
    /// `input`, `output` and `blocks`.
    #[inline(always)]
    unsafe fn feed(
        &mut self,
        x: &mut __m256i,
        y: &mut __m256i,
        pending: __m256i,
        first: __m256i,
    ) -> bool {
        if self.next == self.blocks {
            return false;
        }
        let off = self.next * 4 * R;
        self.next += 1;
        let (rate_lanes, upper_half, whitening) =
            (self.rate_lanes, self.upper_half, self.whitening);
        let (mut x0, mut y0) = (*x, *y);
        // SAFETY: AVX-512F/VL are available (caller's contract); for the memory accesses below,
        // block `next - 1` of `blocks` lies inside the input and the output (the contract of
        // `blocks`); it is read whole before it is written, so in-place buffers are fine;
        // unaligned accesses are allowed.
        unsafe {
            let m = if R == 8 {
                _mm256_loadu_si256(self.input.add(off).cast())
            } else if R == 6 {
                // Six words: a masked load (the masked-off lanes are not read).
                _mm256_maskz_loadu_epi32(0x3F, self.input.add(off).cast())
            } else {
                _mm256_zextsi128_si256(_mm_loadu_si128(self.input.add(off).cast()))
            };
            // The state as it is: `pending ^ first` removes the previous permutation's extra
            // constant (nothing before the first block); the first step's constant is added
            // with the feedback below.
            y0 = _mm256_ternarylogic_epi32::<XOR3>(y0, pending, first);
            let mx = _mm256_maskz_permutexvar_epi32(rate_lanes, self.even_words, m);
            let my = _mm256_maskz_permutexvar_epi32(rate_lanes, self.odd_words, m);
            // Output: input XOR the rate words (`y` unrotated), written back in word order.
            let ox = _mm256_xor_si256(mx, x0);
            let oy = _mm256_xor_si256(my, _mm256_ror_epi32::<16>(y0));
            let (ox128, oy128) = (_mm256_castsi256_si128(ox), _mm256_castsi256_si128(oy));
            // `4 R` bytes at `off`: 16, 24 or 32.
            _mm_storeu_si128(
                self.output.add(off).cast(),
                _mm_unpacklo_epi32(ox128, oy128),
            );
            if R == 8 {
                _mm_storeu_si128(
                    self.output.add(off + 16).cast(),
                    _mm_unpackhi_epi32(ox128, oy128),
                );
            } else if R == 6 {
                _mm_storel_epi64(
                    self.output.add(off + 16).cast(),
                    _mm_unpackhi_epi32(ox128, oy128),
                );
            }
            // The plaintext is fed back: the input when encrypting, the output when decrypting.
            let (dx, dy) = if self.decrypt {
                (
                    _mm256_maskz_mov_epi32(rate_lanes, ox),
                    _mm256_maskz_mov_epi32(rate_lanes, oy),
                )
            } else {
                (mx, my)
            };
            // ρ1 and whitening on the rate lanes: new = swap(v) ^ (v on the upper half) ^ d ^
            // capacity(v); the capacity lanes stay. The `y` side is rotated like the stored `y`,
            // and the first step's constant rides with its feedback.
            let dy = _mm256_xor_si256(_mm256_ror_epi32::<16>(dy), first);
            if R == 6 {
                // Schwaemm192-192: the rate halves are words 0-2 and 3-5, (x0, y0, x1) and
                // (y1, x2, y2), so ρ1 crosses the vectors: new x = (y1, y2, y0 ^ x2) ^ d and
                // new y = (x2, x0 ^ y1, x1 ^ y2) ^ d, then rate word j ^= capacity word j
                // (lane j ^= lane 3 + j on both sides).
                let wx = _mm256_permutexvar_epi32(whitening, x0);
                let wy = _mm256_permutexvar_epi32(whitening, y0);
                let from_y = _mm256_ror_epi32::<16>(_mm256_shuffle_epi32::<0xC9>(y0));
                let from_x = _mm256_ror_epi32::<16>(_mm256_shuffle_epi32::<0xD2>(x0));
                let tx = _mm256_ternarylogic_epi32::<XOR3>(from_y, dx, wx);
                let ty = _mm256_ternarylogic_epi32::<XOR3>(from_x, dy, wy);
                let tx = _mm256_mask_xor_epi32(tx, 0b100, tx, x0);
                let ty = _mm256_mask_xor_epi32(ty, 0b110, ty, y0);
                x0 = _mm256_mask_mov_epi32(x0, rate_lanes, tx);
                y0 = _mm256_mask_mov_epi32(y0, rate_lanes, ty);
            } else {
                x0 = rho_whiten::<R>(x0, dx, rate_lanes, upper_half, whitening);
                y0 = rho_whiten::<R>(y0, dy, rate_lanes, upper_half, whitening);
            }
        }
        (*x, *y) = (x0, y0);
        true
    }
}

/// `ρ1` and the rate whitening on the rate lanes of one vector `v` (rates of 4 and 8 words):
/// `swap(v) ^ (v on the upper half) ^ d ^ capacity(v)`; the capacity lanes stay.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL.
#[inline(always)]
unsafe fn rho_whiten<const R: usize>(
    v: __m256i,
    d: __m256i,
    rate_lanes: __mmask8,
    upper_half: __mmask8,
    whitening: __m256i,
) -> __m256i {
    // SAFETY: AVX-512F/VL are available (caller's contract).
    unsafe {
        let swapped = if R == 8 {
            _mm256_mask_shuffle_epi32::<0x4E>(v, rate_lanes, v)
        } else {
            _mm256_mask_shuffle_epi32::<0xE1>(v, rate_lanes, v)
        };
        let t = _mm256_mask_xor_epi32(swapped, upper_half, swapped, v);
        _mm256_ternarylogic_epi32::<XOR3>(
            t,
            d,
            _mm256_maskz_permutexvar_epi32(rate_lanes, whitening, v),
        )
    }
}
