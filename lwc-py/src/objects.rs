//! Hash and XOF objects with hashlib's protocol (`update`, `digest`, `hexdigest`, `copy`, ...)
//! over one locked [`Hasher`] state.

use std::sync::{Mutex, MutexGuard, TryLockError};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::buffer::{Bytes, GIL_MIN, hex, new_bytes};
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
        let data = data.as_slice();
        if data.len() >= GIL_MIN {
            py.allow_threads(|| self.lock().update(data));
        } else {
            self.lock_gil(py).update(data);
        }
    }

    /// The state, locked from a thread that does not hold the GIL.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Hasher> {
        // A panic while hashing cannot leave a torn state worth refusing (the KT objects' long
        // updates work on a copy): recover the guard.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The state, locked from a thread that holds the GIL: when another thread holds the lock
    /// (a long update with the GIL released), it is waited for with the GIL released, as
    /// hashlib does, so that the other Python threads run meanwhile.
    pub(crate) fn lock_gil(&self, py: Python<'_>) -> MutexGuard<'_, Hasher> {
        loop {
            match self.state.try_lock() {
                Ok(guard) => return guard,
                Err(TryLockError::Poisoned(e)) => return e.into_inner(),
                Err(TryLockError::WouldBlock) => py.allow_threads(|| drop(self.lock())),
            }
        }
    }

    /// The output of `len` bytes for the data so far, in a new bytes object allocated before
    /// anything is computed (MemoryError / OverflowError when it cannot be).
    pub(crate) fn output<'py>(&self, py: Python<'py>, len: usize) -> PyResult<Bound<'py, PyBytes>> {
        let state = self.lock_gil(py).clone();
        new_bytes(py, len, move |out| state.finalize_into(out))
    }

    /// Whether `tag` is the tag of the data so far (MAC objects only; constant time).
    pub(crate) fn verify(&self, py: Python<'_>, tag: &[u8]) -> Option<bool> {
        self.lock_gil(py).clone().verify(tag, self.info.digest_size)
    }

    pub(crate) fn copy(&self, py: Python<'_>) -> Self {
        Self {
            state: Mutex::new(self.lock_gil(py).clone()),
            info: self.info,
        }
    }
}

/// The initial data of a constructor: `data` or hashlib's older keyword `string` (not both).
pub(crate) fn data_or_string(
    data: Option<Bytes>,
    string: Option<Bytes>,
) -> PyResult<Option<Bytes>> {
    match (data, string) {
        (Some(_), Some(_)) => Err(PyTypeError::new_err(
            "'data' and 'string' are mutually exclusive",
        )),
        (d, s) => Ok(d.or(s)),
    }
}

/// The `usedforsecurity=` keyword as hashlib reads it: any object, by its truth value (so `0`,
/// `None` or `[]` are taken, and an error raised by its `__bool__` propagates).
pub(crate) fn truth(flag: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag.is_truthy()
}

/// A fixed-size hash object (hashlib protocol): `update`, `digest`, `hexdigest`, `copy`, `name`,
/// `digest_size`, `block_size`.
#[pyclass(module = "lwc", frozen, subclass)]
pub(crate) struct Hash(pub(crate) Core);

/// An extendable-output object (hashlib's SHAKE protocol): `digest(length)`, `hexdigest(length)`.
/// Subclassed by the KT objects ([`crate::kt::KangarooTwelve`]).
#[pyclass(module = "lwc", frozen, subclass)]
pub(crate) struct Xof(pub(crate) Core);

/// The `#[pymethods]` of a hashlib-protocol class `$ty` over its [`Core`]: `update`, `copy`,
/// `name`, `block_size` and `__repr__` (naming it a `$kind` object), plus `$extra` (its
/// `digest`, `hexdigest` and `digest_size`).
macro_rules! hashlib_methods {
    ($ty:ident, $kind:literal, { $($extra:tt)* }) => {
        #[pymethods]
        impl $ty {
            /// Absorbs `data` (any bytes-like object); long inputs are hashed with the GIL released.
            fn update(&self, py: Python<'_>, data: Bytes) {
                self.0.update(py, &data);
            }
            /// An independent copy of this object.
            fn copy(&self, py: Python<'_>) -> Self {
                Self(self.0.copy(py))
            }
            /// The algorithm's name, e.g. "sha3_256".
            #[getter]
            fn name(&self) -> &'static str {
                self.0.info.name
            }
            /// The internal block size (the sponge's rate) in bytes.
            #[getter]
            fn block_size(&self) -> usize {
                self.0.info.block_size
            }
            fn __repr__(&self) -> String {
                format!(concat!("<{} lwc ", $kind, " object>"), self.0.info.name)
            }
            $($extra)*
        }
    };
}

hashlib_methods!(Hash, "hash", {
    /// The digest of the data so far, as bytes (the object stays usable).
    fn digest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.0.output(py, self.0.info.digest_size)
    }
    /// The digest of the data so far, as a lowercase hex string.
    fn hexdigest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        hex(&self.0.output(py, self.0.info.digest_size)?)
    }
    /// The digest size in bytes.
    #[getter]
    fn digest_size(&self) -> usize {
        self.0.info.digest_size
    }
});

hashlib_methods!(Xof, "XOF", {
    /// The first `length` output bytes for the data so far (the object stays usable);
    /// MemoryError when they do not fit in memory, OverflowError for a length no bytes object
    /// can have.
    fn digest<'py>(&self, py: Python<'py>, length: usize) -> PyResult<Bound<'py, PyBytes>> {
        self.0.output(py, length)
    }
    /// The first `length` output bytes as a lowercase hex string (errors as `digest`).
    fn hexdigest<'py>(&self, py: Python<'py>, length: usize) -> PyResult<Bound<'py, PyAny>> {
        hex(&self.0.output(py, length)?)
    }
    /// 0, as for hashlib's SHAKE objects (the output length is chosen at `digest`).
    #[getter]
    fn digest_size(&self) -> usize {
        0
    }
});

pub(crate) const fn info(name: &'static str, digest_size: usize, block_size: usize) -> Info {
    Info {
        name,
        digest_size,
        block_size,
    }
}

pub(crate) fn xof(py: Python<'_>, hasher: Hasher, info: Info, data: Option<Bytes>) -> Xof {
    Xof(Core::new(py, hasher, info, data))
}
