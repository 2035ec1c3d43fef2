//! NIST ACVP samples (usnistgov/ACVP-Server `Ascon-*-SP800-232/internalProjection.json`, via
//! dannyniu/MySuiteA@a53f8b8), Wycheproof (C2SP/wycheproof@dac1dd4, `ascon_sp800_232_aead128_test.json`
//! and the three v1.2 files), with `LWC_KAT_DIR`, on the backend `LWC_BACKEND` names. Literal spot
//! vectors from the same files: `ascon/tests/spot.rs`.
#![cfg(feature = "ascon")]

#[macro_use]
mod common;

use aead::{
    Aead, AeadInOut, KeyInit, Nonce, Payload, Tag,
    consts::{U4, U16},
};
use digest::TryCustomizedInit;
use lwc_ascon::{
    AsconAead128, AsconCxof128, AsconHash256, AsconXof128, MaskedAsconAead128,
    TruncatedAsconAead128,
    v12::{Ascon80pq, Ascon128, Ascon128a},
};
use lwc_tests::{
    Failures, expect_eq,
    json::{array_field, hex_field, parse, str_field, u64_field, wycheproof_tests},
    runners, unhex,
};

/// Encrypts and checks `ct || tag`; decrypts (in place and detached) and checks `pt` or the failure.
fn aead_case<A: KeyInit + AeadInOut>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    pt: &[u8],
    ct: &[u8],
    tag: &[u8],
    valid: bool,
) -> Result<(), String> {
    let c = A::new_from_slice(key).map_err(|_| "key size")?;
    let n = Nonce::<A>::try_from(nonce).map_err(|_| "nonce size")?;
    let mut ct_tag = ct.to_vec();
    ct_tag.extend_from_slice(tag);
    if valid {
        let got = c
            .encrypt(&n, Payload { msg: pt, aad: ad })
            .map_err(|_| "encrypt")?;
        expect_eq("ct||tag", &ct_tag, &got)?;
        let back = c
            .decrypt(
                &n,
                Payload {
                    msg: &ct_tag,
                    aad: ad,
                },
            )
            .map_err(|_| "decrypt rejected a valid case")?;
        expect_eq("pt", pt, &back)
    } else {
        if c.decrypt(
            &n,
            Payload {
                msg: &ct_tag,
                aad: ad,
            },
        )
        .is_ok()
        {
            return Err("decrypt accepted an invalid case".into());
        }
        if let Ok(t) = Tag::<A>::try_from(tag) {
            let mut out = vec![0xEEu8; ct.len()];
            let buf = aead::inout::InOutBuf::new(ct, &mut out).map_err(|_| "inout")?;
            if c.decrypt_inout_detached(&n, ad, buf, &t).is_ok() || out.iter().any(|&b| b != 0) {
                return Err("detached decrypt accepted it or left bytes".into());
            }
        }
        Ok(())
    }
}

// ---------- full files (LWC_KAT_DIR) ----------

fn read_json(rel: &str) -> Option<lwc_tests::json::Value> {
    lwc_tests::kat::read(rel).map(|t| parse(&t))
}

/// Bit lengths must be whole bytes (this registration is byte-oriented).
fn bytes_of(t: &lwc_tests::json::Value, field: &str, len_field: &str) -> Vec<u8> {
    let v = hex_field(t, field);
    let bits = u64_field(t, len_field) as usize;
    assert_eq!(bits % 8, 0, "non-byte length in {t}");
    assert_eq!(v.len(), bits / 8, "{field} length mismatch in {t}");
    v
}

#[test]
fn acvp_aead128() {
    backend_from_env!(lwc_ascon);
    let Some(doc) = read_json("ascon/acvp/Ascon-AEAD128-SP800-232/internalProjection.json") else {
        return;
    };
    let mut f = Failures::new("Ascon-AEAD128 ACVP");
    let (mut fails, mut masked) = (0, 0);
    for g in array_field(&doc, "testGroups") {
        let decrypt = str_field(g, "direction") == "decrypt";
        for t in array_field(g, "tests") {
            let valid = !decrypt
                || t.get("testPassed")
                    .and_then(|v| v.as_bool())
                    .expect("testPassed");
            fails += usize::from(!valid);
            let (key, nonce) = (hex_field(t, "key"), hex_field(t, "nonce"));
            let (ad, pt) = (bytes_of(t, "ad", "adLen"), bytes_of(t, "pt", "payloadLen"));
            let (ct, tag) = (hex_field(t, "ct"), hex_field(t, "tag"));
            let tag_bits = u64_field(t, "tagLen");
            let r = match (t.get("secondKey"), tag_bits) {
                (Some(k2), bits) => {
                    masked += 1;
                    let key = [key.clone(), unhex(k2.as_str().unwrap())].concat();
                    if bits == 32 {
                        aead_case::<MaskedAsconAead128<U4>>(
                            &key, &nonce, &ad, &pt, &ct, &tag, valid,
                        )
                    } else {
                        aead_case::<MaskedAsconAead128<U16>>(
                            &key, &nonce, &ad, &pt, &ct, &tag, valid,
                        )
                    }
                }
                (None, 32) => {
                    aead_case::<TruncatedAsconAead128<U4>>(&key, &nonce, &ad, &pt, &ct, &tag, valid)
                }
                (None, 128) => aead_case::<AsconAead128>(&key, &nonce, &ad, &pt, &ct, &tag, valid),
                (None, b) => Err(format!("tag length {b} not covered")),
            };
            f.check(u64_field(t, "tcId"), r);
        }
    }
    assert_eq!((fails, masked), (60, 120));
    f.finish(240);
}

#[test]
fn acvp_hash_xof_cxof() {
    backend_from_env!(lwc_ascon);
    if let Some(doc) = read_json("ascon/acvp/Ascon-Hash256-SP800-232/internalProjection.json") {
        let mut f = Failures::new("Ascon-Hash256 ACVP");
        for (_, t) in wycheproof_tests(&doc) {
            let msg = bytes_of(t, "msg", "len");
            f.check(
                u64_field(t, "tcId"),
                runners::hash::<AsconHash256>(&msg, &hex_field(t, "md")),
            );
        }
        f.finish(60);
    }
    if let Some(doc) = read_json("ascon/acvp/Ascon-XOF128-SP800-232/internalProjection.json") {
        let mut f = Failures::new("Ascon-XOF128 ACVP");
        for (_, t) in wycheproof_tests(&doc) {
            let msg = bytes_of(t, "msg", "len");
            let md = bytes_of(t, "md", "outLen");
            f.check(u64_field(t, "tcId"), runners::xof::<AsconXof128>(&msg, &md));
        }
        f.finish(60);
    }
    if let Some(doc) = read_json("ascon/acvp/Ascon-CXOF128-SP800-232/internalProjection.json") {
        let mut f = Failures::new("Ascon-CXOF128 ACVP");
        for (_, t) in wycheproof_tests(&doc) {
            let msg = bytes_of(t, "msg", "len");
            let md = bytes_of(t, "md", "outLen");
            let cs = bytes_of(t, "cs", "csLen");
            f.check(
                u64_field(t, "tcId"),
                runners::xof_with(
                    &|| AsconCxof128::try_new_customized(&cs).unwrap(),
                    &msg,
                    &md,
                ),
            );
        }
        f.finish(60);
    }
}

fn wycheproof_file<A: KeyInit + AeadInOut>(file: &str, expect_invalid: usize) {
    let Some(doc) = read_json(&format!("ascon/wycheproof/{file}")) else {
        return;
    };
    let mut f = Failures::new(file);
    let mut invalid = 0;
    for (_, t) in wycheproof_tests(&doc) {
        let valid = match str_field(t, "result") {
            "valid" => true,
            "invalid" => false,
            other => panic!("unexpected result {other}"),
        };
        invalid += usize::from(!valid);
        let (key, iv, aad, msg) = (
            hex_field(t, "key"),
            hex_field(t, "iv"),
            hex_field(t, "aad"),
            hex_field(t, "msg"),
        );
        let (ct, tag) = (hex_field(t, "ct"), hex_field(t, "tag"));
        let mut r = aead_case::<A>(&key, &iv, &aad, &msg, &ct, &tag, valid);
        if valid && r.is_ok() {
            // Valid cases also go through the full runner (all paths, every tampering).
            r = runners::aead::<A>(&key, &iv, &aad, &msg, &[ct, tag].concat());
        }
        f.check(u64_field(t, "tcId"), r);
    }
    assert_eq!(invalid, expect_invalid, "{file}: number of invalid cases");
    f.finish(192);
}

#[test]
fn wycheproof_aead128() {
    backend_from_env!(lwc_ascon);
    wycheproof_file::<AsconAead128>("ascon_sp800_232_aead128_test.json", 124);
}

#[test]
fn wycheproof_v12() {
    backend_from_env!(lwc_ascon);
    wycheproof_file::<Ascon128>("ascon128_test.json", count_invalid("ascon128_test.json"));
    wycheproof_file::<Ascon128a>("ascon128a_test.json", count_invalid("ascon128a_test.json"));
    wycheproof_file::<Ascon80pq>("ascon80pq_test.json", count_invalid("ascon80pq_test.json"));
}

fn count_invalid(file: &str) -> usize {
    read_json(&format!("ascon/wycheproof/{file}"))
        .map(|d| {
            wycheproof_tests(&d)
                .iter()
                .filter(|(_, t)| str_field(t, "result") == "invalid")
                .count()
        })
        .unwrap_or(0)
}
