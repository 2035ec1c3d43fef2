#![no_std]
#![deny(unsafe_code)]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "digest-010")]
mod compat;
pub mod hazmat;
#[cfg(feature = "std")]
mod io;
mod mac;

/// The previous RustCrypto generation's `digest` crate (0.10), re-exported under feature
/// `digest-010`: [`LeMac`] and [`PetitMac`] implement its `Mac` (through `MacMarker`, `Update`,
/// `FixedOutput`, `FixedOutputReset`, `Reset`) and its `KeyInit`.
#[cfg(feature = "digest-010")]
pub use digest010;

pub use digest::{self, Key, KeyInit, Mac, MacError, Update};
pub use mac::{LeMac, LeMacCore, Nonce, PetitMac, PetitMacCore, Tag, ZERO_NONCE, keyless_checksum};
