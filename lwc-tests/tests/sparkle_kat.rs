//! SPARKLE family vectors (Esch256/384, XOEsch256/384, Schwaemm128-128/256-128/192-192/256-256).
//!
//! Provenance (see `../shared/kat/sparkle/README.md`):
//! * `esch256.txt`, `esch384.txt`, `schwaemm*.txt`: the official NIST LWC final-round KATs
//!   (`usnistgov/Lightweight-Cryptography-Benchmarking@0aee4ed`, `implementations/sparkle/...v2/LWC_*_KAT_*.txt`).
//! * `xoesch256.txt`, `xoesch384.txt`: `rweather/lwc-finalists@77b23e6` `test/kat/XOEsch*.txt`, reproduced by
//!   `rransom8774/pqcr`.
//! * `*_extra.txt`: generated for the project by the designers' reference C code (Schwaemm) and by pqcr
//!   (XOEsch); they exercise the slim permutation, multi-block phases and long XOF outputs.
//!
//! Every file's inputs are byte-ramp patterns, so each file is covered twice:
//! * self-contained: the whole file text is regenerated from our implementation with `render_lwc` and its
//!   SHA-256 compared with the official file's (literal below);
//! * with `LWC_KAT_DIR`: every entry is run through the generic trait runners (one-shot, every split, random
//!   chunkings, reset, clone, odd-sized XOF reads, every AEAD path and tampering).

#![cfg(feature = "sparkle")]

#[macro_use]
mod common;

use digest::{ExtendableOutput, Update, XofReader};
use lwc_sparkle::{
    Esch256, Esch384, Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256,
    XoEsch256, XoEsch384,
};
use lwc_tests::text::{Value, parse, render_lwc};
use lwc_tests::{Failures, kat, ramp, runners, sha256_hex, unhex};

use aead::{Aead, KeyInit, Payload};

type Encrypt<'a> = &'a dyn Fn(&[u8], &[u8]) -> Vec<u8>;
type HashCheck<'a> = &'a dyn Fn(&[u8], &[u8]) -> Result<(), String>;
type AeadCheck<'a> = &'a dyn Fn(&[u8], &[u8], &[u8], &[u8], &[u8]) -> Result<(), String>;

fn hash_bytes<D: digest::Digest>(msg: &[u8]) -> Vec<u8> {
    D::digest(msg).to_vec()
}

fn xof_bytes<X: ExtendableOutput + Update + Default>(msg: &[u8], n: usize) -> Vec<u8> {
    let mut x = X::default();
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn aead_bytes<A: KeyInit + Aead>(
    key_len: usize,
    nonce_len: usize,
    pt: &[u8],
    ad: &[u8],
) -> Vec<u8> {
    let cipher = A::new_from_slice(&ramp(0, key_len)).expect("key length");
    let nonce = aead::Nonce::<A>::try_from(ramp(0, nonce_len).as_slice()).expect("nonce length");
    cipher
        .encrypt(&nonce, Payload { msg: pt, aad: ad })
        .expect("encrypt")
}

/// The hash-file layout: `Count`, `Msg` (ramp of 0..=1024 bytes), `MD`.
fn render_hash(out: &dyn Fn(&[u8]) -> Vec<u8>) -> String {
    let records: Vec<Vec<(&str, Value)>> = (0..=1024usize)
        .map(|len| {
            let msg = ramp(0, len);
            let md = out(&msg);
            vec![
                ("Count", Value::Num(len + 1)),
                ("Msg", Value::Hex(msg)),
                ("MD", Value::Hex(md)),
            ]
        })
        .collect();
    render_lwc(&records)
}

/// The AEAD-file layout: PT-length-major over `pt_lens` x `ad_lens`, key and nonce ramps.
fn render_aead(
    key_len: usize,
    nonce_len: usize,
    pt_lens: &[usize],
    ad_lens: &[usize],
    enc: Encrypt<'_>,
) -> String {
    let mut records = Vec::new();
    for &p in pt_lens {
        for &a in ad_lens {
            let (pt, ad) = (ramp(0, p), ramp(0, a));
            let ct = enc(&pt, &ad);
            records.push(vec![
                ("Count", Value::Num(records.len() + 1)),
                ("Key", Value::Hex(ramp(0, key_len))),
                ("Nonce", Value::Hex(ramp(0, nonce_len))),
                ("PT", Value::Hex(pt)),
                ("AD", Value::Hex(ad)),
                ("CT", Value::Hex(ct)),
            ]);
        }
    }
    render_lwc(&records)
}

/// The `xoesch*_extra.txt` layout: message-length-major over message lengths x output lengths.
fn render_xof_extra(out: &dyn Fn(&[u8], usize) -> Vec<u8>) -> String {
    let mut records = Vec::new();
    for m in [0usize, 1, 15, 16, 17, 32, 33, 64, 100] {
        for n in [1usize, 15, 16, 17, 33, 64, 100, 160] {
            let msg = ramp(0, m);
            let md = out(&msg, n);
            records.push(vec![
                ("Count", Value::Num(records.len() + 1)),
                ("Msg", Value::Hex(msg)),
                ("MD", Value::Hex(md)),
            ]);
        }
    }
    render_lwc(&records)
}

fn extra_pt_lens(r: usize) -> Vec<usize> {
    vec![
        0,
        1,
        r - 1,
        r,
        r + 1,
        2 * r - 1,
        2 * r,
        2 * r + 1,
        3 * r,
        3 * r + 7,
        100,
        255,
        256,
        257,
        1000,
    ]
}

fn extra_ad_lens(r: usize) -> Vec<usize> {
    vec![0, 1, r - 1, r, r + 1, 2 * r, 2 * r + 1, 77]
}

fn official_lens() -> Vec<usize> {
    (0..=32).collect()
}

// ---------------------------------------------------------------------------------------------------------
// Self-contained: regenerate each whole file and compare SHA-256 with the official file's.

#[test]
fn esch256_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_hash(&hash_bytes::<Esch256>);
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "db8aba0a6291884313c6cde340faecf49f971198205a663e34e99bbef2cad862",
        "esch256.txt"
    );
}

#[test]
fn esch384_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_hash(&hash_bytes::<Esch384>);
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "a3b17d57017a7d1267341dc7e7521fa798f24895aa05b67f25310d35514e6f59",
        "esch384.txt"
    );
}

#[test]
fn xoesch256_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_hash(&|m| xof_bytes::<XoEsch256>(m, 32));
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "8e646a83f2c43fd1f781c9b06feceb68057379a48dd4c9fc0a066ff309d185a9",
        "xoesch256.txt"
    );
}

#[test]
fn xoesch384_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_hash(&|m| xof_bytes::<XoEsch384>(m, 48));
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "3d24d05393c8868669c3ba45a925ff62bef5fce0fdaad61dd81b0a29563472fd",
        "xoesch384.txt"
    );
}

#[test]
fn xoesch256_extra_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_xof_extra(&xof_bytes::<XoEsch256>);
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "cd060b3c879b1f48abaa85b87f3cc13cdf58ad6b6235ab6706c4d80d9de23d18",
        "xoesch256_extra.txt"
    );
}

#[test]
fn xoesch384_extra_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_xof_extra(&xof_bytes::<XoEsch384>);
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "b238dcd2b3202bdbd94557ccda51da613cf81e04c40920f38600cf9409be71ae",
        "xoesch384_extra.txt"
    );
}

#[test]
fn schwaemm128_128_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let l = official_lens();
    let text = render_aead(16, 16, &l, &l, &|p, a| {
        aead_bytes::<Schwaemm128_128>(16, 16, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "22c0e94c9f2652e1fc222fb1fde435269473ba6ff9f9c20b75432f4397167ed2",
        "schwaemm128_128.txt"
    );
}

#[test]
fn schwaemm256_128_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let l = official_lens();
    let text = render_aead(16, 32, &l, &l, &|p, a| {
        aead_bytes::<Schwaemm256_128>(16, 32, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "1bfdd3439c0b89441d77149d28e5c13d54ddd8ca5671a5247d2d2923eae23851",
        "schwaemm256_128.txt"
    );
}

#[test]
fn schwaemm192_192_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let l = official_lens();
    let text = render_aead(24, 24, &l, &l, &|p, a| {
        aead_bytes::<Schwaemm192_192>(24, 24, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "2816e3eb21b76cd8bab355793e1ba9e804381bb7246d7d3acc4f927dbb4364dc",
        "schwaemm192_192.txt"
    );
}

#[test]
fn schwaemm256_256_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let l = official_lens();
    let text = render_aead(32, 32, &l, &l, &|p, a| {
        aead_bytes::<Schwaemm256_256>(32, 32, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "486f23a1fd3d53e0e0eac830531db8b3a1249dedb9db5f4c243420edee11b7d8",
        "schwaemm256_256.txt"
    );
}

#[test]
fn schwaemm128_128_extra_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_aead(16, 16, &extra_pt_lens(16), &extra_ad_lens(16), &|p, a| {
        aead_bytes::<Schwaemm128_128>(16, 16, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "44fb988dbfbe25c6e7819889862bf9be1da59e6a51951b040b8d61dae77f600a",
        "schwaemm128_128_extra.txt"
    );
}

#[test]
fn schwaemm256_128_extra_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_aead(16, 32, &extra_pt_lens(32), &extra_ad_lens(32), &|p, a| {
        aead_bytes::<Schwaemm256_128>(16, 32, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "1bee7c448e66234e6878cc5685f60184d3c03fbae66788de325d6c7f0f550c70",
        "schwaemm256_128_extra.txt"
    );
}

#[test]
fn schwaemm192_192_extra_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_aead(24, 24, &extra_pt_lens(24), &extra_ad_lens(24), &|p, a| {
        aead_bytes::<Schwaemm192_192>(24, 24, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "d67c679aa731e40eb5a8b80a642c3b55ae13c4448f83246611eecc52bd4f178e",
        "schwaemm192_192_extra.txt"
    );
}

#[test]
fn schwaemm256_256_extra_txt_rendered() {
    backend_from_env!(lwc_sparkle);
    let text = render_aead(32, 32, &extra_pt_lens(32), &extra_ad_lens(32), &|p, a| {
        aead_bytes::<Schwaemm256_256>(32, 32, p, a)
    });
    assert_eq!(
        sha256_hex(text.as_bytes()),
        "65020d25c697ddbec5ac6f00f7f86d4d2479bc41396a609ac1d057528c07b808",
        "schwaemm256_256_extra.txt"
    );
}

// ---------------------------------------------------------------------------------------------------------
// Literal spot vectors (copied from the vector files / the notes), through the full trait runners.

#[test]
fn spot_vectors() {
    backend_from_env!(lwc_sparkle);
    let r = |n| ramp(0, n);
    runners::hash::<Esch256>(
        b"",
        &unhex("C0E815D78B875DC768C6C8B3AFA51987CD69E5C087D387368628A511CFAD5730"),
    )
    .unwrap();
    runners::hash::<Esch256>(
        &r(1024),
        &unhex("2EFD300525B3A4FE87933334E2C87AFFEFB65B4F59BD72C2AF3F7A69740D0D15"),
    )
    .unwrap();
    runners::hash::<Esch384>(
        &r(19),
        &unhex("9BDAE620ED161D577E699A759776696D8895DC43E711D53EDFFD8F452BB224C88ABF26DC62A3278BD7731516347E535E"),
    )
    .unwrap();
    runners::hash::<Esch384>(
        &r(69),
        &unhex("9A788A7F3D1AE67B3D6F33EC2CF612E829E4FB9EA845064F3BF3B41B8F5BACEF05AB2FD8A3CAB768B161ADAB6739D33B"),
    )
    .unwrap();
    runners::xof::<XoEsch256>(
        b"",
        &unhex("8605D6B1C60252E9C7D6391AF8B47673EBF23C03FC39BD6CAB3D78023D863BE7"),
    )
    .unwrap();
    runners::xof::<XoEsch256>(&r(15), &unhex("57ACA5B66DD4FFBE7B2631053BDBE0B3AD")).unwrap();
    runners::xof::<XoEsch256>(
        &r(100),
        &unhex("9196077CD6054E0595344F0C9291174BD25DB68E91A752F8B6438BCEB359CD31BFD9029CAC33B6E349F23511861AD726ADB1B92B42417FC16FB16B11B570BEC9"),
    )
    .unwrap();
    runners::xof::<XoEsch384>(
        &r(19),
        &unhex("E6222C519D79B5F1763009C9D65A88AB00D178F2DFAC2376635E74FEED7DB16DE6BD8DC3C35930947E982FA2FFF8C7F1"),
    )
    .unwrap();
    runners::xof::<XoEsch384>(
        &r(100),
        &unhex("91B12E1DA145CAAD68CF2E4507B8100C9F52A6D380903177D34468479D5C3EB6557599FE92F1545F483BD875F6283DFA77DCFFBE0E63D95934476E6843D47124"),
    )
    .unwrap();
    runners::aead::<Schwaemm256_128>(
        &r(16),
        &r(32),
        b"",
        b"",
        &unhex("9E3F9F2E8E26E7D00A9EB92730717A51"),
    )
    .unwrap();
    runners::aead::<Schwaemm256_128>(
        &r(16),
        &r(32),
        &r(64),
        &r(96),
        &unhex("814CCB14EEA813C56B3D3E2698F886E04F2B7DE1AFAAFC84C95FF809D2023E99F1C20F9B6283F3F9B22C47C53701CAD440B3E588DAE179D18D820E94C899C09F677AEEEA832EE32429F09E3292FC9A345692C4E4494A414536B466486063977A4BC7496BD2649711471B3181A6CC5398"),
    )
    .unwrap();
    runners::aead::<Schwaemm128_128>(
        &r(16),
        &r(16),
        b"",
        b"",
        &unhex("DDCE77CDB748E6D053CAB7E9190A8349"),
    )
    .unwrap();
    runners::aead::<Schwaemm128_128>(
        &r(16),
        &r(16),
        &r(16),
        &r(15),
        &unhex("CAD1208F3D3FEC73D1E8825FBDD46C757E5867472D604876A26FB1FEC086CA"),
    )
    .unwrap();
    runners::aead::<Schwaemm192_192>(
        &r(24),
        &r(24),
        &r(3),
        &r(2),
        &unhex("E31B5721541FE36AA5AEFBCB2B60370F50DC47D070E7439F8EC4"),
    )
    .unwrap();
    runners::aead::<Schwaemm192_192>(
        &r(24),
        &r(24),
        &r(48),
        &r(72),
        &unhex("77B3B7B08948702F3015DB66B0195E582F1BEBE54651510BCD4A6C5B60DE344D857FAF867A938BDF730AAE42A55ABF200E647A3A96B749D6F96A0C4C289909F3F444BEDC3C9CA10894940DA37A584C574313AD4C3B86CD7A9300BB471729F652"),
    )
    .unwrap();
    runners::aead::<Schwaemm256_256>(
        &r(32),
        &r(32),
        &r(3),
        &r(2),
        &unhex("9C5BABDE0C8778C4077B65A287D2F1514EA3BFCE1FB1B5F08CE74F798D498ED8B526"),
    )
    .unwrap();
    runners::aead::<Schwaemm256_256>(
        &r(32),
        &r(32),
        &r(64),
        &r(96),
        &unhex("19D112AF539879C16E2D02275FCEF5F39CD449EC0E6A6937B2202BC802AD3B10401E13D4211F536D091ADCD1CA728BBA4553C572398ECC9421161CB5EDFA55E2B7ACEAA8E4EAD481686FA582534F9B1B698986E95C330E0B957251BF758A602FFA0FD259EBC4EF12315920E8BCF3905E5C81CB604A60B0BEB950B382DDB08098"),
    )
    .unwrap();
}

// ---------------------------------------------------------------------------------------------------------
// Full files from LWC_KAT_DIR through the generic trait runners.

fn hash_file(rel: &str, check: HashCheck<'_>, min: usize) {
    let Some(text) = kat::read(rel) else { return };
    let mut f = Failures::new(rel);
    for r in parse(&text) {
        f.check(r.num("Count"), check(&r.hex("Msg"), &r.hex("MD")));
    }
    f.finish(min);
}

fn aead_file(rel: &str, check: AeadCheck<'_>, min: usize) {
    let Some(text) = kat::read(rel) else { return };
    let mut f = Failures::new(rel);
    for r in parse(&text) {
        f.check(
            r.num("Count"),
            check(
                &r.hex("Key"),
                &r.hex("Nonce"),
                &r.hex("AD"),
                &r.hex("PT"),
                &r.hex("CT"),
            ),
        );
    }
    f.finish(min);
}

#[test]
fn esch256_txt() {
    backend_from_env!(lwc_sparkle);
    hash_file("sparkle/esch256.txt", &runners::hash::<Esch256>, 1025);
}

#[test]
fn esch384_txt() {
    backend_from_env!(lwc_sparkle);
    hash_file("sparkle/esch384.txt", &runners::hash::<Esch384>, 1025);
}

#[test]
fn xoesch256_txt() {
    backend_from_env!(lwc_sparkle);
    hash_file("sparkle/xoesch256.txt", &runners::xof::<XoEsch256>, 1025);
}

#[test]
fn xoesch384_txt() {
    backend_from_env!(lwc_sparkle);
    hash_file("sparkle/xoesch384.txt", &runners::xof::<XoEsch384>, 1025);
}

#[test]
fn xoesch256_extra_txt() {
    backend_from_env!(lwc_sparkle);
    hash_file(
        "sparkle/xoesch256_extra.txt",
        &runners::xof::<XoEsch256>,
        72,
    );
}

#[test]
fn xoesch384_extra_txt() {
    backend_from_env!(lwc_sparkle);
    hash_file(
        "sparkle/xoesch384_extra.txt",
        &runners::xof::<XoEsch384>,
        72,
    );
}

#[test]
fn schwaemm128_128_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm128_128.txt",
        &runners::aead::<Schwaemm128_128>,
        1089,
    );
}

#[test]
fn schwaemm256_128_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm256_128.txt",
        &runners::aead::<Schwaemm256_128>,
        1089,
    );
}

#[test]
fn schwaemm192_192_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm192_192.txt",
        &runners::aead::<Schwaemm192_192>,
        1089,
    );
}

#[test]
fn schwaemm256_256_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm256_256.txt",
        &runners::aead::<Schwaemm256_256>,
        1089,
    );
}

#[test]
fn schwaemm128_128_extra_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm128_128_extra.txt",
        &runners::aead::<Schwaemm128_128>,
        120,
    );
}

#[test]
fn schwaemm256_128_extra_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm256_128_extra.txt",
        &runners::aead::<Schwaemm256_128>,
        120,
    );
}

#[test]
fn schwaemm192_192_extra_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm192_192_extra.txt",
        &runners::aead::<Schwaemm192_192>,
        120,
    );
}

#[test]
fn schwaemm256_256_extra_txt() {
    backend_from_env!(lwc_sparkle);
    aead_file(
        "sparkle/schwaemm256_256_extra.txt",
        &runners::aead::<Schwaemm256_256>,
        120,
    );
}

// ---------------------------------------------------------------------------------------------------------
// `SerializableState` of every type that implements it (the hashes and XOFs, buffered and core):
// serialized at every split point, restored, continued, against the official outputs (literals from
// the vector files; with `LWC_KAT_DIR`, also every 61st entry of each hash and XOF file).

fn digest_of<D: digest::Digest>(h: D) -> Vec<u8> {
    h.finalize().to_vec()
}

fn xof_of<X: ExtendableOutput>(x: X, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

/// `serializable_state` on the buffered type `T` (whose state is its core's, `EschCore` or
/// `XoEschCore`, followed by the buffer's, so both serializations are exercised).
fn serializable<T>(finish: &dyn Fn(T) -> Vec<u8>, msg: &[u8], expected: &[u8]) -> Result<(), String>
where
    T: Default + Update + digest::common::hazmat::SerializableState,
{
    runners::serializable_state(&T::default, finish, msg, expected)
}

#[test]
fn serializable_state_spot() {
    backend_from_env!(lwc_sparkle);
    let r = |n| ramp(0, n);
    serializable::<Esch256>(
        &digest_of,
        &r(33),
        &unhex("DCCFEADCDD16AB5859EE571A2A669EDFF5581E2093BA3B979B73A9D73D848B27"),
    )
    .unwrap_or_else(|e| panic!("Esch256: {e}"));
    serializable::<Esch384>(
        &digest_of,
        &r(19),
        &unhex("9BDAE620ED161D577E699A759776696D8895DC43E711D53EDFFD8F452BB224C88ABF26DC62A3278BD7731516347E535E"),
    )
    .unwrap_or_else(|e| panic!("Esch384: {e}"));
    serializable::<XoEsch256>(
        &|x| xof_of(x, 17),
        &r(15),
        &unhex("57ACA5B66DD4FFBE7B2631053BDBE0B3AD"),
    )
    .unwrap_or_else(|e| panic!("XoEsch256: {e}"));
    serializable::<XoEsch384>(
        &|x| xof_of(x, 48),
        &r(19),
        &unhex("E6222C519D79B5F1763009C9D65A88AB00D178F2DFAC2376635E74FEED7DB16DE6BD8DC3C35930947E982FA2FFF8C7F1"),
    )
    .unwrap_or_else(|e| panic!("XoEsch384: {e}"));
}

/// Every 61st entry of a hash or XOF file through `serializable_state`.
fn serializable_file(rel: &str, check: HashCheck<'_>, min: usize) {
    let Some(text) = kat::read(rel) else { return };
    let mut f = Failures::new(rel);
    for r in parse(&text).into_iter().step_by(61) {
        f.check(r.num("Count"), check(&r.hex("Msg"), &r.hex("MD")));
    }
    f.finish(min);
}

#[test]
fn serializable_state_files() {
    backend_from_env!(lwc_sparkle);
    serializable_file(
        "sparkle/esch256.txt",
        &|m, md| serializable::<Esch256>(&digest_of, m, md),
        17,
    );
    serializable_file(
        "sparkle/esch384.txt",
        &|m, md| serializable::<Esch384>(&digest_of, m, md),
        17,
    );
    serializable_file(
        "sparkle/xoesch256.txt",
        &|m, md| serializable::<XoEsch256>(&|x| xof_of(x, md.len()), m, md),
        17,
    );
    serializable_file(
        "sparkle/xoesch384.txt",
        &|m, md| serializable::<XoEsch384>(&|x| xof_of(x, md.len()), m, md),
        17,
    );
    serializable_file(
        "sparkle/xoesch256_extra.txt",
        &|m, md| serializable::<XoEsch256>(&|x| xof_of(x, md.len()), m, md),
        2,
    );
}

// ---------------------------------------------------------------------------------------------------------
// Properties no file covers.

#[test]
fn random_round_trips() {
    backend_from_env!(lwc_sparkle);
    let n = if lwc_tests::quick() { 40 } else { 200 };
    runners::aead_round_trips::<Schwaemm128_128>(1, n).unwrap();
    runners::aead_round_trips::<Schwaemm256_128>(2, n).unwrap();
    runners::aead_round_trips::<Schwaemm192_192>(3, n).unwrap();
    runners::aead_round_trips::<Schwaemm256_256>(4, n).unwrap();
}

#[test]
fn xof_is_not_an_extension_of_the_hash() {
    backend_from_env!(lwc_sparkle);
    use digest::Digest;
    assert_ne!(
        Esch256::digest(b"abc").to_vec(),
        xof_bytes::<XoEsch256>(b"abc", 32)
    );
    assert_ne!(
        Esch384::digest(b"abc").to_vec(),
        xof_bytes::<XoEsch384>(b"abc", 48)
    );
}

#[test]
fn debug_prints_no_state() {
    backend_from_env!(lwc_sparkle);
    let c = Schwaemm256_128::new(&[0x41u8; 16].into());
    let s = format!("{c:?}");
    assert_eq!(s, "Schwaemm256_128 { .. }");
    let mut h = Esch256::default();
    Update::update(&mut h, b"secret");
    assert_eq!(format!("{h:?}"), "Esch256 { ... }");
}
