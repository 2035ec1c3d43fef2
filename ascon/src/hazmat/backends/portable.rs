//! Portable backend: plain Rust, no `unsafe`, the reference every other backend is tested against.
