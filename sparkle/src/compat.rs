//! The previous RustCrypto trait generation (digest 0.10 / aead 0.5) on the same types.
//!
//! Thin impls only: every method converts between `GenericArray` and our arrays and calls the
//! digest 0.11 / aead 0.6 implementation of the same type, so both faces run one copy of each
//! algorithm and return identical bytes. Feature `digest-010`: [`Esch256`], [`Esch384`] (so the
//! blanket `digest010::Digest` and `DynDigest` apply), [`XoEsch256`], [`XoEsch384`]
//! (`ExtendableOutput`, `ExtendableOutputReset`) and their readers (`XofReader`). Feature
//! `aead-05`: the four Schwaemm types (`KeyInit`, `AeadCore`, `AeadInPlace`, so the blanket
//! `Aead` applies with `alloc`).

#[cfg(feature = "aead-05")]
use crate::{AeadInOut, Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};
#[cfg(feature = "digest-010")]
use crate::{Esch256, Esch384, XoEsch256, XoEsch256Reader, XoEsch384, XoEsch384Reader};

/// What the fixed hashes and the XOFs share: `HashMarker`, `Update` and `Reset`.
#[cfg(feature = "digest-010")]
macro_rules! hasher_010 {
    ($name:ident) => {
        impl digest010::HashMarker for $name {}

        impl digest010::Update for $name {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                digest::Update::update(self, data);
            }
        }

        impl digest010::Reset for $name {
            #[inline]
            fn reset(&mut self) {
                digest::Reset::reset(self);
            }
        }
    };
}

#[cfg(feature = "digest-010")]
macro_rules! fixed_010 {
    ($($name:ident, $out:ident;)*) => {$(
        hasher_010!($name);

        impl digest010::OutputSizeUser for $name {
            type OutputSize = digest010::consts::$out;
        }

        impl digest010::FixedOutput for $name {
            #[inline]
            fn finalize_into(self, out: &mut digest010::Output<Self>) {
                out.copy_from_slice(&digest::FixedOutput::finalize_fixed(self));
            }
        }

        impl digest010::FixedOutputReset for $name {
            #[inline]
            fn finalize_into_reset(&mut self, out: &mut digest010::Output<Self>) {
                out.copy_from_slice(&digest::FixedOutputReset::finalize_fixed_reset(self));
            }
        }
    )*};
}

#[cfg(feature = "digest-010")]
fixed_010! {
    Esch256, U32;
    Esch384, U48;
}

#[cfg(feature = "digest-010")]
macro_rules! xof_010 {
    ($($name:ident, $reader:ident;)*) => {$(
        hasher_010!($name);

        impl digest010::ExtendableOutput for $name {
            type Reader = $reader;

            #[inline]
            fn finalize_xof(self) -> $reader {
                digest::ExtendableOutput::finalize_xof(self)
            }
        }

        impl digest010::ExtendableOutputReset for $name {
            #[inline]
            fn finalize_xof_reset(&mut self) -> $reader {
                digest::ExtendableOutputReset::finalize_xof_reset(self)
            }
        }

        impl digest010::XofReader for $reader {
            #[inline]
            fn read(&mut self, buffer: &mut [u8]) {
                digest::XofReader::read(self, buffer);
            }
        }
    )*};
}

#[cfg(feature = "digest-010")]
xof_010! {
    XoEsch256, XoEsch256Reader;
    XoEsch384, XoEsch384Reader;
}

#[cfg(feature = "aead-05")]
macro_rules! aead_05 {
    ($($name:ident, $key:ident, $nonce:ident;)*) => {$(
        impl aead05::KeySizeUser for $name {
            type KeySize = aead05::consts::$key;
        }

        impl aead05::KeyInit for $name {
            #[inline]
            fn new(key: &aead05::Key<Self>) -> Self {
                let mut k = crate::Key::<Self>::default();
                k.copy_from_slice(key);
                let cipher = <Self as crate::KeyInit>::new(&k);
                #[cfg(feature = "zeroize")]
                zeroize::Zeroize::zeroize(k.as_mut_slice());
                cipher
            }
        }

        impl aead05::AeadCore for $name {
            type NonceSize = aead05::consts::$nonce;
            type TagSize = aead05::consts::$key;
            type CiphertextOverhead = aead05::consts::U0;
        }

        impl aead05::AeadInPlace for $name {
            fn encrypt_in_place_detached(
                &self,
                nonce: &aead05::Nonce<Self>,
                associated_data: &[u8],
                buffer: &mut [u8],
            ) -> aead05::Result<aead05::Tag<Self>> {
                let mut n = crate::Nonce::<Self>::default();
                n.copy_from_slice(nonce);
                let tag = AeadInOut::encrypt_inout_detached(self, &n, associated_data, buffer.into())
                    .map_err(|_| aead05::Error)?;
                let mut out = aead05::Tag::<Self>::default();
                out.copy_from_slice(&tag);
                Ok(out)
            }

            /// On a tag mismatch the whole buffer is zeroed and `Err` is returned (the aead 0.6
            /// path of the same type; tags compared in constant time).
            fn decrypt_in_place_detached(
                &self,
                nonce: &aead05::Nonce<Self>,
                associated_data: &[u8],
                buffer: &mut [u8],
                tag: &aead05::Tag<Self>,
            ) -> aead05::Result<()> {
                let mut n = crate::Nonce::<Self>::default();
                n.copy_from_slice(nonce);
                let mut t = crate::Tag::<Self>::default();
                t.copy_from_slice(tag);
                AeadInOut::decrypt_inout_detached(self, &n, associated_data, buffer.into(), &t)
                    .map_err(|_| aead05::Error)
            }
        }
    )*};
}

#[cfg(feature = "aead-05")]
aead_05! {
    Schwaemm128_128, U16, U16;
    Schwaemm256_128, U16, U32;
    Schwaemm192_192, U24, U24;
    Schwaemm256_256, U32, U32;
}
