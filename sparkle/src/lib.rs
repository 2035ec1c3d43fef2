#![no_std]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod aead;
pub mod hash;
pub mod hazmat;
pub mod xof;

pub use aead::{Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};
pub use hash::{Esch256, Esch384};
pub use xof::{XoEsch256, XoEsch256Reader, XoEsch384, XoEsch384Reader};

pub use ::aead::{AeadCore, AeadInOut, Key, KeyInit, Nonce, Tag};
pub use digest::{self, Digest, ExtendableOutput, XofReader};
