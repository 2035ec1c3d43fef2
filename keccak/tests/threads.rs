//! The threaded KT128/KT256 (`update_threads`, `update_read_at`, `update_rayon`): the same output
//! as RustCrypto's `k12` and as the serial path for every length, split and thread count, and an
//! error from the source comes back as an error.
#![cfg(not(miri))]

use digest::{ExtendableOutput, Update, XofReader};
use lwc_keccak::{Kt, Kt128, ReadAt};

const CHUNK: usize = 8192;

/// 4.5 MiB of varied bytes: enough whole leaves for eight threads of 64 leaves each.
fn message() -> Vec<u8> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..9 * 512 * 1024 + 777)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

fn out<X: ExtendableOutput>(x: X) -> [u8; 64] {
    let mut o = [0u8; 64];
    x.finalize_xof().read(&mut o);
    o
}

/// The serial path in 4096-byte pieces.
fn serial<const R: usize>(m: &[u8]) -> [u8; 64] {
    let mut k = Kt::<R>::default();
    for c in m.chunks(4096) {
        k.update(c);
    }
    out(k)
}

fn peer<const R: usize>(m: &[u8]) -> [u8; 64] {
    if R == 168 {
        let mut k = k12::Kt128::default();
        k.update(m);
        out(k)
    } else {
        let mut k = k12::Kt256::default();
        k.update(m);
        out(k)
    }
}

/// Lengths around the first chunk, leaf multiples and the batch and thread thresholds.
fn lengths(max: usize) -> Vec<usize> {
    let mut v = vec![0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5];
    for leaves in [64, 127, 128, 129, 192, 320, 513, 520] {
        for d in [-1i64, 0, 1, 4095] {
            let l = (CHUNK * (leaves + 1)) as i64 + d;
            v.push(l as usize);
        }
    }
    v.push(max);
    v.retain(|&l| l <= max);
    v
}

fn threads_match_serial<const R: usize>() {
    let m = message();
    let whole = peer::<R>(&m);
    assert_eq!(serial::<R>(&m), whole, "serial path against k12");
    for threads in [0, 1, 2, 3, 8] {
        let mut k = Kt::<R>::default();
        k.update_threads(&m, threads);
        assert_eq!(
            out(k),
            whole,
            "whole message on {threads} threads against k12"
        );
    }
    for len in lengths(m.len()) {
        let want = serial::<R>(&m[..len]);
        for threads in [2, 5] {
            // A prefix fed serially first: inside the first chunk, at its end, inside a leaf.
            for pre in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 300] {
                let pre = pre.min(len);
                let mut k = Kt::<R>::default();
                k.update(&m[..pre]);
                k.update_threads(&m[pre..len], threads);
                assert_eq!(out(k), want, "len {len}, prefix {pre}, {threads} threads");
            }
        }
    }
}

#[test]
fn kt128_threads_match_serial_and_k12() {
    threads_match_serial::<168>();
}

#[test]
fn kt256_threads_match_serial_and_k12() {
    threads_match_serial::<136>();
}

#[test]
fn several_threaded_updates_and_customization() {
    let m = message();
    let mut want = k12::custom::CustomRefKt128::new_customized(b"custom");
    want.update(&m);
    let want = out(want);
    let mut k: Kt128 = digest::CustomizedInit::new_customized(b"custom");
    let (a, b) = m.split_at(1_300_001);
    k.update_threads(a, 3).update_threads(b, 4);
    assert_eq!(out(k), want);
}

/// `ReadAt` for `File` is positioned reads, on Unix and Windows.
#[cfg(any(unix, windows))]
#[test]
fn read_at_a_file() {
    let m = message();
    let path = std::env::temp_dir().join(format!("lwc-keccak-threads-{}", std::process::id()));
    std::fs::write(&path, &m).unwrap();
    let f = std::fs::File::open(&path).unwrap();
    let mut k = lwc_keccak::Kt256::default();
    k.update_read_at(&f, m.len() as u64, 4).unwrap();
    assert_eq!(out(k), peer::<136>(&m));
    // A file shorter than the length asked for: an error, not a digest.
    let mut k = lwc_keccak::Kt256::default();
    let e = k.update_read_at(&f, m.len() as u64 + 1, 4).err();
    assert_eq!(e.map(|e| e.kind()), Some(std::io::ErrorKind::UnexpectedEof));
    drop(f);
    let _ = std::fs::remove_file(&path);
}

/// A source that fails at one offset: every thread count gives the error back (and returns).
struct Failing<'a> {
    data: &'a [u8],
    bad: u64,
}

impl ReadAt for Failing<'_> {
    type Error = u64;
    fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        scratch: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], u64> {
        if (offset..offset + len as u64).contains(&self.bad) {
            return Err(self.bad);
        }
        self.data
            .read_at(offset, len, scratch)
            .map_err(|e| match e {})
    }
}

#[test]
fn errors_come_back() {
    let m = message();
    for bad in [0u64, 100, 9000, 1 << 20, m.len() as u64 - 1] {
        for threads in [1, 2, 7] {
            let src = Failing { data: &m, bad };
            let mut k = Kt128::default();
            let r = k.update_read_at(&src, m.len() as u64, threads).err();
            assert_eq!(r, Some(bad), "error at {bad} on {threads} threads");
        }
    }
}

#[cfg(feature = "rayon")]
#[test]
fn rayon_pool() {
    let m = message();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let got = pool.install(|| {
        let mut k = Kt128::default();
        k.update(&m[..5]);
        k.update_rayon(&m[5..]);
        out(k)
    });
    assert_eq!(got, peer::<168>(&m));
    let got = pool.install(|| {
        let mut k = Kt128::default();
        k.update_read_at_rayon(m.as_slice(), m.len() as u64)
            .unwrap();
        out(k)
    });
    assert_eq!(got, peer::<168>(&m));
}
