//! Best build against best build (the `report --native` section, issue 20): the `anchors` timing
//! program (`src/bin/anchors.rs`, feature `anchors`: ours, RustCrypto's crates, `keccak-asm`,
//! XKCP through `xkcp-rs` and `tiny-keccak` in one binary) built twice in target folders of its
//! own, once by default and once with `RUSTFLAGS='-C target-cpu=native'` and
//! `CFLAGS='-march=native'` (the anchors' C and assembly choose their code at build time from
//! these), each run [`PASSES`] times, the builds alternating, the minimum per side. The section
//! shows our time over each peer's per workload and build (below 1: ours is faster), and judges
//! the default build against "ours ≤ 1.0 × every peer's default build".

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The marks of the section in `REPORT.md`.
pub const START: &str = "<!-- native:start -->";
/// The end mark of the section.
pub const END: &str = "<!-- native:end -->";

/// Runs of each build; the builds alternate (default, native, default, ...).
pub const PASSES: usize = 2;

/// Batches of each side per workload and run (the program's argument).
pub const ROUNDS: u32 = 31;

/// The builds: title, target folder (under the target folder), `RUSTFLAGS`, `CFLAGS`.
pub const BUILDS: &[(&str, &str, &str, &str)] = &[
    ("default build", "anchors-default", "", ""),
    (
        "native build",
        "anchors-native",
        "-C target-cpu=native",
        "-march=native",
    ),
];

/// The peers, as the program names them and as the tables title them.
pub const PEERS: &[(&str, &str)] = &[
    ("rustcrypto", "RustCrypto (`sha3` / `shake` / `k12`)"),
    ("keccak-asm", "`keccak-asm` 0.1.9"),
    ("xkcp", "XKCP (`xkcp-rs` 0.0.5)"),
    ("tiny-keccak", "`tiny-keccak` 2.0.2"),
];

/// The workloads, in the program's order: id, function, message length in bytes.
pub const WORKLOADS: &[(&str, &str, u64)] = &[
    ("sha3_256_32", "SHA3-256", 32),
    ("sha3_256_1k", "SHA3-256", 1 << 10),
    ("sha3_256_16k", "SHA3-256", 16 << 10),
    ("sha3_256_1m", "SHA3-256", 1 << 20),
    ("keccak256_32", "Keccak256", 32),
    (
        "keccak256_32_generic",
        "Keccak256 through `Digest` (generic code)",
        32,
    ),
    ("shake128_1m", "SHAKE128 (32-byte output)", 1 << 20),
    ("kt128_64k", "KT128 (32-byte output)", 64 << 10),
    ("kt128_1m", "KT128 (32-byte output)", 1 << 20),
];

/// What runs of the program printed: its `info` lines and, per (workload, implementation), the
/// minimum ns/B over the runs.
#[derive(Debug, Default, Clone)]
pub struct RunResult {
    /// `(key, value)` of the `info` lines, in order, each key once.
    pub info: Vec<(String, String)>,
    /// `(workload id, implementation)` -> ns/B.
    pub rows: BTreeMap<(String, String), f64>,
}

impl RunResult {
    /// Adds one run's standard output: `info` lines (kept from the first run), `row` lines
    /// (the minimum of this and the earlier runs).
    pub fn add(&mut self, stdout: &str) {
        for line in stdout.lines() {
            if let Some(rest) = line.strip_prefix("info ") {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                if !self.info.iter().any(|(key, _)| key == k) {
                    self.info.push((k.to_string(), v.to_string()));
                }
            } else if let Some(row) = line.strip_prefix("row ") {
                let f: Vec<&str> = row.split_whitespace().collect();
                if let [id, imp, ns] = f[..] {
                    if let Ok(ns) = ns.parse::<f64>() {
                        let e = self
                            .rows
                            .entry((id.to_string(), imp.to_string()))
                            .or_insert(f64::INFINITY);
                        *e = e.min(ns);
                    }
                }
            }
        }
    }

    /// Our time over `peer`'s on workload `id`, if both were measured.
    #[must_use]
    pub fn ratio(&self, id: &str, peer: &str) -> Option<f64> {
        let get = |i: &str| self.rows.get(&(id.to_string(), i.to_string())).copied();
        let (ours, theirs) = (get("lwc")?, get(peer)?);
        (theirs > 0.0).then(|| ours / theirs)
    }
}

/// Builds the program with `rustflags` / `cflags` into `dir`; returns its path.
///
/// # Panics
/// If the build fails (on a machine without `xsltproc` or libclang: run
/// `benches/setup-anchors.sh`).
#[must_use]
pub fn build(root: &Path, dir: &Path, rustflags: &str, cflags: &str) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(root)
        .env("RUSTFLAGS", rustflags)
        .env("CFLAGS", cflags)
        .env("CARGO_TARGET_DIR", dir)
        .args([
            "build",
            "--release",
            "--locked",
            "-p",
            "benches",
            "--no-default-features",
            "--features",
            "anchors",
            "--bin",
            "anchors",
        ])
        .status()
        .expect("cannot run cargo build");
    assert!(
        status.success(),
        "building the anchors program ({rustflags:?}) failed; benches/setup-anchors.sh installs \
         what xkcp-sys needs"
    );
    dir.join("release").join("anchors")
}

/// Runs the program once and returns its standard output.
///
/// # Panics
/// If it cannot start or fails (an output that differs from ours exits non-zero).
#[must_use]
pub fn run(exe: &Path) -> String {
    let out = Command::new(exe)
        .arg(ROUNDS.to_string())
        .output()
        .expect("cannot run the anchors program");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "{} failed ({}): an anchor's output differs from ours",
        exe.display(),
        out.status
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The section from the results of each build (`runs[i]` of [`BUILDS`]`[i]`); `when` is the
/// date line, `load` the load average before and after the runs.
#[must_use]
pub fn section(runs: &[RunResult], when: &str, load: &str) -> String {
    let mut s = String::from("## Keccak anchors: default build and native build\n\n");
    let _ = write!(
        s,
        "Time, ours over the peer's (below 1: ours is faster), measured {when}. The program \
         `benches/src/bin/anchors.rs` (feature `anchors`: ours, RustCrypto's crates, \
         `keccak-asm`, XKCP through `xkcp-rs` and `tiny-keccak`, in one binary) built twice, by \
         default and with `RUSTFLAGS='-C target-cpu=native'` plus `CFLAGS='-march=native'` (every \
         side native: the anchors choose their code at build time, ours at run time), each in a \
         target folder of its own. Per workload, batches of about 10 ms of each side alternate, \
         {ROUNDS} of each per run, {PASSES} runs per build with the builds alternating; the \
         minimum per side; ours MB/s is 10^6 bytes per second. Before timing, every output is \
         compared with ours on the workloads' lengths and around the rates and KT128's chunk size (the unit tests also check every \
         side against published values); a difference stops the report. A shared machine: load \
         average {load}. Written by `cargo run -p benches --bin report --release -- --native` \
         (needs `benches/setup-anchors.sh` once).\n\n"
    );
    for ((title, ..), run) in BUILDS.iter().zip(runs) {
        let info: Vec<String> = run.info.iter().map(|(k, v)| format!("{k} `{v}`")).collect();
        let _ = writeln!(s, "{title}: {}.", info.join(", "));
    }
    for (i, ((title, ..), run)) in BUILDS.iter().zip(runs).enumerate() {
        let _ = write!(s, "\n### {title}\n\n| function | size | ours MB/s |");
        for (_, p) in PEERS {
            let _ = write!(s, " ours / {p} |");
        }
        if i == 0 {
            s.push_str(" ours ≤ 1.0 × every peer |");
        }
        s.push_str("\n|---|---:|---:|");
        for _ in PEERS {
            s.push_str("---:|");
        }
        if i == 0 {
            s.push_str("---|");
        }
        s.push('\n');
        for (id, label, len) in WORKLOADS {
            let ours = run
                .rows
                .get(&((*id).to_string(), "lwc".to_string()))
                .map_or_else(|| "–".to_string(), |ns| format!("{:.0}", 1e3 / ns));
            let _ = write!(
                s,
                "| {label} | {} | {ours} |",
                crate::report::format_size(*len)
            );
            let mut worst: Option<(f64, &str)> = None;
            for (p, name) in PEERS {
                match run.ratio(id, p) {
                    Some(r) => {
                        let _ = write!(s, " {r:.2} |");
                        if worst.is_none_or(|(w, _)| r > w) {
                            worst = Some((r, name));
                        }
                    }
                    None => s.push_str(" – |"),
                }
            }
            if i == 0 {
                let verdict = match worst {
                    Some((w, _)) if w <= 1.0 => format!("**met** (at most {w:.2})"),
                    Some((w, name)) => format!("**missed** ({w:.2} against {name})"),
                    None => "no figure".to_string(),
                };
                let _ = write!(s, " {verdict} |");
            }
            s.push('\n');
        }
    }
    s
}

/// The load average (`/proc/loadavg`'s first three fields).
fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Builds the program both ways, runs them alternating and returns the [`section`].
///
/// # Panics
/// If a build or a run fails.
#[must_use]
pub fn measure(root: &Path, target: &Path) -> String {
    let exes: Vec<PathBuf> = BUILDS
        .iter()
        .map(|(_, dir, rustflags, cflags)| build(root, &target.join(dir), rustflags, cflags))
        .collect();
    let before = loadavg();
    let mut runs = vec![RunResult::default(); BUILDS.len()];
    for pass in 0..PASSES {
        for ((exe, run), (title, ..)) in exes.iter().zip(&mut runs).zip(BUILDS) {
            eprintln!("report: anchors, {title}, run {}/{PASSES}", pass + 1);
            run.add(&self::run(exe));
        }
    }
    let load = format!("{before} before, {} after", loadavg());
    let when = Command::new("date")
        .args(["-u", "+%Y-%m-%d %H:%M UTC"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    section(&runs, &when, &load)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every version the peers' titles name is the one the workspace's Cargo.lock builds.
    #[test]
    fn peer_titles_name_the_locked_versions() {
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock"))
            .expect("the workspace's Cargo.lock");
        let locked = |name: &str| -> Vec<String> {
            lock.split("[[package]]")
                .filter(|p| p.contains(&format!("name = \"{name}\"\n")))
                .filter_map(|p| {
                    let v = p.split("version = \"").nth(1)?;
                    Some(v[..v.find('"')?].to_string())
                })
                .collect()
        };
        for (crate_name, version) in [
            ("keccak-asm", "0.1.9"),
            ("xkcp-rs", "0.0.5"),
            ("tiny-keccak", "2.0.2"),
        ] {
            assert!(
                PEERS
                    .iter()
                    .any(|(_, t)| t.contains(&format!("`{crate_name}` {version}"))),
                "no title names {crate_name} {version}"
            );
            assert!(
                locked(crate_name).iter().any(|v| v == version),
                "{crate_name} {version} is not what Cargo.lock builds: {:?}",
                locked(crate_name)
            );
        }
    }

    #[test]
    fn add_keeps_the_minimum_and_the_first_info() {
        let mut r = RunResult::default();
        r.add("info xkcp generic 64-bit\nrow kt128_1m lwc 2.0\nrow kt128_1m xkcp 4.0\nnoise\n");
        r.add("info xkcp other\nrow kt128_1m lwc 3.0\nrow kt128_1m xkcp 1.0\nrow bad\n");
        assert_eq!(
            r.info,
            vec![("xkcp".to_string(), "generic 64-bit".to_string())]
        );
        assert_eq!(r.rows.len(), 2);
        assert_eq!(r.ratio("kt128_1m", "xkcp"), Some(2.0));
        assert_eq!(r.ratio("kt128_1m", "keccak-asm"), None);
    }

    #[test]
    fn section_judges_the_default_build() {
        let mut d = RunResult::default();
        d.add(
            "info lwc-backend x86_avx512\nrow sha3_256_32 lwc 5.0\nrow sha3_256_32 rustcrypto 10.0\n\
             row sha3_256_32 keccak-asm 5.0\nrow kt128_1m lwc 2.0\nrow kt128_1m xkcp 1.6\n",
        );
        let mut n = RunResult::default();
        n.add("row sha3_256_32 lwc 4.0\nrow sha3_256_32 keccak-asm 2.0\n");
        let s = section(&[d, n], "today", "0 0 0");
        // SHA3-256 32 B: 200 MB/s, 0.50 against RustCrypto, 1.00 against keccak-asm: met.
        assert!(
            s.contains("| SHA3-256 | 32 B | 200 | 0.50 | 1.00 | – | – | **met** (at most 1.00) |"),
            "{s}"
        );
        // KT128: 2.0 / 1.6 = 1.25 against XKCP: missed.
        assert!(
            s.contains("| 1.25 | – | **missed** (1.25 against XKCP (`xkcp-rs` 0.0.5)) |"),
            "{s}"
        );
        // The native table has no verdict column: 4.0 / 2.0 against keccak-asm.
        assert!(
            s.contains("| SHA3-256 | 32 B | 250 | – | 2.00 | – | – |\n"),
            "{s}"
        );
        assert!(
            s.contains("default build: lwc-backend `x86_avx512`."),
            "{s}"
        );
    }
}
