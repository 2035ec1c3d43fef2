#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use digest::{self, Digest, ExtendableOutput, Reset, Update, XofReader};

use digest::block_buffer::Eager;
use digest::consts::{U32, U8};
use digest::core_api::{AlgorithmName, Block, Buffer, BufferKindUser, CoreWrapper};
use digest::core_api::{ExtendableOutputCore, FixedOutputCore, UpdateCore};
use digest::core_api::{XofReaderCore, XofReaderCoreWrapper};
use digest::crypto_common::BlockSizeUser;
use digest::{FixedOutputReset, HashMarker, Output, OutputSizeUser};
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
    /// The block-level core of [`AsconHash`]: lwc-ascon's Ascon-Hash v1.2.
    AsconCore(v12::AsconHash),
    "AsconHash"
);
hash_core!(
    /// The block-level core of [`AsconAHash`]: lwc-ascon's Ascon-Hasha v1.2.
    AsconACore(v12::AsconHasha),
    "AsconAHash"
);
xof_core!(
    /// The block-level core of [`AsconXof`]: lwc-ascon's Ascon-Xof v1.2.
    AsconXofCore(v12::AsconXof),
    "AsconXOF",
    /// The block-level output stream behind [`AsconXofReader`].
    AsconXofReaderCore(v12::AsconXofReader)
);
xof_core!(
    /// The block-level core of [`AsconAXof`]: lwc-ascon's Ascon-Xofa v1.2.
    AsconAXofCore(v12::AsconXofa),
    "AsconAXOF",
    /// The block-level output stream behind [`AsconAXofReader`].
    AsconAXofReaderCore(v12::AsconXofaReader)
);

/// Ascon-Hash (v1.2 of the NIST LWC finalist): a 32-byte digest.
///
/// ```
/// use ascon_hash::Digest as _;
///
/// // The first vector of the finalist's Ascon-Hash KAT: the empty message.
/// let digest = ascon_hash::AsconHash::new().finalize();
/// assert_eq!(digest[..6], [0x73, 0x46, 0xbc, 0x14, 0xf0, 0x36]);
/// ```
pub type AsconHash = CoreWrapper<AsconCore>;
/// Ascon-Hasha (v1.2): [`AsconHash`] with 8-round absorbing, a different 32-byte digest.
pub type AsconAHash = CoreWrapper<AsconACore>;
/// Ascon-Xof (v1.2): output of any length.
pub type AsconXof = CoreWrapper<AsconXofCore>;
/// The output stream of an [`AsconXof`].
pub type AsconXofReader = XofReaderCoreWrapper<AsconXofReaderCore>;
/// Ascon-Xofa (v1.2): [`AsconXof`] with 8-round absorbing.
pub type AsconAXof = CoreWrapper<AsconAXofCore>;
/// The output stream of an [`AsconAXof`].
pub type AsconAXofReader = XofReaderCoreWrapper<AsconAXofReaderCore>;
