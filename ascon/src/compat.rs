//! The previous RustCrypto trait generation on the same types: digest 0.10 (feature
//! `digest-010`) and aead 0.5 (feature `aead-05`).
//!
//! Every impl here is a thin adapter: it converts `GenericArray` to and from the `hybrid-array`
//! types of the current generation and calls the current trait impl of the same type, so both
//! generations run the same code and cannot disagree.

#[cfg(feature = "digest-010")]
mod digest010_impls {
    use digest010::{
        ExtendableOutput, ExtendableOutputReset, FixedOutput, FixedOutputReset, HashMarker, Key,
        KeyInit, MacMarker, Output, OutputSizeUser, Reset, Update, XofReader,
        consts::{U8, U16, U32, U40},
        crypto_common::{BlockSizeUser, KeySizeUser},
    };

    use crate::{v12, v13};

    /// `Update` and `Reset`, forwarded to the digest 0.11 impls.
    macro_rules! update_reset {
        ($($t:ty),* $(,)?) => {$(
            impl Update for $t {
                #[inline]
                fn update(&mut self, data: &[u8]) {
                    digest::Update::update(self, data);
                }
            }

            impl Reset for $t {
                #[inline]
                fn reset(&mut self) {
                    digest::Reset::reset(self);
                }
            }
        )*};
    }

    /// Fixed-output traits with output size `$out`, forwarded to the digest 0.11 impls.
    macro_rules! fixed_output {
        ($out:ty: $($t:ty),* $(,)?) => {$(
            impl OutputSizeUser for $t {
                type OutputSize = $out;
            }

            impl FixedOutput for $t {
                #[inline]
                fn finalize_into(self, out: &mut Output<Self>) {
                    let mut o = digest::Output::<Self>::default();
                    digest::FixedOutput::finalize_into(self, &mut o);
                    out.copy_from_slice(&o);
                }
            }

            impl FixedOutputReset for $t {
                #[inline]
                fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                    let mut o = digest::Output::<Self>::default();
                    digest::FixedOutputReset::finalize_into_reset(self, &mut o);
                    out.copy_from_slice(&o);
                }
            }
        )*};
    }

    /// Hashes: `HashMarker` and the block size (so `Digest`, `DynDigest` and `SimpleHmac` of
    /// hmac 0.12 apply).
    macro_rules! hash {
        ($block:ty: $($t:ty),* $(,)?) => {$(
            impl HashMarker for $t {}

            impl BlockSizeUser for $t {
                type BlockSize = $block;
            }
        )*};
    }

    /// XOFs and PRFs: `ExtendableOutput(Reset)` with the same reader type.
    macro_rules! xof {
        ($($t:ty => $r:ty),* $(,)?) => {$(
            impl ExtendableOutput for $t {
                type Reader = $r;
                #[inline]
                fn finalize_xof(self) -> $r {
                    digest::ExtendableOutput::finalize_xof(self)
                }
            }

            impl ExtendableOutputReset for $t {
                #[inline]
                fn finalize_xof_reset(&mut self) -> $r {
                    digest::ExtendableOutputReset::finalize_xof_reset(self)
                }
            }
        )*};
    }

    macro_rules! reader {
        ($($r:ty),* $(,)?) => {$(
            impl XofReader for $r {
                #[inline]
                fn read(&mut self, buffer: &mut [u8]) {
                    digest::XofReader::read(self, buffer);
                }
            }
        )*};
    }

    /// Keyed types: crypto-common 0.1 `KeyInit` with a 16-byte key.
    macro_rules! keyed {
        ($($t:ty),* $(,)?) => {$(
            impl KeySizeUser for $t {
                type KeySize = U16;
            }

            impl KeyInit for $t {
                #[inline]
                fn new(key: &Key<Self>) -> Self {
                    let k: [u8; 16] = (*key).into();
                    <$t as digest::KeyInit>::new(&k.into())
                }
            }
        )*};
    }

    update_reset!(
        crate::AsconHash256,
        crate::AsconXof128,
        crate::AsconCxof128,
        v12::AsconHash,
        v12::AsconHasha,
        v12::AsconXof,
        v12::AsconXofa,
        v12::AsconMac,
        v12::AsconMaca,
        v12::AsconPrf,
        v12::AsconPrfa,
        v13::AsconMac,
        v13::AsconPrf,
    );
    fixed_output!(U32: crate::AsconHash256, v12::AsconHash, v12::AsconHasha);
    fixed_output!(U16: v12::AsconMac, v12::AsconMaca, v13::AsconMac);
    hash!(U8: crate::AsconHash256, v12::AsconHash, v12::AsconHasha, crate::AsconXof128,
        crate::AsconCxof128, v12::AsconXof, v12::AsconXofa);
    xof!(
        crate::AsconXof128 => crate::AsconXof128Reader,
        crate::AsconCxof128 => crate::AsconXof128Reader,
        v12::AsconXof => v12::AsconXofReader,
        v12::AsconXofa => v12::AsconXofaReader,
        v12::AsconPrf => v12::AsconPrfReader,
        v12::AsconPrfa => v12::AsconPrfaReader,
        v13::AsconPrf => v13::AsconPrfReader,
    );
    reader!(
        crate::AsconXof128Reader,
        v12::AsconXofReader,
        v12::AsconXofaReader,
        v12::AsconPrfReader,
        v12::AsconPrfaReader,
        v13::AsconPrfReader,
    );
    keyed!(
        v12::AsconMac,
        v12::AsconMaca,
        v12::AsconPrf,
        v12::AsconPrfa,
        v13::AsconMac,
        v13::AsconPrf,
        v12::AsconPrfShort,
        v13::AsconPrfShort,
    );

    impl MacMarker for v12::AsconMac {}
    impl MacMarker for v12::AsconMaca {}
    impl MacMarker for v13::AsconMac {}

    // The MAC block sizes (rate): 32 bytes for Ascon-Mac, 40 for Ascon-Maca.
    impl BlockSizeUser for v12::AsconMac {
        type BlockSize = U32;
    }
    impl BlockSizeUser for v12::AsconMaca {
        type BlockSize = U40;
    }
    impl BlockSizeUser for v13::AsconMac {
        type BlockSize = U32;
    }
}

#[cfg(feature = "aead-05")]
mod aead05_impls {
    use aead05::{
        AeadCore, AeadInPlace, Error, Key, KeyInit, KeySizeUser, Nonce, Tag,
        consts::{U0, U16, U20, U32},
        generic_array::ArrayLength,
    };

    use crate::v12::{Ascon80pq, Ascon128, Ascon128a};
    use crate::{AsconAead128, AsconTagSize, MaskedAsconAead128, TruncatedAsconAead128};

    /// Encrypts through the aead 0.6 impl of `A`; the tag comes back as a `GenericArray`.
    #[inline]
    fn encrypt<A>(
        a: &A,
        nonce: &[u8],
        associated_data: &[u8],
        buffer: &mut [u8],
    ) -> Result<Tag<A>, Error>
    where
        A: aead::AeadInOut + AeadCore,
    {
        let nonce: &aead::Nonce<A> = nonce.try_into().map_err(|_| Error)?;
        let tag = a
            .encrypt_inout_detached(nonce, associated_data, buffer.into())
            .map_err(|_| Error)?;
        let mut out = Tag::<A>::default();
        if out.len() != tag.len() {
            return Err(Error);
        }
        out.copy_from_slice(&tag);
        Ok(out)
    }

    /// Decrypts through the aead 0.6 impl of `A` (which zeroes `buffer` on failure).
    #[inline]
    fn decrypt<A>(
        a: &A,
        nonce: &[u8],
        associated_data: &[u8],
        buffer: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error>
    where
        A: aead::AeadInOut,
    {
        let (Ok(nonce), Ok(tag)) = (
            <&aead::Nonce<A>>::try_from(nonce),
            <&aead::Tag<A>>::try_from(tag),
        ) else {
            // Unreachable: the sizes are the same type-level numbers in both generations.
            buffer.fill(0);
            return Err(Error);
        };
        a.decrypt_inout_detached(nonce, associated_data, buffer.into(), tag)
            .map_err(|_| Error)
    }

    /// aead 0.5 on one AEAD type: `impl[generics] Type: key size, tag size`.
    macro_rules! aead05 {
        ($(impl[$($g:tt)*] $t:ty: $ks:ty, $tag:ty;)*) => {$(
            impl<$($g)*> KeySizeUser for $t {
                type KeySize = $ks;
            }

            impl<$($g)*> KeyInit for $t {
                #[inline]
                fn new(key: &Key<Self>) -> Self {
                    <$t as aead::KeyInit>::new(&aead::Key::<$t>::from_fn(|i| key[i]))
                }
            }

            impl<$($g)*> AeadCore for $t {
                type NonceSize = U16;
                type TagSize = $tag;
                type CiphertextOverhead = U0;
            }

            impl<$($g)*> AeadInPlace for $t {
                #[inline]
                fn encrypt_in_place_detached(
                    &self,
                    nonce: &Nonce<Self>,
                    associated_data: &[u8],
                    buffer: &mut [u8],
                ) -> Result<Tag<Self>, Error> {
                    encrypt(self, nonce, associated_data, buffer)
                }

                #[inline]
                fn decrypt_in_place_detached(
                    &self,
                    nonce: &Nonce<Self>,
                    associated_data: &[u8],
                    buffer: &mut [u8],
                    tag: &Tag<Self>,
                ) -> Result<(), Error> {
                    decrypt(self, nonce, associated_data, buffer, tag)
                }
            }
        )*};
    }

    aead05! {
        impl[] AsconAead128: U16, U16;
        impl[] Ascon128: U16, U16;
        impl[] Ascon128a: U16, U16;
        impl[] Ascon80pq: U20, U16;
        impl[T: AsconTagSize + ArrayLength<u8>] TruncatedAsconAead128<T>: U16, T;
        impl[T: AsconTagSize + ArrayLength<u8>] MaskedAsconAead128<T>: U32, T;
    }
}
