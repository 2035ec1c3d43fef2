//! The constructors and one-shot functions of the unkeyed hashes and XOFs (their objects:
//! [`crate::objects`]).

use lwc_ascon::{AsconCxof128, AsconHash256, AsconXof128};
use lwc_keccak::{
    CShake128, CShake256, Digest, DynTurboShake128, DynTurboShake256, Keccak224, Keccak256,
    Keccak384, Keccak512, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256,
};
use lwc_sparkle::{Esch256, Esch384, XoEsch256, XoEsch384};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::buffer::{Bytes, or_empty, with_gil_released};
use crate::hasher::Hasher;
use crate::objects::{Core, Hash, Xof, data_or_string, info, truth, xof};

/// Constructors and one-shots of the fixed-size hashes: `name(data=b"")` returns a [`Hash`],
/// `name_digest(data)` the digest as bytes; and `register_fixed`, which adds them all.
macro_rules! fixed_hashes {
    ($(($ctor:ident, $oneshot:ident, $ty:ident, $info:expr, $doc:literal)),* $(,)?) => {
        $(
        #[doc = concat!("A new ", $doc, " hash object, fed `data` (or `string`) if given, as hashlib's constructors.")]
        #[pyfunction]
        #[pyo3(signature = (data = None, *, usedforsecurity = true, string = None))]
        fn $ctor(py: Python<'_>, data: Option<Bytes>, #[pyo3(from_py_with = truth)] usedforsecurity: bool, string: Option<Bytes>) -> PyResult<Hash> {
            let _ = usedforsecurity;
            let data = data_or_string(data, string)?;
            Ok(Hash(Core::new(py, Hasher::$ty(<$ty>::default()), $info, data)))
        }
        #[doc = concat!("The ", $doc, " digest of `data`, as bytes (one-shot).")]
        #[pyfunction]
        fn $oneshot<'py>(py: Python<'py>, data: Bytes) -> Bound<'py, PyBytes> {
            let d = with_gil_released(py, data.as_slice(), |d| <$ty>::digest(d));
            PyBytes::new(py, &d)
        }
        )*
        fn register_fixed(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
            m.add_function(wrap_pyfunction!($ctor, m)?)?;
            m.add_function(wrap_pyfunction!($oneshot, m)?)?;
            )*
            Ok(())
        }
    };
}

fixed_hashes!(
    (
        sha3_224,
        sha3_224_digest,
        Sha3_224,
        info("sha3_224", 28, 144),
        "SHA3-224"
    ),
    (
        sha3_256,
        sha3_256_digest,
        Sha3_256,
        info("sha3_256", 32, 136),
        "SHA3-256"
    ),
    (
        sha3_384,
        sha3_384_digest,
        Sha3_384,
        info("sha3_384", 48, 104),
        "SHA3-384"
    ),
    (
        sha3_512,
        sha3_512_digest,
        Sha3_512,
        info("sha3_512", 64, 72),
        "SHA3-512"
    ),
    (
        keccak_224,
        keccak_224_digest,
        Keccak224,
        info("keccak_224", 28, 144),
        "Keccak-224"
    ),
    (
        keccak_256,
        keccak_256_digest,
        Keccak256,
        info("keccak_256", 32, 136),
        "Keccak-256"
    ),
    (
        keccak_384,
        keccak_384_digest,
        Keccak384,
        info("keccak_384", 48, 104),
        "Keccak-384"
    ),
    (
        keccak_512,
        keccak_512_digest,
        Keccak512,
        info("keccak_512", 64, 72),
        "Keccak-512"
    ),
    (
        ascon_hash256,
        ascon_hash256_digest,
        AsconHash256,
        info("ascon_hash256", 32, 8),
        "Ascon-Hash256"
    ),
    (
        esch256,
        esch256_digest,
        Esch256,
        info("esch256", 32, 16),
        "Esch256 (SPARKLE)"
    ),
    (
        esch384,
        esch384_digest,
        Esch384,
        info("esch384", 48, 16),
        "Esch384 (SPARKLE)"
    ),
);

/// Constructors of the XOFs without parameters: `name(data=b"")` returns an [`Xof`]; and
/// `register_plain_xofs`, which adds them all.
macro_rules! plain_xofs {
    ($(($ctor:ident, $ty:ident, $info:expr, $doc:literal)),* $(,)?) => {
        $(
        #[doc = concat!("A new ", $doc, " object, fed `data` (or `string`) if given.")]
        #[pyfunction]
        #[pyo3(signature = (data = None, *, usedforsecurity = true, string = None))]
        fn $ctor(py: Python<'_>, data: Option<Bytes>, #[pyo3(from_py_with = truth)] usedforsecurity: bool, string: Option<Bytes>) -> PyResult<Xof> {
            let _ = usedforsecurity;
            Ok(xof(py, Hasher::$ty(<$ty>::default()), $info, data_or_string(data, string)?))
        }
        )*
        fn register_plain_xofs(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_function(wrap_pyfunction!($ctor, m)?)?;)*
            Ok(())
        }
    };
}

plain_xofs!(
    (shake_128, Shake128, info("shake_128", 0, 168), "SHAKE128"),
    (shake_256, Shake256, info("shake_256", 0, 136), "SHAKE256"),
    (
        ascon_xof128,
        AsconXof128,
        info("ascon_xof128", 0, 8),
        "Ascon-XOF128 (NIST SP 800-232)"
    ),
    (
        xoesch256,
        XoEsch256,
        info("xoesch256", 0, 16),
        "XOEsch256 (the SPARKLE XOF; its output is no extension of Esch256's)"
    ),
    (
        xoesch384,
        XoEsch384,
        info("xoesch384", 0, 16),
        "XOEsch384 (the SPARKLE XOF; its output is no extension of Esch384's)"
    ),
);

fn domain_error() -> PyErr {
    PyValueError::new_err("domain byte must be in 0x01..=0x7F")
}

/// Constructors of the XOFs with keyword parameters: `name(data=b"", *, <params>,
/// usedforsecurity=True, string=None)` returns an [`Xof`] of the state `$make` builds from the
/// parameters (a `PyResult<Hasher>`); and `register_param_xofs`, which adds them all.
macro_rules! param_xofs {
    ($($doc:literal $ctor:ident $info:expr, ($($arg:ident: $ty:ty = $default:tt),*) => $make:expr;)*) => {
        $(
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(signature = (data = None, *, $($arg = $default,)* usedforsecurity = true, string = None))]
        fn $ctor(py: Python<'_>, data: Option<Bytes>, $($arg: $ty,)* #[pyo3(from_py_with = truth)] usedforsecurity: bool, string: Option<Bytes>) -> PyResult<Xof> {
            let _ = usedforsecurity;
            let data = data_or_string(data, string)?;
            let hasher: PyResult<Hasher> = $make;
            Ok(xof(py, hasher?, $info, data))
        }
        )*
        fn register_param_xofs(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_function(wrap_pyfunction!($ctor, m)?)?;)*
            Ok(())
        }
    };
}

param_xofs! {
    "A new cSHAKE128 object (NIST SP 800-185) with function name `function_name` (N) and customization string `customization` (S)."
    cshake128 info("cshake128", 0, 168), (function_name: Option<Bytes> = None, customization: Option<Bytes> = None)
        => Ok(Hasher::CShake128(CShake128::new_with_function_name(or_empty(&function_name), or_empty(&customization))));
    "A new cSHAKE256 object (NIST SP 800-185); see `cshake128`."
    cshake256 info("cshake256", 0, 136), (function_name: Option<Bytes> = None, customization: Option<Bytes> = None)
        => Ok(Hasher::CShake256(CShake256::new_with_function_name(or_empty(&function_name), or_empty(&customization))));
    "A new TurboSHAKE128 object (RFC 9861) with domain byte `domain` (0x01..=0x7F, default 0x1F)."
    turboshake128 info("turboshake128", 0, 168), (domain: u8 = 0x1F)
        => DynTurboShake128::new(domain).map(Hasher::TurboShake128).map_err(|_| domain_error());
    "A new TurboSHAKE256 object (RFC 9861) with domain byte `domain` (0x01..=0x7F, default 0x1F)."
    turboshake256 info("turboshake256", 0, 136), (domain: u8 = 0x1F)
        => DynTurboShake256::new(domain).map(Hasher::TurboShake256).map_err(|_| domain_error());
    "A new Ascon-CXOF128 object (NIST SP 800-232) with customization string `customization` (at most 256 bytes, else ValueError)."
    ascon_cxof128 info("ascon_cxof128", 0, 8), (customization: Option<Bytes> = None)
        => <AsconCxof128 as lwc_ascon::TryCustomizedInit>::try_new_customized(or_empty(&customization))
            .map(Hasher::AsconCxof128)
            .map_err(|_| PyValueError::new_err("Ascon-CXOF128 customization is at most 256 bytes"));
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Hash>()?;
    m.add_class::<Xof>()?;
    register_fixed(m)?;
    register_plain_xofs(m)?;
    register_param_xofs(m)?;
    Ok(())
}
