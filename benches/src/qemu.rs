//! Instruction counts for aarch64 under qemu-user (the `report --qemu-aarch64` section): there is
//! no ARM machine here, so the figure is the number of instructions executed, for 1 and 3 calls
//! of a `oneshot` function; the difference divided by 2 × the size cancels start-up and the fixed
//! costs of the program.
//!
//! Counting: `qemu-aarch64 -d in_asm,exec,nochain` logs every translated block once, with its
//! instructions (`in_asm`), and every execution of a block (`exec`; `nochain` so that none is
//! skipped); the count is the sum, over the executions, of the block's instruction count. It is
//! the same figure as `-singlestep -d exec,nochain` (one block per instruction, one log line per
//! instruction executed: SHA3-256 16 KiB 12.728 insn/B both ways), about 50 times faster.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// The aarch64 target the section is built for.
pub const TARGET: &str = "aarch64-unknown-linux-gnu";

/// The CPU models measured: `max` (every extension qemu has: FEAT_SHA3, AES, ...) and
/// `cortex-a72` (NEON and AES, no SHA3: Raspberry Pi 4, AWS Graviton1-class cores).
pub const CPUS: &[&str] = &["max", "cortex-a72"];

/// Where Debian's cross toolchain keeps the aarch64 libraries (qemu's `-L`).
const SYSROOT: &str = "/usr/aarch64-linux-gnu";

/// Instructions executed by `oneshot name size reps [--backend b]` under `qemu-aarch64 -cpu cpu`
/// (`None` when the run fails, e.g. a backend the CPU model lacks).
#[must_use]
pub fn count(
    exe: &Path,
    cpu: &str,
    name: &str,
    size: usize,
    reps: usize,
    backend: Option<&str>,
) -> Option<u64> {
    let mut cmd = Command::new("qemu-aarch64");
    cmd.args(["-cpu", cpu, "-L", SYSROOT, "-d", "in_asm,exec,nochain"])
        .arg(exe)
        .args([name, &size.to_string(), &reps.to_string()]);
    if let Some(b) = backend {
        cmd.args(["--backend", b]);
    }
    // Without -D, qemu writes its log to standard error; `oneshot` itself prints nothing there on
    // success.
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let log = BufReader::new(child.stderr.take()?);
    let n = count_log(log.split(b'\n').map_while(Result::ok))?;
    child.wait().ok()?.success().then_some(n)
}

/// The instructions executed according to a `-d in_asm,exec,nochain` log: a block is logged as
/// `IN:` and one `0x<address>: ...` line per instruction, an execution as
/// `Trace <cpu>: <host address> [<flags>/<guest pc>/...]`. `None` if a block runs that was never
/// logged.
#[must_use]
pub fn count_log(lines: impl Iterator<Item = Vec<u8>>) -> Option<u64> {
    use std::collections::HashMap;
    let mut blocks: HashMap<u64, u64> = HashMap::new();
    let mut current: Option<(u64, u64)> = None; // (first address, instructions so far)
    let mut total = 0u64;
    let hex = |s: &[u8]| {
        let s = std::str::from_utf8(s).ok()?.trim();
        u64::from_str_radix(s.trim_start_matches("0x"), 16).ok()
    };
    for line in lines {
        if line.starts_with(b"0x") {
            let addr = hex(line.split(|&b| b == b':').next()?)?;
            let (first, n) = current.unwrap_or((addr, 0));
            current = Some((first, n + 1));
            continue;
        }
        if let Some((first, n)) = current.take() {
            blocks.insert(first, n);
        }
        if line.starts_with(b"Trace") {
            let pc = hex(line.split(|&b| b == b'/').nth(1)?)?;
            total += blocks.get(&pc)?;
        }
    }
    Some(total)
}

/// Executed instructions per byte of one call on `size` bytes, as text with two decimals.
#[must_use]
pub fn per_byte(
    exe: &Path,
    cpu: &str,
    name: &str,
    size: usize,
    backend: Option<&str>,
) -> Option<String> {
    let one = count(exe, cpu, name, size, 1, backend)?;
    let three = count(exe, cpu, name, size, 3, backend)?;
    (three > one).then(|| format!("{:.2}", (three - one) as f64 / 2.0 / size as f64))
}

/// The functions measured at large sizes as well (the inputs the aarch64 targets name):
/// `(function, size)`.
pub const LARGE: &[(&str, usize)] = &[
    ("sha3_256", 16 * 1024),
    ("sha3_256", 1024 * 1024),
    ("keccak256", 32),
    ("kt128", 1024 * 1024),
];

/// The report section: every `oneshot` function at 64 B and 4 KiB on both CPU models, our
/// functions with every backend of their crate forced on `max`, and the [`LARGE`] inputs.
/// `names` is `oneshot --list`; `backends(name)` is `oneshot --backends name`.
#[must_use]
pub fn section(exe: &Path, names: &[String], backends: impl Fn(&str) -> Vec<String>) -> String {
    let cell = |cpu: &str, name: &str, size: usize, backend: Option<&str>| {
        let c = per_byte(exe, cpu, name, size, backend).unwrap_or_else(|| "–".to_string());
        eprintln!("report: qemu-aarch64 -cpu {cpu} {name} {size} {backend:?}: {c}");
        c
    };
    let mut s = String::from(
        "## Instructions per byte on aarch64 (qemu)\n\n\
         There is no ARM machine here: these are instructions executed under qemu-user \
         (`qemu-aarch64 -d in_asm,exec,nochain`: each translated block's instructions, summed over \
         its executions; the same count as `-singlestep`), the difference between 3 calls and 1 \
         call of the `oneshot` function divided by 2 × the size, release build for `aarch64-unknown-linux-gnu`, default target features (our \
         dispatch detects the CPU model's extensions at run time). Instructions are not cycles: a \
         count says how much work the code does, not how fast a given core runs it. `-cpu max` has \
         every extension qemu emulates (FEAT_SHA3, AES, ...); `-cpu cortex-a72` has NEON and AES \
         but no SHA3 (Raspberry Pi 4, Graviton1-class cores). Written by \
         `cargo run -p benches --bin report --release -- --qemu-aarch64`.\n\n\
         | function | implementation | max 64 B | max 4 KiB | cortex-a72 64 B | cortex-a72 4 KiB |\n\
         |---|---|---:|---:|---:|---:|\n",
    );
    for name in names {
        let (algo, imp) = name.split_once('/').unwrap_or((name, ""));
        let cells: Vec<String> = CPUS
            .iter()
            .flat_map(|cpu| [64, 4096].map(|size| cell(cpu, name, size, None)))
            .collect();
        let _ = writeln!(s, "| {algo} | {imp} | {} |", cells.join(" | "));
    }
    s.push_str(
        "\n### Large inputs\n\n| function | implementation | size | max | cortex-a72 |\n\
         |---|---|---:|---:|---:|\n",
    );
    for &(algo, size) in LARGE {
        for name in names.iter().filter(|n| n.split('/').next() == Some(algo)) {
            let imp = name.split_once('/').map_or("", |(_, i)| i);
            let cells: Vec<String> = CPUS.iter().map(|cpu| cell(cpu, name, size, None)).collect();
            let _ = writeln!(s, "| {algo} | {imp} | {size} B | {} |", cells.join(" | "));
        }
    }
    s.push_str(
        "\n### Each backend forced (`-cpu max`)\n\n| function | backend | 64 B | 4 KiB |\n\
         |---|---|---:|---:|\n",
    );
    for name in names.iter().filter(|n| n.contains("/lwc")) {
        let algo = name.split('/').next().unwrap_or(name);
        for backend in backends(name) {
            let cells = [64, 4096].map(|size| cell("max", name, size, Some(&backend)));
            let _ = writeln!(s, "| {algo} | {backend} | {} | {} |", cells[0], cells[1]);
        }
    }
    s.push('\n');
    s
}

/// Marks the qemu section in `REPORT.md`, so that a run of either kind keeps the other's part.
pub const START: &str = "<!-- qemu-aarch64:start -->";
/// The end mark of the qemu section.
pub const END: &str = "<!-- qemu-aarch64:end -->";

/// The marked qemu section of a report (marks included), if it has one.
#[must_use]
pub fn marked(report: &str) -> Option<&str> {
    marked_between(report, START, END)
}

/// The section of `report` between the marks `start` and `end` (marks included), if it has one.
#[must_use]
pub fn marked_between<'a>(report: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let a = report.find(start)?;
    let b = report[a..].find(end)? + a + end.len();
    Some(&report[a..b])
}

/// `report` with its marked qemu section replaced by `section` (marks added), or `section` put
/// before the closing "_Generated by ..._" line (or at the end) where it has none.
#[must_use]
pub fn splice(report: &str, section: &str) -> String {
    splice_between(report, START, END, section)
}

/// [`splice`] for the section between the marks `start` and `end`.
#[must_use]
pub fn splice_between(report: &str, start: &str, end: &str, section: &str) -> String {
    let marked_section = format!("{start}\n{}\n{end}\n\n", section.trim_end_matches('\n'));
    if let Some(old) = marked_between(report, start, end) {
        return report.replacen(old, marked_section.trim_end_matches('\n'), 1);
    }
    match report.rfind("\n_Generated by") {
        Some(i) => format!("{}{marked_section}{}", &report[..i + 1], &report[i + 1..]),
        None => format!("{report}\n{marked_section}"),
    }
}

/// Builds the `oneshot` registry for aarch64 and measures its [`section`].
///
/// # Panics
/// If the build fails or `oneshot --list` prints nothing under qemu.
#[must_use]
pub fn measure(root: &Path, target: &Path, families: &[String]) -> String {
    let features = families
        .iter()
        .filter(|f| f.as_str() != "context")
        .cloned()
        .collect::<Vec<_>>()
        .join(",");
    let exe = crate::oneshot::build(root, target, &features, Some(TARGET));
    let run = |args: &[&str]| -> Vec<String> {
        Command::new("qemu-aarch64")
            .args(["-L", "/usr/aarch64-linux-gnu"])
            .arg(&exe)
            .args(args)
            .output()
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    };
    let names = run(&["--list"]);
    assert!(
        !names.is_empty(),
        "oneshot --list under qemu-aarch64 printed nothing"
    );
    section(&exe, &names, |name| run(&["--backends", name]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_each_execution_of_a_block_by_its_instructions() {
        let log = "----------------\nIN: \n0x0000000000400100:  d503201f  nop\n\
                   0x0000000000400104:  d503201f  nop\n\n\
                   Trace 0: 0x7f00 [00000000/0000000000400100/00000000/ff000000] \n\
                   ----------------\nIN: f\n0x0000000000400200:  d65f03c0  ret\n\n\
                   Trace 0: 0x7f80 [00000000/0000000000400200/00000000/ff000000] \n\
                   Trace 0: 0x7f00 [00000000/0000000000400100/00000000/ff000000] \n";
        let lines = || log.lines().map(|l| l.as_bytes().to_vec());
        assert_eq!(count_log(lines()), Some(5));
        // A block that runs without having been logged: no figure rather than a wrong one.
        let unknown = "Trace 0: 0x7f00 [00000000/0000000000400300/00000000/ff000000] \n";
        assert_eq!(
            count_log(unknown.lines().map(|l| l.as_bytes().to_vec())),
            None
        );
    }

    #[test]
    fn splice_adds_then_replaces_the_section() {
        let report = "# r\n\ntable\n\n_Generated by x._\n";
        let one = splice(report, "## q\n\nold\n");
        assert_eq!(
            one,
            "# r\n\ntable\n\n<!-- qemu-aarch64:start -->\n## q\n\nold\n<!-- qemu-aarch64:end -->\n\n_Generated by x._\n"
        );
        let two = splice(&one, "## q\n\nnew\n");
        assert!(two.contains("new") && !two.contains("old"), "{two}");
        assert_eq!(two.matches(START).count(), 1);
        assert_eq!(marked(&two).map(|m| m.contains("new")), Some(true));
        assert_eq!(
            splice("no footer", "s"),
            "no footer\n<!-- qemu-aarch64:start -->\ns\n<!-- qemu-aarch64:end -->\n\n"
        );
    }
}
