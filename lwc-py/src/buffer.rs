//! Borrowing any contiguous byte buffer (bytes, bytearray, memoryview, array('B'), ...) and
//! releasing the GIL for large inputs.

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// Inputs at least this long are processed with the GIL released (hashlib uses 2048 too).
pub(crate) const GIL_MIN: usize = 2048;

/// A borrowed, C-contiguous byte buffer; the export keeps the object from resizing while held.
pub(crate) struct Bytes {
    buf: PyBuffer<u8>,
}

impl<'py> FromPyObject<'py> for Bytes {
    fn extract_bound(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        let buf = PyBuffer::<u8>::get(obj)
            .map_err(|_| PyTypeError::new_err("expected a bytes-like object of unsigned bytes"))?;
        if !buf.is_c_contiguous() {
            return Err(PyTypeError::new_err("expected a C-contiguous buffer"));
        }
        Ok(Self { buf })
    }
}

impl Bytes {
    /// The bytes. While the GIL is released another thread may write to a mutable buffer (as
    /// with hashlib); the result is then some mix of old and new bytes, never a memory error.
    pub(crate) fn as_slice(&self) -> &[u8] {
        let len = self.buf.len_bytes();
        if len == 0 {
            return &[];
        }
        // SAFETY: the buffer is exported (held by `self.buf`), C-contiguous, of `len` bytes
        // starting at `buf_ptr`; the exporter cannot free or resize it until `self` drops.
        unsafe { core::slice::from_raw_parts(self.buf.buf_ptr().cast::<u8>(), len) }
    }
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
