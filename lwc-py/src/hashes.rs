//! Hash and XOF objects with hashlib's protocol, their constructors and one-shot functions.

use std::sync::Mutex;

use lwc_ascon::{AsconCxof128, AsconHash256, AsconXof128};
use lwc_keccak::digest::CustomizedInit;
use lwc_keccak::{
    CShake128, CShake256, Digest, DynTurboShake128, DynTurboShake256, Keccak224, Keccak256,
    Keccak384, Keccak512, Kt128, Kt256, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256,
};
use lwc_sparkle::{Esch256, Esch384, XoEsch256, XoEsch384};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::buffer::{Bytes, or_empty, with_gil_released};
use crate::hasher::Hasher;

/// An object's fixed facts beside its state.
#[derive(Clone, Copy)]
pub(crate) struct Info {
    pub(crate) name: &'static str,
    pub(crate) digest_size: usize,
    pub(crate) block_size: usize,
}

/// Shared core of [`Hash`] and [`Xof`]: the state behind a lock (hashing may run with the GIL
/// released, and several threads may share one object).
pub(crate) struct Core {
    state: Mutex<Hasher>,
    pub(crate) info: Info,
}

impl Core {
    pub(crate) fn new(py: Python<'_>, hasher: Hasher, info: Info, data: Option<Bytes>) -> Self {
        let core = Self {
            state: Mutex::new(hasher),
            info,
        };
        if let Some(d) = data {
            core.update(py, &d);
        }
        core
    }

    pub(crate) fn update(&self, py: Python<'_>, data: &Bytes) {
        with_gil_released(py, data.as_slice(), |d| self.lock().update(d));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Hasher> {
        // A panic while hashing cannot leave a torn state worth refusing: recover the guard.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn output(&self, len: usize) -> Vec<u8> {
        self.lock().clone().finalize(len)
    }

    /// Whether `tag` is the tag of the data so far (MAC objects only; constant time).
    pub(crate) fn verify(&self, tag: &[u8]) -> Option<bool> {
        self.lock().clone().verify(tag, self.info.digest_size)
    }

    pub(crate) fn copy(&self) -> Self {
        Self {
            state: Mutex::new(self.lock().clone()),
            info: self.info,
        }
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// A fixed-size hash object (hashlib protocol): `update`, `digest`, `hexdigest`, `copy`, `name`,
/// `digest_size`, `block_size`.
#[pyclass(module = "lwc", frozen, subclass)]
pub(crate) struct Hash(pub(crate) Core);

#[pymethods]
impl Hash {
    /// Absorbs `data` (any bytes-like object); long inputs are hashed with the GIL released.
    fn update(&self, py: Python<'_>, data: Bytes) {
        self.0.update(py, &data);
    }
    /// The digest of the data so far, as bytes (the object stays usable).
    fn digest<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.output(self.0.info.digest_size))
    }
    /// The digest of the data so far, as a lowercase hex string.
    fn hexdigest(&self) -> String {
        hex(&self.0.output(self.0.info.digest_size))
    }
    /// An independent copy of this object.
    fn copy(&self) -> Self {
        Self(self.0.copy())
    }
    /// The algorithm's name, e.g. "sha3_256".
    #[getter]
    fn name(&self) -> &'static str {
        self.0.info.name
    }
    /// The digest size in bytes.
    #[getter]
    fn digest_size(&self) -> usize {
        self.0.info.digest_size
    }
    /// The internal block size (the sponge's rate) in bytes.
    #[getter]
    fn block_size(&self) -> usize {
        self.0.info.block_size
    }
    fn __repr__(&self) -> String {
        format!("<{} lwc hash object>", self.0.info.name)
    }
}

/// An extendable-output object (hashlib's SHAKE protocol): `digest(length)`, `hexdigest(length)`.
#[pyclass(module = "lwc", frozen)]
pub(crate) struct Xof(pub(crate) Core);

#[pymethods]
impl Xof {
    /// Absorbs `data` (any bytes-like object); long inputs are hashed with the GIL released.
    fn update(&self, py: Python<'_>, data: Bytes) {
        self.0.update(py, &data);
    }
    /// The first `length` output bytes for the data so far (the object stays usable).
    fn digest<'py>(&self, py: Python<'py>, length: usize) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.output(length))
    }
    /// The first `length` output bytes as a lowercase hex string.
    fn hexdigest(&self, length: usize) -> String {
        hex(&self.0.output(length))
    }
    /// An independent copy of this object.
    fn copy(&self) -> Self {
        Self(self.0.copy())
    }
    /// The algorithm's name, e.g. "shake_128".
    #[getter]
    fn name(&self) -> &'static str {
        self.0.info.name
    }
    /// 0, as for hashlib's SHAKE objects (the output length is chosen at `digest`).
    #[getter]
    fn digest_size(&self) -> usize {
        0
    }
    /// The internal block size (the sponge's rate) in bytes.
    #[getter]
    fn block_size(&self) -> usize {
        self.0.info.block_size
    }
    fn __repr__(&self) -> String {
        format!("<{} lwc XOF object>", self.0.info.name)
    }
}

pub(crate) const fn info(name: &'static str, digest_size: usize, block_size: usize) -> Info {
    Info {
        name,
        digest_size,
        block_size,
    }
}

/// Constructors and one-shots of the fixed-size hashes: `name(data=b"")` returns a [`Hash`],
/// `name_digest(data)` the digest as bytes.
macro_rules! fixed_hash {
    ($ctor:ident, $oneshot:ident, $variant:ident, $ty:ty, $info:expr, $doc:literal) => {
        #[doc = concat!("A new ", $doc, " hash object, fed `data` if given (as hashlib's constructors).")]
        #[pyfunction]
        #[pyo3(signature = (data = None, *, usedforsecurity = true))]
        fn $ctor(py: Python<'_>, data: Option<Bytes>, usedforsecurity: bool) -> Hash {
            let _ = usedforsecurity;
            Hash(Core::new(py, Hasher::$variant(<$ty>::default()), $info, data))
        }
        #[doc = concat!("The ", $doc, " digest of `data`, as bytes (one-shot).")]
        #[pyfunction]
        fn $oneshot<'py>(py: Python<'py>, data: Bytes) -> Bound<'py, PyBytes> {
            let d = with_gil_released(py, data.as_slice(), |d| <$ty>::digest(d));
            PyBytes::new(py, &d)
        }
    };
}

fixed_hash!(
    sha3_224,
    sha3_224_digest,
    Sha3_224,
    Sha3_224,
    info("sha3_224", 28, 144),
    "SHA3-224"
);
fixed_hash!(
    sha3_256,
    sha3_256_digest,
    Sha3_256,
    Sha3_256,
    info("sha3_256", 32, 136),
    "SHA3-256"
);
fixed_hash!(
    sha3_384,
    sha3_384_digest,
    Sha3_384,
    Sha3_384,
    info("sha3_384", 48, 104),
    "SHA3-384"
);
fixed_hash!(
    sha3_512,
    sha3_512_digest,
    Sha3_512,
    Sha3_512,
    info("sha3_512", 64, 72),
    "SHA3-512"
);
fixed_hash!(
    keccak_224,
    keccak_224_digest,
    Keccak224,
    Keccak224,
    info("keccak_224", 28, 144),
    "Keccak-224"
);
fixed_hash!(
    keccak_256,
    keccak_256_digest,
    Keccak256,
    Keccak256,
    info("keccak_256", 32, 136),
    "Keccak-256"
);
fixed_hash!(
    keccak_384,
    keccak_384_digest,
    Keccak384,
    Keccak384,
    info("keccak_384", 48, 104),
    "Keccak-384"
);
fixed_hash!(
    keccak_512,
    keccak_512_digest,
    Keccak512,
    Keccak512,
    info("keccak_512", 64, 72),
    "Keccak-512"
);
fixed_hash!(
    ascon_hash256,
    ascon_hash256_digest,
    AsconHash256,
    AsconHash256,
    info("ascon_hash256", 32, 8),
    "Ascon-Hash256"
);

fixed_hash!(
    esch256,
    esch256_digest,
    Esch256,
    Esch256,
    info("esch256", 32, 16),
    "Esch256 (SPARKLE)"
);
fixed_hash!(
    esch384,
    esch384_digest,
    Esch384,
    Esch384,
    info("esch384", 48, 16),
    "Esch384 (SPARKLE)"
);

pub(crate) fn xof(py: Python<'_>, hasher: Hasher, info: Info, data: Option<Bytes>) -> Xof {
    Xof(Core::new(py, hasher, info, data))
}

/// A new SHAKE128 object, fed `data` if given.
#[pyfunction]
#[pyo3(signature = (data = None, *, usedforsecurity = true))]
fn shake_128(py: Python<'_>, data: Option<Bytes>, usedforsecurity: bool) -> Xof {
    let _ = usedforsecurity;
    xof(
        py,
        Hasher::Shake128(Shake128::default()),
        info("shake_128", 0, 168),
        data,
    )
}

/// A new SHAKE256 object, fed `data` if given.
#[pyfunction]
#[pyo3(signature = (data = None, *, usedforsecurity = true))]
fn shake_256(py: Python<'_>, data: Option<Bytes>, usedforsecurity: bool) -> Xof {
    let _ = usedforsecurity;
    xof(
        py,
        Hasher::Shake256(Shake256::default()),
        info("shake_256", 0, 136),
        data,
    )
}

/// A new cSHAKE128 object (NIST SP 800-185) with function name `function_name` (N) and
/// customization string `customization` (S).
#[pyfunction]
#[pyo3(signature = (data = None, *, function_name = None, customization = None))]
fn cshake128(
    py: Python<'_>,
    data: Option<Bytes>,
    function_name: Option<Bytes>,
    customization: Option<Bytes>,
) -> Xof {
    let (n, s) = (or_empty(&function_name), or_empty(&customization));
    xof(
        py,
        Hasher::CShake128(CShake128::new_with_function_name(n, s)),
        info("cshake128", 0, 168),
        data,
    )
}

/// A new cSHAKE256 object (NIST SP 800-185); see `cshake128`.
#[pyfunction]
#[pyo3(signature = (data = None, *, function_name = None, customization = None))]
fn cshake256(
    py: Python<'_>,
    data: Option<Bytes>,
    function_name: Option<Bytes>,
    customization: Option<Bytes>,
) -> Xof {
    let (n, s) = (or_empty(&function_name), or_empty(&customization));
    xof(
        py,
        Hasher::CShake256(CShake256::new_with_function_name(n, s)),
        info("cshake256", 0, 136),
        data,
    )
}

fn domain_error() -> PyErr {
    PyValueError::new_err("domain byte must be in 0x01..=0x7F")
}

/// A new TurboSHAKE128 object (RFC 9861) with domain byte `domain` (0x01..=0x7F, default 0x1F).
#[pyfunction]
#[pyo3(signature = (data = None, *, domain = 0x1F))]
fn turboshake128(py: Python<'_>, data: Option<Bytes>, domain: u8) -> PyResult<Xof> {
    let h = DynTurboShake128::new(domain).map_err(|_| domain_error())?;
    Ok(xof(
        py,
        Hasher::TurboShake128(h),
        info("turboshake128", 0, 168),
        data,
    ))
}

/// A new TurboSHAKE256 object (RFC 9861) with domain byte `domain` (0x01..=0x7F, default 0x1F).
#[pyfunction]
#[pyo3(signature = (data = None, *, domain = 0x1F))]
fn turboshake256(py: Python<'_>, data: Option<Bytes>, domain: u8) -> PyResult<Xof> {
    let h = DynTurboShake256::new(domain).map_err(|_| domain_error())?;
    Ok(xof(
        py,
        Hasher::TurboShake256(h),
        info("turboshake256", 0, 136),
        data,
    ))
}

/// A new KangarooTwelve KT128 object (RFC 9861) with customization string `customization`.
#[pyfunction]
#[pyo3(signature = (data = None, *, customization = None))]
fn kt128(py: Python<'_>, data: Option<Bytes>, customization: Option<Bytes>) -> Xof {
    let c = or_empty(&customization);
    xof(
        py,
        Hasher::Kt128(Kt128::new_customized(c)),
        info("kt128", 0, 168),
        data,
    )
}

/// A new KT256 object (RFC 9861) with customization string `customization`.
#[pyfunction]
#[pyo3(signature = (data = None, *, customization = None))]
fn kt256(py: Python<'_>, data: Option<Bytes>, customization: Option<Bytes>) -> Xof {
    let c = or_empty(&customization);
    xof(
        py,
        Hasher::Kt256(Kt256::new_customized(c)),
        info("kt256", 0, 136),
        data,
    )
}

/// A new Ascon-XOF128 object (NIST SP 800-232).
#[pyfunction]
#[pyo3(signature = (data = None))]
fn ascon_xof128(py: Python<'_>, data: Option<Bytes>) -> Xof {
    xof(
        py,
        Hasher::AsconXof128(AsconXof128::default()),
        info("ascon_xof128", 0, 8),
        data,
    )
}

/// A new Ascon-CXOF128 object (NIST SP 800-232) with customization string `customization`
/// (at most 256 bytes, else ValueError).
#[pyfunction]
#[pyo3(signature = (data = None, *, customization = None))]
fn ascon_cxof128(
    py: Python<'_>,
    data: Option<Bytes>,
    customization: Option<Bytes>,
) -> PyResult<Xof> {
    use lwc_ascon::TryCustomizedInit;
    let c = or_empty(&customization);
    let h = AsconCxof128::try_new_customized(c)
        .map_err(|_| PyValueError::new_err("Ascon-CXOF128 customization is at most 256 bytes"))?;
    Ok(xof(
        py,
        Hasher::AsconCxof128(h),
        info("ascon_cxof128", 0, 8),
        data,
    ))
}

/// A new XOEsch256 object (the SPARKLE XOF; its output is no extension of Esch256's).
#[pyfunction]
#[pyo3(signature = (data = None))]
fn xoesch256(py: Python<'_>, data: Option<Bytes>) -> Xof {
    xof(
        py,
        Hasher::XoEsch256(XoEsch256::default()),
        info("xoesch256", 0, 16),
        data,
    )
}

/// A new XOEsch384 object (the SPARKLE XOF; its output is no extension of Esch384's).
#[pyfunction]
#[pyo3(signature = (data = None))]
fn xoesch384(py: Python<'_>, data: Option<Bytes>) -> Xof {
    xof(
        py,
        Hasher::XoEsch384(XoEsch384::default()),
        info("xoesch384", 0, 16),
        data,
    )
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Hash>()?;
    m.add_class::<Xof>()?;
    m.add_function(wrap_pyfunction!(sha3_224, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_256, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_384, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_512, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_224, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_256, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_384, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_512, m)?)?;
    m.add_function(wrap_pyfunction!(ascon_hash256, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_224_digest, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_256_digest, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_384_digest, m)?)?;
    m.add_function(wrap_pyfunction!(sha3_512_digest, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_224_digest, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_256_digest, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_384_digest, m)?)?;
    m.add_function(wrap_pyfunction!(keccak_512_digest, m)?)?;
    m.add_function(wrap_pyfunction!(ascon_hash256_digest, m)?)?;
    m.add_function(wrap_pyfunction!(shake_128, m)?)?;
    m.add_function(wrap_pyfunction!(shake_256, m)?)?;
    m.add_function(wrap_pyfunction!(cshake128, m)?)?;
    m.add_function(wrap_pyfunction!(cshake256, m)?)?;
    m.add_function(wrap_pyfunction!(turboshake128, m)?)?;
    m.add_function(wrap_pyfunction!(turboshake256, m)?)?;
    m.add_function(wrap_pyfunction!(kt128, m)?)?;
    m.add_function(wrap_pyfunction!(kt256, m)?)?;
    m.add_function(wrap_pyfunction!(ascon_xof128, m)?)?;
    m.add_function(wrap_pyfunction!(ascon_cxof128, m)?)?;
    m.add_function(wrap_pyfunction!(esch256, m)?)?;
    m.add_function(wrap_pyfunction!(esch384, m)?)?;
    m.add_function(wrap_pyfunction!(esch256_digest, m)?)?;
    m.add_function(wrap_pyfunction!(esch384_digest, m)?)?;
    m.add_function(wrap_pyfunction!(xoesch256, m)?)?;
    m.add_function(wrap_pyfunction!(xoesch384, m)?)?;
    Ok(())
}
