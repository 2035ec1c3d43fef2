//! The AES-round cores of LeMac and PetitMac: key derivation, state, the backend choice, and
//! the algorithms written once over the AES-round backends (`portable` first, then AES-NI, VAES,
//! AVX-512 and ARMv8, chosen once at run time).
//!
//! Hazardous: these are building blocks for tests and experiments, not finished MACs. Use
//! [`LeMac`](crate::LeMac) and [`PetitMac`](crate::PetitMac).

pub(crate) mod backends;
mod finalization;
pub(crate) mod jobs;
pub(crate) mod lemac;
pub(crate) mod petitmac;
#[cfg(test)]
mod tests;
pub(crate) mod words;

use aes::Aes128;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use core::fmt;

pub use backends::Backend;

/// A 16-byte AES word.
pub type Word = [u8; 16];

/// `C(i)`: the word whose byte 0 is `i`, all other bytes zero.
fn constant(i: u8) -> aes::Block {
    let mut b = aes::Block::default();
    b[0] = i;
    b
}

/// Encrypts the counter words `C(first)`, `C(first + 1)`, ... under `cipher` into `out`.
fn encrypt_counters(cipher: &Aes128, first: u8, out: &mut [Word]) {
    for (i, w) in out.iter_mut().enumerate() {
        let mut b = constant(first + i as u8);
        cipher.encrypt_block(&mut b);
        w.copy_from_slice(&b);
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(b.as_mut_slice());
    }
}

/// AES `SubWord` of four bytes, in constant time.
///
/// The word is placed in all four columns of a block, so `ShiftRows` leaves the block unchanged;
/// one round with a zero key followed by `InvMixColumns` then leaves exactly `SubBytes`.
fn sub_word(w: [u8; 4]) -> [u8; 4] {
    let mut b = aes::Block::default();
    for c in 0..4 {
        b[4 * c..4 * c + 4].copy_from_slice(&w);
    }
    aes::hazmat::cipher_round(&mut b, &aes::Block::default());
    aes::hazmat::inv_mix_columns(&mut b);
    let out = [b[0], b[1], b[2], b[3]];
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(b.as_mut_slice());
    out
}

/// The standard AES-128 key expansion (FIPS 197 §5.2): 11 round keys, constant time.
pub(crate) fn expand_key(key: &Word) -> [Word; 11] {
    const RCON: [u8; 10] = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36];
    let mut rk = [[0u8; 16]; 11];
    rk[0] = *key;
    for r in 1..11 {
        let prev = rk[r - 1];
        let last = [prev[12], prev[13], prev[14], prev[15]];
        let mut t = sub_word([last[1], last[2], last[3], last[0]]);
        t[0] ^= RCON[r - 1];
        for c in 0..4 {
            for j in 0..4 {
                let v = prev[4 * c + j] ^ t[j];
                rk[r][4 * c + j] = v;
                t[j] = v;
            }
        }
    }
    rk
}

/// `Debug` (no key material shown) and, with `zeroize`, wiping on drop for a context type whose
/// fields are `init`, `subkeys`, `k2` and `k3`.
macro_rules! context_impls {
    ($ctx:ident) => {
        impl fmt::Debug for $ctx {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($ctx)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        impl Drop for $ctx {
            fn drop(&mut self) {
                use zeroize::Zeroize;
                // Every field by name: one added later does not compile here until it is wiped.
                let Self {
                    init,
                    subkeys,
                    k2,
                    k3,
                } = self;
                init.zeroize();
                subkeys.zeroize();
                k2.zeroize();
                k3.zeroize();
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $ctx {}
    };
}

/// The key-derived material of LeMac (29 AES-128 calls and two key expansions, done once per key).
#[derive(Clone)]
pub struct LeMacContext {
    pub(crate) init: [Word; 9],
    pub(crate) subkeys: [Word; 18],
    pub(crate) k2: [Word; 11],
    pub(crate) k3: [Word; 11],
}

impl LeMacContext {
    /// Derives the context of `key`: `I[j] = AES_K(C(j))` for j = 0..8, `F[j] = AES_K(C(9 + j))`
    /// for j = 0..17, and the expanded keys `k2 = AES_K(C(27))`, `k3 = AES_K(C(28))`.
    #[must_use]
    pub fn new(key: &Word) -> Self {
        let cipher = Aes128::new(key.into());
        let mut init = [[0u8; 16]; 9];
        let mut subkeys = [[0u8; 16]; 18];
        let mut k = [[0u8; 16]; 2];
        encrypt_counters(&cipher, 0, &mut init);
        encrypt_counters(&cipher, 9, &mut subkeys);
        encrypt_counters(&cipher, 27, &mut k);
        let ctx = Self {
            init,
            subkeys,
            k2: expand_key(&k[0]),
            k3: expand_key(&k[1]),
        };
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut k);
        ctx
    }

    /// The 9 initial state words `I[0..9]`.
    #[must_use]
    pub fn init_state(&self) -> &[Word; 9] {
        &self.init
    }

    /// The 18 finalisation subkeys `F[0..18]`.
    #[must_use]
    pub fn final_subkeys(&self) -> &[Word; 18] {
        &self.subkeys
    }

    /// The 11 AES-128 round keys of the nonce key `k2` (round key 0 is `k2` itself).
    #[must_use]
    pub fn k2_round_keys(&self) -> &[Word; 11] {
        &self.k2
    }

    /// The 11 AES-128 round keys of the output key `k3`.
    #[must_use]
    pub fn k3_round_keys(&self) -> &[Word; 11] {
        &self.k3
    }
}

context_impls!(LeMacContext);

/// The key-derived material of PetitMac: `S = AES_K(C(0))`, `F[j] = AES_K(C(1 + j))` for
/// j = 0..14, and the expanded keys `k2 = AES_K(C(16))`, `k3 = AES_K(C(17))`.
#[derive(Clone)]
pub struct PetitMacContext {
    pub(crate) init: Word,
    pub(crate) subkeys: [Word; 15],
    pub(crate) k2: [Word; 11],
    pub(crate) k3: [Word; 11],
}

impl PetitMacContext {
    /// Derives the context of `key`.
    #[must_use]
    pub fn new(key: &Word) -> Self {
        let cipher = Aes128::new(key.into());
        let mut init = [[0u8; 16]; 1];
        let mut subkeys = [[0u8; 16]; 15];
        let mut k = [[0u8; 16]; 2];
        encrypt_counters(&cipher, 0, &mut init);
        encrypt_counters(&cipher, 1, &mut subkeys);
        encrypt_counters(&cipher, 16, &mut k);
        let ctx = Self {
            init: init[0],
            subkeys,
            k2: expand_key(&k[0]),
            k3: expand_key(&k[1]),
        };
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(&mut k);
            zeroize::Zeroize::zeroize(&mut init);
        }
        ctx
    }

    /// The initial state word.
    #[must_use]
    pub fn init_state(&self) -> &Word {
        &self.init
    }

    /// The 15 finalisation subkeys.
    #[must_use]
    pub fn final_subkeys(&self) -> &[Word; 15] {
        &self.subkeys
    }
}

context_impls!(PetitMacContext);

/// The LeMac chaining state: 9 state words and the 4 message-delay words `RR, R0, R1, R2`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeMacState {
    pub(crate) s: [Word; 9],
    pub(crate) r: [Word; 4],
}

impl LeMacState {
    pub(crate) fn new(ctx: &LeMacContext) -> Self {
        Self {
            s: ctx.init,
            r: [[0; 16]; 4],
        }
    }
}

/// The PetitMac chaining state: the state word `S` and the 5 delay words `R0..R4`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PetitMacState {
    pub(crate) s: Word,
    pub(crate) r: [Word; 5],
}

/// Wiping for the two running states: every field by name, so one added later does not compile
/// here until it is wiped.
macro_rules! state_zeroize {
    ($($state:ident),*) => {$(
        #[cfg(feature = "zeroize")]
        impl zeroize::Zeroize for $state {
            fn zeroize(&mut self) {
                let Self { s, r } = self;
                s.zeroize();
                r.zeroize();
            }
        }
    )*};
}
state_zeroize!(LeMacState, PetitMacState);

impl PetitMacState {
    pub(crate) fn new(ctx: &PetitMacContext) -> Self {
        Self {
            s: ctx.init,
            r: [[0; 16]; 5],
        }
    }
}

/// The backend every call of this process uses: chosen once, on first use, as the fastest
/// backend this CPU supports (or the one forced with [`force_backend`]).
#[must_use]
#[inline]
pub fn backend() -> Backend {
    backends::chosen()
}

/// Makes every later call of this process use `backend`, if the CPU supports it; returns whether
/// it did. For tests and benchmarks that compare backends in one process (all compute the same
/// function).
#[doc(hidden)]
pub fn force_backend(backend: Backend) -> bool {
    backends::force(backend)
}

/// How many messages [`LeMac::compute_many`](crate::LeMac::compute_many) runs side by side on
/// the backend of this process: 2 on [`Backend::X86Vaes`], [`Backend::X86Avx512`] and
/// `Backend::Aarch64Aes` (the backends with two-lane kernels), else 1.
#[must_use]
#[inline]
pub fn compute_many_lanes() -> usize {
    match backend() {
        #[cfg(lemac_vaes)]
        Backend::X86Vaes => 2,
        #[cfg(lemac_avx512)]
        Backend::X86Avx512 => 2,
        #[cfg(lemac_aarch64)]
        Backend::Aarch64Aes => 2,
        _ => 1,
    }
}
