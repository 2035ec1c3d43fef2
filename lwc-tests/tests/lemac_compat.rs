//! The digest 0.10 face (feature `digest-010`): `LeMac` and `PetitMac` driven through code written
//! against digest 0.10's `Mac` / crypto-common 0.1's `KeyInit` bounds only.
//!
//! * Official vectors: the generated vector files (pattern inputs, 304 records each) are rendered
//!   again from the digest 0.10 path and their SHA-256 compared with the official files' (so the
//!   whole files are covered without `../shared`); a few literal upstream values; with
//!   `LWC_KAT_DIR` set, the keyless file is parsed and every record run through the 0.10 path.
//! * Agreement: on random keys, nonces, messages and chunkings the 0.10 path gives the same tags
//!   as the digest 0.11 path of the same type (and as the one-shot `compute`).
//! * Verification: correct tags pass, every single-bit flip and every wrong length is rejected.
//!
//! No previous-generation RustCrypto crate implements LeMac or PetitMac, so there is no
//! differential peer; the official vectors are the independent reference. That is why this file
//! lives here rather than in `lemac/tests/` like the other crates' `compat.rs`: it needs the
//! vector harness (renderer, SHA-256, `LWC_KAT_DIR`), and a published crate cannot have this
//! unpublished crate as a dev-dependency.
#![cfg(feature = "lemac")]

use digest010::{KeyInit as KeyInit010, Mac as Mac010};
use hex_literal::hex;
use lwc_lemac::{LeMac, PetitMac, digest, digest010};
use lwc_tests::text::{Value, render_lwc};
use lwc_tests::{ramp, sha256_hex};

const K: [u8; 16] = hex!("000102030405060708090a0b0c0d0e0f");
const Z: [u8; 16] = [0; 16];

// ---- generic code written against digest 0.10 only ----

/// The tag of `msg` under `key` (digest 0.10 `Mac` + `KeyInit`: the zero nonce).
fn m<M: Mac010 + KeyInit010>(key: &[u8], msg: &[u8]) -> Vec<u8> {
    let mut mac = <M as KeyInit010>::new_from_slice(key).expect("16-byte key");
    mac.update(msg);
    mac.finalize().into_bytes().to_vec()
}

/// The tag of `msg` from an already keyed `mac`, fed in pieces of `piece` bytes.
fn m_with<M: Mac010 + Clone>(mac: &M, msg: &[u8], piece: usize) -> Vec<u8> {
    let mut mac = mac.clone();
    for c in msg.chunks(piece.max(1)) {
        mac.update(c);
    }
    mac.finalize().into_bytes().to_vec()
}

/// Like [`m_with`] through `finalize_reset` twice (the reset state must give the same tag) and
/// `verify_slice_reset`.
fn m_reset<M: Mac010 + digest010::FixedOutputReset + Clone>(mac: &M, msg: &[u8]) -> Vec<u8> {
    let mut mac = mac.clone();
    Mac010::update(&mut mac, b"discarded by reset");
    Mac010::reset(&mut mac);
    Mac010::update(&mut mac, msg);
    let first = Mac010::finalize_reset(&mut mac).into_bytes();
    Mac010::update(&mut mac, msg);
    let second = Mac010::finalize_reset(&mut mac).into_bytes();
    assert_eq!(first, second, "finalize_reset left state behind");
    Mac010::update(&mut mac, msg);
    Mac010::verify_slice_reset(&mut mac, &first).expect("verify_slice_reset");
    Mac010::update(&mut mac, msg);
    Mac010::verify_reset(&mut mac, &first).expect("verify_reset");
    first.to_vec()
}

/// Accepts the right tag, rejects every single-bit flip, and rejects every wrong length.
fn verify_checks<M: Mac010 + Clone>(mac: &M, msg: &[u8], tag: &[u8]) -> Result<(), String> {
    let mut fed = mac.clone();
    fed.update(msg);
    fed.clone()
        .verify_slice(tag)
        .map_err(|_| "correct tag rejected by verify_slice".to_string())?;
    fed.clone()
        .verify(digest010::generic_array::GenericArray::from_slice(tag))
        .map_err(|_| "correct tag rejected by verify".to_string())?;
    for bit in 0..8 * tag.len() {
        let mut bad = tag.to_vec();
        bad[bit / 8] ^= 1 << (bit % 8);
        if fed.clone().verify_slice(&bad).is_ok() {
            return Err(format!("tag with bit {bit} flipped accepted"));
        }
    }
    for len in [0, 1, 15, 17, 32] {
        let mut other = tag.to_vec();
        other.resize(len, 0);
        if fed.clone().verify_slice(&other).is_ok() {
            return Err(format!("{len}-byte tag accepted"));
        }
    }
    Ok(())
}

// ---- official vectors ----

/// Message lengths of the generated files: 0..=300, then 1000, 4096, 65539 (304 records).
fn lengths() -> Vec<usize> {
    (0..=300).chain([1000, 4096, 65539]).collect()
}

/// Regenerates a generated vector file (NIST LWC layout) from `tag(msg)`.
fn render(key: &[u8; 16], nonce: &[u8; 16], tag: &dyn Fn(&[u8]) -> Vec<u8>) -> String {
    let records: Vec<Vec<(&str, Value)>> = lengths()
        .into_iter()
        .enumerate()
        .map(|(i, len)| {
            let msg = ramp(0, len);
            let t = tag(&msg);
            vec![
                ("Count", Value::Num(i + 1)),
                ("Key", Value::Hex(key.to_vec())),
                ("Nonce", Value::Hex(nonce.to_vec())),
                ("Msg", Value::Hex(msg)),
                ("Tag", Value::Hex(t)),
            ]
        })
        .collect();
    render_lwc(&records)
}

/// SHA-256 of the official `lemac_keyless_vectors.txt`.
const KEYLESS_SHA256: &str = "a7da56904e11d757cbdcac1ad994c733dcd8a5f48cfa88b51693293222c92e2a";
/// SHA-256 of the official `lemac_vectors.txt`.
const LEMAC_SHA256: &str = "30ee784944adae33637a620b6832939c038c0986668b0a4c8d5a01152557575e";
/// SHA-256 of the official `petitmac_vectors.txt`.
const PETITMAC_SHA256: &str = "cc861ac2b46a871f6661df750d81266a2d36db1ee9f99069a6a5f2c39a68cb88";

#[test]
fn keyless_file_through_digest010_mac() {
    // Zero key, zero nonce: exactly `Mac + KeyInit` of digest 0.10.
    let text = render(&Z, &Z, &|msg| m::<LeMac>(&Z, msg));
    assert_eq!(sha256_hex(text.as_bytes()), KEYLESS_SHA256);
}

#[test]
fn nonce_files_through_digest010_mac() {
    // The keyed files use nonce = key; the nonce is fixed at construction, then only digest 0.10
    // methods are used (in pieces of 1 and 7 bytes, and through finalize_reset).
    let lemac = LeMac::new_with_nonce(&K, &K);
    for piece in [7, 1000] {
        let text = render(&K, &K, &|msg| m_with(&lemac, msg, piece));
        assert_eq!(
            sha256_hex(text.as_bytes()),
            LEMAC_SHA256,
            "LeMac, pieces of {piece}"
        );
    }
    let text = render(&K, &K, &|msg| m_reset(&lemac, msg));
    assert_eq!(
        sha256_hex(text.as_bytes()),
        LEMAC_SHA256,
        "LeMac, finalize_reset"
    );
    let petit = PetitMac::new_with_nonce(&K, &K);
    for piece in [5, 1000] {
        let text = render(&K, &K, &|msg| m_with(&petit, msg, piece));
        assert_eq!(
            sha256_hex(text.as_bytes()),
            PETITMAC_SHA256,
            "PetitMac, pieces of {piece}"
        );
    }
    let text = render(&K, &K, &|msg| m_reset(&petit, msg));
    assert_eq!(
        sha256_hex(text.as_bytes()),
        PETITMAC_SHA256,
        "PetitMac, finalize_reset"
    );
}

#[test]
fn upstream_literals_through_digest010_mac() {
    // pauldreik/lemac README and test_tool.sh: `lemacsum` of "hello" and "hej\n".
    assert_eq!(
        m::<LeMac>(&Z, b"hello"),
        hex!("b2e64fbf9da60940f54a4cd3ee07c37d")
    );
    assert_eq!(
        m::<LeMac>(&Z, b"hej\n"),
        hex!("5f4aad4604ceefad43c9336d29671556")
    );
    // lemac_keyless_vectors.txt Count 1 and 2.
    assert_eq!(
        m::<LeMac>(&Z, b""),
        hex!("52282e853c9cfeb5537d33fb916a341f")
    );
    assert_eq!(
        m::<LeMac>(&Z, &[0]),
        hex!("3813e97cdb668705fab759feb021a37b")
    );
    // Reference test_vectors.py: key = nonce = 00..0f, message 00..40 (65 bytes).
    let msg: Vec<u8> = (0..65u8).collect();
    let keyed = LeMac::new_with_nonce(&K, &K);
    assert_eq!(
        m_with(&keyed, &msg, 10),
        hex!("d58dfdbe8b0224e1d5106ac4d775beef")
    );
    // petitmac_vectors.txt Count 1 and 2.
    let petit = PetitMac::new_with_nonce(&K, &K);
    assert_eq!(
        m_with(&petit, b"", 1),
        hex!("b6f395834751f49f01f6afa57c4aca37")
    );
    assert_eq!(
        m_with(&petit, &[0], 1),
        hex!("e4ca102ee6832e7425ab2cc10d6642c0")
    );
}

#[test]
fn keyless_file_records() {
    let Some(text) = lwc_tests::kat::read("lemac/lemac_keyless_vectors.txt") else {
        return;
    };
    assert_eq!(
        sha256_hex(text.as_bytes()),
        KEYLESS_SHA256,
        "not the official file"
    );
    let recs = lwc_tests::text::parse(&text);
    assert_eq!(recs.len(), 304);
    for r in &recs {
        let (key, msg, tag) = (r.hex("Key"), r.hex("Msg"), r.hex("Tag"));
        assert_eq!(r.hex("Nonce"), Z);
        assert_eq!(m::<LeMac>(&key, &msg), tag, "Count {}", r.num("Count"));
        let mac = <LeMac as KeyInit010>::new_from_slice(&key).unwrap();
        verify_checks(&mac, &msg, &tag).unwrap_or_else(|e| panic!("Count {}: {e}", r.num("Count")));
    }
}

// ---- agreement with the digest 0.11 path on random inputs ----

/// xorshift64*: enough to vary test inputs.
struct Rand(u64);

impl Rand {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    fn word(&mut self) -> [u8; 16] {
        self.bytes(16).try_into().unwrap()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The same type through digest 0.11 (the crate's primary face).
fn tag011<M: digest::Mac + Clone>(mac: &M, msg: &[u8]) -> Vec<u8> {
    let mut mac = mac.clone();
    digest::Mac::update(&mut mac, msg);
    mac.finalize().into_bytes().to_vec()
}

macro_rules! agree {
    ($name:ident, $ty:ident, $seed:literal) => {
        #[test]
        fn $name() {
            let mut rng = Rand($seed);
            for case in 0..200 {
                let len = match case % 4 {
                    0 => rng.below(80),
                    1 => rng.below(1100),
                    2 => 64 * rng.below(40),
                    _ => rng.below(20_000),
                };
                let (key, nonce, msg) = (rng.word(), rng.word(), rng.bytes(len));
                let piece = 1 + rng.below(200);
                let ctx = format!("case {case}, length {len}, pieces of {piece}");
                // Zero nonce: KeyInit of each generation.
                let want = tag011(&<$ty as digest::KeyInit>::new(&key.into()), &msg);
                assert_eq!(
                    want,
                    <$ty as digest::KeyInit>::new(&key.into()).compute(&Z, &msg),
                    "{ctx}"
                );
                assert_eq!(m::<$ty>(&key, &msg), want, "zero nonce, {ctx}");
                let via010 = <$ty as KeyInit010>::new(&key.into());
                assert_eq!(m_with(&via010, &msg, piece), want, "zero nonce, {ctx}");
                assert_eq!(m_reset(&via010, &msg), want, "zero nonce, reset, {ctx}");
                // Explicit nonce, fixed at construction.
                let mac = $ty::new_with_nonce(&key, &nonce);
                let want = tag011(&mac, &msg);
                assert_eq!(want, mac.compute(&nonce, &msg), "{ctx}");
                assert_eq!(m_with(&mac, &msg, piece), want, "nonce, {ctx}");
                if case % 20 == 0 {
                    verify_checks(&mac, &msg, &want).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                }
            }
        }
    };
}

agree!(lemac_digest010_agrees_with_digest011, LeMac, 0x0c0f_fee0);
agree!(
    petitmac_digest010_agrees_with_digest011,
    PetitMac,
    0x0c0f_fee1
);

#[test]
fn verify_rejects_bad_tags() {
    let msg = ramp(0, 100);
    let lemac = <LeMac as KeyInit010>::new(&K.into());
    let tag = m::<LeMac>(&K, &msg);
    verify_checks(&lemac, &msg, &tag).unwrap();
    // A tag of another message, and of the same message under another key, are rejected.
    let mut fed = lemac.clone();
    Mac010::update(&mut fed, &msg);
    assert!(
        fed.clone()
            .verify_slice(&m::<LeMac>(&K, &msg[1..]))
            .is_err()
    );
    assert!(fed.verify_slice(&m::<LeMac>(&Z, &msg)).is_err());
    let petit = <PetitMac as KeyInit010>::new(&K.into());
    verify_checks(&petit, &msg, &m::<PetitMac>(&K, &msg)).unwrap();
}

#[test]
fn key_lengths_and_sizes() {
    fn sizes<M: Mac010 + KeyInit010>() -> (usize, usize) {
        use digest010::typenum::Unsigned;
        (
            <M as digest010::crypto_common::KeySizeUser>::KeySize::USIZE,
            <M as digest010::OutputSizeUser>::OutputSize::USIZE,
        )
    }
    assert_eq!(sizes::<LeMac>(), (16, 16));
    assert_eq!(sizes::<PetitMac>(), (16, 16));
    for len in [0, 15, 17, 32] {
        assert!(<LeMac as KeyInit010>::new_from_slice(&vec![0; len]).is_err());
        assert!(<PetitMac as KeyInit010>::new_from_slice(&vec![0; len]).is_err());
    }
    // Debug still prints no state.
    let mac = <LeMac as KeyInit010>::new(&K.into());
    assert_eq!(format!("{mac:?}"), "LeMac { ... }");
}
