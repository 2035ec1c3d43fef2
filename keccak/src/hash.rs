//! Fixed-output hashes: SHA3-224/256/384/512 (FIPS 202) and the original Keccak-224/256/384/512
//! (pre-FIPS `0x01` padding, Ethereum's keccak256).

use core::fmt;

use digest::common::hazmat::{DeserializeStateError, SerializableState, SerializedState};
use digest::common::{AlgorithmName, BlockSizeUser};
use digest::consts::{U28, U32, U48, U64, U72, U104, U136, U144, U200, U201};
use digest::typenum::Unsigned;
use digest::{FixedOutput, FixedOutputReset, HashMarker, Output, OutputSizeUser, Reset, Update};

use crate::hazmat::sponge::Sponge;

const KECCAK_DOMAIN: u8 = 0x01;
const SHA3_DOMAIN: u8 = 0x06;

macro_rules! fixed_hash {
    ($(
        $(#[$attr:meta])*
        $name:ident: rate $rate_ty:ty, output $out_ty:ty, domain $pad:expr;
    )*) => {$(
        $(#[$attr])*
        #[derive(Clone, Default)]
        pub struct $name {
            sponge: Sponge<{ <$rate_ty>::USIZE }, 24>,
        }

        impl HashMarker for $name {}

        impl BlockSizeUser for $name {
            type BlockSize = $rate_ty;
        }

        impl OutputSizeUser for $name {
            type OutputSize = $out_ty;
        }

        impl Update for $name {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                self.sponge.absorb(data);
            }
        }

        impl FixedOutput for $name {
            #[inline]
            fn finalize_into(mut self, out: &mut Output<Self>) {
                self.sponge.finish($pad, out.as_mut());
            }
        }

        impl FixedOutputReset for $name {
            #[inline]
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                self.sponge.finish($pad, out.as_mut());
                self.sponge.reset();
            }
        }

        impl Reset for $name {
            #[inline]
            fn reset(&mut self) {
                self.sponge.reset();
            }
        }

        /// The type name (`Sha3_256`, `Keccak256Full`, ...), as RustCrypto `sha3` 0.12.
        impl AlgorithmName for $name {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($name))
            }
        }

        /// `Sha3_256 { ... }` and so on, as RustCrypto `sha3` 0.12: no state.
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { ... }"))
            }
        }

        /// The 200 state bytes (lanes little-endian) followed by the position in the block;
        /// the same layout as RustCrypto `sha3`.
        impl SerializableState for $name {
            type SerializedStateSize = U201;

            fn serialize(&self) -> SerializedState<Self> {
                let mut out = SerializedState::<Self>::default();
                self.sponge.serialize(&mut out);
                out
            }

            fn deserialize(
                serialized: &SerializedState<Self>,
            ) -> Result<Self, DeserializeStateError> {
                let sponge = Sponge::deserialize(serialized).ok_or(DeserializeStateError)?;
                Ok(Self { sponge })
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    )*};
}

fixed_hash!(
    /// SHA3-224 (FIPS 202).
    Sha3_224: rate U144, output U28, domain SHA3_DOMAIN;
    /// SHA3-256 (FIPS 202).
    Sha3_256: rate U136, output U32, domain SHA3_DOMAIN;
    /// SHA3-384 (FIPS 202).
    Sha3_384: rate U104, output U48, domain SHA3_DOMAIN;
    /// SHA3-512 (FIPS 202).
    Sha3_512: rate U72, output U64, domain SHA3_DOMAIN;
    /// Keccak-224 (original Keccak submission padding `0x01`).
    Keccak224: rate U144, output U28, domain KECCAK_DOMAIN;
    /// Keccak-256 (original Keccak padding `0x01`; Ethereum's `keccak256`).
    Keccak256: rate U136, output U32, domain KECCAK_DOMAIN;
    /// Keccak-384 (original Keccak padding `0x01`).
    Keccak384: rate U104, output U48, domain KECCAK_DOMAIN;
    /// Keccak-512 (original Keccak padding `0x01`).
    Keccak512: rate U72, output U64, domain KECCAK_DOMAIN;
    /// Keccak-256 with the whole 200-byte state as output (CryptoNight), as RustCrypto `sha3`.
    Keccak256Full: rate U136, output U200, domain KECCAK_DOMAIN;
);

/// `AssociatedOid` for the four SHA-3 hashes (NIST hash algorithm OIDs 2.16.840.1.101.3.4.2.7 to
/// .10), expanded where `AssociatedOid` and `ObjectIdentifier` of one `const-oid` version are in
/// scope and the hash types are reachable as `super::` (also used by the digest 0.10 face).
#[cfg(feature = "oid")]
macro_rules! sha3_oids {
    () => {
        impl AssociatedOid for super::Sha3_224 {
            const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.7");
        }
        impl AssociatedOid for super::Sha3_256 {
            const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.8");
        }
        impl AssociatedOid for super::Sha3_384 {
            const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.9");
        }
        impl AssociatedOid for super::Sha3_512 {
            const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.10");
        }
    };
}
#[cfg(feature = "oid")]
pub(crate) use sha3_oids;

#[cfg(feature = "oid")]
mod oids {
    use digest::const_oid::{AssociatedOid, ObjectIdentifier};

    super::sha3_oids!();
}
