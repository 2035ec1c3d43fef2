//! Keyed modes of the Ascon team: Ascon-Mac, Ascon-Prf and Ascon-PrfShort, in the v1.2 (big
//! endian, ia.cr/2021/1574) and the little-endian "v1.3" forms (ascon-c `*v13`; not part of
//! SP 800-232).

use core::fmt;

use ctutils::CtEq;
use digest::{
    ExtendableOutput, ExtendableOutputReset, FixedOutput, FixedOutputReset, InvalidLength, Key,
    KeyInit, MacError, MacMarker, Output, OutputSizeUser, Reset, Update, XofReader,
    common::{AlgorithmName, KeySizeUser},
    consts::U16,
};

use crate::hazmat::backends::{Lanes, dispatch};
use crate::sponge::{Absorber, Spec, Squeezer, load, load_partial, store};

macro_rules! mac_spec {
    ($name:ident, $rate:expr, $le:expr, $b:expr) => {
        pub(crate) struct $name;
        impl Spec for $name {
            const RATE: usize = $rate;
            const LE: bool = $le;
            const B_ABSORB: usize = $b;
            const DS: bool = true;
            const OUT_RATE: usize = 16;
            const B_SQUEEZE: usize = $b;
        }
    };
}

mac_spec!(V12MacSpec, 32, false, 12);
mac_spec!(V12MacaSpec, 40, false, 8);
mac_spec!(V13MacSpec, 32, true, 12);

/// `p12(IV, K0, K1, 0, 0)`.
fn keyed_init<const LE: bool>(iv: u64, key: &[u8]) -> Lanes {
    let mut st = Lanes::from_words([iv, load::<LE>(&key[..8]), load::<LE>(&key[8..16]), 0, 0]);
    dispatch(|| st.permute::<12>());
    st
}

macro_rules! keyed_common {
    ($name:ident, $iv:expr, $le:expr, $alg:literal) => {
        impl KeySizeUser for $name {
            type KeySize = U16;
        }

        impl KeyInit for $name {
            fn new(key: &Key<Self>) -> Self {
                let init = keyed_init::<$le>($iv, key);
                Self {
                    inner: Absorber::new(init.clone()),
                    init,
                }
            }
        }

        impl Update for $name {
            fn update(&mut self, data: &[u8]) {
                self.inner.update(data);
            }
        }

        impl Reset for $name {
            fn reset(&mut self) {
                self.inner.reset(self.init.clone());
            }
        }

        impl AlgorithmName for $name {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($alg)
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
                self.init.wipe();
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

macro_rules! mac {
    ($(#[$attr:meta])* $name:ident, $spec:ty, $iv:expr, $le:expr, $alg:literal) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name {
            inner: Absorber<$spec>,
            init: Lanes,
        }

        impl MacMarker for $name {}

        impl OutputSizeUser for $name {
            type OutputSize = U16;
        }

        impl FixedOutput for $name {
            fn finalize_into(mut self, out: &mut Output<Self>) {
                Squeezer::<$spec>::new(self.inner.finish()).read(out);
            }
        }

        impl FixedOutputReset for $name {
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                Squeezer::<$spec>::new(self.inner.finish()).read(out);
                self.reset();
            }
        }

        keyed_common!($name, $iv, $le, $alg);
    };
}

macro_rules! prf {
    ($(#[$attr:meta])* $name:ident, $(#[$rattr:meta])* $reader:ident, $spec:ty, $iv:expr, $le:expr, $alg:literal) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name {
            inner: Absorber<$spec>,
            init: Lanes,
        }

        impl ExtendableOutput for $name {
            type Reader = $reader;
            fn finalize_xof(mut self) -> $reader {
                $reader { inner: Squeezer::new(self.inner.finish()) }
            }
        }

        impl ExtendableOutputReset for $name {
            fn finalize_xof_reset(&mut self) -> $reader {
                let r = $reader { inner: Squeezer::new(self.inner.finish()) };
                self.reset();
                r
            }
        }

        keyed_common!($name, $iv, $le, $alg);

        $(#[$rattr])*
        #[derive(Clone)]
        pub struct $reader {
            inner: Squeezer<$spec>,
        }

        impl XofReader for $reader {
            fn read(&mut self, buf: &mut [u8]) {
                self.inner.read(buf);
            }
        }

        impl fmt::Debug for $reader {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($reader)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $reader {}
    };
}

mac!(
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
    AsconMac,
    V12MacSpec,
    0x8080_8c00_0000_0080,
    false,
    "Ascon-Mac"
);

mac!(
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
    AsconMaca,
    V12MacaSpec,
    0x8080_8c04_0000_0080,
    false,
    "Ascon-Maca"
);

mac!(
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
    AsconMacV13,
    V13MacSpec,
    0x0010_2000_80cc_0005,
    true,
    "Ascon-Mac (LE)"
);

prf!(
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
    AsconPrf,
    /// The output stream of [`AsconPrf`].
    AsconPrfReader,
    V12MacSpec,
    0x8080_8c00_0000_0000,
    false,
    "Ascon-Prf"
);

prf!(
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
    AsconPrfa,
    /// The output stream of [`AsconPrfa`].
    AsconPrfaReader,
    V12MacaSpec,
    0x8080_8c04_0000_0000,
    false,
    "Ascon-Prfa"
);

prf!(
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
    AsconPrfV13,
    /// The output stream of the little-endian [`AsconPrfV13`].
    AsconPrfReaderV13,
    V13MacSpec,
    0x0010_2000_00cc_0006,
    true,
    "Ascon-Prf (LE)"
);

/// Ascon-PrfShort: a one-call PRF for messages of at most 16 bytes and outputs of 1 to 16 bytes
/// (one `p12`). `LE = false` is the v1.2 form, `LE = true` the little-endian (ascon-c `v13`) form;
/// use the aliases `v12::AsconPrfShort` and `v13::AsconPrfShort`.
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
        Self {
            k0: load::<LE>(&key[..8]),
            k1: load::<LE>(&key[8..]),
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
        let (m, t) = (8 * msg.len() as u64, 8 * out.len() as u64);
        let iv = if LE {
            0x0000_0000_000c_0007 | (t << 24) | (m << 48)
        } else {
            0x8000_4c00_0000_0000 | (m << 48) | (t << 32)
        };
        let mut block = [0u8; 16];
        block[..msg.len()].copy_from_slice(msg);
        let (m0, m1) = (
            load_partial::<LE>(&block[..8]),
            load_partial::<LE>(&block[8..]),
        );
        let mut st = Lanes::from_words([iv, self.k0, self.k1, m0, m1]);
        dispatch(|| st.permute::<12>());
        let mut full = [0u8; 16];
        full[..8].copy_from_slice(&store::<LE>(st.get(3) ^ self.k0));
        full[8..].copy_from_slice(&store::<LE>(st.get(4) ^ self.k1));
        out.copy_from_slice(&full[..out.len()]);
        #[cfg(feature = "zeroize")]
        {
            st.wipe();
            zeroize::Zeroize::zeroize(&mut full);
            zeroize::Zeroize::zeroize(&mut block);
        }
        Ok(())
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
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(&mut self.k0);
            zeroize::Zeroize::zeroize(&mut self.k1);
        }
    }
}

#[cfg(feature = "zeroize")]
impl<const LE: bool> zeroize::ZeroizeOnDrop for AsconPrfShortGeneric<LE> {}
