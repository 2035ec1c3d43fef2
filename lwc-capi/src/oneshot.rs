//! The size build's one-shot SHA3-256 / Keccak-256 (`--cfg keccak_backend="compact"`, README
//! "Size"): a sponge over `lwc_keccak::hazmat::f1600` written without a panicking path (no slice
//! indexing, no `copy_from_slice`, no `chunks_exact`: only `split_first_chunk`, `get_mut` and
//! zipped iterators), so a program that calls only `lwc_sha3_256` links no panic handler call
//! and no `core::fmt`. Other builds use the `lwc_keccak` types (their absorb loop keeps the
//! state in the backend's registers across blocks).

use lwc_keccak::hazmat::{State1600, f1600};

/// XORs `bytes` (at most 200) into the state's lanes, little-endian; a tail shorter than a lane
/// is ignored (the callers pass whole lanes).
fn xor_lanes(state: &mut State1600, mut bytes: &[u8]) {
    let mut lanes = state.iter_mut();
    while let (Some((lane_bytes, rest)), Some(lane)) =
        (bytes.split_first_chunk::<8>(), lanes.next())
    {
        *lane ^= u64::from_le_bytes(*lane_bytes);
        bytes = rest;
    }
}

/// The Keccak sponge with a 136-byte rate, padding domain byte `ds` (0x06: SHA3-256, 0x01:
/// Keccak-256) and a 32-byte output.
pub(crate) fn sponge256(mut data: &[u8], ds: u8, out: &mut [u8; 32]) {
    const RATE: usize = 136;
    let mut state: State1600 = [0; 25];
    while let Some((block, rest)) = data.split_first_chunk::<RATE>() {
        xor_lanes(&mut state, block);
        f1600(&mut state);
        data = rest;
    }
    // `data` is now shorter than RATE: the last block, padded with `ds` .. 0x80.
    let mut last = [0u8; RATE];
    for (b, d) in last.iter_mut().zip(data) {
        *b = *d;
    }
    if let Some(b) = last.get_mut(data.len()) {
        *b = ds;
    }
    last[RATE - 1] ^= 0x80;
    xor_lanes(&mut state, &last);
    f1600(&mut state);
    for (o, b) in out
        .iter_mut()
        .zip(state.iter().flat_map(|lane| lane.to_le_bytes()))
    {
        *o = b;
    }
}
