//! Keyed modes of the Ascon team: Ascon-Mac, Ascon-Prf and Ascon-PrfShort, in the v1.2 (big
//! endian, ia.cr/2021/1574) and the little-endian "v1.3" forms (ascon-c `*v13`; not part of
//! SP 800-232).

use core::fmt;

use ctutils::CtEq;
use digest::{
    InvalidLength, Key, KeyInit, MacError, MacMarker,
    common::{AlgorithmName, KeySizeUser},
    consts::U16,
};

use crate::hash::{AsconHasher, Fixed, HasherParams, Hashing, StartState};
use crate::hazmat::backends::{self, Job, KernelState, Kernels, Words};
use crate::hazmat::sponge::Spec;
use crate::hazmat::words::{Be, ByteOrder, Le};
use crate::xof::{AsconReader, Extendable, ReaderName};

/// Keyed sponges (MACs, PRFs): `KeyInit` with a 16-byte key; `Reset` returns to
/// `p12(IV, K0, K1, 0, 0)`.
pub(crate) trait Keyed: Hashing<Init = StartState> {
    /// The IV word `x0`.
    const IV: u64;
}

/// `p12(IV, K0, K1, 0, 0)` in the words of the build.
struct KeyedInit<'a, O> {
    iv: u64,
    key: &'a [u8],
    _o: core::marker::PhantomData<O>,
}

impl<O: ByteOrder> Job for KeyedInit<'_, O> {
    type Output = Words;

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> Words {
        let k = self.key;
        let mut s = kernels.load_words([self.iv, O::load(&k[..8]), O::load(&k[8..16]), 0, 0]);
        s.permute::<12>();
        let mut w = Words::from_words([0; 5]);
        s.store(&mut w);
        #[cfg(feature = "zeroize")]
        s.wipe();
        w
    }
}

impl<P: Keyed> KeySizeUser for AsconHasher<P> {
    type KeySize = U16;
}

impl<P: Keyed> KeyInit for AsconHasher<P> {
    fn new(key: &Key<Self>) -> Self {
        let init = backends::dispatch(KeyedInit::<<P::Spec as Spec>::Order> {
            iv: P::IV,
            key,
            _o: core::marker::PhantomData,
        });
        Self::from_parts(init.clone(), StartState(init))
    }
}

impl<P: Keyed + Fixed> MacMarker for AsconHasher<P> {}

/// Sponge parameters of v1.2's Ascon-Mac / Ascon-Prf: rate 32, `p12`, big endian, 16-byte output
/// blocks.
#[derive(Debug)]
pub struct V12MacSpec;
impl Spec for V12MacSpec {
    const RATE: usize = 32;
    type Order = Be;
    const B_ABSORB: usize = 12;
    const DOMAIN_SEPARATED: bool = true;
    const OUT_RATE: usize = 16;
    const B_SQUEEZE: usize = 12;
}
impl ReaderName for V12MacSpec {
    const READER: &'static str = "AsconPrfReader";
}

/// Sponge parameters of v1.2's Ascon-Maca / Ascon-Prfa: rate 40, `p8` between blocks, big endian.
#[derive(Debug)]
pub struct V12MacaSpec;
impl Spec for V12MacaSpec {
    const RATE: usize = 40;
    type Order = Be;
    const B_ABSORB: usize = 8;
    const DOMAIN_SEPARATED: bool = true;
    const OUT_RATE: usize = 16;
    const B_SQUEEZE: usize = 8;
}
impl ReaderName for V12MacaSpec {
    const READER: &'static str = "AsconPrfaReader";
}

/// Sponge parameters of the little-endian Ascon-Mac / Ascon-Prf: rate 32, `p12`, little endian.
#[derive(Debug)]
pub struct V13MacSpec;
impl Spec for V13MacSpec {
    const RATE: usize = 32;
    type Order = Le;
    const B_ABSORB: usize = 12;
    const DOMAIN_SEPARATED: bool = true;
    const OUT_RATE: usize = 16;
    const B_SQUEEZE: usize = 12;
}
impl ReaderName for V13MacSpec {
    const READER: &'static str = "AsconPrfReaderV13";
}

/// Declares the parameter type `$p` of a keyed sponge: its spec, IV, names.
macro_rules! keyed_params {
    ($(#[$attr:meta])* $p:ident, $spec:ty, $iv:expr, $name:literal, $alg:literal) => {
        $(#[$attr])*
        #[derive(Debug)]
        pub struct $p;
        impl HasherParams for $p {
            type Spec = $spec;
            type Init = StartState;
        }
        impl Hashing for $p {
            const NAME: &'static str = $name;
            const ALG: &'static str = $alg;
            fn reset_state(init: &StartState) -> Words {
                init.0.clone()
            }
        }
        impl Keyed for $p {
            const IV: u64 = $iv;
        }
    };
}

keyed_params!(
    /// The parameters of [`AsconMac`].
    V12Mac,
    V12MacSpec,
    0x8080_8c00_0000_0080,
    "AsconMac",
    "Ascon-Mac"
);
keyed_params!(
    /// The parameters of [`AsconMaca`].
    V12Maca,
    V12MacaSpec,
    0x8080_8c04_0000_0080,
    "AsconMaca",
    "Ascon-Maca"
);
keyed_params!(
    /// The parameters of [`AsconMacV13`].
    V13Mac,
    V13MacSpec,
    0x0010_2000_80cc_0005,
    "AsconMacV13",
    "Ascon-Mac (LE)"
);
keyed_params!(
    /// The parameters of [`AsconPrf`].
    V12Prf,
    V12MacSpec,
    0x8080_8c00_0000_0000,
    "AsconPrf",
    "Ascon-Prf"
);
keyed_params!(
    /// The parameters of [`AsconPrfa`].
    V12Prfa,
    V12MacaSpec,
    0x8080_8c04_0000_0000,
    "AsconPrfa",
    "Ascon-Prfa"
);
keyed_params!(
    /// The parameters of [`AsconPrfV13`].
    V13Prf,
    V13MacSpec,
    0x0010_2000_00cc_0006,
    "AsconPrfV13",
    "Ascon-Prf (LE)"
);

impl Fixed for V12Mac {
    type OutputSize = U16;
}
impl Fixed for V12Maca {
    type OutputSize = U16;
}
impl Fixed for V13Mac {
    type OutputSize = U16;
}
impl Extendable for V12Prf {}
impl Extendable for V12Prfa {}
impl Extendable for V13Prf {}

/// Ascon-Mac (Ascon v1.2, big endian): 128-bit key, 128-bit tag; `Mac` through the RustCrypto
/// blanket, constructed with `KeyInit`.
///
/// ```
/// use lwc_ascon::v12::AsconMac;
/// use lwc_ascon::digest::{KeyInit, Mac};
/// let key: [u8; 16] = core::array::from_fn(|i| i as u8);
/// let mac = AsconMac::new(&key.into());
/// assert_eq!(mac.finalize().into_bytes()[..4], [0xeb, 0x1a, 0xf6, 0x88]);
/// ```
pub type AsconMac = AsconHasher<V12Mac>;

/// Ascon-Maca (Ascon v1.2, big endian): rate 40 bytes, `p8` between blocks.
///
/// ```
/// use lwc_ascon::v12::AsconMaca;
/// use lwc_ascon::digest::{KeyInit, Mac};
/// let key: [u8; 16] = core::array::from_fn(|i| i as u8);
/// let mut mac = AsconMaca::new(&key.into());
/// mac.update(b"message");
/// let tag = mac.finalize().into_bytes();
/// let mut again = AsconMaca::new(&key.into());
/// again.update(b"message");
/// assert!(again.verify_slice(&tag).is_ok());
/// ```
pub type AsconMaca = AsconHasher<V12Maca>;

/// Ascon-Mac in the little-endian form of the Ascon team (ascon-c `asconmacv13`, IV
/// `0x0010200080cc0005`; not NIST-standardized): 128-bit key and tag.
///
/// ```
/// use lwc_ascon::v13::AsconMac;
/// use lwc_ascon::digest::{KeyInit, Mac};
/// let key: [u8; 16] = core::array::from_fn(|i| i as u8);
/// let mac = AsconMac::new(&key.into());
/// assert_eq!(mac.finalize().into_bytes()[..4], [0xea, 0xc9, 0xd7, 0x4b]);
/// ```
pub type AsconMacV13 = AsconHasher<V13Mac>;

/// Ascon-Prf (Ascon v1.2, big endian): keyed XOF, any output length.
///
/// ```
/// use lwc_ascon::v12::AsconPrf;
/// use lwc_ascon::digest::{ExtendableOutput, KeyInit, Update, XofReader};
/// let mut prf = AsconPrf::new(&[7u8; 16].into());
/// prf.update(b"input");
/// let mut out = [0u8; 40];
/// prf.finalize_xof().read(&mut out);
/// ```
pub type AsconPrf = AsconHasher<V12Prf>;

/// The output stream of [`AsconPrf`].
pub type AsconPrfReader = AsconReader<V12MacSpec>;

/// Ascon-Prfa (Ascon v1.2, big endian): rate 40 bytes, `p8` between blocks.
///
/// ```
/// use lwc_ascon::v12::AsconPrfa;
/// use lwc_ascon::digest::{ExtendableOutput, KeyInit, Update, XofReader};
/// let mut prf = AsconPrfa::new(&[7u8; 16].into());
/// prf.update(b"input");
/// let mut out = [0u8; 16];
/// prf.finalize_xof().read(&mut out);
/// ```
pub type AsconPrfa = AsconHasher<V12Prfa>;

/// The output stream of [`AsconPrfa`].
pub type AsconPrfaReader = AsconReader<V12MacaSpec>;

/// Ascon-Prf in the little-endian form of the Ascon team (ascon-c `asconprfv13`, IV
/// `0x0010200000cc0006`; not NIST-standardized): keyed XOF, any output length.
///
/// ```
/// use lwc_ascon::v13::AsconPrf;
/// use lwc_ascon::digest::{ExtendableOutput, KeyInit, Update, XofReader};
/// let mut prf = AsconPrf::new(&[7u8; 16].into());
/// prf.update(b"input");
/// let mut out = [0u8; 64];
/// prf.finalize_xof().read(&mut out);
/// ```
pub type AsconPrfV13 = AsconHasher<V13Prf>;

/// The output stream of the little-endian [`AsconPrfV13`].
pub type AsconPrfReaderV13 = AsconReader<V13MacSpec>;

/// `p12` of `(IV, K0, K1, M0, M1)`, then words 3 and 4: Ascon-PrfShort's one permutation.
struct PrfShortCore([u64; 5]);

impl Job for PrfShortCore {
    type Output = [u64; 2];

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> [u64; 2] {
        let mut s = kernels.load_words(self.0);
        s.permute::<12>();
        let out = [s.get(3), s.get(4)];
        #[cfg(feature = "zeroize")]
        s.wipe();
        out
    }
}

/// Ascon-PrfShort: a one-call PRF for messages of at most 16 bytes and outputs of 1 to 16 bytes
/// (one `p12`). `LE = false` is the v1.2 form, `LE = true` the little-endian (ascon-c `v13`) form;
/// use the aliases `v12::AsconPrfShort` and `v13::AsconPrfShort`. (`LE` picks the byte-order type
/// once, at compile time, in each method.)
#[derive(Clone)]
pub struct AsconPrfShortGeneric<const LE: bool> {
    k0: u64,
    k1: u64,
}

impl<const LE: bool> KeySizeUser for AsconPrfShortGeneric<LE> {
    type KeySize = U16;
}

impl<const LE: bool> KeyInit for AsconPrfShortGeneric<LE> {
    fn new(key: &Key<Self>) -> Self {
        if LE {
            Self::with_key::<Le>(key)
        } else {
            Self::with_key::<Be>(key)
        }
    }
}

impl<const LE: bool> AsconPrfShortGeneric<LE> {
    /// Computes the PRF of `msg` (at most 16 bytes) into `out` (1 to 16 bytes; the output length
    /// is an input of the function, so a shorter output is not a prefix of a longer one).
    ///
    /// # Errors
    /// [`InvalidLength`] if `msg` is longer than 16 bytes or `out` is empty or longer than 16 bytes.
    ///
    /// ```
    /// use lwc_ascon::v13::AsconPrfShort;
    /// use lwc_ascon::digest::KeyInit;
    /// let key: [u8; 16] = core::array::from_fn(|i| i as u8);
    /// let mut out = [0u8; 16];
    /// AsconPrfShort::new(&key.into()).prf(b"", &mut out).unwrap();
    /// assert_eq!(out[..4], [0xb3, 0x16, 0x43, 0xd6]);
    /// ```
    pub fn prf(&self, msg: &[u8], out: &mut [u8]) -> Result<(), InvalidLength> {
        if msg.len() > 16 || out.is_empty() || out.len() > 16 {
            return Err(InvalidLength);
        }
        if LE {
            self.prf_in::<Le>(msg, out);
        } else {
            self.prf_in::<Be>(msg, out);
        }
        Ok(())
    }

    /// The key words in byte order `O`.
    fn with_key<O: ByteOrder>(key: &[u8]) -> Self {
        Self {
            k0: O::load(&key[..8]),
            k1: O::load(&key[8..]),
        }
    }

    /// [`Self::prf`] after the length checks, in byte order `O` (the IV layout follows it).
    fn prf_in<O: ByteOrder>(&self, msg: &[u8], out: &mut [u8]) {
        let (m, t) = (8 * msg.len() as u64, 8 * out.len() as u64);
        let iv = if LE {
            0x0000_0000_000c_0007 | (t << 24) | (m << 48)
        } else {
            0x8000_4c00_0000_0000 | (m << 48) | (t << 32)
        };
        let mut block = [0u8; 16];
        block[..msg.len()].copy_from_slice(msg);
        let (m0, m1) = (O::load_partial(&block[..8]), O::load_partial(&block[8..]));
        let [x3, x4] = backends::dispatch(PrfShortCore([iv, self.k0, self.k1, m0, m1]));
        let mut full = [0u8; 16];
        full[..8].copy_from_slice(&O::to_bytes(x3 ^ self.k0));
        full[8..].copy_from_slice(&O::to_bytes(x4 ^ self.k1));
        out.copy_from_slice(&full[..out.len()]);
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(&mut full);
            zeroize::Zeroize::zeroize(&mut block);
        }
    }

    /// Checks in constant time that `tag` (1 to 16 bytes) is the PRF of `msg` truncated to
    /// `tag.len()` bytes.
    ///
    /// # Errors
    /// [`MacError`] on a wrong tag or on invalid lengths.
    pub fn verify(&self, msg: &[u8], tag: &[u8]) -> Result<(), MacError> {
        let mut expected = [0u8; 16];
        let n = tag.len().min(16);
        self.prf(msg, &mut expected[..n]).map_err(|_| MacError)?;
        let ok = expected[..n].ct_eq(tag).to_bool();
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut expected);
        if ok { Ok(()) } else { Err(MacError) }
    }
}

impl<const LE: bool> AlgorithmName for AsconPrfShortGeneric<LE> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if LE {
            "Ascon-PrfShort (LE)"
        } else {
            "Ascon-PrfShort"
        })
    }
}

impl<const LE: bool> fmt::Debug for AsconPrfShortGeneric<LE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AsconPrfShort").finish_non_exhaustive()
    }
}

impl<const LE: bool> Drop for AsconPrfShortGeneric<LE> {
    fn drop(&mut self) {
        // Every field by name: one added later does not compile here until it is wiped.
        let Self { k0, k1 } = self;
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(k0);
            zeroize::Zeroize::zeroize(k1);
        }
        #[cfg(not(feature = "zeroize"))]
        let _ = (k0, k1);
    }
}

#[cfg(feature = "zeroize")]
impl<const LE: bool> zeroize::ZeroizeOnDrop for AsconPrfShortGeneric<LE> {}
