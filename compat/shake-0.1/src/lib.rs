#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

pub use digest::{self, ExtendableOutput, Update, XofReader};
pub use lwc_keccak::{Shake, Shake128, Shake128Reader, Shake256, Shake256Reader, ShakeReader};
