//! The previous RustCrypto generation (digest 0.10, `GenericArray` outputs) on the same types,
//! behind the `digest-010` feature.
//!
//! Every impl here is a thin adapter over the digest 0.11 impl of the same type: no algorithm is
//! duplicated. Fixed outputs are computed into the 0.11 array and copied into the `GenericArray`.

use digest010 as d10;
use digest010::consts::{U28, U32, U48, U64, U72, U104, U136, U144, U200};
use digest010::crypto_common::{AlgorithmName, BlockSizeUser};

#[cfg(feature = "alloc")]
use crate::custom::CustomKt;
use crate::custom::CustomRefKt;
use crate::hash::{
    Keccak224, Keccak256, Keccak256Full, Keccak384, Keccak512, Sha3_224, Sha3_256, Sha3_384,
    Sha3_512,
};
use crate::kt::{Kt, KtReader};
use crate::mac::{Kmac, Kmac128, Kmac256, KmacReader};
use crate::sp800_185::{ParallelHash, ParallelHashReader, TupleHashReader};
use crate::xof::{
    CShake, CShakeReader, DynTurboShake, Shake, ShakeReader, TurboShake, TurboShakeReader,
};

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

xof!([const RATE: usize] Shake<RATE>);
xof!([const RATE: usize] CShake<RATE>);
xof!([const RATE: usize, const DS: u8] TurboShake<RATE, DS>);
xof!([const RATE: usize] DynTurboShake<RATE>);
xof!([const RATE: usize] Kt<RATE>);
xof!(['a, const RATE: usize] CustomRefKt<'a, RATE>);
#[cfg(feature = "alloc")]
xof!([const RATE: usize] CustomKt<RATE>);
xof!([const RATE: usize] ParallelHash<RATE>);

impl<const RATE: usize> d10::HashMarker for Shake<RATE> {}
impl<const RATE: usize> d10::HashMarker for CShake<RATE> {}
impl<const RATE: usize, const DS: u8> d10::HashMarker for TurboShake<RATE, DS> {}
impl<const RATE: usize> d10::HashMarker for DynTurboShake<RATE> {}
impl<const RATE: usize> d10::HashMarker for Kt<RATE> {}
impl<const RATE: usize> d10::HashMarker for CustomRefKt<'_, RATE> {}
#[cfg(feature = "alloc")]
impl<const RATE: usize> d10::HashMarker for CustomKt<RATE> {}

alg_name!([const RATE: usize] Shake<RATE>);
alg_name!([const RATE: usize] CShake<RATE>);
alg_name!([const RATE: usize, const DS: u8] TurboShake<RATE, DS>);
alg_name!([const RATE: usize] DynTurboShake<RATE>);
alg_name!([const RATE: usize] Kt<RATE>);
alg_name!([const RATE: usize] CustomRefKt<'_, RATE>);
#[cfg(feature = "alloc")]
alg_name!([const RATE: usize] CustomKt<RATE>);
alg_name!([const RATE: usize] Kmac<RATE>);

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

reader!(
    ShakeReader,
    CShakeReader,
    TurboShakeReader,
    KtReader,
    KmacReader,
    TupleHashReader,
    ParallelHashReader
);

// KMAC: `Mac` (digest 0.10) through `MacMarker + KeyInit + Update + FixedOutput`.

impl d10::crypto_common::KeySizeUser for Kmac128 {
    type KeySize = U32;
}
impl d10::crypto_common::KeySizeUser for Kmac256 {
    type KeySize = U64;
}
impl d10::OutputSizeUser for Kmac128 {
    type OutputSize = U32;
}
impl d10::OutputSizeUser for Kmac256 {
    type OutputSize = U64;
}

impl<const RATE: usize> d10::KeyInit for Kmac<RATE>
where
    Self: d10::crypto_common::KeySizeUser,
{
    #[inline]
    fn new(key: &d10::Key<Self>) -> Self {
        Self::new_customized(key, &[])
    }

    /// Accepts keys of any length, as the digest 0.11 impl.
    #[inline]
    fn new_from_slice(key: &[u8]) -> Result<Self, d10::InvalidLength> {
        Ok(Self::new_customized(key, &[]))
    }
}

impl<const RATE: usize> d10::MacMarker for Kmac<RATE> {}

update_reset!([const RATE: usize] Kmac<RATE>);

impl<const RATE: usize> d10::FixedOutput for Kmac<RATE>
where
    Self: d10::OutputSizeUser,
{
    #[inline]
    fn finalize_into(self, out: &mut d10::Output<Self>) {
        self.finalize_into_slice(out);
    }
}

impl<const RATE: usize> d10::FixedOutputReset for Kmac<RATE>
where
    Self: d10::OutputSizeUser,
{
    #[inline]
    fn finalize_into_reset(&mut self, out: &mut d10::Output<Self>) {
        self.clone().finalize_into_slice(out);
        digest::Reset::reset(self);
    }
}

impl<const RATE: usize> d10::ExtendableOutput for Kmac<RATE> {
    type Reader = KmacReader<RATE>;

    /// KMACXOF.
    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        digest::ExtendableOutput::finalize_xof(self)
    }
}

#[cfg(feature = "oid")]
mod oids {
    use digest010::const_oid::{AssociatedOid, ObjectIdentifier};

    crate::hash::sha3_oids!();
}
