//! The Schwaemm duplex, the engine of the Schwaemm AEADs: the nonce fills the rate, the key the
//! capacity, then the big permutation; associated data and then the message are absorbed a rate
//! at a time through `ρ1` and the rate whitening (the slim permutation after every block but the
//! last of each phase, which is padded only when short, gets a domain constant in the last state
//! word and the big permutation); the tag is the capacity XOR the key.

use aead::inout::InOutBuf;

use super::backends::{Job, Kernels, dispatch};
use super::words::{load, rho_whiten, store};

/// The duplex on `N` state words: `R` rate words (the nonce), `C = N - R` capacity words (the key
/// and the tag), `SLIM` and `BIG` steps.
#[derive(Clone, Copy, Debug)]
pub struct Duplex<
    const N: usize,
    const R: usize,
    const C: usize,
    const SLIM: usize,
    const BIG: usize,
>;

/// What the Schwaemm type does with its duplex (implemented by every [`Duplex`]; the type is
/// generic over the permutation and rate, which name their duplex type).
// Reachable: it bounds the hidden associated type `SchwaemmPermutation::Duplex` of a public trait; rustc
// 1.85 flags it all the same (later versions do not).
#[allow(unreachable_pub)]
pub trait SchwaemmDuplex {
    /// The key as capacity words.
    type Key: Clone;
    /// Loads the key (`4 C` bytes).
    fn key(bytes: &[u8]) -> Self::Key;
    /// Encrypts (`decrypt` false) or decrypts `buf` in place or from its input to its output, with
    /// `nonce` (`4 R` bytes) and associated data `ad`, and writes the tag (`4 C` bytes) to `tag`.
    fn run(
        key: &Self::Key,
        nonce: &[u8],
        ad: &[u8],
        buf: InOutBuf<'_, '_, u8>,
        decrypt: bool,
        tag: &mut [u8],
    );
    /// Overwrites the key words with zeros, a write the compiler keeps.
    #[cfg(feature = "zeroize")]
    fn wipe(key: &mut Self::Key);
}

impl<const N: usize, const R: usize, const C: usize, const SLIM: usize, const BIG: usize>
    SchwaemmDuplex for Duplex<N, R, C, SLIM, BIG>
{
    type Key = [u32; C];

    #[inline]
    fn key(bytes: &[u8]) -> [u32; C] {
        load(bytes)
    }

    // Inlined into the caller, where the nonce, key and tag lengths are known.
    #[inline(always)]
    fn run(
        key: &[u32; C],
        nonce: &[u8],
        ad: &[u8],
        buf: InOutBuf<'_, '_, u8>,
        decrypt: bool,
        tag: &mut [u8],
    ) {
        let nonce: [u32; R] = load(nonce);
        let mut s = dispatch(Run::<N, R, SLIM, BIG> {
            key,
            nonce: &nonce,
            ad,
            buf,
            decrypt,
        });
        for ((t, w), k) in tag.chunks_exact_mut(4).zip(&s[R..]).zip(key) {
            t.copy_from_slice(&(w ^ k).to_le_bytes());
        }
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut s);
        let _ = &mut s;
    }

    #[cfg(feature = "zeroize")]
    #[inline]
    fn wipe(key: &mut [u32; C]) {
        zeroize::Zeroize::zeroize(key);
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
    const WORDS: usize = N;
    type Output = [u32; N];

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> [u32; N] {
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
        kernels.sparkle::<N, BIG>(&mut s);

        if !ad.is_empty() {
            let mut rest = ad;
            while rest.len() > rate {
                let (block, tail) = rest.split_at(rate);
                rho_whiten(&mut s, &load::<R>(block));
                kernels.sparkle::<N, SLIM>(&mut s);
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
            kernels.sparkle::<N, BIG>(&mut s);
        }

        let n = buf.len();
        if n != 0 {
            // Every block but the last (which may be full) goes through the backend's loop.
            let off = (n - 1) / rate * rate;
            let (inner, mut buf) = buf.split_at(off);
            kernels.schwaemm_blocks::<N, R, SLIM>(&mut s, inner, decrypt);
            let len = n - off;
            let mut block = [0u8; 32];
            block[..len].copy_from_slice(buf.get_in());
            let mut keystream = [0u8; 32];
            store(&s[..R], &mut keystream);
            let mut out = [0u8; 32];
            for i in 0..len {
                out[i] = block[i] ^ keystream[i];
            }
            buf.get_out().copy_from_slice(&out[..len]);
            // The block fed back is the plaintext: the input when encrypting, the output when
            // decrypting.
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
            kernels.sparkle::<N, BIG>(&mut s);
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
