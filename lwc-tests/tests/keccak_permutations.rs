//! Keccak-f\[200\], \[400\], \[800\] and Keccak-p with a round count (`lwc_keccak::hazmat::f200` ..
//! `p1600`) against the Keccak team's traces `permutation/KeccakF-{200,400,800,1600}-
//! IntermediateValues.txt` (XKCP), read from `LWC_KAT_DIR` (`keccak/...`; skipped with a note
//! when the variable is unset outside CI, a failure under CI).
//!
//! * The 200, 400 and 800 files are regenerated whole by a step-by-step reference written here
//!   from FIPS 202 (θ, ρ, π, χ, ι on lanes of `w` bits, with the round constants and ρ offsets
//!   computed from their definitions), whose output must equal `hazmat::f200` / `f400` / `f800`;
//!   the text's SHA-256 is compared with the official file's (values from
//!   `../shared/kat/keccak/README.md`, so this runs without the folder) and, with the folder, the
//!   text line by line (the 1600 file is regenerated in `keccak_kat.rs`).
//! * With the folder, every file is parsed: for each example and each round `r`, the state the
//!   file gives after round `r - 1` (the input for `r = 0`), run through Keccak-p\[b, rounds - r\]
//!   (the remaining rounds), must give the file's output, so every round count of `p200` ..
//!   `p1600` is checked against the official values.
//!
//! `LWC_BACKEND=<name>` runs every test on that backend (`p1600` with 24 or 12 rounds runs on it).

#![cfg(feature = "keccak")]

#[macro_use]
mod common;

use std::fmt::Write as _;

use lwc_keccak::hazmat;
use lwc_tests::kat;

/// One of the four permutations, its lanes held in `u64`.
#[derive(Clone, Copy)]
struct Width {
    bits: u32,
    rounds: usize,
}

const WIDTHS: [Width; 4] = [
    Width {
        bits: 8,
        rounds: 18,
    },
    Width {
        bits: 16,
        rounds: 20,
    },
    Width {
        bits: 32,
        rounds: 22,
    },
    Width {
        bits: 64,
        rounds: 24,
    },
];

impl Width {
    fn file(self) -> String {
        format!(
            "permutation/KeccakF-{}-IntermediateValues.txt",
            25 * self.bits
        )
    }

    fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits)
    }

    fn rotl(self, x: u64, n: u32) -> u64 {
        let n = n % self.bits;
        if n == 0 {
            x
        } else {
            ((x << n) | (x >> (self.bits - n))) & self.mask()
        }
    }

    /// Keccak-p\[25 w, `rounds`\] by lwc-keccak (`f*` for the full count, else `p*`).
    fn ours(self, s: [u64; 25], rounds: usize) -> [u64; 25] {
        let full = rounds == self.rounds;
        // `as` keeps the low bits: the lanes are `w`-bit values held in u64.
        match self.bits {
            8 => {
                let mut a: hazmat::State200 = s.map(|l| l as u8);
                if full {
                    hazmat::f200(&mut a)
                } else {
                    hazmat::p200(&mut a, rounds)
                }
                a.map(u64::from)
            }
            16 => {
                let mut a: hazmat::State400 = s.map(|l| l as u16);
                if full {
                    hazmat::f400(&mut a)
                } else {
                    hazmat::p400(&mut a, rounds)
                }
                a.map(u64::from)
            }
            32 => {
                let mut a: hazmat::State800 = s.map(|l| l as u32);
                if full {
                    hazmat::f800(&mut a)
                } else {
                    hazmat::p800(&mut a, rounds)
                }
                a.map(u64::from)
            }
            _ => {
                let mut a = s;
                if full {
                    hazmat::f1600(&mut a)
                } else {
                    hazmat::p1600(&mut a, rounds)
                }
                a
            }
        }
    }

    fn bytes_line(self, s: &[u64; 25]) -> String {
        let n = self.bits as usize / 8;
        s.iter()
            .flat_map(|l| l.to_le_bytes().into_iter().take(n))
            .map(|b| format!("{b:02X} "))
            .collect()
    }

    /// Five rows of five lanes; XKCP ends the rows of the 200 and 400 files with a space.
    fn lanes_block(self, s: &[u64; 25]) -> String {
        let digits = self.bits as usize / 4;
        let mut out = String::new();
        for y in 0..5 {
            for x in 0..5 {
                write!(out, "{:0digits$X}", s[x + 5 * y]).unwrap();
                if x < 4 || self.bits < 32 {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out
    }
}

/// The 24 round constants from their definition (FIPS 202, Algorithm 5: the LFSR
/// `x^8 + x^6 + x^5 + x^4 + 1`; bit `2^j - 1` of RC\[i\] is rc(j + 7 i)).
fn round_constants() -> [u64; 24] {
    let rc = |t: usize| {
        let mut r: u32 = 1;
        for _ in 0..t % 255 {
            r <<= 1;
            if r & 0x100 != 0 {
                r ^= 0x171;
            }
        }
        u64::from(r & 1)
    };
    core::array::from_fn(|i| (0..7).fold(0, |acc, j| acc | rc(j + 7 * i) << ((1 << j) - 1)))
}

/// ρ offsets from their FIPS 202 definition, before the reduction modulo `w`.
fn rho_offsets() -> [u32; 25] {
    let mut r = [0u32; 25];
    let (mut x, mut y) = (1usize, 0usize);
    for t in 0..24u32 {
        r[x + 5 * y] = (t + 1) * (t + 2) / 2;
        (x, y) = (y, (2 * x + 3 * y) % 5);
    }
    r
}

/// One traced example as XKCP writes it, by the step-by-step reference; checked against lwc-keccak.
fn trace_example(w: Width, s: &mut String, input: [u64; 25]) -> [u64; 25] {
    let (rho, rcs) = (rho_offsets(), round_constants());
    writeln!(s, "Input of permutation:\n{}\n", w.bytes_line(&input)).unwrap();
    let block = w.lanes_block(&input);
    write!(s, "Same, with lanes as {}-bit words:\n{block}\n", w.bits).unwrap();
    let mut a = input;
    for r in 0..w.rounds {
        write!(s, "--- Round {r} ---\n\n").unwrap();
        let c: Vec<u64> = (0..5)
            .map(|x| (0..5).fold(0, |acc, y| acc ^ a[x + 5 * y]))
            .collect();
        for i in 0..25 {
            let x = i % 5;
            a[i] ^= c[(x + 4) % 5] ^ w.rotl(c[(x + 1) % 5], 1);
        }
        write!(s, "After theta:\n{}", w.lanes_block(&a)).unwrap();
        for i in 0..25 {
            a[i] = w.rotl(a[i], rho[i]);
        }
        write!(s, "After rho:\n{}", w.lanes_block(&a)).unwrap();
        let mut b = [0u64; 25];
        for i in 0..25 {
            let (x, y) = (i % 5, i / 5);
            b[y + 5 * ((2 * x + 3 * y) % 5)] = a[i];
        }
        a = b;
        write!(s, "After pi:\n{}", w.lanes_block(&a)).unwrap();
        let mut e = [0u64; 25];
        for i in 0..25 {
            let (x, y) = (i % 5, i / 5);
            e[i] = a[i] ^ (!a[(x + 1) % 5 + 5 * y] & a[(x + 2) % 5 + 5 * y] & w.mask());
        }
        a = e;
        write!(s, "After chi:\n{}", w.lanes_block(&a)).unwrap();
        // Keccak-f[25 w] has rounds 0 .. 12 + 2 l: the first constants of the 1600 list, truncated.
        a[0] ^= rcs[r] & w.mask();
        write!(s, "After iota:\n{}", w.lanes_block(&a)).unwrap();
        if r + 1 < w.rounds {
            s.push('\n');
        }
    }
    let ours = w.ours(input, w.rounds);
    assert_eq!(
        ours,
        a,
        "f{} differs from the step-by-step reference",
        25 * w.bits
    );
    writeln!(s, "State after permutation:\n{}\n", w.bytes_line(&ours)).unwrap();
    ours
}

/// The whole trace file of Keccak-f\[25 w\].
fn render_trace(w: Width) -> String {
    let mut s = String::from("+++ The round constants +++\n\n");
    let digits = w.bits as usize / 4;
    for (i, rc) in round_constants().iter().take(w.rounds).enumerate() {
        writeln!(s, "RC[{i:02}][0][0] = {:0digits$X}", rc & w.mask()).unwrap();
    }
    s.push_str("\n+++ The rho offsets +++\n\n");
    let rho = rho_offsets();
    for y in 0..5 {
        for x in 0..5 {
            writeln!(s, "RhoOffset[{x}][{y}] = {:2}", rho[x + 5 * y] % w.bits).unwrap();
        }
    }
    s.push_str("\n+++ Example with the all-zero input +++\n\n");
    let out = trace_example(w, &mut s, [0; 25]);
    s.push_str("+++ Example taking the previous output as input +++\n\n");
    trace_example(w, &mut s, out);
    s
}

#[test]
fn trace_files_200_400_800_regenerated() {
    backend_from_env!(lwc_keccak);
    for (w, sha256) in [
        (
            WIDTHS[0],
            "5420859c01dfd1e0556389537b214a68ac14c68c06012827f796e4158d49acf5",
        ),
        (
            WIDTHS[1],
            "3c36fb72247e0e3b3a2987c5d0622c1e91d72c4ea691a6c96de4a975f4fe983e",
        ),
        (
            WIDTHS[2],
            "d41fe84eec7cdea65346888199b8b8c64385426239d1a3d60d06670d30076d8e",
        ),
    ] {
        kat::check_rendered(&format!("keccak/{}", w.file()), &render_trace(w), sha256);
    }
}

/// One example of a trace file: the input, the state after each round, the output.
struct Example {
    input: [u64; 25],
    after_round: Vec<[u64; 25]>,
    output: [u64; 25],
}

/// 25 lanes from a bytes line (each lane `w / 8` bytes, little-endian).
fn lanes_from_bytes(w: Width, line: &str) -> [u64; 25] {
    let bytes: Vec<u8> = line
        .split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect();
    let n = w.bits as usize / 8;
    assert_eq!(bytes.len(), 25 * n, "bytes line of {} bits", 25 * w.bits);
    core::array::from_fn(|i| (0..n).fold(0, |acc, k| acc | u64::from(bytes[i * n + k]) << (8 * k)))
}

/// The examples of a trace file, read from the text alone.
fn parse_trace(w: Width, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut examples = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] == "Input of permutation:" {
            let input = lanes_from_bytes(w, lines[i + 1]);
            let mut after_round = Vec::new();
            let mut output = None;
            i += 2;
            while i < lines.len() && output.is_none() {
                if lines[i] == "After iota:" {
                    let rows = lines[i + 1..i + 6]
                        .iter()
                        .flat_map(|r| r.split_whitespace());
                    let lanes: Vec<u64> =
                        rows.map(|l| u64::from_str_radix(l, 16).unwrap()).collect();
                    after_round.push(lanes.try_into().unwrap());
                    i += 6;
                } else if lines[i] == "State after permutation:" {
                    output = Some(lanes_from_bytes(w, lines[i + 1]));
                    i += 2;
                } else {
                    i += 1;
                }
            }
            let output = output.expect("an example ends with its output");
            examples.push(Example {
                input,
                after_round,
                output,
            });
        } else {
            i += 1;
        }
    }
    examples
}

#[test]
fn trace_files_every_round_count() {
    backend_from_env!(lwc_keccak);
    for w in WIDTHS {
        let rel = format!("keccak/{}", w.file());
        let text = lwc_tests::read_or_return!(rel);
        let examples = parse_trace(w, &text);
        assert_eq!(examples.len(), 2, "{rel}: examples");
        for (k, ex) in examples.iter().enumerate() {
            assert_eq!(ex.after_round.len(), w.rounds, "{rel} example {k}: rounds");
            assert_eq!(ex.after_round[w.rounds - 1], ex.output, "{rel} example {k}");
            for r in 0..=w.rounds {
                // Rounds r .. rounds are the last rounds - r: Keccak-p[b, rounds - r].
                let start = if r == 0 {
                    ex.input
                } else {
                    ex.after_round[r - 1]
                };
                assert_eq!(
                    w.ours(start, w.rounds - r),
                    ex.output,
                    "{rel} example {k}: Keccak-p with the last {} rounds, from round {r}",
                    w.rounds - r
                );
            }
        }
        // The file's second example starts from the first one's output.
        assert_eq!(
            examples[1].input, examples[0].output,
            "{rel}: chained examples"
        );
    }
}
