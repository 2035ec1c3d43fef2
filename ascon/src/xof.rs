//! Extendable output: the reader core [`AsconReader`] (of every XOF and PRF), Ascon-XOF128 and
//! Ascon-CXOF128 (SP 800-232), Ascon-Xof and Ascon-Xofa (v1.2).

use core::fmt;

use digest::{
    CollisionResistance, ExtendableOutput, ExtendableOutputReset, OutputSizeUser, Reset,
    TryCustomizedInit, XofReader,
    array::Array,
    common::BlockSizeUser,
    consts::{U8, U16, U32, U41},
};

use crate::hash::{
    AsconHasher, FixedIv, HasherParams, Hashing, Serial, Serialized, Sp800232Spec, StartState,
    Unkeyed, V12Spec, V12aSpec, buffered_serial, finish, fixed_iv_params, fixed_iv_state,
};
use crate::hazmat::backends::Words;
use crate::hazmat::initial_state;
use crate::hazmat::sponge::{Absorber, Spec, Squeezer};

/// The output stream of an Ascon XOF or PRF whose sponge parameters are `S` (use the type aliases:
/// [`AsconXof128Reader`], [`crate::v12::AsconPrfReader`], ...).
pub struct AsconReader<S> {
    inner: Squeezer<S>,
}

impl<S> Clone for AsconReader<S> {
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
        }
    }
}

/// The reader's name, for `Debug` (the type alias it is known by).
pub(crate) trait ReaderName: Spec {
    /// The type's name.
    const READER: &'static str;
}

impl<S: Spec> XofReader for AsconReader<S> {
    fn read(&mut self, buf: &mut [u8]) {
        self.inner.read(buf);
    }
}

/// `Name { ... }`, as the hashers print themselves; never the state.
impl<S: ReaderName> fmt::Debug for AsconReader<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{ ... }}", S::READER)
    }
}

/// Wiped on drop with `zeroize` (the squeezer wipes itself).
#[cfg(feature = "zeroize")]
impl<S> zeroize::ZeroizeOnDrop for AsconReader<S> {}

/// The readers of the unkeyed XOFs have an 8-byte block.
impl BlockSizeUser for AsconReader<Sp800232Spec> {
    type BlockSize = U8;
}
impl BlockSizeUser for AsconReader<V12Spec> {
    type BlockSize = U8;
}
impl BlockSizeUser for AsconReader<V12aSpec> {
    type BlockSize = U8;
}

impl ReaderName for Sp800232Spec {
    const READER: &'static str = "AsconXof128Reader";
}
impl ReaderName for V12Spec {
    const READER: &'static str = "AsconXofReader";
}
impl ReaderName for V12aSpec {
    const READER: &'static str = "AsconXofaReader";
}

/// Extendable-output sponges (XOFs, CXOF, PRFs): `ExtendableOutput` with an [`AsconReader`].
pub(crate) trait Extendable: Hashing {}

impl<P: Extendable> ExtendableOutput for AsconHasher<P> {
    type Reader = AsconReader<P::Spec>;

    fn finalize_xof(mut self) -> Self::Reader {
        AsconReader {
            inner: finish(&mut self),
        }
    }
}

impl<P: Extendable> ExtendableOutputReset for AsconHasher<P> {
    fn finalize_xof_reset(&mut self) -> Self::Reader {
        let r = AsconReader {
            inner: finish(self),
        };
        self.reset();
        r
    }
}

impl<P: Extendable + Unkeyed> CollisionResistance for AsconHasher<P> {
    type CollisionResistance = U16;
}

fixed_iv_params!(
    /// The parameters of [`AsconXof128`].
    Xof128,
    Sp800232Spec,
    0x0000_0800_00cc_0003,
    "AsconXof128",
    "Ascon-XOF128"
);
impl Extendable for Xof128 {}

fixed_iv_params!(
    /// The parameters of [`AsconXof`].
    V12Xof,
    V12Spec,
    0x0040_0c00_0000_0000,
    "AsconXof",
    "Ascon-Xof"
);
impl Extendable for V12Xof {}

fixed_iv_params!(
    /// The parameters of [`AsconXofa`].
    V12Xofa,
    V12aSpec,
    0x0040_0c04_0000_0000,
    "AsconXofa",
    "Ascon-Xofa"
);
impl Extendable for V12Xofa {}
buffered_serial!(V12Xof, V12Xofa);

impl Serialized for Xof128 {
    type Size = U41;
}
impl Serial for Xof128 {
    fn save(a: &Absorber<Sp800232Spec>) -> Array<u8, U41> {
        a.serialize_cursor().into()
    }
    fn load(bytes: &Array<u8, U41>) -> Option<(Absorber<Sp800232Spec>, ())> {
        Absorber::deserialize_cursor(bytes.as_ref()).map(|a| (a, ()))
    }
}

/// `U32`, as in RustCrypto's `ascon-xof128` (the output length of `XofFixedWrapper`-style uses;
/// the XOF itself reads any length).
impl OutputSizeUser for AsconHasher<Xof128> {
    type OutputSize = U32;
}

/// `U32`, as in RustCrypto's `ascon-xof128`.
impl OutputSizeUser for AsconHasher<Cxof128> {
    type OutputSize = U32;
}

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
pub type AsconXof128 = AsconHasher<Xof128>;

/// The output stream of [`AsconXof128`] and [`AsconCxof128`].
pub type AsconXof128Reader = AsconReader<Sp800232Spec>;

/// Ascon-Xof (Ascon v1.2): any output length, big endian.
///
/// ```
/// use lwc_ascon::v12::AsconXof;
/// use lwc_ascon::digest::{ExtendableOutput, XofReader};
/// let mut out = [0u8; 4];
/// AsconXof::default().finalize_xof().read(&mut out);
/// assert_eq!(out, [0x5d, 0x4c, 0xbd, 0xe6]);
/// ```
pub type AsconXof = AsconHasher<V12Xof>;

/// The output stream of [`AsconXof`].
pub type AsconXofReader = AsconReader<V12Spec>;

/// Ascon-Xofa (Ascon v1.2): any output length, `p8` between blocks.
///
/// ```
/// use lwc_ascon::v12::AsconXofa;
/// use lwc_ascon::digest::{ExtendableOutput, XofReader};
/// let mut out = [0u8; 4];
/// AsconXofa::default().finalize_xof().read(&mut out);
/// assert_eq!(out, [0x7c, 0x10, 0xdf, 0xfd]);
/// ```
pub type AsconXofa = AsconHasher<V12Xofa>;

/// The output stream of [`AsconXofa`].
pub type AsconXofaReader = AsconReader<V12aSpec>;

/// The customization string given to [`AsconCxof128`] is longer than 256 bytes (2048 bits).
/// The same traits and `Display` text as `ascon-xof128`'s type of the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvalidCustomizationError;

impl fmt::Display for InvalidCustomizationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "Invalid Ascon-CXOF128 customization string. \
            The length of the customization string shall be at most 256 bytes.",
        )
    }
}

impl core::error::Error for InvalidCustomizationError {}

/// The parameters of [`AsconCxof128`].
#[derive(Debug)]
pub struct Cxof128;
impl HasherParams for Cxof128 {
    type Spec = Sp800232Spec;
    /// The state after the customization string and the block position 0; for a hasher restored
    /// by `deserialize`, the restored state and position.
    type Init = (StartState, usize);
}
impl Hashing for Cxof128 {
    const NAME: &'static str = "AsconCxof128";
    const ALG: &'static str = "Ascon-CXOF128";
    fn reset_state(init: &(StartState, usize)) -> Words {
        init.0.0.clone()
    }
    fn reset_pos(init: &(StartState, usize)) -> usize {
        init.1
    }
}

/// 41 bytes as Ascon-XOF128's (`ascon-xof128` 0.2's format). The customization string is not part
/// of it: a restored hasher's `Reset` returns to the state it was restored at.
impl Serialized for Cxof128 {
    type Size = U41;
}
impl Serial for Cxof128 {
    fn save(a: &Absorber<Sp800232Spec>) -> Array<u8, U41> {
        a.serialize_cursor().into()
    }
    fn load(bytes: &Array<u8, U41>) -> Option<(Absorber<Sp800232Spec>, (StartState, usize))> {
        let a = Absorber::deserialize_cursor(bytes.as_ref())?;
        let init = (StartState(a.state().clone()), a.pending().len());
        Some((a, init))
    }
}
impl Unkeyed for Cxof128 {}
impl Extendable for Cxof128 {}

impl Cxof128 {
    /// `p12(IV, 0, 0, 0, 0)`, computed at compile time.
    const INIT: [u64; 5] = initial_state(0x0000_0800_00cc_0004);
}

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
pub type AsconCxof128 = AsconHasher<Cxof128>;

impl TryCustomizedInit for AsconHasher<Cxof128> {
    type Error = InvalidCustomizationError;

    fn try_new_customized(customization: &[u8]) -> Result<Self, InvalidCustomizationError> {
        if customization.len() > 256 {
            return Err(InvalidCustomizationError);
        }
        let mut a = Absorber::<Sp800232Spec>::new(Words::from_words(Cxof128::INIT));
        // The length prefix is the bit length as one 64-bit little-endian block.
        a.update(&(8 * customization.len() as u64).to_le_bytes());
        a.update(customization);
        let st = a.finish_prefix();
        Ok(Self::from_parts(st.clone(), (StartState(st), 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_states_match_the_notes() {
        assert_eq!(
            Xof128::INIT,
            [
                0xda82ce768d9447eb,
                0xcc7ce6c75f1ef969,
                0xe7508fd780085631,
                0x0ee0ea53416b58cc,
                0xe0547524db6f0bde
            ]
        );
        assert_eq!(
            Cxof128::INIT,
            [
                0x675527c2a0e8de03,
                0x43d12d7dc0377bbc,
                0xe9901dec426e81b5,
                0x2ab14907720780b6,
                0x8f3f1d02d432bc46
            ]
        );
        assert_eq!(
            V12Xof::INIT,
            [
                0xb57e273b814cd416,
                0x2b51042562ae2420,
                0x66a3a7768ddf2218,
                0x5aad0a7a8153650c,
                0x4f3e0e32539493b6
            ]
        );
        assert_eq!(
            V12Xofa::INIT,
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
