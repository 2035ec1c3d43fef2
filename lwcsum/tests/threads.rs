//! KT128 and KT256 read and hashed on several threads (memory map by parts, positioned reads,
//! the read-ahead thread): the digest equals RustCrypto's `k12` for every thread count, with and
//! without mmap, at lengths around leaf and batch boundaries; a file truncated under the map still
//! gives the error. Debug builds only: `LWCSUM_TEST_ROTATIONAL` decides the path, wherever the
//! temporary folder lies.
#![cfg(debug_assertions)]

mod common;

use std::fs;

use common::{hex, run_env, stderr, stdout, tempdir};
use digest::{ExtendableOutput, Update, XofReader};

/// Varied bytes.
fn data(len: usize) -> Vec<u8> {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn k12_hex(kt128: bool, m: &[u8], custom: &[u8]) -> String {
    let mut out = vec![0u8; if kt128 { 32 } else { 64 }];
    if kt128 {
        let mut k = k12::custom::CustomRefKt128::new_customized(custom);
        k.update(m);
        k.finalize_xof().read(&mut out);
    } else {
        let mut k = k12::custom::CustomRefKt256::new_customized(custom);
        k.update(m);
        k.finalize_xof().read(&mut out);
    }
    hex(&out)
}

#[test]
fn every_thread_count_and_reader_agrees_with_k12() {
    let d = tempdir();
    // Around the first chunk plus 128 leaves (two threads' worth), batch multiples, odd tails.
    let lens = [
        16 * 1024,
        (1 << 20) + 8192 - 1,
        (1 << 20) + 8192,
        (1 << 20) + 8192 + 1,
        (3 << 20) + 12345,
    ];
    let all = data(*lens.iter().max().unwrap());
    for (i, &len) in lens.iter().enumerate() {
        let name = format!("f{i}");
        fs::write(d.path().join(&name), &all[..len]).unwrap();
        for (alg, kt128) in [("kt128", true), ("kt256", false)] {
            for custom in ["", "lwc"] {
                let want = format!(
                    "{}  {name}\n",
                    k12_hex(kt128, &all[..len], custom.as_bytes())
                );
                for (threads, rotational) in
                    [("1", "0"), ("2", "0"), ("3", "0"), ("8", "0"), ("2", "1")]
                {
                    for mmap in [true, false] {
                        let mut args = vec!["-a", alg, "--num-threads", threads];
                        if !custom.is_empty() {
                            args.extend(["--customization", custom]);
                        }
                        if !mmap {
                            args.push("--no-mmap");
                        }
                        args.push(&name);
                        // As many threads as asked, whatever this machine's CPUs.
                        let env = [
                            ("LWCSUM_TEST_ROTATIONAL", rotational),
                            ("LWCSUM_TEST_CPUS", "64"),
                        ];
                        let out = run_env(d.path(), &args, None, &env);
                        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
                        assert_eq!(stdout(&out), want, "{args:?} rotational={rotational}");
                    }
                }
            }
        }
    }
}

/// A file truncated while it is mapped and read by several threads: the error, not SIGBUS.
#[cfg(all(unix, debug_assertions))]
#[test]
fn truncated_while_mapped_by_parts() {
    let d = tempdir();
    fs::write(d.path().join("big"), data(3 << 20)).unwrap();
    let out = run_env(
        d.path(),
        &["-a", "kt128", "--num-threads", "3", "big"],
        None,
        &[
            ("LWCSUM_TEST_TRUNCATE_MAPPED", "1"),
            ("LWCSUM_TEST_ROTATIONAL", "0"),
            ("LWCSUM_TEST_CPUS", "64"),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "killed by a signal? {:?}",
        out.status
    );
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "lwcsum: big: file truncated while being read\n"
    );
}
