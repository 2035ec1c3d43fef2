//! The other NIST SP 800-185 functions: KMACXOF, TupleHash(XOF) and ParallelHash(XOF). Each
//! fixed-length function takes its output length `L` as `digest_size` at construction (another
//! length is another function, not a truncation); the XOFs take any length at `digest`.

use lwc_keccak::{Kmac128, Kmac256, ParallelHash, TupleHash128, TupleHash256};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::buffer::{Bytes, or_empty};
use crate::hasher::Hasher;
use crate::mac::output_len;
use crate::objects::{Core, Hash, Xof, info, truth, xof};

/// A fixed-length object fed each of `items` as one tuple item (TupleHash).
fn tuple_hash(
    py: Python<'_>,
    hasher: Hasher,
    info: crate::objects::Info,
    items: Vec<Bytes>,
) -> Core {
    let core = Core::new(py, hasher, info, None);
    for item in &items {
        core.update(py, item);
    }
    core
}

/// A new KMACXOF128 object (NIST SP 800-185) with `key` (any length) and customization string
/// `customization`.
#[pyfunction]
#[pyo3(signature = (key, data = None, *, customization = None, usedforsecurity = true))]
fn kmacxof128(
    py: Python<'_>,
    key: Bytes,
    data: Option<Bytes>,
    customization: Option<Bytes>,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> Xof {
    let _ = usedforsecurity;
    let h = Kmac128::new_customized(key.as_slice(), or_empty(&customization));
    xof(py, Hasher::Kmac128Xof(h), info("kmacxof128", 0, 168), data)
}

/// A new KMACXOF256 object (NIST SP 800-185); see `kmacxof128`.
#[pyfunction]
#[pyo3(signature = (key, data = None, *, customization = None, usedforsecurity = true))]
fn kmacxof256(
    py: Python<'_>,
    key: Bytes,
    data: Option<Bytes>,
    customization: Option<Bytes>,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> Xof {
    let _ = usedforsecurity;
    let h = Kmac256::new_customized(key.as_slice(), or_empty(&customization));
    xof(py, Hasher::Kmac256Xof(h), info("kmacxof256", 0, 136), data)
}

/// A new TupleHash128 object (NIST SP 800-185) with customization string `customization` and
/// output length `digest_size` bytes, fed the bytes-like `items` in order. Each `update(item)`
/// appends ONE item (`update(b"ab"); update(b"c")` differs from `update(b"a"); update(b"bc")`).
#[pyfunction]
#[pyo3(signature = (items = Vec::new(), *, customization = None, digest_size = 32, usedforsecurity = true))]
fn tuplehash128(
    py: Python<'_>,
    items: Vec<Bytes>,
    customization: Option<Bytes>,
    digest_size: usize,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Hash> {
    let _ = usedforsecurity;
    let len = output_len("TupleHash128", digest_size, isize::MAX as usize)?;
    let h = Hasher::TupleHash128Fixed(TupleHash128::new(or_empty(&customization)));
    Ok(Hash(tuple_hash(
        py,
        h,
        info("tuplehash128", len, 168),
        items,
    )))
}

/// A new TupleHash256 object (NIST SP 800-185); see `tuplehash128` (default `digest_size` 64).
#[pyfunction]
#[pyo3(signature = (items = Vec::new(), *, customization = None, digest_size = 64, usedforsecurity = true))]
fn tuplehash256(
    py: Python<'_>,
    items: Vec<Bytes>,
    customization: Option<Bytes>,
    digest_size: usize,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Hash> {
    let _ = usedforsecurity;
    let len = output_len("TupleHash256", digest_size, isize::MAX as usize)?;
    let h = Hasher::TupleHash256Fixed(TupleHash256::new(or_empty(&customization)));
    Ok(Hash(tuple_hash(
        py,
        h,
        info("tuplehash256", len, 136),
        items,
    )))
}

/// The TupleHashXOF constructors: `name(items=(), *, customization=None, usedforsecurity=True)`
/// returns an [`Xof`] fed each of `items` as one tuple item (as each later `update`).
macro_rules! tuplehash_xofs {
    ($(($ctor:ident, $variant:ident, $ty:ident, $info:expr)),*) => {
        $(
        #[doc = concat!("A new ", stringify!($ty), " XOF object; see `tuplehash128` (each `update` is one item).")]
        #[pyfunction]
        #[pyo3(signature = (items = Vec::new(), *, customization = None, usedforsecurity = true))]
        fn $ctor(py: Python<'_>, items: Vec<Bytes>, customization: Option<Bytes>, #[pyo3(from_py_with = truth)] usedforsecurity: bool) -> Xof {
            let _ = usedforsecurity;
            let h = Hasher::$variant($ty::new(or_empty(&customization)));
            Xof(tuple_hash(py, h, $info, items))
        }
        )*
    };
}

tuplehash_xofs!(
    (
        tuplehashxof128,
        TupleHash128Xof,
        TupleHash128,
        info("tuplehashxof128", 0, 168)
    ),
    (
        tuplehashxof256,
        TupleHash256Xof,
        TupleHash256,
        info("tuplehashxof256", 0, 136)
    )
);

/// ParallelHash with block size `B` = `block_size` bytes (at least 1, else ValueError).
fn parallel<const RATE: usize>(
    block_size: usize,
    s: &Option<Bytes>,
) -> PyResult<ParallelHash<RATE>> {
    ParallelHash::new(block_size, or_empty(s))
        .map_err(|_| PyValueError::new_err("ParallelHash block_size must be at least 1"))
}

/// A new ParallelHash128 object (NIST SP 800-185) with block size `block_size` bytes (B, at
/// least 1), customization string `customization` and output length `digest_size` bytes.
#[pyfunction]
#[pyo3(signature = (data = None, *, block_size, customization = None, digest_size = 32, usedforsecurity = true))]
fn parallelhash128(
    py: Python<'_>,
    data: Option<Bytes>,
    block_size: usize,
    customization: Option<Bytes>,
    digest_size: usize,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Hash> {
    let _ = usedforsecurity;
    let len = output_len("ParallelHash128", digest_size, isize::MAX as usize)?;
    let h = Hasher::ParallelHash128Fixed(parallel(block_size, &customization)?);
    Ok(Hash(Core::new(
        py,
        h,
        info("parallelhash128", len, 168),
        data,
    )))
}

/// A new ParallelHash256 object; see `parallelhash128` (default `digest_size` 64).
#[pyfunction]
#[pyo3(signature = (data = None, *, block_size, customization = None, digest_size = 64, usedforsecurity = true))]
fn parallelhash256(
    py: Python<'_>,
    data: Option<Bytes>,
    block_size: usize,
    customization: Option<Bytes>,
    digest_size: usize,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Hash> {
    let _ = usedforsecurity;
    let len = output_len("ParallelHash256", digest_size, isize::MAX as usize)?;
    let h = Hasher::ParallelHash256Fixed(parallel(block_size, &customization)?);
    Ok(Hash(Core::new(
        py,
        h,
        info("parallelhash256", len, 136),
        data,
    )))
}

/// A new ParallelHashXOF128 object; see `parallelhash128`.
#[pyfunction]
#[pyo3(signature = (data = None, *, block_size, customization = None, usedforsecurity = true))]
fn parallelhashxof128(
    py: Python<'_>,
    data: Option<Bytes>,
    block_size: usize,
    customization: Option<Bytes>,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Xof> {
    let _ = usedforsecurity;
    let h = Hasher::ParallelHash128Xof(parallel(block_size, &customization)?);
    Ok(xof(py, h, info("parallelhashxof128", 0, 168), data))
}

/// A new ParallelHashXOF256 object; see `parallelhash128`.
#[pyfunction]
#[pyo3(signature = (data = None, *, block_size, customization = None, usedforsecurity = true))]
fn parallelhashxof256(
    py: Python<'_>,
    data: Option<Bytes>,
    block_size: usize,
    customization: Option<Bytes>,
    #[pyo3(from_py_with = truth)] usedforsecurity: bool,
) -> PyResult<Xof> {
    let _ = usedforsecurity;
    let h = Hasher::ParallelHash256Xof(parallel(block_size, &customization)?);
    Ok(xof(py, h, info("parallelhashxof256", 0, 136), data))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(kmacxof128, m)?)?;
    m.add_function(wrap_pyfunction!(kmacxof256, m)?)?;
    m.add_function(wrap_pyfunction!(tuplehash128, m)?)?;
    m.add_function(wrap_pyfunction!(tuplehash256, m)?)?;
    m.add_function(wrap_pyfunction!(tuplehashxof128, m)?)?;
    m.add_function(wrap_pyfunction!(tuplehashxof256, m)?)?;
    m.add_function(wrap_pyfunction!(parallelhash128, m)?)?;
    m.add_function(wrap_pyfunction!(parallelhash256, m)?)?;
    m.add_function(wrap_pyfunction!(parallelhashxof128, m)?)?;
    m.add_function(wrap_pyfunction!(parallelhashxof256, m)?)?;
    Ok(())
}
