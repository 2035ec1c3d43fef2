//! Criterion group `keccak`: lwc-keccak against the RustCrypto crates, side by side in the same run.
//! Every iteration is a whole hash (`Type::digest`: new + update + finalize, or `keccak-asm`'s
//! one-call function of that name). With the feature `anchors`, also
//! against `keccak-asm`, XKCP (`xkcp-rs`) and `tiny-keccak` (`benches::anchors`; every anchor's
//! output is checked equal to ours before timing).
//!
//! Quick run: `cargo bench -p benches --no-default-features --features keccak --bench keccak --
//! --warm-up-time 1 --measurement-time 3 <filter>`.

use std::hint::black_box;

use benches::xof32;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use digest::{Digest, ExtendableOutput, Update, XofReader};

const SIZES: [usize; 7] = [16, 32, 64, 256, 1024, 16 * 1024, 1024 * 1024];

fn input(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

/// The anchors' sides (`benches::anchors`): every workload's function at every size (ours and
/// RustCrypto's are the ids of `bench`).
#[cfg(feature = "anchors")]
fn anchors(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    use benches::anchors::{WORKLOADS, check};
    check().expect("an anchor differs from ours");
    // One workload per function (the list repeats SHA3-256 for its four lengths).
    let mut seen = Vec::new();
    for w in WORKLOADS {
        if seen.contains(&w.algorithm) {
            continue;
        }
        seen.push(w.algorithm);
        for &(name, side) in w.sides {
            if name == "lwc" || name == "rustcrypto" {
                continue;
            }
            for &len in &SIZES {
                let m = input(len);
                g.throughput(Throughput::Bytes(len as u64));
                g.bench_with_input(
                    BenchmarkId::new(format!("{}/{name}", w.algorithm), len),
                    &m,
                    |b, m| b.iter(|| side(black_box(m))),
                );
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("keccak");
    #[cfg(feature = "anchors")]
    anchors(&mut g);
    for &len in &SIZES {
        let m = input(len);
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_with_input(BenchmarkId::new("sha3_256/lwc", len), &m, |b, m| {
            b.iter(|| lwc_keccak::Sha3_256::digest(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("sha3_256/sha3", len), &m, |b, m| {
            b.iter(|| sha3::Sha3_256::digest(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("keccak256/lwc", len), &m, |b, m| {
            b.iter(|| lwc_keccak::Keccak256::digest(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("keccak256/sha3", len), &m, |b, m| {
            b.iter(|| sha3::Keccak256::digest(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("shake128/lwc", len), &m, |b, m| {
            b.iter(|| xof32::<lwc_keccak::Shake128>(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("shake128/shake", len), &m, |b, m| {
            b.iter(|| xof32::<shake::Shake128>(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("turboshake128/lwc", len), &m, |b, m| {
            b.iter(|| xof32::<lwc_keccak::TurboShake128>(black_box(m)))
        });
        g.bench_with_input(
            BenchmarkId::new("turboshake128/turboshake", len),
            &m,
            |b, m| b.iter(|| xof32::<turboshake::TurboShake128>(black_box(m))),
        );
        g.bench_with_input(BenchmarkId::new("kt128/lwc", len), &m, |b, m| {
            b.iter(|| xof32::<lwc_keccak::Kt128>(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("kt128/k12", len), &m, |b, m| {
            b.iter(|| xof32::<k12::Kt128>(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("kt256/lwc", len), &m, |b, m| {
            b.iter(|| {
                let mut x = lwc_keccak::Kt256::default();
                x.update(black_box(m));
                let mut out = [0u8; 64];
                x.finalize_xof().read(&mut out);
                out
            })
        });
        g.bench_with_input(BenchmarkId::new("kt256/k12", len), &m, |b, m| {
            b.iter(|| {
                let mut x = k12::Kt256::default();
                x.update(black_box(m));
                let mut out = [0u8; 64];
                x.finalize_xof().read(&mut out);
                out
            })
        });
    }
    // Batch of four SHA3-256 over 64-byte messages against four single calls.
    let msgs: Vec<Vec<u8>> = (0..4u8).map(|k| vec![k; 64]).collect();
    let refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
    g.throughput(Throughput::Bytes(4 * 64));
    g.bench_function("batch4_sha3_256_64/lwc-batch", |b| {
        b.iter(|| {
            let mut outs = [[0u8; 32]; 4];
            lwc_keccak::batch::sha3_256(black_box(&refs), &mut outs).unwrap();
            outs
        })
    });
    g.bench_function("batch4_sha3_256_64/single-calls-lwc", |b| {
        b.iter(|| {
            refs.iter()
                .map(|m| lwc_keccak::Sha3_256::digest(black_box(m)))
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("batch4_sha3_256_64/single-calls-sha3", |b| {
        b.iter(|| {
            refs.iter()
                .map(|m| sha3::Sha3_256::digest(black_box(m)))
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
