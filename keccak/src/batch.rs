//! Batch hashing: many messages at once, eight per call of the eight-state permutation (AVX-512
//! on x86_64 when the CPU has it), else four per call of the four-state one (AVX2, NEON, wasm
//! SIMD); elsewhere the same results, one state after another.
//!
//! Each function hashes `msgs[i]` into `outs[i]`. Groups of eight (else four) consecutive
//! messages of equal length (and, for the XOFs, equal output length) take the multi-state path;
//! anything else is hashed one by one, an output of at most one block in one call of the backend
//! that keeps the state in registers where it can (`Kernels::digest`). The outputs are exactly
//! those of the one-message types.

use core::fmt;

use crate::hazmat::sponge::{Oneshot, Sponge, digest, oneshot_x4, oneshot_x8};

/// `msgs` and `outs` have different lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchLengthMismatch;

impl fmt::Display for BatchLengthMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("batch: number of messages and of outputs differ")
    }
}

impl core::error::Error for BatchLengthMismatch {}

fn run<const RATE: usize, const ROUNDS: usize>(
    msgs: &[&[u8]],
    outs: &mut [&mut [u8]],
    ds: u8,
) -> Result<(), BatchLengthMismatch> {
    if msgs.len() != outs.len() {
        return Err(BatchLengthMismatch);
    }
    let mut i = 0;
    while i < msgs.len() {
        let (m, o) = (&msgs[i..], &mut outs[i..]);
        if group(m, o, ds, oneshot_x8::<RATE, ROUNDS>) {
            i += 8;
        } else if group(m, o, ds, oneshot_x4::<RATE, ROUNDS>) {
            i += 4;
        } else if outs[i].len() <= RATE {
            digest::<RATE, ROUNDS>(msgs[i], ds, outs[i]);
            i += 1;
        } else {
            let mut s = Sponge::<RATE, ROUNDS>::new();
            s.absorb(msgs[i]);
            s.pad(ds);
            s.squeeze(outs[i]);
            i += 1;
        }
    }
    Ok(())
}

/// Hashes the first `G` messages into the first `G` outputs with `oneshot` (the `G`-state
/// one-shot sponge) if there are `G` of each, of equal input and equal output lengths; returns
/// whether it did.
fn group<const G: usize, const RATE: usize, const ROUNDS: usize>(
    msgs: &[&[u8]],
    outs: &mut [&mut [u8]],
    ds: u8,
    oneshot: Oneshot<G, RATE, ROUNDS>,
) -> bool {
    let (Some(m), Some(o)) = (msgs.first_chunk::<G>(), outs.first_chunk_mut::<G>()) else {
        return false;
    };
    let same_in = m.iter().all(|x| x.len() == m[0].len());
    let same_out = o.iter().all(|x| x.len() == o[0].len());
    if same_in && same_out {
        oneshot(*m, ds, o.each_mut().map(|x| &mut **x), None);
    }
    same_in && same_out
}

fn run_fixed<const RATE: usize, const N: usize>(
    msgs: &[&[u8]],
    outs: &mut [[u8; N]],
    ds: u8,
) -> Result<(), BatchLengthMismatch> {
    if msgs.len() != outs.len() {
        return Err(BatchLengthMismatch);
    }
    for (m, o) in msgs.chunks(8).zip(outs.chunks_mut(8)) {
        let mut refs: [&mut [u8]; 8] = Default::default();
        for (r, x) in refs.iter_mut().zip(o.iter_mut()) {
            *r = x;
        }
        run::<RATE, 24>(m, &mut refs[..m.len()], ds)?;
    }
    Ok(())
}

/// SHA3-256 of every message (`outs[i]` = SHA3-256(`msgs[i]`)).
pub fn sha3_256(msgs: &[&[u8]], outs: &mut [[u8; 32]]) -> Result<(), BatchLengthMismatch> {
    run_fixed::<136, 32>(msgs, outs, 0x06)
}

/// Keccak-256 (Ethereum) of every message.
pub fn keccak256(msgs: &[&[u8]], outs: &mut [[u8; 32]]) -> Result<(), BatchLengthMismatch> {
    run_fixed::<136, 32>(msgs, outs, 0x01)
}

/// SHAKE128 of every message; `outs[i].len()` is the output length of message `i`.
pub fn shake128(msgs: &[&[u8]], outs: &mut [&mut [u8]]) -> Result<(), BatchLengthMismatch> {
    run::<168, 24>(msgs, outs, 0x1F)
}

/// SHAKE256 of every message; `outs[i].len()` is the output length of message `i`.
pub fn shake256(msgs: &[&[u8]], outs: &mut [&mut [u8]]) -> Result<(), BatchLengthMismatch> {
    run::<136, 24>(msgs, outs, 0x1F)
}

#[cfg(feature = "turboshake")]
/// TurboSHAKE128 with domain byte `ds` (`0x01..=0x7F`, else an error) of every message.
pub fn turbo_shake128(
    msgs: &[&[u8]],
    outs: &mut [&mut [u8]],
    ds: u8,
) -> Result<(), crate::BatchError> {
    if !(0x01..=0x7F).contains(&ds) {
        return Err(crate::BatchError::DomainByte(crate::InvalidDomainByte));
    }
    run::<168, 12>(msgs, outs, ds).map_err(crate::BatchError::Length)
}

#[cfg(feature = "turboshake")]
/// TurboSHAKE256 with domain byte `ds` (`0x01..=0x7F`, else an error) of every message.
pub fn turbo_shake256(
    msgs: &[&[u8]],
    outs: &mut [&mut [u8]],
    ds: u8,
) -> Result<(), crate::BatchError> {
    if !(0x01..=0x7F).contains(&ds) {
        return Err(crate::BatchError::DomainByte(crate::InvalidDomainByte));
    }
    run::<136, 12>(msgs, outs, ds).map_err(crate::BatchError::Length)
}
