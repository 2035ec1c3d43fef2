//! Word helpers beside the state type: the little-endian lane order of FIPS 202 (lane `i` is state
//! bytes `8 i .. 8 i + 8`, least significant byte first), used by the sponge and the backends.

use super::State1600;

/// The lane encoded by the first 8 bytes of `bytes` (little-endian).
#[inline(always)]
pub(crate) fn load_lane(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(b)
}

/// XORs the whole lanes of `block` (its length rounded down to a multiple of 8 bytes, at most 200)
/// into the first lanes of `st`.
#[inline(always)]
pub(crate) fn xor_block(st: &mut State1600, block: &[u8]) {
    for (lane, chunk) in st.iter_mut().zip(block.chunks_exact(8)) {
        *lane ^= load_lane(chunk);
    }
}

/// Writes the first `out.len()` bytes of the byte string of `lanes` (each lane little-endian) into
/// `out` (`out.len() <= 8 * lanes.len()`).
#[inline(always)]
pub(crate) fn store_lanes(lanes: &[u64], out: &mut [u8]) {
    for (dst, lane) in out.chunks_mut(8).zip(lanes) {
        dst.copy_from_slice(&lane.to_le_bytes()[..dst.len()]);
    }
}
