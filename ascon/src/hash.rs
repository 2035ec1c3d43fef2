//! The hasher core [`AsconHasher`] (every hash, XOF, MAC and PRF of both generations: one
//! absorber plus what `Reset` returns to) and the fixed-output hashes: Ascon-Hash256 (SP 800-232)
//! and Ascon-Hash / Ascon-Hasha (v1.2).
//!
//! Which traits an `AsconHasher<P>` has follows from its parameters `P` (sealed: the types of this
//! crate only): the marker traits below select the impls (`Default` and `SerializableState` for
//! the fixed-IV sponges, `FixedOutput` for hashes and MACs, `ExtendableOutput` in `xof.rs`,
//! `KeyInit` in `mac.rs`).

use core::fmt;

use digest::{
    FixedOutput, FixedOutputReset, HashMarker, Output, OutputSizeUser, Reset, Update,
    array::{Array, ArraySize},
    common::{
        AlgorithmName, BlockSizeUser,
        hazmat::{DeserializeStateError, SerializableState, SerializedState},
    },
    consts::{U8, U32},
};

use crate::hazmat::backends::Words;
use crate::hazmat::initial_state;
use crate::hazmat::sponge::{Absorber, Spec, Squeezer};
use crate::hazmat::words::{Be, Le};

/// The parameters of an [`AsconHasher`]: the sponge and what the hasher keeps to reset to.
/// Sealed: implemented by this crate's parameter types only.
pub trait HasherParams {
    /// The sponge parameters (and the type parameter of the reader).
    type Spec;
    /// What `Reset` returns to besides the fixed IV: `()` for the unkeyed sponges, the keyed or
    /// customized initial state otherwise.
    type Init: Clone;
}

/// An Ascon sponge: every hash, XOF, MAC and PRF of this crate is an `AsconHasher<P>` (use the
/// type aliases: [`AsconHash256`], [`crate::AsconXof128`], [`crate::v12::AsconMac`], ...).
pub struct AsconHasher<P: HasherParams> {
    pub(crate) inner: Absorber<P::Spec>,
    pub(crate) init: P::Init,
}

/// The parameters' behaviour (crate-private, so the parameter types stay sealed).
pub(crate) trait Hashing: HasherParams<Spec: Spec> {
    /// The type's name, for `Debug`.
    const NAME: &'static str;
    /// The algorithm's name, for `AlgorithmName`.
    const ALG: &'static str;
    /// The state `Reset` returns to.
    fn reset_state(init: &Self::Init) -> Words;
    /// The block position `Reset` returns to (the bytes before it already in the state): 0 but
    /// for an Ascon-CXOF128 restored by `deserialize`.
    #[inline(always)]
    fn reset_pos(_init: &Self::Init) -> usize {
        0
    }
}

/// The parameters of the sponges with `SerializableState`: the format and what `Reset` returns
/// to after `deserialize`.
pub(crate) trait Serial: Hashing + Serialized {
    /// The serialized state.
    fn save(a: &Absorber<Self::Spec>) -> Array<u8, Self::Size>;
    /// Inverse of [`Self::save`]: the absorber and what it resets to; `None` if `bytes` are not a
    /// canonical serialized state.
    fn load(bytes: &Array<u8, Self::Size>) -> Option<(Absorber<Self::Spec>, Self::Init)>;
}

/// The parameters of an [`AsconHasher`] with `SerializableState`: its length. Sealed as
/// [`HasherParams`].
pub trait Serialized: HasherParams {
    /// Length of the serialized state in bytes.
    type Size: ArraySize;
}

/// `Serial` in the 48-byte buffered form (words in the generation's byte order, buffered-byte
/// count, buffered bytes) for fixed-IV rate-8 sponges.
macro_rules! buffered_serial {
    ($($p:ty),*) => {$(
        impl crate::hash::Serialized for $p {
            type Size = ::digest::consts::U48;
        }
        impl crate::hash::Serial for $p {
            fn save(a: &crate::hazmat::sponge::Absorber<Self::Spec>) -> ::digest::array::Array<u8, ::digest::consts::U48> {
                a.serialize_buffered().into()
            }
            fn load(bytes: &::digest::array::Array<u8, ::digest::consts::U48>) -> Option<(crate::hazmat::sponge::Absorber<Self::Spec>, ())> {
                crate::hazmat::sponge::Absorber::deserialize_buffered(bytes.as_ref()).map(|a| (a, ()))
            }
        }
    )*};
}
pub(crate) use buffered_serial;

/// Unkeyed sponges with a fixed IV (the hashes and XOFs but Ascon-CXOF128): `Default`.
pub(crate) trait FixedIv: Hashing<Init = ()> {
    /// `p12(IV, 0, 0, 0, 0)`, computed at compile time.
    const INIT: [u64; 5];
}

/// Unkeyed sponges (hashes, XOFs, CXOF): `HashMarker` and the 8-byte block size.
pub(crate) trait Unkeyed: Hashing {}

/// The parameters of a fixed-output [`AsconHasher`] (hashes, MACs): `FixedOutput` with
/// `OutputSize` bytes. Sealed as [`HasherParams`].
pub trait Fixed: HasherParams {
    /// Output length in bytes.
    type OutputSize: ArraySize;
}

/// The state a keyed or customized sponge resets to (wiped on drop with `zeroize`).
#[derive(Clone)]
pub struct StartState(pub(crate) Words);

impl fmt::Debug for StartState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StartState").finish_non_exhaustive()
    }
}

impl Drop for StartState {
    fn drop(&mut self) {
        // Every field by name: one added later does not compile here until it is wiped.
        let Self(words) = self;
        #[cfg(feature = "zeroize")]
        crate::hazmat::backends::KernelState::wipe(words);
        #[cfg(not(feature = "zeroize"))]
        let _ = words;
    }
}

impl<P: HasherParams> AsconHasher<P> {
    /// A hasher at `st`, resetting to `init`.
    pub(crate) fn from_parts(st: Words, init: P::Init) -> Self {
        Self {
            inner: Absorber::new(st),
            init,
        }
    }
}

/// Pads, absorbs the rest of `h`'s input and applies the final permutation: the squeezer of the
/// output.
#[inline]
pub(crate) fn finish<P: Hashing>(h: &mut AsconHasher<P>) -> Squeezer<P::Spec> {
    Squeezer::new(h.inner.finish())
}

impl<P: HasherParams> Clone for AsconHasher<P>
where
    Absorber<P::Spec>: Clone,
{
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
            init: self.init.clone(),
        }
    }
}

impl<P: Hashing> Update for AsconHasher<P> {
    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }
}

impl<P: Hashing> Reset for AsconHasher<P> {
    fn reset(&mut self) {
        self.inner
            .reset_at(P::reset_state(&self.init), P::reset_pos(&self.init));
    }
}

impl<P: Hashing> AlgorithmName for AsconHasher<P> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(P::ALG)
    }
}

/// `Name { ... }`, as RustCrypto's hashers print themselves; never the state.
impl<P: Hashing> fmt::Debug for AsconHasher<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{ ... }}", P::NAME)
    }
}

/// Wiped on drop with `zeroize`: the absorber and the keyed initial state wipe themselves.
#[cfg(feature = "zeroize")]
impl<P: Hashing> zeroize::ZeroizeOnDrop for AsconHasher<P> {}

impl<P: FixedIv> Default for AsconHasher<P> {
    fn default() -> Self {
        Self::from_parts(fixed_iv_state::<P>(), ())
    }
}

impl<P: Unkeyed> HashMarker for AsconHasher<P> {}

impl<P: Unkeyed> BlockSizeUser for AsconHasher<P> {
    type BlockSize = U8;
}

impl<P: Hashing + Fixed> OutputSizeUser for AsconHasher<P> {
    type OutputSize = P::OutputSize;
}

impl<P: Hashing + Fixed> FixedOutput for AsconHasher<P> {
    fn finalize_into(mut self, out: &mut Output<Self>) {
        finish(&mut self).read(out);
    }
}

impl<P: Hashing + Fixed> FixedOutputReset for AsconHasher<P> {
    fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
        finish(self).read(out);
        self.reset();
    }
}

/// `SerializableState` in the format of the RustCrypto crate of the same type: Ascon-Hash256 48
/// bytes (the words little endian, the buffered-byte count, the buffered bytes zero-padded to 7:
/// `ascon-hash256` 0.1), Ascon-XOF128 and Ascon-CXOF128 41 bytes (the words little endian with the
/// buffered bytes XORed in, the buffered-byte count: `ascon-xof128` 0.2), the v1.2 hashes and
/// XOFs 48 bytes as Ascon-Hash256's with the words big endian. A serialized state reveals the data
/// absorbed so far: treat it like that data.
impl<P: Serial> SerializableState for AsconHasher<P> {
    type SerializedStateSize = P::Size;

    fn serialize(&self) -> SerializedState<Self> {
        P::save(&self.inner)
    }

    fn deserialize(
        serialized_state: &SerializedState<Self>,
    ) -> Result<Self, DeserializeStateError> {
        P::load(serialized_state)
            .map(|(inner, init)| Self { inner, init })
            .ok_or(DeserializeStateError)
    }
}

/// Sponge parameters: rate 8, `p12` everywhere, little endian (SP 800-232's hash and XOFs).
#[derive(Debug)]
pub struct Sp800232Spec;
impl Spec for Sp800232Spec {
    const RATE: usize = 8;
    type Order = Le;
    const B_ABSORB: usize = 12;
    const DOMAIN_SEPARATED: bool = false;
    const OUT_RATE: usize = 8;
    const B_SQUEEZE: usize = 12;
}

/// Sponge parameters of v1.2's Ascon-Hash / Ascon-Xof: rate 8, `p12`, big endian.
#[derive(Debug)]
pub struct V12Spec;
impl Spec for V12Spec {
    const RATE: usize = 8;
    type Order = Be;
    const B_ABSORB: usize = 12;
    const DOMAIN_SEPARATED: bool = false;
    const OUT_RATE: usize = 8;
    const B_SQUEEZE: usize = 12;
}

/// Sponge parameters of v1.2's Ascon-Hasha / Ascon-Xofa: rate 8, `p8` between blocks, big endian.
#[derive(Debug)]
pub struct V12aSpec;
impl Spec for V12aSpec {
    const RATE: usize = 8;
    type Order = Be;
    const B_ABSORB: usize = 8;
    const DOMAIN_SEPARATED: bool = false;
    const OUT_RATE: usize = 8;
    const B_SQUEEZE: usize = 8;
}

/// The state a fixed-IV sponge starts and resets from.
#[inline(always)]
pub(crate) fn fixed_iv_state<P: FixedIv>() -> Words {
    Words::from_words(P::INIT)
}

/// Declares the parameter type `$p` of a fixed-IV unkeyed sponge: its spec, IV, names.
macro_rules! fixed_iv_params {
    ($(#[$attr:meta])* $p:ident, $spec:ty, $iv:expr, $name:literal, $alg:literal) => {
        $(#[$attr])*
        #[derive(Debug)]
        pub struct $p;
        impl HasherParams for $p {
            type Spec = $spec;
            type Init = ();
        }
        impl Hashing for $p {
            const NAME: &'static str = $name;
            const ALG: &'static str = $alg;
            fn reset_state(_: &()) -> Words {
                fixed_iv_state::<Self>()
            }
        }
        impl FixedIv for $p {
            const INIT: [u64; 5] = initial_state($iv);
        }
        impl Unkeyed for $p {}
    };
}
pub(crate) use fixed_iv_params;

fixed_iv_params!(
    /// The parameters of [`AsconHash256`].
    Hash256,
    Sp800232Spec,
    0x0000_0801_00cc_0002,
    "AsconHash256",
    "Ascon-Hash256"
);
impl Fixed for Hash256 {
    type OutputSize = U32;
}
buffered_serial!(Hash256, V12Hash, V12Hasha);

fixed_iv_params!(
    /// The parameters of [`AsconHash`].
    V12Hash,
    V12Spec,
    0x0040_0c00_0000_0100,
    "AsconHash",
    "Ascon-Hash"
);
impl Fixed for V12Hash {
    type OutputSize = U32;
}

fixed_iv_params!(
    /// The parameters of [`AsconHasha`].
    V12Hasha,
    V12aSpec,
    0x0040_0c04_0000_0100,
    "AsconHasha",
    "Ascon-Hasha"
);
impl Fixed for V12Hasha {
    type OutputSize = U32;
}

/// Ascon-Hash256 (NIST SP 800-232): 256-bit output, `Digest` through the RustCrypto blanket.
///
/// ```
/// use lwc_ascon::{AsconHash256, Digest};
/// let d = AsconHash256::digest(b"");
/// assert_eq!(d[..4], [0x0b, 0x3b, 0xe5, 0x85]);
/// ```
pub type AsconHash256 = AsconHasher<Hash256>;

/// Ascon-Hash (Ascon v1.2): 256-bit output, big endian.
///
/// ```
/// use lwc_ascon::{Digest, v12::AsconHash};
/// let d = AsconHash::digest(b"");
/// assert_eq!(d[..4], [0x73, 0x46, 0xbc, 0x14]);
/// ```
pub type AsconHash = AsconHasher<V12Hash>;

/// Ascon-Hasha (Ascon v1.2): 256-bit output, `p8` between message blocks.
///
/// ```
/// use lwc_ascon::{Digest, v12::AsconHasha};
/// let d = AsconHasha::digest(b"");
/// assert_eq!(d[..4], [0xae, 0xcd, 0x02, 0x70]);
/// ```
pub type AsconHasha = AsconHasher<V12Hasha>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_states_match_the_notes() {
        // Values published in the Ascon documentation (SP 800-232 and v1.2 precomputed IVs).
        assert_eq!(
            Hash256::INIT,
            [
                0x9b1e5494e934d681,
                0x4bc3a01e333751d2,
                0xae65396c6b34b81a,
                0x3c7fd4a4d56a4db3,
                0x1a5c464906c5976d
            ]
        );
        assert_eq!(
            V12Hash::INIT,
            [
                0xee9398aadb67f03d,
                0x8bb21831c60f1002,
                0xb48a92db98d5da62,
                0x43189921b8f8e3e8,
                0x348fa5c9d525e140
            ]
        );
        assert_eq!(
            V12Hasha::INIT,
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
