//! Fixed-output hashes: Ascon-Hash256 (SP 800-232) and Ascon-Hash / Ascon-Hasha (v1.2).

use core::fmt;

use digest::{
    FixedOutput, FixedOutputReset, HashMarker, Output, OutputSizeUser, Reset, Update,
    common::{
        AlgorithmName, BlockSizeUser,
        hazmat::{DeserializeStateError, SerializableState, SerializedState},
    },
    consts::{U8, U32, U48},
};

use crate::hazmat::backends::Lanes;
use crate::sponge::{Absorber, Spec, Squeezer, initial_state};

/// Sponge parameters with the SP 800-232 hash layout: rate 8, `p12` everywhere, little endian.
pub(crate) struct Sp800232Spec;
impl Spec for Sp800232Spec {
    const RATE: usize = 8;
    const LE: bool = true;
    const B_ABSORB: usize = 12;
    const DS: bool = false;
    const OUT_RATE: usize = 8;
    const B_SQUEEZE: usize = 12;
}

/// v1.2 Ascon-Hash / Ascon-Xof: rate 8, `p12`, big endian.
pub(crate) struct V12Spec;
impl Spec for V12Spec {
    const RATE: usize = 8;
    const LE: bool = false;
    const B_ABSORB: usize = 12;
    const DS: bool = false;
    const OUT_RATE: usize = 8;
    const B_SQUEEZE: usize = 12;
}

/// v1.2 Ascon-Hasha / Ascon-Xofa: rate 8, `p8` between blocks, big endian.
pub(crate) struct V12aSpec;
impl Spec for V12aSpec {
    const RATE: usize = 8;
    const LE: bool = false;
    const B_ABSORB: usize = 8;
    const DS: bool = false;
    const OUT_RATE: usize = 8;
    const B_SQUEEZE: usize = 8;
}

/// `SerializableState` in RustCrypto's `ascon-hash` 0.4 format (48 bytes: the five state words big
/// endian, the buffered-byte count, the buffered bytes zero-padded to 7), so a state saved by
/// either crate resumes in the other. A serialized state reveals the data absorbed so far: treat
/// it like that data.
macro_rules! serializable {
    ($name:ident) => {
        impl SerializableState for $name {
            type SerializedStateSize = U48;

            fn serialize(&self) -> SerializedState<Self> {
                self.inner.serialize().into()
            }

            fn deserialize(
                serialized_state: &SerializedState<Self>,
            ) -> Result<Self, DeserializeStateError> {
                let bytes: &[u8; 48] = serialized_state.as_ref();
                crate::sponge::Absorber::deserialize(bytes)
                    .map(|inner| Self { inner })
                    .ok_or(DeserializeStateError)
            }
        }
    };
}
pub(crate) use serializable;

macro_rules! fixed_hash {
    ($(#[$attr:meta])* $name:ident, $spec:ty, $iv:expr, $alg:literal) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name {
            inner: Absorber<$spec>,
        }

        impl $name {
            /// `p12(IV, 0, 0, 0, 0)`, computed at compile time.
            const INIT: [u64; 5] = initial_state($iv);
        }

        impl Default for $name {
            fn default() -> Self {
                Self { inner: Absorber::new(Lanes::from_words(Self::INIT)) }
            }
        }

        impl HashMarker for $name {}

        impl BlockSizeUser for $name {
            type BlockSize = U8;
        }

        impl OutputSizeUser for $name {
            type OutputSize = U32;
        }

        impl Update for $name {
            fn update(&mut self, data: &[u8]) {
                self.inner.update(data);
            }
        }

        impl FixedOutput for $name {
            fn finalize_into(mut self, out: &mut Output<Self>) {
                Squeezer::<$spec>::new(self.inner.finish()).read(out);
            }
        }

        impl Reset for $name {
            fn reset(&mut self) {
                self.inner.reset(Lanes::from_words(Self::INIT));
            }
        }

        impl FixedOutputReset for $name {
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                Squeezer::<$spec>::new(self.inner.finish()).read(out);
                self.reset();
            }
        }

        impl AlgorithmName for $name {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($alg)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        serializable!($name);

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

fixed_hash!(
    /// Ascon-Hash256 (NIST SP 800-232): 256-bit output, `Digest` through the RustCrypto blanket.
    ///
    /// ```
    /// use lwc_ascon::{AsconHash256, Digest};
    /// let d = AsconHash256::digest(b"");
    /// assert_eq!(d[..4], [0x0b, 0x3b, 0xe5, 0x85]);
    /// ```
    AsconHash256,
    Sp800232Spec,
    0x0000_0801_00cc_0002,
    "Ascon-Hash256"
);

fixed_hash!(
    /// Ascon-Hash (Ascon v1.2): 256-bit output, big endian.
    ///
    /// ```
    /// use lwc_ascon::{Digest, v12::AsconHash};
    /// let d = AsconHash::digest(b"");
    /// assert_eq!(d[..4], [0x73, 0x46, 0xbc, 0x14]);
    /// ```
    AsconHash,
    V12Spec,
    0x0040_0c00_0000_0100,
    "Ascon-Hash"
);

fixed_hash!(
    /// Ascon-Hasha (Ascon v1.2): 256-bit output, `p8` between message blocks.
    ///
    /// ```
    /// use lwc_ascon::{Digest, v12::AsconHasha};
    /// let d = AsconHasha::digest(b"");
    /// assert_eq!(d[..4], [0xae, 0xcd, 0x02, 0x70]);
    /// ```
    AsconHasha,
    V12aSpec,
    0x0040_0c04_0000_0100,
    "Ascon-Hasha"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_states_match_the_notes() {
        // Values published in the Ascon documentation (SP 800-232 and v1.2 precomputed IVs).
        assert_eq!(
            AsconHash256::INIT,
            [
                0x9b1e5494e934d681,
                0x4bc3a01e333751d2,
                0xae65396c6b34b81a,
                0x3c7fd4a4d56a4db3,
                0x1a5c464906c5976d
            ]
        );
        assert_eq!(
            AsconHash::INIT,
            [
                0xee9398aadb67f03d,
                0x8bb21831c60f1002,
                0xb48a92db98d5da62,
                0x43189921b8f8e3e8,
                0x348fa5c9d525e140
            ]
        );
        assert_eq!(
            AsconHasha::INIT,
            [
                0x01470194fc6528a6,
                0x738ec38ac0adffa7,
                0x2ec8e3296c76384c,
                0xd6f6a54d7f52377d,
                0xa13c42a223be8d87
            ]
        );
    }
}
