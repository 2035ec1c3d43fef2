//! What both tracers need beside the operations: the deliberately secret-dependent negative
//! control and the `LWC_TRACE_LENGTHS` override of the traced lengths.

use std::hint::black_box;

use super::Ws;

/// A deliberately secret-dependent function: branches on each key bit 0 (the negative control a
/// tracer must tell apart under two secrets).
#[inline(never)]
pub fn branchy(ws: &mut Ws) -> u64 {
    let mut acc = 0u64;
    for &k in &ws.key[..16] {
        if black_box(k) & 1 == 0 {
            acc = black_box(acc.wrapping_mul(3));
        }
        acc ^= u64::from(k);
    }
    acc
}

/// The lengths to trace: `LWC_TRACE_LENGTHS` (comma-separated) if set, else `default`.
pub fn lengths(default: &[usize]) -> Vec<usize> {
    std::env::var("LWC_TRACE_LENGTHS").map_or(default.to_vec(), |v| {
        v.split(',')
            .map(|x| {
                x.trim()
                    .parse()
                    .expect("LWC_TRACE_LENGTHS: comma-separated lengths")
            })
            .collect()
    })
}
