//! Generic checks over the RustCrypto traits. A new algorithm costs one call per vector.
//!
//! Every runner returns `Ok(())` or a message naming the path that failed, the expected and the
//! obtained value. Feed it to [`crate::Failures::check`] to get file and count in the report.

use aead::KeyInit;
use digest::{Digest, ExtendableOutput, Mac, Reset, Update, XofReader};
use rand::Rng;

use crate::{expect_eq, hex};

mod aeads;

pub use aeads::{aead, aead_round_trips, aead_tampering};

/// Messages up to this length are fed split at every position (two blocks of the widest rate in the
/// workspace, SHAKE128's 168 bytes); longer ones in random chunkings. Reduced under [`crate::quick`].
#[must_use]
pub fn split_limit() -> usize {
    if crate::quick() { 24 } else { 2 * 168 }
}

/// Incremental-feeding checks shared by every runner: one-shot, every split point (short inputs) or
/// random chunkings (long inputs, empty chunks included), optional reset, and clone mid-stream.
fn feed_checks<T: Clone>(
    make: &dyn Fn() -> T,
    update: &dyn Fn(&mut T, &[u8]),
    finish: &dyn Fn(T) -> Vec<u8>,
    reset: Option<&dyn Fn(&mut T)>,
    msg: &[u8],
    expected: &[u8],
) -> Result<(), String> {
    let run = |chunks: &[&[u8]]| {
        let mut h = make();
        for c in chunks {
            update(&mut h, c);
        }
        finish(h)
    };
    expect_eq("one-shot", expected, &run(&[msg]))?;
    if msg.len() <= split_limit() {
        for i in 0..=msg.len() {
            let (a, b) = msg.split_at(i);
            expect_eq(&format!("split at {i}"), expected, &run(&[a, b]))?;
        }
    } else {
        let mut rng = crate::rng(msg.len() as u64);
        let rounds = if crate::quick() { 1 } else { 3 };
        for round in 0..rounds {
            let max_chunk = [7usize, 200, 5000][round];
            let mut chunks = Vec::new();
            let mut rest = msg;
            while !rest.is_empty() {
                let n = rng.random_range(0..=max_chunk).min(rest.len());
                let (a, b) = rest.split_at(n);
                chunks.push(a);
                rest = b;
            }
            expect_eq(
                &format!("random chunking (max {max_chunk})"),
                expected,
                &run(&chunks),
            )?;
        }
    }
    if let Some(reset) = reset {
        let mut h = make();
        update(&mut h, b"some garbage that reset must forget, longer than one block of any rate here........................................................................................................................................................");
        reset(&mut h);
        update(&mut h, msg);
        expect_eq("after reset", expected, &finish(h))?;
    }
    let mid = msg.len() / 2;
    let mut h = make();
    update(&mut h, &msg[..mid]);
    let h2 = h.clone();
    update(&mut h, &msg[mid..]);
    let mut h3 = h2.clone();
    update(&mut h3, b"garbage fed to one clone only");
    let mut h2 = h2;
    update(&mut h2, &msg[mid..]);
    expect_eq("original after clone mid-stream", expected, &finish(h))?;
    expect_eq("clone mid-stream", expected, &finish(h2))?;
    Ok(())
}

/// A hash (`Digest + Default + Reset + Clone`) against `expected`.
pub fn hash<D: Digest + Default + Reset + Clone>(
    msg: &[u8],
    expected: &[u8],
) -> Result<(), String> {
    hash_with(&D::default, msg, expected)?;
    expect_eq("Digest::digest", expected, &D::digest(msg))
}

/// A hash built by `make` (for customized constructors) against `expected`.
pub fn hash_with<D: Digest + Reset + Clone>(
    make: &dyn Fn() -> D,
    msg: &[u8],
    expected: &[u8],
) -> Result<(), String> {
    feed_checks(
        make,
        &|h, d| Digest::update(h, d),
        &|h| h.finalize().to_vec(),
        Some(&|h| Digest::reset(h)),
        msg,
        expected,
    )
}

/// Reads `len` bytes from `reader` in odd chunk sizes (1, 2, 3, 5, 8, 13, ... cycling, empty reads included).
fn read_odd<R: XofReader>(reader: &mut R, len: usize) -> Vec<u8> {
    const SIZES: [usize; 12] = [1, 0, 2, 3, 5, 8, 13, 21, 34, 55, 89, 169];
    let mut out = vec![0u8; len];
    let mut pos = 0;
    let mut i = 0;
    while pos < len {
        let n = SIZES[i % SIZES.len()].min(len - pos);
        reader.read(&mut out[pos..pos + n]);
        pos += n;
        i += 1;
    }
    out
}

/// An XOF (`ExtendableOutput + Default + Reset + Clone`) against `expected` (its length is the output length).
pub fn xof<X: ExtendableOutput + Update + Default + Reset + Clone>(
    msg: &[u8],
    expected: &[u8],
) -> Result<(), String>
where
    X::Reader: Clone,
{
    xof_with(&X::default, msg, expected)
}

/// An XOF built by `make` (customized constructors) against `expected`.
pub fn xof_with<X: ExtendableOutput + Update + Reset + Clone>(
    make: &dyn Fn() -> X,
    msg: &[u8],
    expected: &[u8],
) -> Result<(), String>
where
    X::Reader: Clone,
{
    let n = expected.len();
    feed_checks(
        make,
        &|h, d| Update::update(h, d),
        &|h| {
            let mut out = vec![0u8; n];
            h.finalize_xof().read(&mut out);
            out
        },
        Some(&|h| Reset::reset(h)),
        msg,
        expected,
    )?;
    // Odd-sized reads equal one long read.
    let mut h = make();
    Update::update(&mut h, msg);
    let mut reader = h.finalize_xof();
    expect_eq(
        "XOF read in odd chunks",
        expected,
        &read_odd(&mut reader, n),
    )?;
    // A reader cloned mid-stream continues identically.
    let mut h = make();
    Update::update(&mut h, msg);
    let mut r1 = h.finalize_xof();
    let half = n / 2;
    let mut first = vec![0u8; half];
    r1.read(&mut first);
    let mut r2 = r1.clone();
    let mut a = vec![0u8; n - half];
    let mut b = vec![0u8; n - half];
    r1.read(&mut a);
    r2.read(&mut b);
    first.extend_from_slice(&a);
    expect_eq("XOF reader (original) after clone", expected, &first)?;
    expect_eq("XOF reader clone", &expected[half..], &b)
}

/// A MAC keyed through `KeyInit` against `tag` (also `verify_slice` on the right and on tampered tags).
pub fn mac<M: Mac + KeyInit + Clone>(key: &[u8], msg: &[u8], tag: &[u8]) -> Result<(), String> {
    let m = M::new_from_slice(key)
        .map_err(|e| format!("KeyInit::new_from_slice({}): {e:?}", hex(key)))?;
    mac_with(&|| m.clone(), msg, tag)
}

/// A MAC built by `make` (nonce-based or customized constructors) against `tag`.
pub fn mac_with<M: Mac + Clone>(
    make: &dyn Fn() -> M,
    msg: &[u8],
    tag: &[u8],
) -> Result<(), String> {
    mac_checks(make, None, msg, tag)
}

/// Like [`mac_with`], also checking `Mac::reset`.
pub fn mac_with_reset<M: Mac + Reset + Clone>(
    make: &dyn Fn() -> M,
    msg: &[u8],
    tag: &[u8],
) -> Result<(), String> {
    mac_checks(make, Some(&|h| Mac::reset(h)), msg, tag)
}

/// The feeding checks (with `reset` when given), then `verify_slice` on the right and tampered tags.
fn mac_checks<M: Mac + Clone>(
    make: &dyn Fn() -> M,
    reset: Option<&dyn Fn(&mut M)>,
    msg: &[u8],
    tag: &[u8],
) -> Result<(), String> {
    feed_checks(
        make,
        &|h, d| Mac::update(h, d),
        &|h| h.finalize().into_bytes().to_vec(),
        reset,
        msg,
        tag,
    )?;
    mac_verify_checks(make, msg, tag)
}

fn mac_verify_checks<M: Mac>(make: &dyn Fn() -> M, msg: &[u8], tag: &[u8]) -> Result<(), String> {
    let verify = |t: &[u8]| {
        let mut m = make();
        Mac::update(&mut m, msg);
        m.verify_slice(t).is_ok()
    };
    if !verify(tag) {
        return Err("verify_slice rejected the right tag".into());
    }
    for i in 0..tag.len() {
        let mut t = tag.to_vec();
        t[i] ^= 1 << (i % 8);
        if verify(&t) {
            return Err(format!("verify_slice accepted a tag with byte {i} flipped"));
        }
    }
    if !tag.is_empty() && verify(&tag[..tag.len() - 1]) {
        return Err("verify_slice accepted a truncated tag".into());
    }
    Ok(())
}

/// `SerializableState` (digest's hazmat) of a hash, XOF or MAC against an official output.
///
/// For every split point of `msg` (up to [`split_limit`]; beyond it the split points 0, one,
/// half and the whole message, plus random ones): absorb the prefix, serialize, deserialize (it
/// must succeed and re-serialize to the same bytes), absorb the rest and finish: the result must be
/// `expected`. The original object, continued after being serialized, must give `expected` too.
/// Then every single-bit change of one serialized state must deserialize without panicking (an
/// `Err`, or a state that serializes back to exactly the changed bytes).
pub fn serializable_state<S>(
    make: &dyn Fn() -> S,
    finish: &dyn Fn(S) -> Vec<u8>,
    msg: &[u8],
    expected: &[u8],
) -> Result<(), String>
where
    S: Update + digest::common::hazmat::SerializableState,
{
    let splits: Vec<usize> = if msg.len() <= split_limit() {
        (0..=msg.len()).collect()
    } else {
        let mut rng = crate::rng(msg.len() as u64 ^ 0x5e71);
        let mut v = vec![0, 1, msg.len() / 2, msg.len()];
        v.extend((0..8).map(|_| rng.random_range(0..=msg.len())));
        v
    };
    let mut last = None;
    for k in splits {
        let mut h = make();
        h.update(&msg[..k]);
        let state = h.serialize();
        let mut back = S::deserialize(&state)
            .map_err(|e| format!("deserialize after {k} bytes: {e:?} (state {})", hex(&state)))?;
        expect_eq(
            &format!("re-serialized state after {k} bytes"),
            &state,
            &back.serialize(),
        )?;
        back.update(&msg[k..]);
        expect_eq(
            &format!("resumed from the state after {k} bytes"),
            expected,
            &finish(back),
        )?;
        h.update(&msg[k..]);
        expect_eq(
            &format!("original continued after serializing at {k}"),
            expected,
            &finish(h),
        )?;
        last = Some(state);
    }
    if let Some(state) = last {
        for i in 0..state.len() * 8 {
            let mut bad = state.clone();
            bad[i / 8] ^= 1 << (i % 8);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                S::deserialize(&bad).map(|s| s.serialize())
            }));
            match outcome {
                Err(_) => return Err(format!("deserialize panicked with bit {i} flipped")),
                Ok(Ok(again)) if again != bad => {
                    return Err(format!(
                        "bit {i} flipped: accepted, but serializes to {} instead of {}",
                        hex(&again),
                        hex(&bad)
                    ));
                }
                Ok(_) => {}
            }
        }
    }
    Ok(())
}
