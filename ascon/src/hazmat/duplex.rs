//! The duplex engine of every AEAD of both generations: initialisation, associated data, the
//! message blocks and finalisation, parameterised by a [`Variant`] (rate, rounds between blocks,
//! byte order, IV, and the key handling at initialisation and finalisation). Encryption and
//! decryption are each one [`Job`], so a whole AEAD call runs on the run-time-selected backend
//! with the state in registers.

use core::marker::PhantomData;

use aead::{
    array::{Array, ArraySize, typenum::Unsigned},
    inout::InOutBuf,
};

use crate::hazmat::backends::{self, Job, KernelState, Kernels};
use crate::hazmat::sponge::permute_rounds;
use crate::hazmat::words::ByteOrder;

/// Key words: `[K0, K1, _]` for 128-bit keys; `[K[0..4], K[4..12], K[12..20]]` for Ascon-80pq.
#[derive(Clone)]
pub struct KeyWords(pub(crate) [u64; 3]);

impl core::fmt::Debug for KeyWords {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyWords").finish_non_exhaustive()
    }
}

impl Drop for KeyWords {
    fn drop(&mut self) {
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}

/// One AEAD variant of the duplex.
pub(crate) trait Variant {
    /// Rate in bytes as a type (8 or 16).
    type Rate: ArraySize;
    /// Rounds between blocks.
    const B: usize;
    /// Byte order of the generation.
    type Order: ByteOrder;
    /// The IV word `x0` at initialisation.
    const IV: u64;

    /// Initialisation: `(IV, K0, K1, N0, N1)`, `p12`, then the key XORed into `x3, x4`.
    #[inline(always)]
    fn init<K: Kernels>(kernels: K, key: &KeyWords, nonce: &[u8]) -> K::State {
        let [k0, k1, _] = key.0;
        let mut st = kernels.load_words([
            Self::IV,
            k0,
            k1,
            Self::Order::load(nonce),
            Self::Order::load(&nonce[8..]),
        ]);
        st.permute::<12>();
        st.xor(3, k0);
        st.xor(4, k1);
        st
    }

    /// Finalisation: the key XORed into the two words right after the rate, `p12`, then the full
    /// 16-byte tag `(x3 ^ K0, x4 ^ K1)`.
    #[inline(always)]
    fn finalize<S: KernelState>(key: &KeyWords, st: &mut S) -> [u8; 16] {
        let [k0, k1, _] = key.0;
        let i = Self::Rate::USIZE / 8;
        st.xor(i, k0);
        st.xor(i + 1, k1);
        st.permute::<12>();
        tag::<Self::Order>(st.get(3) ^ k0, st.get(4) ^ k1)
    }
}

/// The 16 tag bytes of the words `a`, `b`.
#[inline(always)]
pub(crate) fn tag<O: ByteOrder>(a: u64, b: u64) -> [u8; 16] {
    let mut t = [0u8; 16];
    t[..8].copy_from_slice(&O::to_bytes(a));
    t[8..].copy_from_slice(&O::to_bytes(b));
    t
}

/// Associated data: padded blocks (only when non-empty), then the domain bit.
#[inline(always)]
fn absorb_ad<V: Variant, S: KernelState>(st: &mut S, ad: &[u8]) {
    let rate = V::Rate::USIZE;
    if !ad.is_empty() {
        let mut blocks = ad.chunks_exact(rate);
        for b in &mut blocks {
            for j in 0..rate / 8 {
                st.xor(j, V::Order::load(&b[8 * j..]));
            }
            permute_rounds(st, V::B);
        }
        let rest = blocks.remainder();
        let mut last = [0u8; 16];
        last[..rest.len()].copy_from_slice(rest);
        last[rest.len()] = V::Order::PAD_BYTE;
        for j in 0..rate / 8 {
            st.xor(j, V::Order::load(&last[8 * j..]));
        }
        permute_rounds(st, V::B);
    }
    st.xor(4, V::Order::DOMAIN_BIT);
}

/// Encryption of `buf`; returns the full 16-byte tag.
struct Encrypt<'k, 'a, 'b, 'c, V> {
    key: &'k KeyWords,
    nonce: &'a [u8],
    ad: &'a [u8],
    buf: InOutBuf<'b, 'c, u8>,
    _v: PhantomData<V>,
}

impl<V: Variant> Job for Encrypt<'_, '_, '_, '_, V> {
    type Output = [u8; 16];

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> [u8; 16] {
        let Self {
            key,
            nonce,
            ad,
            buf,
            ..
        } = self;
        let rate = V::Rate::USIZE;
        let mut st = V::init(kernels, key, nonce);
        absorb_ad::<V, _>(&mut st, ad);
        let (blocks, mut tail) = buf.into_chunks::<V::Rate>();
        for mut b in blocks {
            let inp: &Array<u8, V::Rate> = b.get_in();
            let mut ct = Array::<u8, V::Rate>::default();
            if rate == 16 {
                // Both words at once (the bit-interleaved words convert them together).
                let c = st.xor_get2([V::Order::load(&inp[..]), V::Order::load(&inp[8..])]);
                ct[..8].copy_from_slice(&V::Order::to_bytes(c[0]));
                ct[8..16].copy_from_slice(&V::Order::to_bytes(c[1]));
            } else {
                for j in 0..rate / 8 {
                    // XOR in place, then read: the state word never leaves its register (the
                    // AVX-512 backend keeps it in a vector register).
                    st.xor(j, V::Order::load(&inp[8 * j..]));
                    let w = st.get(j);
                    ct[8 * j..8 * j + 8].copy_from_slice(&V::Order::to_bytes(w));
                }
            }
            *b.get_out() = ct;
            permute_rounds(&mut st, V::B);
        }
        let len = tail.len();
        let mut tmp = [0u8; 16];
        tmp[..len].copy_from_slice(tail.get_in());
        let mut out = [0u8; 16];
        // The partial last block, word `j` of the rate at a time.
        for j in 0..rate / 8 {
            let lo = 8 * j;
            if lo > len {
                break;
            }
            let n = (len - lo).min(8);
            let c = st.get(j) ^ V::Order::load(&tmp[lo..]);
            out[lo..lo + 8].copy_from_slice(&V::Order::to_bytes(c));
            st.set(j, if n < 8 { c ^ V::Order::pad(n) } else { c });
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
    }
}

/// Decryption of `buf`; returns the full 16-byte tag it computed (the caller compares).
struct Decrypt<'k, 'a, 'b, 'c, V> {
    key: &'k KeyWords,
    nonce: &'a [u8],
    ad: &'a [u8],
    buf: InOutBuf<'b, 'c, u8>,
    _v: PhantomData<V>,
}

impl<V: Variant> Job for Decrypt<'_, '_, '_, '_, V> {
    type Output = [u8; 16];

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> [u8; 16] {
        let Self {
            key,
            nonce,
            ad,
            buf,
            ..
        } = self;
        let rate = V::Rate::USIZE;
        let mut st = V::init(kernels, key, nonce);
        absorb_ad::<V, _>(&mut st, ad);
        let (blocks, mut tail) = buf.into_chunks::<V::Rate>();
        for mut b in blocks {
            let inp: &Array<u8, V::Rate> = b.get_in();
            let mut pt = Array::<u8, V::Rate>::default();
            if rate == 16 {
                let p = st.swap2([V::Order::load(&inp[..]), V::Order::load(&inp[8..])]);
                pt[..8].copy_from_slice(&V::Order::to_bytes(p[0]));
                pt[8..16].copy_from_slice(&V::Order::to_bytes(p[1]));
            } else {
                for j in 0..rate / 8 {
                    let c = V::Order::load(&inp[8 * j..]);
                    pt[8 * j..8 * j + 8].copy_from_slice(&V::Order::to_bytes(st.get(j) ^ c));
                    st.set(j, c);
                }
            }
            *b.get_out() = pt;
            permute_rounds(&mut st, V::B);
        }
        let len = tail.len();
        let mut tmp = [0u8; 16];
        tmp[..len].copy_from_slice(tail.get_in());
        let mut out = [0u8; 16];
        // The partial last block: the state's first `n` bytes of word `j` become the ciphertext.
        for j in 0..rate / 8 {
            let lo = 8 * j;
            if lo > len {
                break;
            }
            let n = (len - lo).min(8);
            let c = V::Order::load(&tmp[lo..]);
            let s = st.get(j);
            out[lo..lo + 8].copy_from_slice(&V::Order::to_bytes(s ^ c));
            if n < 8 {
                let m = V::Order::mask(n);
                st.set(j, ((s & !m) | c) ^ V::Order::pad(n));
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
    }
}

/// Encrypts `buf` in place or into its output half; returns the full 16-byte tag.
#[inline(always)]
pub(crate) fn encrypt<V: Variant>(
    key: &KeyWords,
    nonce: &[u8],
    ad: &[u8],
    buf: InOutBuf<'_, '_, u8>,
) -> [u8; 16] {
    backends::dispatch(Encrypt::<V> {
        key,
        nonce,
        ad,
        buf,
        _v: PhantomData,
    })
}

/// Decrypts `buf` in place or into its output half; returns the full 16-byte tag of the
/// ciphertext, for the caller to compare (and to zero the output on a mismatch).
#[inline(always)]
pub(crate) fn decrypt<V: Variant>(
    key: &KeyWords,
    nonce: &[u8],
    ad: &[u8],
    buf: InOutBuf<'_, '_, u8>,
) -> [u8; 16] {
    backends::dispatch(Decrypt::<V> {
        key,
        nonce,
        ad,
        buf,
        _v: PhantomData,
    })
}
