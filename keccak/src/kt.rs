//! KangarooTwelve: KT128 and KT256 (RFC 9861), with customization string.
//!
//! Leaves (8192-byte chunks after the first) are hashed several at a time when whole chunks are at
//! hand: eight at a time where the backend runs eight states at once (`X86Avx512`), else four at a
//! time with the four-state permutation (SIMD registers where the backend has them, else one after
//! another). With the `std` feature, [`Kt::update_threads`] and [`Kt::update_read_at`] hash the
//! leaves on several threads, the final node absorbing their chaining values as they complete;
//! with the `rayon` feature, [`Kt::update_rayon`] does so on rayon's pool, and inputs of 1 MiB or
//! more fed in one `update` take that path too. The output never depends on how the input is
//! split, nor on the number of threads.

#[cfg(feature = "alloc")]
use alloc::boxed::Box;
use core::fmt;

use digest::{
    CollisionResistance, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset, Update,
    common::AlgorithmName,
    consts::{U16, U32},
};

use crate::hazmat::sponge::{
    MAX_BESIDE, Sponge, absorb_beside_pieces, for_each_piece, length_encode,
};

#[cfg(feature = "std")]
mod threads;
#[cfg(feature = "std")]
pub use threads::ReadAt;

const CHUNK: usize = 8192;
const LEAF_DS: u8 = 0x0B;
const SINGLE_DS: u8 = 0x07;
const FINAL_DS: u8 = 0x06;

crate::xof::reader!(
    /// The output stream of [`Kt`].
    KtReader, 12, "Kt128Reader", "Kt256Reader"
);

/// KangarooTwelve with rate `RATE`: [`Kt128`] (168, 32-byte chaining values) or [`Kt256`]
/// (136, 64-byte chaining values).
#[derive(Clone)]
pub struct Kt<const RATE: usize> {
    /// Final node: the first chunk, then the chaining values.
    main: Sponge<RATE, 12>,
    /// The leaf being absorbed.
    leaf: Sponge<RATE, 12>,
    /// Bytes of the first chunk absorbed so far (at most `CHUNK`).
    first: usize,
    /// Whether input went past the first chunk (tree mode).
    tree: bool,
    /// Bytes absorbed into the current leaf.
    leaf_len: usize,
    /// Completed leaves.
    leaves: u64,
    #[cfg(feature = "alloc")]
    customization: Box<[u8]>,
}

/// KT128 (KangarooTwelve on TurboSHAKE128).
pub type Kt128 = Kt<168>;
/// KT256 (KangarooTwelve on TurboSHAKE256).
pub type Kt256 = Kt<136>;
/// The output stream of [`Kt128`].
pub type Kt128Reader = KtReader<168>;
/// The output stream of [`Kt256`].
pub type Kt256Reader = KtReader<136>;

impl<const RATE: usize> Default for Kt<RATE> {
    #[inline]
    fn default() -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        Self {
            main: Sponge::new(),
            leaf: Sponge::new(),
            first: 0,
            tree: false,
            leaf_len: 0,
            leaves: 0,
            #[cfg(feature = "alloc")]
            customization: Box::default(),
        }
    }
}

#[cfg(feature = "alloc")]
impl<const RATE: usize> digest::CustomizedInit for Kt<RATE> {
    /// KT with customization string `C` (needs the `alloc` feature: `C` is hashed after the message).
    fn new_customized(customization: &[u8]) -> Self {
        const { assert!(RATE == 168 || RATE == 136, "unsupported rate") };
        Self {
            main: Sponge::new(),
            leaf: Sponge::new(),
            first: 0,
            tree: false,
            leaf_len: 0,
            leaves: 0,
            customization: customization.into(),
        }
    }
}

impl<const RATE: usize> Kt<RATE> {
    /// Size of a chaining value.
    const CV: usize = if RATE == 168 { 32 } else { 64 };

    fn finish_leaf(&mut self) {
        let mut cv = [0u8; 64];
        let leaf = core::mem::take(&mut self.leaf);
        leaf.finalize_into(LEAF_DS, &mut cv[..Self::CV]);
        self.main.absorb(&cv[..Self::CV]);
        self.leaves += 1;
        self.leaf_len = 0;
    }

    /// Calls `f` with the chaining value of each whole chunk of `data`, in order.
    fn for_each_cv(data: &[u8], f: impl FnMut(&[u8])) {
        for_each_piece::<RATE, 12>(data, CHUNK, LEAF_DS, Self::CV, f);
    }

    /// Hashes whole chunks (`data.len()` a multiple of `CHUNK`) into the final node, on rayon's
    /// pool if `POOL` and the feature allow.
    fn whole_leaves<const POOL: bool>(&mut self, data: &[u8]) {
        #[cfg(feature = "rayon")]
        if POOL && data.len() >= crate::RAYON_MIN {
            let leaves = (data.len() / CHUNK) as u64;
            let threads = threads::threads_for(leaves, rayon::current_num_threads());
            if threads > 1 {
                match self.threaded_leaves(data, 0, leaves, threads, threads::spawn_rayon) {
                    Ok(()) => return,
                    Err(e) => match e {},
                }
            }
        }
        let (main, leaves) = (&mut self.main, &mut self.leaves);
        Self::for_each_cv(data, |c| {
            main.absorb(c);
            *leaves += 1;
        });
    }

    /// After the first chunk: the final node's `0x03 0x00^7` marker, once, before the first
    /// chaining value.
    fn start_tree(&mut self) {
        if !self.tree {
            self.main.absorb(&[3, 0, 0, 0, 0, 0, 0, 0]);
            self.tree = true;
        }
    }

    #[inline]
    fn absorb(&mut self, data: &[u8]) {
        self.absorb_with::<true>(data);
    }

    /// [`Kt::absorb`] on this thread alone: for callers that chose their thread count.
    #[cfg(feature = "std")]
    #[inline]
    fn absorb_serial(&mut self, data: &[u8]) {
        self.absorb_with::<false>(data);
    }

    /// [`Kt::absorb`], the whole leaves on rayon's pool only if `POOL`.
    fn absorb_with<const POOL: bool>(&mut self, mut data: &[u8]) {
        if self.first == 0 && data.len() >= 2 * CHUNK {
            // The first chunk and whole leaves in one call: the final node's first chunk runs
            // beside the first leaves where several states run at once.
            let (head, rest) = data.split_at(CHUNK);
            let whole = rest.len() / CHUNK * CHUNK;
            let mut cvs = [[0u8; 64]; MAX_BESIDE];
            let n = absorb_beside_pieces(
                &mut self.main,
                head,
                &rest[..whole],
                CHUNK,
                LEAF_DS,
                Self::CV,
                &mut cvs,
            );
            self.first = CHUNK;
            self.start_tree();
            for cv in &cvs[..n] {
                self.main.absorb(&cv[..Self::CV]);
            }
            self.leaves += n as u64;
            data = &rest[n * CHUNK..];
        }
        if self.first < CHUNK {
            let take = (CHUNK - self.first).min(data.len());
            self.main.absorb(&data[..take]);
            self.first += take;
            data = &data[take..];
        }
        if data.is_empty() {
            return;
        }
        self.start_tree();
        if self.leaf_len != 0 {
            let take = (CHUNK - self.leaf_len).min(data.len());
            self.leaf.absorb(&data[..take]);
            self.leaf_len += take;
            data = &data[take..];
            if self.leaf_len == CHUNK {
                self.finish_leaf();
            } else {
                return;
            }
        }
        let whole = data.len() / CHUNK * CHUNK;
        self.whole_leaves::<POOL>(&data[..whole]);
        let rest = &data[whole..];
        if !rest.is_empty() {
            self.leaf.absorb(rest);
            self.leaf_len = rest.len();
        }
    }

    fn finalize_reader(&mut self) -> KtReader<RATE> {
        #[cfg(feature = "alloc")]
        {
            let c = core::mem::take(&mut self.customization);
            let r = self.finalize_custom(&c);
            self.customization = c;
            r
        }
        #[cfg(not(feature = "alloc"))]
        self.finalize_custom(&[])
    }

    /// Absorbs the customization string `c` and its length, and finishes: the reader. Leaves
    /// `self` to be reset.
    pub(crate) fn finalize_custom(&mut self, c: &[u8]) -> KtReader<RATE> {
        self.absorb(c);
        self.absorb(length_encode(c.len() as u64).as_bytes());
        if self.tree && self.leaf_len != 0 {
            self.finish_leaf();
        }
        let mut main = core::mem::take(&mut self.main);
        if self.tree {
            main.absorb(length_encode(self.leaves).as_bytes());
            main.absorb(&[0xFF, 0xFF]);
            main.pad(FINAL_DS);
        } else {
            main.pad(SINGLE_DS);
        }
        KtReader { sponge: main }
    }
}

impl<const RATE: usize> HashMarker for Kt<RATE> {}

impl<const RATE: usize> Update for Kt<RATE> {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        self.absorb(data);
    }
}

impl<const RATE: usize> Reset for Kt<RATE> {
    fn reset(&mut self) {
        self.main.reset();
        self.leaf.reset();
        self.first = 0;
        self.tree = false;
        self.leaf_len = 0;
        self.leaves = 0;
    }
}

impl<const RATE: usize> ExtendableOutput for Kt<RATE> {
    type Reader = KtReader<RATE>;

    fn finalize_xof(mut self) -> Self::Reader {
        self.finalize_reader()
    }
}

impl<const RATE: usize> ExtendableOutputReset for Kt<RATE> {
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let r = self.finalize_reader();
        self.reset();
        r
    }
}

impl<const RATE: usize> AlgorithmName for Kt<RATE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 { "KT128" } else { "KT256" })
    }
}

impl<const RATE: usize> fmt::Debug for Kt<RATE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if RATE == 168 {
            "Kt128 { ... }"
        } else {
            "Kt256 { ... }"
        })
    }
}

impl CollisionResistance for Kt128 {
    type CollisionResistance = U16;
}
impl CollisionResistance for Kt256 {
    type CollisionResistance = U32;
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize> zeroize::ZeroizeOnDrop for Kt<RATE> {}

/// Wipes the customization string (the states wipe themselves).
#[cfg(all(feature = "zeroize", feature = "alloc"))]
impl<const RATE: usize> Drop for Kt<RATE> {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        // Every field by name: the sponges wipe themselves, the rest is lengths and flags.
        let Self {
            main: _,
            leaf: _,
            first: _,
            tree: _,
            leaf_len: _,
            leaves: _,
            customization,
        } = self;
        customization.as_mut().zeroize();
    }
}
