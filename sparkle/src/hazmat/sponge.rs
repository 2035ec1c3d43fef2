//! The Esch sponge, the engine of Esch and XOEsch: a Sparkle state that absorbs 16-byte blocks
//! into its left half through the injection `M_h` (the slim permutation after every block but the
//! last), takes the last block with a domain constant and the big permutation, and is squeezed 16
//! bytes at a time with the slim permutation in between.

use super::backends::{Job, Kernels, Permute, dispatch};
use super::words::{RATE, inject, load, load_block, rate_bytes, store};

/// The sponge on `N` state words with `SLIM` and `BIG` steps.
#[derive(Clone)]
pub struct Sponge<const N: usize, const SLIM: usize, const BIG: usize> {
    state: [u32; N],
}

/// Shows no state.
impl<const N: usize, const SLIM: usize, const BIG: usize> core::fmt::Debug
    for Sponge<N, SLIM, BIG>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Sponge").finish_non_exhaustive()
    }
}

/// What the Esch and XOEsch cores do with their sponge (implemented by every [`Sponge`]; the
/// cores are generic over the permutation, which names its sponge type).
// Reachable: it bounds the hidden associated type `EschPermutation::Sponge` of a public trait; rustc
// 1.85 flags it all the same (later versions do not).
#[allow(unreachable_pub)]
pub trait EschSponge: Clone {
    /// The all-zero state.
    fn new() -> Self;
    /// Absorbs inner (not last) blocks: inject, then the slim permutation, per block.
    fn absorb(&mut self, blocks: &[[u8; RATE]]);
    /// Absorbs the last block (`len` bytes of `data` are message, 0..=16) with the domain
    /// constant `c_padded` (padded block) or `c_full` (full block), then runs the big
    /// permutation.
    fn absorb_last(&mut self, data: &[u8; RATE], len: usize, c_padded: u32, c_full: u32);
    /// The slim permutation (between two squeezed blocks).
    fn permute(&mut self);
    /// The rate words `x0 y0 x1 y1` as 16 bytes.
    fn rate(&self) -> [u8; RATE];
    /// Squeezes `out.len()` bytes: the rate, then for every further 16 bytes the slim
    /// permutation and the rate again.
    fn squeeze(&mut self, out: &mut [u8]);
    /// The state as little-endian words into `out` (the state's size in bytes).
    fn serialize(&self, out: &mut [u8]);
    /// The state from little-endian words (the state's size in bytes).
    fn deserialize(bytes: &[u8]) -> Self;
    /// Overwrites the state with zeros, a write the compiler keeps.
    #[cfg(feature = "zeroize")]
    fn wipe(&mut self);
}

impl<const N: usize, const SLIM: usize, const BIG: usize> EschSponge for Sponge<N, SLIM, BIG> {
    #[inline(always)]
    fn new() -> Self {
        Self { state: [0; N] }
    }

    #[inline(always)]
    fn absorb(&mut self, blocks: &[[u8; RATE]]) {
        dispatch(Absorb::<N, SLIM> {
            state: &mut self.state,
            blocks,
        });
    }

    fn absorb_last(&mut self, data: &[u8; RATE], len: usize, c_padded: u32, c_full: u32) {
        let mut block = [0u8; RATE];
        block[..len].copy_from_slice(&data[..len]);
        let c = if len < RATE {
            block[len] = 0x80;
            c_padded
        } else {
            c_full
        };
        inject(&mut self.state, load_block(&block));
        self.state[N / 2 - 1] ^= c << 24;
        dispatch(Permute::<N, BIG>(&mut self.state));
    }

    #[inline(always)]
    fn permute(&mut self) {
        dispatch(Permute::<N, SLIM>(&mut self.state));
    }

    #[inline(always)]
    fn rate(&self) -> [u8; RATE] {
        rate_bytes(&self.state)
    }

    #[inline(always)]
    fn squeeze(&mut self, out: &mut [u8]) {
        for (i, chunk) in out.chunks_mut(RATE).enumerate() {
            if i > 0 {
                self.permute();
            }
            chunk.copy_from_slice(&self.rate()[..chunk.len()]);
        }
    }

    fn serialize(&self, out: &mut [u8]) {
        store(&self.state, out);
    }

    fn deserialize(bytes: &[u8]) -> Self {
        Self { state: load(bytes) }
    }

    #[cfg(feature = "zeroize")]
    #[inline(always)]
    fn wipe(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.state);
    }
}

/// Absorbs inner (not last) blocks: inject, then the slim permutation (the backend's
/// [`Kernels::esch_absorb`]).
struct Absorb<'a, const N: usize, const SLIM: usize> {
    state: &'a mut [u32; N],
    blocks: &'a [[u8; RATE]],
}

impl<const N: usize, const SLIM: usize> Job for Absorb<'_, N, SLIM> {
    const WORDS: usize = N;
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.esch_absorb::<N, SLIM>(self.state, self.blocks);
    }
}
