//! Wall-clock time of each backend of this build against the portable one, in one process: Esch256,
//! Esch384 and the four Schwaemm encryptions over one message (4 KiB unless given), the backends
//! alternated batch by batch (`hazmat::force_backend`), the minimum of the batches kept.
//!
//! Built for wasm32 with simd128 and run under Node's WASI (what `.ci/wasm.sh` measures):
//!
//! ```text
//! RUSTFLAGS="-C target-feature=+simd128" cargo build --release -p lwc-sparkle \
//!     --target wasm32-wasip1 --example backend_speed
//! node --no-warnings .ci/wasi.mjs target/wasm32-wasip1/release/examples/backend_speed.wasm [BYTES]
//! ```
//!
//! (`--no-liftoff` before `--no-warnings` compiles the module with V8's optimising tier at once,
//! so no batch runs baseline code.) Also runs natively (`cargo run --release -p lwc-sparkle
//! --example backend_speed`). A figure is nanoseconds per byte; `ratio` is portable's time over
//! the backend's (above 1: faster). Under WASI the clock is the process's CPU time (WASI's
//! `clock_time_get` with the process CPU-time clock), so other load on the machine counts less;
//! natively it is wall-clock time.

use std::hint::black_box;
use std::time::Duration;

use lwc_sparkle::hazmat::{Backend, force_backend};
use lwc_sparkle::{
    AeadInOut, Digest, Esch256, Esch384, KeyInit, Schwaemm128_128, Schwaemm192_192,
    Schwaemm256_128, Schwaemm256_256,
};

/// Batches per backend, and the time one batch should take.
const BATCHES: usize = 15;
const BATCH_TIME: Duration = Duration::from_millis(20);

/// A point in time: the process's CPU time under WASI, else wall-clock time.
#[derive(Clone, Copy)]
struct Instant(Duration);

impl Instant {
    fn now() -> Self {
        Instant(clock())
    }
    fn elapsed(self) -> Duration {
        clock().saturating_sub(self.0)
    }
}

#[cfg(target_os = "wasi")]
fn clock() -> Duration {
    #[link(wasm_import_module = "wasi_snapshot_preview1")]
    unsafe extern "C" {
        /// WASI preview 1: the time of clock `id` in nanoseconds; 0 on success.
        fn clock_time_get(id: u32, precision: u64, time: *mut u64) -> u16;
    }
    /// WASI's `CLOCKID_PROCESS_CPUTIME_ID`.
    const PROCESS_CPUTIME: u32 = 2;
    let mut ns = 0u64;
    // SAFETY: the WASI import writes one u64 through the pointer, which points at `ns`.
    let errno = unsafe { clock_time_get(PROCESS_CPUTIME, 1, &mut ns) };
    assert_eq!(errno, 0, "clock_time_get(process CPU time)");
    Duration::from_nanos(ns)
}

#[cfg(not(target_os = "wasi"))]
fn clock() -> Duration {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// One operation over `msg`.
type Op = fn(&mut [u8]);

fn esch256(msg: &mut [u8]) {
    black_box(Esch256::digest(black_box(&*msg)));
}

fn esch384(msg: &mut [u8]) {
    black_box(Esch384::digest(black_box(&*msg)));
}

fn schwaemm<A: KeyInit + AeadInOut>(msg: &mut [u8]) {
    let cipher = A::new(&Default::default());
    let tag = cipher
        .encrypt_inout_detached(&Default::default(), b"", black_box(msg).into())
        .unwrap();
    black_box(tag);
}

/// How many calls of `op` take about [`BATCH_TIME`].
fn calibrate(op: Op, msg: &mut [u8]) -> u32 {
    let mut n = 1u32;
    loop {
        let t = Instant::now();
        for _ in 0..n {
            op(msg);
        }
        if t.elapsed() >= BATCH_TIME / 4 || n >= 1 << 20 {
            let per = t.elapsed().as_secs_f64() / f64::from(n);
            return ((BATCH_TIME.as_secs_f64() / per) as u32).max(1);
        }
        n *= 2;
    }
}

fn main() {
    let len: usize = std::env::args()
        .nth(1)
        .map_or(4096, |a| a.parse().expect("message length in bytes"));
    let others: Vec<Backend> = Backend::ALL
        .iter()
        .copied()
        .filter(|&b| b != Backend::Portable && b.is_supported())
        .collect();
    let ops: [(&str, Op); 6] = [
        ("Esch256", esch256),
        ("Esch384", esch384),
        ("Schwaemm128-128 encrypt", schwaemm::<Schwaemm128_128>),
        ("Schwaemm256-128 encrypt", schwaemm::<Schwaemm256_128>),
        ("Schwaemm192-192 encrypt", schwaemm::<Schwaemm192_192>),
        ("Schwaemm256-256 encrypt", schwaemm::<Schwaemm256_256>),
    ];
    let mut msg = vec![0x5a_u8; len];
    println!("{len}-byte messages, ns/B, minimum of {BATCHES} alternating batches");
    for (name, op) in ops {
        let mut backends = vec![Backend::Portable];
        backends.extend(&others);
        assert!(force_backend(Backend::Portable));
        let n = calibrate(op, &mut msg);
        let mut best = vec![f64::INFINITY; backends.len()];
        for _ in 0..BATCHES {
            for (i, &b) in backends.iter().enumerate() {
                assert!(force_backend(b));
                let t = Instant::now();
                for _ in 0..n {
                    op(&mut msg);
                }
                let ns = t.elapsed().as_secs_f64() * 1e9 / f64::from(n) / len as f64;
                best[i] = best[i].min(ns);
            }
        }
        let mut line = format!("{name:<24} portable {:7.2}", best[0]);
        for (i, b) in others.iter().enumerate() {
            let ratio = best[0] / best[i + 1];
            line += &format!("  {b} {:7.2} (ratio {ratio:.2})", best[i + 1]);
        }
        println!("{line}");
    }
}
