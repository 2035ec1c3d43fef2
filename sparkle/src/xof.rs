//! XOEsch256 and XOEsch384: the SPARKLE extendable-output functions (`ExtendableOutput`).
//!
//! Absorption is Esch's (same injection, same lazy handling of a full last block) with the domain
//! constants 5 (last block padded) and 6 (last block full) instead of 1 and 2, so XOEsch output is
//! *not* an extension of Esch output. The reader hands out 16 bytes per block and runs the slim
//! permutation before every block after the first.

use core::fmt;

use digest::{
    CollisionResistance, HashMarker, Reset,
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, ExtendableOutputCore, Lazy,
        UpdateCore, XofReaderCore,
    },
    common::hazmat::{DeserializeStateError, SerializableState, SerializedState},
    consts::{U16, U24, U48, U64},
};

use crate::hash::{
    Absorb, Perm, RATE, absorb_last, as_arrays, deserialize_words, rate_bytes, serialize_words,
};
use crate::hazmat::backends::dispatch;

macro_rules! xoesch {
    (
        $(#[$doc:meta])* $name:ident, $core:ident,
        $(#[$rdoc:meta])* $reader:ident, $reader_core:ident,
        $alg:literal, $words:literal, $slim:literal, $big:literal, $ser:ty, $cr:ty
    ) => {
        #[doc = concat!("Block-level core of [`", stringify!($name), "`] (use the buffered type instead).")]
        #[derive(Clone)]
        pub struct $core {
            state: [u32; $words],
        }

        #[doc = concat!("Block-level core of [`", stringify!($reader), "`] (use the buffered type instead).")]
        #[derive(Clone)]
        pub struct $reader_core {
            state: [u32; $words],
            started: bool,
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

        impl UpdateCore for $core {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                dispatch(Absorb::<$words, $slim> { state: &mut self.state, blocks: as_arrays(blocks) });
            }
        }

        impl ExtendableOutputCore for $core {
            type ReaderCore = $reader_core;

            fn finalize_xof_core(&mut self, buffer: &mut Buffer<Self>) -> $reader_core {
                let len = buffer.get_pos();
                let block: [u8; RATE] = buffer.pad_with_zeros().into();
                let mut state = self.state;
                absorb_last::<$words, $big>(&mut state, &block, len, 5, 6);
                $reader_core { state, started: false }
            }
        }

        impl BlockSizeUser for $reader_core {
            type BlockSize = U16;
        }

        impl XofReaderCore for $reader_core {
            #[inline]
            fn read_block(&mut self) -> Block<Self> {
                if self.started {
                    dispatch(Perm::<$words, $slim>(&mut self.state));
                }
                self.started = true;
                rate_bytes(&self.state).into()
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
        wiped_state!($reader_core);
        serializable_state!($core, $ser);

        digest::buffer_xof!(
            $(#[$doc])*
            pub struct $name($core);
            impl: XofHasherTraits;
            $(#[$rdoc])*
            pub struct $reader($reader_core);
            impl: XofReaderTraits;
        );

        impl CollisionResistance for $name {
            type CollisionResistance = $cr;
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

xoesch!(
    /// XOEsch256: the SPARKLE XOF on Sparkle384 (128-bit security for long enough outputs).
    ///
    /// ```
    /// use lwc_sparkle::{XoEsch256, digest::{ExtendableOutput, Update, XofReader}};
    ///
    /// let mut xof = XoEsch256::default();
    /// xof.update(b"");
    /// let mut reader = xof.finalize_xof();
    /// let mut out = [0u8; 40];
    /// reader.read(&mut out);
    /// assert_eq!(out[..4], [0x86, 0x05, 0xD6, 0xB1]);
    /// ```
    XoEsch256, XoEsch256Core,
    /// The output reader of [`XoEsch256`].
    XoEsch256Reader, XoEsch256ReaderCore,
    "XOEsch256", 12, 7, 11, U48, U16
);

xoesch!(
    /// XOEsch384: the SPARKLE XOF on Sparkle512 (192-bit security for long enough outputs).
    ///
    /// ```
    /// use lwc_sparkle::{XoEsch384, digest::{ExtendableOutput, Update, XofReader}};
    ///
    /// let mut reader = XoEsch384::default().chain(b"abc").finalize_xof();
    /// let mut out = [0u8; 100];
    /// reader.read(&mut out);
    /// ```
    XoEsch384, XoEsch384Core,
    /// The output reader of [`XoEsch384`].
    XoEsch384Reader, XoEsch384ReaderCore,
    "XOEsch384", 16, 8, 12, U64, U24
);
