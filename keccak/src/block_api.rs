//! Block-level cores of the digest 0.11 `block_api`: [`Sha3HasherCore`] and [`Sha3ReaderCore`],
//! the cores sha3 0.11 wraps in its buffered hashers (`compat/sha3-0.11` builds that crate's
//! `Sha3_256`, `Shake128`, ... from them with digest's own `buffer_fixed!` / `buffer_xof!`).
//!
//! A core holds the Keccak state between whole blocks, so its [`SerializableState`] is the 200
//! state bytes (lanes little-endian): sha3 0.11's layout. The hashers at the crate root keep the
//! block being absorbed inside the state instead, the layout of sha3 0.12. Whole blocks go through
//! the engine's dispatched multi-block absorb, as the root hashers' do.

use core::{fmt, marker::PhantomData};

use digest::{
    HashMarker, Output,
    array::{Array, ArraySize},
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, Eager, ExtendableOutputCore,
        FixedOutputCore, OutputSizeUser, Reset, UpdateCore, XofReaderCore,
    },
    block_buffer::BlockSizes,
    common::hazmat::{DeserializeStateError, SerializableState, SerializedState},
    typenum::{IsLessOrEqual, True, U0, U200},
};

use crate::hazmat::State1600;
use crate::hazmat::sponge::{
    absorb_blocks, absorb_last_block, finish_last_block, read_lanes, squeeze_block,
    state_from_bytes,
};

/// The Keccak\[1600\] hasher core of rate `Rate` bytes, output `OutputSize` bytes (`U0`: an XOF)
/// and padding byte `PAD` (`0x06` SHA-3, `0x01` Keccak, `0x1F` SHAKE).
pub struct Sha3HasherCore<Rate, OutputSize, const PAD: u8>
where
    Rate: BlockSizes + IsLessOrEqual<U200, Output = True>,
    OutputSize: ArraySize + IsLessOrEqual<U200, Output = True>,
{
    state: State1600,
    _pd: PhantomData<(Rate, OutputSize)>,
}

/// Implements a trait for [`Sha3HasherCore`] under its bounds.
macro_rules! hasher_impl {
    ($([$($tr:tt)+] $body:tt)*) => {$(
        impl<Rate, OutputSize, const PAD: u8> $($tr)+ for Sha3HasherCore<Rate, OutputSize, PAD>
        where
            Rate: BlockSizes + IsLessOrEqual<U200, Output = True>,
            OutputSize: ArraySize + IsLessOrEqual<U200, Output = True>,
        $body
    )*};
}

hasher_impl! {
    [Clone] {
        #[inline]
        fn clone(&self) -> Self {
            Self { state: self.state, _pd: PhantomData }
        }
    }
    [HashMarker] {}
    [BlockSizeUser] {
        type BlockSize = Rate;
    }
    [BufferKindUser] {
        type BufferKind = Eager;
    }
    [OutputSizeUser] {
        type OutputSize = OutputSize;
    }
    [UpdateCore] {
        #[inline]
        fn update_blocks(&mut self, blocks: &[Block<Self>]) {
            absorb_blocks(&mut self.state, Rate::USIZE, Array::slice_as_flattened(blocks));
        }
    }
    [FixedOutputCore] {
        #[inline]
        fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
            finish_last_block(&mut self.state, Rate::USIZE, buffer.get_data(), PAD, out);
        }
    }
    [Default] {
        #[inline]
        fn default() -> Self {
            Self { state: [0; 25], _pd: PhantomData }
        }
    }
    [Reset] {
        #[inline]
        fn reset(&mut self) {
            self.state = [0; 25];
        }
    }
    [AlgorithmName] {
        fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("Sha3")
        }
    }
    [fmt::Debug] {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("Sha3FixedCore<Rate, OutputSize, PAD, ROUNDS> { ... }")
        }
    }
    [Drop] {
        fn drop(&mut self) {
            // Every field by name: one added later does not compile here until it is wiped.
            let Self { state, _pd } = self;
            #[cfg(feature = "zeroize")]
            zeroize::Zeroize::zeroize(state);
            #[cfg(not(feature = "zeroize"))]
            let _ = state;
        }
    }
    [SerializableState] {
        type SerializedStateSize = U200;

        fn serialize(&self) -> SerializedState<Self> {
            let mut out = SerializedState::<Self>::default();
            read_lanes(&self.state, &mut out);
            out
        }

        fn deserialize(bytes: &SerializedState<Self>) -> Result<Self, DeserializeStateError> {
            Ok(Self { state: state_from_bytes(bytes), _pd: PhantomData })
        }
    }
}

#[cfg(feature = "zeroize")]
impl<Rate, OutputSize, const PAD: u8> zeroize::ZeroizeOnDrop
    for Sha3HasherCore<Rate, OutputSize, PAD>
where
    Rate: BlockSizes + IsLessOrEqual<U200, Output = True>,
    OutputSize: ArraySize + IsLessOrEqual<U200, Output = True>,
{
}

impl<Rate, const PAD: u8> ExtendableOutputCore for Sha3HasherCore<Rate, U0, PAD>
where
    Rate: BlockSizes + IsLessOrEqual<U200, Output = True>,
{
    type ReaderCore = Sha3ReaderCore<Rate>;

    #[inline]
    fn finalize_xof_core(&mut self, buffer: &mut Buffer<Self>) -> Self::ReaderCore {
        absorb_last_block(&mut self.state, Rate::USIZE, buffer.get_data(), PAD);
        Sha3ReaderCore {
            state: self.state,
            _pd: PhantomData,
        }
    }
}

/// The XOF reader core of [`Sha3HasherCore`]: each block is the first `Rate` state bytes, then
/// the state is permuted.
pub struct Sha3ReaderCore<Rate>
where
    Rate: BlockSizes + IsLessOrEqual<U200, Output = True>,
{
    state: State1600,
    _pd: PhantomData<Rate>,
}

/// Implements a trait for [`Sha3ReaderCore`] under its bounds.
macro_rules! reader_impl {
    ($([$($tr:tt)+] $body:tt)*) => {$(
        impl<Rate> $($tr)+ for Sha3ReaderCore<Rate>
        where
            Rate: BlockSizes + IsLessOrEqual<U200, Output = True>,
        $body
    )*};
}

reader_impl! {
    [Clone] {
        #[inline]
        fn clone(&self) -> Self {
            Self { state: self.state, _pd: PhantomData }
        }
    }
    [BlockSizeUser] {
        type BlockSize = Rate;
    }
    [XofReaderCore] {
        #[inline]
        fn read_block(&mut self) -> Block<Self> {
            let mut block = Block::<Self>::default();
            squeeze_block(&mut self.state, &mut block);
            block
        }
    }
    [fmt::Debug] {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("Sha3ReaderCore { ... }")
        }
    }
    [Drop] {
        fn drop(&mut self) {
            // Every field by name: one added later does not compile here until it is wiped.
            let Self { state, _pd } = self;
            #[cfg(feature = "zeroize")]
            zeroize::Zeroize::zeroize(state);
            #[cfg(not(feature = "zeroize"))]
            let _ = state;
        }
    }
}

#[cfg(feature = "zeroize")]
impl<Rate> zeroize::ZeroizeOnDrop for Sha3ReaderCore<Rate> where
    Rate: BlockSizes + IsLessOrEqual<U200, Output = True>
{
}
