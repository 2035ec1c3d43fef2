#![no_std]
#![deny(unsafe_code)]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub use digest::{self, Digest, ExtendableOutput, FixedOutput, Update, XofReader};
#[cfg(feature = "kmac")]
pub use digest::{Key, KeyInit, Mac, MacError};
/// digest 0.10 (the previous RustCrypto generation), whose traits the `digest-010` feature
/// implements on the same types; see "Using with digest 0.10" in the crate docs.
#[cfg(feature = "digest-010")]
pub use digest010;

#[cfg(feature = "batch")]
pub mod batch;
pub mod block_api;
#[cfg(feature = "digest-010")]
mod compat;
#[cfg(feature = "digest-010")]
pub mod core_api;
#[cfg(feature = "kt")]
pub mod custom;
mod hash;
pub mod hazmat;
#[cfg(feature = "std")]
mod io;
#[cfg(feature = "kt")]
mod kt;
#[cfg(feature = "kmac")]
mod mac;
#[cfg(any(feature = "tuple-hash", feature = "parallel-hash"))]
mod sp800_185;
mod xof;

#[cfg(feature = "batch")]
pub use batch::BatchLengthMismatch;
#[cfg(all(feature = "kt", feature = "alloc"))]
pub use custom::{CustomKt, CustomKt128, CustomKt256};
#[cfg(feature = "kt")]
pub use custom::{CustomRefKt, CustomRefKt128, CustomRefKt256};
pub use hash::{
    Keccak224, Keccak256, Keccak256Full, Keccak384, Keccak512, Sha3_224, Sha3_256, Sha3_384,
    Sha3_512,
};
#[cfg(all(feature = "kt", feature = "std"))]
pub use kt::ReadAt;
#[cfg(feature = "kt")]
pub use kt::{Kt, Kt128, Kt128Reader, Kt256, Kt256Reader, KtReader};
#[cfg(feature = "kmac")]
pub use mac::{Kmac, Kmac128, Kmac128Reader, Kmac256, Kmac256Reader, KmacReader};
#[cfg(feature = "parallel-hash")]
pub use sp800_185::{
    InvalidBlockSize, ParallelHash, ParallelHash128, ParallelHash128Reader, ParallelHash256,
    ParallelHash256Reader, ParallelHashReader,
};
#[cfg(feature = "tuple-hash")]
pub use sp800_185::{
    TupleHash, TupleHash128, TupleHash128Reader, TupleHash256, TupleHash256Reader, TupleHashReader,
};
#[cfg(feature = "cshake")]
pub use xof::{CShake, CShake128, CShake128Reader, CShake256, CShake256Reader, CShakeReader};
#[cfg(feature = "turboshake")]
pub use xof::{
    CTurboShake, CTurboShake128, CTurboShake256, DEFAULT_DS, DynTurboShake, DynTurboShake128,
    DynTurboShake256, InvalidDomainByte, TurboShake, TurboShake128, TurboShake128Reader,
    TurboShake256, TurboShake256Reader, TurboShakeReader,
};
pub use xof::{Shake, Shake128, Shake128Reader, Shake256, Shake256Reader, ShakeReader};

/// Error of the TurboSHAKE batch functions.
#[cfg(all(feature = "batch", feature = "turboshake"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// `msgs` and `outs` have different lengths.
    Length(BatchLengthMismatch),
    /// The domain byte is outside `0x01..=0x7F`.
    DomainByte(InvalidDomainByte),
}

#[cfg(all(feature = "batch", feature = "turboshake"))]
impl core::fmt::Display for BatchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Length(e) => e.fmt(f),
            Self::DomainByte(e) => e.fmt(f),
        }
    }
}

#[cfg(all(feature = "batch", feature = "turboshake"))]
impl core::error::Error for BatchError {}

/// Inputs of at least this many bytes given to one `update` of KT or ParallelHash are hashed on
/// several threads when the `rayon` feature is on.
#[cfg(feature = "rayon")]
pub const RAYON_MIN: usize = 1 << 20;
