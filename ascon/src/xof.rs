//! Extendable-output functions: Ascon-XOF128 and Ascon-CXOF128 (SP 800-232), Ascon-Xof and
//! Ascon-Xofa (v1.2).

use core::fmt;

use digest::{
    CollisionResistance, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset,
    TryCustomizedInit, Update, XofReader,
    common::{
        AlgorithmName, BlockSizeUser,
        hazmat::{DeserializeStateError, SerializableState, SerializedState},
    },
    consts::{U8, U16, U48},
};

use crate::hash::{Sp800232Spec, V12Spec, V12aSpec};
use crate::hazmat::backends::Lanes;
use crate::sponge::{Absorber, Squeezer, initial_state};

macro_rules! reader {
    ($(#[$attr:meta])* $name:ident, $spec:ty) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name {
            inner: Squeezer<$spec>,
        }

        impl BlockSizeUser for $name {
            type BlockSize = U8;
        }

        impl XofReader for $name {
            fn read(&mut self, buf: &mut [u8]) {
                self.inner.read(buf);
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

macro_rules! xof_common {
    ($name:ident, $reader:ident, $alg:literal) => {
        impl HashMarker for $name {}

        impl Update for $name {
            fn update(&mut self, data: &[u8]) {
                self.inner.update(data);
            }
        }

        impl ExtendableOutput for $name {
            type Reader = $reader;
            fn finalize_xof(mut self) -> $reader {
                $reader {
                    inner: Squeezer::new(self.inner.finish()),
                }
            }
        }

        impl ExtendableOutputReset for $name {
            fn finalize_xof_reset(&mut self) -> $reader {
                let r = $reader {
                    inner: Squeezer::new(self.inner.finish()),
                };
                self.reset();
                r
            }
        }

        impl CollisionResistance for $name {
            type CollisionResistance = U16;
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

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

macro_rules! xof {
    ($(#[$attr:meta])* $name:ident, $reader:ident, $spec:ty, $iv:expr, $alg:literal) => {
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

        impl Reset for $name {
            fn reset(&mut self) {
                self.inner.reset(Lanes::from_words(Self::INIT));
            }
        }

        xof_common!($name, $reader, $alg);

        crate::hash::serializable!($name);

        impl BlockSizeUser for $name {
            type BlockSize = U8;
        }
    };
}

xof!(
    /// Ascon-XOF128 (NIST SP 800-232): any output length, 128-bit security.
    ///
    /// ```
    /// use lwc_ascon::AsconXof128;
    /// use lwc_ascon::digest::{ExtendableOutput, Update, XofReader};
    /// let mut x = AsconXof128::default();
    /// x.update(b"");
    /// let mut out = [0u8; 4];
    /// x.finalize_xof().read(&mut out);
    /// assert_eq!(out, [0x47, 0x3d, 0x5e, 0x61]);
    /// ```
    AsconXof128,
    AsconXof128Reader,
    Sp800232Spec,
    0x0000_0800_00cc_0003,
    "Ascon-XOF128"
);
reader!(
    /// The output stream of [`AsconXof128`] and [`AsconCxof128`].
    AsconXof128Reader,
    Sp800232Spec
);

xof!(
    /// Ascon-Xof (Ascon v1.2): any output length, big endian.
    ///
    /// ```
    /// use lwc_ascon::v12::AsconXof;
    /// use lwc_ascon::digest::{ExtendableOutput, XofReader};
    /// let mut out = [0u8; 4];
    /// AsconXof::default().finalize_xof().read(&mut out);
    /// assert_eq!(out, [0x5d, 0x4c, 0xbd, 0xe6]);
    /// ```
    AsconXof,
    AsconXofReader,
    V12Spec,
    0x0040_0c00_0000_0000,
    "Ascon-Xof"
);
reader!(
    /// The output stream of [`AsconXof`].
    AsconXofReader,
    V12Spec
);

xof!(
    /// Ascon-Xofa (Ascon v1.2): any output length, `p8` between blocks.
    ///
    /// ```
    /// use lwc_ascon::v12::AsconXofa;
    /// use lwc_ascon::digest::{ExtendableOutput, XofReader};
    /// let mut out = [0u8; 4];
    /// AsconXofa::default().finalize_xof().read(&mut out);
    /// assert_eq!(out, [0x7c, 0x10, 0xdf, 0xfd]);
    /// ```
    AsconXofa,
    AsconXofaReader,
    V12aSpec,
    0x0040_0c04_0000_0000,
    "Ascon-Xofa"
);
reader!(
    /// The output stream of [`AsconXofa`].
    AsconXofaReader,
    V12aSpec
);

/// The customization string given to [`AsconCxof128`] is longer than 256 bytes (2048 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidCustomizationError;

impl fmt::Display for InvalidCustomizationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Ascon-CXOF128 customization string longer than 256 bytes")
    }
}

impl core::error::Error for InvalidCustomizationError {}

/// Ascon-CXOF128 (NIST SP 800-232): Ascon-XOF128 with a customization string of at most 256
/// bytes, built with [`TryCustomizedInit::try_new_customized`]. `Reset` returns to the state
/// right after the customization string.
///
/// ```
/// use lwc_ascon::AsconCxof128;
/// use lwc_ascon::digest::{ExtendableOutput, TryCustomizedInit, Update, XofReader};
/// let mut x = AsconCxof128::try_new_customized(b"ASCON").unwrap();
/// x.update(&[0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19]);
/// let mut out = [0u8; 4];
/// x.finalize_xof().read(&mut out);
/// assert_eq!(out, [0xa0, 0xa7, 0xc5, 0x8f]);
/// assert!(AsconCxof128::try_new_customized(&[0u8; 257]).is_err());
/// ```
#[derive(Clone)]
pub struct AsconCxof128 {
    inner: Absorber<Sp800232Spec>,
    /// The state after the customization string (public: it depends on public data only).
    start: [u64; 5],
}

impl AsconCxof128 {
    /// `p12(IV, 0, 0, 0, 0)`, computed at compile time.
    const INIT: [u64; 5] = initial_state(0x0000_0800_00cc_0004);
}

impl TryCustomizedInit for AsconCxof128 {
    type Error = InvalidCustomizationError;

    fn try_new_customized(customization: &[u8]) -> Result<Self, InvalidCustomizationError> {
        if customization.len() > 256 {
            return Err(InvalidCustomizationError);
        }
        let mut a = Absorber::<Sp800232Spec>::new(Lanes::from_words(Self::INIT));
        // The length prefix is the bit length as one 64-bit little-endian block.
        a.update(&(8 * customization.len() as u64).to_le_bytes());
        a.update(customization);
        let st = a.finish_prefix();
        let start = st.to_words();
        Ok(Self {
            inner: Absorber::new(st),
            start,
        })
    }
}

impl Reset for AsconCxof128 {
    fn reset(&mut self) {
        self.inner.reset(Lanes::from_words(self.start));
    }
}

xof_common!(AsconCxof128, AsconXof128Reader, "Ascon-CXOF128");

impl BlockSizeUser for AsconCxof128 {
    type BlockSize = U8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_states_match_the_notes() {
        assert_eq!(
            AsconXof128::INIT,
            [
                0xda82ce768d9447eb,
                0xcc7ce6c75f1ef969,
                0xe7508fd780085631,
                0x0ee0ea53416b58cc,
                0xe0547524db6f0bde
            ]
        );
        assert_eq!(
            AsconCxof128::INIT,
            [
                0x675527c2a0e8de03,
                0x43d12d7dc0377bbc,
                0xe9901dec426e81b5,
                0x2ab14907720780b6,
                0x8f3f1d02d432bc46
            ]
        );
        assert_eq!(
            AsconXof::INIT,
            [
                0xb57e273b814cd416,
                0x2b51042562ae2420,
                0x66a3a7768ddf2218,
                0x5aad0a7a8153650c,
                0x4f3e0e32539493b6
            ]
        );
        assert_eq!(
            AsconXofa::INIT,
            [
                0x44906568b77b9832,
                0xcd8d6cae53455532,
                0xf7b5212756422129,
                0x246885e1de0d225b,
                0xa8cb5ce33449973f
            ]
        );
    }
}
