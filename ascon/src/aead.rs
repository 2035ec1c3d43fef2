//! Authenticated encryption: Ascon-AEAD128 (SP 800-232) with its truncated-tag and nonce-masking
//! forms, and Ascon-128 / Ascon-128a / Ascon-80pq (v1.2).
//!
//! One duplex engine serves all of them; a `Variant` gives the rate, the rounds between blocks,
//! the byte order, and the key handling at initialisation and finalisation.

use core::{fmt, marker::PhantomData};

use aead::{
    AeadCore, AeadInOut, Error, Key, KeyInit, KeySizeUser, Nonce, Tag, TagPosition,
    array::{
        Array, ArraySize,
        typenum::{IsGreaterOrEqual, IsLessOrEqual, True, Unsigned},
    },
    consts::{U4, U8, U16, U20, U32},
    inout::InOutBuf,
};
use ctutils::CtEq;

use crate::hazmat::backends::{Perm, with_backend};
use crate::sponge::{domain_bit, load, load_partial, mask, pad, perm, store};

/// Key words: `[K0, K1, _]` for 128-bit keys; `[K[0..4], K[4..12], K[12..20]]` for Ascon-80pq.
#[derive(Clone)]
pub(crate) struct KeyWords([u64; 3]);

impl Drop for KeyWords {
    fn drop(&mut self) {
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}

/// One AEAD variant.
pub(crate) trait Variant {
    /// Rate in bytes as a type (8 or 16).
    type Rate: ArraySize;
    /// Rounds between blocks.
    const B: usize;
    /// Byte order of the generation.
    const LE: bool;
    /// Initialisation: loads key and nonce, `p12`, key XOR.
    fn init<L: Perm>(key: &KeyWords, nonce: &[u8]) -> L;
    /// Finalisation: key XOR, `p12`, full 16-byte tag.
    fn finalize<L: Perm>(key: &KeyWords, st: &mut L) -> [u8; 16];
}

/// Ascon-AEAD128 (SP 800-232).
pub(crate) struct Aead128;
impl Variant for Aead128 {
    type Rate = U16;
    const B: usize = 8;
    const LE: bool = true;
    #[inline(always)]
    fn init<L: Perm>(key: &KeyWords, nonce: &[u8]) -> L {
        let [k0, k1, _] = key.0;
        let mut st = L::from_words([
            0x0000_1000_808c_0001,
            k0,
            k1,
            load::<true>(nonce),
            load::<true>(&nonce[8..]),
        ]);
        st.permute::<12>();
        st.xor(3, k0);
        st.xor(4, k1);
        st
    }
    #[inline(always)]
    fn finalize<L: Perm>(key: &KeyWords, st: &mut L) -> [u8; 16] {
        let [k0, k1, _] = key.0;
        st.xor(2, k0);
        st.xor(3, k1);
        st.permute::<12>();
        tag::<true>(st.get(3) ^ k0, st.get(4) ^ k1)
    }
}

/// Ascon-128 (v1.2): rate 8, `p6`.
pub(crate) struct V12Ascon128;
impl Variant for V12Ascon128 {
    type Rate = U8;
    const B: usize = 6;
    const LE: bool = false;
    #[inline(always)]
    fn init<L: Perm>(key: &KeyWords, nonce: &[u8]) -> L {
        v12_init(0x8040_0c06_0000_0000, key, nonce)
    }
    #[inline(always)]
    fn finalize<L: Perm>(key: &KeyWords, st: &mut L) -> [u8; 16] {
        let [k0, k1, _] = key.0;
        st.xor(1, k0);
        st.xor(2, k1);
        st.permute::<12>();
        tag::<false>(st.get(3) ^ k0, st.get(4) ^ k1)
    }
}

/// Ascon-128a (v1.2): rate 16, `p8`.
pub(crate) struct V12Ascon128a;
impl Variant for V12Ascon128a {
    type Rate = U16;
    const B: usize = 8;
    const LE: bool = false;
    #[inline(always)]
    fn init<L: Perm>(key: &KeyWords, nonce: &[u8]) -> L {
        v12_init(0x8080_0c08_0000_0000, key, nonce)
    }
    #[inline(always)]
    fn finalize<L: Perm>(key: &KeyWords, st: &mut L) -> [u8; 16] {
        let [k0, k1, _] = key.0;
        st.xor(2, k0);
        st.xor(3, k1);
        st.permute::<12>();
        tag::<false>(st.get(3) ^ k0, st.get(4) ^ k1)
    }
}

/// Ascon-80pq (v1.2): 160-bit key, rate 8, `p6`.
pub(crate) struct V12Ascon80pq;
impl Variant for V12Ascon80pq {
    type Rate = U8;
    const B: usize = 6;
    const LE: bool = false;
    #[inline(always)]
    fn init<L: Perm>(key: &KeyWords, nonce: &[u8]) -> L {
        let [ka, k1, k2] = key.0;
        let mut st = L::from_words([
            0xa040_0c06_0000_0000 | ka,
            k1,
            k2,
            load::<false>(nonce),
            load::<false>(&nonce[8..]),
        ]);
        st.permute::<12>();
        st.xor(2, ka);
        st.xor(3, k1);
        st.xor(4, k2);
        st
    }
    #[inline(always)]
    fn finalize<L: Perm>(key: &KeyWords, st: &mut L) -> [u8; 16] {
        let [ka, k1, k2] = key.0;
        st.xor(1, (ka << 32) | (k1 >> 32));
        st.xor(2, (k1 << 32) | (k2 >> 32));
        st.xor(3, k2 << 32);
        st.permute::<12>();
        tag::<false>(st.get(3) ^ k1, st.get(4) ^ k2)
    }
}

#[inline(always)]
fn v12_init<L: Perm>(iv: u64, key: &KeyWords, nonce: &[u8]) -> L {
    let [k0, k1, _] = key.0;
    let mut st = L::from_words([iv, k0, k1, load::<false>(nonce), load::<false>(&nonce[8..])]);
    st.permute::<12>();
    st.xor(3, k0);
    st.xor(4, k1);
    st
}

#[inline(always)]
fn tag<const LE: bool>(a: u64, b: u64) -> [u8; 16] {
    let mut t = [0u8; 16];
    t[..8].copy_from_slice(&store::<LE>(a));
    t[8..].copy_from_slice(&store::<LE>(b));
    t
}

/// Loads word `j` of a block in the variant's byte order.
#[inline(always)]
fn ld<V: Variant>(b: &[u8]) -> u64 {
    if V::LE {
        load::<true>(b)
    } else {
        load::<false>(b)
    }
}

#[inline(always)]
fn st_bytes<V: Variant>(w: u64) -> [u8; 8] {
    if V::LE {
        store::<true>(w)
    } else {
        store::<false>(w)
    }
}

#[inline(always)]
fn pad_v<V: Variant>(i: usize) -> u64 {
    if V::LE {
        pad::<true>(i)
    } else {
        pad::<false>(i)
    }
}

/// Associated data: padded blocks (only when non-empty), then the domain bit.
#[inline(always)]
fn absorb_ad<V: Variant, L: Perm>(st: &mut L, ad: &[u8]) {
    let rate = V::Rate::USIZE;
    if !ad.is_empty() {
        let mut blocks = ad.chunks_exact(rate);
        for b in &mut blocks {
            for j in 0..rate / 8 {
                st.xor(j, ld::<V>(&b[8 * j..]));
            }
            perm(st, V::B);
        }
        let rest = blocks.remainder();
        let mut last = [0u8; 16];
        last[..rest.len()].copy_from_slice(rest);
        last[rest.len()] = if V::LE { 0x01 } else { 0x80 };
        for j in 0..rate / 8 {
            st.xor(j, ld::<V>(&last[8 * j..]));
        }
        perm(st, V::B);
    }
    st.xor(
        4,
        if V::LE {
            domain_bit::<true>()
        } else {
            domain_bit::<false>()
        },
    );
}

/// Encrypts `buf` in place or into its output half; returns the full 16-byte tag.
pub(crate) fn encrypt<V: Variant>(
    key: &KeyWords,
    nonce: &[u8],
    ad: &[u8],
    buf: InOutBuf<'_, '_, u8>,
) -> [u8; 16] {
    with_backend!(|L| {
        let rate = V::Rate::USIZE;
        let mut st: L = V::init(key, nonce);
        absorb_ad::<V, L>(&mut st, ad);
        let (blocks, mut tail) = buf.into_chunks::<V::Rate>();
        for mut b in blocks {
            let inp: &Array<u8, V::Rate> = b.get_in();
            let mut ct = Array::<u8, V::Rate>::default();
            if rate == 16 {
                // Both words at once (the bit-interleaved backend converts them together).
                let c = st.xor_get2([ld::<V>(&inp[..]), ld::<V>(&inp[8..])]);
                ct[..8].copy_from_slice(&st_bytes::<V>(c[0]));
                ct[8..16].copy_from_slice(&st_bytes::<V>(c[1]));
            } else {
                for j in 0..rate / 8 {
                    // XOR in place, then read: the state word never leaves its register (the
                    // AVX-512 backend keeps it in a vector register).
                    st.xor(j, ld::<V>(&inp[8 * j..]));
                    let w = st.get(j);
                    ct[8 * j..8 * j + 8].copy_from_slice(&st_bytes::<V>(w));
                }
            }
            *b.get_out() = ct;
            perm(&mut st, V::B);
        }
        let len = tail.len();
        let mut tmp = [0u8; 16];
        tmp[..len].copy_from_slice(tail.get_in());
        let mut out = [0u8; 16];
        for j in 0..rate / 8 {
            let lo = 8 * j;
            if lo > len {
                break;
            }
            let n = (len - lo).min(8);
            let c = st.get(j) ^ ld::<V>(&tmp[lo..]);
            out[lo..lo + 8].copy_from_slice(&st_bytes::<V>(c));
            st.set(j, if n < 8 { c ^ pad_v::<V>(n) } else { c });
        }
        tail.get_out().copy_from_slice(&out[..len]);
        let t = V::finalize(key, &mut st);
        #[cfg(feature = "zeroize")]
        {
            st.wipe();
            zeroize::Zeroize::zeroize(&mut tmp);
            zeroize::Zeroize::zeroize(&mut out);
        }
        t
    })
}

/// Decrypts `buf`; checks the first `tag.len()` bytes of the tag in constant time and zeroes the
/// output on failure.
// Never inlined: the accept/reject branch on the (secret) tag comparison stays in this one
// function, the only frame the constant-time memcheck test declassifies (see SECURITY.md).
#[inline(never)]
pub(crate) fn decrypt<V: Variant>(
    key: &KeyWords,
    nonce: &[u8],
    ad: &[u8],
    mut buf: InOutBuf<'_, '_, u8>,
    tag: &[u8],
) -> Result<(), Error> {
    let mut full = with_backend!(|L| {
        let rate = V::Rate::USIZE;
        let mut st: L = V::init(key, nonce);
        absorb_ad::<V, L>(&mut st, ad);
        let (blocks, mut tail) = buf.reborrow().into_chunks::<V::Rate>();
        for mut b in blocks {
            let inp: &Array<u8, V::Rate> = b.get_in();
            let mut pt = Array::<u8, V::Rate>::default();
            if rate == 16 {
                let p = st.swap2([ld::<V>(&inp[..]), ld::<V>(&inp[8..])]);
                pt[..8].copy_from_slice(&st_bytes::<V>(p[0]));
                pt[8..16].copy_from_slice(&st_bytes::<V>(p[1]));
            } else {
                for j in 0..rate / 8 {
                    let c = ld::<V>(&inp[8 * j..]);
                    pt[8 * j..8 * j + 8].copy_from_slice(&st_bytes::<V>(st.get(j) ^ c));
                    st.set(j, c);
                }
            }
            *b.get_out() = pt;
            perm(&mut st, V::B);
        }
        let len = tail.len();
        let mut tmp = [0u8; 16];
        tmp[..len].copy_from_slice(tail.get_in());
        let mut out = [0u8; 16];
        for j in 0..rate / 8 {
            let lo = 8 * j;
            if lo > len {
                break;
            }
            let n = (len - lo).min(8);
            let c = ld::<V>(&tmp[lo..]);
            let s = st.get(j);
            out[lo..lo + 8].copy_from_slice(&st_bytes::<V>(s ^ c));
            if n < 8 {
                let m = if V::LE {
                    mask::<true>(n)
                } else {
                    mask::<false>(n)
                };
                st.set(j, ((s & !m) | c) ^ pad_v::<V>(n));
            } else {
                st.set(j, c);
            }
        }
        tail.get_out().copy_from_slice(&out[..len]);
        let t = V::finalize(key, &mut st);
        #[cfg(feature = "zeroize")]
        {
            st.wipe();
            zeroize::Zeroize::zeroize(&mut out);
        }
        t
    });
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

macro_rules! debug_zeroize {
    ($name:ident $(<$g:ident>)?) => {
        impl$(<$g: AsconTagSize>)? fmt::Debug for $name$(<$g>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        impl$(<$g: AsconTagSize>)? zeroize::ZeroizeOnDrop for $name$(<$g>)? {}
    };
}

macro_rules! aead_fixed {
    ($(#[$attr:meta])* $name:ident, $variant:ty, $ks:ty, $load_key:expr, $keyalias:ident, $noncealias:ident, $tagalias:ident, $desc:literal) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name {
            key: KeyWords,
        }

        #[doc = concat!("Key of ", $desc, ".")]
        pub type $keyalias = Key<$name>;
        #[doc = concat!("Nonce of ", $desc, ".")]
        pub type $noncealias = Nonce<$name>;
        #[doc = concat!("Tag of ", $desc, ".")]
        pub type $tagalias = Tag<$name>;

        impl KeySizeUser for $name {
            type KeySize = $ks;
        }

        impl KeyInit for $name {
            fn new(key: &Key<Self>) -> Self {
                let f: fn(&[u8]) -> [u64; 3] = $load_key;
                Self { key: KeyWords(f(key)) }
            }
        }

        impl AeadCore for $name {
            type NonceSize = U16;
            type TagSize = U16;
            const TAG_POSITION: TagPosition = TagPosition::Postfix;
        }

        impl AeadInOut for $name {
            fn encrypt_inout_detached(
                &self,
                nonce: &Nonce<Self>,
                associated_data: &[u8],
                buffer: InOutBuf<'_, '_, u8>,
            ) -> Result<Tag<Self>, Error> {
                Ok(encrypt::<$variant>(&self.key, nonce, associated_data, buffer).into())
            }

            fn decrypt_inout_detached(
                &self,
                nonce: &Nonce<Self>,
                associated_data: &[u8],
                buffer: InOutBuf<'_, '_, u8>,
                tag: &Tag<Self>,
            ) -> Result<(), Error> {
                decrypt::<$variant>(&self.key, nonce, associated_data, buffer, tag)
            }
        }

        debug_zeroize!($name);
    };
}

fn key128_le(k: &[u8]) -> [u64; 3] {
    [load::<true>(k), load::<true>(&k[8..]), 0]
}

fn key128_be(k: &[u8]) -> [u64; 3] {
    [load::<false>(k), load::<false>(&k[8..]), 0]
}

fn key160_be(k: &[u8]) -> [u64; 3] {
    [
        load_partial::<false>(&k[..4]) >> 32,
        load::<false>(&k[4..]),
        load::<false>(&k[12..]),
    ]
}

aead_fixed!(
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
    AsconAead128,
    Aead128,
    U16,
    key128_le,
    AsconAead128Key,
    AsconAead128Nonce,
    AsconAead128Tag,
    "Ascon-AEAD128"
);

aead_fixed!(
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
    Ascon128,
    V12Ascon128,
    U16,
    key128_be,
    Ascon128Key,
    Ascon128Nonce,
    Ascon128Tag,
    "Ascon-128"
);

aead_fixed!(
    /// Ascon-128a (Ascon v1.2): 128-bit key, nonce and tag, rate 16, `p8`.
    ///
    /// ```
    /// use lwc_ascon::v12::Ascon128a;
    /// use lwc_ascon::aead::{Aead, KeyInit};
    /// let cipher = Ascon128a::new(&[1u8; 16].into());
    /// let ct = cipher.encrypt(&[2u8; 16].into(), &b"msg"[..]).unwrap();
    /// assert_eq!(cipher.decrypt(&[2u8; 16].into(), ct.as_slice()).unwrap(), b"msg");
    /// ```
    Ascon128a,
    V12Ascon128a,
    U16,
    key128_be,
    Ascon128aKey,
    Ascon128aNonce,
    Ascon128aTag,
    "Ascon-128a"
);

aead_fixed!(
    /// Ascon-80pq (Ascon v1.2): 160-bit key, 128-bit nonce and tag, rate 8, `p6`.
    ///
    /// ```
    /// use lwc_ascon::v12::Ascon80pq;
    /// use lwc_ascon::aead::{Aead, KeyInit};
    /// let cipher = Ascon80pq::new(&[1u8; 20].into());
    /// let ct = cipher.encrypt(&[2u8; 16].into(), &b"msg"[..]).unwrap();
    /// assert_eq!(cipher.decrypt(&[2u8; 16].into(), ct.as_slice()).unwrap(), b"msg");
    /// ```
    Ascon80pq,
    V12Ascon80pq,
    U20,
    key160_be,
    Ascon80pqKey,
    Ascon80pqNonce,
    Ascon80pqTag,
    "Ascon-80pq"
);

/// Ascon-AEAD128 with a truncated tag of `TagSize` bytes (4 to 16, i.e. 32 to 128 bits, checked
/// at compile time): the tag is the leading bytes of the full tag, compared in constant time.
/// Same name and bounds as RustCrypto's `ascon_aead::TruncatedAsconAead128`.
///
/// ```
/// use lwc_ascon::TruncatedAsconAead128;
/// use lwc_ascon::aead::{Aead, KeyInit, consts::U8};
/// let cipher = TruncatedAsconAead128::<U8>::new(&[0u8; 16].into());
/// let ct = cipher.encrypt(&[0u8; 16].into(), &b"msg"[..]).unwrap();
/// assert_eq!(ct.len(), 3 + 8);
/// ```
pub struct TruncatedAsconAead128<TagSize: AsconTagSize = U16> {
    key: KeyWords,
    _t: PhantomData<TagSize>,
}

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
pub struct MaskedAsconAead128<TagSize: AsconTagSize = U16> {
    key: KeyWords,
    mask: [u8; 16],
    _t: PhantomData<TagSize>,
}

impl<T: AsconTagSize> Clone for TruncatedAsconAead128<T> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            _t: PhantomData,
        }
    }
}

impl<T: AsconTagSize> Clone for MaskedAsconAead128<T> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            mask: self.mask,
            _t: PhantomData,
        }
    }
}

impl<T: AsconTagSize> Drop for MaskedAsconAead128<T> {
    fn drop(&mut self) {
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut self.mask);
    }
}

impl<T: AsconTagSize> KeySizeUser for TruncatedAsconAead128<T> {
    type KeySize = U16;
}

impl<T: AsconTagSize> KeySizeUser for MaskedAsconAead128<T> {
    type KeySize = U32;
}

impl<T: AsconTagSize> KeyInit for TruncatedAsconAead128<T> {
    fn new(key: &Key<Self>) -> Self {
        Self {
            key: KeyWords(key128_le(key)),
            _t: PhantomData,
        }
    }
}

impl<T: AsconTagSize> KeyInit for MaskedAsconAead128<T> {
    fn new(key: &Key<Self>) -> Self {
        let mut mask = [0u8; 16];
        mask.copy_from_slice(&key[16..]);
        Self {
            key: KeyWords(key128_le(&key[..16])),
            mask,
            _t: PhantomData,
        }
    }
}

impl<T: AsconTagSize> AeadCore for TruncatedAsconAead128<T> {
    type NonceSize = U16;
    type TagSize = T;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}

impl<T: AsconTagSize> AeadCore for MaskedAsconAead128<T> {
    type NonceSize = U16;
    type TagSize = T;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}

impl<T: AsconTagSize> AeadInOut for TruncatedAsconAead128<T> {
    fn encrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
    ) -> Result<Tag<Self>, Error> {
        let full = encrypt::<Aead128>(&self.key, nonce, associated_data, buffer);
        Tag::<Self>::try_from(&full[..T::USIZE]).map_err(|_| Error)
    }

    fn decrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
        tag: &Tag<Self>,
    ) -> Result<(), Error> {
        decrypt::<Aead128>(&self.key, nonce, associated_data, buffer, tag)
    }
}

impl<T: AsconTagSize> MaskedAsconAead128<T> {
    fn masked(&self, nonce: &[u8]) -> [u8; 16] {
        core::array::from_fn(|i| nonce[i] ^ self.mask[i])
    }
}

impl<T: AsconTagSize> AeadInOut for MaskedAsconAead128<T> {
    fn encrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
    ) -> Result<Tag<Self>, Error> {
        let full = encrypt::<Aead128>(&self.key, &self.masked(nonce), associated_data, buffer);
        Tag::<Self>::try_from(&full[..T::USIZE]).map_err(|_| Error)
    }

    fn decrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
        tag: &Tag<Self>,
    ) -> Result<(), Error> {
        decrypt::<Aead128>(&self.key, &self.masked(nonce), associated_data, buffer, tag)
    }
}

debug_zeroize!(TruncatedAsconAead128<T>);
debug_zeroize!(MaskedAsconAead128<T>);
