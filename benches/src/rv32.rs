//! Instruction counts on 32-bit RISC-V and on Cortex-M4F (the `report --qemu-rv32` section, issue
//! 23): the `benches/rv32` program (static, `no_std`, a minimal `_start` using the Linux
//! `write`/`exit` system calls) built for `riscv32imac-unknown-none-elf` with three target-feature
//! sets and run under `qemu-riscv32` user mode, and built for `thumbv7em-none-eabihf` by default
//! and with `--cfg keccak_backend="portable"` and run under `qemu-arm` user mode. Each run checks
//! known-answer vectors and its own results (the program exits non-zero on a wrong output, and
//! the section then shows no figure).
//!
//! Counting: `qemu-riscv32` / `qemu-arm -singlestep -d exec,nochain`, one `Trace` log line per instruction
//! executed; one call is the difference between the runs with 1 and 2 calls, per byte of input.
//! (`.ci/rv32.sh` counts the same with `-d in_asm,exec,nochain`, which is faster and gives the same
//! figures.)

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The RISC-V target the program is built for.
pub const TARGET: &str = "riscv32imac-unknown-none-elf";

/// The Cortex-M4F target the program is also built for (ARMv7E-M, Thumb-2 with the DSP
/// instructions, single-precision FPU).
pub const THUMB_TARGET: &str = "thumbv7em-none-eabihf";

/// The qemu-arm CPU of the Thumb runs: qemu-arm user mode runs A-profile CPUs only; the
/// Cortex-A15 executes every Thumb-2 and DSP instruction of ARMv7E-M (and hardware divide).
pub const THUMB_CPU: &str = "cortex-a15";

/// The Thumb builds: row label, target folder (`<target>/thumb-<name>`, as `.ci/rv32.sh`'s) and
/// `RUSTFLAGS`.
pub const THUMB_BUILDS: &[(&str, &str, &str)] = &[
    ("default", "default", ""),
    (
        "`--cfg keccak_backend=\"portable\"`",
        "portable",
        "--cfg keccak_backend=\"portable\"",
    ),
];

/// The builds: column title, target folder (`<target>/rv32-<name>`, as `.ci/rv32.sh`'s),
/// `RUSTFLAGS`, and the qemu CPU (exactly the build's bit-manipulation extensions, so a stray
/// instruction of another one stops the run).
pub const VARIANTS: &[(&str, &str, &str, &str)] = &[
    (
        "rv32imac",
        "base",
        "",
        "rv32,zba=false,zbb=false,zbc=false,zbs=false",
    ),
    (
        "+zbb",
        "zbb",
        "-C target-feature=+zbb",
        "rv32,zba=false,zbb=true,zbc=false,zbs=false",
    ),
    (
        "+zbb,+zbkb",
        "zbb-zbkb",
        "-C target-feature=+zbb,+zbkb",
        "rv32,zba=false,zbb=true,zbc=false,zbs=false,zbkb=true",
    ),
];

/// The functions of the program: its name, the row label, the input length, and the anchors of
/// issue 23 (instructions per byte; instructions equal cycles on the thesis's riscvOVPsim).
pub const FUNCTIONS: &[(&str, &str, usize, &str)] = &[
    (
        "aead128_encrypt_64",
        "Ascon-AEAD128 encrypt, ours",
        64,
        "ascon-c `asm_rv32i` 107 (rv32imac)",
    ),
    (
        "aead128_encrypt_4096",
        "Ascon-AEAD128 encrypt, ours",
        4096,
        "ascon-c `asm_rv32i` 60.67 (rv32imac); `opt32` 78.02 / 73.85 (Zbb); `bi32` 94.46 / 68.85 (Zbb); thesis (32 kB, Ascon-128a) `asm_rv32_Zbb_bi32_ror` 54.71, `asm_rv32_Zbkb_bi32_ror` 41.44",
    ),
    (
        "hash256_4096",
        "Ascon-Hash256, ours",
        4096,
        "ascon-c `bi32` with Zbb 134.8; thesis `c_opt64` 189.69, Zbkb bi32 115.77",
    ),
    (
        "sha3_256_16384_lwc",
        "SHA3-256, ours (lwc-keccak)",
        16384,
        "target: at most 0.75x sha3",
    ),
    (
        "sha3_256_16384_sha3",
        "SHA3-256, RustCrypto `sha3` 0.12",
        16384,
        "the peer, built the same way",
    ),
];

/// The marks of the section in `REPORT.md`.
pub const START: &str = "<!-- qemu-rv32:start -->";
/// The end mark of the section.
pub const END: &str = "<!-- qemu-rv32:end -->";

/// Builds the program for `triple` with `rustflags` into `<target>/<dir>`; returns the program's
/// path.
///
/// # Panics
/// If the build fails.
#[must_use]
pub fn build(root: &Path, target: &Path, triple: &str, dir: &str, rustflags: &str) -> PathBuf {
    crate::build_own_workspace(
        root,
        &target.join(dir),
        "rv32",
        triple,
        rustflags,
        "rv32count",
    )
}

/// Instructions executed by `rv32count name calls` under `qemu` (`qemu-riscv32`, `qemu-arm`) on
/// `cpu` (`None` if the run fails: a wrong output, or an instruction the CPU lacks).
#[must_use]
pub fn count(exe: &Path, qemu: &str, cpu: &str, name: &str, calls: u32) -> Option<u64> {
    let mut child = Command::new(qemu)
        .args(["-cpu", cpu, "-singlestep", "-d", "exec,nochain"])
        .arg(exe)
        .args([name, &calls.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    // Without -D, qemu writes its log to standard error; the program writes there only `FAIL`.
    let log = BufReader::new(child.stderr.take()?);
    let mut n = 0u64;
    for line in log.split(b'\n') {
        if line.ok()?.starts_with(b"Trace") {
            n += 1;
        }
    }
    child.wait().ok()?.success().then_some(n)
}

/// Instructions per byte of one call (`None` where a run failed).
#[must_use]
pub fn per_byte(exe: &Path, qemu: &str, cpu: &str, name: &str, len: usize) -> Option<f64> {
    let one = count(exe, qemu, cpu, name, 1)?;
    let two = count(exe, qemu, cpu, name, 2)?;
    (two > one).then(|| (two - one) as f64 / len as f64)
}

/// The section from the measured figures: `cells[f][v]` for function `f` of [`FUNCTIONS`] and
/// build `v` of [`VARIANTS`].
#[must_use]
pub fn section(cells: &[Vec<Option<f64>>]) -> String {
    let mut s = String::from(
        "## Instructions per byte on 32-bit RISC-V (qemu-riscv32)\n\n\
         There is no RISC-V machine here: these are instructions executed under qemu-riscv32 user \
         mode (`-singlestep -d exec,nochain`, one log line per instruction), one call being the \
         difference between the runs with 1 and 2 calls, per byte of input. The program is \
         `benches/rv32` (static, `no_std`, `riscv32imac-unknown-none-elf`, release with fat LTO, \
         a minimal `_start` using the Linux `write`/`exit` ecalls), built three times: plain, \
         `RUSTFLAGS='-C target-feature=+zbb'` and `RUSTFLAGS='-C target-feature=+zbb,+zbkb'`, each \
         run on a qemu CPU with exactly those bit-manipulation extensions. Every run checks the \
         ascon-c KATs, SHA3-256(\"abc\") and its own outputs against values computed outside this \
         project (RustCrypto's crates, Python's hashlib); a run with a wrong output gives no \
         figure. AEAD: key and nonce set up in each call, empty AD, 16-byte aligned buffers. The \
         anchors are those of issue 23 (on the thesis's riscvOVPsim an instruction is a cycle). \
         Written by `cargo run -p benches --bin report --release -- --qemu-rv32`; \
         `bash .ci/rv32.sh` prints the same table.\n\n",
    );
    let _ = write!(s, "| function | size |");
    for (title, ..) in VARIANTS {
        let _ = write!(s, " {title} |");
    }
    s.push_str(" anchors (insn/B) |\n|---|---:|");
    for _ in VARIANTS {
        s.push_str("---:|");
    }
    s.push_str("---|\n");
    let fmt = |c: Option<f64>| c.map_or_else(|| "–".to_string(), |v| format!("{v:.2}"));
    for ((_, label, len, anchor), row) in FUNCTIONS.iter().zip(cells) {
        let _ = write!(
            s,
            "| {label} | {} |",
            crate::report::format_size(*len as u64)
        );
        for c in row {
            let _ = write!(s, " {} |", fmt(*c));
        }
        let _ = writeln!(s, " {anchor} |");
    }
    let ours = FUNCTIONS.iter().position(|f| f.0 == "sha3_256_16384_lwc");
    let peer = FUNCTIONS.iter().position(|f| f.0 == "sha3_256_16384_sha3");
    if let (Some(a), Some(b)) = (ours, peer) {
        s.push_str("\nSHA3-256 16 KiB, ours / sha3 (instructions; target at most 0.75):");
        for (v, (title, ..)) in VARIANTS.iter().enumerate() {
            if let (Some(x), Some(y)) = (cells[a][v], cells[b][v]) {
                let _ = write!(s, " {title} {:.3};", x / y);
            }
        }
        s.pop();
        s.push_str(".\n");
    }
    s
}

/// The Thumb rows: the build (index into [`THUMB_BUILDS`]), the function, the row label, the
/// input length and what the figure is compared with.
pub const THUMB_ROWS: &[(usize, &str, &str, usize, &str)] = &[
    (
        0,
        "sha3_256_16384_lwc",
        "SHA3-256, ours (`bi32`, the default)",
        16384,
        "below sha3 and below `portable` for `bi32` to be the right default",
    ),
    (
        1,
        "sha3_256_16384_lwc",
        "SHA3-256, ours (`portable`)",
        16384,
        "the alternative to `bi32`",
    ),
    (
        0,
        "sha3_256_16384_sha3",
        "SHA3-256, RustCrypto `sha3` 0.12",
        16384,
        "the peer, built the same way",
    ),
    (
        0,
        "aead128_encrypt_64",
        "Ascon-AEAD128 encrypt, ours",
        64,
        "–",
    ),
    (
        0,
        "aead128_encrypt_4096",
        "Ascon-AEAD128 encrypt, ours",
        4096,
        "–",
    ),
    (0, "hash256_4096", "Ascon-Hash256, ours", 4096, "–"),
];

/// The Thumb part of the section from `cells[r]`, the figure of row `r` of [`THUMB_ROWS`].
#[must_use]
pub fn thumb_section(cells: &[Option<f64>]) -> String {
    let mut s = String::from(
        "### Cortex-M4F (`thumbv7em-none-eabihf`, qemu-arm)\n\n\
         The same program and counting, built for `thumbv7em-none-eabihf` (ARMv7E-M, Thumb-2 with \
         the DSP instructions; its `_start` and system calls use the Arm EABI: `svc #0`, the \
         number in `r7`), by default and with `RUSTFLAGS='--cfg keccak_backend=\"portable\"'`, run \
         under `qemu-arm -cpu cortex-a15` user mode (qemu-arm runs only A-profile CPUs; the \
         Cortex-A15 executes the same Thumb-2 and DSP instructions). These are instructions, not \
         cycles (no Cortex-M4 here).\n\n\
         | function | size | build | insn/B | compared with |\n|---|---:|---|---:|---|\n",
    );
    let fmt = |c: Option<f64>| c.map_or_else(|| "–".to_string(), |v| format!("{v:.2}"));
    for ((build, _, label, len, note), c) in THUMB_ROWS.iter().zip(cells) {
        let _ = writeln!(
            s,
            "| {label} | {} | {} | {} | {note} |",
            crate::report::format_size(*len as u64),
            THUMB_BUILDS[*build].0,
            fmt(*c)
        );
    }
    if let (Some(Some(bi32)), Some(Some(portable)), Some(Some(sha3))) =
        (cells.first(), cells.get(1), cells.get(2))
    {
        let _ = writeln!(
            s,
            "\nSHA3-256 16 KiB on thumbv7em (instructions): `bi32` / sha3 {:.3}; `bi32` / \
             `portable` {:.3}.",
            bi32 / sha3,
            bi32 / portable
        );
    }
    s
}

/// Builds the program for every variant and target and measures the [`section`] and the
/// [`thumb_section`].
#[must_use]
pub fn measure(root: &Path, target: &Path) -> String {
    let mut cells = vec![Vec::new(); FUNCTIONS.len()];
    for (title, dir, flags, cpu) in VARIANTS {
        let exe = build(root, target, TARGET, &format!("rv32-{dir}"), flags);
        for (i, (name, _, len, _)) in FUNCTIONS.iter().enumerate() {
            let c = per_byte(&exe, "qemu-riscv32", cpu, name, *len);
            eprintln!("report: qemu-riscv32 {title} {name}: {c:?}");
            cells[i].push(c);
        }
    }
    let exes: Vec<PathBuf> = THUMB_BUILDS
        .iter()
        .map(|(_, dir, flags)| build(root, target, THUMB_TARGET, &format!("thumb-{dir}"), flags))
        .collect();
    let thumb: Vec<Option<f64>> = THUMB_ROWS
        .iter()
        .map(|(b, name, _, len, _)| {
            let c = per_byte(&exes[*b], "qemu-arm", THUMB_CPU, name, *len);
            eprintln!("report: qemu-arm {} {name}: {c:?}", THUMB_BUILDS[*b].1);
            c
        })
        .collect();
    format!("{}\n{}", section(&cells), thumb_section(&thumb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_shows_every_cell_and_the_ratio() {
        let cells: Vec<Vec<Option<f64>>> = (0..FUNCTIONS.len())
            .map(|f| {
                (0..VARIANTS.len())
                    .map(|v| Some((10 * f + v + 1) as f64))
                    .collect()
            })
            .collect();
        let mut cells = cells;
        cells[0][0] = None;
        let s = section(&cells);
        assert!(
            s.contains("| Ascon-AEAD128 encrypt, ours | 64 B | – | 2.00 | 3.00 |"),
            "{s}"
        );
        // ours 31, 32, 33 against sha3 41, 42, 43
        assert!(
            s.contains("rv32imac 0.756; +zbb 0.762; +zbb,+zbkb 0.767."),
            "{s}"
        );
    }

    #[test]
    fn thumb_section_shows_every_cell_and_the_ratios() {
        let mut cells: Vec<Option<f64>> = vec![Some(90.0), Some(120.0), Some(100.0)];
        cells.extend((3..THUMB_ROWS.len()).map(|_| None));
        let s = thumb_section(&cells);
        assert!(
            s.contains("| SHA3-256, ours (`portable`) | 16 KiB | `--cfg keccak_backend=\"portable\"` | 120.00 |"),
            "{s}"
        );
        assert!(
            s.contains("| Ascon-Hash256, ours | 4 KiB | default | – |"),
            "{s}"
        );
        assert!(
            s.contains("`bi32` / sha3 0.900; `bi32` / `portable` 0.750."),
            "{s}"
        );
    }
}
