#![no_std]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

/// `Debug` that shows no state, and a `Drop` that wipes the `state` field (with `zeroize`, which
/// also marks the type `ZeroizeOnDrop`): for the hash, XOF and reader cores.
macro_rules! wiped_state {
    ($t:ident) => {
        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($t)).finish_non_exhaustive()
            }
        }

        impl Drop for $t {
            fn drop(&mut self) {
                #[cfg(feature = "zeroize")]
                zeroize::Zeroize::zeroize(&mut self.state);
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $t {}
    };
}

/// `SerializableState` of a hash or XOF core: its `state` words, little-endian, `$size` bytes.
macro_rules! serializable_state {
    ($core:ident, $size:ty) => {
        impl SerializableState for $core {
            type SerializedStateSize = $size;

            fn serialize(&self) -> SerializedState<Self> {
                let mut out = SerializedState::<Self>::default();
                serialize_words(&self.state, &mut out);
                out
            }

            fn deserialize(
                serialized: &SerializedState<Self>,
            ) -> Result<Self, DeserializeStateError> {
                Ok(Self {
                    state: deserialize_words(serialized),
                })
            }
        }
    };
}

pub mod aead;
#[cfg(any(feature = "digest-010", feature = "aead-05"))]
mod compat;
pub mod hash;
pub mod hazmat;
pub mod xof;

pub use aead::{Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};
pub use hash::{Esch256, Esch384};
pub use xof::{XoEsch256, XoEsch256Reader, XoEsch384, XoEsch384Reader};

pub use ::aead::{AeadCore, AeadInOut, Key, KeyInit, Nonce, Tag};
pub use digest::{self, Digest, ExtendableOutput, XofReader};

/// The previous `aead` generation (0.5), whose `KeyInit`, `AeadCore` and `AeadInPlace` the
/// Schwaemm types also implement (feature `aead-05`).
#[cfg(feature = "aead-05")]
pub use aead05;
/// The previous `digest` generation (0.10), whose `Digest` (via its blanket impl),
/// `ExtendableOutput` and `XofReader` the Esch and XOEsch types also implement (feature
/// `digest-010`).
#[cfg(feature = "digest-010")]
pub use digest010;
