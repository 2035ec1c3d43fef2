//! Criterion group `sparkle`: lwc-sparkle's Esch, XOEsch and Schwaemm on every backend this CPU
//! has, side by side in the same run (no Rust peer exists; the C++ seed's callgrind figures are
//! in the crate README and `benches/sparkle_callgrind.sh` prints ours).
//!
//! Bench ids are `<algorithm>/lwc-<backend>/<bytes>`; the backend is switched with the hidden
//! `hazmat::force_backend` (process-wide, benches run one at a time). `lwc-avx512` (what the
//! run-time dispatch picks on an AVX-512 CPU), `lwc-avx2` (what it picks on an AVX2 CPU) and
//! `lwc-portable` run at every size; `lwc-bmi2` only at 4 KiB, the size of the issue's
//! SIMD-vs-portable target. The report uses `lwc-portable` as the baseline.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lwc_sparkle::hazmat::{BackendKind, force_backend};
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
    let mut g = c.benchmark_group("sparkle");
    for (kind, backend) in [
        (BackendKind::Avx512, "lwc-avx512"),
        (BackendKind::Avx2, "lwc-avx2"),
        (BackendKind::Bmi2, "lwc-bmi2"),
        (BackendKind::Portable, "lwc-portable"),
    ] {
        if !force_backend(kind) {
            continue;
        }
        let sizes: &[usize] = if matches!(kind, BackendKind::Bmi2) {
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
