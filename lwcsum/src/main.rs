#![doc = include_str!("../README.md")]

mod algorithms;
mod format;
mod input;
#[cfg(unix)]
mod sigbus;

use std::ffi::{OsStr, OsString};
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;

use clap::{CommandFactory, Parser, error::ErrorKind};
use indicatif::{ProgressBar, ProgressStyle};

use algorithms::{Algorithm, Kind, Params, takes};
use format::LineStyle;
use input::{Input, ReadOptions};

/// The largest `-l` (bytes).
pub(crate) const MAX_LENGTH: usize = 1 << 16;
/// Inputs of at least this many bytes in total get a progress bar (on a terminal only).
const PROGRESS_MIN: u64 = 256 * 1024 * 1024;

const AFTER_HELP: &str = "\
With no FILE, or when FILE is -, read standard input.

Output lines are GNU style `HEX  NAME` (names containing a backslash, newline or carriage return
are escaped and the line starts with a backslash) or, with --tag, BSD style `ALGO (NAME) = HEX`.
Check mode (-c) reads both styles; untagged lines are checked with the algorithm of -a, tagged
lines with the one they name.

Parameters (--customization, --function-name, --block-size, --domain) are not part of a
checksum line: in check mode they apply to every line whose function takes them, as --key-file
applies to every MAC line.

MACs: with --key-file the MAC is keyed with the file's raw bytes. LeMac and PetitMac without
--key-file use the all-zero key (the seed tool lemacsum's checksum): that output is a
NON-CRYPTOGRAPHIC checksum that detects accidental corruption only, never tampering.

Exit status: 0 when every input was hashed (or verified), 1 when any input failed, 2 on usage
errors.";

/// Print or check checksums with the hashes, XOFs and MACs of the lwc-rs workspace.
#[derive(Debug, Parser)]
#[command(name = "lwcsum", version, about, after_help = AFTER_HELP, max_term_width = 100)]
struct Cli {
    /// Algorithm (see --list)
    #[arg(short = 'a', long, value_name = "NAME", default_value = algorithms::DEFAULT)]
    algorithm: String,

    /// List the algorithms of this build and exit
    #[arg(long, exclusive = true)]
    list: bool,

    /// Read checksum lists from the FILEs and check them
    #[arg(short = 'c', long)]
    check: bool,

    /// BSD-style output: ALGO (NAME) = HEX
    #[arg(long, conflicts_with_all = ["check", "no_names"])]
    tag: bool,

    /// Output length in BYTES, for the functions of variable length (`*` in --list). XOFs give
    /// a prefix; for KMAC, TupleHash, ParallelHash and Ascon-PrfShort the length is their input
    /// L, so another length gives an unrelated value
    #[arg(short = 'l', long, value_name = "BYTES")]
    length: Option<usize>,

    /// Print the digest only, without the file name
    #[arg(long, conflicts_with = "check")]
    no_names: bool,

    /// Write the raw digest bytes (a single input only)
    #[arg(long, conflicts_with_all = ["check", "tag", "no_names", "zero"])]
    raw: bool,

    /// End each output line with NUL instead of newline and do not escape names (with -c:
    /// the lists are NUL-separated too)
    #[arg(short = 'z', long)]
    zero: bool,

    /// Key a MAC with the raw bytes of this file
    #[arg(long, value_name = "FILE")]
    key_file: Option<PathBuf>,

    /// Customization string S (cSHAKE, KMAC, TupleHash, ParallelHash), C (KT128/KT256) or Z
    /// (Ascon-CXOF128), as bytes
    #[arg(long, value_name = "STR", conflicts_with = "customization_hex")]
    customization: Option<OsString>,

    /// The customization string in hex
    #[arg(long, value_name = "HEX")]
    customization_hex: Option<String>,

    /// cSHAKE function name N, as bytes
    #[arg(long, value_name = "STR", conflicts_with = "function_name_hex")]
    function_name: Option<OsString>,

    /// The function name in hex
    #[arg(long, value_name = "HEX")]
    function_name_hex: Option<String>,

    /// ParallelHash block size B in bytes (default 8192)
    #[arg(long, value_name = "BYTES")]
    block_size: Option<usize>,

    /// TurboSHAKE domain separation byte D, 0x01 to 0x7F (default 0x1F; hex with 0x, or decimal)
    #[arg(long, value_name = "BYTE", value_parser = parse_domain)]
    domain: Option<u8>,

    /// Read files instead of memory-mapping them
    #[arg(long)]
    no_mmap: bool,

    /// Worker threads (default: one per core; RAYON_NUM_THREADS is honoured too)
    #[arg(long, value_name = "N")]
    num_threads: Option<usize>,

    /// Check mode: do not print OK for each verified file
    #[arg(long, requires = "check")]
    quiet: bool,

    /// Check mode: print nothing, the exit status tells the result
    #[arg(long, requires = "check")]
    status: bool,

    /// Check mode: exit non-zero for improperly formatted lines
    #[arg(long, requires = "check")]
    strict: bool,

    /// Check mode: warn about each improperly formatted line
    #[arg(short = 'w', long, requires = "check")]
    warn: bool,

    /// Check mode: do not fail or report anything for missing files
    #[arg(long, requires = "check")]
    ignore_missing: bool,

    /// Files to hash (or, with -c, checksum lists)
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
}

fn parse_domain(s: &str) -> Result<u8, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u8::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|_| format!("'{s}' is not a byte (0x01 to 0x7F)"))
}

/// The bytes of `--NAME STR` or `--NAME-hex HEX` (clap lets at most one through).
fn bytes_option(text: &Option<OsString>, hex: &Option<String>, name: &str) -> Option<Vec<u8>> {
    match (text, hex) {
        (Some(s), _) => Some(name_bytes(s)),
        (None, Some(h)) => Some(
            format::unhex(h.as_bytes())
                .unwrap_or_else(|| usage_error(format!("--{name}-hex '{h}' is not hex"))),
        ),
        (None, None) => None,
    }
}

fn usage_error(msg: impl std::fmt::Display) -> ! {
    Cli::command().error(ErrorKind::InvalidValue, msg).exit()
}

/// File names as bytes, for output.
#[cfg(unix)]
fn name_bytes(s: &OsStr) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
fn name_bytes(s: &OsStr) -> Vec<u8> {
    s.to_string_lossy().into_owned().into_bytes()
}

#[cfg(unix)]
fn os_from_bytes(b: &[u8]) -> OsString {
    use std::os::unix::ffi::OsStrExt;
    OsStr::from_bytes(b).to_os_string()
}

#[cfg(not(unix))]
fn os_from_bytes(b: &[u8]) -> OsString {
    OsString::from(String::from_utf8_lossy(b).into_owned())
}

fn warn(msg: &[u8]) {
    let mut e = io::stderr().lock();
    let _ = e.write_all(b"lwcsum: ");
    let _ = e.write_all(msg);
    let _ = e.write_all(b"\n");
}

fn err_line(name: &[u8], reason: &str) {
    let mut m = name.to_vec();
    m.extend_from_slice(b": ");
    m.extend_from_slice(reason.as_bytes());
    warn(&m);
}

/// Everything a job needs to hash one input.
#[derive(Clone, Copy)]
struct Job<'a> {
    params: &'a Params,
    read: ReadOptions,
    progress: Option<&'a ProgressBar>,
}

fn digest_of(
    alg: &Algorithm,
    len: usize,
    input: Input<'_>,
    job: Job<'_>,
) -> Result<Vec<u8>, String> {
    let mut h = alg.start(job.params)?;
    input::feed(input, &mut *h, job.read, job.progress)?;
    let mut out = vec![0u8; len];
    h.finalize_into(&mut out)?;
    Ok(out)
}

/// Runs `f` over `items` on the rayon pool, FIFO, and hands the results to `sink` in order as
/// soon as each one and all before it are done.
fn run_ordered<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> R + Sync,
    mut sink: impl FnMut(&T, R),
) {
    if items.len() == 1 {
        let r = f(&items[0]);
        sink(&items[0], r);
        return;
    }
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|ts| {
        let f = &f;
        ts.spawn(move || {
            rayon::scope_fifo(|s| {
                for (i, item) in items.iter().enumerate() {
                    let tx = tx.clone();
                    s.spawn_fifo(move |_| {
                        let _ = tx.send((i, f(item)));
                    });
                }
            });
        });
        let mut pending = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                sink(&items[next], r);
                next += 1;
            }
        }
    });
}

fn total_size(names: &[&OsStr]) -> u64 {
    names
        .iter()
        .filter_map(|n| std::fs::metadata(n).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}

fn progress_bar(total: u64, enabled: bool) -> Option<ProgressBar> {
    if !enabled || total < PROGRESS_MIN || !io::stderr().is_terminal() {
        return None;
    }
    let pb = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} ETA {eta}",
    ) {
        pb.set_style(style);
    }
    Some(pb)
}

fn write_out(out: &mut impl Write, pb: Option<&ProgressBar>, bytes: &[u8]) -> bool {
    let mut w = || out.write_all(bytes).and_then(|()| out.flush());
    let r = match pb {
        Some(pb) => pb.suspend(w),
        None => w(),
    };
    if let Err(e) = r {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(1);
        }
        warn(format!("write error: {}", input::reason(&e)).as_bytes());
        return false;
    }
    true
}

fn hash_mode(cli: &Cli, alg: &Algorithm, len: usize, job: Job<'_>) -> bool {
    let stdin = OsStr::new("-");
    let names: Vec<&OsStr> = if cli.files.is_empty() {
        vec![stdin]
    } else {
        cli.files.iter().map(OsString::as_os_str).collect()
    };
    if cli.raw && names.len() > 1 {
        usage_error("--raw needs exactly one input");
    }
    let style = LineStyle {
        tag: cli.tag,
        no_names: cli.no_names,
        zero: cli.zero,
    };
    let pb = progress_bar(total_size(&names), true);
    let job = Job {
        progress: pb.as_ref(),
        ..job
    };
    let mut ok = true;
    let mut out = io::stdout().lock();
    run_ordered(
        &names,
        |name| {
            let input = if *name == "-" {
                Input::Stdin
            } else {
                Input::Path(name)
            };
            digest_of(alg, len, input, job)
        },
        |name, r| match r {
            Ok(d) => {
                let bytes = if cli.raw {
                    d
                } else {
                    format::line(alg, &d, &name_bytes(name), style)
                };
                ok &= write_out(&mut out, pb.as_ref(), &bytes);
            }
            Err(reason) => {
                ok = false;
                if let Some(pb) = &pb {
                    pb.suspend(|| err_line(&name_bytes(name), &reason));
                } else {
                    err_line(&name_bytes(name), &reason);
                }
            }
        },
    );
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    ok
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("WARNING: {n} {}", if n == 1 { one } else { many })
}

fn check_mode(cli: &Cli, reg: &[Algorithm], alg: &Algorithm, job: Job<'_>) -> bool {
    let stdin = OsStr::new("-");
    let lists: Vec<&OsStr> = if cli.files.is_empty() {
        vec![stdin]
    } else {
        cli.files.iter().map(OsString::as_os_str).collect()
    };
    let sep = if cli.zero { b'\0' } else { b'\n' };
    let mut all_ok = true;
    let mut out = io::stdout().lock();
    for list in lists {
        let (list_name, text) = if list == "-" {
            let mut buf = Vec::new();
            (
                b"standard input".to_vec(),
                io::stdin().lock().read_to_end(&mut buf).map(|_| buf),
            )
        } else {
            (name_bytes(list), std::fs::read(list))
        };
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                err_line(&list_name, &input::reason(&e));
                all_ok = false;
                continue;
            }
        };
        let mut entries = Vec::new();
        let mut malformed = 0usize;
        let body = text.strip_suffix(&[sep]).unwrap_or(&text);
        for (i, raw) in body.split(|&c| c == sep).enumerate() {
            let trimmed = raw.strip_suffix(b"\r").unwrap_or(raw);
            if trimmed.is_empty() || trimmed.first() == Some(&b'#') {
                continue;
            }
            match format::parse_check_line(reg, alg, cli.length, raw) {
                Some(e) => entries.push(e),
                None => {
                    malformed += 1;
                    if cli.warn {
                        let mut m = list_name.clone();
                        m.extend_from_slice(
                            format!(": {}: improperly formatted checksum line", i + 1).as_bytes(),
                        );
                        warn(&m);
                    }
                }
            }
        }
        if entries.is_empty() {
            let mut m = list_name.clone();
            m.extend_from_slice(b": no properly formatted checksum lines found");
            warn(&m);
            all_ok = false;
            continue;
        }
        let paths: Vec<OsString> = entries.iter().map(|e| os_from_bytes(&e.name)).collect();
        let refs: Vec<&OsStr> = paths.iter().map(OsString::as_os_str).collect();
        let pb = progress_bar(total_size(&refs), !cli.status);
        let job = Job {
            progress: pb.as_ref(),
            ..job
        };
        let idx: Vec<usize> = (0..entries.len()).collect();
        let (mut read_failures, mut mismatches, mut verified) = (0usize, 0usize, 0usize);
        run_ordered(
            &idx,
            |&i| {
                let e = &entries[i];
                let input = if e.name == b"-" {
                    Input::Stdin
                } else {
                    Input::Path(&paths[i])
                };
                match std::fs::metadata(&paths[i]) {
                    Err(err)
                        if input_is_path(input)
                            && cli.ignore_missing
                            && err.kind() == io::ErrorKind::NotFound =>
                    {
                        None
                    }
                    _ => Some(digest_of(e.alg, e.expected.len(), input, job)),
                }
            },
            |&i, r| {
                let e = &entries[i];
                let shown = shown_name(&e.name, cli.zero);
                let status = match r {
                    None => return,
                    Some(Err(reason)) => {
                        read_failures += 1;
                        let msg = || err_line(&e.name, &reason);
                        match &pb {
                            Some(pb) => pb.suspend(msg),
                            None => msg(),
                        }
                        "FAILED open or read"
                    }
                    Some(Ok(d)) if d == e.expected => {
                        verified += 1;
                        if cli.quiet {
                            return;
                        }
                        "OK"
                    }
                    Some(Ok(_)) => {
                        verified += 1;
                        mismatches += 1;
                        "FAILED"
                    }
                };
                if !cli.status {
                    let mut l = shown;
                    l.extend_from_slice(b": ");
                    l.extend_from_slice(status.as_bytes());
                    l.push(if cli.zero { b'\0' } else { b'\n' });
                    write_out(&mut out, pb.as_ref(), &l);
                }
            },
        );
        if let Some(pb) = pb {
            pb.finish_and_clear();
        }
        if !cli.status {
            if malformed > 0 {
                warn(
                    plural(
                        malformed,
                        "line is improperly formatted",
                        "lines are improperly formatted",
                    )
                    .as_bytes(),
                );
            }
            if read_failures > 0 {
                warn(
                    plural(
                        read_failures,
                        "listed file could not be read",
                        "listed files could not be read",
                    )
                    .as_bytes(),
                );
            }
            if mismatches > 0 {
                warn(
                    plural(
                        mismatches,
                        "computed checksum did NOT match",
                        "computed checksums did NOT match",
                    )
                    .as_bytes(),
                );
            }
        }
        if cli.ignore_missing && verified == 0 && read_failures == 0 {
            let mut m = list_name.clone();
            m.extend_from_slice(b": no file was verified");
            warn(&m);
            all_ok = false;
        }
        if read_failures > 0 || mismatches > 0 || (cli.strict && malformed > 0) {
            all_ok = false;
        }
    }
    all_ok
}

fn input_is_path(i: Input<'_>) -> bool {
    matches!(i, Input::Path(_))
}

/// A name as check mode prints it: GNU-escaped with a leading backslash when needed.
fn shown_name(name: &[u8], zero: bool) -> Vec<u8> {
    if !zero && format::needs_escape(name) {
        let mut v = vec![b'\\'];
        v.extend_from_slice(&format::escape(name));
        v
    } else {
        name.to_vec()
    }
}

fn list(reg: &[Algorithm]) {
    let mut out = io::stdout().lock();
    let _ = writeln!(
        out,
        "{:<19} {:<8} {:<5} {:<6} DESCRIPTION",
        "NAME", "FAMILY", "KIND", "BYTES"
    );
    for a in reg {
        let kind = match a.kind {
            Kind::Hash => "hash",
            Kind::Xof => "xof",
            Kind::Mac { .. } => "mac",
        };
        let star = if a.is_variable() { "*" } else { "" };
        let mut extra = String::new();
        for (bit, option) in takes::ALL {
            if a.takes & bit != 0 {
                extra.push_str(if extra.is_empty() { " [" } else { ", " });
                extra.push_str(option);
            }
        }
        if !extra.is_empty() {
            extra.push(']');
        }
        if a.name == algorithms::DEFAULT {
            extra.push_str(" [default]");
        }
        let _ = writeln!(
            out,
            "{:<19} {:<8} {:<5} {:<6} {}{extra}",
            a.name,
            a.family,
            kind,
            format!("{}{star}", a.out_len),
            a.description
        );
    }
    let _ = writeln!(
        out,
        "(* default of a variable output length; -l BYTES changes it)"
    );
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let reg = algorithms::registry();
    if cli.list {
        list(&reg);
        return ExitCode::SUCCESS;
    }
    let Some(alg) = algorithms::by_name(&reg, &cli.algorithm) else {
        usage_error(format!(
            "unknown algorithm '{}' (see --list)",
            cli.algorithm
        ));
    };
    let (lo, hi) = alg.lengths;
    let len = match cli.length {
        None => alg.out_len,
        Some(_) if !alg.is_variable() => usage_error(format!(
            "--length does not apply to {}: its output is {} bytes",
            alg.name, alg.out_len
        )),
        Some(l) if l < lo || l > hi => usage_error(format!(
            "--length of {} must be {lo} to {hi} bytes",
            alg.name
        )),
        Some(l) => l,
    };
    let key = match (&cli.key_file, alg.kind) {
        // In check mode a key applies to the keyed lines of a list whatever -a is.
        (Some(_), k) if !cli.check && !matches!(k, Kind::Mac { .. }) => usage_error(format!(
            "--key-file applies to MACs only; {} is not a MAC",
            alg.name
        )),
        (None, Kind::Mac { keyless: false, .. }) => {
            usage_error(format!("{} needs --key-file", alg.name))
        }
        (None, _) => None,
        (Some(path), _) => match std::fs::read(path) {
            Ok(k) => Some(k),
            Err(e) => {
                err_line(&name_bytes(path.as_os_str()), &input::reason(&e));
                return ExitCode::FAILURE;
            }
        },
    };
    let params = Params {
        key,
        customization: bytes_option(&cli.customization, &cli.customization_hex, "customization"),
        function_name: bytes_option(&cli.function_name, &cli.function_name_hex, "function-name"),
        block_size: cli.block_size,
        domain: cli.domain,
    };
    // In check mode the parameters apply to every line whose algorithm takes them.
    for (bit, option) in takes::ALL {
        if !cli.check && params.given() & bit != 0 && alg.takes & bit == 0 {
            usage_error(format!("{option} does not apply to {}", alg.name));
        }
    }
    if let Err(reason) = alg.start(&params) {
        match (&cli.key_file, &params.key) {
            // A key of the wrong length: the key file is the bad input (exit 1).
            (Some(path), Some(_)) if reason.starts_with("key must be") => {
                err_line(&name_bytes(path.as_os_str()), &reason);
                return ExitCode::FAILURE;
            }
            _ => usage_error(reason),
        }
    }
    if let Some(n) = cli.num_threads {
        if n == 0 {
            usage_error("--num-threads must be at least 1");
        }
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
    let job = Job {
        params: &params,
        read: ReadOptions {
            no_mmap: cli.no_mmap,
        },
        progress: None,
    };
    let ok = if cli.check {
        check_mode(&cli, &reg, alg, job)
    } else {
        hash_mode(&cli, alg, len, job)
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
