//! The digest 0.10 `core_api` face (`lwc_keccak::core_api`): `CoreWrapper` over each of our cores
//! agrees with the core-based crates of that generation (sha3 0.10, k12 0.3) on random inputs,
//! split at random, including `Hmac` of hmac 0.12, which accepts only a `CoreWrapper`.

use digest010::core_api::{CoreWrapper, ExtendableOutputCore};
use digest010::{Digest, ExtendableOutput, ExtendableOutputReset, KeyInit, Mac, Update, XofReader};
use lwc_keccak::core_api::{
    CShake128Core, CShake256Core, KangarooTwelveCore, Keccak224Core, Keccak256Core,
    Keccak256FullCore, Keccak384Core, Keccak512Core, Sha3_224Core, Sha3_256Core, Sha3_384Core,
    Sha3_512Core, Shake128Core, Shake256Core, TurboShake128Core, TurboShake256Core,
};

mod common;
use common::Rng;

/// Lengths around the multiples of the rates (72..=168) and of KT's 8192-byte chunks.
const LENGTHS: &[usize] = &[
    0, 1, 71, 72, 73, 103, 104, 105, 135, 136, 137, 143, 144, 145, 167, 168, 169, 300, 1000, 8191,
    8192, 8193, 20000,
];

/// `data` fed in random pieces.
fn feed(h: &mut impl Update, data: &[u8], rng: &mut Rng) {
    let mut rest = data;
    while !rest.is_empty() {
        let n = rng.below(rest.len() + 1).max(1);
        h.update(&rest[..n]);
        rest = &rest[n..];
    }
}

fn fixed<A: Digest + Update, B: Digest + Update>(seed: u64) {
    let mut rng = Rng(seed);
    for &len in LENGTHS {
        let m = rng.bytes(len);
        let mut a = A::new();
        feed(&mut a, &m, &mut rng);
        assert_eq!(a.finalize()[..], B::digest(&m)[..], "length {len}");
    }
}

fn xof<A, B>(a: A, b: B, seed: u64)
where
    A: ExtendableOutput + Update + Clone,
    B: ExtendableOutput + Update + Clone,
{
    xof_except(a, b, seed, |_| false);
}

/// [`xof`], skipping the message lengths where the peer is known to be wrong.
fn xof_except<A, B>(a: A, b: B, seed: u64, peer_wrong: impl Fn(usize) -> bool)
where
    A: ExtendableOutput + Update + Clone,
    B: ExtendableOutput + Update + Clone,
{
    let mut rng = Rng(seed);
    for &len in LENGTHS {
        let m = rng.bytes(len);
        if peer_wrong(len) {
            continue;
        }
        let mut x = a.clone();
        feed(&mut x, &m, &mut rng);
        let mut y = b.clone();
        y.update(&m);
        let n = rng.below(600);
        let mut out = vec![0u8; n];
        let mut reader = x.finalize_xof();
        // The output read in two pieces: the reader core hands out whole blocks.
        let cut = rng.below(n + 1);
        reader.read(&mut out[..cut]);
        reader.read(&mut out[cut..]);
        assert_eq!(out, y.finalize_boxed(n).into_vec(), "length {len}");
    }
}

#[test]
fn fixed_hashes_agree_with_sha3_010() {
    fixed::<CoreWrapper<Sha3_224Core>, sha3_v010::Sha3_224>(1);
    fixed::<CoreWrapper<Sha3_256Core>, sha3_v010::Sha3_256>(2);
    fixed::<CoreWrapper<Sha3_384Core>, sha3_v010::Sha3_384>(3);
    fixed::<CoreWrapper<Sha3_512Core>, sha3_v010::Sha3_512>(4);
    fixed::<CoreWrapper<Keccak224Core>, sha3_v010::Keccak224>(5);
    fixed::<CoreWrapper<Keccak256Core>, sha3_v010::Keccak256>(6);
    fixed::<CoreWrapper<Keccak384Core>, sha3_v010::Keccak384>(7);
    fixed::<CoreWrapper<Keccak512Core>, sha3_v010::Keccak512>(8);
    fixed::<CoreWrapper<Keccak256FullCore>, sha3_v010::Keccak256Full>(9);
}

#[test]
fn xofs_agree_with_sha3_010_and_k12_03() {
    use sha3_v010 as p;
    xof(
        CoreWrapper::<Shake128Core>::default(),
        p::Shake128::default(),
        10,
    );
    xof(
        CoreWrapper::<Shake256Core>::default(),
        p::Shake256::default(),
        11,
    );
    for custom in [&b""[..], b"Email Signature", &[0xA5; 200]] {
        xof(
            CoreWrapper::from_core(CShake128Core::new(custom)),
            p::CShake128::from_core(p::CShake128Core::new(custom)),
            12,
        );
        xof(
            CoreWrapper::from_core(CShake256Core::new_with_function_name(b"KMAC", custom)),
            p::CShake256::from_core(p::CShake256Core::new_with_function_name(b"KMAC", custom)),
            13,
        );
        // k12 0.3.0 is wrong where the final node's input is exactly one 8192-byte chunk
        // (`kt_where_k12_03_is_wrong` below).
        let encoding = 1 + usize::from(!custom.is_empty());
        xof_except(
            CoreWrapper::from_core(KangarooTwelveCore::new(custom)),
            k12_v03::KangarooTwelve::from_core(k12_v03::KangarooTwelveCore::new(custom)),
            14,
            |len| len + custom.len() + encoding == 8192,
        );
    }
    for ds in [0x01, 0x06, 0x0B, 0x1F, 0x7F] {
        xof(
            CoreWrapper::from_core(TurboShake128Core::new(ds)),
            p::TurboShake128::from_core(p::TurboShake128Core::new(ds)),
            15,
        );
        xof(
            CoreWrapper::from_core(TurboShake256Core::new(ds)),
            p::TurboShake256::from_core(p::TurboShake256Core::new(ds)),
            16,
        );
    }
}

#[test]
fn kt_where_k12_03_is_wrong() {
    // Message, customization and its length encoding of exactly 8192 bytes: k12 0.3.0 gives
    // another output than k12 0.5.1 (RFC 9861), which ours follows.
    for (len, custom) in [(8191usize, &b""[..]), (8188, b"ab")] {
        let m: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
        let mut ours = CoreWrapper::from_core(KangarooTwelveCore::new(custom));
        Update::update(&mut ours, &m);
        let ours = ours.finalize_boxed(32);
        let mut old = k12_v03::KangarooTwelve::from_core(k12_v03::KangarooTwelveCore::new(custom));
        Update::update(&mut old, &m);
        let mut new = <k12::CustomKt128 as digest::CustomizedInit>::new_customized(custom);
        digest::Update::update(&mut new, &m);
        let mut want = [0u8; 32];
        digest::ExtendableOutput::finalize_xof_into(new, &mut want);
        assert_eq!(ours[..], want, "length {len}");
        assert_ne!(old.finalize_boxed(32)[..], want, "length {len}");
    }
}

#[test]
fn reset_after_finalize_starts_over() {
    // cSHAKE's reset returns to the state after its customization prefix.
    let mut x = CoreWrapper::from_core(CShake128Core::new(b"custom"));
    x.update(b"first");
    let mut out1 = [0u8; 40];
    x.finalize_xof_reset().read(&mut out1);
    x.update(b"second");
    let mut out2 = [0u8; 40];
    x.finalize_xof_reset().read(&mut out2);
    let mut peer = sha3_v010::CShake128::from_core(sha3_v010::CShake128Core::new(b"custom"));
    peer.update(b"second");
    let mut want = [0u8; 40];
    peer.finalize_xof().read(&mut want);
    assert_eq!(out2, want);
    assert_ne!(out1, out2);
}

#[test]
fn hmac_012_over_our_core_agrees_with_sha3_010() {
    // `Hmac` of hmac 0.12 takes only a `CoreWrapper` (digest 0.10 seals `CoreProxy`).
    type Ours = hmac_v012::Hmac<CoreWrapper<Sha3_256Core>>;
    type Peer = hmac_v012::Hmac<sha3_v010::Sha3_256>;
    let mut rng = Rng(20);
    for len in [0usize, 1, 135, 136, 137, 1000] {
        let key_len = rng.below(300);
        let key = rng.bytes(key_len);
        let m = rng.bytes(len);
        let mut a = <Ours as KeyInit>::new_from_slice(&key).unwrap();
        Update::update(&mut a, &m);
        let mut b = <Peer as KeyInit>::new_from_slice(&key).unwrap();
        Update::update(&mut b, &m);
        assert_eq!(a.finalize().into_bytes(), b.finalize().into_bytes());
    }
}

#[test]
#[should_panic(expected = "contains(&domain_separation)")]
fn turboshake_core_rejects_domain_byte_zero() {
    // As sha3 0.10's `TurboShake128Core::new`: an assertion.
    let _ = TurboShake128Core::new(0x00);
}

#[test]
fn debug_prints_no_state() {
    let mut h = CoreWrapper::<Sha3_256Core>::default();
    Update::update(&mut h, b"secret input");
    let text = format!("{:?}", h.clone());
    assert!(!text.contains("secret"), "{text}");
    let mut core = CShake128Core::new(b"secret customization");
    let reader = core.finalize_xof_core(&mut Default::default());
    assert_eq!(
        format!("{core:?} {reader:?}"),
        "CShake128Core { ... } CShake128ReaderCore { ... }"
    );
}
