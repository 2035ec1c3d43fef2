//! The 21 ascon-c LWC KAT files (../shared/kat/ascon, provenance in its README):
//! ascon/ascon-c@446347f (main: `sp800232_*`, `v13_*`), @b7ca60b (v1.3.0: `*_classic`),
//! @b359dc5 (v1.2.8: `v12_*`).
//!
//! Self-contained: every file's inputs are counter patterns, so each file is regenerated in full
//! from our implementation and its SHA-256 compared with the official file's (literal below).
//! With `LWC_KAT_DIR`: each file is parsed and every record goes through the generic trait
//! runners (one-shot, every split, chunkings, reset, clone, odd XOF reads, AEAD tampering, and
//! `SerializableState` for the unkeyed rate-8 hashes and XOFs). Every test runs on the backend
//! `LWC_BACKEND` names (CI runs them once per backend).
#![cfg(feature = "ascon")]

#[macro_use]
mod common;

use aead::{Aead, AeadInOut, KeyInit, Payload};
use digest::common::hazmat::SerializableState;
use digest::{Digest, ExtendableOutput, Mac, Update, XofReader};
use lwc_ascon::{
    AsconAead128, AsconCxof128, AsconHash256, AsconXof128,
    digest::TryCustomizedInit,
    v12::{
        self, Ascon80pq, Ascon128, Ascon128a, AsconHash, AsconHasha, AsconMac, AsconMaca, AsconXof,
        AsconXofa,
    },
    v13,
};
use lwc_tests::{
    Failures, ramp, runners, sha256_hex,
    text::{Value, parse, render_lwc},
};

// ---------- renderers: regenerate a whole file from our implementation ----------

type Rec = Vec<(&'static str, Value)>;

fn check_sha(file: &str, records: &[Rec], expected_sha: &str) {
    let text = render_lwc(records);
    assert_eq!(
        sha256_hex(text.as_bytes()),
        expected_sha,
        "{file}: regenerated text differs from the official file"
    );
}

/// AEAD files: outer loop PT length 0..=32, inner AD length 0..=32.
fn render_aead<A: KeyInit + AeadInOut>(key: &[u8], nonce: &[u8], pt0: u8, ad0: u8) -> Vec<Rec> {
    let cipher = A::new_from_slice(key).unwrap();
    let n = aead::Nonce::<A>::try_from(nonce).unwrap();
    let mut out = Vec::new();
    for p in 0..=32 {
        for a in 0..=32 {
            let (pt, ad) = (ramp(pt0, p), ramp(ad0, a));
            let ct = cipher.encrypt(&n, Payload { msg: &pt, aad: &ad }).unwrap();
            out.push(vec![
                ("Count", Value::Num(out.len() + 1)),
                ("Key", Value::Hex(key.to_vec())),
                ("Nonce", Value::Hex(nonce.to_vec())),
                ("PT", Value::Hex(pt)),
                ("AD", Value::Hex(ad)),
                ("CT", Value::Hex(ct)),
            ]);
        }
    }
    out
}

/// Hash/XOF files: message length 0..=1024 from 00.
fn render_hash(f: impl Fn(&[u8]) -> Vec<u8>) -> Vec<Rec> {
    (0..=1024)
        .map(|len| {
            let m = ramp(0, len);
            let md = f(&m);
            vec![
                ("Count", Value::Num(len + 1)),
                ("Msg", Value::Hex(m)),
                ("MD", Value::Hex(md)),
            ]
        })
        .collect()
}

/// MAC/PRF files: key 00..0F, message length 0..=max_len from `msg0`.
fn render_mac(msg0: u8, max_len: usize, f: impl Fn(&[u8], &[u8]) -> Vec<u8>) -> Vec<Rec> {
    let key = ramp(0, 16);
    (0..=max_len)
        .map(|len| {
            let m = ramp(msg0, len);
            let tag = f(&key, &m);
            vec![
                ("Count", Value::Num(len + 1)),
                ("Key", Value::Hex(key.clone())),
                ("Msg", Value::Hex(m)),
                ("Tag", Value::Hex(tag)),
            ]
        })
        .collect()
}

fn xof_out<X: Default + Update + ExtendableOutput>(m: &[u8], n: usize) -> Vec<u8> {
    let mut x = X::default();
    x.update(m);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn cxof_out(z: &[u8], m: &[u8], n: usize) -> Vec<u8> {
    let mut x = AsconCxof128::try_new_customized(z).unwrap();
    x.update(m);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn mac_out<M: Mac + KeyInit>(k: &[u8], m: &[u8]) -> Vec<u8> {
    let mut mac = <M as KeyInit>::new_from_slice(k).unwrap();
    Mac::update(&mut mac, m);
    mac.finalize().into_bytes().to_vec()
}

fn prf_out<P: KeyInit + Update + ExtendableOutput>(k: &[u8], m: &[u8], n: usize) -> Vec<u8> {
    let mut p = P::new_from_slice(k).unwrap();
    p.update(m);
    let mut out = vec![0u8; n];
    p.finalize_xof().read(&mut out);
    out
}

// ---------- self-contained: render + SHA-256 (one test per file) ----------

#[test]
fn render_sp800232_aead128() {
    backend_from_env!(lwc_ascon);
    let recs = render_aead::<AsconAead128>(&ramp(0, 16), &ramp(0x10, 16), 0x20, 0x30);
    check_sha(
        "sp800232_aead128.txt",
        &recs,
        "bbbc34692fe05e5fda0a3b025585622ab3e3747495e5e3655b29aae8c2a4bd33",
    );
}

#[test]
fn render_sp800232_aead128_classic() {
    backend_from_env!(lwc_ascon);
    let recs = render_aead::<AsconAead128>(&ramp(0, 16), &ramp(0, 16), 0, 0);
    check_sha(
        "sp800232_aead128_classic.txt",
        &recs,
        "6a5b08ddd81c0b4858d39a5572f2f81590b82f4a22fc72c6e67fe505248a6949",
    );
}

#[test]
fn render_sp800232_hash256() {
    backend_from_env!(lwc_ascon);
    let recs = render_hash(|m| AsconHash256::digest(m).to_vec());
    check_sha(
        "sp800232_hash256.txt",
        &recs,
        "b7d6fbc51362f0d62bc7e57b21f3e83242983434a7c92320a4956d915749df17",
    );
}

#[test]
fn render_sp800232_xof128() {
    backend_from_env!(lwc_ascon);
    let recs = render_hash(|m| xof_out::<AsconXof128>(m, 64));
    check_sha(
        "sp800232_xof128.txt",
        &recs,
        "d7f5a23f37fc969896e48246700bc859fa324f2d309164043361376068e30852",
    );
}

#[test]
fn render_sp800232_xof128_classic() {
    backend_from_env!(lwc_ascon);
    let recs = render_hash(|m| xof_out::<AsconXof128>(m, 32));
    check_sha(
        "sp800232_xof128_classic.txt",
        &recs,
        "c043088dd6efef78ef01ba2e00b3a5bc66d77b9258d981b84e71997a5d13d537",
    );
}

#[test]
fn render_sp800232_cxof128() {
    backend_from_env!(lwc_ascon);
    // Outer loop message length 0..=32 (from 00), inner customization length 0..=32 (from 10).
    let mut recs = Vec::new();
    for ml in 0..=32 {
        for zl in 0..=32 {
            let (m, z) = (ramp(0, ml), ramp(0x10, zl));
            let md = cxof_out(&z, &m, 64);
            recs.push(vec![
                ("Count", Value::Num(recs.len() + 1)),
                ("Msg", Value::Hex(m)),
                ("Z", Value::Hex(z)),
                ("MD", Value::Hex(md)),
            ]);
        }
    }
    check_sha(
        "sp800232_cxof128.txt",
        &recs,
        "abcbb0cc851a7f9cfc5ea2bcaf3eba5b2056e37fcb8ce541ceda1d1b960fc9dc",
    );
}

#[test]
fn render_v13_mac_family() {
    backend_from_env!(lwc_ascon);
    let recs = render_mac(0x10, 1024, mac_out::<v13::AsconMac>);
    check_sha(
        "v13_asconmac.txt",
        &recs,
        "18cc27a1b9f647dd6178f9f49cf61ed89760a0fd4abc4bdc2862d55661d64458",
    );
    let recs = render_mac(0x10, 1024, |k, m| prf_out::<v13::AsconPrf>(k, m, 64));
    check_sha(
        "v13_asconprf.txt",
        &recs,
        "354fd797326ca5615a70e573518e9d708f94cf8a0baf2069919180c92506296a",
    );
    let recs = render_mac(0x10, 16, |k, m| {
        let mut t = vec![0u8; 16];
        v13::AsconPrfShort::new_from_slice(k)
            .unwrap()
            .prf(m, &mut t)
            .unwrap();
        t
    });
    check_sha(
        "v13_asconprfshort.txt",
        &recs,
        "1cc3e4796afd17278297fbc34fcfde92b1370354d402074879eaf99a6f4ed019",
    );
}

#[test]
fn render_v12_aeads() {
    backend_from_env!(lwc_ascon);
    let recs = render_aead::<Ascon128>(&ramp(0, 16), &ramp(0, 16), 0, 0);
    check_sha(
        "v12_ascon128.txt",
        &recs,
        "6d616b2ab817f391030ab3ba15dff37fad20433f7a7ac925aadcba550b12e3b0",
    );
    let recs = render_aead::<Ascon128a>(&ramp(0, 16), &ramp(0, 16), 0, 0);
    check_sha(
        "v12_ascon128a.txt",
        &recs,
        "d453a54fd663316a6223734013dcd2d732e2b1dee0c85391cf6f818000322fd9",
    );
    let recs = render_aead::<Ascon80pq>(&ramp(0, 20), &ramp(0, 16), 0, 0);
    check_sha(
        "v12_ascon80pq.txt",
        &recs,
        "f09109d124b4939499f5010718e30e448ced6780a4f66b7cb8c2b544d51a208b",
    );
}

#[test]
fn render_v12_hashes() {
    backend_from_env!(lwc_ascon);
    let recs = render_hash(|m| AsconHash::digest(m).to_vec());
    check_sha(
        "v12_asconhash.txt",
        &recs,
        "d2bcd84caf152a643eb6e7615bd39b7f18a3d2465d5936d1b76aef7a173975ca",
    );
    let recs = render_hash(|m| AsconHasha::digest(m).to_vec());
    check_sha(
        "v12_asconhasha.txt",
        &recs,
        "e6171afe21eb844f552ab95a62ad7659ba5ff7180741e861c7b17d80e8e37ea2",
    );
    let recs = render_hash(|m| xof_out::<AsconXof>(m, 32));
    check_sha(
        "v12_asconxof.txt",
        &recs,
        "017fe60debee986b092ffd43bc5b6deb2075979ccf8d884998f542c0077245cd",
    );
    let recs = render_hash(|m| xof_out::<AsconXofa>(m, 32));
    check_sha(
        "v12_asconxofa.txt",
        &recs,
        "eea976d7a7726feb22f16e71ba9b6139d7f9f929f5d8592dbaf866c90fe2435f",
    );
}

#[test]
fn render_v12_mac_family() {
    backend_from_env!(lwc_ascon);
    let recs = render_mac(0, 1024, mac_out::<AsconMac>);
    check_sha(
        "v12_asconmac.txt",
        &recs,
        "343b5c330b3152c49f06b869578bd3ac20a70d37cb557f11633aa9a4ce93d443",
    );
    let recs = render_mac(0, 1024, mac_out::<AsconMaca>);
    check_sha(
        "v12_asconmaca.txt",
        &recs,
        "f58b6195ad28131db2846489fc43e47041809d1e3e7b7932a894fb14703f0467",
    );
    let recs = render_mac(0, 1024, |k, m| prf_out::<v12::AsconPrf>(k, m, 16));
    check_sha(
        "v12_asconprf.txt",
        &recs,
        "984624c97fd17631bbdcd3adb8177a432f551f6644d59a1f68b76aec96c2f444",
    );
    let recs = render_mac(0, 1024, |k, m| prf_out::<v12::AsconPrfa>(k, m, 16));
    check_sha(
        "v12_asconprfa.txt",
        &recs,
        "e6a5532e631394095ed3c480970d893be36362abbff2432ae525265b96e2d9c2",
    );
    let recs = render_mac(0, 16, |k, m| {
        let mut t = vec![0u8; 16];
        v12::AsconPrfShort::new_from_slice(k)
            .unwrap()
            .prf(m, &mut t)
            .unwrap();
        t
    });
    check_sha(
        "v12_asconprfshort.txt",
        &recs,
        "5b5783679ddd1aca09c3697aa0eeb40624acf1fd55332064c7dde2c5abca5bc4",
    );
}

// ---------- LWC_KAT_DIR: full files through the generic runners ----------

fn run_file(
    file: &str,
    min: usize,
    check: impl Fn(&lwc_tests::text::Record) -> Result<(), String>,
) {
    let Some(text) = lwc_tests::kat::read(&format!("ascon/{file}")) else {
        return;
    };
    let mut f = Failures::new(file);
    for r in parse(&text) {
        f.check(r.field("Count"), check(&r));
    }
    f.finish(min);
}

fn aead_file<A: KeyInit + AeadInOut>(file: &str) {
    run_file(file, 1089, |r| {
        runners::aead::<A>(
            &r.hex("Key"),
            &r.hex("Nonce"),
            &r.hex("AD"),
            &r.hex("PT"),
            &r.hex("CT"),
        )
    });
}

#[test]
fn file_aeads() {
    backend_from_env!(lwc_ascon);
    aead_file::<AsconAead128>("sp800232_aead128.txt");
    aead_file::<AsconAead128>("sp800232_aead128_classic.txt");
    aead_file::<Ascon128>("v12_ascon128.txt");
    aead_file::<Ascon128a>("v12_ascon128a.txt");
    aead_file::<Ascon80pq>("v12_ascon80pq.txt");
}

/// A hash through every runner: the trait paths, then `SerializableState` (the format of the
/// current RustCrypto crate, `ascon-hash256` 0.1 / `ascon-xof128` 0.2) at every split point,
/// resuming to the official digest.
fn hash_record<D: Digest + Default + Update + digest::Reset + Clone + SerializableState>(
    r: &lwc_tests::text::Record,
) -> Result<(), String> {
    let (msg, md) = (r.hex("Msg"), r.hex("MD"));
    runners::hash::<D>(&msg, &md)?;
    runners::serializable_state(&D::default, &|h: D| h.finalize().to_vec(), &msg, &md)
}

/// An XOF through every runner, `SerializableState` included (as [`hash_record`]).
fn xof_record<X>(r: &lwc_tests::text::Record) -> Result<(), String>
where
    X: Default + Update + ExtendableOutput + digest::Reset + Clone + SerializableState,
    X::Reader: Clone,
{
    let (msg, md) = (r.hex("Msg"), r.hex("MD"));
    runners::xof::<X>(&msg, &md)?;
    let n = md.len();
    runners::serializable_state(&X::default, &|x: X| xof_read(x, n), &msg, &md)
}

fn xof_read<X: ExtendableOutput>(x: X, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

#[test]
fn file_hashes() {
    backend_from_env!(lwc_ascon);
    run_file("sp800232_hash256.txt", 1025, hash_record::<AsconHash256>);
    run_file("v12_asconhash.txt", 1025, hash_record::<AsconHash>);
    run_file("v12_asconhasha.txt", 1025, hash_record::<AsconHasha>);
}

#[test]
fn file_xofs() {
    backend_from_env!(lwc_ascon);
    run_file("sp800232_xof128.txt", 1025, xof_record::<AsconXof128>);
    run_file(
        "sp800232_xof128_classic.txt",
        1025,
        xof_record::<AsconXof128>,
    );
    run_file("v12_asconxof.txt", 1025, xof_record::<AsconXof>);
    run_file("v12_asconxofa.txt", 1025, xof_record::<AsconXofa>);
    run_file("sp800232_cxof128.txt", 1089, |r| {
        let z = r.hex("Z");
        runners::xof_with(
            &|| AsconCxof128::try_new_customized(&z).unwrap(),
            &r.hex("Msg"),
            &r.hex("MD"),
        )
    });
}

fn mac_file<M: Mac + KeyInit + Clone + digest::Reset>(file: &str) {
    run_file(file, 1025, |r| {
        let m = <M as KeyInit>::new_from_slice(&r.hex("Key")).unwrap();
        runners::mac_with_reset(&|| m.clone(), &r.hex("Msg"), &r.hex("Tag"))
    });
}

fn prf_file<P: KeyInit + Update + ExtendableOutput + digest::Reset + Clone>(file: &str)
where
    P::Reader: Clone,
{
    run_file(file, 1025, |r| {
        let p = P::new_from_slice(&r.hex("Key")).unwrap();
        runners::xof_with(&|| p.clone(), &r.hex("Msg"), &r.hex("Tag"))
    });
}

fn prfshort_file<const LE: bool>(file: &str) {
    run_file(file, 17, |r| {
        let p = v12::AsconPrfShortGeneric::<LE>::new_from_slice(&r.hex("Key")).unwrap();
        let (m, tag) = (r.hex("Msg"), r.hex("Tag"));
        let mut out = vec![0u8; tag.len()];
        p.prf(&m, &mut out).map_err(|e| format!("prf: {e:?}"))?;
        lwc_tests::expect_eq("Tag", &tag, &out)?;
        p.verify(&m, &tag)
            .map_err(|_| "verify rejected the right tag")?;
        let mut bad = tag.clone();
        bad[15] ^= 1;
        if p.verify(&m, &bad).is_ok() {
            return Err("verify accepted a wrong tag".into());
        }
        Ok(())
    });
}

#[test]
fn file_macs() {
    backend_from_env!(lwc_ascon);
    mac_file::<AsconMac>("v12_asconmac.txt");
    mac_file::<AsconMaca>("v12_asconmaca.txt");
    mac_file::<v13::AsconMac>("v13_asconmac.txt");
    prf_file::<v12::AsconPrf>("v12_asconprf.txt");
    prf_file::<v12::AsconPrfa>("v12_asconprfa.txt");
    prf_file::<v13::AsconPrf>("v13_asconprf.txt");
    prfshort_file::<false>("v12_asconprfshort.txt");
    prfshort_file::<true>("v13_asconprfshort.txt");
}

/// The official files themselves have the SHA-256 the README records (guards the folder).
#[test]
fn file_hashes_of_the_vector_folder() {
    backend_from_env!(lwc_ascon);
    for (file, sha) in [
        (
            "sp800232_aead128.txt",
            "bbbc34692fe05e5fda0a3b025585622ab3e3747495e5e3655b29aae8c2a4bd33",
        ),
        (
            "v12_asconprfshort.txt",
            "5b5783679ddd1aca09c3697aa0eeb40624acf1fd55332064c7dde2c5abca5bc4",
        ),
    ] {
        let Some(bytes) = lwc_tests::kat::read_bytes(&format!("ascon/{file}")) else {
            return;
        };
        assert_eq!(sha256_hex(&bytes), sha, "{file}");
    }
}
