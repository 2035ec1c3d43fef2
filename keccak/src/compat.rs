//! The previous RustCrypto generation (digest 0.10, `GenericArray` outputs) on the same types,
//! behind the `digest-010` feature.
//!
//! Every impl here is a thin adapter over the digest 0.11 impl of the same type: no algorithm is
//! duplicated. Fixed outputs are computed into the 0.11 array and copied into the `GenericArray`.

use digest010 as d10;
use digest010::consts::{U28, U32, U48, U64, U72, U104, U136, U144, U200};
use digest010::crypto_common::{AlgorithmName, BlockSizeUser};

#[cfg(all(feature = "kt", feature = "alloc"))]
use crate::custom::CustomKt;
#[cfg(feature = "kt")]
use crate::custom::CustomRefKt;
use crate::hash::{
    Keccak224, Keccak256, Keccak256Full, Keccak384, Keccak512, Sha3_224, Sha3_256, Sha3_384,
    Sha3_512,
};
#[cfg(feature = "kt")]
use crate::kt::{Kt, KtReader};
#[cfg(feature = "tuple-hash")]
use crate::sp800_185::TupleHashReader;
#[cfg(feature = "parallel-hash")]
use crate::sp800_185::{ParallelHash, ParallelHashReader};
#[cfg(feature = "cshake")]
use crate::xof::{CShake, CShakeReader};
#[cfg(feature = "turboshake")]
use crate::xof::{DynTurboShake, TurboShake, TurboShakeReader};
use crate::xof::{Shake, ShakeReader};

/// `Update` and `Reset` forwarded to the digest 0.11 impls.
macro_rules! update_reset {
    ([$($g:tt)*] $ty:ty) => {
        impl<$($g)*> d10::Update for $ty {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                digest::Update::update(self, data);
            }
        }

        impl<$($g)*> d10::Reset for $ty {
            #[inline]
            fn reset(&mut self) {
                digest::Reset::reset(self);
            }
        }
    };
}

/// `AlgorithmName` forwarded to the crypto-common 0.2 impl.
macro_rules! alg_name {
    ([$($g:tt)*] $ty:ty) => {
        impl<$($g)*> AlgorithmName for $ty {
            fn write_alg_name(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                <$ty as digest::common::AlgorithmName>::write_alg_name(f)
            }
        }
    };
}

macro_rules! fixed {
    ($($ty:ty: $block:ty, $out:ty;)*) => {$(
        impl d10::HashMarker for $ty {}

        impl BlockSizeUser for $ty {
            type BlockSize = $block;
        }

        impl d10::OutputSizeUser for $ty {
            type OutputSize = $out;
        }

        update_reset!([] $ty);
        alg_name!([] $ty);

        impl d10::FixedOutput for $ty {
            #[inline]
            fn finalize_into(self, out: &mut d10::Output<Self>) {
                let mut o = digest::Output::<Self>::default();
                digest::FixedOutput::finalize_into(self, &mut o);
                out.copy_from_slice(&o);
            }
        }

        impl d10::FixedOutputReset for $ty {
            #[inline]
            fn finalize_into_reset(&mut self, out: &mut d10::Output<Self>) {
                let mut o = digest::Output::<Self>::default();
                digest::FixedOutputReset::finalize_into_reset(self, &mut o);
                out.copy_from_slice(&o);
            }
        }
    )*};
}

fixed!(
    Sha3_224: U144, U28;
    Sha3_256: U136, U32;
    Sha3_384: U104, U48;
    Sha3_512: U72, U64;
    Keccak224: U144, U28;
    Keccak256: U136, U32;
    Keccak384: U104, U48;
    Keccak512: U72, U64;
    Keccak256Full: U136, U200;
);

/// An XOF: `Update`, `Reset`, `ExtendableOutput` and `ExtendableOutputReset` forwarded.
macro_rules! xof {
    ([$($g:tt)*] $ty:ty) => {
        update_reset!([$($g)*] $ty);

        impl<$($g)*> d10::ExtendableOutput for $ty {
            type Reader = <$ty as digest::ExtendableOutput>::Reader;

            #[inline]
            fn finalize_xof(self) -> Self::Reader {
                digest::ExtendableOutput::finalize_xof(self)
            }
        }

        impl<$($g)*> d10::ExtendableOutputReset for $ty {
            #[inline]
            fn finalize_xof_reset(&mut self) -> Self::Reader {
                digest::ExtendableOutputReset::finalize_xof_reset(self)
            }
        }
    };
}

macro_rules! reader {
    ($($r:ident),*) => {$(
        impl<const RATE: usize> d10::XofReader for $r<RATE> {
            #[inline]
            fn read(&mut self, buffer: &mut [u8]) {
                digest::XofReader::read(self, buffer);
            }
        }
    )*};
}

xof!([const RATE: usize] Shake<RATE>);
impl<const RATE: usize> d10::HashMarker for Shake<RATE> {}
alg_name!([const RATE: usize] Shake<RATE>);
reader!(ShakeReader);

#[cfg(feature = "cshake")]
xof!([const RATE: usize] CShake<RATE>);
#[cfg(feature = "cshake")]
impl<const RATE: usize> d10::HashMarker for CShake<RATE> {}
#[cfg(feature = "cshake")]
alg_name!([const RATE: usize] CShake<RATE>);
#[cfg(feature = "cshake")]
reader!(CShakeReader);

#[cfg(feature = "turboshake")]
xof!([const RATE: usize, const DS: u8] TurboShake<RATE, DS>);
#[cfg(feature = "turboshake")]
xof!([const RATE: usize] DynTurboShake<RATE>);
#[cfg(feature = "turboshake")]
impl<const RATE: usize, const DS: u8> d10::HashMarker for TurboShake<RATE, DS> {}
#[cfg(feature = "turboshake")]
impl<const RATE: usize> d10::HashMarker for DynTurboShake<RATE> {}
#[cfg(feature = "turboshake")]
alg_name!([const RATE: usize, const DS: u8] TurboShake<RATE, DS>);
#[cfg(feature = "turboshake")]
alg_name!([const RATE: usize] DynTurboShake<RATE>);
#[cfg(feature = "turboshake")]
reader!(TurboShakeReader);

#[cfg(feature = "kt")]
xof!([const RATE: usize] Kt<RATE>);
#[cfg(feature = "kt")]
xof!(['a, const RATE: usize] CustomRefKt<'a, RATE>);
#[cfg(feature = "kt")]
impl<const RATE: usize> d10::HashMarker for Kt<RATE> {}
#[cfg(feature = "kt")]
impl<const RATE: usize> d10::HashMarker for CustomRefKt<'_, RATE> {}
#[cfg(feature = "kt")]
alg_name!([const RATE: usize] Kt<RATE>);
#[cfg(feature = "kt")]
alg_name!([const RATE: usize] CustomRefKt<'_, RATE>);
#[cfg(feature = "kt")]
reader!(KtReader);
#[cfg(all(feature = "kt", feature = "alloc"))]
xof!([const RATE: usize] CustomKt<RATE>);
#[cfg(all(feature = "kt", feature = "alloc"))]
impl<const RATE: usize> d10::HashMarker for CustomKt<RATE> {}
#[cfg(all(feature = "kt", feature = "alloc"))]
alg_name!([const RATE: usize] CustomKt<RATE>);

#[cfg(feature = "tuple-hash")]
reader!(TupleHashReader);

#[cfg(feature = "parallel-hash")]
xof!([const RATE: usize] ParallelHash<RATE>);
#[cfg(feature = "parallel-hash")]
reader!(ParallelHashReader);

// KMAC: `Mac` (digest 0.10), in `compat/kmac.rs`.
#[cfg(feature = "kmac")]
mod kmac;

#[cfg(feature = "oid")]
mod oids {
    use digest010::const_oid::{AssociatedOid, ObjectIdentifier};

    crate::hash::sha3_oids!();
}
