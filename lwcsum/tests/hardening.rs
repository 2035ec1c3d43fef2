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
    for what in ["--help", "--version", "--list", "--generate-man"] {
        let out = sh(d.path(), &format!("\"$L\" {what} >&-"));
        assert_eq!(
            stderr(&out),
            "lwcsum: write error: Bad file descriptor\n",
            "{what}"
        );
        assert_eq!(out.status.code(), Some(1), "{what}");
    }
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
    cmd.args(["a", "b"])
        .env("RAYON_NUM_THREADS", "100000")
        .current_dir(d.path());
    let out = output_within(cmd, 30).expect("RAYON_NUM_THREADS=100000 hung");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("RAYON_NUM_THREADS"));
    let mut cmd = Command::new(BIN);
    cmd.args(["--num-threads", "4", "a", "b"])
        .current_dir(d.path());
    let out = output_within(cmd, 30).unwrap();
    assert_eq!(out.status.code(), Some(0));
}

// ---------------------------------------------------------------- what people expect

/// GNU's `-b`/`--binary` and `-t`/`--text`: `*` before the name in binary mode, the last of
/// the two wins, both are meaningless (a usage error) with `-c`, and `--tag` takes no `-t`.
#[test]
fn binary_and_text_modes_like_gnu() {
    let d = tempdir();
    touch(d.path(), "f", b"data");
    let plain = stdout(&run_in(d.path(), &["f"], None));
    let hex = plain.split_whitespace().next().unwrap().to_string();
    for args in [&["-b", "f"][..], &["--binary", "f"], &["-t", "-b", "f"]] {
        let out = run_in(d.path(), args, None);
        assert_eq!(stdout(&out), format!("{hex} *f\n"), "{args:?}");
    }
    for args in [&["-t", "f"][..], &["--text", "f"], &["-b", "-t", "f"]] {
        assert_eq!(stdout(&run_in(d.path(), args, None)), plain, "{args:?}");
    }
    let out = run_in(d.path(), &["-b", "-z", "f"], None);
    assert_eq!(out.stdout, format!("{hex} *f\0").into_bytes());
    // --tag ignores -b (as GNU does) and refuses -t.
    let tagged = stdout(&run_in(d.path(), &["--tag", "f"], None));
    assert_eq!(
        stdout(&run_in(d.path(), &["--tag", "-b", "f"], None)),
        tagged
    );
    assert_eq!(
        run_in(d.path(), &["--tag", "-t", "f"], None).status.code(),
        Some(2)
    );
    // The `*` lines check, and -b/-t with -c are usage errors.
    touch(d.path(), "S", format!("{hex} *f\n").as_bytes());
    let out = run_in(d.path(), &["-c", "S"], None);
    assert_eq!(stdout(&out), "f: OK\n");
    for flag in ["-b", "-t"] {
        assert_eq!(
            run_in(d.path(), &["-c", flag, "S"], None).status.code(),
            Some(2)
        );
    }
}

/// b3sum's `--keyed`: the key is standard input, so the inputs (or lists) must be FILEs.
#[test]
fn keyed_reads_the_key_from_stdin() {
    let d = tempdir();
    let key = b"0123456789abcdef0123456789abcdef";
    touch(d.path(), "k", key);
    touch(d.path(), "f", b"data");
    let by_file = run_in(d.path(), &["-a", "kmac256", "--key-file", "k", "f"], None);
    assert_eq!(by_file.status.code(), Some(0));
    let out = run_in(d.path(), &["-a", "kmac256", "--keyed", "f"], Some(key));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, by_file.stdout);
    // Check mode with the key on stdin.
    touch(d.path(), "S", &out.stdout);
    let out = run_in(
        d.path(),
        &["-a", "kmac256", "--keyed", "-c", "S"],
        Some(key),
    );
    assert_eq!(stdout(&out), "f: OK\n");
    // Standard input cannot also be an input or a list; an empty or wrong-length key, a
    // --key-file beside --keyed, or --keyed for an unkeyed algorithm are usage errors.
    for (args, stdin) in [
        (&["-a", "kmac256", "--keyed"][..], &key[..]),
        (&["-a", "kmac256", "--keyed", "f", "-"], key),
        (&["-a", "kmac256", "--keyed", "-c"], key),
        (&["-a", "kmac256", "--keyed", "f"], b""),
        (&["-a", "lemac", "--keyed", "f"], key),
        (&["-a", "kmac256", "--keyed", "--key-file", "k", "f"], key),
        (&["--keyed", "f"], key),
    ] {
        let out = run_in(d.path(), args, Some(stdin));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    // A list naming `-` after --keyed read the key: that entry fails.
    touch(
        d.path(),
        "D",
        format!("{}  -\n", "00".repeat(64)).as_bytes(),
    );
    let out = run_in(
        d.path(),
        &["-a", "kmac256", "--keyed", "-c", "D"],
        Some(key),
    );
    assert_eq!(stdout(&out), "-: FAILED open or read\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn help_is_grouped_by_task_with_examples() {
    let out = run(&["--help"], None);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    for heading in [
        "Mode:",
        "Algorithm and parameters:",
        "Keys (MACs):",
        "Output (hash mode):",
        "Check mode (-c):",
        "Input and threads:",
        "Examples:",
    ] {
        assert!(help.contains(heading), "{heading} missing:\n{help}");
    }
    assert!(
        help.contains("--keyed") && help.contains("--binary") && help.contains("--min-tag-length")
    );
    // The generators are hidden from --help.
    assert!(!help.contains("--generate-"));
}

#[test]
fn shell_completions_and_man_page() {
    for (shell, needle) in [
        ("bash", "_lwcsum()"),
        ("zsh", "#compdef lwcsum"),
        ("fish", "complete -c lwcsum"),
        ("elvish", "lwcsum"),
        ("powershell", "lwcsum"),
    ] {
        let out = run(&["--generate-completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains(needle), "{shell}");
        assert!(text.contains("key-file"), "{shell}");
    }
    let out = run(&["--generate-man"], None);
    assert_eq!(out.status.code(), Some(0));
    let man = stdout(&out);
    assert!(man.contains(".TH lwcsum 1"), "{man}");
    assert!(man.contains("\\-\\-key\\-file"));
    assert!(man.contains("NON\\-CRYPTOGRAPHIC"));
    // Exclusive, and an unknown shell is a usage error.
    assert_eq!(run(&["--generate-man", "f"], None).status.code(), Some(2));
    assert_eq!(
        run(&["--generate-completions", "tcsh"], None).status.code(),
        Some(2)
    );
}

/// Lists made by `sha256sum --tag` or `b3sum --tag` name the algorithm this build lacks.
#[test]
fn foreign_tagged_lists_name_the_unsupported_algorithm() {
    let d = tempdir();
    touch(d.path(), "f", b"data");
    let h = "3a6eb0790f39ac87c94f3856b2dd2c5d110e6811602261a9a923d3bb23adc8b7";
    for tag in ["SHA256", "BLAKE3"] {
        touch(
            d.path(),
            "S",
            format!("{tag} (f) = {h}\n{tag} (g) = {h}\n").as_bytes(),
        );
        let out = run_in(d.path(), &["-c", "S"], None);
        assert_eq!(
            stderr(&out),
            format!(
                "lwcsum: S: {tag}: unsupported algorithm (2 lines; see lwcsum --list)\n\
                 lwcsum: S: no properly formatted checksum lines found\n"
            )
        );
        assert_eq!(out.status.code(), Some(1));
        // Even --status says why nothing was checked.
        let out = run_in(d.path(), &["-c", "--status", "S"], None);
        assert!(stderr(&out).contains(&format!("{tag}: unsupported algorithm")));
    }
}
