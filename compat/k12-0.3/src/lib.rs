#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use digest;

use digest::core_api::{CoreWrapper, XofReaderCoreWrapper};
pub use lwc_keccak::core_api::{KangarooTwelveCore, KangarooTwelveReaderCore};

/// KangarooTwelve (KT128) hasher; `KangarooTwelve::default()` has no customization,
/// `KangarooTwelve::from_core(KangarooTwelveCore::new(customization))` has one.
pub type KangarooTwelve<'cs> = CoreWrapper<KangarooTwelveCore<'cs>>;

/// KangarooTwelve reader.
pub type KangarooTwelveReader = XofReaderCoreWrapper<KangarooTwelveReaderCore>;
