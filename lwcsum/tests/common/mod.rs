//! Helpers shared by the integration tests: run the built binary, temp folders, hex.
#![allow(dead_code, unreachable_pub)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_lwcsum");

/// Runs `lwcsum args` in `dir` with `stdin` (or an empty stdin).
pub fn run_in<S: AsRef<std::ffi::OsStr>>(dir: &Path, args: &[S], stdin: Option<&[u8]>) -> Output {
    run_env(dir, args, stdin, &[])
}

/// Like [`run_in`] with extra environment variables.
pub fn run_env<S: AsRef<std::ffi::OsStr>>(
    dir: &Path,
    args: &[S],
    stdin: Option<&[u8]>,
    env: &[(&str, &str)],
) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("spawn lwcsum");
    let mut pipe = child.stdin.take().unwrap();
    let data = stdin.unwrap_or(b"").to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait lwcsum");
    writer.join().unwrap();
    out
}

/// Runs `lwcsum args` in the current folder.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: Option<&[u8]>) -> Output {
    run_in(Path::new("."), args, stdin)
}

/// A fresh temporary folder.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("tempdir")
}

/// Bytes to lower-case hex (test data only).
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// SHA-256 of `data` in lower-case hex (RustCrypto's sha2: an independent reference).
pub fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(data))
}

/// The bytes of `rel` in the official vector folder `LWC_KAT_DIR` (a relative folder is taken
/// from the current directory, then from the workspace root), or `None` when the variable is
/// unset outside CI; with `CI` set a missing folder or file fails the test. (The same rule as the
/// workspace harness's `kat::read_bytes`, written here because a published crate cannot have
/// the unpublished harness as a dev-dependency.)
pub fn kat_bytes(rel: &str) -> Option<Vec<u8>> {
    let Some(raw) = std::env::var_os("LWC_KAT_DIR") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but LWC_KAT_DIR is not: the full vector file {rel} cannot be checked"
        );
        eprintln!("note: LWC_KAT_DIR unset, skipping the full-file test of {rel}");
        return None;
    };
    let dir = std::path::PathBuf::from(raw);
    let dir = if dir.is_dir() {
        dir
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(&dir)
    };
    let path = dir.join(rel);
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Hex to bytes (test data only).
pub fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Whether the family that provides `alg` is compiled in.
pub fn family_enabled(alg: &str) -> bool {
    let family = if alg.starts_with("ascon") {
        "ascon"
    } else if alg.starts_with("esch") || alg.starts_with("xoesch") {
        "sparkle"
    } else if alg == "lemac" || alg == "petitmac" {
        "lemac"
    } else {
        "keccak"
    };
    ENABLED.contains(&family)
}

/// The families compiled in.
pub const ENABLED: &[&str] = &[
    #[cfg(feature = "keccak")]
    "keccak",
    #[cfg(feature = "ascon")]
    "ascon",
    #[cfg(feature = "sparkle")]
    "sparkle",
    #[cfg(feature = "lemac")]
    "lemac",
];

/// The names `--list` prints.
pub fn listed_algorithms() -> Vec<String> {
    let out = run(&["--list"], None);
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with('('))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
