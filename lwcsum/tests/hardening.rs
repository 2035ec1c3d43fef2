//! Issue 21's defects, each reproduced the way an attacker or an unlucky user would hit it, and
//! the GNU / b3sum behaviours people expect from the command line.
#![cfg(feature = "keccak")]

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;

fn touch(dir: &Path, name: &str, data: &[u8]) {
    fs::write(dir.join(name), data).unwrap();
}

/// Runs `sh -c SCRIPT` in `dir` with `$L` set to the binary (to close descriptors).
fn sh(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("L", BIN)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("spawn sh")
}

// ---------------------------------------------------------------- defect 1 (HIGH)

/// The issue's downgrade: a KMAC list whose line is replaced by a KT128 (or SHA3, or another
/// MAC's) line must not verify when the check is keyed.
#[test]
fn keyed_check_rejects_lines_of_other_algorithms() {
    let d = tempdir();
    touch(d.path(), "mac.key", b"0123456789abcdef0123456789abcdef");
    touch(d.path(), "doc.txt", b"original\n");
    let key = ["-a", "kmac128", "--key-file", "mac.key"];
    let out = run_in(d.path(), &[&key[..], &["--tag", "doc.txt"]].concat(), None);
    assert_eq!(out.status.code(), Some(0));
    touch(d.path(), "SUMS", &out.stdout);
    let out = run_in(
        d.path(),
        &[&key[..], &["-c", "--strict", "SUMS"]].concat(),
        None,
    );
    assert_eq!(stdout(&out), "doc.txt: OK\n");
    assert_eq!(out.status.code(), Some(0));
    // The attacker rewrites the file and the list with unkeyed lines.
    touch(d.path(), "doc.txt", b"attacker data\n");
    for forged in [
        &["--tag", "doc.txt"][..],
        &["-a", "sha3-256", "--tag", "doc.txt"],
        &["-a", "shake128", "--tag", "doc.txt"],
    ] {
        let out = run_in(d.path(), forged, None);
        assert_eq!(out.status.code(), Some(0));
        touch(d.path(), "SUMS", &out.stdout);
        for strict in [&["--strict"][..], &[]] {
            let args = [&key[..], strict, &["-c", "SUMS"]].concat();
            let out = run_in(d.path(), &args, None);
            assert_eq!(stdout(&out), "doc.txt: FAILED\n", "{forged:?} {strict:?}");
            assert!(
                stderr(&out).contains("not kmac128"),
                "{forged:?}: {}",
                stderr(&out)
            );
            assert_eq!(out.status.code(), Some(1), "{forged:?} {strict:?}");
        }
    }
    // Another MAC's line (KMAC256 keyed with the same key) is rejected too: -a governs.
    let out = run_in(
        d.path(),
        &["-a", "kmac256", "--key-file", "mac.key", "--tag", "doc.txt"],
        None,
    );
    touch(d.path(), "SUMS", &out.stdout);
    let out = run_in(d.path(), &[&key[..], &["-c", "SUMS"]].concat(), None);
    assert_eq!(stdout(&out), "doc.txt: FAILED\n");
    assert_eq!(out.status.code(), Some(1));
    // A key with -a naming an unkeyed algorithm is a usage error in check mode too.
    let out = run_in(
        d.path(),
        &["-a", "kt128", "--key-file", "mac.key", "-c", "SUMS"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `KMAC128-8 (d1) = XX`: with 256 guesses one verifies, unless tags shorter than 16 bytes are
/// refused (the default; `--min-tag-length` lowers it explicitly).
#[test]
fn keyed_check_refuses_short_tags() {
    let d = tempdir();
    touch(d.path(), "mac.key", b"0123456789abcdef");
    touch(d.path(), "d1", b"forged");
    let mut list = String::new();
    for b in 0..=255u8 {
        list.push_str(&format!("KMAC128-8 (d1) = {b:02x}\n"));
    }
    touch(d.path(), "SUMS", list.as_bytes());
    let key = ["-a", "kmac128", "--key-file", "mac.key"];
    let out = run_in(d.path(), &[&key[..], &["-c", "SUMS"]].concat(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stdout(&out).contains(": OK"), "{}", stdout(&out));
    assert!(stderr(&out).contains("16"), "{}", stderr(&out));
    // Untagged short lines as well.
    touch(d.path(), "U", b"00  d1\n");
    let out = run_in(d.path(), &[&key[..], &["-c", "U"]].concat(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stdout(&out).contains(": OK"));
    // The explicit override: now exactly one of the 256 guesses verifies.
    let args = [&key[..], &["--min-tag-length", "1", "-c", "SUMS"]].concat();
    let out = run_in(d.path(), &args, None);
    assert_eq!(stdout(&out).matches(": OK").count(), 1, "{}", stdout(&out));
    // Hash mode: a keyed tag shorter than the minimum is a usage error unless overridden.
    let out = run_in(d.path(), &[&key[..], &["-l", "8", "d1"]].concat(), None);
    assert_eq!(out.status.code(), Some(2));
    let args = [&key[..], &["-l", "8", "--min-tag-length", "8", "d1"]].concat();
    assert_eq!(run_in(d.path(), &args, None).status.code(), Some(0));
    // 16 bytes pass.
    let out = run_in(d.path(), &[&key[..], &["-l", "16", "d1"]].concat(), None);
    assert_eq!(out.status.code(), Some(0));
    touch(d.path(), "S16", &out.stdout);
    let out = run_in(d.path(), &[&key[..], &["-c", "S16"]].concat(), None);
    assert_eq!(stdout(&out), "d1: OK\n");
}

// ---------------------------------------------------------------- defect 2

#[cfg(unix)]
#[test]
fn zero_mode_check_keeps_cr_in_names() {
    let d = tempdir();
    touch(d.path(), "evil\r", b"original");
    touch(d.path(), "evil", b"original");
    let out = run_in(d.path(), &["-z", "evil\r"], None);
    assert_eq!(out.status.code(), Some(0));
    touch(d.path(), "s", &out.stdout);
    touch(d.path(), "evil\r", b"TAMPERED");
    let out = run_in(d.path(), &["-c", "-z", "s"], None);
    assert_eq!(out.stdout, b"evil\r: FAILED\0");
    assert_eq!(out.status.code(), Some(1));
    // Newline lists still drop the CR of a CRLF line end.
    let sum = stdout(&run_in(d.path(), &["evil"], None));
    touch(d.path(), "crlf", sum.replace('\n', "\r\n").as_bytes());
    let out = run_in(d.path(), &["-c", "crlf"], None);
    assert_eq!(stdout(&out), "evil: OK\n");
}

// ---------------------------------------------------------------- defect 3

#[cfg(unix)]
#[test]
fn closed_stdout_is_a_write_error() {
    let d = tempdir();
    touch(d.path(), "a.txt", b"a");
    let out = sh(d.path(), "\"$L\" a.txt >&-");
    assert_eq!(stderr(&out), "lwcsum: write error: Bad file descriptor\n");
    assert_eq!(out.status.code(), Some(1));
    touch(d.path(), "S", &run_in(d.path(), &["a.txt"], None).stdout);
    let out = sh(d.path(), "\"$L\" -c S >&-");
    assert_eq!(stderr(&out), "lwcsum: write error: Bad file descriptor\n");
    assert_eq!(out.status.code(), Some(1));
    // Nothing written, nothing lost (GNU's close_stdout ignores EBADF then).
    let out = sh(d.path(), "\"$L\" -c --status S >&-");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // /dev/null is a fine stdout.
    let out = sh(d.path(), "\"$L\" a.txt >/dev/null");
    assert_eq!(out.status.code(), Some(0));
}

#[cfg(unix)]
#[test]
fn closed_stdin_is_an_error() {
    let d = tempdir();
    touch(d.path(), "a.txt", b"a");
    let out = sh(d.path(), "\"$L\" <&-");
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    assert_eq!(stderr(&out), "lwcsum: -: Bad file descriptor\n");
    assert_eq!(out.status.code(), Some(1));
    let out = sh(d.path(), "\"$L\" a.txt - <&-");
    assert_eq!(stdout(&out).lines().count(), 1);
    assert_eq!(stderr(&out), "lwcsum: -: Bad file descriptor\n");
    assert_eq!(out.status.code(), Some(1));
    let out = sh(d.path(), "\"$L\" -c <&-");
    assert_eq!(
        stderr(&out),
        "lwcsum: standard input: Bad file descriptor\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // Files only: a closed stdin does not matter.
    let out = sh(d.path(), "\"$L\" a.txt <&-");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // /dev/null is an empty stdin.
    let out = sh(d.path(), "\"$L\" </dev/null");
    assert_eq!(out.status.code(), Some(0));
}

// ---------------------------------------------------------------- defect 4

#[test]
fn empty_or_wrong_length_key_file_is_a_usage_error() {
    let d = tempdir();
    touch(d.path(), "e", b"");
    touch(d.path(), "empty.key", b"");
    touch(d.path(), "k32", &[7u8; 32]);
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "empty.key", "e"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("empty.key"), "{}", stderr(&out));
    assert!(stderr(&out).contains("empty"), "{}", stderr(&out));
    // Wrong length for a fixed-size key.
    let out = run_in(
        d.path(),
        &["-a", "ascon-prf-v13", "--key-file", "k32", "e"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--key-file 'k32': key must be 16 bytes, got 32"),
        "{}",
        stderr(&out)
    );
    // A missing key file names the key file, unlike a missing input.
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "nokey", "e"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--key-file 'nokey': No such file or directory"),
        "{}",
        stderr(&out)
    );
    // The same in check mode.
    touch(d.path(), "S", b"");
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "empty.key", "-c", "S"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

// ---------------------------------------------------------------- defect 5

#[test]
fn dash_in_a_list_read_from_stdin_is_an_error() {
    let d = tempdir();
    let empty = stdout(&run_in(d.path(), &["-"], None));
    assert!(empty.ends_with("  -\n"));
    let out = run_in(d.path(), &["-c"], Some(empty.as_bytes()));
    assert_eq!(stdout(&out), "-: FAILED open or read\n");
    assert!(
        stderr(&out).contains("lwcsum: -: standard input is the checksum list"),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(1));
    // From a list in a file, `-` is standard input as in GNU.
    touch(d.path(), "S", empty.as_bytes());
    let out = run_in(d.path(), &["-c", "S"], None);
    assert_eq!(stdout(&out), "-: OK\n");
}

/// Waits for `cmd` at most `secs` seconds (a hang is a failure, not a stuck test).
fn output_within(mut cmd: Command, secs: u64) -> Option<Output> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn num_threads_is_bounded() {
    let d = tempdir();
    touch(d.path(), "a", b"a");
    touch(d.path(), "b", b"b");
    let mut cmd = Command::new(BIN);
    cmd.args(["--num-threads", "100000", "a", "b"])
        .current_dir(d.path());
    let out = output_within(cmd, 30).expect("--num-threads 100000 hung");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--num-threads"));
    let mut cmd = Command::new(BIN);
    cmd.args(["--num-threads", "4", "a", "b"])
        .current_dir(d.path());
    let out = output_within(cmd, 30).unwrap();
    assert_eq!(out.status.code(), Some(0));
}
