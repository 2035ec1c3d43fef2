//! Constant-time checks (ctgrind style) of every keyed path: each AEAD's encryption and
//! decryption (valid tag and failing tag), each MAC and PRF, KMAC and KMACXOF.
//!
//! The key and the plaintext/message are marked *undefined* for valgrind memcheck through client
//! requests (`reliability_common`); nonces, associated data and lengths stay public. Outputs
//! (ciphertext, tag, MAC) are declassified before the test looks at them. Run under valgrind
//! memcheck (see `.ci/reliability.sh`), memcheck then reports any branch or memory index that
//! depends on a secret. The one intended secret-dependent decision, "is the tag right", is
//! declassified by `.ci/reliability.sh` only where the report's top frame is an AEAD's
//! tag-decision function *at the line of its `if ok`* (Ascon's `aead_mode::decrypt`, Schwaemm's
//! `decrypt_inout_detached`); every other report fails, one the compiler attributes to those
//! frames included (a negative control patches an early-exit comparison into Ascon's decrypt and
//! requires it to be reported). The declassified decisions are counted and printed there.
//!
//! Without valgrind the requests do nothing and these are ordinary functional tests (round trips,
//! tag rejection, zeroed buffer on failure, streaming consistency).
#![cfg_attr(
    not(all(
        feature = "keccak",
        feature = "ascon",
        feature = "sparkle",
        feature = "lemac"
    )),
    allow(dead_code, unused_imports)
)] // helpers shared by families that may be switched off

mod reliability_common;

use reliability_common::{classify, declassify, declassify_bool, lengths_around, pattern};

use aead::{AeadInOut, KeyInit, Nonce, Tag};
use digest::{ExtendableOutput, Mac, Update, XofReader};

/// Runs encryption and decryption (correct and wrong tag) for every plaintext length around the
/// block boundaries of `rate` and three AD lengths; returns the number of cases.
fn aead_ct<A: KeyInit + AeadInOut>(name: &str, rate: usize) -> usize {
    let key = pattern(1, A::key_size());
    classify(&key);
    let cipher = A::new_from_slice(&key).expect("key length");
    let nonce_bytes = pattern(2, <A as aead::AeadCore>::NonceSize::USIZE);
    let nonce = Nonce::<A>::try_from(&nonce_bytes[..]).expect("nonce length");
    let mut cases = 0;
    for &ad_len in &[0, 1, rate + 1] {
        let ad = pattern(3, ad_len);
        for pt_len in lengths_around(rate) {
            let pt_public = pattern((pt_len as u8).wrapping_add(4), pt_len);
            let mut buf = pt_public.clone();
            classify(&buf);
            let tag = cipher
                .encrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into())
                .expect("encrypt");
            declassify(&buf);
            declassify(&tag);
            let ct = buf.clone();
            assert!(
                pt_len < 4 || ct != pt_public,
                "{name}: ciphertext equals plaintext"
            );

            // Valid tag: the plaintext comes back.
            let mut dec = ct.clone();
            let ok = cipher
                .decrypt_inout_detached(&nonce, &ad, dec.as_mut_slice().into(), &tag)
                .is_ok();
            assert!(
                declassify_bool(ok),
                "{name}: valid tag rejected (pt {pt_len}, ad {ad_len})"
            );
            declassify(&dec);
            assert_eq!(
                dec, pt_public,
                "{name}: round trip (pt {pt_len}, ad {ad_len})"
            );

            // Failing tag: Err, and the output buffer is zeroed.
            let mut bad_tag: Tag<A> = tag.clone();
            let i = pt_len % bad_tag.len();
            bad_tag[i] ^= 0x01 << (pt_len % 8);
            let mut dec = ct.clone();
            let ok = cipher
                .decrypt_inout_detached(&nonce, &ad, dec.as_mut_slice().into(), &bad_tag)
                .is_ok();
            assert!(
                !declassify_bool(ok),
                "{name}: forged tag accepted (pt {pt_len}, ad {ad_len})"
            );
            declassify(&dec);
            assert!(
                dec.iter().all(|&b| b == 0),
                "{name}: buffer not zeroed after a failed decrypt"
            );

            // Failing ciphertext (when there is one).
            if pt_len > 0 {
                let mut dec = ct.clone();
                dec[pt_len / 2] ^= 0x80;
                let ok = cipher
                    .decrypt_inout_detached(&nonce, &ad, dec.as_mut_slice().into(), &tag)
                    .is_ok();
                assert!(!declassify_bool(ok), "{name}: tampered ciphertext accepted");
                declassify(&dec);
                assert!(dec.iter().all(|&b| b == 0), "{name}: buffer not zeroed");
            }
            cases += 3;
        }
    }
    cases
}

/// A MAC through the `Mac` trait: one-shot and split tags agree, `verify_slice` accepts the tag
/// and rejects a wrong one. Key and message are secret.
fn mac_ct<M: Mac + KeyInit + Clone>(name: &str, key_len: usize, block: usize) -> usize {
    let key = pattern(9, key_len);
    classify(&key);
    let mac = <M as KeyInit>::new_from_slice(&key).expect("key length");
    let mut cases = 0;
    for len in lengths_around(block) {
        let msg = pattern((len as u8).wrapping_add(10), len);
        classify(&msg);
        let mut m = mac.clone();
        Mac::update(&mut m, &msg);
        let tag = m.finalize().into_bytes();
        declassify(&tag);

        let mut m = mac.clone();
        let (a, b) = msg.split_at(len / 3);
        Mac::update(&mut m, a);
        Mac::update(&mut m, b);
        let tag2 = m.finalize().into_bytes();
        declassify(&tag2);
        assert_eq!(tag, tag2, "{name}: split message (len {len})");

        let mut m = mac.clone();
        Mac::update(&mut m, &msg);
        assert!(
            declassify_bool(m.verify_slice(&tag).is_ok()),
            "{name}: valid tag rejected"
        );
        let mut bad = tag.clone();
        let i = len % bad.len();
        bad[i] ^= 0x40;
        let mut m = mac.clone();
        Mac::update(&mut m, &msg);
        assert!(
            !declassify_bool(m.verify_slice(&bad).is_ok()),
            "{name}: wrong tag accepted"
        );
        cases += 4;
    }
    cases
}

/// A keyed XOF (PRF): 3 output lengths per message length; a split message gives the same stream.
fn prf_ct<X: KeyInit + Update + ExtendableOutput + Clone>(
    name: &str,
    key_len: usize,
    block: usize,
) -> usize {
    let key = pattern(11, key_len);
    classify(&key);
    let prf = X::new_from_slice(&key).expect("key length");
    let mut cases = 0;
    for len in lengths_around(block) {
        let msg = pattern((len as u8).wrapping_add(12), len);
        classify(&msg);
        let mut x = prf.clone();
        x.update(&msg);
        let mut out = vec![0u8; 2 * block + 3];
        x.finalize_xof().read(&mut out);
        declassify(&out);
        let mut x = prf.clone();
        let (a, b) = msg.split_at(len / 2);
        x.update(a);
        x.update(b);
        let mut out2 = vec![0u8; 2 * block + 3];
        let mut r = x.finalize_xof();
        r.read(&mut out2[..5]);
        r.read(&mut out2[5..]);
        declassify(&out2);
        assert_eq!(out, out2, "{name}: split message / split read (len {len})");
        cases += 1;
    }
    cases
}

use aead::array::typenum::Unsigned;

#[cfg(feature = "ascon")]
mod ascon {
    use super::*;
    use aead::consts::{U4, U8};
    use lwc_ascon::{AsconAead128, MaskedAsconAead128, TruncatedAsconAead128, v12, v13};

    #[test]
    fn aeads_constant_time() {
        let mut n = 0;
        n += aead_ct::<AsconAead128>("Ascon-AEAD128", 16);
        n += aead_ct::<TruncatedAsconAead128<U8>>("Ascon-AEAD128 (64-bit tag)", 16);
        n += aead_ct::<TruncatedAsconAead128<U4>>("Ascon-AEAD128 (32-bit tag)", 16);
        n += aead_ct::<MaskedAsconAead128>("Ascon-AEAD128 (nonce masking)", 16);
        n += aead_ct::<v12::Ascon128>("Ascon-128", 8);
        n += aead_ct::<v12::Ascon128a>("Ascon-128a", 16);
        n += aead_ct::<v12::Ascon80pq>("Ascon-80pq", 8);
        assert!(n > 0);
    }

    #[test]
    fn macs_constant_time() {
        mac_ct::<v12::AsconMac>("Ascon-Mac", 16, 32);
        mac_ct::<v12::AsconMaca>("Ascon-Maca", 16, 40);
        mac_ct::<v13::AsconMac>("Ascon-Mac (v13)", 16, 32);
        prf_ct::<v12::AsconPrf>("Ascon-Prf", 16, 32);
        prf_ct::<v12::AsconPrfa>("Ascon-Prfa", 16, 40);
        prf_ct::<v13::AsconPrf>("Ascon-Prf (v13)", 16, 32);
    }

    fn prf_short<const LE: bool>(name: &str) {
        let key = pattern(13, 16);
        classify(&key);
        let prf = v12::AsconPrfShortGeneric::<LE>::new_from_slice(&key).expect("key");
        for len in 0..=16 {
            let msg = pattern(14, len);
            classify(&msg);
            let mut out = [0u8; 16];
            prf.prf(&msg, &mut out).expect("lengths");
            declassify(&out);
            assert!(
                declassify_bool(prf.verify(&msg, &out).is_ok()),
                "{name}: valid tag"
            );
            let mut bad = out;
            bad[len % 16] ^= 1;
            assert!(
                !declassify_bool(prf.verify(&msg, &bad).is_ok()),
                "{name}: wrong tag"
            );
            let mut short = [0u8; 4];
            prf.prf(&msg, &mut short).expect("lengths");
            declassify(&short);
            let ok = prf.verify(&msg, &short).is_ok();
            assert!(declassify_bool(ok), "{name}: 4-byte output");
        }
    }

    #[test]
    fn prf_short_constant_time() {
        prf_short::<false>("Ascon-PrfShort");
        prf_short::<true>("Ascon-PrfShort (v13)");
    }
}

#[cfg(feature = "sparkle")]
mod sparkle {
    use super::*;
    use lwc_sparkle::{Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};

    #[test]
    fn aeads_constant_time() {
        aead_ct::<Schwaemm128_128>("Schwaemm128-128", 16);
        aead_ct::<Schwaemm192_192>("Schwaemm192-192", 24);
        aead_ct::<Schwaemm256_128>("Schwaemm256-128", 32);
        aead_ct::<Schwaemm256_256>("Schwaemm256-256", 32);
    }
}

#[cfg(feature = "keccak")]
mod keccak {
    use super::*;
    use lwc_keccak::{Kmac128, Kmac256};

    #[test]
    fn kmac_constant_time() {
        for key_len in [16, 32, 64, 200] {
            mac_ct::<Kmac128>("KMAC128", key_len, 168);
            mac_ct::<Kmac256>("KMAC256", key_len, 136);
            prf_ct::<Kmac128>("KMACXOF128", key_len, 168);
            prf_ct::<Kmac256>("KMACXOF256", key_len, 136);
        }
    }

    fn kmac_custom<const RATE: usize>(name: &str, rate: usize) {
        let key = pattern(15, 32);
        classify(&key);
        for len in lengths_around(rate) {
            let msg = pattern(16, len);
            classify(&msg);
            for out_len in [1, 16, 33, 200] {
                let mut k =
                    lwc_keccak::Kmac::<RATE>::new_customized(&key, b"My Tagged Application");
                Update::update(&mut k, &msg);
                let mut out = vec![0u8; out_len];
                k.clone().finalize_into_slice(&mut out);
                declassify(&out);
                assert!(
                    declassify_bool(k.clone().verify_slice_len(&out).is_ok()),
                    "{name}: valid tag"
                );
                let mut bad = out.clone();
                bad[out_len - 1] ^= 0x80;
                assert!(
                    !declassify_bool(k.verify_slice_len(&bad).is_ok()),
                    "{name}: wrong tag"
                );
            }
        }
    }

    #[test]
    fn kmac_customized_constant_time() {
        kmac_custom::<168>("KMAC128 (S, L)", 168);
        kmac_custom::<136>("KMAC256 (S, L)", 136);
    }
}

#[cfg(feature = "lemac")]
mod lemac {
    use super::*;
    use lwc_lemac::{LeMac, PetitMac};

    #[test]
    fn macs_constant_time() {
        mac_ct::<LeMac>("LeMac", 16, 64);
        mac_ct::<PetitMac>("PetitMac", 16, 16);
    }

    macro_rules! nonce_paths {
        ($t:ty, $name:literal, $block:expr) => {{
            let key: [u8; 16] = core::array::from_fn(|i| 0x30 ^ i as u8);
            classify(&key);
            let nonce: [u8; 16] = core::array::from_fn(|i| 0x70 + i as u8);
            let mac = <$t>::new_with_nonce(&key, &nonce);
            for len in lengths_around($block) {
                let msg = pattern(17, len);
                classify(&msg);
                let tag = mac.compute(&nonce, &msg);
                declassify(&tag);
                let mut m = mac.clone();
                Mac::update(&mut m, &msg);
                let streamed: [u8; 16] = m.finalize_with_nonce(&nonce).into_bytes().into();
                declassify(&streamed);
                assert_eq!(tag, streamed, concat!($name, ": one-shot vs streamed"));
                assert!(declassify_bool(
                    mac.verify_message(&nonce, &msg, &tag).is_ok()
                ));
                let mut bad = tag;
                bad[0] ^= 1;
                assert!(!declassify_bool(
                    mac.verify_message(&nonce, &msg, &bad).is_ok()
                ));
                let mut m = mac.clone();
                Mac::update(&mut m, &msg);
                assert!(declassify_bool(m.verify_with_nonce(&nonce, &tag).is_ok()));
            }
        }};
    }

    #[test]
    fn nonce_paths_constant_time() {
        nonce_paths!(LeMac, "LeMac", 64);
        nonce_paths!(PetitMac, "PetitMac", 16);
    }
}

/// Prints the backends this process uses (valgrind emulates its own CPU, so the dispatched
/// backends under memcheck may differ from the native run; `.ci/reliability.sh` shows this line).
#[test]
fn backends_in_use() {
    let mut line = String::from("backends:");
    #[cfg(feature = "keccak")]
    {
        line += &format!(
            " keccak={} (x4 simd: {})",
            lwc_keccak::hazmat::backend(),
            lwc_keccak::hazmat::has_simd_x4()
        );
    }
    #[cfg(feature = "ascon")]
    {
        line += &format!(
            " ascon={} ({} words)",
            lwc_ascon::hazmat::backend(),
            lwc_ascon::hazmat::WORDS
        );
    }
    #[cfg(feature = "sparkle")]
    {
        line += &format!(" sparkle={}", lwc_sparkle::hazmat::backend());
    }
    #[cfg(feature = "lemac")]
    {
        line += &format!(" lemac={}", lwc_lemac::hazmat::backend());
    }
    line += &format!(" valgrind={}", reliability_common::running_on_valgrind());
    println!("{line}");
}

/// Negative control for the memcheck run (ignored: it is meant to produce a memcheck error):
/// a table lookup at a classified index. `.ci/reliability.sh` runs it alone under valgrind and expects
/// valgrind to fail, which proves the client requests reach memcheck.
#[test]
#[ignore = "negative control: run under valgrind by .ci/reliability.sh, where it must be reported"]
fn ct_negative_control() {
    let secret = pattern(99, 1);
    classify(&secret);
    // A table lookup at a secret index: memcheck reports the address computed from it.
    let table: [u8; 256] = core::array::from_fn(|i| i as u8);
    let s = core::hint::black_box(secret[0]);
    let v = core::hint::black_box(&table)[usize::from(s)];
    assert_eq!(core::hint::black_box(v), secret[0]);
}
