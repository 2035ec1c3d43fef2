//! Bad input everywhere (property tests on the harness's seeded RNG, so failures reproduce):
//! * per AEAD: random ciphertexts, tags, ADs and nonces never decrypt, never panic, and leave the
//!   output buffer zeroed; inputs shorter than a tag are rejected;
//! * random constructor parameters (KMAC key and S, output lengths and truncated tags, cSHAKE N/S,
//!   Ascon-CXOF128 customization incl. > 256 bytes, TurboSHAKE domain byte, ParallelHash B incl. 0
//!   and huge, KT customization, Ascon-PrfShort lengths, MAC tag lengths) give an error exactly
//!   when the specification says so, and a usable value otherwise; never a panic.
//!
//! Case counts shrink under `lwc_tests::quick()` (qemu, Miri).
#![cfg_attr(
    not(all(
        feature = "keccak",
        feature = "ascon",
        feature = "sparkle",
        feature = "lemac"
    )),
    allow(dead_code, unused_imports)
)] // helpers shared by families that may be switched off

use aead::{Aead, AeadCore, AeadInOut, KeyInit, Nonce, Payload, Tag, array::typenum::Unsigned};
use digest::{ExtendableOutput, Mac, XofReader};
use lwc_tests::{quick, random_bytes, rng};
use rand::Rng;

fn cases(full: usize) -> usize {
    if quick() { full / 20 + 1 } else { full }
}

/// Random forgeries against one AEAD; returns the number of decryptions attempted.
fn aead_forgeries<A: KeyInit + AeadInOut>(seed: u64) -> usize {
    let mut r = rng(seed);
    let tag_len = <A as AeadCore>::TagSize::USIZE;
    let nonce_len = <A as AeadCore>::NonceSize::USIZE;
    let mut n = 0;
    for i in 0..cases(300) {
        let key = random_bytes(&mut r, A::key_size());
        let cipher = A::new_from_slice(&key).unwrap();
        let nonce = Nonce::<A>::try_from(&random_bytes(&mut r, nonce_len)[..]).unwrap();
        let ad_len = r.random_range(0..80);
        let ad = random_bytes(&mut r, ad_len);
        let pt_len = r.random_range(0..120);
        let pt = random_bytes(&mut r, pt_len);
        let ct = cipher
            .encrypt(&nonce, Payload { msg: &pt, aad: &ad })
            .unwrap();

        // 1. A random ciphertext and tag of the same length (detached API): Err, buffer zeroed.
        let mut buf = random_bytes(&mut r, pt_len);
        let tag = Tag::<A>::try_from(&random_bytes(&mut r, tag_len)[..]).unwrap();
        let res = cipher.decrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into(), &tag);
        assert!(res.is_err(), "case {i}: random ciphertext/tag decrypted");
        assert!(buf.iter().all(|&b| b == 0), "case {i}: buffer not zeroed");

        // 2. The real ciphertext with a random tag.
        let mut buf = ct[..pt_len].to_vec();
        let res = cipher.decrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into(), &tag);
        assert!(
            res.is_err() || tag[..] == ct[pt_len..],
            "case {i}: random tag accepted"
        );
        if res.is_err() {
            assert!(buf.iter().all(|&b| b == 0), "case {i}: buffer not zeroed");
        }

        // 3. The real ciphertext and tag with a random AD (different from the real one).
        let bad_ad = random_bytes(&mut r, ad_len + usize::from(i % 2 == 0));
        if bad_ad != ad {
            assert!(
                cipher
                    .decrypt(
                        &nonce,
                        Payload {
                            msg: &ct,
                            aad: &bad_ad
                        }
                    )
                    .is_err(),
                "case {i}: random AD accepted"
            );
        }

        // 4. Random nonce.
        let bad_nonce = Nonce::<A>::try_from(&random_bytes(&mut r, nonce_len)[..]).unwrap();
        if bad_nonce != nonce {
            assert!(
                cipher
                    .decrypt(&bad_nonce, Payload { msg: &ct, aad: &ad })
                    .is_err()
            );
        }

        // 5. Random byte strings of random length, shorter than a tag included (attached API).
        let junk_len = r.random_range(0..tag_len + 40);
        let junk = random_bytes(&mut r, junk_len);
        assert!(
            cipher
                .decrypt(
                    &nonce,
                    Payload {
                        msg: &junk,
                        aad: &ad
                    }
                )
                .is_err(),
            "case {i}: junk decrypted"
        );
        let mut inplace = junk.clone();
        assert!(cipher.decrypt_in_place(&nonce, &ad, &mut inplace).is_err());
        n += 6;
    }
    n
}

#[cfg(feature = "ascon")]
#[test]
fn ascon_random_forgeries_fail() {
    use aead::consts::{U4, U8, U12};
    use lwc_ascon::*;
    aead_forgeries::<AsconAead128>(1);
    aead_forgeries::<TruncatedAsconAead128<U4>>(2);
    aead_forgeries::<TruncatedAsconAead128<U8>>(3);
    aead_forgeries::<TruncatedAsconAead128<U12>>(4);
    aead_forgeries::<MaskedAsconAead128>(5);
    aead_forgeries::<MaskedAsconAead128<U8>>(6);
    aead_forgeries::<v12::Ascon128>(7);
    aead_forgeries::<v12::Ascon128a>(8);
    aead_forgeries::<v12::Ascon80pq>(9);
}

#[cfg(feature = "sparkle")]
#[test]
fn sparkle_random_forgeries_fail() {
    use lwc_sparkle::*;
    aead_forgeries::<Schwaemm128_128>(11);
    aead_forgeries::<Schwaemm192_192>(12);
    aead_forgeries::<Schwaemm256_128>(13);
    aead_forgeries::<Schwaemm256_256>(14);
}

fn xof_bytes<X: ExtendableOutput>(x: X, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

/// Lengths that hit the interesting boundaries of the SP 800-185 encodings and the rates.
fn odd_lengths(r: &mut impl Rng) -> Vec<usize> {
    let mut v = vec![
        0, 1, 2, 135, 136, 137, 167, 168, 169, 255, 256, 257, 336, 1000,
    ];
    for _ in 0..cases(20) {
        v.push(r.random_range(0..2000));
    }
    v
}

#[cfg(feature = "keccak")]
#[test]
fn keccak_random_parameters() {
    use digest::Update;
    use lwc_keccak::*;
    let mut r = rng(21);
    let lens = odd_lengths(&mut r);
    for &kl in &lens {
        let key = random_bytes(&mut r, kl);
        let s = random_bytes(&mut r, lens[(kl * 7) % lens.len()]);
        // KMAC: any key and S; the Mac trait, other output lengths, KMACXOF.
        let m = Kmac128::new_from_slice(&key).expect("KMAC accepts any key length");
        let tag = m.clone().chain_update(b"msg").finalize().into_bytes();
        assert!(m.clone().chain_update(b"msg").verify_slice(&tag).is_ok());
        let k = Kmac256::new_customized(&key, &s);
        for l in [0usize, 1, 31, 64, 65, 1024, 1025, 3000] {
            let mut out = vec![0u8; l];
            k.clone().finalize_into_slice(&mut out);
            let ok = k.clone().verify_slice_len(&out).is_ok();
            assert_eq!(
                ok,
                (1..=1024).contains(&l),
                "KMAC256 verify_slice_len with L = {l} bytes"
            );
            // Truncated tags are different tags in KMAC (L is an input): a prefix must not verify.
            if l > 1 && l <= 1024 {
                assert!(
                    k.clone().verify_slice_len(&out[..l - 1]).is_err(),
                    "truncated KMAC tag accepted"
                );
            }
        }
        assert_eq!(xof_bytes(k, 5).len(), 5);
        // cSHAKE: any N and S.
        let n = random_bytes(&mut r, lens[(kl * 3) % lens.len()]);
        let _ = xof_bytes(CShake128::new_with_function_name(&n, &s), 10);
        let _ = xof_bytes(CShake256::new_with_function_name(&n, &s), 10);
        // KT: any customization.
        let _ = xof_bytes(<Kt128 as digest::CustomizedInit>::new_customized(&s), 10);
        // TupleHash: any S, any items.
        let mut t = TupleHash256::new(&s);
        t.update_item(&key);
        t.update_item(&[]);
        let mut out = [0u8; 3];
        t.finalize_xof().read(&mut out);
    }
    // TurboSHAKE: every domain byte.
    for ds in 0..=255u8 {
        let ok = (0x01..=0x7f).contains(&ds);
        assert_eq!(
            TurboShake128::new(ds).is_ok(),
            ok,
            "TurboSHAKE128 D = {ds:#04x}"
        );
        assert_eq!(
            TurboShake256::new(ds).is_ok(),
            ok,
            "TurboSHAKE256 D = {ds:#04x}"
        );
        if let Ok(mut x) = TurboShake128::new(ds) {
            x.update(&[ds; 200]);
            let _ = xof_bytes(x, 8);
        }
    }
}

/// ParallelHash with B = 0 is an error; any other B, up to usize::MAX, hashes without a panic.
#[cfg(feature = "keccak")]
#[test]
fn parallelhash_block_sizes() {
    use digest::Update;
    use lwc_keccak::*;
    assert!(ParallelHash128::new(0, b"").is_err());
    assert!(ParallelHash256::new(0, b"S").is_err());
    let msg = vec![0x5au8; 1000];
    for b in [1usize, 2, 7, 8, 168, 1000, 1001, 8192, 1 << 20] {
        let mut p = ParallelHash128::new(b, b"S").unwrap();
        p.update(&msg);
        assert_eq!(p.block_size(), b);
        let _ = xof_bytes(p, 32);
    }
}

#[cfg(feature = "keccak")]
#[test]
fn parallelhash_huge_block_size() {
    use digest::Update;
    use lwc_keccak::*;
    for b in [usize::MAX / 4 + 1, usize::MAX / 2, usize::MAX] {
        let mut p = ParallelHash128::new(b, b"").unwrap();
        p.update(&[1u8; 100]);
        let _ = xof_bytes(p, 32);
    }
}

#[cfg(feature = "ascon")]
#[test]
fn ascon_random_parameters() {
    use digest::TryCustomizedInit;
    use lwc_ascon::*;
    let mut r = rng(31);
    // CXOF customization: error exactly above 256 bytes.
    for len in (0..=300).chain([1000, 4096]) {
        let c = random_bytes(&mut r, len);
        let x = AsconCxof128::try_new_customized(&c);
        assert_eq!(
            x.is_ok(),
            len <= 256,
            "Ascon-CXOF128 customization of {len} bytes"
        );
        if let Ok(x) = x {
            let _ = xof_bytes(x, 17);
        }
    }
    // Ascon-PrfShort: message at most 16 bytes, output/tag 1..=16 bytes.
    let key: [u8; 16] = r.random();
    let p13 = v13::AsconPrfShort::new(&key.into());
    let p12 = v12::AsconPrfShort::new(&key.into());
    for ml in 0..=20 {
        for ol in 0..=20 {
            let msg = random_bytes(&mut r, ml);
            let mut out = vec![0u8; ol];
            let ok = p13.prf(&msg, &mut out).is_ok();
            assert_eq!(
                ok,
                ml <= 16 && (1..=16).contains(&ol),
                "PrfShort msg {ml} out {ol}"
            );
            assert_eq!(
                p13.verify(&msg, &out).is_ok(),
                ok,
                "PrfShort verify msg {ml} tag {ol}"
            );
            let mut out12 = vec![0u8; ol];
            assert_eq!(p12.prf(&msg, &mut out12).is_ok(), ok);
            assert_eq!(p12.verify(&msg, &out12).is_ok(), ok);
            if ok && ol >= 4 {
                assert_ne!(out, out12, "v12 and v13 PrfShort agree");
            }
        }
    }
    // MACs: tags of every length through every verify method.
    mac_tag_lengths::<v12::AsconMac>(&mut r);
    mac_tag_lengths::<v12::AsconMaca>(&mut r);
    mac_tag_lengths::<v13::AsconMac>(&mut r);
}

/// `verify_slice` accepts only the full tag; `verify_truncated_left/right` accept the matching
/// prefix/suffix of any non-empty length and reject everything else; random tags are rejected.
fn mac_tag_lengths<M: Mac + KeyInit + Clone>(r: &mut impl Rng) {
    let key = random_bytes(r, M::key_size());
    let m = <M as KeyInit>::new_from_slice(&key)
        .unwrap()
        .chain_update(b"message");
    let full = m.clone().finalize().into_bytes();
    let n = full.len();
    for l in 0..=n + 3 {
        let good = l == n;
        assert_eq!(
            m.clone().verify_slice(&full[..l.min(n)]).is_ok() && l <= n,
            good,
            "verify_slice len {l}"
        );
        if l <= n {
            let left = m.clone().verify_truncated_left(&full[..l]).is_ok();
            let right = m.clone().verify_truncated_right(&full[n - l..]).is_ok();
            assert_eq!(left, l > 0, "verify_truncated_left len {l}");
            assert_eq!(right, l > 0, "verify_truncated_right len {l}");
        }
        let junk = random_bytes(r, l);
        if l >= 4 && junk[..] != full[..l.min(n)] {
            assert!(m.clone().verify_slice(&junk).is_err());
            assert!(m.clone().verify_truncated_left(&junk).is_err());
        }
    }
}

#[cfg(feature = "lemac")]
#[test]
fn lemac_random_tags() {
    use lwc_lemac::*;
    let mut r = rng(41);
    mac_tag_lengths::<LeMac>(&mut r);
    mac_tag_lengths::<PetitMac>(&mut r);
    for _ in 0..cases(200) {
        let key: [u8; 16] = r.random();
        let nonce: [u8; 16] = r.random();
        let len = r.random_range(0..300);
        let msg = random_bytes(&mut r, len);
        let m = LeMac::new_with_nonce(&key, &nonce);
        let tag = m.compute(&nonce, &msg);
        assert!(m.verify_message(&nonce, &msg, &tag).is_ok());
        let junk: [u8; 16] = r.random();
        assert_eq!(m.verify_message(&nonce, &msg, &junk).is_ok(), junk == tag);
        let other: [u8; 16] = r.random();
        assert_eq!(m.verify_message(&other, &msg, &tag).is_ok(), other == nonce);
    }
}

#[cfg(feature = "keccak")]
#[test]
fn kmac_random_tags() {
    let mut r = rng(51);
    mac_tag_lengths::<lwc_keccak::Kmac128>(&mut r);
    mac_tag_lengths::<lwc_keccak::Kmac256>(&mut r);
}
