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

/// The little-endian value of `bytes` (at most 7), read in pieces of 4, 2 and 1 bytes: a length
/// known only at run time calls no `memcpy`, and the value is built in a register (no load of a
/// lane written by narrower stores).
#[inline(always)]
pub(crate) fn load_partial(bytes: &[u8]) -> u64 {
    let mut v = 0;
    let mut shift = 0;
    let mut rest = bytes;
    if let Some((four, r)) = rest.split_first_chunk::<4>() {
        v |= u64::from(u32::from_le_bytes(*four));
        shift = 32;
        rest = r;
    }
    if let Some((two, r)) = rest.split_first_chunk::<2>() {
        v |= u64::from(u16::from_le_bytes(*two)) << shift;
        shift += 16;
        rest = r;
    }
    if let Some(&one) = rest.first() {
        v |= u64::from(one) << shift;
    }
    v
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
/// `out` (`out.len() <= 8 * lanes.len()`): whole lanes as 8-byte stores and the last partial
/// lane in pieces of 4, 2 and 1 bytes, so that a length known only at run time calls no `memcpy`.
#[inline(always)]
pub(crate) fn store_lanes(lanes: &[u64], out: &mut [u8]) {
    let mut chunks = out.chunks_exact_mut(8);
    let mut lanes = lanes.iter();
    for (dst, lane) in (&mut chunks).zip(&mut lanes) {
        dst.copy_from_slice(&lane.to_le_bytes());
    }
    let rest = chunks.into_remainder();
    if let Some(&lane) = lanes.next().filter(|_| !rest.is_empty()) {
        store_partial(lane, rest);
    }
}

/// Writes the first `out.len()` (at most 8) bytes of `v` (little-endian) into `out`, in pieces of
/// 8, 4, 2 and 1 bytes: a length known only at run time calls no `memcpy` (ML-KEM's 3-byte
/// rejection-sampling reads, 56 a block, each paid for a call).
#[inline(always)]
pub(crate) fn store_partial(v: u64, out: &mut [u8]) {
    let n = out.len();
    if let Ok(eight) = <&mut [u8; 8]>::try_from(&mut *out) {
        *eight = v.to_le_bytes();
        return;
    }
    let mut v = v;
    let (four, rest) = out.split_at_mut(n & 4);
    if let Ok(four) = <&mut [u8; 4]>::try_from(four) {
        *four = (v as u32).to_le_bytes();
        v >>= 32;
    }
    let (two, one) = rest.split_at_mut(n & 2);
    if let Ok(two) = <&mut [u8; 2]>::try_from(two) {
        *two = (v as u16).to_le_bytes();
        v >>= 16;
    }
    if let Some(one) = one.first_mut() {
        *one = v as u8;
    }
}

/// Copies `out.len()` bytes of `lanes` (little-endian), starting at byte `from`, into `out`.
#[inline]
pub(crate) fn store_bytes_at(lanes: &[u64], from: usize, out: &mut [u8]) {
    let mut lanes = lanes[from / 8..].iter();
    let skip = from % 8;
    let mut out = out;
    if skip != 0 {
        if let Some(lane) = lanes.next() {
            let n = (8 - skip).min(out.len());
            let (head, rest) = out.split_at_mut(n);
            head.copy_from_slice(&lane.to_le_bytes()[skip..skip + n]);
            out = rest;
        }
    }
    store_lanes(lanes.as_slice(), out);
}

/// `match`es `$rate` against the Keccak rates (in bytes) the backends compile a loop for, each arm
/// running `$call` with the constant `$lanes` set to that rate's lane count (`rate / 8`), so that the
/// loop is compiled for a fixed block; `$other` for any other rate. The first form: SHAKE128's 168
/// and SHAKE256's 136 (also cSHAKE, TurboSHAKE, KT and KMAC); `all`: those and SHA3-224's 144,
/// SHA3-384's 104 and SHA3-512's 72.
// Unused on targets that compile none of the SIMD backends (wasm32 without `simd128`, ...).
#[allow(unused_macros)]
macro_rules! by_rate {
    ($rate:expr, $lanes:ident => $call:expr, _ => $other:expr $(,)?) => {
        $crate::hazmat::words::by_rate!(@arms $rate, $lanes, $call, $other, [168 21, 136 17])
    };
    (all $rate:expr, $lanes:ident => $call:expr, _ => $other:expr $(,)?) => {
        $crate::hazmat::words::by_rate!(
            @arms $rate, $lanes, $call, $other, [168 21, 144 18, 136 17, 104 13, 72 9]
        )
    };
    (@arms $rate:expr, $lanes:ident, $call:expr, $other:expr, [$($r:literal $l:literal),*]) => {
        match $rate {
            $($r => {
                const $lanes: usize = $l;
                $call
            })*
            _ => $other,
        }
    };
}
#[allow(unused_imports)]
pub(crate) use by_rate;
