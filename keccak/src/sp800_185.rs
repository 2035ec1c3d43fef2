//! TupleHash128/256 and ParallelHash128/256, with their XOF forms (SP 800-185), behind the
//! `tuple-hash` and `parallel-hash` features.

use core::fmt;

use digest::Reset;
#[cfg(feature = "parallel-hash")]
use digest::{ExtendableOutput, ExtendableOutputReset, Update};

use crate::hazmat::sponge::{Sponge, bits, right_encode};
#[cfg(feature = "parallel-hash")]
use crate::hazmat::sponge::{for_each_piece, left_encode};

const CSHAKE_PAD: u8 = 0x04;
#[cfg(feature = "parallel-hash")]
const SHAKE_PAD: u8 = 0x1F;

#[cfg(feature = "tuple-hash")]
crate::xof::reader!(
    /// The output stream of TupleHashXOF ([`TupleHash::finalize_xof`]).
    TupleHashReader, 24
);
#[cfg(feature = "parallel-hash")]
crate::xof::reader!(
    /// The output stream of ParallelHashXOF ([`ParallelHash`]'s `ExtendableOutput`).
    ParallelHashReader, 24
);

/// TupleHash (SP 800-185) with rate `RATE`: [`TupleHash128`] or [`TupleHash256`].
///
/// The input is a sequence of byte strings, each added whole with [`TupleHash::update_item`]
/// (`("ab", "c")` and `("a", "bc")` hash differently). Output: [`TupleHash::finalize_into_slice`]
/// (length `L` = `8 * out.len()` bits, the standard function) or [`TupleHash::finalize_xof`]
/// (TupleHashXOF).
#[cfg(feature = "tuple-hash")]
#[derive(Clone)]
pub struct TupleHash<const RATE: usize> {
    initial: Sponge<RATE, 24>,
    sponge: Sponge<RATE, 24>,
}

/// TupleHash128.
#[cfg(feature = "tuple-hash")]
pub type TupleHash128 = TupleHash<168>;
/// TupleHash256.
#[cfg(feature = "tuple-hash")]
pub type TupleHash256 = TupleHash<136>;
/// The output stream of TupleHashXOF128.
#[cfg(feature = "tuple-hash")]
pub type TupleHash128Reader = TupleHashReader<168>;
/// The output stream of TupleHashXOF256.
#[cfg(feature = "tuple-hash")]
pub type TupleHash256Reader = TupleHashReader<136>;

#[cfg(feature = "tuple-hash")]
impl<const RATE: usize> TupleHash<RATE> {
    /// TupleHash with customization string `S`.
    #[must_use]
    pub fn new(customization: &[u8]) -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        let mut sponge = Sponge::new();
        sponge.absorb_cshake_prefix(b"TupleHash", customization);
        Self {
            initial: sponge.clone(),
            sponge,
        }
    }

    /// Appends one item of the tuple.
    pub fn update_item(&mut self, item: &[u8]) {
        self.sponge.absorb_encoded_string(item);
    }

    /// Appends one item and returns `self` (builder style).
    #[must_use]
    pub fn chain_item(mut self, item: &[u8]) -> Self {
        self.update_item(item);
        self
    }

    /// TupleHash with output length `L = 8 * out.len()` bits.
    pub fn finalize_into_slice(mut self, out: &mut [u8]) {
        self.sponge.absorb(right_encode(bits(out.len())).as_bytes());
        self.sponge.pad(CSHAKE_PAD);
        self.sponge.squeeze(out);
    }

    /// TupleHashXOF: an unbounded output stream.
    #[must_use]
    pub fn finalize_xof(mut self) -> TupleHashReader<RATE> {
        self.sponge.absorb(right_encode(0).as_bytes());
        let mut sponge = self.sponge.clone();
        sponge.pad(CSHAKE_PAD);
        TupleHashReader { sponge }
    }
}

#[cfg(feature = "tuple-hash")]
impl<const RATE: usize> Default for TupleHash<RATE> {
    fn default() -> Self {
        Self::new(&[])
    }
}

#[cfg(feature = "tuple-hash")]
impl<const RATE: usize> digest::CustomizedInit for TupleHash<RATE> {
    fn new_customized(customization: &[u8]) -> Self {
        Self::new(customization)
    }
}

#[cfg(feature = "tuple-hash")]
impl<const RATE: usize> Reset for TupleHash<RATE> {
    fn reset(&mut self) {
        self.sponge = self.initial.clone();
    }
}

#[cfg(feature = "tuple-hash")]
impl<const RATE: usize> fmt::Debug for TupleHash<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "TupleHash128"
        } else {
            "TupleHash256"
        })?;
        f.write_str(" { .. }")
    }
}

#[cfg(feature = "tuple-hash")]
#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for TupleHash<RATE> {}

/// The ParallelHash block size was 0.
#[cfg(feature = "parallel-hash")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidBlockSize;

#[cfg(feature = "parallel-hash")]
impl fmt::Display for InvalidBlockSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ParallelHash block size must be at least 1 byte")
    }
}

#[cfg(feature = "parallel-hash")]
impl core::error::Error for InvalidBlockSize {}

/// ParallelHash (SP 800-185) with rate `RATE`: [`ParallelHash128`] or [`ParallelHash256`].
///
/// The message is cut into blocks of `B` bytes, each hashed independently (several at a time with
/// the many-state permutations when whole blocks are at hand, as KangarooTwelve's leaves; over threads with the `rayon`
/// feature for inputs of 1 MiB or more fed at once). Output: [`ParallelHash::finalize_into_slice`]
/// (length `L` = `8 * out.len()` bits) or `ExtendableOutput` (ParallelHashXOF).
#[cfg(feature = "parallel-hash")]
#[derive(Clone)]
pub struct ParallelHash<const RATE: usize> {
    initial: Sponge<RATE, 24>,
    main: Sponge<RATE, 24>,
    leaf: Sponge<RATE, 24>,
    block_size: usize,
    leaf_len: usize,
    blocks: u64,
}

/// ParallelHash128.
#[cfg(feature = "parallel-hash")]
pub type ParallelHash128 = ParallelHash<168>;
/// ParallelHash256.
#[cfg(feature = "parallel-hash")]
pub type ParallelHash256 = ParallelHash<136>;
/// The output stream of ParallelHashXOF128.
#[cfg(feature = "parallel-hash")]
pub type ParallelHash128Reader = ParallelHashReader<168>;
/// The output stream of ParallelHashXOF256.
#[cfg(feature = "parallel-hash")]
pub type ParallelHash256Reader = ParallelHashReader<136>;

#[cfg(feature = "parallel-hash")]
impl<const RATE: usize> ParallelHash<RATE> {
    /// Size of a block's chaining value.
    const CV: usize = if RATE == 168 { 32 } else { 64 };

    /// ParallelHash with block size `B` bytes (at least 1) and customization string `S`.
    pub fn new(block_size: usize, customization: &[u8]) -> Result<Self, InvalidBlockSize> {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        if block_size == 0 {
            return Err(InvalidBlockSize);
        }
        let mut main = Sponge::new();
        main.absorb_cshake_prefix(b"ParallelHash", customization);
        main.absorb(left_encode(block_size as u128).as_bytes());
        Ok(Self {
            initial: main.clone(),
            main,
            leaf: Sponge::new(),
            block_size,
            leaf_len: 0,
            blocks: 0,
        })
    }

    /// The block size `B` in bytes.
    #[must_use]
    pub fn block_size(&self) -> usize {
        self.block_size
    }

    fn finish_leaf(&mut self) {
        let mut cv = [0u8; 64];
        let leaf = core::mem::take(&mut self.leaf);
        leaf.finalize_into(SHAKE_PAD, &mut cv[..Self::CV]);
        self.main.absorb(&cv[..Self::CV]);
        self.blocks += 1;
        self.leaf_len = 0;
    }

    /// Calls `f` with the chaining value of each whole block of `data`, in order.
    fn for_each_cv(b: usize, data: &[u8], f: impl FnMut(&[u8])) {
        for_each_piece::<RATE, 24>(data, b, SHAKE_PAD, Self::CV, f);
    }

    fn whole_blocks(&mut self, data: &[u8]) {
        let b = self.block_size;
        #[cfg(feature = "rayon")]
        if data.len() >= crate::RAYON_MIN {
            use rayon::prelude::*;
            let per_task = (crate::RAYON_MIN / 16 / b).max(4).saturating_mul(b);
            let parts: alloc::vec::Vec<alloc::vec::Vec<u8>> = data
                .par_chunks(per_task)
                .map(|part| {
                    let mut v = alloc::vec::Vec::with_capacity(part.len() / b * Self::CV);
                    Self::for_each_cv(b, part, |c| v.extend_from_slice(c));
                    v
                })
                .collect();
            for part in &parts {
                self.main.absorb(part);
                self.blocks += (part.len() / Self::CV) as u64;
            }
            return;
        }
        let (main, blocks) = (&mut self.main, &mut self.blocks);
        Self::for_each_cv(b, data, |c| {
            main.absorb(c);
            *blocks += 1;
        });
    }

    fn absorb(&mut self, mut data: &[u8]) {
        let b = self.block_size;
        if self.leaf_len != 0 {
            let take = (b - self.leaf_len).min(data.len());
            self.leaf.absorb(&data[..take]);
            self.leaf_len += take;
            data = &data[take..];
            if self.leaf_len == b {
                self.finish_leaf();
            } else {
                return;
            }
        }
        let whole = data.len() / b * b;
        self.whole_blocks(&data[..whole]);
        let rest = &data[whole..];
        if !rest.is_empty() {
            self.leaf.absorb(rest);
            self.leaf_len = rest.len();
        }
    }

    /// Completes the last block and appends `right_encode(n) || right_encode(l_bits)`.
    fn close(&mut self, l_bits: u128) {
        if self.leaf_len != 0 {
            self.finish_leaf();
        }
        self.main
            .absorb(right_encode(u128::from(self.blocks)).as_bytes());
        self.main.absorb(right_encode(l_bits).as_bytes());
        self.main.pad(CSHAKE_PAD);
    }

    /// ParallelHash with output length `L = 8 * out.len()` bits.
    pub fn finalize_into_slice(mut self, out: &mut [u8]) {
        self.close(bits(out.len()));
        self.main.squeeze(out);
    }
}

#[cfg(feature = "parallel-hash")]
impl<const RATE: usize> Update for ParallelHash<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.absorb(data);
    }
}

#[cfg(feature = "parallel-hash")]
impl<const RATE: usize> Reset for ParallelHash<RATE> {
    fn reset(&mut self) {
        self.main = self.initial.clone();
        self.leaf.reset();
        self.leaf_len = 0;
        self.blocks = 0;
    }
}

#[cfg(feature = "parallel-hash")]
impl<const RATE: usize> ExtendableOutput for ParallelHash<RATE> {
    type Reader = ParallelHashReader<RATE>;

    /// ParallelHashXOF.
    fn finalize_xof(mut self) -> Self::Reader {
        self.close(0);
        ParallelHashReader {
            sponge: core::mem::take(&mut self.main),
        }
    }
}

#[cfg(feature = "parallel-hash")]
impl<const RATE: usize> ExtendableOutputReset for ParallelHash<RATE> {
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        self.close(0);
        let r = ParallelHashReader {
            sponge: core::mem::take(&mut self.main),
        };
        self.reset();
        r
    }
}

#[cfg(feature = "parallel-hash")]
impl<const RATE: usize> fmt::Debug for ParallelHash<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "ParallelHash128"
        } else {
            "ParallelHash256"
        })?;
        f.write_str(" { .. }")
    }
}

#[cfg(feature = "parallel-hash")]
#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for ParallelHash<RATE> {}
