//! Generic checks over the RustCrypto traits. A new algorithm costs one call per vector.
//!
//! Every runner returns `Ok(())` or a message naming the path that failed, the expected and the
//! obtained value. Feed it to [`crate::Failures::check`] to get file and count in the report.

use aead::{Aead, AeadInOut, KeyInit, Nonce, Payload, Tag, inout::InOutBuf};
use digest::{Digest, ExtendableOutput, Mac, Reset, Update, XofReader};
use rand::{Rng, RngCore};

use crate::{expect_eq, hex};

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

/// An AEAD (`KeyInit + AeadInOut`) against one vector; `ct_tag` is the ciphertext with the tag appended.
///
/// Checks the detached in-out path (separate, garbage-filled output buffer), the in-place path and the
/// allocating path, in both directions; then every tampering: each tag byte, ciphertext and AD bytes,
/// nonce bytes, AD and ciphertext extended, every truncation shorter than the tag and one byte short.
/// Each must return `Err`, never panic, and leave the output buffer zeroed.
pub fn aead<A: KeyInit + AeadInOut>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    pt: &[u8],
    ct_tag: &[u8],
) -> Result<(), String> {
    let cipher = A::new_from_slice(key)
        .map_err(|e| format!("KeyInit::new_from_slice({}): {e:?}", hex(key)))?;
    let n = Nonce::<A>::try_from(nonce)
        .map_err(|_| format!("nonce of {} bytes has the wrong size", nonce.len()))?;
    let tag_len = ct_tag
        .len()
        .checked_sub(pt.len())
        .ok_or("expected CT shorter than PT")?;
    if Tag::<A>::default().len() != tag_len {
        return Err(format!(
            "tag size {} differs from the vector's {tag_len}",
            Tag::<A>::default().len()
        ));
    }

    // Encryption, three paths.
    let mut out = vec![0xA5u8; pt.len()];
    let buf = InOutBuf::new(pt, &mut out).map_err(|_| "InOutBuf::new")?;
    let tag = cipher
        .encrypt_inout_detached(&n, ad, buf)
        .map_err(|_| "encrypt_inout_detached returned Err")?;
    out.extend_from_slice(&tag);
    expect_eq("CT (detached, separate buffers)", ct_tag, &out)?;
    let mut v = pt.to_vec();
    cipher
        .encrypt_in_place(&n, ad, &mut v)
        .map_err(|_| "encrypt_in_place returned Err")?;
    expect_eq("CT (in place)", ct_tag, &v)?;
    let v = cipher
        .encrypt(&n, Payload { msg: pt, aad: ad })
        .map_err(|_| "Aead::encrypt returned Err")?;
    expect_eq("CT (allocating)", ct_tag, &v)?;

    // Decryption, three paths.
    let (ct, tag) = ct_tag.split_at(pt.len());
    let tag = Tag::<A>::try_from(tag).map_err(|_| "tag size")?;
    let mut out = vec![0x5Au8; pt.len()];
    let buf = InOutBuf::new(ct, &mut out).map_err(|_| "InOutBuf::new")?;
    cipher
        .decrypt_inout_detached(&n, ad, buf, &tag)
        .map_err(|_| "decrypt_inout_detached rejected a valid vector")?;
    expect_eq("PT (detached, separate buffers)", pt, &out)?;
    let mut v = ct_tag.to_vec();
    cipher
        .decrypt_in_place(&n, ad, &mut v)
        .map_err(|_| "decrypt_in_place rejected a valid vector")?;
    expect_eq("PT (in place)", pt, &v)?;
    let v = cipher
        .decrypt(
            &n,
            Payload {
                msg: ct_tag,
                aad: ad,
            },
        )
        .map_err(|_| "Aead::decrypt rejected a valid vector")?;
    expect_eq("PT (allocating)", pt, &v)?;

    aead_tampering(&cipher, nonce, ad, ct_tag, tag_len)
}

/// Every tampering of one valid `(nonce, ad, ct_tag)` must fail to decrypt and leave zeros behind.
pub fn aead_tampering<A: AeadInOut>(
    cipher: &A,
    nonce: &[u8],
    ad: &[u8],
    ct_tag: &[u8],
    tag_len: usize,
) -> Result<(), String> {
    /// (what was tampered, nonce, AD, ciphertext with tag)
    type Case = (String, Vec<u8>, Vec<u8>, Vec<u8>);
    let mut cases: Vec<Case> = Vec::new();
    let base = (nonce.to_vec(), ad.to_vec(), ct_tag.to_vec());
    let ct_len = ct_tag.len().saturating_sub(tag_len);
    for i in 0..tag_len {
        let mut c = base.clone();
        c.2[ct_len + i] ^= 1 << (i % 8);
        cases.push((format!("tag byte {i} flipped"), c.0, c.1, c.2));
    }
    for &i in &[0, ct_len / 2, ct_len.saturating_sub(1)] {
        if i < ct_len {
            let mut c = base.clone();
            c.2[i] ^= 0x80 >> (i % 8);
            cases.push((format!("ciphertext byte {i} flipped"), c.0, c.1, c.2));
        }
    }
    for &i in &[0, ad.len() / 2, ad.len().saturating_sub(1)] {
        if i < ad.len() {
            let mut c = base.clone();
            c.1[i] ^= 1;
            cases.push((format!("AD byte {i} flipped"), c.0, c.1, c.2));
        }
    }
    let mut c = base.clone();
    c.1.push(0);
    cases.push(("AD extended by a zero byte".into(), c.0, c.1, c.2));
    for &i in &[0, nonce.len() - 1] {
        let mut c = base.clone();
        c.0[i] ^= 0x40;
        cases.push((format!("nonce byte {i} flipped"), c.0, c.1, c.2));
    }
    let mut c = base.clone();
    c.2.push(0);
    cases.push(("ciphertext extended by a zero byte".into(), c.0, c.1, c.2));
    if !ct_tag.is_empty() {
        let c = base.clone();
        cases.push((
            "truncated by one byte".into(),
            c.0,
            c.1,
            c.2[..ct_tag.len() - 1].to_vec(),
        ));
    }
    for k in 0..tag_len.min(ct_tag.len()) {
        let c = base.clone();
        cases.push((
            format!("input of {k} bytes, shorter than the tag"),
            c.0,
            c.1,
            c.2[..k].to_vec(),
        ));
    }

    for (what, nonce, ad, input) in cases {
        let n = Nonce::<A>::try_from(nonce.as_slice()).map_err(|_| "nonce size")?;
        // In place (Vec buffer): Err, and the message part zeroed.
        let mut v = input.clone();
        if cipher.decrypt_in_place(&n, &ad, &mut v).is_ok() {
            return Err(format!("{what}: decrypt_in_place accepted it"));
        }
        if input.len() >= tag_len && v[..input.len() - tag_len].iter().any(|&b| b != 0) {
            return Err(format!(
                "{what}: decrypt_in_place left unverified plaintext: {}",
                hex(&v)
            ));
        }
        // Allocating.
        if cipher
            .decrypt(
                &n,
                Payload {
                    msg: &input,
                    aad: &ad,
                },
            )
            .is_ok()
        {
            return Err(format!("{what}: Aead::decrypt accepted it"));
        }
        // Detached, separate garbage-filled output: Err and output zeroed.
        if input.len() >= tag_len {
            let (ct, tag) = input.split_at(input.len() - tag_len);
            let tag = Tag::<A>::try_from(tag).map_err(|_| "tag size")?;
            let mut out = vec![0xC3u8; ct.len()];
            let buf = InOutBuf::new(ct, &mut out).map_err(|_| "InOutBuf::new")?;
            if cipher.decrypt_inout_detached(&n, &ad, buf, &tag).is_ok() {
                return Err(format!("{what}: decrypt_inout_detached accepted it"));
            }
            if out.iter().any(|&b| b != 0) {
                return Err(format!(
                    "{what}: decrypt_inout_detached left bytes behind: {}",
                    hex(&out)
                ));
            }
        }
    }
    Ok(())
}

/// Random round trips: for each length up to `max_len`, random key/nonce/AD/PT encrypt and decrypt
/// through all paths, and a random tampering fails. A self-consistency check for lengths no vector covers.
pub fn aead_round_trips<A: KeyInit + AeadInOut>(seed: u64, max_len: usize) -> Result<(), String> {
    let mut rng = crate::rng(seed);
    let key_len = A::key_size();
    for len in 0..=max_len {
        let key = crate::random_bytes(&mut rng, key_len);
        let nonce = crate::random_bytes(&mut rng, Nonce::<A>::default().len());
        let ad_len = rng.random_range(0..=max_len);
        let ad = crate::random_bytes(&mut rng, ad_len);
        let pt = crate::random_bytes(&mut rng, len);
        let cipher = A::new_from_slice(&key).map_err(|_| "key size")?;
        let n = Nonce::<A>::try_from(nonce.as_slice()).map_err(|_| "nonce size")?;
        let ct = cipher
            .encrypt(&n, Payload { msg: &pt, aad: &ad })
            .map_err(|_| "encrypt failed")?;
        let back = cipher
            .decrypt(&n, Payload { msg: &ct, aad: &ad })
            .map_err(|_| format!("round trip failed at len {len}"))?;
        expect_eq(&format!("round trip len {len}"), &pt, &back)?;
        let mut bad = ct.clone();
        let i = (rng.next_u32() as usize) % bad.len();
        bad[i] ^= 1 << (rng.next_u32() % 8);
        if cipher
            .decrypt(
                &n,
                Payload {
                    msg: &bad,
                    aad: &ad,
                },
            )
            .is_ok()
        {
            return Err(format!(
                "tampered ciphertext accepted at len {len}, byte {i}"
            ));
        }
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
