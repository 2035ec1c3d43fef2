//! Check mode (`-c`): reads checksum lists, hashes every listed file and reports each result and
//! a GNU-style summary.

use std::ffi::{OsStr, OsString};
use std::io::{self, Read, StdoutLock};

use crate::algorithms::Algorithm;
use crate::cli::Cli;
use ctutils::CtEq;

use crate::format::{self, BadLine, CheckLine};
use crate::input::{self, Input};
use crate::jobs::{Job, digest_of, run_ordered};
use crate::output::{
    err_line, input_is_path, name_bytes, os_from_bytes, plural, progress_bar, progress_name,
    shown_name, total_size, warn, write_out,
};

/// Check mode: checks every list named on the command line (standard input without FILEs).
/// Returns whether every list verified.
pub(crate) fn check_mode(cli: &Cli, reg: &[Algorithm], alg: &Algorithm, job: Job<'_>) -> bool {
    let stdin = OsStr::new("-");
    let lists: Vec<&OsStr> = if cli.files.is_empty() {
        vec![stdin]
    } else {
        cli.files.iter().map(OsString::as_os_str).collect()
    };
    let mut out = io::stdout().lock();
    let mut all_ok = true;
    // Once standard input is consumed (by the key or by a list), a `-` entry cannot be hashed:
    // it would hash whatever is left (usually nothing, the empty message's digest).
    let mut stdin_taken = cli.keyed.then_some("standard input held the key (--keyed)");
    for list in lists {
        if list == "-" {
            stdin_taken = Some("standard input is the checksum list");
        }
        all_ok &= check_list(cli, reg, alg, job, list, stdin_taken, &mut out);
    }
    all_ok
}

/// One checksum list: read, parsed, every entry verified, the summary warned. Returns whether it
/// verified.
fn check_list(
    cli: &Cli,
    reg: &[Algorithm],
    alg: &Algorithm,
    job: Job<'_>,
    list: &OsStr,
    stdin_taken: Option<&str>,
    out: &mut StdoutLock<'_>,
) -> bool {
    let (list_name, text) = read_list(list);
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            err_line(&list_name, &input::reason(&e));
            return false;
        }
    };
    let (entries, malformed, unsupported) = parse_list(cli, reg, alg, &list_name, &text);
    if !unsupported.is_empty() && (entries.is_empty() || !cli.status) {
        for (tag, n) in &unsupported {
            let mut m = list_name.clone();
            m.extend_from_slice(
                format!(
                    ": {tag}: unsupported algorithm ({}; see lwcsum --list)",
                    plural_lines(*n)
                )
                .as_bytes(),
            );
            warn(&m);
        }
    }
    if entries.is_empty() {
        let mut m = list_name;
        m.extend_from_slice(b": no properly formatted checksum lines found");
        warn(&m);
        return false;
    }
    let tally = verify_entries(cli, alg, &entries, job, stdin_taken, out);
    if !cli.status {
        warn_summary(malformed, &tally);
    }
    let mut ok = true;
    if cli.ignore_missing && tally.verified == 0 && tally.read_failures == 0 {
        let mut m = list_name;
        m.extend_from_slice(b": no file was verified");
        warn(&m);
        ok = false;
    }
    ok && tally.read_failures == 0
        && tally.mismatches == 0
        && tally.rejected == 0
        && !(cli.strict && malformed > 0)
}

/// The list's name as reported (`standard input` for `-`) and its bytes.
fn read_list(list: &OsStr) -> (Vec<u8>, io::Result<Vec<u8>>) {
    if list == "-" {
        let mut buf = Vec::new();
        let text = if crate::stdio::stdin_closed() {
            Err(crate::stdio::ebadf())
        } else {
            io::stdin().lock().read_to_end(&mut buf).map(|_| buf)
        };
        (b"standard input".to_vec(), text)
    } else {
        (name_bytes(list), std::fs::read(list))
    }
}

fn plural_lines(n: usize) -> String {
    if n == 1 {
        "1 line".into()
    } else {
        format!("{n} lines")
    }
}

/// The well-formed lines of a list, the number of malformed ones (blank lines and `#`
/// comments are neither) and, among those, the tags of unsupported algorithms with their
/// counts; with `-w` each malformed line is warned.
fn parse_list<'r>(
    cli: &Cli,
    reg: &'r [Algorithm],
    alg: &'r Algorithm,
    list_name: &[u8],
    text: &[u8],
) -> (Vec<CheckLine<'r>>, usize, Vec<(String, usize)>) {
    let sep = if cli.zero { b'\0' } else { b'\n' };
    // A CR is part of a name in a NUL-separated list; in a newline-separated one it is the CR
    // of a CRLF line end.
    let strip_cr = !cli.zero;
    let mut entries = Vec::new();
    let mut malformed = 0usize;
    let mut unsupported: Vec<(String, usize)> = Vec::new();
    let body = text.strip_suffix(&[sep]).unwrap_or(text);
    for (i, raw) in body.split(|&c| c == sep).enumerate() {
        let trimmed = match raw.strip_suffix(b"\r") {
            Some(t) if strip_cr => t,
            _ => raw,
        };
        if trimmed.is_empty() || trimmed.first() == Some(&b'#') {
            continue;
        }
        match format::parse_check_line(reg, alg, cli.length, strip_cr, raw) {
            Ok(e) => entries.push(e),
            Err(bad) => {
                if let BadLine::Unsupported(tag) = bad {
                    match unsupported.iter_mut().find(|(t, _)| *t == tag) {
                        Some((_, n)) => *n += 1,
                        None => unsupported.push((tag, 1)),
                    }
                }
                malformed += 1;
                if cli.warn {
                    let mut m = list_name.to_vec();
                    m.extend_from_slice(
                        format!(": {}: improperly formatted checksum line", i + 1).as_bytes(),
                    );
                    warn(&m);
                }
            }
        }
    }
    (entries, malformed, unsupported)
}

/// The counts a list's summary reports.
#[derive(Default)]
struct Tally {
    /// Listed files that could not be opened or read.
    read_failures: usize,
    /// Files read whose digest did not match.
    mismatches: usize,
    /// Files read and compared (matching or not).
    verified: usize,
    /// Lines the keyed check refused without hashing (another algorithm than `-a`, or a tag
    /// shorter than `--min-tag-length`).
    rejected: usize,
}

/// What became of one entry.
enum Outcome {
    /// A missing file under `--ignore-missing`: nothing to print.
    Skipped,
    /// Refused by the keyed check, with the reason.
    Rejected(String),
    /// The file could not be hashed, with the reason.
    Unreadable(String),
    /// The file's digest.
    Digest(Vec<u8>),
}

/// Why a keyed check (a key was given) refuses `e` without hashing it, if it does: with a key,
/// `-a` governs every line, so a line of another algorithm (a plain hash an attacker can
/// compute, or another MAC) is refused, and so is a tag shorter than the minimum (a 1-byte tag
/// is forged in 256 guesses).
fn keyed_rejection(cli: &Cli, alg: &Algorithm, e: &CheckLine<'_>) -> Option<String> {
    if e.alg.name != alg.name {
        return Some(format!(
            "rejected: the line is {}, not {} (with a key, -a governs every line)",
            e.alg.tag_for(e.expected.len()),
            alg.name
        ));
    }
    let min = cli.min_tag_length;
    let n = e.expected.len();
    (n < min).then(|| {
        format!(
            "rejected: a {n}-byte tag is shorter than the {min}-byte minimum (--min-tag-length)"
        )
    })
}

/// Hashes every entry's file (in parallel, results in list order) and prints `NAME: OK`,
/// `NAME: FAILED` or `NAME: FAILED open or read` for each (unless `--status`; `--quiet` drops the
/// OK lines; `--ignore-missing` skips missing files silently). With a key, lines the keyed
/// check refuses are `FAILED` with the reason on standard error. Digests are compared in
/// constant time.
fn verify_entries(
    cli: &Cli,
    alg: &Algorithm,
    entries: &[CheckLine<'_>],
    job: Job<'_>,
    stdin_taken: Option<&str>,
    out: &mut StdoutLock<'_>,
) -> Tally {
    let keyed = job.params.key.is_some();
    let paths: Vec<OsString> = entries.iter().map(|e| os_from_bytes(&e.name)).collect();
    let refs: Vec<&OsStr> = paths.iter().map(OsString::as_os_str).collect();
    let several = entries.len() > 1;
    let pb = progress_bar(total_size(&refs), !cli.status, several);
    let job = Job {
        progress: pb.as_ref(),
        ..job
    };
    let idx: Vec<usize> = (0..entries.len()).collect();
    let mut tally = Tally::default();
    run_ordered(
        &idx,
        |&i| {
            let e = &entries[i];
            if keyed {
                if let Some(reason) = keyed_rejection(cli, alg, e) {
                    return Outcome::Rejected(reason);
                }
            }
            progress_name(job.progress, several, &e.name);
            let input = if e.name == b"-" {
                if let Some(reason) = stdin_taken {
                    return Outcome::Unreadable(reason.to_string());
                }
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
                    Outcome::Skipped
                }
                _ => match digest_of(e.alg, e.expected.len(), input, job) {
                    Ok(d) => Outcome::Digest(d),
                    Err(reason) => Outcome::Unreadable(reason),
                },
            }
        },
        |&i, r| {
            let e = &entries[i];
            let say = |reason: &str| {
                let msg = || err_line(&e.name, reason);
                match &pb {
                    Some(pb) => pb.suspend(msg),
                    None => msg(),
                }
            };
            let status = match r {
                Outcome::Skipped => return,
                Outcome::Rejected(reason) => {
                    tally.rejected += 1;
                    if !cli.status {
                        say(&reason);
                    }
                    "FAILED"
                }
                Outcome::Unreadable(reason) => {
                    tally.read_failures += 1;
                    say(&reason);
                    "FAILED open or read"
                }
                Outcome::Digest(mut d) => {
                    tally.verified += 1;
                    let matches = d.as_slice().ct_eq(e.expected.as_slice()).to_bool();
                    // The correct tag of a file that failed is a forgery for it: wipe it.
                    zeroize::Zeroize::zeroize(&mut d);
                    if matches {
                        if cli.quiet {
                            return;
                        }
                        "OK"
                    } else {
                        tally.mismatches += 1;
                        "FAILED"
                    }
                }
            };
            if !cli.status {
                let mut l = shown_name(&e.name, cli.zero);
                l.extend_from_slice(b": ");
                l.extend_from_slice(status.as_bytes());
                l.push(if cli.zero { b'\0' } else { b'\n' });
                write_out(out, pb.as_ref(), &l);
            }
        },
    );
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    tally
}

/// GNU's closing warnings of a list: malformed lines, unreadable files, mismatches.
fn warn_summary(malformed: usize, tally: &Tally) {
    let lines = [
        (
            malformed,
            "line is improperly formatted",
            "lines are improperly formatted",
        ),
        (
            tally.read_failures,
            "listed file could not be read",
            "listed files could not be read",
        ),
        (
            tally.mismatches,
            "computed checksum did NOT match",
            "computed checksums did NOT match",
        ),
        (
            tally.rejected,
            "line was rejected by the keyed check",
            "lines were rejected by the keyed check",
        ),
    ];
    for (n, one, many) in lines {
        if n > 0 {
            warn(plural(n, one, many).as_bytes());
        }
    }
}
