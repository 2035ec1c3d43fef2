#![no_std]
#![deny(unsafe_code)]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod hazmat;
#[cfg(feature = "std")]
mod io;

// Not `aead`: that is the re-exported trait crate. The tag check's frame is `aead_mode::decrypt`
// (named by the constant-time test's valgrind suppression, `.ci/reliability.sh`).
mod aead_mode;
#[cfg(any(feature = "digest-010", feature = "aead-05"))]
mod compat;
mod hash;
mod mac;
mod xof;

// The root names of RustCrypto's `ascon-aead128` (`aead`, `Error`, `Key`, `Nonce`, `Tag`,
// `zeroize`), `ascon-hash256` (`digest`, `Digest`, `block_api`) and `ascon-xof128` (`digest`,
// `ExtendableOutput`, `TryCustomizedInit`, `Update`, `XofReader`) all resolve here.
pub use ::aead;
pub use aead::{AeadCore, AeadInOut, Error, Key, KeyInit, Nonce, Tag};
pub use digest::{
    self, Digest, ExtendableOutput, Mac, MacError, TryCustomizedInit, Update, XofReader,
};
/// The `zeroize` crate (feature `zeroize`), as `ascon-aead128` re-exports it.
#[cfg(feature = "zeroize")]
pub use zeroize;

pub mod block_api;

/// aead 0.5 (the previous trait generation), implemented on the same AEAD types with feature
/// `aead-05`.
#[cfg(feature = "aead-05")]
pub use aead05;
/// digest 0.10 (the previous trait generation), implemented on the same hash, XOF and MAC types
/// with feature `digest-010`.
#[cfg(feature = "digest-010")]
pub use digest010;

pub use crate::aead_mode::{
    AsconAead, AsconAead128, AsconAead128Key, AsconAead128Nonce, AsconAead128Tag, AsconTagSize,
    MaskedAsconAead128, TruncatedAsconAead128,
};
pub use crate::hash::{AsconHash256, AsconHasher};
pub use crate::xof::{
    AsconCxof128, AsconReader, AsconXof128, AsconXof128Reader, InvalidCustomizationError,
};

/// The Ascon v1.2 family (the NIST LWC finalist; big endian): AEADs, hashes, XOFs and the Ascon
/// team's MAC/PRF family. Not interoperable with the SP 800-232 functions at the crate root.
pub mod v12 {
    pub use crate::aead_mode::{
        Ascon80pq, Ascon80pqKey, Ascon80pqNonce, Ascon80pqTag, Ascon128, Ascon128Key,
        Ascon128Nonce, Ascon128Tag, Ascon128a, Ascon128aKey, Ascon128aNonce, Ascon128aTag,
    };
    pub use crate::hash::{AsconHash, AsconHasha};
    pub use crate::mac::{
        AsconMac, AsconMaca, AsconPrf, AsconPrfReader, AsconPrfa, AsconPrfaReader,
    };
    pub use crate::xof::{AsconXof, AsconXofReader, AsconXofa, AsconXofaReader};

    pub use crate::mac::AsconPrfShortGeneric;
    /// Ascon-PrfShort (v1.2): [`AsconPrfShortGeneric`] in big-endian form.
    pub type AsconPrfShort = AsconPrfShortGeneric<false>;
    /// The name `ascon-hash` 0.2 used for [`AsconHasha`].
    pub type AsconAHash = AsconHasha;
    /// The name `ascon-hash` 0.2 used for [`AsconXofa`].
    pub type AsconAXof = AsconXofa;
    /// The name `ascon-hash` 0.2 used for [`AsconXofaReader`].
    pub type AsconAXofReader = AsconXofaReader;
}

/// The Ascon team's little-endian MAC family (ascon-c `asconmacv13`, `asconprfv13`,
/// `asconprfsv13`): same structure as v1.2's, SP 800-232 byte order and padding, own IVs.
/// Not standardized by NIST.
pub mod v13 {
    pub use crate::mac::AsconPrfShortGeneric;
    pub use crate::mac::{
        AsconMacV13 as AsconMac, AsconPrfReaderV13 as AsconPrfReader, AsconPrfV13 as AsconPrf,
    };
    /// Ascon-PrfShort, little endian: [`AsconPrfShortGeneric`] in little-endian form.
    pub type AsconPrfShort = AsconPrfShortGeneric<true>;
}
