#![no_std]
#![cfg_attr(not(miri), doc = include_str!("../README.md"))]
#![cfg_attr(
    miri,
    doc = "LeMac and PetitMac (the README examples are not run under Miri: too slow)."
)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod hazmat;
pub mod mac;

pub use digest::{self, Mac};
pub use mac::{LeMac, LeMacCore, Nonce, PetitMac, PetitMacCore, Tag, ZERO_NONCE, keyless_checksum};
