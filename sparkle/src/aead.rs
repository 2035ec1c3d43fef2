//! The Schwaemm authenticated ciphers (`KeyInit` + `AeadInOut`, tag appended), and everything of
//! the `aead` crate.
//!
//! Schwaemm*r*-*c* keeps a Sparkle state of `r + c` bits: the nonce fills the rate, the key the
//! capacity, then the big permutation runs. Associated data and then the message are absorbed
//! `r / 8` bytes at a time through the combined feedback `ρ1` (a Feistel swap of the rate halves plus
//! the input block) and the rate whitening (rate words XOR capacity words), with the slim permutation
//! after every block except the last of each phase, which is padded only when short, gets a domain
//! constant in the last state word (padded / full, AD / message) and the big permutation. Empty
//! associated data or an empty message skip their phase. The tag is the capacity XOR the key.
//!
//! Decryption writes plaintext before the tag is known (the tag depends on the last plaintext
//! block); on a tag mismatch the whole output buffer is zeroed before `Err` is returned, and the
//! tags are compared in constant time.

use core::{fmt, marker::PhantomData};

/// Everything of the `aead` crate (`Aead`, `AeadInOut`, `KeyInit`, `Payload`, ...), so that
/// `lwc_sparkle::aead::Aead` works as `chacha20poly1305::aead::Aead` does.
#[doc(no_inline)]
pub use ::aead::*;

use self::array::ArraySize;
use self::consts::{U16, U24, U32};
use self::inout::InOutBuf;
use ctutils::CtEq;

use crate::hazmat::duplex::SchwaemmDuplex;
use crate::hazmat::{SchwaemmPermutation, Sparkle256, Sparkle384, Sparkle512};

/// The key words of Schwaemm on `P` with rate `Rate`.
type KeyWords<P, Rate> = <<P as SchwaemmPermutation<Rate>>::Duplex as SchwaemmDuplex>::Key;

/// Schwaemm on the permutation `P` with a rate (and nonce size) of `Rate` bytes: the type behind
/// [`Schwaemm128_128`], [`Schwaemm256_128`], [`Schwaemm192_192`] and [`Schwaemm256_256`] (the
/// only instances, see [`SchwaemmPermutation`]).
pub struct Schwaemm<P: SchwaemmPermutation<Rate>, Rate: ArraySize> {
    key: KeyWords<P, Rate>,
    params: PhantomData<(P, Rate)>,
}

impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> Schwaemm<P, Rate> {
    fn run(
        &self,
        nonce: &Nonce<Self>,
        ad: &[u8],
        buf: InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) -> Tag<Self> {
        let mut tag = Tag::<Self>::default();
        P::Duplex::run(&self.key, nonce, ad, buf, decrypt, &mut tag);
        tag
    }
}

impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> Clone for Schwaemm<P, Rate> {
    #[inline]
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            params: PhantomData,
        }
    }
}

impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> KeySizeUser for Schwaemm<P, Rate> {
    type KeySize = P::Capacity;
}

impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> KeyInit for Schwaemm<P, Rate> {
    #[inline]
    fn new(key: &Key<Self>) -> Self {
        Self {
            key: P::Duplex::key(key),
            params: PhantomData,
        }
    }
}

impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> AeadCore for Schwaemm<P, Rate> {
    type NonceSize = Rate;
    type TagSize = P::Capacity;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}

impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> AeadInOut for Schwaemm<P, Rate> {
    fn encrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
    ) -> core::result::Result<Tag<Self>, Error> {
        Ok(self.run(nonce, associated_data, buffer, false))
    }

    // Never inlined: the accept/reject branch on the (secret) tag comparison stays in this
    // one function, the only frame the constant-time memcheck test declassifies.
    #[inline(never)]
    fn decrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        mut buffer: InOutBuf<'_, '_, u8>,
        tag: &Tag<Self>,
    ) -> core::result::Result<(), Error> {
        #[cfg_attr(not(feature = "zeroize"), allow(unused_mut))]
        let mut expected = self.run(nonce, associated_data, buffer.reborrow(), true);
        let ok = expected.as_slice().ct_eq(tag.as_slice()).to_bool();
        // The correct tag of a rejected message is a forgery for it: do not leave it behind.
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(expected.as_mut_slice());
        if ok {
            Ok(())
        } else {
            buffer.get_out().fill(0);
            Err(Error)
        }
    }
}

/// Shows no key: `Schwaemm256_128 { .. }`.
impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> fmt::Debug for Schwaemm<P, Rate> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(P::NAME).finish_non_exhaustive()
    }
}

/// Wipes the key with `zeroize`.
impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> Drop for Schwaemm<P, Rate> {
    fn drop(&mut self) {
        // Every field by name: one added later does not compile here until it is wiped.
        let Self { key, params: _ } = self;
        #[cfg(feature = "zeroize")]
        P::Duplex::wipe(key);
        #[cfg(not(feature = "zeroize"))]
        let _ = key;
    }
}

#[cfg(feature = "zeroize")]
impl<P: SchwaemmPermutation<Rate>, Rate: ArraySize> zeroize::ZeroizeOnDrop for Schwaemm<P, Rate> {}

/// Schwaemm128-128 on Sparkle256: 16-byte key, nonce and tag (120-bit security).
///
/// ```
/// use lwc_sparkle::Schwaemm128_128;
/// use aead::{Aead, KeyInit};
///
/// let cipher = Schwaemm128_128::new(&[0u8; 16].into());
/// let nonce = [1u8; 16].into();
/// let ct = cipher.encrypt(&nonce, &b"message"[..]).unwrap();
/// assert_eq!(ct.len(), 7 + 16);
/// assert_eq!(cipher.decrypt(&nonce, ct.as_slice()).unwrap(), b"message");
/// ```
pub type Schwaemm128_128 = Schwaemm<Sparkle256, U16>;

/// Schwaemm256-128 on Sparkle384, the primary SPARKLE AEAD: 16-byte key and tag, 32-byte nonce
/// (120-bit security).
///
/// ```
/// use lwc_sparkle::Schwaemm256_128;
/// use aead::{AeadInOut, KeyInit, Payload, Aead};
///
/// let cipher = Schwaemm256_128::new(&[7u8; 16].into());
/// let nonce = [0u8; 32].into();
/// let mut buf = b"in place".to_vec();
/// let tag = cipher.encrypt_inout_detached(&nonce, b"header", buf.as_mut_slice().into()).unwrap();
/// cipher.decrypt_inout_detached(&nonce, b"header", buf.as_mut_slice().into(), &tag).unwrap();
/// assert_eq!(buf, b"in place");
/// let ct = cipher.encrypt(&nonce, Payload { msg: b"abc", aad: b"hdr" }).unwrap();
/// assert!(cipher.decrypt(&nonce, Payload { msg: &ct, aad: b"other" }).is_err());
/// ```
pub type Schwaemm256_128 = Schwaemm<Sparkle384, U32>;

/// Schwaemm192-192 on Sparkle384: 24-byte key, nonce and tag (184-bit security).
///
/// ```
/// use lwc_sparkle::Schwaemm192_192;
/// use aead::{Aead, KeyInit};
///
/// let cipher = Schwaemm192_192::new(&[0u8; 24].into());
/// let nonce = [0u8; 24].into();
/// let ct = cipher.encrypt(&nonce, &b"hello"[..]).unwrap();
/// assert_eq!(ct.len(), 5 + 24);
/// ```
pub type Schwaemm192_192 = Schwaemm<Sparkle384, U24>;

/// Schwaemm256-256 on Sparkle512: 32-byte key, nonce and tag (248-bit security).
///
/// ```
/// use lwc_sparkle::Schwaemm256_256;
/// use aead::{Aead, KeyInit};
///
/// let cipher = Schwaemm256_256::new(&[0u8; 32].into());
/// let nonce = [0u8; 32].into();
/// let ct = cipher.encrypt(&nonce, &b"hello"[..]).unwrap();
/// assert_eq!(cipher.decrypt(&nonce, ct.as_slice()).unwrap(), b"hello");
/// ```
pub type Schwaemm256_256 = Schwaemm<Sparkle512, U32>;
