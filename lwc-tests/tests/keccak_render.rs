//! Self-contained coverage of the Keccak-family vector files whose inputs are generated patterns:
//! the whole file text is regenerated from lwc-keccak and its SHA-256 compared with the official
//! file's (values from `../shared/kat/keccak/README.md`). When `LWC_KAT_DIR` is set, the text is
//! also compared line by line with the file, to locate a mismatch.
//!
//! Files: `keccak-team/KangarooTwelve.txt` (XKCP), `permutation/KeccakF-1600-IntermediateValues.txt`
//! (XKCP), `permutation/keccak_p1600_zero_state.json`, `rfc9861/rfc9861_turboshake_kt.json`
//! (RFC 9861), and, as ignored heavy tests, `keccak-team/Keccak_ExtremelyLongMsgKAT_*.txt` (1 GiB each).

#![cfg(feature = "keccak")]

use std::fmt::Write as _;

use lwc_keccak::{
    ExtendableOutput, Keccak224, Keccak256, Keccak384, Keccak512, Kt128, Kt256, TurboShake128,
    TurboShake256, Update, XofReader,
    digest::{CustomizedInit, Digest},
    hazmat,
};
use lwc_tests::{hex, kat, sha256_hex, unhex};

/// Compares `ours` with the official SHA-256 and, when available, with the file itself.
fn check_rendered(rel: &str, ours: &str, sha256: &str) {
    if let Some(file) = kat::kat_dir().map(|d| d.join("keccak").join(rel)) {
        let t =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if t != ours {
            let line = t
                .split('\n')
                .zip(ours.split('\n'))
                .position(|(a, b)| a != b);
            panic!(
                "{rel}: rendered text differs from the file; first differing line (0-based): {line:?}"
            );
        }
    }
    assert_eq!(
        sha256_hex(ours.as_bytes()),
        sha256,
        "{rel}: SHA-256 of the rendered text"
    );
}

fn ptn(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 251) as u8).collect()
}

fn xof_out<X: ExtendableOutput + Update>(mut x: X, msg: &[u8], n: usize) -> Vec<u8> {
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn spaced_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x} ")).collect()
}

/// `keccak-team/KangarooTwelve.txt` (14 KT128 answers, the largest input 17^6 bytes).
pub fn render_k12_txt() -> String {
    let mut s = String::new();
    let entry = |s: &mut String, title: &str, m: &[u8], c: &[u8], n: usize, last: Option<usize>| {
        let out = xof_out(Kt128::new_customized(c), m, n);
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
            &ptn(len),
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
            &ptn(41usize.pow(j)),
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
    check_rendered(
        "permutation/KeccakF-1600-IntermediateValues.txt",
        &render_trace(),
        "db0947545a5d91c20b2105aac75fac430deafe0ccaecb660af60044244df30d4",
    );
}

// ---- JSON files (Python `json.dumps(indent=1)` layout) -----------------------------------------

enum J {
    S(String),
    N(u64),
    O(Vec<(&'static str, J)>),
    A(Vec<J>),
}

fn render_json(j: &J, level: usize, out: &mut String) {
    let pad = |n: usize| " ".repeat(n);
    match j {
        J::S(s) => {
            out.push('"');
            out.push_str(&s.replace('\\', "\\\\").replace('"', "\\\""));
            out.push('"');
        }
        J::N(n) => out.push_str(&n.to_string()),
        J::O(items) => {
            out.push_str("{\n");
            for (i, (k, v)) in items.iter().enumerate() {
                out.push_str(&pad(level + 1));
                write!(out, "\"{k}\": ").unwrap();
                render_json(v, level + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(level));
            out.push('}');
        }
        J::A(items) => {
            out.push_str("[\n");
            for (i, v) in items.iter().enumerate() {
                out.push_str(&pad(level + 1));
                render_json(v, level + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(level));
            out.push(']');
        }
    }
}

fn json_text(j: &J) -> String {
    let mut s = String::new();
    render_json(j, 0, &mut s);
    s
}

/// `permutation/keccak_p1600_zero_state.json`.
fn render_zero_state_json() -> String {
    let mut vectors = Vec::new();
    for (name, rounds) in [
        ("Keccak-p[1600,24] (= Keccak-f[1600])", 24u64),
        ("Keccak-p[1600,12]", 12),
    ] {
        let mut s = [0u64; 25];
        for times in 1..=2u64 {
            if rounds == 12 {
                hazmat::p1600_12(&mut s)
            } else {
                hazmat::f1600(&mut s)
            }
            let bytes: Vec<u8> = s.iter().flat_map(|l| l.to_le_bytes()).collect();
            vectors.push(J::O(vec![
                ("permutation", J::S(name.into())),
                ("rounds", J::N(rounds)),
                ("applications_to_zero_state", J::N(times)),
                ("state_bytes", J::S(hex(&bytes))),
                (
                    "state_lanes_u64",
                    J::A(s.iter().map(|l| J::S(format!("{l:016x}"))).collect()),
                ),
            ]));
        }
    }
    json_text(&J::O(vec![
        (
            "description",
            J::S("Keccak-f[1600] and Keccak-p[1600,12] applied once and twice to the all-zero state. state_bytes is the 200-byte state in FIPS 202 byte order (lane i = bytes 8i..8i+7, little-endian); state_lanes_u64 lists lane i = x + 5*y as a 64-bit value. Computed with XKCP (generic64 and AVX2 builds) and RustCrypto keccak 0.2.2; the 24-round values match the example in the keccak crate README and XKCP's KeccakF-1600-IntermediateValues.txt. Keccak-p[1600,12] uses the last 12 round constants (rounds 12..23).".into()),
        ),
        ("vectors", J::A(vectors)),
    ]))
}

#[test]
fn permutation_zero_state_json() {
    check_rendered(
        "permutation/keccak_p1600_zero_state.json",
        &render_zero_state_json(),
        "2c5d544bfd312f0bedbcbb7ae8d0ccf43cb091f1d0704aa085b77cf9d6e3e8fc",
    );
}

#[derive(Clone, Copy)]
enum In {
    Empty,
    Ptn(usize),
    Hex(&'static str),
}

impl In {
    fn bytes(self) -> Vec<u8> {
        match self {
            In::Empty => Vec::new(),
            In::Ptn(n) => ptn(n),
            In::Hex(h) => unhex(h),
        }
    }

    fn json(self) -> J {
        match self {
            In::Empty => J::O(vec![("kind", J::S("empty".into()))]),
            In::Ptn(n) => J::O(vec![("kind", J::S("ptn".into())), ("len", J::N(n as u64))]),
            In::Hex(h) => J::O(vec![("kind", J::S("hex".into())), ("hex", J::S(h.into()))]),
        }
    }
}

/// RFC 9861 vectors (inputs only; the answers are computed): function, message, customization, domain byte, output length, tail length.
/// Function, message, customization, domain byte, output length, tail length.
type RfcRow = (&'static str, In, Option<In>, u8, usize, usize);

const RFC9861: &[RfcRow] = &[
    ("TurboSHAKE128", In::Empty, None, 31, 32, 0),
    ("TurboSHAKE128", In::Empty, None, 31, 64, 0),
    ("TurboSHAKE128", In::Empty, None, 31, 10032, 32),
    ("TurboSHAKE128", In::Ptn(1), None, 31, 32, 0),
    ("TurboSHAKE128", In::Ptn(17), None, 31, 32, 0),
    ("TurboSHAKE128", In::Ptn(289), None, 31, 32, 0),
    ("TurboSHAKE128", In::Ptn(4913), None, 31, 32, 0),
    ("TurboSHAKE128", In::Ptn(83521), None, 31, 32, 0),
    ("TurboSHAKE128", In::Ptn(1419857), None, 31, 32, 0),
    ("TurboSHAKE128", In::Ptn(24137569), None, 31, 32, 0),
    ("TurboSHAKE128", In::Hex("ffffff"), None, 1, 32, 0),
    ("TurboSHAKE128", In::Hex("ff"), None, 6, 32, 0),
    ("TurboSHAKE128", In::Hex("ffffff"), None, 7, 32, 0),
    ("TurboSHAKE128", In::Hex("ffffffffffffff"), None, 11, 32, 0),
    ("TurboSHAKE128", In::Hex("ff"), None, 48, 32, 0),
    ("TurboSHAKE128", In::Hex("ffffff"), None, 127, 32, 0),
    ("TurboSHAKE256", In::Empty, None, 31, 64, 0),
    ("TurboSHAKE256", In::Empty, None, 31, 10032, 32),
    ("TurboSHAKE256", In::Ptn(1), None, 31, 64, 0),
    ("TurboSHAKE256", In::Ptn(17), None, 31, 64, 0),
    ("TurboSHAKE256", In::Ptn(289), None, 31, 64, 0),
    ("TurboSHAKE256", In::Ptn(4913), None, 31, 64, 0),
    ("TurboSHAKE256", In::Ptn(83521), None, 31, 64, 0),
    ("TurboSHAKE256", In::Ptn(1419857), None, 31, 64, 0),
    ("TurboSHAKE256", In::Ptn(24137569), None, 31, 64, 0),
    ("TurboSHAKE256", In::Hex("ffffff"), None, 1, 64, 0),
    ("TurboSHAKE256", In::Hex("ff"), None, 6, 64, 0),
    ("TurboSHAKE256", In::Hex("ffffff"), None, 7, 64, 0),
    ("TurboSHAKE256", In::Hex("ffffffffffffff"), None, 11, 64, 0),
    ("TurboSHAKE256", In::Hex("ff"), None, 48, 64, 0),
    ("TurboSHAKE256", In::Hex("ffffff"), None, 127, 64, 0),
    ("KT128", In::Empty, Some(In::Empty), 0, 64, 0),
    ("KT128", In::Empty, Some(In::Empty), 0, 10032, 32),
    ("KT128", In::Ptn(1), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(17), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(289), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(4913), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(83521), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(1419857), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(24137569), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Empty, Some(In::Ptn(1)), 0, 32, 0),
    ("KT128", In::Hex("ff"), Some(In::Ptn(41)), 0, 32, 0),
    ("KT128", In::Hex("ffffff"), Some(In::Ptn(1681)), 0, 32, 0),
    (
        "KT128",
        In::Hex("ffffffffffffff"),
        Some(In::Ptn(68921)),
        0,
        32,
        0,
    ),
    ("KT128", In::Ptn(8191), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(8192), Some(In::Empty), 0, 32, 0),
    ("KT128", In::Ptn(8192), Some(In::Ptn(8189)), 0, 32, 0),
    ("KT128", In::Ptn(8192), Some(In::Ptn(8190)), 0, 32, 0),
    ("KT256", In::Empty, Some(In::Empty), 0, 128, 0),
    ("KT256", In::Empty, Some(In::Empty), 0, 10064, 64),
    ("KT256", In::Ptn(1), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(17), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(289), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(4913), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(83521), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(1419857), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(24137569), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Empty, Some(In::Ptn(1)), 0, 64, 0),
    ("KT256", In::Hex("ff"), Some(In::Ptn(41)), 0, 64, 0),
    ("KT256", In::Hex("ffffff"), Some(In::Ptn(1681)), 0, 64, 0),
    (
        "KT256",
        In::Hex("ffffffffffffff"),
        Some(In::Ptn(68921)),
        0,
        64,
        0,
    ),
    ("KT256", In::Ptn(8191), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(8192), Some(In::Empty), 0, 64, 0),
    ("KT256", In::Ptn(8192), Some(In::Ptn(8189)), 0, 64, 0),
    ("KT256", In::Ptn(8192), Some(In::Ptn(8190)), 0, 64, 0),
];

/// `rfc9861/rfc9861_turboshake_kt.json`. The 17^6-byte messages are hashed only when `heavy` is set;
/// otherwise their known answers (from RFC 9861) are written in.
fn render_rfc9861_json(heavy: bool) -> String {
    let mut vectors = Vec::new();
    for &(func, msg, custom, ds, n, tail) in RFC9861 {
        // The known answers below are the RFC's, used only when the 17^6-byte message is skipped.
        let big = matches!(msg, In::Ptn(l) if l > 20_000_000);
        let out = if big && !heavy {
            unhex(match func {
                "TurboSHAKE128" => {
                    "35cd494adeded2f25239af09a7b8ef0c4d1ca4fe2d1ac370fa63216fe7b4c2b1"
                }
                "TurboSHAKE256" => {
                    "9e11bc59c24e73993c1484ec66358ef71db74aefd84e123f7800ba9c4853e02cfe701d9e6bb765a304f0dc34a4ee3ba82c410f0da70e86bfbd90ea877c2d6104"
                }
                "KT128" => "3c390782a8a4e89fa6367f72feaaf13255c8d95878481d3cd8ce85f58e880af8",
                "KT256" => {
                    "0652b740d78c5e1f7c8dcc1777097382768b7ff38f9a7a20f29f413bb1b3045b31a5578f568f911e09cf44746da84224a5266e96a4a535e871324e4f9c7004da"
                }
                _ => unreachable!(),
            })
        } else {
            let m = msg.bytes();
            match func {
                "TurboSHAKE128" => xof_out(TurboShake128::new(ds).unwrap(), &m, n),
                "TurboSHAKE256" => xof_out(TurboShake256::new(ds).unwrap(), &m, n),
                "KT128" => xof_out(Kt128::new_customized(&custom.unwrap().bytes()), &m, n),
                "KT256" => xof_out(Kt256::new_customized(&custom.unwrap().bytes()), &m, n),
                _ => unreachable!(),
            }
        };
        let expected = if tail > 0 {
            &out[out.len() - tail..]
        } else {
            &out[..]
        };
        let mut o = vec![("function", J::S(func.into())), ("message", msg.json())];
        match custom {
            Some(c) => o.push(("customization", c.json())),
            None => o.push(("domain_byte", J::N(u64::from(ds)))),
        }
        o.push(("output_len", J::N(n as u64)));
        if tail > 0 {
            o.push(("expected_last_bytes", J::N(tail as u64)));
        }
        o.push(("expected", J::S(hex(expected))));
        vectors.push(J::O(o));
    }
    json_text(&J::O(vec![
        ("description", J::S("TurboSHAKE128/256 and KT128/KT256 test vectors from the test-vector section of the KangarooTwelve/TurboSHAKE specification (RFC 9861). ptn(n) = bytes 0x00..0xFA repeated, truncated to n bytes. When expected_last_bytes is present, 'expected' holds only the last that many bytes of an output of output_len bytes.".into())),
        ("source", J::S("cfrg/draft-irtf-cfrg-kangarootwelve@2724d236c0e1328e583c7eba9dbdaf241c72cea4 draft-irtf-cfrg-kangarootwelve.xml, section 'Test vectors'".into())),
        ("vectors", J::A(vectors)),
    ]))
}

const RFC9861_SHA256: &str = "ec2e4a8265a7cf81e4e74b6d5de94e8edcb00af6a7b78646f24c9216d23bbbfc";

#[test]
fn rfc9861_json() {
    check_rendered(
        "rfc9861/rfc9861_turboshake_kt.json",
        &render_rfc9861_json(false),
        RFC9861_SHA256,
    );
}

#[test]
#[ignore = "heavy: four 24 MB (17^6-byte) messages, a few seconds in release"]
fn rfc9861_json_all_computed() {
    check_rendered(
        "rfc9861/rfc9861_turboshake_kt.json",
        &render_rfc9861_json(true),
        RFC9861_SHA256,
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
