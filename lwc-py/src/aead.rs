//! AEAD classes in the style of `cryptography`'s `AESGCM`: Ascon-AEAD128 and the four Schwaemm
//! instances (SPARKLE), over one generic encrypt/decrypt.

use lwc_ascon::aead::array::typenum::Unsigned;
use lwc_ascon::{AeadCore, AeadInOut, AsconAead128 as Ascon, KeyInit, Nonce, Tag};
use lwc_sparkle::{Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::buffer::{Bytes, new_bytes, or_empty};

create_exception!(
    lwc,
    InvalidTag,
    PyException,
    "Raised by `decrypt` when the tag does not verify (nothing is returned), and by `Mac.verify`."
);

/// `b` as a `want`-byte array type `T` (a nonce), else a ValueError ("Schwaemm256-128 nonce must be 32
/// bytes, got 16").
fn sized<'a, T: TryFrom<&'a [u8]>>(alg: &str, what: &str, want: usize, b: &'a [u8]) -> PyResult<T> {
    T::try_from(b).map_err(|_| {
        PyValueError::new_err(format!(
            "{alg} {what} must be {want} bytes, got {}",
            b.len()
        ))
    })
}

fn new_cipher<C: KeyInit>(alg: &str, key: &Bytes) -> PyResult<C> {
    let key = key.as_slice();
    C::new_from_slice(key).map_err(|_| {
        PyValueError::new_err(format!(
            "{alg} key must be {} bytes, got {}",
            C::key_size(),
            key.len()
        ))
    })
}

/// ciphertext || tag of `data`, written into a new bytes object allocated first (MemoryError
/// when it cannot be).
fn encrypt<'py, C: AeadInOut + Sync>(
    py: Python<'py>,
    alg: &str,
    c: &C,
    nonce: &Bytes,
    data: &Bytes,
    associated_data: &Option<Bytes>,
) -> PyResult<Bound<'py, PyBytes>> {
    let n: Nonce<C> = sized(alg, "nonce", C::NonceSize::USIZE, nonce.as_slice())?;
    let ad = or_empty(associated_data);
    let d = data.as_slice();
    let mut ok = false;
    let out = new_bytes(py, d.len().saturating_add(C::TagSize::USIZE), |buf| {
        let (body, tag) = buf.split_at_mut(d.len());
        body.copy_from_slice(d);
        if let Ok(t) = c.encrypt_inout_detached(&n, ad, body.into()) {
            tag.copy_from_slice(&t);
            ok = true;
        }
    })?;
    if !ok {
        return Err(PyValueError::new_err(format!("{alg}: input too long")));
    }
    Ok(out)
}

/// The plaintext of ciphertext || tag `data`, or `InvalidTag`.
fn decrypt<'py, C: AeadInOut + Sync>(
    py: Python<'py>,
    alg: &str,
    c: &C,
    nonce: &Bytes,
    data: &Bytes,
    associated_data: &Option<Bytes>,
) -> PyResult<Bound<'py, PyBytes>> {
    let n: Nonce<C> = sized(alg, "nonce", C::NonceSize::USIZE, nonce.as_slice())?;
    let ad = or_empty(associated_data);
    let d = data.as_slice();
    let tag_len = C::TagSize::USIZE;
    if d.len() < tag_len {
        return Err(InvalidTag::new_err("data shorter than the tag"));
    }
    let (ct, tag) = d.split_at(d.len() - tag_len);
    let tag = Tag::<C>::try_from(tag).map_err(|_| InvalidTag::new_err("tag length"))?;
    let mut ok = false;
    let out = new_bytes(py, ct.len(), |buf| {
        buf.copy_from_slice(ct);
        ok = c
            .decrypt_inout_detached(&n, ad, (&mut *buf).into(), &tag)
            .is_ok();
        if !ok {
            buf.fill(0);
        }
    })?;
    if !ok {
        return Err(InvalidTag::new_err("tag mismatch"));
    }
    Ok(out)
}

/// One Python AEAD class over a Rust cipher `$cipher`: the constructor, the sizes and
/// `encrypt`/`decrypt`, all delegating to the generic functions above.
macro_rules! aead_class {
    ($class:ident, $pyname:literal, $cipher:ty, $alg:literal, $doc:literal) => {
        #[doc = concat!($doc, ": `encrypt` returns ciphertext || tag, `decrypt` raises `InvalidTag`.")]
        #[pyclass(module = "lwc", name = $pyname, frozen)]
        pub(crate) struct $class($cipher);

        #[pymethods]
        impl $class {
            /// A cipher with `key` (KEY_SIZE bytes, ValueError for another length).
            #[new]
            fn new(key: Bytes) -> PyResult<Self> {
                Ok(Self(new_cipher($alg, &key)?))
            }
            /// Key length in bytes.
            #[classattr]
            const KEY_SIZE: usize = <$cipher as lwc_ascon::aead::KeySizeUser>::KeySize::USIZE;
            /// Nonce length in bytes.
            #[classattr]
            const NONCE_SIZE: usize = <$cipher as AeadCore>::NonceSize::USIZE;
            /// Tag length in bytes.
            #[classattr]
            const TAG_SIZE: usize = <$cipher as AeadCore>::TagSize::USIZE;

            /// Encrypts `data` with the NONCE_SIZE-byte `nonce` (never reuse one with the same
            /// key) and `associated_data` (or None); returns ciphertext || tag.
            #[pyo3(signature = (nonce, data, associated_data = None))]
            fn encrypt<'py>(
                &self,
                py: Python<'py>,
                nonce: Bytes,
                data: Bytes,
                associated_data: Option<Bytes>,
            ) -> PyResult<Bound<'py, PyBytes>> {
                encrypt(py, $alg, &self.0, &nonce, &data, &associated_data)
            }

            /// Decrypts ciphertext || tag `data` with `nonce` and `associated_data`; returns the
            /// plaintext or raises `InvalidTag` (also for data shorter than the tag).
            #[pyo3(signature = (nonce, data, associated_data = None))]
            fn decrypt<'py>(
                &self,
                py: Python<'py>,
                nonce: Bytes,
                data: Bytes,
                associated_data: Option<Bytes>,
            ) -> PyResult<Bound<'py, PyBytes>> {
                decrypt(py, $alg, &self.0, &nonce, &data, &associated_data)
            }
        }
    };
}

aead_class!(
    AsconAead128,
    "AsconAead128",
    Ascon,
    "Ascon-AEAD128",
    "Ascon-AEAD128 (NIST SP 800-232), 16-byte key, nonce and tag"
);
aead_class!(
    Schwaemm128_128Aead,
    "Schwaemm128_128",
    Schwaemm128_128,
    "Schwaemm128-128",
    "Schwaemm128-128 (SPARKLE), 16-byte key, nonce and tag"
);
aead_class!(
    Schwaemm192_192Aead,
    "Schwaemm192_192",
    Schwaemm192_192,
    "Schwaemm192-192",
    "Schwaemm192-192 (SPARKLE), 24-byte key, nonce and tag"
);
aead_class!(
    Schwaemm256_128Aead,
    "Schwaemm256_128",
    Schwaemm256_128,
    "Schwaemm256-128",
    "Schwaemm256-128 (SPARKLE, the primary member), 16-byte key and tag, 32-byte nonce"
);
aead_class!(
    Schwaemm256_256Aead,
    "Schwaemm256_256",
    Schwaemm256_256,
    "Schwaemm256-256",
    "Schwaemm256-256 (SPARKLE), 32-byte key, nonce and tag"
);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<AsconAead128>()?;
    m.add_class::<Schwaemm128_128Aead>()?;
    m.add_class::<Schwaemm192_192Aead>()?;
    m.add_class::<Schwaemm256_128Aead>()?;
    m.add_class::<Schwaemm256_256Aead>()?;
    m.add("InvalidTag", m.py().get_type::<InvalidTag>())?;
    Ok(())
}
