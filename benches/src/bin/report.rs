//! The performance report: runs the criterion benches of every family (or reads their last results),
//! and writes `benches/REPORT.md` (a table per family: throughput per size for us and each peer, and the
//! ratio us/peer) plus one SVG chart per family (throughput against message size, log-scaled size axis).
//!
//! ```text
//! cargo run -p benches --bin report --release               # full run (under 20 minutes here, clean build included)
//! cargo run -p benches --bin report --release -- --quick    # criterion --quick (under 3 minutes)
//! cargo run -p benches --bin report --release -- --no-run   # only re-render from target/criterion
//! cargo run -p benches --bin report --release -- --callgrind  # add instructions/byte (valgrind callgrind)
//! cargo run -p benches --bin report --release -- --qemu-aarch64  # only the aarch64 section (below)
//! cargo run -p benches --bin report --release -- --qemu-rv32     # only the RV32 + thumbv7em section (below)
//! cargo run -p benches --bin report --release -- --wasm          # only the wasm32 section (below)
//! cargo run -p benches --bin report --release -- --native        # only the Keccak anchors section (below)
//!     --families keccak,ascon   restrict the run to some groups
//! ```
//!
//! `--qemu-aarch64` builds the `oneshot` registry for aarch64 and counts the instructions each function
//! executes under qemu-user on two CPU models (`benches::qemu`), and replaces only that section of
//! `benches/REPORT.md` (between its marks; the criterion part is kept as it is). A full run keeps the
//! aarch64 section it finds.
//!
//! `--qemu-rv32` builds the `benches/rv32` counting program for `riscv32imac-unknown-none-elf`
//! plain, with `+zbb` and with `+zbb,+zbkb`, counts under `qemu-riscv32` (`benches::rv32`), then
//! for `thumbv7em-none-eabihf` by default and with `--cfg keccak_backend="portable"` under
//! `qemu-arm -cpu cortex-a15`, and replaces only that section (its own marks; both tables); every
//! other run keeps the RV32 section it finds.
//!
//! `--wasm` builds the `benches/wasm` timing program for `wasm32-wasip1` (release, once without and
//! once with `-C target-feature=+simd128`), runs each under Node's WASI (`node --no-liftoff
//! --no-warnings .ci/wasi.mjs`, `benches::wasm`): ours against RustCrypto built the same way (SHA3-256
//! 16 KiB, KT128 and SHAKE128 1 MiB, Ascon-AEAD128 encrypt and Ascon-Hash256 4 KiB), Sparkle's
//! `wasm_simd128` backend against our portable one (Esch256, Schwaemm256-128 4 KiB) and LeMac 4 KiB,
//! batches alternating in one process, the minimum per side, with issue 23's targets marked met or
//! missed. Outputs are checked against the other side and known-answer literals first; a mismatch
//! stops the report (non-zero exit). It replaces only the "wasm32 time (Node WASI)" section (its
//! own marks); every other run keeps the one it finds. Here: about 25 s of runs, 41 s in all with
//! the builds up to date, about 3 minutes from a clean target folder.
//!
//! `--native` builds the `anchors` timing program (feature `anchors`: ours, RustCrypto's crates,
//! `keccak-asm`, XKCP and `tiny-keccak` in one binary) twice in target folders of its own, by
//! default and with `-C target-cpu=native` (and `CFLAGS=-march=native` for the anchors' C), runs
//! them alternating (`benches::native`) and replaces only the "Keccak anchors" section (its own
//! marks): ours over each peer's time per workload, default build judged against "ours ≤ 1.0 ×
//! every peer". It needs `benches/setup-anchors.sh` (xsltproc, libclang) once. Here: about 85 s
//! of runs; 304 s with both builds from clean (70 s default, 151 s native, on a loaded machine).
//!
//! Naming convention the benches follow: group = family (`keccak`, `ascon`, `sparkle`, `lemac`),
//! function id = `"<algorithm>/<implementation>"` (e.g. `"SHA3-256/lwc"`, `"SHA3-256/sha3"`), parameter =
//! message size in bytes, `Throughput::Bytes`. Implementations whose name starts with `lwc` are ours.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use benches::report::{Measurement, collect, format_rate, format_size, render_chart};
use benches::{callgrind, native, qemu, rv32, wasm};

const FAMILIES: &[&str] = &["keccak", "ascon", "sparkle", "lemac", "context"];

/// Criterion settings of the full mode: short enough for the whole report to run in under 20 minutes
/// from a clean build, with 20 samples so a 1 MiB SHA3 point does not stretch to seconds.
const MEASURE: &[&str] = &[
    "--warm-up-time",
    "0.5",
    "--measurement-time",
    "1.5",
    "--sample-size",
    "20",
    "--noplot",
];

/// Criterion settings of `--quick`: criterion's quick mode (no warm-up, stops once two runs agree
/// within 5 %, at most 0.4 s) and a light bootstrap, for a whole report in under 3 minutes.
const QUICK: &[&str] = &[
    "--quick",
    "--measurement-time",
    "0.4",
    "--nresamples",
    "2000",
    "--noplot",
];

/// Sizes the summary table shows (when measured).
const SUMMARY_SIZES: &[u64] = &[64, 1024, 4096, 16 * 1024, 1 << 20];

/// The README block the report rewrites (everything between the two markers).
const README_START: &str = "<!-- report-summary:start -->";
const README_END: &str = "<!-- report-summary:end -->";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let callgrind = args.iter().any(|a| a == "--callgrind");
    let no_run = args.iter().any(|a| a == "--no-run");
    let families: Vec<String> = args
        .iter()
        .position(|a| a == "--families")
        .and_then(|i| args.get(i + 1))
        .map_or_else(
            || FAMILIES.iter().map(|s| (*s).to_string()).collect(),
            |s| s.split(',').map(str::to_string).collect(),
        );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let started = std::time::Instant::now();
    let out = root.join("benches").join("REPORT.md");
    let previous = std::fs::read_to_string(&out).unwrap_or_default();

    // The sections a run of their own measures: its flag, the name it prints, the section's marks,
    // the measurement. A full report keeps each of them as it was.
    type Measure = fn(&Path, &Path, &[String]) -> String;
    let own_runs: [(&str, &str, &str, &str, Measure); 4] = [
        (
            "--qemu-aarch64",
            "aarch64",
            qemu::START,
            qemu::END,
            qemu::measure,
        ),
        ("--qemu-rv32", "RV32", rv32::START, rv32::END, |r, t, _| {
            rv32::measure(r, t)
        }),
        ("--wasm", "wasm32", wasm::START, wasm::END, |r, t, _| {
            wasm::measure(r, t)
        }),
        (
            "--native",
            "Keccak anchors",
            native::START,
            native::END,
            |r, t, _| native::measure(r, t),
        ),
    ];
    for (flag, name, start, end, measure) in own_runs {
        if args.iter().any(|a| a == flag) {
            let section = measure(&root, &target, &families);
            let md = qemu::splice_between(&previous, start, end, &section);
            std::fs::write(&out, md).expect("cannot write REPORT.md");
            eprintln!(
                "report: wrote the {name} section of {} in {} s",
                out.display(),
                started.elapsed().as_secs()
            );
            return;
        }
    }

    if !no_run {
        for fam in &families {
            let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
            cmd.current_dir(&root)
                .args(["bench", "-p", "benches", "--bench", fam, "--"]);
            if quick {
                cmd.args(QUICK);
            } else {
                cmd.args(MEASURE);
            }
            // Results of ids that no longer exist must not linger into the report.
            let _ = std::fs::remove_dir_all(target.join("criterion").join(fam));
            eprintln!("report: running {cmd:?}");
            let status = cmd.status().expect("cannot run cargo bench");
            assert!(status.success(), "cargo bench --bench {fam} failed");
        }
    }

    let all = collect(&target.join("criterion"));
    let mut md = String::new();
    let _ = writeln!(md, "# lwc-rs performance report\n");
    // When the newest result of these groups was written: the header's "measured until".
    let measured = all
        .iter()
        .filter(|m| families.contains(&m.group))
        .filter_map(|m| m.written)
        .max();
    let _ = writeln!(md, "{}\n", machine_line(measured));
    let _ = writeln!(
        md,
        "Each iteration is a whole operation (new + update + finalize; AEAD encrypt or decrypt of the whole \
         message). Figures are the fastest of criterion's samples (time per iteration; a disturbance by \
         another process slows some samples, seldom all) turned into throughput (higher is better); `us/peer` is our throughput divided by the peer's, measured in the same run (where a function \
         has no peer, sparkle compares with our portable backend). Charts: one colour per function, ours \
         solid, the peer or baseline dashed in the same colour. Default target \
         (no `-C target-cpu`), release profile. Mode: {}.\n",
        if quick {
            "criterion `--quick` (at most 0.4 s per point)"
        } else {
            "0.5 s warm-up, 1.5 s measurement and 20 samples per point"
        }
    );
    let summary = summary_table(&all, &families);
    let _ = writeln!(md, "## Summary\n\n{summary}");
    for fam in &families {
        let rows: Vec<&Measurement> = all.iter().filter(|m| &m.group == fam).collect();
        let _ = writeln!(md, "## {fam}\n");
        if rows.is_empty() {
            let _ = writeln!(md, "No criterion results for this group.\n");
            continue;
        }
        md.push_str(&family_table(&rows));
        let svg = format!("{fam}.svg");
        match render_chart(&root.join("benches").join(&svg), fam, &rows) {
            Ok(()) => {
                let _ = writeln!(md, "\n![{fam} throughput against message size]({svg})\n");
            }
            Err(e) => {
                let _ = writeln!(md, "\n(chart not drawn: {e})\n");
            }
        }
    }
    if callgrind {
        md.push_str(&callgrind::section(&root, &target, &families));
    }
    let _ = writeln!(
        md,
        "_Generated by `cargo run -p benches --bin report --release` in {} s._",
        started.elapsed().as_secs()
    );
    for (_, _, start, end, _) in own_runs {
        if let Some(section) = qemu::marked_between(&previous, start, end) {
            let inner = &section[start.len()..section.len() - end.len()];
            md = qemu::splice_between(&md, start, end, inner.trim_start_matches('\n'));
        }
    }
    std::fs::write(&out, md).expect("cannot write REPORT.md");
    eprintln!("report: wrote {}", out.display());
    if FAMILIES.iter().all(|f| families.iter().any(|g| g == f)) {
        update_readme(
            &root.join("README.md"),
            &summary,
            &families,
            quick,
            measured,
        );
    }
}

/// implementation -> size -> bytes per second.
type Rates<'a> = BTreeMap<&'a str, BTreeMap<u64, f64>>;

/// One summary row: family, function, label, cell per size, our throughput at the largest size.
type SummaryRow = (String, String, String, BTreeMap<u64, String>, String);

/// Splits implementation names into ours and the ones ours are compared with: the peers (names not
/// starting with `lwc`), or, where a function has no peer, our portable backend (`…portable`).
fn split_impls<'a>(impls: &BTreeSet<&'a str>) -> (Vec<&'a str>, Vec<&'a str>) {
    let mut peers: Vec<&str> = impls
        .iter()
        .copied()
        .filter(|i| !i.starts_with("lwc"))
        .collect();
    if peers.is_empty() {
        peers = impls
            .iter()
            .copied()
            .filter(|i| i.ends_with("portable"))
            .collect();
    }
    let ours = impls
        .iter()
        .copied()
        .filter(|i| !peers.contains(i))
        .collect();
    (ours, peers)
}

/// Our throughput divided by the peer's, per (family, algorithm, our implementation, peer) and size.
fn summary_table(all: &[Measurement], families: &[String]) -> String {
    // (group, algorithm) -> implementation -> size -> bytes/s
    let mut by_algo: BTreeMap<(&str, &str), Rates<'_>> = BTreeMap::new();
    for m in all {
        if families.contains(&m.group) && m.group != "context" {
            by_algo
                .entry((&m.group, &m.algorithm))
                .or_default()
                .entry(&m.implementation)
                .or_default()
                .insert(m.size, m.bytes_per_sec());
        }
    }
    // One row per (ours, peer) pair with ratios; a function without any peer or baseline gets one
    // row per implementation with its throughput.
    let mut pairs: Vec<SummaryRow> = Vec::new();
    for ((g, a), impls) in &by_algo {
        let names: BTreeSet<&str> = impls.keys().copied().collect();
        let (ours, peers) = split_impls(&names);
        for o in &ours {
            let largest = impls[o]
                .iter()
                .next_back()
                .map(|(n, r)| format!("{} at {}", format_rate(*r), format_size(*n)))
                .unwrap_or_default();
            if peers.is_empty() {
                let cells = impls[o]
                    .iter()
                    .map(|(n, r)| (*n, format_rate(*r)))
                    .collect();
                pairs.push((
                    (*g).into(),
                    (*a).into(),
                    format!("{o} (no peer: throughput)"),
                    cells,
                    largest.clone(),
                ));
            }
            for p in &peers {
                let cells = impls[o]
                    .iter()
                    .filter_map(|(n, r)| {
                        let q = impls[p].get(n)?;
                        (*q > 0.0).then(|| (*n, format!("{:.2}×", r / q)))
                    })
                    .collect();
                pairs.push((
                    (*g).into(),
                    (*a).into(),
                    format!("{o} / {p}"),
                    cells,
                    largest.clone(),
                ));
            }
        }
    }
    if pairs.is_empty() {
        return "No pair of our implementation and a peer was measured.\n".into();
    }
    let mut s = String::from("| family | function | ours / peer |");
    let mut rule = String::from("|---|---|---|");
    for n in SUMMARY_SIZES {
        let _ = write!(s, " {} |", format_size(*n));
        rule.push_str("---:|");
    }
    s.push_str(" ours at largest size |\n");
    rule.push_str("---:|\n");
    s.push_str(&rule);
    for (g, a, label, cells, largest) in &pairs {
        let _ = write!(s, "| {g} | {a} | {label} |");
        for n in SUMMARY_SIZES {
            let _ = write!(s, " {} |", cells.get(n).map_or("–", String::as_str));
        }
        let _ = writeln!(s, " {largest} |");
    }
    let context: Vec<&Measurement> = all
        .iter()
        .filter(|m| m.group == "context" && families.iter().any(|f| f == "context"))
        .collect();
    if !context.is_empty() {
        s.push_str("\nFor scale (same run, not ours):");
        let mut names: Vec<(&str, &str)> = context
            .iter()
            .map(|m| (m.algorithm.as_str(), m.implementation.as_str()))
            .collect();
        names.dedup();
        for (a, i) in names {
            if let Some(m) = context
                .iter()
                .filter(|m| m.algorithm == a && m.implementation == i)
                .max_by_key(|m| m.size)
            {
                let _ = write!(
                    s,
                    " {a} ({i}) {} at {};",
                    format_rate(m.bytes_per_sec()),
                    format_size(m.size)
                );
            }
        }
        s.pop();
        s.push_str(".\n");
    }
    s
}

/// Rewrites the README block between the report markers: machine line, summary table, chart links.
fn update_readme(
    readme: &Path,
    summary: &str,
    families: &[String],
    quick: bool,
    measured: Option<u64>,
) {
    let Ok(text) = std::fs::read_to_string(readme) else {
        eprintln!("report: no README at {}", readme.display());
        return;
    };
    let (Some(a), Some(b)) = (text.find(README_START), text.find(README_END)) else {
        eprintln!("report: README has no report markers; left unchanged");
        return;
    };
    if b < a {
        eprintln!("report: README markers out of order; left unchanged");
        return;
    }
    let mut block = format!(
        "{README_START}\n{}. Mode: {}. Full tables: [benches/REPORT.md](benches/REPORT.md).\n\n{summary}\n",
        machine_line(measured),
        if quick { "criterion `--quick`" } else { "full" }
    );
    for fam in families {
        let _ = writeln!(block, "![{fam} throughput](benches/{fam}.svg)");
    }
    let new = format!("{}{block}{}", &text[..a], &text[b..]);
    std::fs::write(readme, new).expect("cannot write README.md");
    eprintln!("report: updated the summary in {}", readme.display());
}

/// One markdown table per family: rows = (algorithm, size), columns = implementations, then ratios.
fn family_table(rows: &[&Measurement]) -> String {
    let mut by_algo: BTreeMap<&str, BTreeMap<u64, BTreeMap<&str, f64>>> = BTreeMap::new();
    for m in rows {
        by_algo
            .entry(&m.algorithm)
            .or_default()
            .entry(m.size)
            .or_default()
            .insert(&m.implementation, m.bytes_per_sec());
    }
    let mut s = String::new();
    for (algo, sizes) in &by_algo {
        let impls: BTreeSet<&str> = sizes.values().flat_map(|v| v.keys().copied()).collect();
        let (ours, peers) = split_impls(&impls);
        let _ = writeln!(s, "### {algo}\n");
        let mut header = String::from("| size |");
        let mut rule = String::from("|---:|");
        for i in ours.iter().chain(&peers) {
            let _ = write!(header, " {i} |");
            rule.push_str("---:|");
        }
        for o in &ours {
            for p in &peers {
                let _ = write!(header, " {o}/{p} |");
                rule.push_str("---:|");
            }
        }
        let _ = writeln!(s, "{header}\n{rule}");
        for (size, vals) in sizes {
            let mut line = format!("| {} |", format_size(*size));
            for i in ours.iter().chain(&peers) {
                let _ = write!(
                    line,
                    " {} |",
                    vals.get(i)
                        .map_or_else(|| "–".to_string(), |v| format_rate(*v))
                );
            }
            for o in &ours {
                for p in &peers {
                    let r = match (vals.get(o), vals.get(p)) {
                        (Some(a), Some(b)) if *b > 0.0 => format!("{:.2}×", a / b),
                        _ => "–".into(),
                    };
                    let _ = write!(line, " {r} |");
                }
            }
            let _ = writeln!(s, "{line}");
        }
        s.push('\n');
    }
    s
}

/// CPU model, core count, rustc version and the date, for the report's header.
/// CPU, cores, rustc and when the results were measured (the newest result file), for the header.
fn machine_line(measured: Option<u64>) -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let run = |c: &str, a: &[&str]| {
        Command::new(c)
            .args(a)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    format!(
        "Machine: {cpu}, {cores} cores available · {} · measured until {} UTC",
        run("rustc", &["-V"]),
        measured.map_or_else(
            || run("date", &["-u", "+%Y-%m-%d %H:%M"]),
            |t| run("date", &["-u", "-d", &format!("@{t}"), "+%Y-%m-%d %H:%M"]),
        )
    )
}
