#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

pub use digest::{self, CollisionResistance, CustomizedInit, Digest};

/// Block-level types: lwc-keccak's cores, whose state serializes as sha3 0.11's.
pub mod block_api {
    pub use lwc_keccak::block_api::{Sha3HasherCore, Sha3ReaderCore};
}

use block_api::{Sha3HasherCore, Sha3ReaderCore};
use digest::consts::{U0, U16, U28, U32, U48, U64, U72, U104, U136, U144, U168, U200};

/// The padding (domain) bytes: pre-FIPS Keccak, SHA-3, SHAKE.
const KECCAK: u8 = 0x01;
const SHA3: u8 = 0x06;
const SHAKE: u8 = 0x1f;

/// Fixed-output hashers: digest's own buffered wrapper around the core (sha3 0.11's types).
macro_rules! fixed {
    ($($doc:literal $name:ident($rate:ty, $out:ty, $pad:ident) $(oid $oid:literal)?;)*) => {$(
        digest::buffer_fixed!(
            #[doc = $doc]
            pub struct $name(Sha3HasherCore<$rate, $out, $pad>);
            $(oid: $oid;)?
            impl: FixedHashTraits;
        );
    )*};
}

fixed!(
    "SHA-3-224 hasher." Sha3_224(U144, U28, SHA3) oid "2.16.840.1.101.3.4.2.7";
    "SHA-3-256 hasher." Sha3_256(U136, U32, SHA3) oid "2.16.840.1.101.3.4.2.8";
    "SHA-3-384 hasher." Sha3_384(U104, U48, SHA3) oid "2.16.840.1.101.3.4.2.9";
    "SHA-3-512 hasher." Sha3_512(U72, U64, SHA3) oid "2.16.840.1.101.3.4.2.10";
    "SHA-3 CryptoNight variant." Keccak256Full(U136, U200, KECCAK);
    "Keccak-224 hasher." Keccak224(U144, U28, KECCAK);
    "Keccak-256 hasher." Keccak256(U136, U32, KECCAK);
    "Keccak-384 hasher." Keccak384(U104, U48, KECCAK);
    "Keccak-512 hasher." Keccak512(U72, U64, KECCAK);
);

/// SHAKE hashers and their readers, with their collision resistance (FIPS 202, table 4).
macro_rules! shake {
    ($($doc:literal $name:ident, $rdoc:literal $reader:ident($rate:ty, $cr:ty) oid $oid:literal;)*) => {$(
        digest::buffer_xof!(
            #[doc = $doc]
            pub struct $name(Sha3HasherCore<$rate, U0, SHAKE>);
            oid: $oid;
            impl: XofHasherTraits;
            #[doc = $rdoc]
            pub struct $reader(Sha3ReaderCore<$rate>);
            impl: XofReaderTraits;
        );

        impl CollisionResistance for $name {
            type CollisionResistance = $cr;
        }
    )*};
}

shake!(
    "SHAKE128 hasher." Shake128, "SHAKE128 XOF reader." Shake128Reader(U168, U16)
        oid "2.16.840.1.101.3.4.2.11";
    "SHAKE256 hasher." Shake256, "SHAKE256 XOF reader." Shake256Reader(U136, U32)
        oid "2.16.840.1.101.3.4.2.12";
);
