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

/// An offset of the message just past the first ring's worth of batches on 2 and 4 threads
/// (batch 8 of 18 on 2 threads, 16 of 36 on 4), with batches left after it for the ring.
const BAD: u64 = 2_200_000;

/// A source that goes wrong once, on the read that covers [`BAD`]: it panics, or it returns one
/// byte too few (which `Kt`'s own length check turns into a panic).
struct Faulty<'a> {
    data: &'a [u8],
    short: bool,
    fired: std::sync::atomic::AtomicBool,
}

impl ReadAt for Faulty<'_> {
    type Error = core::convert::Infallible;
    fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        scratch: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], Self::Error> {
        let d = self.data.read_at(offset, len, scratch)?;
        let hit = (offset..offset + len as u64).contains(&BAD);
        if hit && !self.fired.swap(true, std::sync::atomic::Ordering::SeqCst) {
            assert!(self.short, "a ReadAt that panics");
            return Ok(&d[..len - 1]);
        }
        Ok(d)
    }
}

/// Runs `f` on a thread of its own and waits for it a generous while: the liveness bound that
/// turns a hang into a failure. The message `f` panicked with, if it did.
fn returns<F: FnOnce() + Send + 'static>(what: &str, f: F) -> Option<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        let _ = tx.send(r.err().map(|p| {
            let s = p.downcast_ref::<&str>().map(|s| s.to_string());
            s.or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default()
        }));
    });
    rx.recv_timeout(std::time::Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what}: no return within 60 s (hung)"))
}

/// Hashes the message through `Faulty` with `call`: the panic must come back, for both faults.
fn faults_come_back<F>(what: &str, call: F)
where
    F: Fn(&mut Kt128, &Faulty<'_>, u64) + Clone + Send + 'static,
{
    let m: &'static [u8] = message().leak();
    for short in [false, true] {
        let what = format!("{what}, short {short}");
        let call = call.clone();
        let got = returns(&what, move || {
            let src = Faulty {
                data: m,
                short,
                fired: false.into(),
            };
            call(&mut Kt128::default(), &src, m.len() as u64);
        });
        // The caller gets the worker's own panic, not a scope's message about it.
        let want = if short {
            "another length than asked for"
        } else {
            "a ReadAt that panics"
        };
        let got = got.unwrap_or_else(|| panic!("{what}: no panic reached the caller"));
        assert!(got.contains(want), "{what}: the caller got {got:?}");
    }
}

#[test]
#[cfg_attr(
    panic = "abort",
    ignore = "catches the source's panic: needs unwinding (wasm32-wasip1 aborts on panic)"
)]
fn a_panicking_source_panics_the_caller_on_2_and_4_threads() {
    for threads in [2, 4] {
        faults_come_back(&format!("{threads} threads"), move |k, s, len| {
            let _ = k.update_read_at(s, len, threads);
        });
    }
}

/// On a pool of 4 threads and then on the global one; each pool hashes right afterwards.
#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(
    panic = "abort",
    ignore = "catches the source's panic: needs unwinding (wasm32-wasip1 aborts on panic)"
)]
fn a_panicking_source_panics_the_caller_under_rayon() {
    let m = message();
    let want = peer::<168>(&m);
    let pool = std::sync::Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap(),
    );
    let p = pool.clone();
    faults_come_back("rayon pool of 4", move |k, s, len| {
        p.install(|| {
            let _ = k.update_read_at_rayon(s, len);
        });
    });
    let got = pool.install(|| {
        let mut k = Kt128::default();
        k.update_read_at_rayon(m.as_slice(), m.len() as u64)
            .unwrap();
        out(k)
    });
    assert_eq!(got, want, "the pool after the panics");
    // The global pool: 4 threads unless another test started it first.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build_global();
    faults_come_back("global rayon pool", |k, s, len| {
        let _ = k.update_read_at_rayon(s, len);
    });
    let mut k = Kt128::default();
    k.update_read_at_rayon(m.as_slice(), m.len() as u64)
        .unwrap();
    assert_eq!(out(k), want, "the global pool after the panics");
}

/// With `rayon` on, `max_threads = 1` keeps the work on the calling thread: a second thread of
/// the pool, polling for jobs all along, finds none, and every read is the caller's.
#[cfg(feature = "rayon")]
#[test]
fn one_thread_under_rayon_is_one_thread() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    struct Reads<'a> {
        data: &'a [u8],
        threads: std::sync::Mutex<Vec<std::thread::ThreadId>>,
    }
    impl ReadAt for Reads<'_> {
        type Error = core::convert::Infallible;
        fn read_at<'a>(
            &'a self,
            offset: u64,
            len: usize,
            scratch: &'a mut Vec<u8>,
        ) -> Result<&'a [u8], Self::Error> {
            self.threads
                .lock()
                .unwrap()
                .push(std::thread::current().id());
            self.data.read_at(offset, len, scratch)
        }
    }

    // 18 MiB: eight serial pieces of 2 MiB, each of which the pool could have been given.
    let m = message().repeat(4);
    let want = peer::<168>(&m);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let (ready, done, jobs) = (
        AtomicBool::new(false),
        AtomicBool::new(false),
        AtomicUsize::new(0),
    );
    pool.scope(|s| {
        s.spawn(|_| {
            ready.store(true, Ordering::SeqCst);
            while !done.load(Ordering::SeqCst) {
                match rayon::yield_now() {
                    Some(rayon::Yield::Executed) => _ = jobs.fetch_add(1, Ordering::SeqCst),
                    _ => std::thread::yield_now(),
                }
            }
        });
        while !ready.load(Ordering::SeqCst) {
            std::thread::yield_now();
        }
        // Stops the poller even if a call below panics.
        struct Done<'a>(&'a AtomicBool);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::SeqCst);
            }
        }
        let _done = Done(&done);
        let me = std::thread::current().id();
        // A few rounds: the poller does not steal every job it could.
        for _ in 0..4 {
            let src = Reads {
                data: &m,
                threads: Default::default(),
            };
            let mut k = Kt128::default();
            k.update_read_at(&src, m.len() as u64, 1).unwrap();
            assert_eq!(out(k), want);
            assert!(src.threads.into_inner().unwrap().iter().all(|&t| t == me));
            let mut t = Kt128::default();
            t.update_threads(&m, 1);
            assert_eq!(out(t), want);
        }
    });
    assert_eq!(jobs.into_inner(), 0, "max_threads = 1 ran jobs on the pool");
}
