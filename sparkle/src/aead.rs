//! The Schwaemm authenticated ciphers (`KeyInit` + `AeadInOut`, tag appended).
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

use core::fmt;

/// Everything of the `aead` crate (`Aead`, `AeadInOut`, `KeyInit`, `Payload`, ...), so that
/// `lwc_sparkle::aead::Aead` works as `chacha20poly1305::aead::Aead` does.
#[doc(no_inline)]
pub use ::aead::*;

use self::consts::{U16, U24, U32};
use self::inout::InOutBuf;
use ctutils::CtEq;

use crate::hazmat::backends::{Backend, Job, dispatch};

/// Loads little-endian words from `bytes` (whose length is `4 * W`).
#[inline(always)]
pub(crate) fn load<const W: usize>(bytes: &[u8]) -> [u32; W] {
    core::array::from_fn(|i| {
        u32::from_le_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ])
    })
}

/// `ρ1` with input block `d` followed by the rate whitening, on `R` rate and `N - R` capacity words.
#[inline(always)]
pub(crate) fn rho_whiten<const N: usize, const R: usize>(s: &mut [u32; N], d: &[u32; R]) {
    let h = R / 2;
    let c = N - R;
    for j in 0..h {
        let l = s[j];
        let r = s[h + j];
        s[j] = r ^ d[j];
        s[h + j] = l ^ r ^ d[h + j];
    }
    for j in 0..R {
        s[j] ^= s[R + j % c];
    }
}

/// The whole Schwaemm computation for one message; returns the final state.
struct Run<'k, 'a, 'i, 'o, const N: usize, const R: usize, const SLIM: usize, const BIG: usize> {
    key: &'k [u32],
    nonce: &'k [u32; R],
    ad: &'a [u8],
    buf: InOutBuf<'i, 'o, u8>,
    decrypt: bool,
}

impl<const N: usize, const R: usize, const SLIM: usize, const BIG: usize> Job
    for Run<'_, '_, '_, '_, N, R, SLIM, BIG>
{
    type Output = [u32; N];

    #[inline(always)]
    fn run<B: Backend>(self, b: B) -> [u32; N] {
        let Self {
            key,
            nonce,
            ad,
            buf,
            decrypt,
        } = self;
        let rate = 4 * R;
        // Domain constant base 1 << (capacity branches).
        let base = 1u32 << ((N - R) / 2);
        let mut s = [0u32; N];
        s[..R].copy_from_slice(nonce);
        s[R..].copy_from_slice(key);
        b.sparkle::<N, BIG>(&mut s);

        if !ad.is_empty() {
            let mut rest = ad;
            while rest.len() > rate {
                let (block, tail) = rest.split_at(rate);
                rho_whiten(&mut s, &load::<R>(block));
                b.sparkle::<N, SLIM>(&mut s);
                rest = tail;
            }
            let mut block = [0u8; 32];
            block[..rest.len()].copy_from_slice(rest);
            let d = if rest.len() < rate {
                block[rest.len()] = 0x80;
                base
            } else {
                base | 1
            };
            s[N - 1] ^= d << 24;
            rho_whiten(&mut s, &load::<R>(&block[..rate]));
            b.sparkle::<N, BIG>(&mut s);
        }

        let n = buf.len();
        if n != 0 {
            // Every block but the last (which may be full) goes through the backend's loop.
            let off = (n - 1) / rate * rate;
            let (inner, mut buf) = buf.split_at(off);
            b.schwaemm_blocks::<N, R, SLIM>(&mut s, inner, decrypt);
            let len = n - off;
            let mut block = [0u8; 32];
            block[..len].copy_from_slice(buf.get_in());
            let mut keystream = [0u8; 32];
            for (k, w) in keystream.chunks_exact_mut(4).zip(&s[..R]) {
                k.copy_from_slice(&w.to_le_bytes());
            }
            let mut out = [0u8; 32];
            for i in 0..len {
                out[i] = block[i] ^ keystream[i];
            }
            buf.get_out().copy_from_slice(&out[..len]);
            // The block fed back is the plaintext: the input when encrypting, the output when decrypting.
            let mut d = if decrypt { out } else { block };
            for x in &mut d[len..] {
                *x = 0;
            }
            let c = if len < rate {
                d[len] = 0x80;
                base | 2
            } else {
                base | 3
            };
            s[N - 1] ^= c << 24;
            rho_whiten(&mut s, &load::<R>(&d[..rate]));
            b.sparkle::<N, BIG>(&mut s);
            #[cfg(feature = "zeroize")]
            {
                zeroize::Zeroize::zeroize(&mut block);
                zeroize::Zeroize::zeroize(&mut out);
                zeroize::Zeroize::zeroize(&mut d);
                zeroize::Zeroize::zeroize(&mut keystream);
            }
        }
        s
    }
}

macro_rules! schwaemm {
    (
        $(#[$doc:meta])* $name:ident, $alg:literal, $words:literal, $rate:literal, $cap:literal,
        $slim:literal, $big:literal, $key_size:ty, $nonce_size:ty
    ) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name {
            key: [u32; $cap],
        }

        impl $name {
            fn run(&self, nonce: &Nonce<Self>, ad: &[u8], buf: InOutBuf<'_, '_, u8>, decrypt: bool) -> Tag<Self> {
                let nonce: [u32; $rate] = load(nonce);
                let mut s = dispatch(Run::<$words, $rate, $slim, $big> { key: &self.key, nonce: &nonce, ad, buf, decrypt });
                let mut tag = Tag::<Self>::default();
                for ((t, w), k) in tag.chunks_exact_mut(4).zip(&s[$rate..]).zip(&self.key) {
                    t.copy_from_slice(&(w ^ k).to_le_bytes());
                }
                #[cfg(feature = "zeroize")]
                zeroize::Zeroize::zeroize(&mut s);
                let _ = &mut s;
                tag
            }
        }

        impl KeySizeUser for $name {
            type KeySize = $key_size;
        }

        impl KeyInit for $name {
            #[inline]
            fn new(key: &Key<Self>) -> Self {
                Self { key: load(key) }
            }
        }

        impl AeadCore for $name {
            type NonceSize = $nonce_size;
            type TagSize = $key_size;
            const TAG_POSITION: TagPosition = TagPosition::Postfix;
        }

        impl AeadInOut for $name {
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

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                #[cfg(feature = "zeroize")]
                zeroize::Zeroize::zeroize(&mut self.key);
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

schwaemm!(
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
    Schwaemm128_128, "Schwaemm128-128", 8, 4, 4, 7, 10, U16, U16
);

schwaemm!(
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
    Schwaemm256_128, "Schwaemm256-128", 12, 8, 4, 7, 11, U16, U32
);

schwaemm!(
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
    Schwaemm192_192, "Schwaemm192-192", 12, 6, 6, 7, 11, U24, U24
);

schwaemm!(
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
    Schwaemm256_256, "Schwaemm256-256", 16, 8, 8, 8, 12, U32, U32
);
