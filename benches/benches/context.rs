//! Criterion group `context`: well-known fast primitives outside our families (SHA-256, BLAKE3,
//! AES-128-GCM, ChaCha20-Poly1305), measured on the same machine and sizes as the family groups so the
//! report can put our figures in scale. Nothing here is ours; the report prints no ratio for it.
//!
//! `cargo bench -p benches --no-default-features --features context --bench context`

use aead::{AeadInOut, KeyInit};
use benches::{SIZES, input};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use digest::Digest;
use std::hint::black_box;

fn hashes(c: &mut Criterion) {
    let mut g = c.benchmark_group("context");
    for &n in SIZES {
        let msg = input(n);
        g.throughput(Throughput::Bytes(n as u64));
        g.bench_with_input(BenchmarkId::new("SHA-256/sha2", n), &msg, |b, m| {
            b.iter(|| black_box(sha2::Sha256::digest(black_box(m))));
        });
        g.bench_with_input(BenchmarkId::new("BLAKE3/blake3", n), &msg, |b, m| {
            b.iter(|| black_box(blake3::hash(black_box(m))));
        });
    }
    g.finish();
}

fn aeads(c: &mut Criterion) {
    let mut g = c.benchmark_group("context");
    let gcm = aes_gcm::Aes128Gcm::new(&[7u8; 16].into());
    let chacha = chacha20poly1305::ChaCha20Poly1305::new(&[7u8; 32].into());
    let nonce = [9u8; 12];
    for &n in SIZES {
        let mut buf = input(n);
        g.throughput(Throughput::Bytes(n as u64));
        g.bench_function(BenchmarkId::new("AES-128-GCM-encrypt/aes-gcm", n), |b| {
            b.iter(|| {
                black_box(
                    gcm.encrypt_inout_detached(&nonce.into(), &[], buf.as_mut_slice().into())
                        .expect("in-memory encryption"),
                )
            });
        });
        g.bench_function(
            BenchmarkId::new("ChaCha20Poly1305-encrypt/chacha20poly1305", n),
            |b| {
                b.iter(|| {
                    black_box(
                        chacha
                            .encrypt_inout_detached(&nonce.into(), &[], buf.as_mut_slice().into())
                            .expect("in-memory encryption"),
                    )
                });
            },
        );
    }
    g.finish();
}

criterion_group!(benches, hashes, aeads);
criterion_main!(benches);
