//! The AEAD runners: one vector through every path and every tampering, and random round trips.

use aead::{Aead, AeadInOut, KeyInit, Nonce, Payload, Tag, inout::InOutBuf};
use rand::{Rng, RngCore};

use crate::{expect_eq, hex};

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
