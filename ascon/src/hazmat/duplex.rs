//! The duplex engine of every AEAD of both generations: initialisation, associated data, the
//! message blocks and finalisation, parameterised by a [`Variant`] (rate, rounds between blocks,
//! byte order, IV, and the key handling at initialisation and finalisation). Encryption and
//! decryption are one [`Job`] ([`Crypt`], generic over the [`Direction`]), so a whole AEAD call runs on the run-time-selected backend
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
        // Every field by name: one added later does not compile here until it is wiped.
        let Self(words) = self;
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(words);
        #[cfg(not(feature = "zeroize"))]
        let _ = words;
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

/// What differs between encryption and decryption: how an input block meets the rate words.
/// Everything else of a call (initialisation, associated data, block loop, finalisation) is the
/// one [`Crypt`] job.
pub(crate) trait Direction {
    /// A full 16-byte block (rate 16), both words at once (the bit-interleaved words convert them
    /// together): returns the two output words.
    fn block2<S: KernelState>(st: &mut S, input: [u64; 2]) -> [u64; 2];
    /// Word `j` of a full block (rates 8 and 32): returns the output word.
    fn block_word<S: KernelState>(st: &mut S, j: usize, input: u64) -> u64;
    /// Word `j` of the partial last block, of which `n` bytes (1 to 8) are input: returns the
    /// output word (its first `n` bytes are used) and pads the state.
    fn last_word<S: KernelState, O: ByteOrder>(st: &mut S, j: usize, input: u64, n: usize) -> u64;
}

/// Encryption: the plaintext is XORed into the rate, which is the ciphertext.
pub(crate) enum Encryption {}

impl Direction for Encryption {
    #[inline(always)]
    fn block2<S: KernelState>(st: &mut S, input: [u64; 2]) -> [u64; 2] {
        st.xor_get2(input)
    }

    #[inline(always)]
    fn block_word<S: KernelState>(st: &mut S, j: usize, input: u64) -> u64 {
        // XOR in place, then read: the state word never leaves its register (the AVX-512
        // backend keeps it in a vector register).
        st.xor(j, input);
        st.get(j)
    }

    #[inline(always)]
    fn last_word<S: KernelState, O: ByteOrder>(st: &mut S, j: usize, input: u64, n: usize) -> u64 {
        let c = st.get(j) ^ input;
        st.set(j, if n < 8 { c ^ O::pad(n) } else { c });
        c
    }
}

/// Decryption: the plaintext is the rate XOR the ciphertext, and the ciphertext replaces the rate.
pub(crate) enum Decryption {}

impl Direction for Decryption {
    #[inline(always)]
    fn block2<S: KernelState>(st: &mut S, input: [u64; 2]) -> [u64; 2] {
        st.swap2(input)
    }

    #[inline(always)]
    fn block_word<S: KernelState>(st: &mut S, j: usize, input: u64) -> u64 {
        let p = st.get(j) ^ input;
        st.set(j, input);
        p
    }

    #[inline(always)]
    fn last_word<S: KernelState, O: ByteOrder>(st: &mut S, j: usize, input: u64, n: usize) -> u64 {
        // The state's first `n` bytes of word `j` become the ciphertext.
        let s = st.get(j);
        if n < 8 {
            let m = O::mask(n);
            st.set(j, ((s & !m) | input) ^ O::pad(n));
        } else {
            st.set(j, input);
        }
        s ^ input
    }
}

/// Encryption or decryption ([`Direction`]) of `buf`; returns the full 16-byte tag (of the
/// ciphertext: on decryption the caller compares it and zeroes the output on a mismatch).
struct Crypt<'k, 'a, 'b, 'c, V, D> {
    key: &'k KeyWords,
    nonce: &'a [u8],
    ad: &'a [u8],
    buf: InOutBuf<'b, 'c, u8>,
    _v: PhantomData<(V, D)>,
}

impl<V: Variant, D: Direction> Job for Crypt<'_, '_, '_, '_, V, D> {
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
            if rate == 16 {
                // Read before writing: in place, the output is the input.
                let o = D::block2(&mut st, backends::load2::<V::Order>(b.get_in()));
                backends::store2::<V::Order>(b.get_out(), o);
            } else {
                let inp: &Array<u8, V::Rate> = b.get_in();
                let mut out = Array::<u8, V::Rate>::default();
                for j in 0..rate / 8 {
                    let o = D::block_word(&mut st, j, V::Order::load(&inp[8 * j..]));
                    out[8 * j..8 * j + 8].copy_from_slice(&V::Order::to_bytes(o));
                }
                *b.get_out() = out;
            }
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
            let o = D::last_word::<_, V::Order>(&mut st, j, V::Order::load(&tmp[lo..]), n);
            out[lo..lo + 8].copy_from_slice(&V::Order::to_bytes(o));
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

/// Encrypts `buf` in place or into its output half; returns the full 16-byte tag.
#[inline(always)]
pub(crate) fn encrypt<V: Variant>(
    key: &KeyWords,
    nonce: &[u8],
    ad: &[u8],
    buf: InOutBuf<'_, '_, u8>,
) -> [u8; 16] {
    backends::dispatch(Crypt::<V, Encryption> {
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
    backends::dispatch(Crypt::<V, Decryption> {
        key,
        nonce,
        ad,
        buf,
        _v: PhantomData,
    })
}
