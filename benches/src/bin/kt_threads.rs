//! The threaded KT128 of lwc-keccak against its serial path, on one input in memory: the speed
//! on 1, 2, 4 ... threads (`Kt::update_threads`) beside the serial `update`, the outputs compared
//! first.
//!
//! ```text
//! kt_threads [MIB] [ROUNDS]     (default 1024 MiB, 5 rounds)
//! ```
//!
//! Prints `row THREADS SECONDS` per thread count (0: the serial path), each the minimum over
//! ROUNDS rounds that alternate all the counts.

use std::hint::black_box;
use std::time::Instant;

use digest::{ExtendableOutput, Update, XofReader};
use lwc_keccak::Kt128;

fn kt(data: &[u8], threads: usize) -> [u8; 32] {
    let mut k = Kt128::default();
    if threads == 0 {
        for piece in data.chunks(1 << 16) {
            k.update(piece);
        }
    } else {
        k.update_threads(data, threads);
    }
    let mut out = [0u8; 32];
    k.finalize_xof().read(&mut out);
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mib: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1024);
    let rounds: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![0];
    let mut t = 1;
    while t < cores {
        counts.push(t);
        t *= 2;
    }
    counts.push(cores);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let data: Vec<u8> = (0..mib << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect();
    // Outputs first: every thread count gives the serial path's digest (on a shorter prefix too).
    for len in [data.len(), (data.len() / 3) | 1] {
        let want = kt(&data[..len], 0);
        for &c in &counts[1..] {
            if kt(&data[..len], c) != want {
                eprintln!("FAIL: {c} threads disagree with the serial path on {len} bytes");
                std::process::exit(1);
            }
        }
    }
    let mut best = vec![f64::MAX; counts.len()];
    for _ in 0..rounds {
        for (i, &c) in counts.iter().enumerate() {
            let t = Instant::now();
            black_box(kt(black_box(&data), c));
            best[i] = best[i].min(t.elapsed().as_secs_f64());
        }
    }
    println!("info bytes {}", data.len());
    println!("info backend {}", lwc_keccak::hazmat::backend().name());
    for (c, s) in counts.iter().zip(best) {
        println!("row {c} {s:.6}");
    }
}
