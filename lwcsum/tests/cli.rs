//! The command line through the built binary: output formats, escaping, `-z`, stdin, round
//! trips, every check-mode path (and the lemacsum check-mode bugs it fixes), every error path,
//! usage errors, mmap/read equivalence.
#![cfg(any(
    feature = "keccak",
    feature = "ascon",
    feature = "sparkle",
    feature = "lemac"
))]

mod common;

use std::fs;
use std::path::Path;

use common::*;

// One fixed-output algorithm of the build and its digest of the empty message, from the
// official vectors (SHA3_256ShortMsg.rsp Len = 0, sp800232_hash256.txt Count 1, esch256.txt
// Count 1, lemac_keyless_vectors.txt Count 1).
#[cfg(feature = "keccak")]
const ALG: (&str, &str, &str) = (
    "sha3-256",
    "SHA3-256",
    "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
);
#[cfg(all(not(feature = "keccak"), feature = "ascon"))]
const ALG: (&str, &str, &str) = (
    "ascon-hash256",
    "ASCON-HASH256",
    "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2",
);
#[cfg(all(not(feature = "keccak"), not(feature = "ascon"), feature = "sparkle"))]
const ALG: (&str, &str, &str) = (
    "esch256",
    "ESCH256",
    "c0e815d78b875dc768c6c8b3afa51987cd69e5c087d387368628a511cfad5730",
);
#[cfg(all(
    not(feature = "keccak"),
    not(feature = "ascon"),
    not(feature = "sparkle")
))]
const ALG: (&str, &str, &str) = ("lemac", "LEMAC", "52282e853c9cfeb5537d33fb916a341f");

const NAME: &str = ALG.0;
const TAG: &str = ALG.1;
const EMPTY: &str = ALG.2;

fn a(extra: &[&str]) -> Vec<String> {
    let mut v = vec!["-a".to_string(), NAME.to_string()];
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn touch(dir: &Path, name: &str, data: &[u8]) {
    fs::write(dir.join(name), data).unwrap();
}

/// Digest hex of `data` as the tool prints it (for round trips; correctness is golden.rs's job).
fn digest_of(data: &[u8]) -> String {
    let out = run(&a(&[]), Some(data));
    assert_eq!(out.status.code(), Some(0));
    stdout(&out).split_whitespace().next().unwrap().to_string()
}

// ---------------------------------------------------------------- output formats

#[test]
fn untagged_tagged_no_names_zero() {
    let d = tempdir();
    touch(d.path(), "e", b"");
    let out = run_in(d.path(), &a(&["e"]), None);
    assert_eq!(stdout(&out), format!("{EMPTY}  e\n"));
    let out = run_in(d.path(), &a(&["--tag", "e"]), None);
    assert_eq!(stdout(&out), format!("{TAG} (e) = {EMPTY}\n"));
    let out = run_in(d.path(), &a(&["--no-names", "e", "e"]), None);
    assert_eq!(stdout(&out), format!("{EMPTY}\n{EMPTY}\n"));
    let out = run_in(d.path(), &a(&["-z", "e", "e"]), None);
    assert_eq!(out.stdout, format!("{EMPTY}  e\0{EMPTY}  e\0").into_bytes());
    let out = run_in(d.path(), &a(&["--tag", "-z", "e"]), None);
    assert_eq!(out.stdout, format!("{TAG} (e) = {EMPTY}\0").into_bytes());
}

#[test]
fn raw_output_single_input_only() {
    let d = tempdir();
    touch(d.path(), "e", b"");
    let out = run_in(d.path(), &a(&["--raw", "e"]), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, unhex(EMPTY));
    let out = run_in(d.path(), &a(&["--raw"]), Some(b""));
    assert_eq!(out.stdout, unhex(EMPTY));
    let out = run_in(d.path(), &a(&["--raw", "e", "e"]), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    for bad in [
        &["--raw", "--tag", "e"][..],
        &["--raw", "--no-names", "e"],
        &["--raw", "-z", "e"],
    ] {
        assert_eq!(
            run_in(d.path(), &a(bad), None).status.code(),
            Some(2),
            "{bad:?}"
        );
    }
}

#[test]
fn names_with_backslash_newline_cr_are_escaped() {
    let d = tempdir();
    let names = ["a\\b", "new\nline", "cr\rname", "plain"];
    for n in names {
        touch(d.path(), n, b"");
    }
    let out = run_in(d.path(), &a(&names), None);
    assert_eq!(
        stdout(&out),
        format!("\\{EMPTY}  a\\\\b\n\\{EMPTY}  new\\nline\n\\{EMPTY}  cr\\rname\n{EMPTY}  plain\n")
    );
    let out = run_in(d.path(), &a(&["--tag", "new\nline"]), None);
    assert_eq!(stdout(&out), format!("\\{TAG} (new\\nline) = {EMPTY}\n"));
    // -z: no escaping, NUL-terminated.
    let out = run_in(d.path(), &a(&["-z", "new\nline", "a\\b"]), None);
    assert_eq!(
        out.stdout,
        format!("{EMPTY}  new\nline\0{EMPTY}  a\\b\0").into_bytes()
    );
    // Round trips: escaped lines and -z lists check OK, check output escaped as GNU does.
    let sums = run_in(d.path(), &a(&names), None).stdout;
    touch(d.path(), "sums", &sums);
    let out = run_in(d.path(), &a(&["-c", "sums"]), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "\\a\\\\b: OK\n\\new\\nline: OK\n\\cr\\rname: OK\nplain: OK\n"
    );
    let sums = run_in(d.path(), &a(&["-z", "--tag", "new\nline", "a\\b"]), None).stdout;
    touch(d.path(), "sumsz", &sums);
    let out = run_in(d.path(), &a(&["-c", "-z", "sumsz"]), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"new\nline: OK\0a\\b: OK\0");
}

#[test]
fn stdin_dash_and_order_of_many_files() {
    let d = tempdir();
    let mut names = Vec::new();
    let mut expect = String::new();
    for i in 0..40 {
        let n = format!("f{i:02}");
        let data = vec![i as u8; i * 1000];
        touch(d.path(), &n, &data);
        expect.push_str(&format!("{}  {n}\n", digest_of(&data)));
        names.push(n.clone());
        if i == 20 {
            names.push("-".into());
            expect.push_str(&format!("{}  -\n", digest_of(b"from stdin")));
        }
    }
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let out = run_in(d.path(), &a(&refs), Some(b"from stdin"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), expect);
    // No operand: stdin.
    let out = run_in(d.path(), &a(&[]), Some(b"from stdin"));
    assert_eq!(stdout(&out), format!("{}  -\n", digest_of(b"from stdin")));
    // `--` ends the options; a file named like an option is hashed, `--` itself is not a file
    // (lemacsum bug: it tried to open "--").
    touch(d.path(), "-weird", b"");
    let out = run_in(d.path(), &a(&["--", "-weird"]), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{EMPTY}  -weird\n"));
}

#[test]
fn mmap_read_and_stdin_agree_around_the_thresholds() {
    let d = tempdir();
    // 16 KiB - 1, 16 KiB, 16 KiB + 1 (mmap threshold), 64 KiB +- 1 (read block), and more than
    // one 16 MiB mapped piece.
    let sizes = [16383usize, 16384, 16385, 65535, 65537, 16 * 1024 * 1024 + 7];
    let alg = if cfg!(feature = "lemac") {
        "lemac"
    } else {
        NAME
    };
    // KT128 takes the 16 MiB pieces of a mapped file on several threads (its tree mode) and the
    // 64 KiB blocks of the read path serially: both must agree.
    let big_algs: &[&str] = if cfg!(feature = "keccak") {
        &["kt128", "kt256"]
    } else {
        &[]
    };
    for &alg in big_algs {
        let size = 16 * 1024 * 1024 + 8193;
        let data: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
        touch(d.path(), "f", &data);
        let mapped = run_in(d.path(), &["-a", alg, "f"], None);
        let read = run_in(d.path(), &["-a", alg, "--no-mmap", "f"], None);
        assert_eq!(mapped.status.code(), Some(0));
        assert_eq!(stdout(&mapped), stdout(&read), "{alg} size {size}");
    }
    for size in sizes {
        let data: Vec<u8> = (0..size).map(|i| (i * 7 + i / 251) as u8).collect();
        touch(d.path(), "f", &data);
        let mapped = run_in(d.path(), &["-a", alg, "f"], None);
        let read = run_in(d.path(), &["-a", alg, "--no-mmap", "f"], None);
        let piped = run_in(d.path(), &["-a", alg, "-"], Some(&data));
        assert_eq!(mapped.status.code(), Some(0));
        assert_eq!(stdout(&mapped), stdout(&read), "size {size}");
        assert_eq!(
            stdout(&mapped).replace("  f\n", "  -\n"),
            stdout(&piped),
            "size {size}"
        );
    }
}

#[cfg(feature = "keccak")]
#[test]
fn xof_lengths_and_tags() {
    // RFC 9861 KT128(M=empty, C=empty), 64 bytes.
    let kt64 = "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e54269c056b8c82e48276038b6d292966cc07a3d4645272e31ff38508139eb0a71";
    let out = run(&["-a", "kt128", "-l", "64", "--tag"], Some(b""));
    assert_eq!(stdout(&out), format!("KT128-512 (-) = {kt64}\n"));
    let out = run(&["-a", "KT128", "-l", "3"], Some(b""));
    assert_eq!(stdout(&out), format!("{}  -\n", &kt64[..6]));
    // Check mode: untagged XOF lines carry their length in the hex; tagged ones in the tag.
    let d = tempdir();
    touch(d.path(), "e", b"");
    touch(
        d.path(),
        "sums",
        format!(
            "{kt64}  e\nKT128-512 (e) = {kt64}\nKT128-24 (e) = {}\n",
            &kt64[..6]
        )
        .as_bytes(),
    );
    let out = run_in(d.path(), &["-a", "kt128", "-c", "sums"], None);
    assert_eq!(stdout(&out), "e: OK\ne: OK\ne: OK\n");
    assert_eq!(out.status.code(), Some(0));
    // With -l, untagged lines of another length are malformed; tagged lines keep their own.
    let out = run_in(d.path(), &["-a", "kt128", "-l", "32", "-c", "sums"], None);
    assert_eq!(stdout(&out), "e: OK\ne: OK\n");
    assert_eq!(
        stderr(&out),
        "lwcsum: WARNING: 1 line is improperly formatted\n"
    );
    // A tag whose bit count disagrees with the hex length is malformed.
    touch(
        d.path(),
        "bad",
        format!("KT128-256 (e) = {kt64}\n").as_bytes(),
    );
    let out = run_in(d.path(), &["-c", "bad"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("bad: no properly formatted checksum lines found"));
}

#[cfg(all(feature = "keccak", feature = "ascon"))]
#[test]
fn tagged_lists_mix_algorithms_of_equal_length() {
    let d = tempdir();
    touch(d.path(), "e", b"");
    // SHA3_256ShortMsg.rsp Len = 0 and sp800232_hash256.txt Count 1: both 32 bytes.
    let list = "SHA3-256 (e) = a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a\n\
                ASCON-HASH256 (e) = 0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2\n\
                ASCON-HASH256 (e) = a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a\n";
    touch(d.path(), "sums", list.as_bytes());
    let out = run_in(d.path(), &["-c", "sums"], None);
    assert_eq!(stdout(&out), "e: OK\ne: OK\ne: FAILED\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "lwcsum: WARNING: 1 computed checksum did NOT match\n"
    );
}

// ---------------------------------------------------------------- round trips

#[test]
fn round_trips_untagged_tagged_and_every_algorithm() {
    let d = tempdir();
    let files = ["a", "b c", "big", "empty"];
    touch(d.path(), "a", b"abc");
    touch(d.path(), "b c", b"with space");
    touch(d.path(), "big", &vec![0x5a; 200_000]);
    touch(d.path(), "empty", b"");
    touch(d.path(), "key16", &[7u8; 16]);
    let listing = stdout(&run(&["--list"], None));
    for alg in listed_algorithms() {
        let mut base = vec!["-a".to_string(), alg.clone()];
        // Keyed algorithms (KIND `mac`) other than the keyless LeMac/PetitMac get a 16-byte key.
        let keyed = listing.lines().any(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            cols.len() > 2 && cols[0] == alg && cols[2] == "mac"
        });
        if keyed && alg != "lemac" && alg != "petitmac" {
            base.extend(["--key-file".to_string(), "key16".to_string()]);
        }
        // Ascon-PrfShort takes at most 16 bytes.
        let files: &[&str] = if alg.starts_with("ascon-prfshort") {
            &files[..2]
        } else {
            &files
        };
        let oks: String = files.iter().map(|f| format!("{f}: OK\n")).collect();
        for tag in [false, true] {
            let mut args = base.clone();
            if tag {
                args.push("--tag".into());
            }
            args.extend(files.iter().map(|s| s.to_string()));
            let out = run_in(d.path(), &args, None);
            assert_eq!(out.status.code(), Some(0), "{alg}: {}", stderr(&out));
            touch(d.path(), "sums", &out.stdout);
            let mut args = base.clone();
            args.extend(["-c".to_string(), "sums".to_string()]);
            let out = run_in(d.path(), &args, None);
            assert_eq!(stdout(&out), oks, "{alg} tag={tag}: {}", stderr(&out));
            assert_eq!(out.status.code(), Some(0));
        }
    }
}

// ---------------------------------------------------------------- check mode

fn check_fixture() -> tempfile::TempDir {
    let d = tempdir();
    touch(d.path(), "e", b"");
    touch(d.path(), "x", b"x");
    d
}

#[test]
fn check_ok_failed_quiet_status() {
    let d = check_fixture();
    let wrong = "0".repeat(EMPTY.len());
    touch(
        d.path(),
        "sums",
        format!("{EMPTY}  e\n{wrong}  e\n").as_bytes(),
    );
    let out = run_in(d.path(), &a(&["-c", "sums"]), None);
    assert_eq!(stdout(&out), "e: OK\ne: FAILED\n");
    assert_eq!(
        stderr(&out),
        "lwcsum: WARNING: 1 computed checksum did NOT match\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run_in(d.path(), &a(&["-c", "--quiet", "sums"]), None);
    assert_eq!(stdout(&out), "e: FAILED\n");
    assert_eq!(out.status.code(), Some(1));
    let out = run_in(d.path(), &a(&["-c", "--status", "sums"]), None);
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    assert_eq!(out.status.code(), Some(1));
    touch(d.path(), "good", format!("{EMPTY}  e\n").as_bytes());
    let out = run_in(d.path(), &a(&["-c", "--status", "good"]), None);
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    assert_eq!(out.status.code(), Some(0));
    let out = run_in(d.path(), &a(&["-c", "--quiet", "good"]), None);
    assert!(out.stdout.is_empty());
    assert_eq!(out.status.code(), Some(0));
    // Two mismatches: plural.
    touch(
        d.path(),
        "two",
        format!("{wrong}  e\n{wrong}  x\n").as_bytes(),
    );
    let out = run_in(d.path(), &a(&["-c", "two"]), None);
    assert_eq!(
        stderr(&out),
        "lwcsum: WARNING: 2 computed checksums did NOT match\n"
    );
}

#[test]
fn check_reads_stdin_with_no_list_or_dash() {
    // lemacsum bug: `-c` without a list or with `-` did not read stdin.
    let d = check_fixture();
    let list = format!("{EMPTY}  e\n");
    for args in [a(&["-c"]), a(&["-c", "-"]), a(&["-c", "--", "-"])] {
        let out = run_in(d.path(), &args, Some(list.as_bytes()));
        assert_eq!(stdout(&out), "e: OK\n", "{args:?}");
        assert_eq!(out.status.code(), Some(0));
    }
    let out = run_in(d.path(), &a(&["-c"]), Some(b"garbage\n"));
    assert_eq!(
        stderr(&out),
        "lwcsum: standard input: no properly formatted checksum lines found\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn check_accepts_upper_case_single_space_star_crlf_blank_and_comments() {
    let d = check_fixture();
    let upper = EMPTY.to_uppercase();
    // lemacsum bugs: upper-case hex rejected, single space ate a character, CR kept in the name.
    let list =
        format!("{upper}  e\n{EMPTY} e\n{EMPTY} *e\n{EMPTY}  e\r\n\n# a comment\n{EMPTY}  e");
    touch(d.path(), "sums", list.as_bytes());
    let out = run_in(d.path(), &a(&["--strict", "-c", "sums"]), None);
    assert_eq!(stdout(&out), "e: OK\ne: OK\ne: OK\ne: OK\ne: OK\n");
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn check_malformed_lines_warn_strict() {
    let d = check_fixture();
    let short = &EMPTY[2..];
    let list =
        format!("{EMPTY}  e\n{short}  e\nnot a line\n{EMPTY}zz  e\nNOSUCHALGO (e) = {EMPTY}\n");
    touch(d.path(), "sums", list.as_bytes());
    let out = run_in(d.path(), &a(&["-c", "sums"]), None);
    assert_eq!(stdout(&out), "e: OK\n");
    assert_eq!(
        stderr(&out),
        "lwcsum: sums: NOSUCHALGO: unsupported algorithm (1 line; see lwcsum --list)\n\
         lwcsum: WARNING: 4 lines are improperly formatted\n"
    );
    assert_eq!(out.status.code(), Some(0));
    let out = run_in(d.path(), &a(&["-c", "--strict", "sums"]), None);
    assert_eq!(out.status.code(), Some(1));
    let out = run_in(d.path(), &a(&["-c", "-w", "sums"]), None);
    assert_eq!(
        stderr(&out),
        "lwcsum: sums: 2: improperly formatted checksum line\n\
         lwcsum: sums: 3: improperly formatted checksum line\n\
         lwcsum: sums: 4: improperly formatted checksum line\n\
         lwcsum: sums: 5: improperly formatted checksum line\n\
         lwcsum: sums: NOSUCHALGO: unsupported algorithm (1 line; see lwcsum --list)\n\
         lwcsum: WARNING: 4 lines are improperly formatted\n"
    );
    // --status hides the warnings, not the exit status.
    let out = run_in(d.path(), &a(&["-c", "--status", "--strict", "sums"]), None);
    assert!(out.stderr.is_empty() && out.stdout.is_empty());
    assert_eq!(out.status.code(), Some(1));
    // lemacsum bug: a list of malformed lines only passed.
    touch(d.path(), "junk", b"junk\nmore junk\n");
    let out = run_in(d.path(), &a(&["-c", "junk"]), None);
    assert_eq!(
        stderr(&out),
        "lwcsum: junk: no properly formatted checksum lines found\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // Bad escapes in an escaped name are malformed too.
    touch(
        d.path(),
        "esc",
        format!("\\{EMPTY}  bad\\qescape\n").as_bytes(),
    );
    let out = run_in(d.path(), &a(&["-c", "esc"]), None);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn check_missing_files_and_ignore_missing() {
    let d = check_fixture();
    touch(
        d.path(),
        "sums",
        format!("{EMPTY}  e\n{EMPTY}  gone\n").as_bytes(),
    );
    let out = run_in(d.path(), &a(&["-c", "sums"]), None);
    assert_eq!(stdout(&out), "e: OK\ngone: FAILED open or read\n");
    assert_eq!(
        stderr(&out),
        "lwcsum: gone: No such file or directory\nlwcsum: WARNING: 1 listed file could not be read\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // lemacsum bug: --ignore-missing still printed the failures.
    let out = run_in(d.path(), &a(&["-c", "--ignore-missing", "sums"]), None);
    assert_eq!(stdout(&out), "e: OK\n");
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(0));
    touch(
        d.path(),
        "allgone",
        format!("{EMPTY}  gone\n{EMPTY}  gone2\n").as_bytes(),
    );
    let out = run_in(d.path(), &a(&["-c", "--ignore-missing", "allgone"]), None);
    assert!(out.stdout.is_empty());
    assert_eq!(stderr(&out), "lwcsum: allgone: no file was verified\n");
    assert_eq!(out.status.code(), Some(1));
    // A directory listed in a list is a read failure, not a missing file.
    fs::create_dir(d.path().join("dir")).unwrap();
    touch(d.path(), "dirsum", format!("{EMPTY}  dir\n").as_bytes());
    let out = run_in(d.path(), &a(&["-c", "--ignore-missing", "dirsum"]), None);
    assert_eq!(stdout(&out), "dir: FAILED open or read\n");
    assert!(stderr(&out).starts_with("lwcsum: dir: Is a directory\n"));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn check_list_errors_and_several_lists() {
    let d = check_fixture();
    fs::create_dir(d.path().join("dir")).unwrap();
    touch(d.path(), "good", format!("{EMPTY}  e\n").as_bytes());
    // lemacsum bug: a directory as list passed with exit 0.
    let out = run_in(d.path(), &a(&["-c", "dir", "nolist", "good"]), None);
    assert_eq!(stdout(&out), "e: OK\n");
    assert_eq!(
        stderr(&out),
        "lwcsum: dir: Is a directory\nlwcsum: nolist: No such file or directory\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

// ---------------------------------------------------------------- hash-mode errors

#[test]
fn missing_file_and_directory_keep_going_exit_1() {
    let d = check_fixture();
    fs::create_dir(d.path().join("dir")).unwrap();
    let out = run_in(d.path(), &a(&["nofile", "e", "dir", "e"]), None);
    assert_eq!(stdout(&out), format!("{EMPTY}  e\n{EMPTY}  e\n"));
    assert_eq!(
        stderr(&out),
        "lwcsum: nofile: No such file or directory\nlwcsum: dir: Is a directory\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[cfg(unix)]
#[test]
fn unreadable_file() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        eprintln!("note: running as root, permissions are not enforced; skipping");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let d = check_fixture();
    touch(d.path(), "secret", b"s");
    fs::set_permissions(d.path().join("secret"), fs::Permissions::from_mode(0o000)).unwrap();
    let out = run_in(d.path(), &a(&["secret", "e"]), None);
    assert_eq!(stdout(&out), format!("{EMPTY}  e\n"));
    assert_eq!(stderr(&out), "lwcsum: secret: Permission denied\n");
    assert_eq!(out.status.code(), Some(1));
}

#[cfg(unix)]
#[test]
fn fifo_and_character_device_are_read() {
    let d = tempdir();
    let fifo = d.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let data: Vec<u8> = (0..100_000u32).map(|i| i as u8).collect();
    let writer = {
        let fifo = fifo.clone();
        let data = data.clone();
        std::thread::spawn(move || fs::write(fifo, data).unwrap())
    };
    let out = run_in(d.path(), &a(&["fifo"]), None);
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}  fifo\n", digest_of(&data)));
    let out = run(&a(&["/dev/null"]), None);
    assert_eq!(stdout(&out), format!("{EMPTY}  /dev/null\n"));
}

/// Runs `lwcsum NAME e` with the debug-build hook that truncates a file right after mapping it:
/// `name` gives an error (no SIGBUS) and `e` is still hashed.
#[cfg(all(unix, debug_assertions))]
fn assert_truncation_reported(dir: &Path, name: &str) {
    let out = run_env(
        dir,
        &a(&[name, "e"]),
        None,
        &[("LWCSUM_TEST_TRUNCATE_MAPPED", "1")],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "killed by a signal? {:?}",
        out.status
    );
    assert_eq!(stdout(&out), format!("{EMPTY}  e\n"));
    assert_eq!(
        stderr(&out),
        format!("lwcsum: {name}: file truncated while being read\n")
    );
}

/// A file truncated while it is memory-mapped gives an error for that file (no SIGBUS), and the
/// next file is still hashed.
#[cfg(all(unix, debug_assertions))]
#[test]
fn truncated_while_mapped_is_an_error_not_sigbus() {
    let d = check_fixture();
    touch(d.path(), "big", &vec![1u8; 1 << 20]);
    assert_truncation_reported(d.path(), "big");
    assert_eq!(fs::metadata(d.path().join("big")).unwrap().len(), 1 << 19);
}

/// Files of 64 MiB or more are populated by a helper thread running ahead of the hash (Linux):
/// the digest equals the read path's, and a truncation still gives the error, not SIGBUS
/// (sparse files, so the test writes almost nothing).
#[cfg(all(unix, debug_assertions))]
#[test]
fn populate_ahead_path_agrees_and_survives_truncation() {
    let d = check_fixture();
    let len = (64 << 20) + 4096 + 3;
    for name in ["huge", "cut"] {
        let f = fs::File::create(d.path().join(name)).unwrap();
        f.set_len(len).unwrap();
        std::os::unix::fs::FileExt::write_all_at(&f, b"some data", 40 << 20).unwrap();
        std::os::unix::fs::FileExt::write_all_at(&f, b"tail", len - 4).unwrap();
    }
    let mapped = run_in(d.path(), &a(&["huge"]), None);
    let read = run_in(d.path(), &a(&["--no-mmap", "huge"]), None);
    assert_eq!(mapped.status.code(), Some(0), "{}", stderr(&mapped));
    assert_eq!(stdout(&mapped), stdout(&read));
    assert_truncation_reported(d.path(), "cut");
}

// ---------------------------------------------------------------- usage and key errors

#[test]
fn usage_errors_exit_2() {
    let d = check_fixture();
    let cases: Vec<Vec<String>> = vec![
        vec!["-a".into(), "nosuch".into(), "e".into()],
        a(&["--quiet", "e"]),
        a(&["--status", "e"]),
        a(&["--strict", "e"]),
        a(&["-w", "e"]),
        a(&["--ignore-missing", "e"]),
        a(&["--tag", "-c", "e"]),
        a(&["--no-names", "-c", "e"]),
        a(&["--bogus"]),
        a(&["-l", "0", "e"]),
        a(&["--num-threads", "0", "e"]),
    ];
    for args in cases {
        let out = run_in(d.path(), &args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty());
    }
    let out = run_in(d.path(), &["-a", "nosuch", "e"], None);
    assert!(stderr(&out).contains("unknown algorithm 'nosuch' (see --list)"));
}

#[cfg(feature = "keccak")]
#[test]
fn length_and_key_misuse() {
    let d = check_fixture();
    touch(d.path(), "k", b"0123456789abcdef");
    for args in [
        &["-a", "sha3-256", "-l", "16", "e"][..],
        &["-a", "sha3-256", "--key-file", "k", "e"],
        &["-a", "kmac128", "e"],
        &["-a", "kt128", "-l", "65537", "e"],
        &["-a", "sha3-256", "--customization", "x", "e"],
        &["-a", "shake128", "--customization-hex", "00", "e"],
        &["-a", "kt128", "--function-name", "x", "e"],
        &["-a", "kt128", "--block-size", "8", "e"],
        &["-a", "kt128", "--domain", "0x1f", "e"],
        &["-a", "kt128", "--customization-hex", "0g", "e"],
        &["-a", "cshake128", "--function-name-hex", "abc", "e"],
        &[
            "-a",
            "kt128",
            "--customization",
            "a",
            "--customization-hex",
            "00",
            "e",
        ],
        &["-a", "parallelhash128", "--block-size", "0", "e"],
        &["-a", "turboshake128", "--domain", "0x80", "e"],
        &["-a", "turboshake128", "--domain", "0", "e"],
        &["-a", "turboshake128", "--domain", "256", "e"],
        &["-a", "turboshake128", "--domain", "x", "e"],
    ] {
        assert_eq!(
            run_in(d.path(), args, None).status.code(),
            Some(2),
            "{args:?}"
        );
    }
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "nokey", "e"],
        None,
    );
    // The key file is named as such, unlike a missing input (issue 21, defect 4).
    assert!(
        stderr(&out).contains("error: --key-file 'nokey': No such file or directory"),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(2));
}

/// The parameter options: check mode applies them to every line, tags carry the length of
/// variable-length functions, KMAC's `-l` is its L (not a truncation), and the errors.
#[cfg(all(feature = "keccak", feature = "ascon"))]
#[test]
fn parameters_lengths_and_keyed_check_lines() {
    let d = check_fixture();
    touch(d.path(), "m4", &[0, 1, 2, 3]);
    touch(d.path(), "k32", &(0x40..0x60).collect::<Vec<u8>>());
    // SP 800-185 cSHAKE sample 1 (N = "", S = "Email Signature"), tagged, then checked: the
    // customization comes from the command line in check mode too, and a wrong one fails.
    let c1 = "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5";
    let cs = ["-a", "cshake128", "--customization", "Email Signature"];
    let out = run_in(d.path(), &[&cs[..], &["--tag", "m4"]].concat(), None);
    assert_eq!(stdout(&out), format!("CSHAKE128-256 (m4) = {c1}\n"));
    touch(d.path(), "sums", &out.stdout);
    let out = run_in(d.path(), &[&cs[..], &["-c", "sums"]].concat(), None);
    assert_eq!(stdout(&out), "m4: OK\n");
    let out = run_in(d.path(), &["-a", "cshake128", "-c", "sums"], None);
    assert_eq!(stdout(&out), "m4: FAILED\n");
    assert_eq!(out.status.code(), Some(1));
    // The same parameters given in hex.
    let out = run_in(
        d.path(),
        &[
            "-a",
            "cshake128",
            "--customization-hex",
            "456d61696c205369676e6174757265",
            "--function-name-hex",
            "",
            "m4",
        ],
        None,
    );
    assert_eq!(stdout(&out), format!("{c1}  m4\n"));
    // KMAC sample 1 (32 bytes) and KMAC128 with L = 128 bits: another tag, not a prefix.
    let k1 = "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e";
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "k32", "--tag", "m4"],
        None,
    );
    assert_eq!(stdout(&out), format!("KMAC128-256 (m4) = {k1}\n"));
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "k32", "-l", "16", "m4"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let short = stdout(&out);
    assert_eq!(short.len(), 32 + 4 + 1);
    assert_ne!(&short[..32], &k1[..32]);
    // A keyed line checked without a key: that line fails with a reason, the others go on.
    touch(
        d.path(),
        "mixed",
        format!("KMAC128-256 (m4) = {k1}\nSHA3-256 (e) = a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a\n").as_bytes(),
    );
    let out = run_in(d.path(), &["-a", "sha3-256", "-c", "mixed"], None);
    assert_eq!(stdout(&out), "m4: FAILED open or read\ne: OK\n");
    assert!(
        stderr(&out).contains("lwcsum: m4: kmac128 needs --key-file"),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(1));
    // With a key, -a governs every line (it must be a MAC): the KMAC line verifies, the SHA3
    // line is rejected (issue 21, defect 1).
    let out = run_in(
        d.path(),
        &["-a", "sha3-256", "--key-file", "k32", "-c", "mixed"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = run_in(
        d.path(),
        &["-a", "kmac128", "--key-file", "k32", "-c", "mixed"],
        None,
    );
    assert_eq!(stdout(&out), "m4: OK\ne: FAILED\n");
    assert_eq!(out.status.code(), Some(1));
    // Ascon-PrfShort: at most 16 bytes in (exit 1 for that file) and 1 to 16 bytes out.
    touch(d.path(), "k16", &[7u8; 16]);
    touch(d.path(), "m17", &[0u8; 17]);
    let out = run_in(
        d.path(),
        &["-a", "ascon-prfshort-v12", "--key-file", "k16", "m17", "m4"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "lwcsum: m17: Ascon-PrfShort takes at most 16 bytes of input\n"
    );
    assert!(stdout(&out).ends_with("  m4\n"));
    for args in [
        &[
            "-a",
            "ascon-prfshort-v12",
            "--key-file",
            "k16",
            "-l",
            "17",
            "e",
        ][..],
        &[
            "-a",
            "ascon-prfshort-v13",
            "--key-file",
            "k16",
            "-l",
            "0",
            "e",
        ],
        &["-a", "ascon-prf-v12", "e"],
    ] {
        assert_eq!(
            run_in(d.path(), args, None).status.code(),
            Some(2),
            "{args:?}"
        );
    }
    // Ascon-CXOF128 customization of 256 bytes works, 257 bytes is a usage error.
    for (n, code) in [(256, 0), (257, 2)] {
        let c = "ab".repeat(n);
        let out = run_in(
            d.path(),
            &["-a", "ascon-cxof128", "--customization-hex", &c, "e"],
            None,
        );
        assert_eq!(out.status.code(), Some(code), "{}", stderr(&out));
    }
    // Wrong key length for a fixed-size key: a usage error naming the key file.
    let out = run_in(
        d.path(),
        &["-a", "ascon-prf-v13", "--key-file", "k32", "e"],
        None,
    );
    assert!(stderr(&out).contains("error: --key-file 'k32': key must be 16 bytes, got 32"));
    assert_eq!(out.status.code(), Some(2));
}

#[cfg(feature = "lemac")]
#[test]
fn lemac_key_file() {
    let d = check_fixture();
    touch(d.path(), "short", b"too short");
    let out = run_in(d.path(), &["-a", "lemac", "--key-file", "short", "e"], None);
    assert!(stderr(&out).contains("error: --key-file 'short': key must be 16 bytes, got 9"));
    assert_eq!(out.status.code(), Some(2));
    // The all-zero key given explicitly is the keyless checksum
    // (lemac_keyless_vectors.txt Count 1).
    touch(d.path(), "zero", &[0u8; 16]);
    let out = run_in(d.path(), &["-a", "lemac", "--key-file", "zero", "e"], None);
    assert_eq!(stdout(&out), "52282e853c9cfeb5537d33fb916a341f  e\n");
    // A real key changes the tag.
    touch(d.path(), "k", &[1u8; 16]);
    let out = run_in(d.path(), &["-a", "lemac", "--key-file", "k", "e"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_ne!(stdout(&out), "52282e853c9cfeb5537d33fb916a341f  e\n");
}

#[test]
fn help_list_version() {
    let out = run(&["--help"], None);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    assert!(help.contains("NON-CRYPTOGRAPHIC"), "{help}");
    assert!(
        help.contains("--check")
            && help.contains("--ignore-missing")
            && help.contains("--length")
            && help.contains("--customization-hex")
            && help.contains("--block-size")
    );
    let out = run(&["--version"], None);
    assert!(stdout(&out).starts_with("lwcsum "));
    let out = run(&["--list"], None);
    let list = stdout(&out);
    assert!(list.contains("[default]"));
    assert!(list.contains(NAME));
    #[cfg(feature = "lemac")]
    assert!(list.contains("NON-cryptographic"));
    // --list takes nothing else.
    assert_eq!(run(&["--list", "x"], None).status.code(), Some(2));
}

#[cfg(all(
    feature = "keccak",
    feature = "ascon",
    feature = "sparkle",
    feature = "lemac"
))]
#[test]
fn list_has_every_family() {
    let names = listed_algorithms();
    for n in [
        "kt128",
        "sha3-256",
        "keccak256",
        "shake128",
        "turboshake128",
        "kmac128",
        "ascon-hash256",
        "ascon-xof128",
        "ascon-hash-v12",
        "esch256",
        "xoesch256",
        "lemac",
        "petitmac",
    ] {
        assert!(names.iter().any(|x| x == n), "{n} missing from --list");
    }
}

/// sysfs files claim 4096 bytes and hold fewer: hashed like any file, not "truncated".
#[cfg(target_os = "linux")]
#[test]
fn sysfs_file_shorter_than_its_size() {
    let p = Path::new("/sys/kernel/mm/transparent_hugepage/enabled");
    let (Ok(meta), Ok(data)) = (fs::metadata(p), fs::read(p)) else {
        eprintln!("note: {} not readable here; skipping", p.display());
        return;
    };
    let out = run(&a(&[p.to_str().unwrap()]), None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "size {} read {}: {}",
        meta.len(),
        data.len(),
        stderr(&out)
    );
    assert_eq!(
        stdout(&out),
        format!("{}  {}\n", digest_of(&data), p.display())
    );
}
