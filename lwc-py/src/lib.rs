//! Python module `lwc._lwc` (re-exported by the pure-Python package `lwc`): hash, XOF and MAC
//! objects with hashlib's protocol, and Ascon-AEAD128 and Schwaemm in the style of
//! `cryptography`'s `AESGCM`.

use pyo3::prelude::*;

mod aead;
mod buffer;
mod hasher;
mod hashes;
mod kt;
mod mac;
mod objects;
mod sp800_185;

/// The native part of `lwc`; import `lwc`, not this module.
#[pymodule]
fn _lwc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    hashes::register(m)?;
    kt::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    mac::register(m)?;
    sp800_185::register(m)?;
    aead::register(m)?;
    Ok(())
}
