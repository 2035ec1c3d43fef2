//! Time on wasm32 (the `report --wasm` section, issue 23): the `benches/wasm` program
//! (`wasm32-wasip1`, release, fat LTO; ours and RustCrypto's crates in one binary) built without
//! and with `-C target-feature=+simd128` and run under Node's WASI (`.ci/wasi.mjs`, V8's
//! optimising tier only: `--no-liftoff`). The program checks every output against the other side
//! and known-answer literals before timing, and exits non-zero on a mismatch (the report then
//! stops without writing). Each row times two sides, batches alternating, the minimum per side.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The target the program is built for.
pub const TARGET: &str = "wasm32-wasip1";

/// Batches of each side per row (the program's argument).
pub const ROUNDS: u32 = 21;

/// The builds: column title, target folder (`<target>/wasm-<name>`), `RUSTFLAGS`.
pub const BUILDS: &[(&str, &str, &str)] = &[
    ("no simd128", "plain", ""),
    ("simd128", "simd128", "-C target-feature=+simd128"),
];

/// One row of the program's output: its id, the label, the message length, the names of side a
/// and side b, and the target for the ratio a/b (speed) in the simd128 build.
pub struct RowSpec {
    /// The id the program prints.
    pub id: &'static str,
    /// The function, as the table shows it.
    pub label: &'static str,
    /// Message length in bytes.
    pub len: u64,
    /// Side a (ours).
    pub a: &'static str,
    /// Side b (the peer, or our portable backend), if the row has one.
    pub b: Option<&'static str>,
    /// The issue-23 target for speed a / speed b with simd128, if there is one.
    pub target: Option<f64>,
}

/// The rows, in the program's order.
pub const ROWS: &[RowSpec] = &[
    RowSpec {
        id: "sha3_256",
        label: "SHA3-256",
        len: 16 << 10,
        a: "ours",
        b: Some("`sha3` 0.12.0"),
        target: Some(1.2),
    },
    RowSpec {
        id: "kt128",
        label: "KT128",
        len: 1 << 20,
        a: "ours",
        b: Some("`k12` 0.5.1"),
        target: Some(1.5),
    },
    RowSpec {
        id: "shake128",
        label: "SHAKE128 (32-byte output)",
        len: 1 << 20,
        a: "ours",
        b: Some("`shake` 0.1.0"),
        target: None,
    },
    RowSpec {
        id: "aead128",
        label: "Ascon-AEAD128 encrypt",
        len: 4096,
        a: "ours",
        b: Some("`ascon-aead` 0.6.0"),
        target: None,
    },
    RowSpec {
        id: "hash256",
        label: "Ascon-Hash256",
        len: 4096,
        a: "ours",
        b: Some("`ascon-hash` 0.4.0"),
        target: None,
    },
    RowSpec {
        id: "esch256",
        label: "Esch256",
        len: 4096,
        a: "ours `wasm_simd128`",
        b: Some("ours `portable`"),
        target: Some(1.5),
    },
    RowSpec {
        id: "schwaemm256_128",
        label: "Schwaemm256-128 encrypt",
        len: 4096,
        a: "ours `wasm_simd128`",
        b: Some("ours `portable`"),
        target: Some(1.5),
    },
    RowSpec {
        id: "lemac",
        label: "LeMac",
        len: 4096,
        a: "ours",
        b: None,
        target: None,
    },
];

/// The marks of the section in `REPORT.md`.
pub const START: &str = "<!-- wasm32:start -->";
/// The end mark of the section.
pub const END: &str = "<!-- wasm32:end -->";

/// What one run of the program printed: the backends line and, per row id, the nanoseconds per
/// byte of side a and side b (`None`: not in this build).
#[derive(Debug, Default, Clone)]
pub struct RunResult {
    /// The program's `backends ...` line, without the word.
    pub backends: String,
    /// `(id, side a, side b)` in ns/B.
    pub rows: Vec<(String, Option<f64>, Option<f64>)>,
}

/// Parses the program's standard output.
#[must_use]
pub fn parse(stdout: &str) -> RunResult {
    let mut r = RunResult::default();
    for line in stdout.lines() {
        if let Some(b) = line.strip_prefix("backends ") {
            r.backends = b.to_string();
        } else if let Some(row) = line.strip_prefix("row ") {
            let f: Vec<&str> = row.split_whitespace().collect();
            if let [id, a, b] = f[..] {
                r.rows
                    .push((id.to_string(), a.parse().ok(), b.parse().ok()));
            }
        }
    }
    r
}

/// Builds the program with `rustflags` into `<target>/wasm-<name>`; returns the module's path.
///
/// # Panics
/// If the build fails.
#[must_use]
pub fn build(root: &Path, target: &Path, name: &str, rustflags: &str) -> PathBuf {
    let dir = target.join(format!("wasm-{name}"));
    crate::build_own_workspace(root, &dir, "wasm", TARGET, rustflags, "wasmtiming.wasm")
}

/// Runs the module under Node's WASI and parses its output.
///
/// # Panics
/// If node cannot start or the program fails (a wrong output exits non-zero).
#[must_use]
pub fn run(root: &Path, module: &Path) -> RunResult {
    let out = Command::new("node")
        .current_dir(root)
        .args(["--no-liftoff", "--no-warnings"])
        .arg(root.join(".ci").join("wasi.mjs"))
        .arg(module)
        .arg(ROUNDS.to_string())
        .output()
        .expect("cannot run node");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "{} failed under node ({}): a wrong output or a trap",
        module.display(),
        out.status
    );
    parse(&String::from_utf8_lossy(&out.stdout))
}

/// MB/s (10^6 bytes per second) from ns/B.
fn mbps(ns_per_byte: f64) -> f64 {
    1e3 / ns_per_byte
}

/// The section from one run per build (`runs[i]` of [`BUILDS`]`[i]`); `node` is Node's version.
#[must_use]
pub fn section(runs: &[RunResult], node: &str) -> String {
    let mut s = String::from("## wasm32 time (Node WASI)\n\n");
    let _ = write!(
        s,
        "Time, not instructions: the program `benches/wasm` (`wasm32-wasip1`, release with fat \
         LTO; our crates and RustCrypto's, the workspace's `Cargo.lock` versions, in one binary) \
         built twice, without and with `RUSTFLAGS='-C target-feature=+simd128'`, each run once \
         under Node {node}'s WASI (`node --no-liftoff --no-warnings .ci/wasi.mjs`: V8's \
         optimising tier only). Each row times two sides over the same message (ours against the \
         peer; Sparkle: our `wasm_simd128` backend against our `portable` one, forced with \
         `force_backend` in the same binary), batches of about 25 ms of the process's CPU time \
         alternating, {ROUNDS} of each side, the minimum per side. Before timing, every output is \
         compared with the other side's and with literals computed outside this project \
         (SHA3-256(\"abc\"), the NIST LWC KATs of Esch256 and Schwaemm256-128 on every Sparkle \
         backend, the LeMac reference KAT of the timed 4096-byte message); a mismatch stops the \
         report. MB/s = 10^6 bytes per second; a/b is side a's speed over side b's; the targets \
         (issue 23) are judged on the simd128 build. Written by \
         `cargo run -p benches --bin report --release -- --wasm`.\n\n"
    );
    for ((title, ..), run) in BUILDS.iter().zip(runs) {
        let _ = writeln!(s, "Backends, {title}: {}.", run.backends);
    }
    s.push_str("\n| function | size | side a / side b |");
    for (title, ..) in BUILDS {
        let _ = write!(s, " {title}: a | b | a/b |");
    }
    s.push_str(" target (a/b, simd128) |\n|---|---:|---|");
    for _ in BUILDS {
        s.push_str("---:|---:|---:|");
    }
    s.push_str("---|\n");
    let rate = |v: Option<f64>| v.map_or_else(|| "–".to_string(), |v| format!("{:.0}", mbps(v)));
    for spec in ROWS {
        let _ = write!(
            s,
            "| {} | {} | {} / {} |",
            spec.label,
            crate::report::format_size(spec.len),
            spec.a,
            spec.b.unwrap_or("–")
        );
        let mut last_ratio = None;
        for run in runs {
            let row = run.rows.iter().find(|r| r.0 == spec.id);
            let (a, b) = row.map_or((None, None), |r| (r.1, r.2));
            let ratio = a.zip(b).map(|(a, b)| b / a);
            last_ratio = ratio;
            let _ = write!(
                s,
                " {} | {} | {} |",
                rate(a),
                rate(b),
                ratio.map_or_else(|| "–".to_string(), |r| format!("{r:.2}x"))
            );
        }
        let verdict = match (spec.target, last_ratio) {
            (Some(t), Some(r)) if r >= t => format!(">= {t}x: **met** ({r:.2}x)"),
            (Some(t), Some(r)) => format!(">= {t}x: **missed** ({r:.2}x)"),
            (Some(t), None) => format!(">= {t}x: no figure"),
            (None, _) => "–".to_string(),
        };
        let _ = writeln!(s, " {verdict} |");
    }
    s
}

/// Builds the program both ways, runs each under Node and returns the [`section`].
///
/// # Panics
/// If a build or a run fails.
#[must_use]
pub fn measure(root: &Path, target: &Path) -> String {
    let modules: Vec<PathBuf> = BUILDS
        .iter()
        .map(|(_, name, flags)| build(root, target, name, flags))
        .collect();
    let runs: Vec<RunResult> = modules
        .iter()
        .zip(BUILDS)
        .map(|(m, (title, ..))| {
            let r = run(root, m);
            eprintln!("report: wasm32 {title}: {r:?}");
            r
        })
        .collect();
    let node = Command::new("node")
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    section(&runs, &node)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_reads_rows_and_absent_sides() {
        let r = parse("backends keccak portable\nrow kt128 2.0 4.0\nrow esch256 - 10.0\nnoise\n");
        assert_eq!(r.backends, "keccak portable");
        assert_eq!(r.rows.len(), 2);
        assert_eq!(r.rows[0], ("kt128".to_string(), Some(2.0), Some(4.0)));
        assert_eq!(r.rows[1], ("esch256".to_string(), None, Some(10.0)));
    }

    #[test]
    fn section_judges_the_simd128_build() {
        let plain = parse("backends p\nrow kt128 4.0 5.0\nrow esch256 - 10.0\nrow lemac 8.0 -\n");
        let simd = parse("backends s\nrow kt128 2.0 5.0\nrow esch256 8.0 10.0\nrow lemac 8.0 -\n");
        let s = section(&[plain, simd], "v0");
        // KT128: 250 / 200 MB/s (1.25x) without simd128, 500 / 200 (2.50x) with: met.
        assert!(
            s.contains("| KT128 | 1 MiB | ours / `k12` 0.5.1 | 250 | 200 | 1.25x | 500 | 200 | 2.50x | >= 1.5x: **met** (2.50x) |"),
            "{s}"
        );
        // Esch256: no simd backend without simd128; 125 / 100 (1.25x) with: missed.
        assert!(
            s.contains("| – | 100 | – | 125 | 100 | 1.25x | >= 1.5x: **missed** (1.25x) |"),
            "{s}"
        );
        assert!(
            s.contains("| LeMac | 4 KiB | ours / – | 125 | – | – | 125 | – | – | – |"),
            "{s}"
        );
        // A row the runs lack shows no figure.
        assert!(s.contains(">= 1.2x: no figure"), "{s}");
    }
}
