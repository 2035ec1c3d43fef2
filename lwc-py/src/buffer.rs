//! Borrowing any C-contiguous buffer (bytes, bytearray, memoryview, array of any item type, ...)
//! as its bytes, as hashlib does, and releasing the GIL for large inputs.

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Inputs at least this long are processed with the GIL released (hashlib uses 2048 too).
pub(crate) const GIL_MIN: usize = 2048;

/// A borrowed buffer exported with `PyBUF_SIMPLE` (as hashlib asks for it): the exporter gives
/// its memory as plain bytes whatever its item format, and refuses (BufferError for a
/// memoryview) when it is not C-contiguous. The export keeps the object from resizing while
/// held.
pub(crate) struct Bytes {
    /// Boxed: the exporter may keep pointers into the view it filled in.
    view: Box<ffi::Py_buffer>,
}

impl<'py> FromPyObject<'py> for Bytes {
    fn extract_bound(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "Strings must be encoded before hashing",
            ));
        }
        // SAFETY: an all-zero `Py_buffer` is a valid value for `PyObject_GetBuffer` to fill in.
        let mut view: Box<ffi::Py_buffer> = Box::new(unsafe { std::mem::zeroed() });
        // SAFETY: `obj` is a live object (the GIL is held); `view` is writable. On success the
        // view holds a reference that `Drop` releases.
        if unsafe { ffi::PyObject_GetBuffer(obj.as_ptr(), &mut *view, ffi::PyBUF_SIMPLE) } != 0 {
            return Err(PyErr::fetch(obj.py()));
        }
        Ok(Self { view })
    }
}

impl Drop for Bytes {
    fn drop(&mut self) {
        // SAFETY: the view was filled in by a successful `PyObject_GetBuffer` and is released
        // once, with the GIL held.
        Python::with_gil(|_| unsafe { ffi::PyBuffer_Release(&mut *self.view) });
    }
}

impl Bytes {
    /// The bytes. While the GIL is released another thread may write to a mutable buffer (as
    /// with hashlib); the result is then some mix of old and new bytes, never a memory error.
    pub(crate) fn as_slice(&self) -> &[u8] {
        let len = usize::try_from(self.view.len).unwrap_or(0);
        if len == 0 || self.view.buf.is_null() {
            return &[];
        }
        // SAFETY: a `PyBUF_SIMPLE` export is `len` contiguous bytes at `buf`; the exporter
        // cannot free or resize them until `self` releases the view.
        unsafe { core::slice::from_raw_parts(self.view.buf.cast::<u8>(), len) }
    }
}

/// A new bytes object of `len` bytes filled by `fill`, or the error Python gives for it:
/// OverflowError above `PY_SSIZE_T_MAX` (no object can be that long), MemoryError when the
/// allocation fails. Nothing is computed before the memory is there; `fill` runs with the GIL
/// released for long outputs (the object is not shared until it is returned).
pub(crate) fn new_bytes<'py>(
    py: Python<'py>,
    len: usize,
    fill: impl FnOnce(&mut [u8]) + Send,
) -> PyResult<Bound<'py, PyBytes>> {
    if isize::try_from(len).is_err() {
        return Err(PyOverflowError::new_err(format!(
            "output length {len} is larger than the largest bytes object"
        )));
    }
    PyBytes::new_with(py, len, |buf| {
        if buf.len() >= GIL_MIN {
            py.allow_threads(|| fill(buf));
        } else {
            fill(buf);
        }
        Ok(())
    })
}

/// The lowercase hex string of `bytes` through Python's `bytes.hex` (MemoryError, not an abort,
/// when the string cannot be allocated).
pub(crate) fn hex<'py>(bytes: &Bound<'py, PyBytes>) -> PyResult<Bound<'py, PyAny>> {
    bytes.call_method0("hex")
}

/// The bytes of an optional argument (a customization string, associated data), empty when the
/// caller passed None.
pub(crate) fn or_empty(arg: &Option<Bytes>) -> &[u8] {
    arg.as_ref().map_or(&[], Bytes::as_slice)
}

/// Runs `f` on `data`, with the GIL released when `data` is long.
pub(crate) fn with_gil_released<T: Send>(
    py: Python<'_>,
    data: &[u8],
    f: impl FnOnce(&[u8]) -> T + Send,
) -> T {
    if data.len() >= GIL_MIN {
        py.allow_threads(|| f(data))
    } else {
        f(data)
    }
}

/// `b` as an array of exactly `N` bytes, else a ValueError naming the algorithm and the argument
/// ("LeMac key must be 16 bytes, got 15").
pub(crate) fn exact<const N: usize>(alg: &str, what: &str, b: &[u8]) -> PyResult<[u8; N]> {
    b.try_into().map_err(|_| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "{alg} {what} must be {N} bytes, got {}",
            b.len()
        ))
    })
}
