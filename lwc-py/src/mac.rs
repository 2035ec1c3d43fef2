//! Keyed MAC objects (a [`Hash`] with a constant-time `verify`): KMAC128/KMAC256 (SP 800-185),
//! LeMac and PetitMac; their constructors and one-shot functions.

use lwc_keccak::{Kmac128, Kmac256};
use lwc_lemac::{LeMac, PetitMac, ZERO_NONCE};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::aead::InvalidTag;
use crate::buffer::{Bytes, exact, or_empty};
use crate::hasher::Hasher;
use crate::objects::{Core, Hash, Info, info, truth};

/// A MAC object: the hashlib protocol of [`Hash`] (`update`, `digest`, `hexdigest`, `copy`,
/// `name`, `digest_size`, `block_size`) plus `verify(tag)`.
#[pyclass(module = "lwc", frozen, extends = Hash)]
pub(crate) struct Mac;

impl Mac {
    fn create(py: Python<'_>, core: Core) -> PyResult<Py<Self>> {
        Py::new(py, PyClassInitializer::from(Hash(core)).add_subclass(Self))
    }
}

#[pymethods]
impl Mac {
    /// Returns None if `tag` is the tag of the data so far (compared in constant time), else
    /// raises `InvalidTag` (also for a tag of another length).
    fn verify(slf: PyRef<'_, Self>, tag: Bytes) -> PyResult<()> {
        match slf.as_super().0.verify(slf.py(), tag.as_slice()) {
            Some(true) => Ok(()),
            _ => Err(InvalidTag::new_err("tag mismatch")),
        }
    }
    /// An independent copy of this object.
    fn copy(slf: PyRef<'_, Self>) -> PyResult<Py<Self>> {
        Self::create(slf.py(), slf.as_super().0.copy(slf.py()))
    }
    fn __repr__(slf: PyRef<'_, Self>) -> String {
        format!("<{} lwc MAC object>", slf.as_super().0.info.name)
    }
}

fn mac(py: Python<'_>, hasher: Hasher, info: Info, data: Option<Bytes>) -> PyResult<Py<Mac>> {
    Mac::create(py, Core::new(py, hasher, info, data))
}

/// The output of a fresh object fed `data` (the one-shot functions).
fn oneshot<'py>(
    py: Python<'py>,
    hasher: Hasher,
    info: Info,
    data: Bytes,
) -> PyResult<Bound<'py, PyBytes>> {
    Core::new(py, hasher, info, Some(data)).output(py, info.digest_size)
}

/// The SP 800-185 output length `digest_size` checked (1..=`max` bytes).
pub(crate) fn output_len(alg: &str, digest_size: usize, max: usize) -> PyResult<usize> {
    if (1..=max).contains(&digest_size) {
        Ok(digest_size)
    } else {
        Err(PyValueError::new_err(format!(
            "{alg} digest_size must be in 1..={max}, got {digest_size}"
        )))
    }
}

/// The longest KMAC tag `verify` checks (lwc-keccak's `verify_slice_len` bound).
const KMAC_MAX: usize = 1024;

fn kmac128_state(key: &[u8], s: &[u8], len: usize) -> PyResult<(Hasher, Info)> {
    let len = output_len("KMAC128", len, KMAC_MAX)?;
    let h = Hasher::Kmac128Fixed(Kmac128::new_customized(key, s));
    Ok((h, info("kmac128", len, 168)))
}

fn kmac256_state(key: &[u8], s: &[u8], len: usize) -> PyResult<(Hasher, Info)> {
    let len = output_len("KMAC256", len, KMAC_MAX)?;
    let h = Hasher::Kmac256Fixed(Kmac256::new_customized(key, s));
    Ok((h, info("kmac256", len, 136)))
}

/// A new KMAC128 object (NIST SP 800-185) with `key` (any length), customization string
/// `customization` and output length `digest_size` bytes (1..=1024; another length is another
/// tag, not a truncation).
#[pyfunction]
#[pyo3(signature = (key, data = None, *, customization = None, digest_size = 32, usedforsecurity = true))]
fn kmac128(
    py: Python<'_>,
    key: Bytes,
    data: Option<Bytes>,
    customization: Option<Bytes>,
    digest_size: usize,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Py<Mac>> {
    let _ = usedforsecurity;
    let (h, i) = kmac128_state(key.as_slice(), or_empty(&customization), digest_size)?;
    mac(py, h, i, data)
}

/// A new KMAC256 object (NIST SP 800-185); see `kmac128` (default `digest_size` 64).
#[pyfunction]
#[pyo3(signature = (key, data = None, *, customization = None, digest_size = 64, usedforsecurity = true))]
fn kmac256(
    py: Python<'_>,
    key: Bytes,
    data: Option<Bytes>,
    customization: Option<Bytes>,
    digest_size: usize,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Py<Mac>> {
    let _ = usedforsecurity;
    let (h, i) = kmac256_state(key.as_slice(), or_empty(&customization), digest_size)?;
    mac(py, h, i, data)
}

/// The KMAC128 tag of `data` under `key`, as bytes (one-shot; arguments as `kmac128`).
#[pyfunction]
#[pyo3(signature = (key, data, *, customization = None, digest_size = 32))]
fn kmac128_digest<'py>(
    py: Python<'py>,
    key: Bytes,
    data: Bytes,
    customization: Option<Bytes>,
    digest_size: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let (h, i) = kmac128_state(key.as_slice(), or_empty(&customization), digest_size)?;
    oneshot(py, h, i, data)
}

/// The KMAC256 tag of `data` under `key`, as bytes (one-shot; arguments as `kmac256`).
#[pyfunction]
#[pyo3(signature = (key, data, *, customization = None, digest_size = 64))]
fn kmac256_digest<'py>(
    py: Python<'py>,
    key: Bytes,
    data: Bytes,
    customization: Option<Bytes>,
    digest_size: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let (h, i) = kmac256_state(key.as_slice(), or_empty(&customization), digest_size)?;
    oneshot(py, h, i, data)
}

/// The 16-byte key and nonce (the all-zero nonce when None, as `lemacsum` computes).
fn key_nonce(alg: &str, key: &Bytes, nonce: &Option<Bytes>) -> PyResult<([u8; 16], [u8; 16])> {
    let k = exact(alg, "key", key.as_slice())?;
    let n = match nonce {
        Some(n) => exact(alg, "nonce", n.as_slice())?,
        None => ZERO_NONCE,
    };
    Ok((k, n))
}

fn lemac_state(key: &Bytes, nonce: &Option<Bytes>) -> PyResult<(Hasher, Info)> {
    let (k, n) = key_nonce("LeMac", key, nonce)?;
    let h = Hasher::LeMac(LeMac::new_with_nonce(&k, &n));
    Ok((h, info("lemac", 16, 64)))
}

fn petitmac_state(key: &Bytes, nonce: &Option<Bytes>) -> PyResult<(Hasher, Info)> {
    let (k, n) = key_nonce("PetitMac", key, nonce)?;
    let h = Hasher::PetitMac(PetitMac::new_with_nonce(&k, &n));
    Ok((h, info("petitmac", 16, 16)))
}

/// A new LeMac object (16-byte tag) with the 16-byte `key` and 16-byte `nonce` (all zero when
/// None, as `lemacsum`; unique nonces per message give the 128-bit bound). ValueError for other
/// lengths.
#[pyfunction]
#[pyo3(signature = (key, data = None, *, nonce = None, usedforsecurity = true))]
fn lemac(
    py: Python<'_>,
    key: Bytes,
    data: Option<Bytes>,
    nonce: Option<Bytes>,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Py<Mac>> {
    let _ = usedforsecurity;
    let (h, i) = lemac_state(&key, &nonce)?;
    mac(py, h, i, data)
}

/// A new PetitMac object (the LeMac paper's small-state MAC); arguments as `lemac`.
#[pyfunction]
#[pyo3(signature = (key, data = None, *, nonce = None, usedforsecurity = true))]
fn petitmac(
    py: Python<'_>,
    key: Bytes,
    data: Option<Bytes>,
    nonce: Option<Bytes>,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Py<Mac>> {
    let _ = usedforsecurity;
    let (h, i) = petitmac_state(&key, &nonce)?;
    mac(py, h, i, data)
}

/// The LeMac tag of `data`, as bytes (one-shot; arguments as `lemac`).
#[pyfunction]
#[pyo3(signature = (key, data, *, nonce = None))]
fn lemac_digest<'py>(
    py: Python<'py>,
    key: Bytes,
    data: Bytes,
    nonce: Option<Bytes>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (h, i) = lemac_state(&key, &nonce)?;
    oneshot(py, h, i, data)
}

/// The PetitMac tag of `data`, as bytes (one-shot; arguments as `lemac`).
#[pyfunction]
#[pyo3(signature = (key, data, *, nonce = None))]
fn petitmac_digest<'py>(
    py: Python<'py>,
    key: Bytes,
    data: Bytes,
    nonce: Option<Bytes>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (h, i) = petitmac_state(&key, &nonce)?;
    oneshot(py, h, i, data)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Mac>()?;
    m.add_function(wrap_pyfunction!(kmac128, m)?)?;
    m.add_function(wrap_pyfunction!(kmac256, m)?)?;
    m.add_function(wrap_pyfunction!(kmac128_digest, m)?)?;
    m.add_function(wrap_pyfunction!(kmac256_digest, m)?)?;
    m.add_function(wrap_pyfunction!(lemac, m)?)?;
    m.add_function(wrap_pyfunction!(petitmac, m)?)?;
    m.add_function(wrap_pyfunction!(lemac_digest, m)?)?;
    m.add_function(wrap_pyfunction!(petitmac_digest, m)?)?;
    Ok(())
}
