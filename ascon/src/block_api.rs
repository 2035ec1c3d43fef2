//! Block-level types (RustCrypto's `ascon_hash256::block_api`): [`AsconHash256Core`], the core of
//! [`AsconHash256`], and the `CoreProxy` impl that makes [`AsconHash256`] this core plus a buffer.

use core::fmt;

use digest::{
    HashMarker, Output, OutputSizeUser, Reset,
    array::Array,
    block_api::{Block, Buffer, BufferKindUser, CoreProxy, Eager, FixedOutputCore, UpdateCore},
    common::{
        AlgorithmName, BlockSizeUser,
        hazmat::{DeserializeStateError, SerializableState, SerializedState},
    },
    consts::{U8, U32, U40},
};

#[cfg(doc)]
use crate::AsconHash256;
use crate::hash::{AsconHasher, Hash256, Hashing, Sp800232Spec, fixed_iv_state};
use crate::hazmat::backends::{KernelState, Words};
use crate::hazmat::sponge::{Absorber, Squeezer};

/// The block-level core of [`AsconHash256`] (RustCrypto's `ascon_hash256::block_api` type of the
/// same name): the state between whole 8-byte blocks; [`AsconHash256`] is this core plus a block
/// buffer through [`CoreProxy`], so it is an `EagerHash` (`hmac::Hmac<AsconHash256>`,
/// `hkdf::Hkdf<AsconHash256>`).
///
/// ```
/// use lwc_ascon::{AsconHash256, Digest, block_api::AsconHash256Core};
/// use lwc_ascon::digest::block_api::CoreProxy;
/// let mut h = AsconHash256::new();
/// h.update(b"0123456789");
/// let (core, buffer) = h.clone().decompose();
/// assert_eq!(buffer.get_pos(), 2);
/// let h2 = AsconHash256::compose(core, buffer);
/// assert_eq!(h.finalize(), h2.finalize());
/// ```
#[derive(Clone)]
pub struct AsconHash256Core {
    pub(crate) inner: Absorber<Sp800232Spec>,
}

/// `AsconHash256Core { ... }`: never the state.
impl fmt::Debug for AsconHash256Core {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AsconHash256Core { ... }")
    }
}

impl Default for AsconHash256Core {
    #[inline]
    fn default() -> Self {
        Self {
            inner: Absorber::new(fixed_iv_state::<Hash256>()),
        }
    }
}

impl HashMarker for AsconHash256Core {}

impl BlockSizeUser for AsconHash256Core {
    type BlockSize = U8;
}

impl BufferKindUser for AsconHash256Core {
    type BufferKind = Eager;
}

impl OutputSizeUser for AsconHash256Core {
    type OutputSize = U32;
}

impl UpdateCore for AsconHash256Core {
    #[inline]
    fn update_blocks(&mut self, blocks: &[Block<Self>]) {
        // Whole blocks only: the absorber's buffer stays empty.
        self.inner.update(Array::slice_as_flattened(blocks));
    }
}

impl FixedOutputCore for AsconHash256Core {
    #[inline]
    fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
        self.inner.update(buffer.get_data());
        Squeezer::<Sp800232Spec>::new(self.inner.finish()).read(out);
    }
}

impl Reset for AsconHash256Core {
    #[inline]
    fn reset(&mut self) {
        self.inner.reset(fixed_iv_state::<Hash256>());
    }
}

impl AlgorithmName for AsconHash256Core {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Hash256::ALG)
    }
}

/// 40 bytes: the five words little endian (`ascon-hash256` 0.1's core format).
impl SerializableState for AsconHash256Core {
    type SerializedStateSize = U40;

    fn serialize(&self) -> SerializedState<Self> {
        let mut out = SerializedState::<Self>::default();
        for (dst, w) in out.chunks_exact_mut(8).zip(self.inner.state().to_words()) {
            dst.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    fn deserialize(
        serialized_state: &SerializedState<Self>,
    ) -> Result<Self, DeserializeStateError> {
        let w = core::array::from_fn(|i| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&serialized_state[8 * i..8 * i + 8]);
            u64::from_le_bytes(b)
        });
        Ok(Self {
            inner: Absorber::new(Words::from_words(w)),
        })
    }
}

/// Wiped on drop with `zeroize` (the absorber wipes itself).
#[cfg(feature = "zeroize")]
impl zeroize::ZeroizeOnDrop for AsconHash256Core {}

impl CoreProxy for AsconHasher<Hash256> {
    type Core = AsconHash256Core;

    fn compose(core: AsconHash256Core, buffer: Buffer<AsconHash256Core>) -> Self {
        let AsconHash256Core { mut inner } = core;
        // Fewer than 8 bytes: buffered, not absorbed.
        inner.update(buffer.get_data());
        Self { inner, init: () }
    }

    fn decompose(self) -> (AsconHash256Core, Buffer<AsconHash256Core>) {
        let buffer = Buffer::<AsconHash256Core>::new(self.inner.pending());
        let core = AsconHash256Core {
            inner: Absorber::new(self.inner.state().clone()),
        };
        (core, buffer)
    }
}
