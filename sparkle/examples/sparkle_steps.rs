//! Time per Sparkle step for every backend this CPU has: the permutations alone (no mode code),
//! minimum over many short batches (robust against a noisy machine), backends alternated in
//! rounds so that drifts in load or clock hit them alike.
//!
//! Usage: `cargo run --release -p lwc-sparkle --example sparkle_steps`

use std::time::Instant;

use lwc_sparkle::hazmat::{BackendKind, Sparkle256, Sparkle384, Sparkle512, force_backend};

/// Minimum time of one call of `f`, in ns, over 100 batches of 1000 calls.
fn min_ns<const W: usize>(f: fn(&mut [u32; W])) -> f64 {
    let mut s = [1u32; W];
    let mut best = f64::MAX;
    for _ in 0..100 {
        let t = Instant::now();
        for _ in 0..1000 {
            f(std::hint::black_box(&mut s));
        }
        best = best.min(t.elapsed().as_nanos() as f64 / 1000.0);
    }
    std::hint::black_box(s);
    best
}

fn main() {
    let kinds = [
        (BackendKind::Portable, "portable"),
        (BackendKind::Bmi2, "bmi2"),
        (BackendKind::Avx2, "avx2"),
        (BackendKind::Avx512, "avx512"),
    ];
    // ns per step (slim step counts: 7, 7, 8), minimum over all rounds.
    let mut best = [[f64::MAX; 3]; 4];
    for _round in 0..8 {
        for (i, &(kind, _)) in kinds.iter().enumerate() {
            if !force_backend(kind) {
                continue;
            }
            best[i][0] = best[i][0].min(min_ns::<8>(Sparkle256::slim) / 7.0);
            best[i][1] = best[i][1].min(min_ns::<12>(Sparkle384::slim) / 7.0);
            best[i][2] = best[i][2].min(min_ns::<16>(Sparkle512::slim) / 8.0);
        }
    }
    println!(
        "ns per step (call included)  Sparkle256  Sparkle384  Sparkle512   speed-up over portable"
    );
    for (i, &(_, name)) in kinds.iter().enumerate() {
        if best[i][0] == f64::MAX {
            println!("{name:10} (not available on this CPU/build)");
            continue;
        }
        println!(
            "{name:10} {:28.2} {:11.2} {:11.2}   {:.2}x {:.2}x {:.2}x",
            best[i][0],
            best[i][1],
            best[i][2],
            best[0][0] / best[i][0],
            best[0][1] / best[i][1],
            best[0][2] / best[i][2],
        );
    }
}
