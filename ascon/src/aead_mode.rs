//! Authenticated encryption: the AEAD core [`AsconAead`], Ascon-AEAD128 (SP 800-232) with its
//! truncated-tag and nonce-masking forms, and Ascon-128 / Ascon-128a / Ascon-80pq (v1.2).
//!
//! One duplex engine (`hazmat/duplex.rs`) serves all of them; each type's parameters give the
//! duplex variant (rate, rounds between blocks, byte order, IV, key handling), the key and tag
//! sizes and the nonce handling.

use core::{fmt, marker::PhantomData};

use aead::{
    AeadCore, AeadInOut, Error, Key, KeyInit, KeySizeUser, Nonce, Tag, TagPosition,
    array::{
        ArraySize,
        typenum::{IsGreaterOrEqual, IsLessOrEqual, True, Unsigned},
    },
    consts::{U4, U8, U16, U20, U32},
    inout::InOutBuf,
};
use ctutils::CtEq;

use crate::hazmat::backends::{KernelState, Kernels};
use crate::hazmat::duplex::{self, KeyWords, Variant};
use crate::hazmat::words::{Be, ByteOrder, Le};

/// Tag sizes SP 800-232 allows for Ascon-AEAD128 here: 4 to 16 bytes (32 to 128 bits), checked at
/// compile time. Implemented for `U4` ..= `U16`.
pub trait AsconTagSize:
    ArraySize + IsLessOrEqual<U16, Output = True> + IsGreaterOrEqual<U4, Output = True>
{
}
impl<T: ArraySize + IsLessOrEqual<U16, Output = True> + IsGreaterOrEqual<U4, Output = True>>
    AsconTagSize for T
{
}

/// The parameters of an [`AsconAead`]: what it keeps as its key. Sealed: implemented by this
/// crate's parameter types only.
pub trait AeadParams {
    /// The key as the cipher keeps it (wiped on drop with `zeroize`).
    type Key: Clone;
    /// Key length in bytes.
    type KeySize: ArraySize;
    /// Tag length in bytes (a prefix of the full 16-byte tag).
    type TagSize: ArraySize;
}

/// An Ascon AEAD: every AEAD of this crate is an `AsconAead<P>` (use the type aliases:
/// [`AsconAead128`], [`TruncatedAsconAead128`], [`crate::v12::Ascon128`], ...).
pub struct AsconAead<P: AeadParams> {
    key: P::Key,
}

/// The parameters' behaviour (crate-private, so the parameter types stay sealed).
pub(crate) trait Params: AeadParams {
    /// The type's name, for `Debug`.
    const NAME: &'static str;
    /// The duplex variant.
    type Variant: Variant;
    /// The key as kept, from its bytes.
    fn load_key(key: &[u8]) -> Self::Key;
    /// The key words of the duplex.
    fn key_words(key: &Self::Key) -> &KeyWords;
    /// The nonce the duplex takes: `nonce` itself, or the masked nonce written to `buf`.
    #[inline(always)]
    fn nonce<'a>(_key: &Self::Key, nonce: &'a [u8], _buf: &'a mut [u8; 16]) -> &'a [u8] {
        nonce
    }
}

impl<P: AeadParams> Clone for AsconAead<P> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
        }
    }
}

impl<P: Params> fmt::Debug for AsconAead<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(P::NAME).finish_non_exhaustive()
    }
}

/// Wiped on drop with `zeroize` (the key wipes itself).
#[cfg(feature = "zeroize")]
impl<P: Params> zeroize::ZeroizeOnDrop for AsconAead<P> {}

impl<P: Params> KeySizeUser for AsconAead<P> {
    type KeySize = P::KeySize;
}

impl<P: Params> KeyInit for AsconAead<P> {
    fn new(key: &Key<Self>) -> Self {
        Self {
            key: P::load_key(key),
        }
    }
}

impl<P: Params> AeadCore for AsconAead<P> {
    type NonceSize = U16;
    type TagSize = P::TagSize;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}

impl<P: Params> AeadInOut for AsconAead<P> {
    fn encrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
    ) -> Result<Tag<Self>, Error> {
        let mut masked = [0u8; 16];
        let nonce = P::nonce(&self.key, nonce, &mut masked);
        let key = P::key_words(&self.key);
        let full = duplex::encrypt::<P::Variant>(key, nonce, associated_data, buffer);
        Tag::<Self>::try_from(&full[..P::TagSize::USIZE]).map_err(|_| Error)
    }

    fn decrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
        tag: &Tag<Self>,
    ) -> Result<(), Error> {
        let mut masked = [0u8; 16];
        let nonce = P::nonce(&self.key, nonce, &mut masked);
        let key = P::key_words(&self.key);
        decrypt::<P::Variant>(key, nonce, associated_data, buffer, tag)
    }
}

/// Decrypts `buf`; checks the first `tag.len()` bytes of the tag in constant time and zeroes the
/// output on failure.
// Never inlined: the accept/reject branch on the (secret) tag comparison stays in this one
// function, the only frame the constant-time memcheck test declassifies (see SECURITY.md).
#[inline(never)]
fn decrypt<V: Variant>(
    key: &KeyWords,
    nonce: &[u8],
    ad: &[u8],
    mut buf: InOutBuf<'_, '_, u8>,
    tag: &[u8],
) -> Result<(), Error> {
    let mut full = duplex::decrypt::<V>(key, nonce, ad, buf.reborrow());
    let ok = full[..tag.len()].ct_eq(tag).to_bool();
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(&mut full);
    let _ = &mut full;
    if ok {
        Ok(())
    } else {
        buf.get_out().fill(0);
        Err(Error)
    }
}

/// The duplex of Ascon-AEAD128 (SP 800-232): rate 16, `p8`, little endian.
pub(crate) struct Aead128Duplex;
impl Variant for Aead128Duplex {
    type Rate = U16;
    const B: usize = 8;
    type Order = Le;
    const IV: u64 = 0x0000_1000_808c_0001;
}

/// The duplex of Ascon-128 (v1.2): rate 8, `p6`, big endian.
pub(crate) struct Ascon128Duplex;
impl Variant for Ascon128Duplex {
    type Rate = U8;
    const B: usize = 6;
    type Order = Be;
    const IV: u64 = 0x8040_0c06_0000_0000;
}

/// The duplex of Ascon-128a (v1.2): rate 16, `p8`, big endian.
pub(crate) struct Ascon128aDuplex;
impl Variant for Ascon128aDuplex {
    type Rate = U16;
    const B: usize = 8;
    type Order = Be;
    const IV: u64 = 0x8080_0c08_0000_0000;
}

/// The duplex of Ascon-80pq (v1.2): 160-bit key, rate 8, `p6`, big endian.
pub(crate) struct Ascon80pqDuplex;
impl Variant for Ascon80pqDuplex {
    type Rate = U8;
    const B: usize = 6;
    type Order = Be;
    /// The top 32 bits; the low 32 bits are key bytes 0-3.
    const IV: u64 = 0xa040_0c06_0000_0000;

    /// The key occupies state bytes 4..24 and, after `p12`, is XORed into the last 20 bytes.
    #[inline(always)]
    fn init<K: Kernels>(kernels: K, key: &KeyWords, nonce: &[u8]) -> K::State {
        let [ka, k1, k2] = key.0;
        let mut st = kernels.load_words([
            Self::IV | ka,
            k1,
            k2,
            Be::load(nonce),
            Be::load(&nonce[8..]),
        ]);
        st.permute::<12>();
        st.xor(2, ka);
        st.xor(3, k1);
        st.xor(4, k2);
        st
    }

    /// The key goes right after the 8-byte rate (state bytes 8..28, across word boundaries); the
    /// tag is `(x3, x4)` XOR the last 16 key bytes.
    #[inline(always)]
    fn finalize<S: KernelState>(key: &KeyWords, st: &mut S) -> [u8; 16] {
        let [ka, k1, k2] = key.0;
        st.xor(1, (ka << 32) | (k1 >> 32));
        st.xor(2, (k1 << 32) | (k2 >> 32));
        st.xor(3, k2 << 32);
        st.permute::<12>();
        duplex::tag::<Be>(st.get(3) ^ k1, st.get(4) ^ k2)
    }
}

/// A 128-bit key as two words in byte order `O`.
fn key128<O: ByteOrder>(k: &[u8]) -> KeyWords {
    KeyWords([O::load(k), O::load(&k[8..]), 0])
}

/// Declares the parameter type `$p` of an AEAD with a full 16-byte tag and a key of `$ks` bytes.
macro_rules! full_tag_params {
    ($(#[$attr:meta])* $p:ident, $name:literal, $variant:ty, $ks:ty, $load:expr) => {
        $(#[$attr])*
        #[derive(Debug)]
        pub struct $p;
        impl AeadParams for $p {
            type Key = KeyWords;
            type KeySize = $ks;
            type TagSize = U16;
        }
        impl Params for $p {
            const NAME: &'static str = $name;
            type Variant = $variant;
            fn load_key(key: &[u8]) -> KeyWords {
                $load(key)
            }
            #[inline(always)]
            fn key_words(key: &KeyWords) -> &KeyWords {
                key
            }
        }
    };
}

full_tag_params!(
    /// The parameters of [`AsconAead128`].
    Aead128,
    "AsconAead128",
    Aead128Duplex,
    U16,
    key128::<Le>
);
full_tag_params!(
    /// The parameters of [`Ascon128`].
    Ascon128Params,
    "Ascon128",
    Ascon128Duplex,
    U16,
    key128::<Be>
);
full_tag_params!(
    /// The parameters of [`Ascon128a`].
    Ascon128aParams,
    "Ascon128a",
    Ascon128aDuplex,
    U16,
    key128::<Be>
);
full_tag_params!(
    /// The parameters of [`Ascon80pq`].
    Ascon80pqParams,
    "Ascon80pq",
    Ascon80pqDuplex,
    U20,
    |k: &[u8]| KeyWords([
        Be::load_partial(&k[..4]) >> 32,
        Be::load(&k[4..]),
        Be::load(&k[12..])
    ])
);

/// The parameters of [`TruncatedAsconAead128`]: Ascon-AEAD128 with a `T`-byte tag.
#[derive(Debug)]
pub struct Truncated<T: AsconTagSize>(PhantomData<T>);
impl<T: AsconTagSize> AeadParams for Truncated<T> {
    type Key = KeyWords;
    type KeySize = U16;
    type TagSize = T;
}
impl<T: AsconTagSize> Params for Truncated<T> {
    const NAME: &'static str = "TruncatedAsconAead128";
    type Variant = Aead128Duplex;
    fn load_key(key: &[u8]) -> KeyWords {
        key128::<Le>(key)
    }
    #[inline(always)]
    fn key_words(key: &KeyWords) -> &KeyWords {
        key
    }
}

/// The key of [`MaskedAsconAead128`]: `K` as words and the nonce mask `K2` (wiped on drop with
/// `zeroize`).
#[derive(Clone)]
pub struct MaskedKey {
    key: KeyWords,
    mask: [u8; 16],
}

impl fmt::Debug for MaskedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MaskedKey").finish_non_exhaustive()
    }
}

impl Drop for MaskedKey {
    fn drop(&mut self) {
        // Every field by name (`key` wipes itself): one added later does not compile here until
        // it is wiped.
        let Self { key: _, mask } = self;
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(mask);
        #[cfg(not(feature = "zeroize"))]
        let _ = mask;
    }
}

/// The parameters of [`MaskedAsconAead128`]: Ascon-AEAD128 with nonce masking and a `T`-byte tag.
#[derive(Debug)]
pub struct Masked<T: AsconTagSize>(PhantomData<T>);
impl<T: AsconTagSize> AeadParams for Masked<T> {
    type Key = MaskedKey;
    type KeySize = U32;
    type TagSize = T;
}
impl<T: AsconTagSize> Params for Masked<T> {
    const NAME: &'static str = "MaskedAsconAead128";
    type Variant = Aead128Duplex;
    fn load_key(key: &[u8]) -> MaskedKey {
        let mut mask = [0u8; 16];
        mask.copy_from_slice(&key[16..]);
        MaskedKey {
            key: key128::<Le>(&key[..16]),
            mask,
        }
    }
    #[inline(always)]
    fn key_words(key: &MaskedKey) -> &KeyWords {
        &key.key
    }
    /// `N ^ K2`.
    #[inline(always)]
    fn nonce<'a>(key: &MaskedKey, nonce: &'a [u8], buf: &'a mut [u8; 16]) -> &'a [u8] {
        *buf = core::array::from_fn(|i| nonce[i] ^ key.mask[i]);
        &buf[..]
    }
}

/// Ascon-AEAD128 (NIST SP 800-232): 128-bit key, nonce and tag; the tag is appended to the
/// ciphertext. Drop-in for RustCrypto's `ascon_aead::AsconAead128` / `ascon_aead128::AsconAead128`.
///
/// ```
/// use lwc_ascon::AsconAead128;
/// use lwc_ascon::aead::{Aead, KeyInit};
/// let key: [u8; 16] = core::array::from_fn(|i| i as u8);
/// let nonce: [u8; 16] = core::array::from_fn(|i| 0x10 + i as u8);
/// let cipher = AsconAead128::new(&key.into());
/// let ct = cipher.encrypt(&nonce.into(), &b""[..]).unwrap();
/// assert_eq!(ct[..4], [0x4f, 0x9c, 0x27, 0x82]);
/// let pt = cipher.encrypt(&nonce.into(), &b"hello"[..]).unwrap();
/// assert_eq!(cipher.decrypt(&nonce.into(), pt.as_slice()).unwrap(), b"hello");
/// ```
pub type AsconAead128 = AsconAead<Aead128>;
/// Key of Ascon-AEAD128.
pub type AsconAead128Key = Key<AsconAead128>;
/// Nonce of Ascon-AEAD128.
pub type AsconAead128Nonce = Nonce<AsconAead128>;
/// Tag of Ascon-AEAD128.
pub type AsconAead128Tag = Tag<AsconAead128>;

/// Ascon-AEAD128 with a truncated tag of `TagSize` bytes (4 to 16, i.e. 32 to 128 bits, checked
/// at compile time: `TagSize: AsconTagSize`): the tag is the leading bytes of the full tag,
/// compared in constant time. Same name and bounds as RustCrypto's
/// `ascon_aead::TruncatedAsconAead128`.
///
/// ```
/// use lwc_ascon::TruncatedAsconAead128;
/// use lwc_ascon::aead::{Aead, KeyInit, consts::U8};
/// let cipher = TruncatedAsconAead128::<U8>::new(&[0u8; 16].into());
/// let ct = cipher.encrypt(&[0u8; 16].into(), &b"msg"[..]).unwrap();
/// assert_eq!(ct.len(), 3 + 8);
/// ```
pub type TruncatedAsconAead128<TagSize = U16> = AsconAead<Truncated<TagSize>>;

/// Ascon-AEAD128 with nonce masking (SP 800-232, optional): the key is 256 bits `K || K2` and the
/// nonce `N` is replaced by `N ^ K2` before initialisation. `TagSize` as in
/// [`TruncatedAsconAead128`] (default 16 bytes).
///
/// ```
/// use lwc_ascon::MaskedAsconAead128;
/// use lwc_ascon::aead::{Aead, KeyInit};
/// let cipher: MaskedAsconAead128 = MaskedAsconAead128::new(&[3u8; 32].into());
/// let ct = cipher.encrypt(&[0u8; 16].into(), &b"msg"[..]).unwrap();
/// assert_eq!(cipher.decrypt(&[0u8; 16].into(), ct.as_slice()).unwrap(), b"msg");
/// ```
pub type MaskedAsconAead128<TagSize = U16> = AsconAead<Masked<TagSize>>;

/// Ascon-128 (Ascon v1.2): 128-bit key, nonce and tag, rate 8, `p6`. Drop-in for
/// `ascon_aead` 0.4's `Ascon128` (on the current trait generation).
///
/// ```
/// use lwc_ascon::v12::Ascon128;
/// use lwc_ascon::aead::{Aead, KeyInit};
/// let cipher = Ascon128::new(&[0u8; 16].into());
/// let ct = cipher.encrypt(&[0u8; 16].into(), &b"msg"[..]).unwrap();
/// assert_eq!(ct.len(), 3 + 16);
/// assert_eq!(cipher.decrypt(&[0u8; 16].into(), ct.as_slice()).unwrap(), b"msg");
/// ```
pub type Ascon128 = AsconAead<Ascon128Params>;
/// Key of Ascon-128.
pub type Ascon128Key = Key<Ascon128>;
/// Nonce of Ascon-128.
pub type Ascon128Nonce = Nonce<Ascon128>;
/// Tag of Ascon-128.
pub type Ascon128Tag = Tag<Ascon128>;

/// Ascon-128a (Ascon v1.2): 128-bit key, nonce and tag, rate 16, `p8`.
///
/// ```
/// use lwc_ascon::v12::Ascon128a;
/// use lwc_ascon::aead::{Aead, KeyInit};
/// let cipher = Ascon128a::new(&[1u8; 16].into());
/// let ct = cipher.encrypt(&[2u8; 16].into(), &b"msg"[..]).unwrap();
/// assert_eq!(cipher.decrypt(&[2u8; 16].into(), ct.as_slice()).unwrap(), b"msg");
/// ```
pub type Ascon128a = AsconAead<Ascon128aParams>;
/// Key of Ascon-128a.
pub type Ascon128aKey = Key<Ascon128a>;
/// Nonce of Ascon-128a.
pub type Ascon128aNonce = Nonce<Ascon128a>;
/// Tag of Ascon-128a.
pub type Ascon128aTag = Tag<Ascon128a>;

/// Ascon-80pq (Ascon v1.2): 160-bit key, 128-bit nonce and tag, rate 8, `p6`.
///
/// ```
/// use lwc_ascon::v12::Ascon80pq;
/// use lwc_ascon::aead::{Aead, KeyInit};
/// let cipher = Ascon80pq::new(&[1u8; 20].into());
/// let ct = cipher.encrypt(&[2u8; 16].into(), &b"msg"[..]).unwrap();
/// assert_eq!(cipher.decrypt(&[2u8; 16].into(), ct.as_slice()).unwrap(), b"msg");
/// ```
pub type Ascon80pq = AsconAead<Ascon80pqParams>;
/// Key of Ascon-80pq.
pub type Ascon80pqKey = Key<Ascon80pq>;
/// Nonce of Ascon-80pq.
pub type Ascon80pqNonce = Nonce<Ascon80pq>;
/// Tag of Ascon-80pq.
pub type Ascon80pqTag = Tag<Ascon80pq>;
