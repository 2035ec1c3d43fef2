//! Esch256 and Esch384: the SPARKLE hash functions (`Digest`).
//!
//! Esch absorbs 16-byte blocks into the left half of a Sparkle state through the Feistel-like
//! injection `M_h` and runs the slim permutation after every block except the last. The last
//! block (1..=16 bytes; an empty message gives one empty block) is padded with `0x80` and zeros
//! only when it is short, gets a domain constant (1 padded, 2 full) and the big permutation. The
//! hash is squeezed 16 bytes at a time with the slim permutation in between.
//!
//! Because a full last block is treated differently from an inner block, the cores use the
//! *lazy* block buffer: a full block stays buffered until more input shows it is not the last one.

use core::fmt;

use digest::{
    HashMarker, Output, Reset,
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, FixedOutputCore, Lazy,
        OutputSizeUser, UpdateCore,
    },
    common::hazmat::{DeserializeStateError, SerializableState, SerializedState},
    consts::{U16, U32, U48, U64},
};

use crate::hazmat::backends::{Backend, Job, dispatch, portable::ell};

/// Rate of Esch and XOEsch in bytes.
pub(crate) const RATE: usize = 16;

/// Loads four little-endian words from a 16-byte block.
#[inline(always)]
pub(crate) fn load_block(b: &[u8; RATE]) -> [u32; 4] {
    core::array::from_fn(|i| {
        u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}

/// The injection `M_h`: adds a 16-byte block to the left half of the state.
#[inline(always)]
pub(crate) fn inject<const N: usize>(s: &mut [u32; N], m: [u32; 4]) {
    let tx = ell(m[0] ^ m[2]);
    let ty = ell(m[1] ^ m[3]);
    s[0] ^= m[0] ^ ty;
    s[1] ^= m[1] ^ tx;
    s[2] ^= m[2] ^ ty;
    s[3] ^= m[3] ^ tx;
    for i in 2..N / 4 {
        s[2 * i] ^= ty;
        s[2 * i + 1] ^= tx;
    }
}

/// Absorbs inner (not last) blocks: inject, then slim permutation.
pub(crate) struct Absorb<'a, const N: usize, const SLIM: usize> {
    pub(crate) state: &'a mut [u32; N],
    pub(crate) blocks: &'a [[u8; RATE]],
}

impl<const N: usize, const SLIM: usize> Job for Absorb<'_, N, SLIM> {
    type Output = ();
    #[inline(always)]
    fn run<B: Backend>(self, b: B) {
        b.esch_absorb::<N, SLIM>(self.state, self.blocks);
    }
}

/// Absorbs the last block (`len` bytes of `data` are message, 0..=16) with the domain constant
/// `c_padded` or `c_full`, then runs the big permutation.
pub(crate) fn absorb_last<const N: usize, const BIG: usize>(
    state: &mut [u32; N],
    data: &[u8; RATE],
    len: usize,
    c_padded: u32,
    c_full: u32,
) {
    let mut block = [0u8; RATE];
    block[..len].copy_from_slice(&data[..len]);
    let c = if len < RATE {
        block[len] = 0x80;
        c_padded
    } else {
        c_full
    };
    inject(state, load_block(&block));
    state[N / 2 - 1] ^= c << 24;
    dispatch(Perm::<N, BIG>(state));
}

/// One permutation call through the dispatcher.
pub(crate) struct Perm<'a, const N: usize, const STEPS: usize>(pub(crate) &'a mut [u32; N]);

impl<const N: usize, const STEPS: usize> Job for Perm<'_, N, STEPS> {
    type Output = ();
    #[inline(always)]
    fn run<B: Backend>(self, b: B) {
        b.sparkle::<N, STEPS>(self.0);
    }
}

/// Writes the rate words `x0 y0 x1 y1` (16 bytes, little endian) to `out`.
#[inline(always)]
pub(crate) fn rate_bytes<const N: usize>(s: &[u32; N]) -> [u8; RATE] {
    let mut out = [0u8; RATE];
    for i in 0..4 {
        out[4 * i..4 * i + 4].copy_from_slice(&s[i].to_le_bytes());
    }
    out
}

/// Serializes a state as little-endian words.
pub(crate) fn serialize_words<const N: usize>(s: &[u32; N], out: &mut [u8]) {
    for (o, w) in out.chunks_exact_mut(4).zip(s) {
        o.copy_from_slice(&w.to_le_bytes());
    }
}

/// Deserializes little-endian words.
pub(crate) fn deserialize_words<const N: usize>(b: &[u8]) -> [u32; N] {
    core::array::from_fn(|i| {
        u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}

/// Views digest blocks as byte arrays.
#[inline(always)]
pub(crate) fn as_arrays(blocks: &[digest::array::Array<u8, U16>]) -> &[[u8; RATE]] {
    digest::array::Array::cast_slice_to_core(blocks)
}

macro_rules! esch {
    (
        $(#[$doc:meta])* $name:ident, $core:ident, $alg:literal, $words:literal, $slim:literal, $big:literal,
        $out:ty, $out_len:literal, $ser:ty
    ) => {
        #[doc = concat!("Block-level core of [`", stringify!($name), "`] (use the buffered type instead).")]
        #[derive(Clone)]
        pub struct $core {
            state: [u32; $words],
        }

        impl Default for $core {
            #[inline]
            fn default() -> Self {
                Self { state: [0; $words] }
            }
        }

        impl HashMarker for $core {}

        impl BlockSizeUser for $core {
            type BlockSize = U16;
        }

        impl BufferKindUser for $core {
            type BufferKind = Lazy;
        }

        impl OutputSizeUser for $core {
            type OutputSize = $out;
        }

        impl UpdateCore for $core {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                dispatch(Absorb::<$words, $slim> { state: &mut self.state, blocks: as_arrays(blocks) });
            }
        }

        impl FixedOutputCore for $core {
            fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
                let len = buffer.get_pos();
                let block: [u8; RATE] = buffer.pad_with_zeros().into();
                absorb_last::<$words, $big>(&mut self.state, &block, len, 1, 2);
                for (i, chunk) in out.chunks_mut(RATE).enumerate() {
                    if i > 0 {
                        dispatch(Perm::<$words, $slim>(&mut self.state));
                    }
                    chunk.copy_from_slice(&rate_bytes(&self.state)[..chunk.len()]);
                }
            }
        }

        impl Reset for $core {
            #[inline]
            fn reset(&mut self) {
                self.state = [0; $words];
            }
        }

        impl AlgorithmName for $core {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($alg)
            }
        }

        wiped_state!($core);
        serializable_state!($core, $ser);

        digest::buffer_fixed!(
            $(#[$doc])*
            pub struct $name($core);
            impl: FixedHashTraits;
        );
    };
}

esch!(
    /// Esch256: the SPARKLE hash with a 32-byte digest on Sparkle384 (128-bit security).
    ///
    /// ```
    /// use lwc_sparkle::{Esch256, digest::Digest};
    ///
    /// let digest = Esch256::digest(b"");
    /// assert_eq!(digest[..4], [0xC0, 0xE8, 0x15, 0xD7]);
    /// ```
    Esch256, Esch256Core, "Esch256", 12, 7, 11, U32, 32, U48
);

esch!(
    /// Esch384: the SPARKLE hash with a 48-byte digest on Sparkle512 (192-bit security).
    ///
    /// ```
    /// use lwc_sparkle::{Esch384, digest::Digest};
    ///
    /// let mut hasher = Esch384::new();
    /// hasher.update(b"abc");
    /// let digest = hasher.finalize();
    /// assert_eq!(digest.len(), 48);
    /// ```
    Esch384, Esch384Core, "Esch384", 16, 8, 12, U48, 48, U64
);
