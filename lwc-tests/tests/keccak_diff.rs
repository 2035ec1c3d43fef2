//! Differential tests of lwc-keccak against the RustCrypto crates (`sha3`, `shake`, `cshake`,
//! `turboshake`, `k12`) on random inputs of lengths around every rate boundary (and around the
//! 8192-byte KangarooTwelve chunks), fed in random chunkings; KMAC, TupleHash and ParallelHash
//! against a small reference built here on the `cshake` and `shake` crates; the batch API
//! against one-message hashing; trait-set checks written against the `sha3` crate's bounds.
//!
//! `LWC_BACKEND=<name>` runs every test on that backend (see `lwc_tests::force_backend_from_env`).

#![cfg(feature = "keccak")]

#[macro_use]
mod common;

use digest::{
    CustomizedInit, Digest, ExtendableOutput, ExtendableOutputReset, FixedOutputReset, HashMarker,
    Reset, Update, XofReader,
    common::{AlgorithmName, BlockSizeUser, hazmat::SerializableState},
};
use lwc_tests::{expect_eq, hex, random_bytes, rng, runners};
use rand::Rng;

/// Lengths around multiples of `rate` (0..=3 blocks) plus a few random ones.
fn lengths(rate: usize, r: &mut impl Rng) -> Vec<usize> {
    let mut v = vec![0, 1, 2, 7, 8, 9];
    for k in 1..=3 {
        for d in [-2isize, -1, 0, 1, 2] {
            v.push(((k * rate) as isize + d) as usize);
        }
    }
    let extra = if lwc_tests::quick() { 2 } else { 8 };
    for _ in 0..extra {
        v.push(r.random_range(0..5 * rate));
    }
    v.sort_unstable();
    v.dedup();
    v
}

fn peer_hash<D: Digest>(m: &[u8]) -> Vec<u8> {
    D::digest(m).to_vec()
}

fn peer_xof<X: Default + Update + ExtendableOutput>(m: &[u8], n: usize) -> Vec<u8> {
    let mut x = X::default();
    x.update(m);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn xof_of<X: Update + ExtendableOutput>(mut x: X, m: &[u8], n: usize) -> Vec<u8> {
    x.update(m);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

macro_rules! diff_hash {
    ($name:ident, $ours:ty, $peer:ty, $rate:expr) => {
        #[test]
        fn $name() {
            backend_from_env!(lwc_keccak);
            let mut r = rng(0x5a_u64 + $rate);
            for len in lengths($rate, &mut r) {
                let m = random_bytes(&mut r, len);
                let want = peer_hash::<$peer>(&m);
                runners::hash::<$ours>(&m, &want).unwrap_or_else(|e| panic!("len {len}: {e}"));
            }
        }
    };
}

diff_hash!(sha3_224_vs_sha3, lwc_keccak::Sha3_224, sha3::Sha3_224, 144);
diff_hash!(sha3_256_vs_sha3, lwc_keccak::Sha3_256, sha3::Sha3_256, 136);
diff_hash!(sha3_384_vs_sha3, lwc_keccak::Sha3_384, sha3::Sha3_384, 104);
diff_hash!(sha3_512_vs_sha3, lwc_keccak::Sha3_512, sha3::Sha3_512, 72);
diff_hash!(
    keccak224_vs_sha3,
    lwc_keccak::Keccak224,
    sha3::Keccak224,
    144
);
diff_hash!(
    keccak256_vs_sha3,
    lwc_keccak::Keccak256,
    sha3::Keccak256,
    136
);
diff_hash!(
    keccak384_vs_sha3,
    lwc_keccak::Keccak384,
    sha3::Keccak384,
    104
);
diff_hash!(
    keccak512_vs_sha3,
    lwc_keccak::Keccak512,
    sha3::Keccak512,
    72
);
diff_hash!(
    keccak256full_vs_sha3,
    lwc_keccak::Keccak256Full,
    sha3::Keccak256Full,
    136
);

macro_rules! diff_xof {
    ($name:ident, $ours:ty, $peer:ty, $rate:expr) => {
        #[test]
        fn $name() {
            backend_from_env!(lwc_keccak);
            let mut r = rng(0xa5_u64 + $rate);
            for len in lengths($rate, &mut r) {
                let m = random_bytes(&mut r, len);
                let n = [1, $rate - 1, $rate, $rate + 1, 2 * $rate + 3][len % 5];
                let want = peer_xof::<$peer>(&m, n);
                runners::xof::<$ours>(&m, &want)
                    .unwrap_or_else(|e| panic!("len {len}, out {n}: {e}"));
            }
        }
    };
}

diff_xof!(
    shake128_vs_shake,
    lwc_keccak::Shake128,
    shake::Shake128,
    168
);
diff_xof!(
    shake256_vs_shake,
    lwc_keccak::Shake256,
    shake::Shake256,
    136
);
diff_xof!(
    turboshake128_vs_turboshake,
    lwc_keccak::TurboShake128,
    turboshake::TurboShake128,
    168
);
diff_xof!(
    turboshake256_vs_turboshake,
    lwc_keccak::TurboShake256,
    turboshake::TurboShake256,
    136
);
diff_xof!(
    cturboshake128_06_vs_turboshake,
    lwc_keccak::CTurboShake128<0x06>,
    turboshake::CTurboShake128<0x06>,
    168
);
diff_xof!(
    cturboshake256_7f_vs_turboshake,
    lwc_keccak::CTurboShake256<0x7F>,
    turboshake::CTurboShake256<0x7F>,
    136
);

#[test]
fn turboshake_runtime_domain_byte_vs_turboshake() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(77);
    for len in [0usize, 1, 167, 168, 169, 500] {
        let m = random_bytes(&mut r, len);
        let cases: [(u8, Vec<u8>, Vec<u8>); 4] = [
            (
                0x01,
                peer_xof::<turboshake::CTurboShake128<0x01>>(&m, 200),
                peer_xof::<turboshake::CTurboShake256<0x01>>(&m, 200),
            ),
            (
                0x0B,
                peer_xof::<turboshake::CTurboShake128<0x0B>>(&m, 200),
                peer_xof::<turboshake::CTurboShake256<0x0B>>(&m, 200),
            ),
            (
                0x40,
                peer_xof::<turboshake::CTurboShake128<0x40>>(&m, 200),
                peer_xof::<turboshake::CTurboShake256<0x40>>(&m, 200),
            ),
            (
                0x7F,
                peer_xof::<turboshake::CTurboShake128<0x7F>>(&m, 200),
                peer_xof::<turboshake::CTurboShake256<0x7F>>(&m, 200),
            ),
        ];
        for (ds, w128, w256) in cases {
            runners::xof_with(&|| lwc_keccak::TurboShake128::new(ds).unwrap(), &m, &w128).unwrap();
            runners::xof_with(&|| lwc_keccak::TurboShake256::new(ds).unwrap(), &m, &w256).unwrap();
        }
    }
    for bad in [0u8, 0x80, 0xFF] {
        assert!(lwc_keccak::TurboShake128::new(bad).is_err());
        assert!(lwc_keccak::TurboShake256::new(bad).is_err());
    }
}

#[test]
fn cshake_vs_cshake() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(3);
    for len in lengths(168, &mut r) {
        let m = random_bytes(&mut r, len);
        // Name/customization lengths chosen so that the bytepad prefix hits and misses block ends.
        let nl = [0usize, 0, 3, 160, 161, 162][len % 6];
        let sl = [0usize, 5, 0, 1, 130, 300][(len / 6) % 6];
        let (n, s) = (random_bytes(&mut r, nl), random_bytes(&mut r, sl));
        let want = xof_of(cshake::CShake128::new_with_function_name(&n, &s), &m, 100);
        runners::xof_with(
            &|| lwc_keccak::CShake128::new_with_function_name(&n, &s),
            &m,
            &want,
        )
        .unwrap();
        let want = xof_of(cshake::CShake256::new_with_function_name(&n, &s), &m, 300);
        runners::xof_with(
            &|| lwc_keccak::CShake256::new_with_function_name(&n, &s),
            &m,
            &want,
        )
        .unwrap();
        let want = xof_of(cshake::CShake128::new_customized(&s), &m, 32);
        runners::xof_with(&|| lwc_keccak::CShake128::new_customized(&s), &m, &want).unwrap();
    }
    // bytepad alignment: `left_encode(168) || encode_string(N) || encode_string(S)` exactly 168 bytes.
    for (nl, sl) in [(0usize, 162usize), (81, 80), (163, 0), (0, 130)] {
        let (n, s) = (vec![0x41u8; nl], vec![0x42u8; sl]);
        let want = xof_of(
            cshake::CShake128::new_with_function_name(&n, &s),
            b"abc",
            64,
        );
        runners::xof_with(
            &|| lwc_keccak::CShake128::new_with_function_name(&n, &s),
            b"abc",
            &want,
        )
        .unwrap();
        let want = xof_of(
            cshake::CShake256::new_with_function_name(&n, &s),
            b"abc",
            64,
        );
        runners::xof_with(
            &|| lwc_keccak::CShake256::new_with_function_name(&n, &s),
            b"abc",
            &want,
        )
        .unwrap();
    }
}

/// KT message lengths around the 8192-byte chunks (first chunk, one leaf, 4 leaves for the
/// four-state path, 8 for the eight-state one, 8 + 4 + 1, and beyond; 2, 3, 6 and 7 whole
/// leaves, which the eight-state backend runs as one filled-up group of four or eight; 1 to 9,
/// 13 and 15 whole leaves after the first chunk, which runs beside the first one to seven of
/// them when fed in one call).
fn kt_lengths(r: &mut impl Rng) -> Vec<usize> {
    const C: usize = 8192;
    let mut v = vec![
        0,
        1,
        167,
        168,
        169,
        C - 1,
        C,
        C + 1,
        2 * C - 1,
        2 * C,
        2 * C + 1,
        3 * C + 1,
        4 * C,
        5 * C,
        5 * C + 1,
        6 * C - 1,
        6 * C + 3,
        7 * C,
        8 * C + 1,
        9 * C + 7,
        10 * C,
        14 * C + 5,
        16 * C + 1,
    ];
    if !lwc_tests::quick() {
        v.extend([13 * C, 17 * C + 3]);
        for _ in 0..4 {
            v.push(r.random_range(0..20 * C));
        }
    }
    v
}

#[test]
fn kt128_kt256_vs_k12() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(12);
    for len in kt_lengths(&mut r) {
        let m = random_bytes(&mut r, len);
        let want = peer_xof::<k12::Kt128>(&m, 200);
        runners::xof::<lwc_keccak::Kt128>(&m, &want)
            .unwrap_or_else(|e| panic!("KT128 len {len}: {e}"));
        let want = peer_xof::<k12::Kt256>(&m, 200);
        runners::xof::<lwc_keccak::Kt256>(&m, &want)
            .unwrap_or_else(|e| panic!("KT256 len {len}: {e}"));
        let c = random_bytes(&mut r, len % 300);
        let want = xof_of(k12::CustomKt128::new_customized(&c), &m, 64);
        runners::xof_with(&|| lwc_keccak::Kt128::new_customized(&c), &m, &want).unwrap();
        let want = xof_of(k12::CustomKt256::new_customized(&c), &m, 64);
        runners::xof_with(&|| lwc_keccak::Kt256::new_customized(&c), &m, &want).unwrap();
    }
}

// ---- SP 800-185 reference on top of the peer crates --------------------------------------------

fn left_encode(x: u128) -> Vec<u8> {
    let b = x.to_be_bytes();
    let skip = b.iter().take(15).take_while(|&&v| v == 0).count();
    let mut v = vec![(16 - skip) as u8];
    v.extend_from_slice(&b[skip..]);
    v
}

fn right_encode(x: u128) -> Vec<u8> {
    let mut v = left_encode(x);
    let n = v.remove(0);
    v.push(n);
    v
}

fn encode_string(s: &[u8]) -> Vec<u8> {
    let mut v = left_encode(s.len() as u128 * 8);
    v.extend_from_slice(s);
    v
}

fn bytepad(x: &[u8], w: usize) -> Vec<u8> {
    let mut v = left_encode(w as u128);
    v.extend_from_slice(x);
    while v.len() % w != 0 {
        v.push(0);
    }
    v
}

fn ref_cshake(rate: usize, x: &[u8], n_bytes: usize, name: &[u8], s: &[u8]) -> Vec<u8> {
    if rate == 168 {
        xof_of(
            cshake::CShake128::new_with_function_name(name, s),
            x,
            n_bytes,
        )
    } else {
        xof_of(
            cshake::CShake256::new_with_function_name(name, s),
            x,
            n_bytes,
        )
    }
}

fn ref_kmac(rate: usize, key: &[u8], m: &[u8], out: usize, s: &[u8], xof: bool) -> Vec<u8> {
    let mut x = bytepad(&encode_string(key), rate);
    x.extend_from_slice(m);
    x.extend(right_encode(if xof { 0 } else { out as u128 * 8 }));
    ref_cshake(rate, &x, out, b"KMAC", s)
}

fn ref_tuple(rate: usize, items: &[Vec<u8>], out: usize, s: &[u8], xof: bool) -> Vec<u8> {
    let mut x = Vec::new();
    for i in items {
        x.extend(encode_string(i));
    }
    x.extend(right_encode(if xof { 0 } else { out as u128 * 8 }));
    ref_cshake(rate, &x, out, b"TupleHash", s)
}

fn ref_parallel(rate: usize, m: &[u8], b: usize, out: usize, s: &[u8], xof: bool) -> Vec<u8> {
    let mut x = left_encode(b as u128);
    let blocks = m.chunks(b);
    let n = blocks.len();
    for blk in blocks {
        if rate == 168 {
            x.extend(peer_xof::<shake::Shake128>(blk, 32));
        } else {
            x.extend(peer_xof::<shake::Shake256>(blk, 64));
        }
    }
    x.extend(right_encode(n as u128));
    x.extend(right_encode(if xof { 0 } else { out as u128 * 8 }));
    ref_cshake(rate, &x, out, b"ParallelHash", s)
}

#[test]
fn kmac_vs_reference() {
    backend_from_env!(lwc_keccak);
    use digest::{KeyInit, Mac};
    let mut r = rng(185);
    for len in lengths(168, &mut r) {
        let m = random_bytes(&mut r, len);
        let key = random_bytes(&mut r, [0usize, 16, 32, 163, 164, 200][len % 6]);
        let s = random_bytes(&mut r, [0usize, 4, 150][len % 3]);
        // Mac trait (default L), customized constructor, other L, XOF.
        let want = ref_kmac(168, &key, &m, 32, &[], false);
        runners::mac_with_reset(
            &|| lwc_keccak::Kmac128::new_from_slice(&key).unwrap(),
            &m,
            &want,
        )
        .unwrap();
        let want = ref_kmac(136, &key, &m, 64, &s, false);
        runners::mac_with_reset(&|| lwc_keccak::Kmac256::new_customized(&key, &s), &m, &want)
            .unwrap();
        let want = ref_kmac(168, &key, &m, 17, &s, false);
        let mut k = lwc_keccak::Kmac128::new_customized(&key, &s);
        Mac::update(&mut k, &m);
        let mut out = [0u8; 17];
        k.clone().finalize_into_slice(&mut out);
        expect_eq("KMAC128 L=136", &want, &out).unwrap();
        assert!(k.clone().verify_slice_len(&want).is_ok());
        let mut bad = want.clone();
        bad[3] ^= 4;
        assert!(k.verify_slice_len(&bad).is_err());
        let want = ref_kmac(136, &key, &m, 300, &s, true);
        runners::xof_with(&|| lwc_keccak::Kmac256::new_customized(&key, &s), &m, &want).unwrap();
    }
}

#[test]
fn tuple_hash_vs_reference() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(186);
    for count in 0..8usize {
        let items: Vec<Vec<u8>> = (0..count)
            .map(|i| {
                random_bytes(
                    &mut r,
                    [0usize, 1, 135, 136, 167, 168, 400][(i + count) % 7],
                )
            })
            .collect();
        let s = random_bytes(&mut r, count * 20);
        for (rate, out, xof) in [
            (168, 32, false),
            (136, 64, false),
            (168, 200, true),
            (136, 7, false),
        ] {
            let want = ref_tuple(rate, &items, out, &s, xof);
            let mut got = vec![0u8; out];
            if rate == 168 {
                let mut h = lwc_keccak::TupleHash128::new(&s);
                items.iter().for_each(|i| h.update_item(i));
                if xof {
                    h.finalize_xof().read(&mut got)
                } else {
                    h.finalize_into_slice(&mut got)
                }
            } else {
                let mut h = lwc_keccak::TupleHash256::new(&s);
                items.iter().for_each(|i| h.update_item(i));
                if xof {
                    h.finalize_xof().read(&mut got)
                } else {
                    h.finalize_into_slice(&mut got)
                }
            }
            expect_eq(
                &format!("TupleHash rate {rate} items {count} xof {xof}"),
                &want,
                &got,
            )
            .unwrap();
        }
    }
}

#[test]
fn parallel_hash_vs_reference() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(187);
    for (b, len) in [
        (1usize, 0usize),
        (1, 9),
        (8, 24),
        (7, 4 * 7 - 1),
        (7, 4 * 7),
        (7, 4 * 7 + 1),
        (100, 1000),
        (168, 168 * 9 + 5),
        (8192, 5 * 8192 + 1),
        (4096, 3 * 4096),
        // Eight blocks, then four, then one: every path of the multi-state leaf loop.
        (7, 13 * 7 + 3),
        // Two, three, six and seven pieces left over (filled-up groups on the eight-state backend).
        (7, 2 * 7 + 1),
        (7, 3 * 7),
        (7, 14 * 7),
        (7, 15 * 7 + 6),
        (136, 12 * 136),
    ] {
        let m = random_bytes(&mut r, len);
        let s = random_bytes(&mut r, len % 50);
        let want = ref_parallel(168, &m, b, 32, &s, false);
        let mut got = [0u8; 32];
        let mut h = lwc_keccak::ParallelHash128::new(b, &s).unwrap();
        h.update(&m);
        h.clone().finalize_into_slice(&mut got);
        expect_eq(&format!("ParallelHash128 B={b} len={len}"), &want, &got).unwrap();
        let want = ref_parallel(136, &m, b, 100, &s, true);
        runners::xof_with(
            &|| lwc_keccak::ParallelHash256::new(b, &s).unwrap(),
            &m,
            &want,
        )
        .unwrap_or_else(|e| panic!("ParallelHashXOF256 B={b} len={len}: {e}"));
        let mut got = [0u8; 64];
        let mut h = lwc_keccak::ParallelHash256::new(b, &s).unwrap();
        for c in m.chunks(13) {
            h.update(c);
        }
        h.finalize_into_slice(&mut got);
        expect_eq(
            "ParallelHash256 chunked",
            &ref_parallel(136, &m, b, 64, &s, false),
            &got,
        )
        .unwrap();
    }
    assert!(lwc_keccak::ParallelHash128::new(0, b"").is_err());
    assert!(lwc_keccak::ParallelHash256::new(0, b"x").is_err());
}

// ---- batch API ---------------------------------------------------------------------------------

#[test]
fn batch_vs_single() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(4);
    for (count, len) in [
        (0usize, 0usize),
        (1, 5),
        (4, 0),
        (4, 64),
        (4, 136),
        (5, 200),
        (8, 1000),
        (9, 135),
        (13, 77),
        (12, 168),
        (16, 300),
    ] {
        let msgs: Vec<Vec<u8>> = (0..count).map(|_| random_bytes(&mut r, len)).collect();
        let refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        let mut outs = vec![[0u8; 32]; count];
        lwc_keccak::batch::sha3_256(&refs, &mut outs).unwrap();
        for (m, o) in msgs.iter().zip(&outs) {
            assert_eq!(
                o[..],
                sha3::Sha3_256::digest(m)[..],
                "sha3_256 batch len {len}"
            );
        }
        lwc_keccak::batch::keccak256(&refs, &mut outs).unwrap();
        for (m, o) in msgs.iter().zip(&outs) {
            assert_eq!(
                o[..],
                sha3::Keccak256::digest(m)[..],
                "keccak256 batch len {len}"
            );
        }
        for n in [16usize, 168, 400] {
            let mut bufs = vec![vec![0u8; n]; count];
            let mut outs: Vec<&mut [u8]> = bufs.iter_mut().map(Vec::as_mut_slice).collect();
            lwc_keccak::batch::shake128(&refs, &mut outs).unwrap();
            for (m, o) in msgs.iter().zip(&outs) {
                assert_eq!(o[..], peer_xof::<shake::Shake128>(m, n)[..]);
            }
            lwc_keccak::batch::shake256(&refs, &mut outs).unwrap();
            for (m, o) in msgs.iter().zip(&outs) {
                assert_eq!(o[..], peer_xof::<shake::Shake256>(m, n)[..]);
            }
            lwc_keccak::batch::turbo_shake128(&refs, &mut outs, 0x1F).unwrap();
            for (m, o) in msgs.iter().zip(&outs) {
                assert_eq!(o[..], peer_xof::<turboshake::TurboShake128>(m, n)[..]);
            }
            lwc_keccak::batch::turbo_shake256(&refs, &mut outs, 0x1F).unwrap();
            for (m, o) in msgs.iter().zip(&outs) {
                assert_eq!(o[..], peer_xof::<turboshake::TurboShake256>(m, n)[..]);
            }
            assert!(lwc_keccak::batch::turbo_shake128(&refs, &mut outs, 0).is_err());
        }
    }
    // Unequal lengths inside a group of four fall back to one-by-one hashing.
    let msgs = [&b"a"[..], b"bb", b"", b"dddd", b"e"];
    let mut outs = [[0u8; 32]; 5];
    lwc_keccak::batch::sha3_256(&msgs, &mut outs).unwrap();
    for (m, o) in msgs.iter().zip(&outs) {
        assert_eq!(o[..], sha3::Sha3_256::digest(m)[..]);
    }
    let mut short = [[0u8; 32]; 4];
    assert!(lwc_keccak::batch::sha3_256(&msgs, &mut short).is_err());
}

// ---- trait sets, as the sha3 / shake / k12 crates have them -------------------------------------

/// Bounds a user of `sha3::Sha3_256` can rely on.
fn sha3_like<D>(m: &[u8]) -> Vec<u8>
where
    D: Digest
        + Default
        + Clone
        + Reset
        + FixedOutputReset
        + HashMarker
        + BlockSizeUser
        + AlgorithmName
        + SerializableState
        + core::fmt::Debug,
{
    let mut h = D::new();
    Digest::update(&mut h, m);
    let ser = h.serialize();
    let h2 = D::deserialize(&ser).expect("deserialize");
    let a = h.finalize_reset().to_vec();
    assert_eq!(a, h2.finalize().to_vec());
    a
}

/// Bounds a user of `shake::Shake128` / `k12::Kt128` can rely on.
fn xof_like<X>(m: &[u8]) -> Vec<u8>
where
    X: Default
        + Clone
        + Update
        + ExtendableOutput
        + Reset
        + HashMarker
        + core::fmt::Debug
        + digest::CollisionResistance,
    X::Reader: Clone + core::fmt::Debug,
{
    let mut x = X::default();
    x.update(m);
    let mut out = vec![0u8; 40];
    x.finalize_xof().read(&mut out);
    out
}

/// What lwc-keccak adds on top (zeroize feature, reset-finalize on every XOF).
fn ours_extra<X: ExtendableOutputReset + digest::zeroize::ZeroizeOnDrop>() {}

fn zeroize_on_drop<X: digest::zeroize::ZeroizeOnDrop>() {}

#[test]
fn generic_code_against_sha3_bounds() {
    backend_from_env!(lwc_keccak);
    let m = b"generic";
    assert_eq!(
        sha3_like::<lwc_keccak::Sha3_256>(m),
        sha3_like::<sha3::Sha3_256>(m)
    );
    assert_eq!(
        sha3_like::<lwc_keccak::Sha3_512>(m),
        sha3_like::<sha3::Sha3_512>(m)
    );
    assert_eq!(
        sha3_like::<lwc_keccak::Keccak256>(m),
        sha3_like::<sha3::Keccak256>(m)
    );
    assert_eq!(
        xof_like::<lwc_keccak::Shake128>(m),
        xof_like::<shake::Shake128>(m)
    );
    assert_eq!(
        xof_like::<lwc_keccak::Shake256>(m),
        xof_like::<shake::Shake256>(m)
    );
    assert_eq!(
        xof_like::<lwc_keccak::TurboShake128>(m),
        xof_like::<turboshake::TurboShake128>(m)
    );
    assert_eq!(xof_like::<lwc_keccak::Kt128>(m), xof_like::<k12::Kt128>(m));
    assert_eq!(xof_like::<lwc_keccak::Kt256>(m), xof_like::<k12::Kt256>(m));
    assert_eq!(
        xof_like::<lwc_keccak::CShake128>(m),
        xof_like::<shake::Shake128>(m),
        "empty N, S is SHAKE"
    );
    ours_extra::<lwc_keccak::Shake128>();
    ours_extra::<lwc_keccak::CShake256>();
    ours_extra::<lwc_keccak::TurboShake256>();
    ours_extra::<lwc_keccak::CTurboShake128<0x0B>>();
    ours_extra::<lwc_keccak::Kt128>();
    ours_extra::<lwc_keccak::ParallelHash128>();
    zeroize_on_drop::<lwc_keccak::Sha3_256>();
    zeroize_on_drop::<lwc_keccak::Keccak256>();
    zeroize_on_drop::<lwc_keccak::Kmac256>();
    zeroize_on_drop::<lwc_keccak::TupleHash128>();
    zeroize_on_drop::<lwc_keccak::Shake128Reader>();
    // Debug prints no state.
    let mut h = lwc_keccak::Sha3_256::new();
    Digest::update(&mut h, b"secret");
    let d = format!("{h:?}");
    assert!(!d.contains("st") || d.contains(".."), "{d}");
    let k = <lwc_keccak::Kmac128 as digest::KeyInit>::new_from_slice(b"key").unwrap();
    assert_eq!(format!("{k:?}"), "Kmac128 { .. }");
}

#[test]
fn serialized_state_matches_sha3() {
    backend_from_env!(lwc_keccak);
    let mut r = rng(9);
    for len in [0usize, 5, 135, 136, 137, 300] {
        let m = random_bytes(&mut r, len);
        let mut ours = lwc_keccak::Sha3_256::default();
        Digest::update(&mut ours, &m);
        let mut peer = sha3::Sha3_256::default();
        Digest::update(&mut peer, &m);
        assert_eq!(hex(&ours.serialize()), hex(&peer.serialize()), "len {len}");
        let back = sha3::Sha3_256::deserialize(&peer.serialize()).unwrap();
        let ours_back = lwc_keccak::Sha3_256::deserialize(&ours.serialize()).unwrap();
        assert_eq!(back.finalize()[..], ours_back.finalize()[..]);
    }
    let mut bad = lwc_keccak::Sha3_256::default().serialize();
    bad[200] = 136;
    assert!(lwc_keccak::Sha3_256::deserialize(&bad).is_err());
}
