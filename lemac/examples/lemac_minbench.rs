//! Throughput with a noise-resistant method for a shared machine:
//! `lemac_minbench [seconds-per-size] [compute|many2]` (sizes from `SIZES=64,1024,...`).
//!
//! For each size it times many short samples (a batch of calls adding up to about 16 KiB, or one
//! call for larger messages) and keeps the fastest: preemption and cache pollution by other
//! processes inflate some samples but rarely the fastest one, so the minimum is stable from run
//! to run even under load (unlike a mean). `many2` times `compute_many` on two messages of the
//! given size and reports both messages' bytes. The same method was used for the C++ seed in
//! the README comparison.

use lwc_lemac::LeMac;
use lwc_lemac::digest::KeyInit;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let secs: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0.5);
    let many2 = args.next().is_some_and(|w| w == "many2");
    let sizes: Vec<usize> = std::env::var("SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![64, 1024, 16384, 262_144, 1_048_576]);
    let max = sizes.iter().copied().max().unwrap_or(0);
    let mac = LeMac::new(&[7u8; 16].into());
    let nonce = [3u8; 16];
    let mut buf: Vec<u8> = (0..max).map(|i| (i * 131 + 7) as u8).collect();
    let buf2: Vec<u8> = buf.iter().map(|b| b ^ 0x5a).collect();
    println!(
        "backend {:?}, compute_many lanes {}",
        lwc_lemac::hazmat::selected_backend(),
        lwc_lemac::hazmat::compute_many_lanes()
    );
    for n in sizes {
        let batch = (16384 / n.max(1)).max(1);
        let bytes = if many2 { 2 * n } else { n };
        let mut best = f64::MAX;
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < secs {
            let t0 = Instant::now();
            for _ in 0..batch {
                let t = if many2 {
                    mac.compute_many(
                        &[nonce, nonce],
                        &[black_box(&buf[..n]), black_box(&buf2[..n])],
                    )[1]
                } else {
                    mac.compute(&nonce, black_box(&buf[..n]))
                };
                // Feed the tag back so calls cannot be merged or hoisted.
                if n > 0 {
                    buf[0] ^= t[1];
                }
            }
            best = best.min(t0.elapsed().as_secs_f64() / batch as f64);
        }
        println!(
            "{n:8} B  {:7.2} GiB/s  {:9.1} ns/call",
            bytes as f64 / best / f64::from(1u32 << 30),
            best * 1e9
        );
    }
}
