#![no_std]
#![deny(unsafe_code)]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod aead;
#[cfg(any(feature = "digest-010", feature = "aead-05"))]
mod compat;
mod hash;
pub mod hazmat;
#[cfg(feature = "std")]
mod io;
mod xof;

/// Block-level types: the generic cores behind the buffered hash and XOF types, with their
/// aliases (for code that drives a core with its own buffer; use the buffered types otherwise).
pub mod block_api {
    pub use crate::hash::{Esch256Core, Esch384Core, EschCore};
    pub use crate::xof::{
        XoEsch256Core, XoEsch256ReaderCore, XoEsch384Core, XoEsch384ReaderCore, XoEschCore,
        XoEschReaderCore,
    };
}

#[doc(inline)]
pub use crate::aead::{
    Schwaemm, Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256,
};
pub use crate::hash::{Esch256, Esch384};
pub use crate::xof::{XoEsch256, XoEsch256Reader, XoEsch384, XoEsch384Reader};

pub use ::aead::{AeadCore, AeadInOut, Error, Key, KeyInit, Nonce, Tag};
pub use digest::{self, Digest, ExtendableOutput, Update, XofReader};

/// The previous `aead` generation (0.5), whose `KeyInit`, `AeadCore` and `AeadInPlace` the
/// Schwaemm types also implement (feature `aead-05`).
#[cfg(feature = "aead-05")]
pub use aead05;
/// The previous `digest` generation (0.10), whose `Digest` (via its blanket impl),
/// `ExtendableOutput` and `XofReader` the Esch and XOEsch types also implement (feature
/// `digest-010`).
#[cfg(feature = "digest-010")]
pub use digest010;
