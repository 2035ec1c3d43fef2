//! Ascon-AEAD128 in the style of `cryptography`'s `AESGCM`.

use lwc_ascon::{AeadInOut, AsconAead128 as Cipher, KeyInit};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::buffer::{Bytes, or_empty, with_gil_released};

create_exception!(
    lwc,
    InvalidTag,
    PyException,
    "Raised by `decrypt` when the tag does not verify (nothing is returned)."
);

/// Ascon-AEAD128 (NIST SP 800-232) with a 16-byte key: `encrypt(nonce, data, associated_data)`
/// returns ciphertext || 16-byte tag; `decrypt` returns the plaintext or raises `InvalidTag`.
#[pyclass(module = "lwc", frozen)]
pub(crate) struct AsconAead128(Cipher);

fn array16(what: &str, b: &Bytes) -> PyResult<[u8; 16]> {
    b.as_slice().try_into().map_err(|_| {
        PyValueError::new_err(format!(
            "Ascon-AEAD128 {what} must be 16 bytes, got {}",
            b.as_slice().len()
        ))
    })
}

#[pymethods]
impl AsconAead128 {
    /// A cipher with the 16-byte `key` (ValueError for another length).
    #[new]
    fn new(key: Bytes) -> PyResult<Self> {
        Ok(Self(Cipher::new(&array16("key", &key)?.into())))
    }

    /// Key length in bytes.
    #[classattr]
    const KEY_SIZE: usize = 16;
    /// Nonce length in bytes.
    #[classattr]
    const NONCE_SIZE: usize = 16;
    /// Tag length in bytes.
    #[classattr]
    const TAG_SIZE: usize = 16;

    /// Encrypts `data` with the 16-byte `nonce` (never reuse one with the same key) and
    /// `associated_data` (or None); returns ciphertext || tag.
    #[pyo3(signature = (nonce, data, associated_data = None))]
    fn encrypt<'py>(
        &self,
        py: Python<'py>,
        nonce: Bytes,
        data: Bytes,
        associated_data: Option<Bytes>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let n = array16("nonce", &nonce)?;
        let ad = or_empty(&associated_data);
        let out = with_gil_released(py, data.as_slice(), |d| {
            let mut buf = Vec::with_capacity(d.len() + 16);
            buf.extend_from_slice(d);
            let tag = self
                .0
                .encrypt_inout_detached(&n.into(), ad, buf.as_mut_slice().into());
            tag.map(|t| {
                buf.extend_from_slice(&t);
                buf
            })
        });
        let out = out.map_err(|_| PyValueError::new_err("Ascon-AEAD128: input too long"))?;
        Ok(PyBytes::new(py, &out))
    }

    /// Decrypts ciphertext || tag `data` with `nonce` and `associated_data`; returns the plaintext
    /// or raises `InvalidTag` (also for data shorter than the tag).
    #[pyo3(signature = (nonce, data, associated_data = None))]
    fn decrypt<'py>(
        &self,
        py: Python<'py>,
        nonce: Bytes,
        data: Bytes,
        associated_data: Option<Bytes>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let n = array16("nonce", &nonce)?;
        let ad = or_empty(&associated_data);
        let d = data.as_slice();
        if d.len() < 16 {
            return Err(InvalidTag::new_err("data shorter than the tag"));
        }
        let out = with_gil_released(py, d, |d| {
            let (ct, tag) = d.split_at(d.len() - 16);
            let tag: [u8; 16] = tag.try_into().expect("16 bytes");
            let mut buf = ct.to_vec();
            self.0
                .decrypt_inout_detached(&n.into(), ad, buf.as_mut_slice().into(), &tag.into())
                .map(|()| buf)
        });
        let out = out.map_err(|_| InvalidTag::new_err("tag mismatch"))?;
        Ok(PyBytes::new(py, &out))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<AsconAead128>()?;
    m.add("InvalidTag", m.py().get_type::<InvalidTag>())?;
    Ok(())
}
