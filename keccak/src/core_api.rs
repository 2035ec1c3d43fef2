//! The digest 0.10 `core_api` face, behind the `digest-010` feature: a block-level core for each
//! hasher and XOF, the names sha3 0.10 and k12 0.3 give them (`Sha3_256Core`, `CShake128Core`,
//! `TurboShake128Core`, `KangarooTwelveCore`, ...).
//!
//! digest 0.10 seals `CoreProxy`: only its `CoreWrapper` is a hasher that generic code such as
//! hmac 0.12's `Hmac<D>` accepts. `CoreWrapper<Sha3_256Core>` (what sha3 0.10 calls `Sha3_256`,
//! and what the `compat/sha3-0.10` facade exports under that name) is one over our code, so
//! `Hmac<CoreWrapper<Sha3_256Core>>` works, and so do the constructors of sha3 0.10 / k12 0.3
//! (`CoreWrapper::from_core(CShake128Core::new(b"custom"))`).
//!
//! Each core holds our hasher and forwards to it: `update_blocks` is
//! [`Update::update`](digest::Update::update) on each block, finalization absorbs the buffered tail
//! and finalizes. A reader core reads its blocks from the hasher's reader.

use core::fmt;

use digest010::block_buffer::Eager;
#[cfg(feature = "kt")]
use digest010::consts::U128;
use digest010::consts::{U28, U32, U48, U64, U72, U104, U136, U144, U168, U200};
use digest010::core_api::{
    AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, ExtendableOutputCore,
    FixedOutputCore, OutputSizeUser, Reset, UpdateCore, XofReaderCore,
};
use digest010::{HashMarker, Output};

#[cfg(feature = "kt")]
use crate::custom::CustomRefKt128;
use crate::hash::{
    Keccak224, Keccak256, Keccak256Full, Keccak384, Keccak512, Sha3_224, Sha3_256, Sha3_384,
    Sha3_512,
};
#[cfg(feature = "kt")]
use crate::kt::Kt128Reader;
#[cfg(feature = "cshake")]
use crate::xof::{CShake128, CShake128Reader, CShake256, CShake256Reader};
#[cfg(feature = "turboshake")]
use crate::xof::{DynTurboShake128, DynTurboShake256, TurboShake128Reader, TurboShake256Reader};
use crate::xof::{Shake128, Shake128Reader, Shake256, Shake256Reader};

/// How many blocks one call of the hasher's `update` takes in [`update_grouped`].
const GROUP: usize = 8;

/// Absorbs `blocks` into `hash`: a single block directly, more in groups of [`GROUP`] copied
/// into one buffer, so that the engine's multi-block absorb keeps the state in registers across a
/// group (one `update` a block was slower on 1 KiB and more: PERFORMANCE.md, "Through the `compat/`
/// facades").
#[inline]
fn update_grouped<N: digest010::generic_array::ArrayLength<u8>>(
    hash: &mut impl digest::Update,
    blocks: &[digest010::generic_array::GenericArray<u8, N>],
) {
    if let [block] = blocks {
        hash.update(block);
        return;
    }
    let mut buf = [0u8; GROUP * 200];
    for group in blocks.chunks(GROUP) {
        let mut n = 0;
        for block in group {
            buf[n..n + block.len()].copy_from_slice(block);
            n += block.len();
        }
        hash.update(&buf[..n]);
    }
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(&mut buf);
}

/// The traits every core has: `HashMarker`, `BufferKindUser` (eager), `UpdateCore`, `Reset`,
/// `AlgorithmName`, and `Debug` without the state.
macro_rules! core_common {
    ($core:ident $(<$lt:lifetime>)?, $hash:ty, $block:ty) => {
        impl$(<$lt>)? HashMarker for $core$(<$lt>)? {}

        impl$(<$lt>)? BlockSizeUser for $core$(<$lt>)? {
            type BlockSize = $block;
        }

        impl$(<$lt>)? BufferKindUser for $core$(<$lt>)? {
            type BufferKind = Eager;
        }

        impl$(<$lt>)? UpdateCore for $core$(<$lt>)? {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                update_grouped(&mut self.0, blocks);
            }
        }

        impl$(<$lt>)? Reset for $core$(<$lt>)? {
            #[inline]
            fn reset(&mut self) {
                digest::Reset::reset(&mut self.0);
            }
        }

        impl$(<$lt>)? AlgorithmName for $core$(<$lt>)? {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                <$hash as digest::common::AlgorithmName>::write_alg_name(f)
            }
        }

        impl$(<$lt>)? fmt::Debug for $core$(<$lt>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($core), " { ... }"))
            }
        }

    };
}

macro_rules! fixed_core {
    ($($core:ident($hash:ty): $block:ty, $out:ty;)*) => {$(
        #[doc = concat!("The digest 0.10 block-level core of [`", stringify!($hash), "`].")]
        #[derive(Clone, Default)]
        pub struct $core($hash);

        core_common!($core, $hash, $block);

        impl OutputSizeUser for $core {
            type OutputSize = $out;
        }

        impl FixedOutputCore for $core {
            #[inline]
            fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
                digest::Update::update(&mut self.0, buffer.get_data());
                digest010::FixedOutputReset::finalize_into_reset(&mut self.0, out);
            }
        }
    )*};
}

fixed_core!(
    Sha3_224Core(Sha3_224): U144, U28;
    Sha3_256Core(Sha3_256): U136, U32;
    Sha3_384Core(Sha3_384): U104, U48;
    Sha3_512Core(Sha3_512): U72, U64;
    Keccak224Core(Keccak224): U144, U28;
    Keccak256Core(Keccak256): U136, U32;
    Keccak384Core(Keccak384): U104, U48;
    Keccak512Core(Keccak512): U72, U64;
    Keccak256FullCore(Keccak256Full): U136, U200;
);

macro_rules! xof_core {
    ($($(#[$attr:meta])* $core:ident $(<$lt:lifetime>)?($hash:ty): $block:ty => $rcore:ident($reader:ty): $rblock:ty;)*) => {$(
        #[doc = concat!("The digest 0.10 block-level core of [`", stringify!($hash), "`].")]
        #[derive(Clone)]
        $(#[$attr])*
        pub struct $core$(<$lt>)?($hash);

        core_common!($core $(<$lt>)?, $hash, $block);

        impl$(<$lt>)? ExtendableOutputCore for $core$(<$lt>)? {
            type ReaderCore = $rcore;

            #[inline]
            fn finalize_xof_core(&mut self, buffer: &mut Buffer<Self>) -> $rcore {
                let mut hash = self.0.clone();
                digest::Update::update(&mut hash, buffer.get_data());
                $rcore(digest::ExtendableOutput::finalize_xof(hash))
            }
        }

        #[doc = concat!("The digest 0.10 block-level core of [`", stringify!($reader), "`].")]
        #[derive(Clone)]
        pub struct $rcore($reader);

        impl BlockSizeUser for $rcore {
            type BlockSize = $rblock;
        }

        impl XofReaderCore for $rcore {
            #[inline]
            fn read_block(&mut self) -> Block<Self> {
                let mut block = Block::<Self>::default();
                digest::XofReader::read(&mut self.0, &mut block);
                block
            }
        }

        impl fmt::Debug for $rcore {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($rcore), " { ... }"))
            }
        }
    )*};
}

xof_core!(
    #[derive(Default)]
    Shake128Core(Shake128): U168 => Shake128ReaderCore(Shake128Reader): U168;
    #[derive(Default)]
    Shake256Core(Shake256): U136 => Shake256ReaderCore(Shake256Reader): U136;
);

#[cfg(feature = "cshake")]
xof_core!(
    CShake128Core(CShake128): U168 => CShake128ReaderCore(CShake128Reader): U168;
    CShake256Core(CShake256): U136 => CShake256ReaderCore(CShake256Reader): U136;
);

#[cfg(feature = "turboshake")]
xof_core!(
    TurboShake128Core(DynTurboShake128): U168 => TurboShake128ReaderCore(TurboShake128Reader): U168;
    TurboShake256Core(DynTurboShake256): U136 => TurboShake256ReaderCore(TurboShake256Reader): U136;
);

#[cfg(feature = "kt")]
xof_core!(
    KangarooTwelveCore<'cs>(CustomRefKt128<'cs>): U128 => KangarooTwelveReaderCore(Kt128Reader): U168;
);

#[cfg(feature = "kt")]
impl Default for KangarooTwelveCore<'static> {
    /// KangarooTwelve without customization.
    fn default() -> Self {
        Self(CustomRefKt128::default())
    }
}

#[cfg(feature = "cshake")]
macro_rules! cshake_new {
    ($($core:ident($hash:ident);)*) => {$(
        impl $core {
            /// cSHAKE with customization string `customization` and no function name.
            #[inline]
            pub fn new(customization: &[u8]) -> Self {
                Self($hash::new(customization))
            }

            /// cSHAKE with function name `function_name` and customization `customization`.
            #[inline]
            pub fn new_with_function_name(function_name: &[u8], customization: &[u8]) -> Self {
                Self($hash::new_with_function_name(function_name, customization))
            }
        }
    )*};
}

#[cfg(feature = "cshake")]
cshake_new!(CShake128Core(CShake128); CShake256Core(CShake256););

#[cfg(feature = "turboshake")]
macro_rules! turboshake_new {
    ($($core:ident($hash:ident);)*) => {$(
        impl $core {
            /// TurboSHAKE with domain separation byte `domain_separation`.
            ///
            /// # Panics
            /// If `domain_separation` is outside `0x01..=0x7F`, as sha3 0.10 does.
            #[inline]
            pub fn new(domain_separation: u8) -> Self {
                match $hash::new(domain_separation) {
                    Ok(hash) => Self(hash),
                    Err(_) => panic!("assertion failed: (0x01..=0x7F).contains(&domain_separation)"),
                }
            }
        }
    )*};
}

#[cfg(feature = "turboshake")]
turboshake_new!(TurboShake128Core(DynTurboShake128); TurboShake256Core(DynTurboShake256););

#[cfg(feature = "kt")]
impl<'cs> KangarooTwelveCore<'cs> {
    /// KangarooTwelve (KT128) with customization string `customization`.
    #[inline]
    pub fn new(customization: &'cs [u8]) -> Self {
        Self(CustomRefKt128::new_customized(customization))
    }
}

#[cfg(feature = "oid")]
mod oids {
    use digest010::const_oid::{AssociatedOid, ObjectIdentifier};

    macro_rules! oid {
        ($($core:ident: $oid:literal;)*) => {$(
            impl AssociatedOid for super::$core {
                const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap($oid);
            }
        )*};
    }

    oid!(
        Sha3_224Core: "2.16.840.1.101.3.4.2.7";
        Sha3_256Core: "2.16.840.1.101.3.4.2.8";
        Sha3_384Core: "2.16.840.1.101.3.4.2.9";
        Sha3_512Core: "2.16.840.1.101.3.4.2.10";
        Shake128Core: "2.16.840.1.101.3.4.2.11";
        Shake256Core: "2.16.840.1.101.3.4.2.12";
    );
}
