//! Shared helpers for the criterion benches (message sizes, deterministic inputs) and the report tool.

pub mod oneshot;
pub mod qemu;
pub mod report;
pub mod rv32;
pub mod wasm;

/// Message sizes every family group measures (bytes).
pub const SIZES: &[usize] = &[16, 64, 256, 1024, 16 * 1024, 1024 * 1024];

/// A deterministic, non-trivial input of `len` bytes.
#[must_use]
pub fn input(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3])
        .collect()
}
