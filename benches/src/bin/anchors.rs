//! Keccak timing against the anchors (issue 20, `report --native`): ours, RustCrypto's crates,
//! `keccak-asm`, XKCP (`xkcp-rs`) and `tiny-keccak` in one process, on the workloads of
//! `benches::anchors::WORKLOADS`.
//!
//! ```text
//! anchors [ROUNDS] [WORKLOAD...]   checks every output, then prints the build's choices and one
//!                                   `row` per side (of the named workloads only, if any are named)
//! ```
//!
//! Before any timing every side's output is compared with ours (`benches::anchors::check`, on
//! the workloads' lengths and around the rates and KT128's chunk size); a difference prints
//! `FAIL` and exits with status 1. Then, per workload, batches of each side alternate (the side
//! that starts moves on by one each round), `ROUNDS` of each (31 unless given), each batch about
//! 10 ms of wall-clock time at our speed; the minimum per side is kept. Output lines:
//!
//! ```text
//! info <key> <value...>         lwc-backend, keccak-asm (its CRYPTOGAMS script), xkcp, features
//! row <workload id> <implementation> <ns/B>
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::anchors::{Side, WORKLOADS, Workload, check, keccak_asm_impl};

/// Batches of each side, unless given on the command line.
const ROUNDS: u32 = 31;
/// The wall-clock time one batch of ours should take.
const BATCH: Duration = Duration::from_millis(10);

/// The time of one batch of `n` calls of `side` over `m`, per byte, in nanoseconds.
fn batch(side: Side, m: &[u8], n: u32) -> f64 {
    let t = Instant::now();
    for _ in 0..n {
        black_box(side(black_box(m)));
    }
    t.elapsed().as_secs_f64() * 1e9 / f64::from(n) / m.len() as f64
}

/// Calls of `side` over `m` that take about [`BATCH`].
fn calibrate(side: Side, m: &[u8]) -> u32 {
    let mut n = 1u32;
    loop {
        let per_call = batch(side, m, n) * m.len() as f64;
        if per_call * f64::from(n) >= BATCH.as_secs_f64() * 1e9 / 4.0 || n >= 1 << 24 {
            return ((BATCH.as_secs_f64() * 1e9 / per_call) as u32).max(1);
        }
        n *= 2;
    }
}

/// The minimum ns/B of every side of `w`, batches alternating.
fn time(w: &Workload, rounds: u32) -> Vec<f64> {
    let m = benches::input(w.len);
    let n = calibrate(w.sides[0].1, &m);
    let k = w.sides.len();
    let mut best = vec![f64::INFINITY; k];
    for r in 0..rounds as usize {
        for j in 0..k {
            let i = (r + j) % k;
            best[i] = best[i].min(batch(w.sides[i].1, &m, n));
        }
    }
    best
}

/// The x86 target features this build was compiled with (what `-C target-cpu` changed).
fn features() -> String {
    let mut f = Vec::new();
    if cfg!(target_feature = "avx2") {
        f.push("avx2");
    }
    if cfg!(target_feature = "bmi2") {
        f.push("bmi2");
    }
    if cfg!(target_feature = "avx512f") {
        f.push("avx512f");
    }
    if cfg!(target_feature = "avx512vl") {
        f.push("avx512vl");
    }
    if f.is_empty() {
        "baseline".into()
    } else {
        f.join(",")
    }
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .map_or(ROUNDS, |a| a.parse().expect("rounds: a number"));
    let only: Vec<String> = std::env::args().skip(2).collect();
    if let Some(unknown) = only.iter().find(|o| WORKLOADS.iter().all(|w| w.id != *o)) {
        eprintln!("unknown workload {unknown}; the workloads:");
        for w in WORKLOADS {
            eprintln!("  {}", w.id);
        }
        std::process::exit(2);
    }
    if let Err(e) = check() {
        eprintln!("FAIL: {e}");
        std::process::exit(1);
    }
    println!("info lwc-backend {}", lwc_keccak::hazmat::backend().name());
    println!("info keccak-asm {}", keccak_asm_impl());
    println!(
        "info xkcp {}",
        xkcp_rs::ffi::KeccakP1600_implementation.to_string_lossy()
    );
    println!("info features {}", features());
    for w in WORKLOADS
        .iter()
        .filter(|w| only.is_empty() || only.iter().any(|o| o == w.id))
    {
        for ((name, _), ns) in w.sides.iter().zip(time(w, rounds)) {
            println!("row {} {name} {ns:.5}", w.id);
        }
    }
}
