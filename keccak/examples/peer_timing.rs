//! Times KT128 (1 MiB) and SHA3-256 (16 KiB) against RustCrypto's `k12` and `sha3`, built the
//! same way, in one run: batches alternate between the two, and the minimum batch time of each
//! is reported (MB/s and the ratio ours/peer). Each of our backends compiled in is timed too
//! (forced with `force_backend`). Written for targets without a benchmark harness, such as
//! wasm32-wasip1 under Node's WASI (see PERFORMANCE.md, "wasm32"):
//!
//! ```text
//! RUSTFLAGS="-C target-feature=+simd128" cargo build --release -p lwc-keccak \
//!     --target wasm32-wasip1 --example peer_timing
//! node --no-warnings wasi.mjs target/wasm32-wasip1/release/examples/peer_timing.wasm
//! ```
//!
//! The outputs of both implementations are compared before timing (the run fails on a mismatch).

use std::time::{Duration, Instant};

use lwc_keccak::hazmat::{Backend, force_backend};

/// A 32-byte hash of a message.
type Hash = fn(&[u8]) -> [u8; 32];

/// KT128 of `data`, 32 bytes, with our crate.
fn kt128_ours(data: &[u8]) -> [u8; 32] {
    use lwc_keccak::{ExtendableOutput, Update};
    let mut h = lwc_keccak::Kt128::default();
    h.update(data);
    let mut out = [0; 32];
    h.finalize_xof_into(&mut out);
    out
}

/// KT128 of `data`, 32 bytes, with `k12`.
fn kt128_peer(data: &[u8]) -> [u8; 32] {
    use k12::digest::{ExtendableOutput, Update};
    let mut h = k12::Kt128::default();
    h.update(data);
    let mut out = [0; 32];
    h.finalize_xof_into(&mut out);
    out
}

/// SHA3-256 of `data` with our crate.
fn sha3_ours(data: &[u8]) -> [u8; 32] {
    use lwc_keccak::Digest;
    lwc_keccak::Sha3_256::digest(data).into()
}

/// SHA3-256 of `data` with `sha3`.
fn sha3_peer(data: &[u8]) -> [u8; 32] {
    use sha3_rc::Digest;
    sha3_rc::Sha3_256::digest(data).into()
}

/// The time of `iters` calls of `f` on `data`.
fn batch(f: Hash, data: &[u8], iters: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        std::hint::black_box(f(std::hint::black_box(data)));
    }
    start.elapsed()
}

/// Minimum batch times of `ours` and `peer`, batches alternating.
fn compare(ours: Hash, peer: Hash, data: &[u8], iters: u32, batches: u32) -> (Duration, Duration) {
    assert_eq!(ours(data), peer(data), "outputs differ");
    let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
    for _ in 0..batches {
        best_ours = best_ours.min(batch(ours, data, iters));
        best_peer = best_peer.min(batch(peer, data, iters));
    }
    (best_ours, best_peer)
}

fn mbps(bytes: usize, iters: u32, t: Duration) -> f64 {
    (bytes as f64 * f64::from(iters)) / t.as_secs_f64() / 1e6
}

fn main() {
    let batches: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(15);
    let data: Vec<u8> = (0..1usize << 20).map(|i| (i * 131 % 251) as u8).collect();
    let cases: [(&str, Hash, Hash, usize, u32); 2] = [
        ("KT128 1 MiB", kt128_ours, kt128_peer, 1 << 20, 4),
        ("SHA3-256 16 KiB", sha3_ours, sha3_peer, 16 << 10, 64),
    ];
    println!("target {}, {batches} batches, min", std::env::consts::ARCH);
    for (name, ours, peer, len, iters) in cases {
        for &b in Backend::ALL {
            assert!(force_backend(b), "{b}");
            let (t_ours, t_peer) = compare(ours, peer, &data[..len], iters, batches);
            println!(
                "{name:16} ours ({:12}) {:8.1} MB/s  peer {:8.1} MB/s  ours/peer {:.2}x",
                b.name(),
                mbps(len, iters, t_ours),
                mbps(len, iters, t_peer),
                t_peer.as_secs_f64() / t_ours.as_secs_f64()
            );
        }
    }
}
