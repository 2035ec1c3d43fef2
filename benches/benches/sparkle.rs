//! Criterion groups of lwc-sparkle, every backend this CPU has side by side in the same run (no
//! Rust peer exists; the C++ seed's callgrind figures are in `sparkle/PERFORMANCE.md`, ours come
//! from `oneshot` / `report --callgrind`):
//!
//! * `sparkle`: Esch, XOEsch and Schwaemm. Bench ids are `<algorithm>/lwc-<backend>/<bytes>`
//!   (`<backend>` is `hazmat::Backend`'s name); the backend is switched with the hidden
//!   `hazmat::force_backend` (process-wide, benches run one at a time). `lwc-x86_avx512` (what the
//!   run-time dispatch picks on an AVX-512 CPU), `lwc-x86_avx2` (what it picks on an AVX2 CPU) and
//!   `lwc-portable` run at every size; `lwc-x86_bmi` only at 4 KiB, the size of the
//!   SIMD-vs-portable target. The report uses `lwc-portable` as the baseline.
//! * `sparkle_permutation`: the slim permutations alone (one call on a state in memory), per
//!   backend: `<permutation>-slim/lwc-<backend>`; divide by the step count (7, 7, 8) for the time
//!   per step. Not part of the report (its throughput is the state size).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lwc_sparkle::hazmat::{Backend, Sparkle256, Sparkle384, Sparkle512, force_backend};
use lwc_sparkle::{
    AeadInOut, Digest, Esch256, Esch384, ExtendableOutput, KeyInit, Schwaemm128_128,
    Schwaemm192_192, Schwaemm256_128, Schwaemm256_256, XoEsch256, XoEsch384, XofReader,
};

const SIZES: &[usize] = &[16, 64, 256, 1024, 4096, 16 * 1024];

fn aead<A: KeyInit + AeadInOut>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    backend: &str,
    len: usize,
) {
    let cipher = A::new(&Default::default());
    let nonce = Default::default();
    let mut buf = benches::input(len);
    g.bench_function(BenchmarkId::new(format!("{name}/{backend}"), len), |b| {
        b.iter(|| cipher.encrypt_inout_detached(&nonce, &[], black_box(buf.as_mut_slice()).into()));
    });
}

fn bench(c: &mut Criterion) {
    let chosen = lwc_sparkle::hazmat::backend();
    let mut g = c.benchmark_group("sparkle");
    // The most preferred backend first, as before.
    for &kind in Backend::ALL.iter().rev() {
        if !force_backend(kind) {
            continue;
        }
        let backend = &format!("lwc-{kind}");
        let sizes: &[usize] = if kind.name() == "x86_bmi" {
            &[4096]
        } else {
            SIZES
        };
        for &len in sizes {
            let msg = benches::input(len);
            g.throughput(Throughput::Bytes(len as u64));
            g.bench_with_input(
                BenchmarkId::new(format!("Esch256/{backend}"), len),
                &msg,
                |b, m| {
                    b.iter(|| Esch256::digest(black_box(m)));
                },
            );
            g.bench_with_input(
                BenchmarkId::new(format!("Esch384/{backend}"), len),
                &msg,
                |b, m| {
                    b.iter(|| Esch384::digest(black_box(m)));
                },
            );
            g.bench_with_input(
                BenchmarkId::new(format!("XoEsch256-32B/{backend}"), len),
                &msg,
                |b, m| {
                    b.iter(|| {
                        let mut out = [0u8; 32];
                        let mut x = XoEsch256::default();
                        lwc_sparkle::digest::Update::update(&mut x, black_box(m));
                        x.finalize_xof().read(&mut out);
                        out
                    });
                },
            );
            g.bench_with_input(
                BenchmarkId::new(format!("XoEsch384-48B/{backend}"), len),
                &msg,
                |b, m| {
                    b.iter(|| {
                        let mut out = [0u8; 48];
                        let mut x = XoEsch384::default();
                        lwc_sparkle::digest::Update::update(&mut x, black_box(m));
                        x.finalize_xof().read(&mut out);
                        out
                    });
                },
            );
            aead::<Schwaemm128_128>(&mut g, "Schwaemm128-128-encrypt", backend, len);
            aead::<Schwaemm256_128>(&mut g, "Schwaemm256-128-encrypt", backend, len);
            aead::<Schwaemm192_192>(&mut g, "Schwaemm192-192-encrypt", backend, len);
            aead::<Schwaemm256_256>(&mut g, "Schwaemm256-256-encrypt", backend, len);
        }
    }
    g.finish();
    force_backend(chosen);
}

/// The slim permutations alone on every backend.
fn permutations(c: &mut Criterion) {
    let chosen = lwc_sparkle::hazmat::backend();
    let mut g = c.benchmark_group("sparkle_permutation");
    for &kind in Backend::ALL.iter().rev() {
        if !force_backend(kind) {
            continue;
        }
        let backend = format!("lwc-{kind}");
        g.throughput(Throughput::Bytes(32));
        g.bench_function(BenchmarkId::new("Sparkle256-slim", &backend), |b| {
            let mut s = [1u32; 8];
            b.iter(|| Sparkle256::slim(black_box(&mut s)));
        });
        g.throughput(Throughput::Bytes(48));
        g.bench_function(BenchmarkId::new("Sparkle384-slim", &backend), |b| {
            let mut s = [1u32; 12];
            b.iter(|| Sparkle384::slim(black_box(&mut s)));
        });
        g.throughput(Throughput::Bytes(64));
        g.bench_function(BenchmarkId::new("Sparkle512-slim", &backend), |b| {
            let mut s = [1u32; 16];
            b.iter(|| Sparkle512::slim(black_box(&mut s)));
        });
    }
    g.finish();
    force_backend(chosen);
}

criterion_group!(benches, bench, permutations);
criterion_main!(benches);
