//! Hostile use: a thread count far above the CPUs, check lists streamed in bounded memory, a
//! file growing under every reader, a closed pipe, a NUL in a listed name.
//!
//! `LWCSUM_BIN=path` runs these tests against another build (to see them fail on an old one).
#![cfg(all(unix, feature = "keccak"))]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{BIN, stderr, stdout, tempdir};

fn bin() -> String {
    std::env::var("LWCSUM_BIN").unwrap_or_else(|_| BIN.to_string())
}

/// `lwcsum args` in `dir` with `env`, no stdin.
fn lwcsum(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(bin());
    cmd.args(args).current_dir(dir).stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("spawn lwcsum")
}

/// Kills the child if the test fails before waiting for it.
struct Reap(std::process::Child);

impl Drop for Reap {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// F3: `-c` verifies a list as it reads it. The first result must come out while the list is
/// still open (a reader that held the whole list would print nothing before its end), and
/// every line of a 100000-line list is then checked.
#[test]
fn check_list_is_verified_as_it_streams() {
    let d = tempdir();
    std::fs::write(d.path().join("f"), b"").unwrap();
    let line = stdout(&lwcsum(d.path(), &["f"], &[])).into_bytes();
    const LINES: usize = 100_000;
    let mut child = Command::new(bin())
        .arg("-c")
        .current_dir(d.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let output = child.stdout.take().unwrap();
    let mut child = Reap(child);
    let (close_tx, close_rx) = mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        for _ in 0..LINES {
            if input.write_all(&line).is_err() {
                return;
            }
        }
        // Keep the list open until the test has its first result (or gives up).
        let _ = close_rx.recv_timeout(Duration::from_secs(120));
    });
    let (first_tx, first_rx) = mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        let mut count = 0;
        for l in BufReader::new(output).lines() {
            let l = l.unwrap();
            assert_eq!(l, "f: OK");
            if count == 0 {
                let _ = first_tx.send(l);
            }
            count += 1;
        }
        count
    });
    // A watchdog, not a timing: the streaming reader answers at once.
    let first = first_rx.recv_timeout(Duration::from_secs(60));
    assert_eq!(
        first.as_deref(),
        Ok("f: OK"),
        "no result while the list was still open: the list is not streamed"
    );
    close_tx.send(()).unwrap();
    writer.join().unwrap();
    assert_eq!(reader.join().unwrap(), LINES);
    let status = child.0.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

/// F7: a NUL in a listed name cannot name a file: `FAILED open or read`, the name printed
/// escaped (`\0`, with GNU's leading backslash) on standard output and standard error.
#[test]
fn nul_in_a_listed_name_is_printed_escaped() {
    let d = tempdir();
    std::fs::write(d.path().join("a"), b"").unwrap();
    let line = stdout(&lwcsum(d.path(), &["a"], &[]));
    let hex = line.split_whitespace().next().unwrap();
    std::fs::write(d.path().join("S"), format!("{hex}  a\0b\n{hex}  a\n")).unwrap();
    let out = lwcsum(d.path(), &["-c", "S"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stdout.contains(&0) && !out.stderr.contains(&0));
    assert_eq!(stdout(&out), "\\a\\0b: FAILED open or read\na: OK\n");
    assert_eq!(
        stderr(&out),
        "lwcsum: \\a\\0b: file name contains a NUL byte\n\
         lwcsum: WARNING: 1 listed file could not be read\n"
    );
}

/// Spawns `cmd` (reading the input from its stdin), closes the read end of its stdout, and
/// only then gives it the input, so its first write meets a closed pipe.
fn into_closed_pipe(mut cmd: Command) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"data").unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

/// F6: a closed pipe as GNU tools meet it: killed by SIGPIPE (silent) when SIGPIPE has its
/// default action; `write error: Broken pipe` and status 1 when the caller ignores it.
#[test]
fn closed_pipe_is_sigpipe_or_a_write_error() {
    let d = tempdir();
    // Rust's Command gives the child SIGPIPE's default action.
    let mut cmd = Command::new(bin());
    cmd.arg("-").current_dir(d.path());
    let out = into_closed_pipe(cmd);
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{:?}", out.status);
    assert_eq!(stderr(&out), "");
    // An ignored signal stays ignored across exec.
    let mut cmd = Command::new("sh");
    cmd.args(["-c", "trap '' PIPE; exec \"$L\" -"])
        .env("L", bin())
        .current_dir(d.path());
    let out = into_closed_pipe(cmd);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "lwcsum: write error: Broken pipe\n");
}

/// F4: a file that grows once its size was taken at open is an error under every reader (the
/// debug-build hook `LWCSUM_TEST_GROW` appends to it right then), in hash and check mode.
#[test]
fn a_growing_file_fails_under_every_reader() {
    let d = tempdir();
    let cases: &[(&str, usize, &[&str])] = &[
        ("read loop (small file)", 4000, &["-a", "sha3-256"]),
        (
            "read-ahead thread",
            3 << 20,
            &["-a", "sha3-256", "--no-mmap"],
        ),
        ("one map", 3 << 20, &["-a", "sha3-256"]),
        (
            "one map, KT128 on one thread",
            3 << 20,
            &["--num-threads", "1"],
        ),
        ("map read in parts", 3 << 20, &["--num-threads", "2"]),
        (
            "pread in parts",
            3 << 20,
            &["--num-threads", "2", "--no-mmap"],
        ),
    ];
    let env = [("LWCSUM_TEST_GROW", "1"), ("LWCSUM_TEST_ROTATIONAL", "0")];
    for &(what, size, args) in cases {
        let g = d.path().join("g");
        std::fs::write(&g, vec![7u8; size]).unwrap();
        let sums = stdout(&lwcsum(d.path(), &[args, &["g"]].concat(), &[]));
        let mut hash = args.to_vec();
        hash.push("g");
        let out = lwcsum(d.path(), &hash, &env);
        assert_eq!(out.status.code(), Some(1), "{what}: {}", stdout(&out));
        assert_eq!(stdout(&out), "", "{what}");
        assert_eq!(
            stderr(&out),
            "lwcsum: g: file changed size while being read\n",
            "{what}"
        );
        // Check mode, the same file restored.
        std::fs::write(&g, vec![7u8; size]).unwrap();
        std::fs::write(d.path().join("S"), &sums).unwrap();
        let mut check = args.to_vec();
        check.extend(["-c", "S"]);
        let out = lwcsum(d.path(), &check, &env);
        assert_eq!(out.status.code(), Some(1), "{what}");
        assert_eq!(stdout(&out), "g: FAILED open or read\n", "{what}");
        assert!(
            stderr(&out).starts_with("lwcsum: g: file changed size while being read\n"),
            "{what}: {}",
            stderr(&out)
        );
    }
}

/// F2: `--num-threads 1024` starts no more threads than there are CPUs (claimed as 2 by the
/// debug-build hook `LWCSUM_TEST_CPUS`). The input is a FIFO: when the test's open for writing
/// returns, lwcsum is in its open, past starting the pool, so counting its threads then is
/// exact. (The speed of each count is measured by hand, not here: see the README.)
#[test]
fn num_threads_start_at_most_one_thread_per_cpu() {
    let d = tempdir();
    let fifo = d.path().join("fifo");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a NUL-terminated path and a mode.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let child = Command::new(bin())
        .args(["--num-threads", "1024", "fifo"])
        .env("LWCSUM_TEST_CPUS", "2")
        .current_dir(d.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut child = Reap(child);
    let (tx, rx) = mpsc::channel();
    let opener = std::thread::spawn(move || {
        let w = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
        let _ = tx.send(());
        w
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("lwcsum never opened its input");
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let threads: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let mut w = opener.join().unwrap();
    w.write_all(b"data").unwrap();
    drop(w);
    let status = child.0.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    // The main thread and a pool of two.
    assert!(threads <= 3, "{threads} threads for 2 CPUs");
}
