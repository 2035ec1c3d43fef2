//! The KT128 and KT256 objects (RFC 9861): the hashlib XOF protocol of [`Xof`], plus the
//! multithreading of the `blake3` wheel: `max_threads` at construction (`AUTO`: every core),
//! `update` hashing long inputs on up to that many threads with the GIL released, and
//! `update_mmap(path)`, which hashes a file read by the threads themselves.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use lwc_keccak::digest::CustomizedInit;
use lwc_keccak::{Kt128, Kt256};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::buffer::{Bytes, GIL_MIN, or_empty};
use crate::hasher::Hasher;
use crate::objects::{Core, Info, Xof, data_or_string, info, truth};

/// `max_threads=AUTO`: as many threads as `std::thread::available_parallelism` (the blake3
/// wheel's `blake3.AUTO`, also -1).
pub(crate) const AUTO: isize = -1;

/// Bytes read per thread at once from a file whose length is not known ahead (a pipe, a device,
/// or what a regular file grew by while it was hashed).
const STREAM_PER_THREAD: usize = 1 << 20;
/// The most threads counted for the buffer of such a file (64 MiB).
const STREAM_MAX_THREADS: usize = 64;

/// `max_threads` as a thread count: n >= 1 as given, [`AUTO`] the available parallelism (1
/// when it cannot be known); anything else is a ValueError.
fn resolve_threads(max_threads: isize) -> PyResult<usize> {
    if max_threads == AUTO {
        return Ok(std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    }
    match usize::try_from(max_threads) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "max_threads must be a positive integer or lwc.AUTO (-1), got {max_threads}"
        ))),
    }
}

/// Absorbs `data` into a KT state with its leaves on up to `threads` threads (any other state
/// absorbs it as `update` does).
fn absorb(state: &mut Hasher, data: &[u8], threads: usize) {
    match state {
        Hasher::Kt128(h) => {
            h.update_threads(data, threads);
        }
        Hasher::Kt256(h) => {
            h.update_threads(data, threads);
        }
        other => other.update(data),
    }
}

/// Absorbs the first `len` bytes of `file` into a KT state, read with positioned reads and
/// hashed on up to `threads` threads.
fn absorb_file(state: &mut Hasher, file: &File, len: u64, threads: usize) -> io::Result<()> {
    match state {
        Hasher::Kt128(h) => h.update_read_at(file, len, threads).map(drop),
        Hasher::Kt256(h) => h.update_read_at(file, len, threads).map(drop),
        other => absorb_stream(other, &mut file.take(len), 1),
    }
}

/// Absorbs `reader` to its end, read in pieces of up to [`STREAM_PER_THREAD`] bytes per
/// thread, each hashed on up to `threads` threads.
fn absorb_stream(state: &mut Hasher, reader: &mut impl Read, threads: usize) -> io::Result<()> {
    let cap = STREAM_PER_THREAD * threads.min(STREAM_MAX_THREADS);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = reader.take(cap as u64).read_to_end(&mut buf)?;
        absorb(state, &buf, threads);
        if n < cap {
            return Ok(());
        }
    }
}

/// Absorbs `data` into `core`'s state on up to `threads` threads, with the GIL released when it
/// is long. A threaded update works on a copy stored once it is done: a panic leaves the object
/// as it was.
fn update_core(core: &Core, py: Python<'_>, data: &[u8], threads: usize) {
    if data.len() < GIL_MIN {
        core.lock_gil(py).update(data);
        return;
    }
    py.allow_threads(|| {
        let mut state = core.lock();
        if threads == 1 {
            state.update(data);
        } else {
            let mut next = state.clone();
            absorb(&mut next, data, threads);
            *state = next;
        }
    });
}

/// Absorbs the file at `path` into `core`'s state (see `update_mmap`), on a copy stored only
/// when the whole file was read: on an error the object is as it was.
fn update_file(core: &Core, path: &Path, threads: usize) -> io::Result<()> {
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    let mut state = core.lock();
    let mut next = state.clone();
    // A regular file's length at the start is read by the threads; what lies past it (a file
    // that grew, or one that gives no length, as those of /proc) and any other kind of file (a
    // pipe, a device; a directory gives its read error) are read to their end after it.
    let len = if meta.is_file() { meta.len() } else { 0 };
    if len > 0 {
        absorb_file(&mut next, &file, len, threads)?;
        file.seek(SeekFrom::Start(len))?;
    }
    absorb_stream(&mut next, &mut file, threads)?;
    *state = next;
    Ok(())
}

/// `err`, met while hashing the file `path` (the caller's object), as the OSError that `open`
/// would raise: its subclass from the errno (FileNotFoundError, PermissionError,
/// IsADirectoryError, ...), with `filename` set; an error without errno (the file got shorter
/// while it was read) is a plain OSError naming the file in its message.
fn os_error(py: Python<'_>, err: io::Error, path: &Bound<'_, PyAny>) -> PyErr {
    let os = py.import("os");
    if let Some(code) = err.raw_os_error() {
        let strerror = os
            .as_ref()
            .ok()
            .and_then(|os| os.call_method1("strerror", (code,)).ok())
            .map_or_else(|| err.to_string(), |s| s.to_string());
        return PyOSError::new_err((code, strerror, path.clone().unbind()));
    }
    let what = if err.kind() == io::ErrorKind::UnexpectedEof {
        "the file got shorter while it was read".to_owned()
    } else {
        err.to_string()
    };
    let name = path
        .repr()
        .map_or_else(|_| "the file".to_owned(), |r| r.to_string());
    PyOSError::new_err(format!("{name}: {what}"))
}

/// A KT128 or KT256 object (RFC 9861): an [`Xof`] (hashlib's SHAKE protocol) whose `update`
/// hashes long inputs on up to `max_threads` threads, plus `update_mmap(path)`.
#[pyclass(module = "lwc", frozen, extends = Xof)]
pub(crate) struct KangarooTwelve {
    /// The most threads an update runs on (this one included), `AUTO` resolved.
    max_threads: usize,
}

impl KangarooTwelve {
    /// A new object over `core`.
    fn create(py: Python<'_>, core: Core, max_threads: usize) -> PyResult<Py<Self>> {
        let init = PyClassInitializer::from(Xof(core)).add_subclass(Self { max_threads });
        Py::new(py, init)
    }

    /// A new object of `hasher`, fed `data` on up to `max_threads` threads.
    fn new_fed(
        py: Python<'_>,
        hasher: Hasher,
        info: Info,
        data: Option<Bytes>,
        max_threads: isize,
    ) -> PyResult<Py<Self>> {
        let threads = resolve_threads(max_threads)?;
        let core = Core::new(py, hasher, info, None);
        if let Some(d) = data {
            update_core(&core, py, d.as_slice(), threads);
        }
        Self::create(py, core, threads)
    }
}

#[pymethods]
impl KangarooTwelve {
    /// Absorbs `data` (any bytes-like object), with the GIL released when it is long; its
    /// leaves are hashed on up to `max_threads` threads (each gets at least 512 KiB). The
    /// output is the same for every thread count.
    fn update(slf: PyRef<'_, Self>, data: Bytes) {
        update_core(
            &slf.as_super().0,
            slf.py(),
            data.as_slice(),
            slf.max_threads,
        );
    }

    /// Absorbs the file at `path` (str, bytes or os.PathLike) and returns this object, as the
    /// blake3 wheel's `update_mmap`. A regular file is read with positioned reads by up to
    /// `max_threads` threads (no memory map: a file truncated meanwhile raises OSError instead
    /// of crashing the process), the GIL released; other files (pipes, devices) are read to
    /// their end. Raises OSError (FileNotFoundError, PermissionError, ...; `filename` set) and
    /// leaves the object as it was when the file cannot be read whole.
    fn update_mmap<'py>(
        slf: PyRef<'py, Self>,
        path: &Bound<'py, PyAny>,
    ) -> PyResult<PyRef<'py, Self>> {
        let py = slf.py();
        let native: PathBuf = py
            .import("os")?
            .call_method1("fsdecode", (path,))?
            .extract()?;
        if native.as_os_str().as_encoded_bytes().contains(&0) {
            return Err(PyValueError::new_err("embedded null byte"));
        }
        let threads = slf.max_threads;
        let core = &slf.as_super().0;
        py.allow_threads(|| update_file(core, &native, threads))
            .map_err(|e| os_error(py, e, path))?;
        Ok(slf)
    }

    /// An independent copy of this object (with the same `max_threads`).
    fn copy(slf: PyRef<'_, Self>) -> PyResult<Py<Self>> {
        let py = slf.py();
        Self::create(py, slf.as_super().0.copy(py), slf.max_threads)
    }

    /// The most threads an update runs on, this one included (`AUTO` given: the number of
    /// cores at construction).
    #[getter]
    fn max_threads(&self) -> usize {
        self.max_threads
    }

    /// `<kt128 lwc XOF object, max_threads=N>`.
    fn __repr__(slf: PyRef<'_, Self>) -> String {
        format!(
            "<{} lwc XOF object, max_threads={}>",
            slf.as_super().0.info.name,
            slf.max_threads
        )
    }
}

/// The constructor `$name` of [`KangarooTwelve`] objects over `$ty`, with the doc `$doc`.
macro_rules! kt_constructor {
    ($(#[doc = $doc:literal])* $name:ident, $ty:ident, $variant:ident, $rate:literal) => {
        $(#[doc = $doc])*
        #[pyfunction]
        #[pyo3(signature = (data = None, *, customization = None, max_threads = 1, usedforsecurity = true, string = None))]
        fn $name(
            py: Python<'_>,
            data: Option<Bytes>,
            customization: Option<Bytes>,
            max_threads: isize,
            #[pyo3(from_py_with = truth)] usedforsecurity: bool,
            string: Option<Bytes>,
        ) -> PyResult<Py<KangarooTwelve>> {
            let _ = usedforsecurity;
            let data = data_or_string(data, string)?;
            let h = Hasher::$variant($ty::new_customized(or_empty(&customization)));
            KangarooTwelve::new_fed(py, h, info(stringify!($name), 0, $rate), data, max_threads)
        }
    };
}

kt_constructor!(
    /// A new KT128 object (KangarooTwelve, RFC 9861) with customization string `customization`,
    /// fed `data` (or `string`) if given; its updates run on up to `max_threads` threads (a
    /// positive integer, or `AUTO` for every core).
    kt128, Kt128, Kt128, 168
);
kt_constructor!(
    /// A new KT256 object (RFC 9861); see `kt128`.
    kt256, Kt256, Kt256, 136
);

/// Adds `KangarooTwelve`, `kt128`, `kt256` and `AUTO` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KangarooTwelve>()?;
    m.add_function(wrap_pyfunction!(kt128, m)?)?;
    m.add_function(wrap_pyfunction!(kt256, m)?)?;
    m.add("AUTO", AUTO)?;
    Ok(())
}
