//! Python module `lwc._lwc` (re-exported by the pure-Python package `lwc`): hash objects with
//! hashlib's protocol and Ascon-AEAD128 in the style of `cryptography`'s `AESGCM`.

use pyo3::prelude::*;

mod aead;
mod buffer;
mod hashes;

/// The native part of `lwc`; import `lwc`, not this module.
#[pymodule]
fn _lwc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    hashes::register(m)?;
    aead::register(m)?;
    Ok(())
}
