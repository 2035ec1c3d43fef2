//! NIST ACVP samples (usnistgov/ACVP-Server `Ascon-*-SP800-232/internalProjection.json`, via
//! dannyniu/MySuiteA@a53f8b8), Wycheproof (C2SP/wycheproof@dac1dd4, `ascon_sp800_232_aead128_test.json`
//! and the three v1.2 files), with `LWC_KAT_DIR`; literal spot vectors from the same files always.
#![cfg(feature = "ascon")]

use aead::{
    Aead, AeadInOut, KeyInit, Nonce, Payload, Tag,
    consts::{U4, U16},
};
use digest::{Digest, ExtendableOutput, TryCustomizedInit, Update, XofReader};
use hex_literal::hex;
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

// ---------- spot vectors (literal; always run) ----------

#[test]
fn spot_acvp_aead128() {
    // tcId 77: no masking, 128-bit tag, empty PT.
    aead_case::<AsconAead128>(
        &hex!("F3B7BE4BDDD625D5AB4E647EEC51354F"),
        &hex!("DEE22EDAEF5188E777ECEB84ABF11711"),
        &hex!("51"),
        &[],
        &[],
        &hex!("DE741C08B24D1461B9B72224A8FCDF1E"),
        true,
    )
    .unwrap();
    // tcId 70: 32-bit tag.
    aead_case::<TruncatedAsconAead128<U4>>(
        &hex!("10F2406BA1F7718AD5D120D5D274E93A"),
        &hex!("7A469547A017DFEE0EBF2EBA21F833DC"),
        &hex!("7F"),
        &hex!("F8"),
        &hex!("AD"),
        &hex!("E62387A6"),
        true,
    )
    .unwrap();
    // tcId 7: nonce masking, 32-bit tag.
    let key = [
        hex!("6ED002A4637BBF17A0E3FB62B6183B54"),
        hex!("D1FC5861178EB3BC15540169ED9179EA"),
    ]
    .concat();
    aead_case::<MaskedAsconAead128<U4>>(
        &key,
        &hex!("370228A03F4CCA1681F9D1DCCE9AC2DC"),
        &[],
        &hex!("4D"),
        &hex!("71"),
        &hex!("0055C270"),
        true,
    )
    .unwrap();
    // tcId 165: masking, 128-bit tag, decrypt passes.
    let key = [
        hex!("9BEA78BE548FA4FFD507626E618C5CCF"),
        hex!("41F22BDC2115A03BD74F47F9302D07C2"),
    ]
    .concat();
    aead_case::<MaskedAsconAead128>(
        &key,
        &hex!("4BC5883FE5B6A872916A36D21A53FB3D"),
        &hex!("E2"),
        &[],
        &[],
        &hex!("5EF4327A81E7553E15BEE6653A4D824D"),
        true,
    )
    .unwrap();
    // tcId 159: masking, 32-bit tag, decrypt must fail.
    let key = [
        hex!("AC11D05CF17DAD69F2C8819FA05AB286"),
        hex!("C374D8C3919D32E823B553FC5B6B8D1D"),
    ]
    .concat();
    aead_case::<MaskedAsconAead128<U4>>(
        &key,
        &hex!("23653B36EA7788FC44CFA820271710F7"),
        &[],
        &[],
        &[],
        &hex!("6324DA63"),
        false,
    )
    .unwrap();
    // tcId 208: no masking, 128-bit tag, decrypt must fail.
    aead_case::<AsconAead128>(
        &hex!("2C7CAC2664252D4823C73C52C72188BE"),
        &hex!("AAA1FBA3FCA821AE8AAC89BDF157C0E7"),
        &hex!("26"),
        &hex!("F2"),
        &hex!("46"),
        &hex!("D7E1DF2D82F2D65D40E1ABC0574380BE"),
        false,
    )
    .unwrap();
}

#[test]
fn spot_acvp_hash_xof_cxof() {
    assert_eq!(
        AsconHash256::digest([]).as_slice(),
        hex!("0B3BE5850F2F6B98CAF29F8FDEA89B64A1FA70AA249B8F839BD53BAA304D92B2")
    );
    let mut out = [0u8; 1];
    let mut x = AsconXof128::default();
    x.update(&hex!("2550"));
    x.finalize_xof().read(&mut out);
    assert_eq!(out, hex!("F2"), "XOF128 tcId 12");
    let mut x = AsconCxof128::try_new_customized(&hex!("7CB03167")).unwrap();
    x.update(&[]);
    x.finalize_xof().read(&mut out);
    assert_eq!(out, hex!("6C"), "CXOF128 tcId 19");
    // itzmeanjan/ascon issue 27 (bit-length prefix): Z = "ASCON", M = 10..19, 30 bytes.
    let mut x = AsconCxof128::try_new_customized(b"ASCON").unwrap();
    x.update(&hex!("10111213141516171819"));
    let mut out = [0u8; 30];
    x.finalize_xof().read(&mut out);
    assert_eq!(
        out,
        hex!("a0a7c58fdc38094a01289022634df9ef5a20c39a6a3478c096913ebef59c")
    );
    // The customization limit: 256 bytes accepted, 257 rejected.
    assert!(AsconCxof128::try_new_customized(&[0u8; 256]).is_ok());
    assert!(AsconCxof128::try_new_customized(&[0u8; 257]).is_err());
}

#[test]
fn spot_wycheproof() {
    // ascon_sp800_232_aead128_test.json tcId 2 (valid), 100 and 140 (invalid), 200 (rate boundary).
    aead_case::<AsconAead128>(
        &hex!("88a23c09219322ec9507cc1ca1c9e341"),
        &hex!("c4fefe4d00621bdf3931c0b850e294d6"),
        &[],
        &[],
        &[],
        &hex!("57243551b947d0ec33e0c8eed1f797fa"),
        true,
    )
    .unwrap();
    let (k, n) = (
        hex!("000102030405060708090a0b0c0d0e0f"),
        hex!("505152535455565758595a5b5c5d5e5f"),
    );
    aead_case::<AsconAead128>(
        &k,
        &n,
        &[],
        &[],
        &[],
        &hex!("56f139b14228e8002538a2cb07e60cea"),
        false,
    )
    .unwrap();
    aead_case::<AsconAead128>(
        &k,
        &n,
        &[],
        &hex!("000102030405060708090a0b0c0d0e"),
        &hex!("2c1d5c34da2277e56503aed9d10583"),
        &hex!("ffffffffffffffffffffffffffffffff"),
        false,
    )
    .unwrap();
    aead_case::<AsconAead128>(
        &k,
        &hex!("101112131415161718191a1b1c1d1e1f"),
        &[],
        &hex!("80"),
        &hex!("48"),
        &hex!("18a6991b7ad11b78133da3683c1eab3e"),
        true,
    )
    .unwrap();
    // v1.2 files, tcId 6 each.
    let (k, n, m) = (
        hex!("dd69b91f5203cc747adba6774b7944d9"),
        hex!("8238b76f8089afe3d189126f3a92c16f"),
        hex!("8b72d6cc5f"),
    );
    aead_case::<Ascon128>(
        &k,
        &n,
        &[],
        &m,
        &hex!("3a806336f9"),
        &hex!("0146a2a13f89dbb1c3e218dad4f829e4"),
        true,
    )
    .unwrap();
    aead_case::<Ascon128a>(
        &k,
        &n,
        &[],
        &m,
        &hex!("70a1c4c4c2"),
        &hex!("d64b015f1a32cc7d630ecb63c1ed91a6"),
        true,
    )
    .unwrap();
    aead_case::<Ascon80pq>(
        &hex!("ed68af72c9c42a4a959c19e9d8188d1c334df537"),
        &hex!("3fa0eaf5c2adc08da4e84a20ddb72437"),
        &[],
        &hex!("150cb5509f"),
        &hex!("d8418513fd"),
        &hex!("359dbb3f1b251cea21633047084a4941"),
        true,
    )
    .unwrap();
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
    wycheproof_file::<AsconAead128>("ascon_sp800_232_aead128_test.json", 124);
}

#[test]
fn wycheproof_v12() {
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
