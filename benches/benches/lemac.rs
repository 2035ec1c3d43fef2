//! Criterion group `lemac`: lwc-lemac's LeMac (one-shot, streaming, two messages per call),
//! the keyless checksum and PetitMac. No Rust peer exists; the C++ seed's figures are quoted in
//! the crate README. Key setup is outside the timed loops.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lwc_lemac::digest::KeyInit;
use lwc_lemac::{LeMac, Mac, PetitMac};

const SIZES: &[usize] = &[16, 64, 256, 1024, 16 * 1024, 256 * 1024, 1024 * 1024];

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("lemac");
    let key = [7u8; 16];
    let nonce = [9u8; 16];
    let mac = LeMac::new(&key.into());
    let petit = PetitMac::new(&key.into());
    for &len in SIZES {
        let msg = benches::input(len);
        let msg2 = benches::input(len + 1)[1..].to_vec();
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_with_input(BenchmarkId::new("LeMac/lwc-compute", len), &msg, |b, m| {
            b.iter(|| mac.compute(&nonce, black_box(m)));
        });
        g.bench_with_input(
            BenchmarkId::new("LeMac/lwc-Mac-update-finalize", len),
            &msg,
            |b, m| {
                b.iter(|| {
                    let mut h = mac.clone();
                    h.update(black_box(m));
                    h.finalize_with_nonce(&nonce)
                });
            },
        );
        g.throughput(Throughput::Bytes(2 * len as u64));
        g.bench_with_input(
            BenchmarkId::new("LeMac/lwc-compute_many-2", len),
            &msg,
            |b, m| {
                b.iter(|| mac.compute_many(&[nonce, nonce], &[black_box(m), black_box(&msg2)]));
            },
        );
        g.throughput(Throughput::Bytes(len as u64));
        if len <= 16 * 1024 {
            g.bench_with_input(
                BenchmarkId::new("PetitMac/lwc-compute", len),
                &msg,
                |b, m| {
                    b.iter(|| petit.compute(&nonce, black_box(m)));
                },
            );
        }
    }
    g.finish();
    // Its own group: a key setup has no message size, and the report reads only the family groups.
    let mut k = c.benchmark_group("lemac-key-setup");
    k.bench_function("LeMac/lwc", |b| {
        b.iter(|| LeMac::new(black_box(&key.into())))
    });
    k.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
