//! Small self-contained checks (also run under Miri, no file I/O): literal vectors per function.
//! The backends are compared with the portable one in `src/hazmat/backends/tests.rs`; the official
//! vector files run in `lwc-tests` (`keccak_kat.rs`, `keccak_vectors.rs`).

use hex_literal::hex;
use lwc_keccak::{
    Digest, ExtendableOutput, Kmac128, Kt128, Kt256, Mac, ParallelHash128, Sha3_256, Shake128,
    TupleHash128, TurboShake128, Update, XofReader, digest::KeyInit, hazmat,
};

fn xof<X: ExtendableOutput + Update>(mut x: X, msg: &[u8], n: usize) -> Vec<u8> {
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

/// Lanes 0 and 24 after applying the permutation once and twice to the zero state
/// (`permutation/keccak_p1600_zero_state.json`: XKCP and RustCrypto keccak).
const F1600_ONCE: (u64, u64) = (0xf1258f7940e1dde7, 0xeaf1ff7b5ceca249);
const F1600_TWICE: (u64, u64) = (0x2d5c954df96ecb3c, 0x20d06cd26a8fbf5c);
const P1600_12_ONCE: (u64, u64) = (0x8e5e5438b9a78617, 0xcffd0d76222ca01c);
const P1600_12_TWICE: (u64, u64) = (0x4b0366dc36bb8c04, 0xec0c2ef25499953c);

fn ends(s: &[u64; 25]) -> (u64, u64) {
    (s[0], s[24])
}

/// Runs `check` on every backend this CPU supports (forced for the whole process: every backend
/// computes the same function, so the other tests running meanwhile are unaffected; the lock keeps
/// two such loops from forcing each other's backend), then goes back to the one chosen at first.
fn on_every_backend(check: impl Fn()) {
    static FORCING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = FORCING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let chosen = hazmat::backend();
    for &b in hazmat::Backend::ALL {
        if hazmat::force_backend(b) {
            check();
        }
    }
    assert!(hazmat::force_backend(chosen));
}

#[test]
fn permutation_zero_state() {
    on_every_backend(permutation_zero_state_checks);
}

fn permutation_zero_state_checks() {
    let mut s = [0u64; 25];
    hazmat::f1600(&mut s);
    assert_eq!(ends(&s), F1600_ONCE);
    assert_eq!(s[1], 0x84d5ccf933c0478a);
    hazmat::f1600(&mut s);
    assert_eq!(ends(&s), F1600_TWICE);
    let mut s = [0u64; 25];
    hazmat::p1600_12(&mut s);
    assert_eq!(ends(&s), P1600_12_ONCE);
    hazmat::p1600_12(&mut s);
    assert_eq!(ends(&s), P1600_12_TWICE);
}

/// The four-state permutations keep the states apart: states 1 and 3 restart from zero between
/// the two calls, so they must end one application behind states 0 and 2.
#[test]
fn four_state_permutations_zero_states() {
    on_every_backend(four_state_checks);
}

fn four_state_checks() {
    type X4 = fn(&mut [[u64; 25]; 4]);
    type Ends = (u64, u64);
    let cases: [(X4, Ends, Ends); 2] = [
        (hazmat::f1600_x4, F1600_ONCE, F1600_TWICE),
        (hazmat::p1600_12_x4, P1600_12_ONCE, P1600_12_TWICE),
    ];
    for (x4, once, twice) in cases {
        let mut four = [[0u64; 25]; 4];
        x4(&mut four);
        assert!(four.iter().all(|s| ends(s) == once));
        four[1] = [0; 25];
        four[3] = [0; 25];
        x4(&mut four);
        let got: Vec<(u64, u64)> = four.iter().map(ends).collect();
        assert_eq!(got, [twice, once, twice, once]);
    }
}

#[test]
fn hashes() {
    assert_eq!(
        Sha3_256::digest(b"")[..],
        hex!("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a")
    );
    assert_eq!(
        lwc_keccak::Keccak256::digest(b"")[..],
        hex!("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
    );
    assert_eq!(
        xof(Shake128::default(), b"", 32),
        hex!("7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26")
    );
}

#[test]
fn turboshake_and_kt() {
    // RFC 9861 test vectors.
    assert_eq!(
        xof(TurboShake128::default(), b"", 32),
        hex!("1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c")
    );
    assert_eq!(
        xof(Kt128::default(), b"", 32),
        hex!("1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5")
    );
    assert_eq!(
        xof(Kt256::default(), b"", 64),
        hex!(
            "b23d2e9cea9f4904e02bec06817fc10ce38ce8e93ef4c89e6537076af8646404"
            "e3e8b68107b8833a5d30490aa33482353fd4adc7148ecb782855003aaebde4a9"
        )
    );
    assert!(TurboShake128::new(0).is_err());
    assert!(TurboShake128::new(0x80).is_err());
    assert!(TurboShake128::new(0x7F).is_ok());
}

#[test]
fn sp800_185() {
    // NIST SP 800-185 samples: KMAC sample 1, TupleHash sample 1, ParallelHash sample 1.
    let key = hex!("404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F");
    let mut m = Kmac128::new_from_slice(&key).unwrap();
    Mac::update(&mut m, &hex!("00010203"));
    assert_eq!(
        m.finalize().into_bytes()[..],
        hex!("E5780B0D3EA6F7D3A429C5706AA43A00FADBD7D49628839E3187243F456EE14E")
    );
    let mut t = TupleHash128::new(b"");
    t.update_item(&hex!("000102"));
    t.update_item(&hex!("101112131415"));
    let mut out = [0u8; 32];
    t.finalize_into_slice(&mut out);
    assert_eq!(
        out,
        hex!("C5D8786C1AFB9B82111AB34B65B2C0048FA64E6D48E263264CE1707D3FFC8ED1")
    );
    let mut p = ParallelHash128::new(8, b"").unwrap();
    Update::update(
        &mut p,
        &hex!("000102030405060710111213141516172021222324252627"),
    );
    let mut out = [0u8; 32];
    p.finalize_into_slice(&mut out);
    assert_eq!(
        out,
        hex!("BA8DC1D1D979331D3F813603C67F72609AB5E44B94A0B8F9AF46514454A2B4F5")
    );
    assert!(ParallelHash128::new(0, b"").is_err());
}

/// With `rayon`, inputs of 1 MiB or more given to one `update` go to threads; the output must
/// equal RustCrypto `k12` and the small-chunk (single-thread) path.
#[cfg(all(feature = "rayon", not(miri)))]
#[test]
fn rayon_paths() {
    use lwc_keccak::ParallelHash256;
    let m: Vec<u8> = (0..3 * 1024 * 1024 + 12345u32)
        .map(|i| (i % 253) as u8)
        .collect();
    for kt128 in [true, false] {
        let n = if kt128 { 32 } else { 64 };
        let want = if kt128 {
            xof(k12::Kt128::default(), &m, n)
        } else {
            xof(k12::Kt256::default(), &m, n)
        };
        let got = if kt128 {
            xof(Kt128::default(), &m, n)
        } else {
            xof(Kt256::default(), &m, n)
        };
        assert_eq!(got, want, "KT with rayon");
    }
    for b in [1000usize, 8192, 65536] {
        let mut big = ParallelHash256::new(b, b"S").unwrap();
        Update::update(&mut big, &m);
        let mut small = ParallelHash256::new(b, b"S").unwrap();
        for c in m.chunks(4096) {
            Update::update(&mut small, c);
        }
        let (mut x, mut y) = ([0u8; 64], [0u8; 64]);
        big.finalize_into_slice(&mut x);
        small.finalize_into_slice(&mut y);
        assert_eq!(x, y, "ParallelHash B={b} with rayon");
    }
}

/// Huge ParallelHash block sizes must not overflow or panic.
#[test]
fn parallel_hash_huge_block_size() {
    for b in [usize::MAX, usize::MAX / 4 + 1, usize::MAX / 3] {
        let mut p = ParallelHash128::new(b, b"").unwrap();
        Update::update(&mut p, &[1u8; 300]);
        let mut out = [0u8; 32];
        p.finalize_into_slice(&mut out);
        assert_ne!(out, [0u8; 32]);
    }
}

/// `AssociatedOid` (feature `oid`, on by default) as RustCrypto `sha3`.
#[cfg(feature = "oid")]
#[test]
fn oids() {
    use lwc_keccak::{Sha3_224, Sha3_384, Sha3_512, digest::const_oid::AssociatedOid};
    assert_eq!(Sha3_224::OID.to_string(), "2.16.840.1.101.3.4.2.7");
    assert_eq!(Sha3_256::OID.to_string(), "2.16.840.1.101.3.4.2.8");
    assert_eq!(Sha3_384::OID.to_string(), "2.16.840.1.101.3.4.2.9");
    assert_eq!(Sha3_512::OID.to_string(), "2.16.840.1.101.3.4.2.10");
}
