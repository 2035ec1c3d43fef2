#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use digest::{self, Digest, ExtendableOutput, Reset, Update, XofReader};
use digest::{
    block_buffer::Eager,
    consts::{U32, U8},
    core_api::{
        AlgorithmName, Block, Buffer, BufferKindUser, CoreWrapper, ExtendableOutputCore,
        FixedOutputCore, UpdateCore, XofReaderCore, XofReaderCoreWrapper,
    },
    crypto_common::BlockSizeUser,
    FixedOutputReset, HashMarker, Output, OutputSizeUser,
};
use lwc_ascon::v12;

/// Feeds whole blocks to an lwc-ascon hasher, in runs of up to 64 blocks per call.
fn absorb_blocks<H: Update>(hasher: &mut H, blocks: &[Block<AsconCore>]) {
    let mut run = [0u8; 64 * 8];
    for chunk in blocks.chunks(64) {
        for (dst, block) in run.chunks_exact_mut(8).zip(chunk) {
            dst.copy_from_slice(block);
        }
        hasher.update(&run[..chunk.len() * 8]);
    }
}

/// A core: the lwc-ascon hasher `$inner`, with the buffer-level traits of digest 0.10.
macro_rules! core {
    ($(#[$doc:meta])* $name:ident($inner:ty), $alg:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default)]
        pub struct $name($inner);

        impl HashMarker for $name {}

        impl BlockSizeUser for $name {
            type BlockSize = U8;
        }

        impl BufferKindUser for $name {
            type BufferKind = Eager;
        }

        impl UpdateCore for $name {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                absorb_blocks(&mut self.0, blocks);
            }
        }

        impl Reset for $name {
            #[inline]
            fn reset(&mut self) {
                Reset::reset(&mut self.0);
            }
        }

        impl AlgorithmName for $name {
            fn write_alg_name(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($alg)
            }
        }
    };
}

/// A hash core: [`core!`] plus the 32-byte output.
macro_rules! hash_core {
    ($(#[$doc:meta])* $name:ident($inner:ty), $alg:literal) => {
        core!($(#[$doc])* $name($inner), $alg);

        impl OutputSizeUser for $name {
            type OutputSize = U32;
        }

        impl FixedOutputCore for $name {
            #[inline]
            fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
                Update::update(&mut self.0, buffer.get_data());
                FixedOutputReset::finalize_into_reset(&mut self.0, out);
            }
        }
    };
}

/// An XOF core and its reader core: [`core!`] plus the output stream, read 8 bytes at a time.
macro_rules! xof_core {
    ($(#[$doc:meta])* $name:ident($inner:ty), $alg:literal,
     $(#[$rdoc:meta])* $reader:ident($rinner:ty)) => {
        core!($(#[$doc])* $name($inner), $alg);

        $(#[$rdoc])*
        #[derive(Clone, Debug)]
        pub struct $reader($rinner);

        impl BlockSizeUser for $reader {
            type BlockSize = U8;
        }

        impl XofReaderCore for $reader {
            #[inline]
            fn read_block(&mut self) -> Block<Self> {
                let mut block = Block::<Self>::default();
                XofReader::read(&mut self.0, &mut block);
                block
            }
        }

        impl ExtendableOutputCore for $name {
            type ReaderCore = $reader;

            #[inline]
            fn finalize_xof_core(&mut self, buffer: &mut Buffer<Self>) -> $reader {
                Update::update(&mut self.0, buffer.get_data());
                $reader(digest::ExtendableOutputReset::finalize_xof_reset(&mut self.0))
            }
        }
    };
}

hash_core!(
    /// Ascon hash implementation
    AsconCore(v12::AsconHash),
    "AsconHash"
);
hash_core!(
    /// Ascon hash implementation
    AsconACore(v12::AsconHasha),
    "AsconAHash"
);
xof_core!(
    /// Ascon XOF
    AsconXofCore(v12::AsconXof),
    "AsconXOF",
    /// Reader for XOF output
    AsconXofReaderCore(v12::AsconXofReader)
);
xof_core!(
    /// AsconA XOF
    AsconAXofCore(v12::AsconXofa),
    "AsconAXOF",
    /// Reader for XOF output
    AsconAXofReaderCore(v12::AsconXofaReader)
);

/// Ascon hash
///
/// ```
/// use ascon_hash::{AsconHash, Digest};
///
/// let mut hasher = AsconHash::new();
/// hasher.update(b"some bytes");
/// let digest = hasher.finalize();
/// assert_eq!(&digest[..], b"\xb7\x42\xca\x75\xe5\x70\x38\x75\x70\x59\xcc\xcc\x68\x74\x71\x4f\x9d\xbd\x7f\xc5\x92\x4a\x7d\xf4\xe3\x16\x59\x4f\xd1\x42\x6c\xa8");
/// ```
pub type AsconHash = CoreWrapper<AsconCore>;
/// AsconA hash
pub type AsconAHash = CoreWrapper<AsconACore>;
/// AsconXof
pub type AsconXof = CoreWrapper<AsconXofCore>;
/// Reader for AsconXof output
pub type AsconXofReader = XofReaderCoreWrapper<AsconXofReaderCore>;
/// AsconAXof
pub type AsconAXof = CoreWrapper<AsconAXofCore>;
/// Reader for AsconAXof output
pub type AsconAXofReader = XofReaderCoreWrapper<AsconAXofReaderCore>;
