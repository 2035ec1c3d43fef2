//! Differential tests against RustCrypto on random inputs: `ascon-aead` 0.6 and `ascon-hash` 0.4
//! (SP 800-232), `ascon-aead` 0.4 and `ascon-hash` 0.2 (v1.2, previous trait generation).
#![cfg(feature = "ascon")]

use aead::{Aead, KeyInit, Payload, consts::U8};
use digest::{Digest, ExtendableOutput, Update, XofReader};
use lwc_tests::{quick, random_bytes, rng};
use rand::Rng;

fn lengths() -> Vec<usize> {
    let max = if quick() { 40 } else { 200 };
    let mut v: Vec<usize> = (0..=max).collect();
    if !quick() {
        v.extend([255, 256, 257, 1000, 1023, 1024, 4096, 4099]);
    }
    v
}

#[test]
fn aead128_vs_ascon_aead_06() {
    let mut r = rng(1);
    for len in lengths() {
        let key = random_bytes(&mut r, 16);
        let nonce = random_bytes(&mut r, 16);
        let ad_len = r.random_range(0..=len.min(300) + 17);
        let (ad, pt) = (random_bytes(&mut r, ad_len), random_bytes(&mut r, len));
        let ours = lwc_ascon::AsconAead128::new_from_slice(&key).unwrap();
        let peer = ascon_aead::AsconAead128::new_from_slice(&key).unwrap();
        let p = || Payload {
            msg: pt.as_slice(),
            aad: ad.as_slice(),
        };
        let a = ours
            .encrypt(nonce.as_slice().try_into().unwrap(), p())
            .unwrap();
        let b = peer
            .encrypt(nonce.as_slice().try_into().unwrap(), p())
            .unwrap();
        assert_eq!(a, b, "len {len}, ad {ad_len}");
        let t_ours = lwc_ascon::TruncatedAsconAead128::<U8>::new_from_slice(&key).unwrap();
        let t_peer = ascon_aead::TruncatedAsconAead128::<U8>::new_from_slice(&key).unwrap();
        let a = t_ours
            .encrypt(nonce.as_slice().try_into().unwrap(), p())
            .unwrap();
        let b = t_peer
            .encrypt(nonce.as_slice().try_into().unwrap(), p())
            .unwrap();
        assert_eq!(a, b, "truncated, len {len}");
        let back = t_ours
            .decrypt(
                nonce.as_slice().try_into().unwrap(),
                Payload { msg: &b, aad: &ad },
            )
            .unwrap();
        assert_eq!(back, pt);
    }
}

#[test]
fn hash256_xof128_vs_ascon_hash_04() {
    let mut r = rng(2);
    for len in lengths() {
        let m = random_bytes(&mut r, len);
        assert_eq!(
            lwc_ascon::AsconHash256::digest(&m),
            ascon_hash::AsconHash256::digest(&m),
            "len {len}"
        );
        let out_len = r.random_range(0..300);
        let mut a = vec![0u8; out_len];
        let mut b = vec![0u8; out_len];
        let mut x = lwc_ascon::AsconXof128::default();
        x.update(&m);
        x.finalize_xof().read(&mut a);
        let mut y = ascon_hash::AsconXof128::default();
        y.update(&m);
        y.finalize_xof().read(&mut b);
        assert_eq!(a, b, "XOF len {len}, out {out_len}");
    }
}

fn v12_aead<O: KeyInit + Aead, P: aead_v05::KeyInit + aead_v05::Aead>(key_len: usize, seed: u64) {
    let mut r = rng(seed);
    for len in lengths() {
        let key = random_bytes(&mut r, key_len);
        let nonce = random_bytes(&mut r, 16);
        let ad_len = r.random_range(0..=len.min(300) + 9);
        let (ad, pt) = (random_bytes(&mut r, ad_len), random_bytes(&mut r, len));
        let ours = O::new_from_slice(&key).unwrap();
        let peer = P::new_from_slice(&key).unwrap();
        let a = ours
            .encrypt(
                nonce.as_slice().try_into().unwrap(),
                Payload { msg: &pt, aad: &ad },
            )
            .unwrap();
        let b = peer
            .encrypt(
                aead_v05::generic_array::GenericArray::from_slice(&nonce),
                aead_v05::Payload { msg: &pt, aad: &ad },
            )
            .unwrap();
        assert_eq!(a, b, "len {len}, ad {ad_len}");
    }
}

#[test]
fn v12_aeads_vs_ascon_aead_04() {
    v12_aead::<lwc_ascon::v12::Ascon128, ascon_aead_v04::Ascon128>(16, 3);
    v12_aead::<lwc_ascon::v12::Ascon128a, ascon_aead_v04::Ascon128a>(16, 4);
    v12_aead::<lwc_ascon::v12::Ascon80pq, ascon_aead_v04::Ascon80pq>(20, 5);
}

fn v12_hash<O: Digest, P: digest_v010::Digest>(seed: u64) {
    let mut r = rng(seed);
    for len in lengths() {
        let m = random_bytes(&mut r, len);
        assert_eq!(
            O::digest(&m).as_slice(),
            P::digest(&m).as_slice(),
            "len {len}"
        );
    }
}

fn v12_xof<
    O: Default + Update + ExtendableOutput,
    P: Default + digest_v010::Update + digest_v010::ExtendableOutput,
>(
    seed: u64,
) {
    let mut r = rng(seed);
    for len in lengths() {
        let m = random_bytes(&mut r, len);
        let out_len = r.random_range(0..200);
        let mut a = vec![0u8; out_len];
        let mut b = vec![0u8; out_len];
        let mut x = O::default();
        x.update(&m);
        x.finalize_xof().read(&mut a);
        let mut y = P::default();
        y.update(&m);
        digest_v010::XofReader::read(&mut y.finalize_xof(), &mut b);
        assert_eq!(a, b, "len {len}, out {out_len}");
    }
}

#[test]
fn v12_hashes_vs_ascon_hash_02() {
    v12_hash::<lwc_ascon::v12::AsconHash, ascon_hash_v02::AsconHash>(6);
    v12_hash::<lwc_ascon::v12::AsconHasha, ascon_hash_v02::AsconAHash>(7);
    v12_xof::<lwc_ascon::v12::AsconXof, ascon_hash_v02::AsconXof>(8);
    v12_xof::<lwc_ascon::v12::AsconXofa, ascon_hash_v02::AsconAXof>(9);
}

/// Incremental feeding in random chunks equals one-shot, for every type (our own consistency,
/// on top of the official vectors).
#[test]
fn random_chunking_matches_one_shot() {
    let mut r = rng(10);
    let n = if quick() { 5 } else { 50 };
    for _ in 0..n {
        let len = r.random_range(0..700);
        let m = random_bytes(&mut r, len);
        let mut h = lwc_ascon::AsconHash256::new();
        let mut rest = m.as_slice();
        while !rest.is_empty() {
            let k = r.random_range(0..=rest.len().min(50));
            Digest::update(&mut h, &rest[..k]);
            rest = &rest[k..];
        }
        assert_eq!(h.finalize(), ascon_hash::AsconHash256::digest(&m));
    }
}

#[test]
fn aead_round_trips_all_types() {
    let max = if quick() { 20 } else { 80 };
    lwc_tests::runners::aead_round_trips::<lwc_ascon::AsconAead128>(11, max).unwrap();
    lwc_tests::runners::aead_round_trips::<lwc_ascon::TruncatedAsconAead128<aead::consts::U4>>(
        12, max,
    )
    .unwrap();
    lwc_tests::runners::aead_round_trips::<lwc_ascon::MaskedAsconAead128>(13, max).unwrap();
    lwc_tests::runners::aead_round_trips::<lwc_ascon::v12::Ascon128>(14, max).unwrap();
    lwc_tests::runners::aead_round_trips::<lwc_ascon::v12::Ascon128a>(15, max).unwrap();
    lwc_tests::runners::aead_round_trips::<lwc_ascon::v12::Ascon80pq>(16, max).unwrap();
}

/// `Debug` never prints key or state.
#[test]
fn debug_prints_no_secrets() {
    let key = [0xABu8; 16];
    let s = format!("{:?}", lwc_ascon::AsconAead128::new(&key.into()));
    assert_eq!(s, "AsconAead128 { .. }");
    let s = format!(
        "{:?}",
        <lwc_ascon::v12::AsconMac as KeyInit>::new(&key.into())
    );
    assert_eq!(s, "AsconMac { .. }");
    let s = format!("{:?}", lwc_ascon::AsconHash256::new());
    assert_eq!(s, "AsconHash256 { .. }");
}

/// Long inputs (64 MiB, fed in uneven chunks) against RustCrypto.
#[test]
#[ignore = "heavy: 64 MiB through Hash256, XOF128 and AEAD128 against RustCrypto (about 20 s in release on the loaded 2-core machine)"]
fn long_inputs_vs_rustcrypto() {
    let mut r = rng(99);
    let m = random_bytes(&mut r, 64 << 20);
    let mut ours = lwc_ascon::AsconHash256::new();
    let mut xof = lwc_ascon::AsconXof128::default();
    for c in m.chunks(1_000_003) {
        Digest::update(&mut ours, c);
        Update::update(&mut xof, c);
    }
    assert_eq!(ours.finalize(), ascon_hash::AsconHash256::digest(&m));
    let mut a = [0u8; 100];
    let mut b = [0u8; 100];
    xof.finalize_xof().read(&mut a);
    let mut y = ascon_hash::AsconXof128::default();
    y.update(&m);
    y.finalize_xof().read(&mut b);
    assert_eq!(a, b);
    let key = [5u8; 16];
    let nonce = [6u8; 16];
    let ct = lwc_ascon::AsconAead128::new(&key.into())
        .encrypt(&nonce.into(), m.as_slice())
        .unwrap();
    let peer = ascon_aead::AsconAead128::new(&key.into())
        .encrypt(&nonce.into(), m.as_slice())
        .unwrap();
    assert!(ct == peer, "AEAD128 ciphertexts differ");
}
