//! The `digest-010` feature: our types used through digest 0.10's traits (the previous RustCrypto
//! generation, `GenericArray` outputs).
//!
//! * Generic functions written against digest 0.10 bounds run our types on official spot vectors.
//! * On random inputs (lengths around every rate boundary, random splits of the input and of the
//!   output reads) the digest 0.10 path of a type agrees with its digest 0.11 path, and with the
//!   previous-generation RustCrypto crates (`sha3` 0.10, `k12` 0.3, `hmac` 0.12) where they cover
//!   the algorithm.

use digest010::{
    Digest as Digest010, DynDigest, ExtendableOutput as Xof010,
    ExtendableOutputReset as XofReset010, FixedOutputReset as FixedReset010, KeyInit as KeyInit010,
    Mac as Mac010, Update as Update010, XofReader as Reader010,
};
use hex_literal::hex;
use lwc_keccak::digest::{CustomizedInit, KeyInit};
use lwc_keccak::{
    CShake128, CShake256, CTurboShake128, Keccak224, Keccak256, Keccak256Full, Keccak384,
    Keccak512, Kmac128, Kmac256, Kt128, Kt256, ParallelHash128, ParallelHash256, Sha3_224,
    Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256, TupleHash128, TurboShake128, TurboShake256,
};

mod common;
use common::Rng;

/// Message lengths around the multiples of every rate in use (72..=168), plus a few large ones.
fn lengths(rng: &mut Rng) -> Vec<usize> {
    let mut v = vec![0, 1, 7, 8, 9, 31, 32, 33];
    for rate in [72usize, 104, 136, 144, 168] {
        for k in 1..=3 {
            for d in [-1isize, 0, 1] {
                v.push((rate * k).wrapping_add_signed(d));
            }
        }
    }
    for _ in 0..8 {
        v.push(rng.below(3000));
    }
    v.push(8192 * 5 + 17);
    v
}

// ---- generic code written against digest 0.10 bounds ----

/// One-shot `Digest::digest`.
fn digest10<D: Digest010>(m: &[u8]) -> Vec<u8> {
    D::digest(m).to_vec()
}

/// Incremental: `new`, `update` in two pieces, `chain_update`, `finalize_reset`, then reuse.
fn digest10_split<D: Digest010 + FixedReset010>(m: &[u8], cut: usize) -> Vec<u8> {
    let mut h = D::new();
    Digest010::update(&mut h, b"garbage before reset");
    Digest010::reset(&mut h);
    Digest010::update(&mut h, &m[..cut]);
    let mut h = h.chain_update(&m[cut..]);
    let first = h.finalize_reset().to_vec();
    Digest010::update(&mut h, m);
    assert_eq!(h.finalize().to_vec(), first, "finalize_reset did not reset");
    first
}

/// Through `dyn DynDigest` (boxed clone, reset).
fn digest10_dyn(d: &mut dyn DynDigest, m: &[u8]) -> Vec<u8> {
    d.update(m);
    let c = d.box_clone();
    let out = d.finalize_reset().to_vec();
    assert_eq!(c.finalize().to_vec(), out);
    out
}

/// The same type through digest 0.11.
fn digest11<D: lwc_keccak::Digest>(m: &[u8]) -> Vec<u8> {
    D::digest(m).to_vec()
}

/// XOF through digest 0.10: input in two pieces, output read in two pieces.
fn xof10<X: Xof010>(mut x: X, m: &[u8], cut: usize, n: usize, rcut: usize) -> Vec<u8> {
    Update010::update(&mut x, &m[..cut]);
    Update010::update(&mut x, &m[cut..]);
    let mut r = x.finalize_xof();
    let mut out = vec![0u8; n];
    let (a, b) = out.split_at_mut(rcut.min(n));
    r.read(a);
    r.read(b);
    out
}

/// XOF through digest 0.11, in one piece.
fn xof11<X: lwc_keccak::ExtendableOutput>(mut x: X, m: &[u8], n: usize) -> Vec<u8> {
    lwc_keccak::Update::update(&mut x, m);
    let mut out = vec![0u8; n];
    lwc_keccak::XofReader::read(&mut x.finalize_xof(), &mut out);
    out
}

/// `finalize_xof_reset` through digest 0.10 leaves a fresh instance behind.
fn xof10_reset<X: XofReset010 + Clone>(fresh: X, m: &[u8], n: usize) -> Vec<u8> {
    let mut x = fresh.clone();
    Update010::update(&mut x, m);
    let mut out = vec![0u8; n];
    x.finalize_xof_reset().read(&mut out);
    let mut again = vec![0u8; n];
    Update010::update(&mut x, m);
    x.finalize_xof_reset().read(&mut again);
    assert_eq!(out, again, "finalize_xof_reset did not reset");
    out
}

/// MAC through digest 0.10 (`KeyInit` + blanket `Mac`): tag, `verify_slice`, `finalize_reset`.
fn mac10<M: Mac010 + KeyInit010 + FixedReset010 + Clone>(key: &[u8], m: &[u8]) -> Vec<u8> {
    let mut mac = <M as Mac010>::new_from_slice(key).unwrap();
    Mac010::update(&mut mac, m);
    let tag = mac.finalize_reset().into_bytes().to_vec();
    Mac010::update(&mut mac, m);
    mac.clone().verify_slice(&tag).unwrap();
    let mut bad = tag.clone();
    bad[0] ^= 1;
    assert!(mac.verify_slice(&bad).is_err());
    tag
}

/// MAC through digest 0.11.
fn mac11<M: lwc_keccak::Mac + KeyInit>(key: &[u8], m: &[u8]) -> Vec<u8> {
    let mut mac = <M as KeyInit>::new_from_slice(key).unwrap();
    lwc_keccak::Mac::update(&mut mac, m);
    mac.finalize().into_bytes().to_vec()
}

// ---- official vectors through digest 0.10 ----

#[test]
fn vectors_digest010() {
    assert_eq!(
        digest10::<Sha3_224>(b"abc"),
        hex!("e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf")
    );
    assert_eq!(
        digest10::<Sha3_256>(b"abc"),
        hex!("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
    );
    assert_eq!(
        digest10::<Sha3_384>(b"abc"),
        hex!(
            "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
            "98d88cea927ac7f539f1edf228376d25"
        )
    );
    assert_eq!(
        digest10::<Sha3_512>(b"abc"),
        hex!(
            "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
            "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"
        )
    );
    assert_eq!(
        digest10::<Keccak256>(b""),
        hex!("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
    );
    assert_eq!(
        xof10(Shake128::default(), b"", 0, 32, 5),
        hex!("7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26")
    );
    assert_eq!(
        xof10(Shake256::default(), b"", 0, 32, 17),
        hex!("46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f")
    );
    // SP 800-185 cSHAKE128 sample 1.
    assert_eq!(
        xof10(
            CShake128::new(b"Email Signature"),
            &hex!("00010203"),
            2,
            32,
            3
        ),
        hex!("c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5")
    );
    // RFC 9861: TurboSHAKE128(M = empty, D = 0x1F), KT128(M = empty, C = empty).
    assert_eq!(
        xof10(TurboShake128::default(), b"", 0, 32, 31),
        hex!("1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c")
    );
    assert_eq!(
        xof10(Kt128::default(), b"", 0, 32, 1),
        hex!("1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5")
    );
    // SP 800-185 KMAC128 sample 1, through digest 0.10's `Mac`.
    let key = hex!("404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F");
    assert_eq!(
        mac10::<Kmac128>(&key, &hex!("00010203")),
        hex!("E5780B0D3EA6F7D3A429C5706AA43A00FADBD7D49628839E3187243F456EE14E")
    );
    // Sizes as sha3 0.10 declares them.
    assert_eq!(
        <Sha3_256 as digest010::OutputSizeUser>::output_size(),
        <sha3_v010::Sha3_256 as digest010::OutputSizeUser>::output_size()
    );
    assert_eq!(
        <Keccak256Full as digest010::OutputSizeUser>::output_size(),
        <sha3_v010::Keccak256Full as digest010::OutputSizeUser>::output_size()
    );
}

#[test]
fn block_sizes_and_names_match_sha3_010() {
    use digest010::crypto_common::BlockSizeUser;
    fn bs<T: BlockSizeUser>() -> usize {
        T::block_size()
    }
    assert_eq!(bs::<Sha3_224>(), bs::<sha3_v010::Sha3_224>());
    assert_eq!(bs::<Sha3_256>(), bs::<sha3_v010::Sha3_256>());
    assert_eq!(bs::<Sha3_384>(), bs::<sha3_v010::Sha3_384>());
    assert_eq!(bs::<Sha3_512>(), bs::<sha3_v010::Sha3_512>());
    assert_eq!(bs::<Keccak224>(), bs::<sha3_v010::Keccak224>());
    assert_eq!(bs::<Keccak256>(), bs::<sha3_v010::Keccak256>());
    assert_eq!(bs::<Keccak384>(), bs::<sha3_v010::Keccak384>());
    assert_eq!(bs::<Keccak512>(), bs::<sha3_v010::Keccak512>());
    assert_eq!(bs::<Keccak256Full>(), bs::<sha3_v010::Keccak256Full>());

    struct Name<T>(core::marker::PhantomData<T>);
    impl<T: digest010::crypto_common::AlgorithmName> core::fmt::Display for Name<T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            T::write_alg_name(f)
        }
    }
    // The names of sha3 0.12 (the type names), which sha3 0.10 also writes.
    assert_eq!(
        Name::<Sha3_256>(Default::default()).to_string(),
        Name::<sha3_v010::Sha3_256Core>(Default::default()).to_string()
    );
    assert_eq!(
        Name::<Keccak256Full>(Default::default()).to_string(),
        Name::<sha3_v010::Keccak256FullCore>(Default::default()).to_string()
    );
    assert_eq!(Name::<Kmac128>(Default::default()).to_string(), "KMAC128");
    assert_eq!(Name::<Kt128>(Default::default()).to_string(), "KT128");
}

#[cfg(feature = "oid")]
#[test]
fn oids_match_sha3_010() {
    fn oid10<T: digest010::const_oid::AssociatedOid>() -> String {
        T::OID.to_string()
    }
    use lwc_keccak::digest::const_oid::AssociatedOid as AssociatedOid011;
    fn oid11<T: AssociatedOid011>() -> String {
        T::OID.to_string()
    }
    assert_eq!(oid10::<Sha3_224>(), oid10::<sha3_v010::Sha3_224>());
    assert_eq!(oid10::<Sha3_256>(), oid10::<sha3_v010::Sha3_256>());
    assert_eq!(oid10::<Sha3_384>(), oid10::<sha3_v010::Sha3_384>());
    assert_eq!(oid10::<Sha3_512>(), oid10::<sha3_v010::Sha3_512>());
    assert_eq!(oid10::<Sha3_256>(), oid11::<Sha3_256>());
    assert_eq!(oid10::<Sha3_512>(), "2.16.840.1.101.3.4.2.10");
}

// ---- random inputs: 0.10 path == 0.11 path == previous-generation RustCrypto ----

macro_rules! fixed_diff {
    ($rng:ident, $m:ident, $($ours:ty => $peer:ty),* $(,)?) => {$(
        let cut = $rng.below($m.len() + 1);
        let a = digest10::<$ours>(&$m);
        assert_eq!(a, digest11::<$ours>(&$m), "{} 0.10 vs 0.11, len {}", stringify!($ours), $m.len());
        assert_eq!(a, digest10::<$peer>(&$m), "{} vs sha3 0.10, len {}", stringify!($ours), $m.len());
        assert_eq!(a, digest10_split::<$ours>(&$m, cut), "{} split", stringify!($ours));
        assert_eq!(a, digest10_dyn(&mut <$ours>::default(), &$m), "{} dyn", stringify!($ours));
    )*};
}

#[test]
fn fixed_hashes_random() {
    let mut rng = Rng(1);
    for len in lengths(&mut rng) {
        let m = rng.bytes(len);
        fixed_diff!(rng, m,
            Sha3_224 => sha3_v010::Sha3_224,
            Sha3_256 => sha3_v010::Sha3_256,
            Sha3_384 => sha3_v010::Sha3_384,
            Sha3_512 => sha3_v010::Sha3_512,
            Keccak224 => sha3_v010::Keccak224,
            Keccak256 => sha3_v010::Keccak256,
            Keccak384 => sha3_v010::Keccak384,
            Keccak512 => sha3_v010::Keccak512,
            Keccak256Full => sha3_v010::Keccak256Full,
        );
    }
}

#[test]
fn xofs_random() {
    use sha3_v010::digest::core_api::CoreWrapper;
    let mut rng = Rng(2);
    for len in lengths(&mut rng) {
        let m = rng.bytes(len);
        let cut = rng.below(len + 1);
        let n = 1 + rng.below(400);
        let rcut = rng.below(n + 1);

        let a = xof10(Shake128::default(), &m, cut, n, rcut);
        assert_eq!(a, xof11(Shake128::default(), &m, n));
        assert_eq!(a, xof10(sha3_v010::Shake128::default(), &m, 0, n, 0));
        assert_eq!(a, xof10_reset(Shake128::default(), &m, n));

        let a = xof10(Shake256::default(), &m, cut, n, rcut);
        assert_eq!(a, xof11(Shake256::default(), &m, n));
        assert_eq!(a, xof10(sha3_v010::Shake256::default(), &m, 0, n, 0));
        assert_eq!(a, xof10_reset(Shake256::default(), &m, n));

        let name_len = rng.below(3) * 7;
        let name = rng.bytes(name_len);
        let cust = rng.some_bytes(200);
        let ours = CShake128::new_with_function_name(&name, &cust);
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        let peer = CoreWrapper::from_core(sha3_v010::CShake128Core::new_with_function_name(
            &name, &cust,
        ));
        assert_eq!(a, xof10(peer, &m, 0, n, 0), "cSHAKE128 vs sha3 0.10");
        assert_eq!(a, xof10_reset(ours, &m, n));

        let ours = CShake256::new_with_function_name(&name, &cust);
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        let peer = CoreWrapper::from_core(sha3_v010::CShake256Core::new_with_function_name(
            &name, &cust,
        ));
        assert_eq!(a, xof10(peer, &m, 0, n, 0), "cSHAKE256 vs sha3 0.10");
        assert_eq!(a, xof10_reset(ours, &m, n));

        let ds = 1 + rng.below(0x7F) as u8;
        let ours = TurboShake128::new(ds).unwrap();
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        let peer = CoreWrapper::from_core(sha3_v010::TurboShake128Core::new(ds));
        assert_eq!(a, xof10(peer, &m, 0, n, 0), "TurboSHAKE128 vs sha3 0.10");
        assert_eq!(a, xof10_reset(ours, &m, n));

        let ours = TurboShake256::new(ds).unwrap();
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        let peer = CoreWrapper::from_core(sha3_v010::TurboShake256Core::new(ds));
        assert_eq!(a, xof10(peer, &m, 0, n, 0), "TurboSHAKE256 vs sha3 0.10");
        assert_eq!(a, xof10_reset(ours, &m, n));

        let a = xof10(CTurboShake128::<0x0B>::default(), &m, cut, n, rcut);
        assert_eq!(a, xof11(TurboShake128::new(0x0B).unwrap(), &m, n));

        let ours = Kt128::new_customized(&cust);
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        let peer = k12_v03::KangarooTwelve::from_core(k12_v03::KangarooTwelveCore::new(&cust));
        assert_eq!(a, xof10(peer, &m, 0, n, 0), "KT128 vs k12 0.3, len {len}");
        assert_eq!(a, xof10_reset(ours, &m, n));

        let ours = Kt256::new_customized(&cust);
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        assert_eq!(a, xof10_reset(ours, &m, n));

        let b = 1 + rng.below(300);
        let ours = ParallelHash128::new(b, &cust).unwrap();
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        assert_eq!(a, xof10_reset(ours, &m, n));
        let ours = ParallelHash256::new(b, &cust).unwrap();
        let a = xof10(ours.clone(), &m, cut, n, rcut);
        assert_eq!(a, xof11(ours.clone(), &m, n));
        assert_eq!(a, xof10_reset(ours, &m, n));
    }
}

#[test]
fn readers_random() {
    // TupleHashXOF and KMACXOF readers through digest 0.10's `XofReader`, read in pieces.
    let mut rng = Rng(3);
    for _ in 0..20 {
        let item = rng.some_bytes(400);
        let n = 1 + rng.below(500);
        let cut = rng.below(n + 1);
        let mut whole = vec![0u8; n];
        lwc_keccak::XofReader::read(
            &mut TupleHash128::new(b"S").chain_item(&item).finalize_xof(),
            &mut whole,
        );
        let mut r = TupleHash128::new(b"S").chain_item(&item).finalize_xof();
        let mut pieces = vec![0u8; n];
        let (a, b) = pieces.split_at_mut(cut);
        Reader010::read(&mut r, a);
        Reader010::read(&mut r, b);
        assert_eq!(whole, pieces);

        let key = rng.some_bytes(300);
        let mut k = Kmac256::new_customized(&key, b"S");
        lwc_keccak::Mac::update(&mut k, &item);
        let a = xof10(k.clone(), b"", 0, n, cut);
        assert_eq!(a, xof11(k, b"", n));
    }
}

#[test]
fn kmac_random() {
    let mut rng = Rng(4);
    for len in lengths(&mut rng) {
        let m = rng.bytes(len);
        // Keys of any length, as through digest 0.11.
        let key = rng.some_bytes(400);
        assert_eq!(mac10::<Kmac128>(&key, &m), mac11::<Kmac128>(&key, &m));
        assert_eq!(mac10::<Kmac256>(&key, &m), mac11::<Kmac256>(&key, &m));
        // `Mac::new` with a key of the nominal size equals `new_from_slice`.
        let k32 = rng.bytes(32);
        let mut a = <Kmac128 as Mac010>::new(digest010::Key::<Kmac128>::from_slice(&k32));
        Mac010::update(&mut a, &m);
        assert_eq!(
            a.finalize().into_bytes().to_vec(),
            mac11::<Kmac128>(&k32, &m)
        );
    }
}

#[test]
fn hmac_sha3_against_hmac_012() {
    // HMAC from `hmac` 0.12 (generic over digest 0.10) on our SHA3 type and on sha3 0.10's.
    type Ours = hmac_v012::SimpleHmac<Sha3_256>;
    type Peer = hmac_v012::Hmac<sha3_v010::Sha3_256>;
    let mut rng = Rng(5);
    for len in [0usize, 1, 135, 136, 137, 1000] {
        let key = rng.some_bytes(300);
        let m = rng.bytes(len);
        let mut a = <Ours as KeyInit010>::new_from_slice(&key).unwrap();
        Mac010::update(&mut a, &m);
        let mut b = <Peer as KeyInit010>::new_from_slice(&key).unwrap();
        Mac010::update(&mut b, &m);
        assert_eq!(a.finalize().into_bytes(), b.finalize().into_bytes());
    }
}

#[test]
fn debug_prints_no_state() {
    // The 0.10 face adds no Debug of its own: the type's own (state-free) Debug is the one used.
    let mut h = Sha3_256::default();
    Digest010::update(&mut h, b"secret input");
    assert_eq!(format!("{h:?}"), "Sha3_256 { ... }");
}
