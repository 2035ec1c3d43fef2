//! Check mode (`-c`): reads checksum lists, hashes every listed file and reports each result and
//! a GNU-style summary.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, BufRead, BufReader, StdoutLock};

use indicatif::ProgressBar;

use crate::algorithms::Algorithm;
use crate::cli::Cli;
use ctutils::CtEq;

use crate::format::{self, BadLine, CheckLine};
use crate::input::{self, Input};
use crate::jobs::{Job, digest_of, run_ordered};
use crate::list_reader::{Line, ListReader, MAX_LINE};
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

/// Entries verified together: the list is read on while none of them is hashed, so these
/// bound what check mode holds (with [`MAX_LINE`] and the reader's buffer), whatever the list's
/// length.
const BATCH: usize = 1024;
/// A batch is also verified once its names and digests reach this many bytes.
const BATCH_BYTES: usize = 4 << 20;

/// What a list's lines gave so far.
#[derive(Default)]
struct ListState {
    /// Malformed lines (blank lines and `#` comments are neither).
    malformed: usize,
    /// Among those, the tags of unsupported algorithms with their counts.
    unsupported: Vec<(String, usize)>,
    /// Well-formed lines.
    entries: usize,
    /// The results of the entries verified.
    tally: Tally,
    /// The progress bar.
    bar: Bar,
}

/// One checksum list: read line by line, every entry verified in batches as the list streams
/// in, the summary warned. Returns whether it verified.
fn check_list(
    cli: &Cli,
    reg: &[Algorithm],
    alg: &Algorithm,
    job: Job<'_>,
    list: &OsStr,
    stdin_taken: Option<&str>,
    out: &mut StdoutLock<'_>,
) -> bool {
    let (list_name, reader) = open_list(list);
    let reader = match reader {
        Ok(r) => r,
        Err(e) => {
            err_line(&list_name, &input::reason(&e));
            return false;
        }
    };
    let sep = if cli.zero { b'\0' } else { b'\n' };
    let mut lines = ListReader::new(reader, sep, MAX_LINE);
    let mut st = ListState {
        bar: Bar {
            enabled: !cli.status,
            ..Bar::default()
        },
        ..ListState::default()
    };
    let mut batch: Vec<CheckLine<'_>> = Vec::new();
    let mut batch_bytes = 0;
    let mut failed = None;
    loop {
        let (number, line) = match lines.next_line() {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                failed = Some(e);
                break;
            }
        };
        if let Some(e) = parse_line(cli, reg, alg, &list_name, number, line, &mut st) {
            batch_bytes += e.name.len() + e.expected.len();
            batch.push(e);
            if batch.len() >= BATCH || batch_bytes >= BATCH_BYTES {
                verify_entries(cli, alg, &batch, job, stdin_taken, out, &mut st);
                batch.clear();
                batch_bytes = 0;
            }
        }
    }
    verify_entries(cli, alg, &batch, job, stdin_taken, out, &mut st);
    std::mem::take(&mut st.bar).finish();
    if let Some(e) = failed {
        err_line(&list_name, &input::reason(&e));
        return false;
    }
    if !st.unsupported.is_empty() && (st.entries == 0 || !cli.status) {
        for (tag, n) in &st.unsupported {
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
    if st.entries == 0 {
        let mut m = list_name;
        m.extend_from_slice(b": no properly formatted checksum lines found");
        warn(&m);
        return false;
    }
    let tally = &st.tally;
    if !cli.status {
        warn_summary(st.malformed, tally);
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
        && !(cli.strict && st.malformed > 0)
}

/// The list's name as reported (`standard input` for `-`) and a buffered reader of it.
fn open_list(list: &OsStr) -> (Vec<u8>, io::Result<Box<dyn BufRead + '_>>) {
    if list == "-" {
        let r: io::Result<Box<dyn BufRead>> = if crate::stdio::stdin_closed() {
            Err(crate::stdio::ebadf())
        } else {
            Ok(Box::new(io::stdin().lock()))
        };
        (b"standard input".to_vec(), r)
    } else {
        let r = File::open(list).and_then(|f| {
            // A directory opens; say so now rather than at the first read.
            if f.metadata()?.is_dir() {
                return Err(is_a_directory());
            }
            let r: Box<dyn BufRead> = Box::new(BufReader::with_capacity(LIST_BUFFER, f));
            Ok(r)
        });
        (name_bytes(list), r)
    }
}

#[cfg(unix)]
fn is_a_directory() -> io::Error {
    io::Error::from_raw_os_error(libc::EISDIR)
}

#[cfg(not(unix))]
fn is_a_directory() -> io::Error {
    io::ErrorKind::IsADirectory.into()
}

/// The buffer of a list read from a file.
const LIST_BUFFER: usize = 64 * 1024;

fn plural_lines(n: usize) -> String {
    if n == 1 {
        "1 line".into()
    } else {
        format!("{n} lines")
    }
}

/// Parses line `number` of a list: the entry of a well-formed line; blank lines and `#`
/// comments are skipped, malformed ones counted in `st` (with `-w`, each is warned).
fn parse_line<'r>(
    cli: &Cli,
    reg: &'r [Algorithm],
    alg: &'r Algorithm,
    list_name: &[u8],
    number: usize,
    line: Line<'_>,
    st: &mut ListState,
) -> Option<CheckLine<'r>> {
    // A CR is part of a name in a NUL-separated list; in a newline-separated one it is the CR
    // of a CRLF line end.
    let strip_cr = !cli.zero;
    let parsed = match line {
        Line::Text(raw) => {
            let trimmed = match raw.strip_suffix(b"\r") {
                Some(t) if strip_cr => t,
                _ => raw,
            };
            if trimmed.is_empty() || trimmed.first() == Some(&b'#') {
                return None;
            }
            format::parse_check_line(reg, alg, cli.length, strip_cr, raw)
        }
        Line::TooLong => Err(BadLine::Malformed),
    };
    match parsed {
        Ok(e) => {
            st.entries += 1;
            Some(e)
        }
        Err(bad) => {
            if let BadLine::Unsupported(tag) = bad {
                match st.unsupported.iter_mut().find(|(t, _)| *t == tag) {
                    Some((_, n)) => *n += 1,
                    None => st.unsupported.push((tag, 1)),
                }
            }
            st.malformed += 1;
            if cli.warn {
                let mut m = list_name.to_vec();
                m.extend_from_slice(
                    format!(": {number}: improperly formatted checksum line").as_bytes(),
                );
                warn(&m);
            }
            None
        }
    }
}

/// The progress bar of a list, started once the sizes of the batches seen reach the bar's
/// threshold (on a terminal only) and lengthened by each later batch.
#[derive(Default)]
struct Bar {
    enabled: bool,
    pb: Option<ProgressBar>,
    total: u64,
    batches: usize,
}

impl Bar {
    /// Counts a batch of `names`; returns whether the bar should name each file (several).
    fn add(&mut self, names: &[&OsStr]) -> bool {
        let several = self.batches > 0 || names.len() > 1;
        self.batches += 1;
        let bytes = total_size(names);
        self.total += bytes;
        match &self.pb {
            Some(pb) => pb.inc_length(bytes),
            None => {
                self.pb = progress_bar(self.total, self.enabled, several);
                if let Some(pb) = &self.pb {
                    // The earlier batches are done.
                    pb.set_position(self.total - bytes);
                }
            }
        }
        several
    }

    fn finish(self) {
        if let Some(pb) = self.pb {
            pb.finish_and_clear();
        }
    }
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
    st: &mut ListState,
) {
    if entries.is_empty() {
        return;
    }
    let keyed = job.params.key.is_some();
    let paths: Vec<OsString> = entries.iter().map(|e| os_from_bytes(&e.name)).collect();
    let refs: Vec<&OsStr> = paths.iter().map(OsString::as_os_str).collect();
    let several = st.bar.add(&refs);
    let tally = &mut st.tally;
    let pb = st.bar.pb.as_ref();
    let job = Job {
        progress: pb,
        ..job
    };
    let idx: Vec<usize> = (0..entries.len()).collect();
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
            if e.name.contains(&0) {
                // No system call takes such a name (GNU would cut it at the NUL).
                return Outcome::Unreadable("file name contains a NUL byte".to_string());
            }
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
                // Named as on the result line: escaped, so no NUL or LF reaches the terminal raw.
                let msg = || err_line(&shown_name(&e.name, cli.zero), reason);
                match pb {
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
                write_out(out, pb, &l);
            }
        },
    );
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
