//! Criterion group `ascon`: lwc-ascon against RustCrypto (`ascon-aead` 0.6, `ascon-hash` 0.4),
//! side by side in the same run.
//!
//! `cargo bench -p benches --no-default-features --features ascon --bench ascon -- <filter>`

use aead::inout::InOutBuf;
use aead::{AeadInOut, KeyInit};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use digest::{Digest, ExtendableOutput, Update, XofReader};
use std::hint::black_box;

const SIZES: [usize; 7] = [16, 64, 256, 1024, 4096, 16 * 1024, 1024 * 1024];

fn aead128(c: &mut Criterion) {
    let mut g = c.benchmark_group("ascon");
    let key = [7u8; 16];
    let nonce = [9u8; 16];
    let ours = lwc_ascon::AsconAead128::new(&key.into());
    let peer = ascon_aead::AsconAead128::new(&key.into());
    for &n in &SIZES {
        g.throughput(Throughput::Bytes(n as u64));
        let mut buf = vec![0u8; n];
        g.bench_with_input(BenchmarkId::new("aead128-encrypt/lwc", n), &n, |b, _| {
            b.iter(|| {
                black_box(
                    ours.encrypt_inout_detached(&nonce.into(), &[], buf.as_mut_slice().into())
                        .unwrap(),
                )
            })
        });
        g.bench_with_input(
            BenchmarkId::new("aead128-encrypt/rustcrypto", n),
            &n,
            |b, _| {
                b.iter(|| {
                    black_box(
                        peer.encrypt_inout_detached(&nonce.into(), &[], buf.as_mut_slice().into())
                            .unwrap(),
                    )
                })
            },
        );
        // Decryption reads the ciphertext and writes the plaintext to a second buffer, so every
        // iteration verifies the same valid ciphertext.
        let mut ct = benches::input(n);
        let tag = ours
            .encrypt_inout_detached(&nonce.into(), &[], ct.as_mut_slice().into())
            .unwrap();
        let mut pt = vec![0u8; n];
        g.bench_with_input(BenchmarkId::new("aead128-decrypt/lwc", n), &n, |b, _| {
            b.iter(|| {
                let io = InOutBuf::new(black_box(&ct), &mut pt).unwrap();
                ours.decrypt_inout_detached(&nonce.into(), &[], io, &tag)
                    .unwrap();
            })
        });
        g.bench_with_input(
            BenchmarkId::new("aead128-decrypt/rustcrypto", n),
            &n,
            |b, _| {
                b.iter(|| {
                    let io = InOutBuf::new(black_box(&ct), &mut pt).unwrap();
                    peer.decrypt_inout_detached(&nonce.into(), &[], io, &tag)
                        .unwrap();
                })
            },
        );
    }
    g.finish();
}

fn v12_aeads(c: &mut Criterion) {
    let mut g = c.benchmark_group("ascon");
    let nonce = [9u8; 16];
    let a = lwc_ascon::v12::Ascon128::new(&[7u8; 16].into());
    let aa = lwc_ascon::v12::Ascon128a::new(&[7u8; 16].into());
    let n = 4096;
    g.throughput(Throughput::Bytes(n as u64));
    let mut buf = vec![0u8; n];
    g.bench_with_input(BenchmarkId::new("ascon128-encrypt/lwc", n), &n, |b, _| {
        b.iter(|| {
            black_box(
                a.encrypt_inout_detached(&nonce.into(), &[], buf.as_mut_slice().into())
                    .unwrap(),
            )
        })
    });
    g.bench_with_input(BenchmarkId::new("ascon128a-encrypt/lwc", n), &n, |b, _| {
        b.iter(|| {
            black_box(
                aa.encrypt_inout_detached(&nonce.into(), &[], buf.as_mut_slice().into())
                    .unwrap(),
            )
        })
    });
    g.finish();
}

fn hash256(c: &mut Criterion) {
    let mut g = c.benchmark_group("ascon");
    for &n in &SIZES {
        g.throughput(Throughput::Bytes(n as u64));
        let msg = vec![0x5Au8; n];
        g.bench_with_input(BenchmarkId::new("hash256/lwc", n), &msg, |b, m| {
            b.iter(|| black_box(lwc_ascon::AsconHash256::digest(m)))
        });
        g.bench_with_input(BenchmarkId::new("hash256/rustcrypto", n), &msg, |b, m| {
            b.iter(|| black_box(ascon_hash::AsconHash256::digest(m)))
        });
    }
    g.finish();
}

fn xof128(c: &mut Criterion) {
    let mut g = c.benchmark_group("ascon");
    for &n in &SIZES {
        g.throughput(Throughput::Bytes(n as u64));
        let msg = vec![0x5Au8; n];
        g.bench_with_input(BenchmarkId::new("xof128-64B/lwc", n), &msg, |b, m| {
            b.iter(|| {
                let mut x = lwc_ascon::AsconXof128::default();
                x.update(m);
                let mut out = [0u8; 64];
                x.finalize_xof().read(&mut out);
                black_box(out)
            })
        });
        g.bench_with_input(
            BenchmarkId::new("xof128-64B/rustcrypto", n),
            &msg,
            |b, m| {
                b.iter(|| {
                    let mut x = ascon_hash::AsconXof128::default();
                    x.update(m);
                    let mut out = [0u8; 64];
                    x.finalize_xof().read(&mut out);
                    black_box(out)
                })
            },
        );
    }
    g.finish();
}

/// `p12` on every backend this CPU has (forced in turn, then the detected one restored), named
/// `p12/lwc-<backend>-<words>`.
fn permutation(c: &mut Criterion) {
    use lwc_ascon::hazmat::{self, Backend};
    let mut g = c.benchmark_group("ascon");
    g.throughput(Throughput::Elements(1));
    let mut s = [1u64, 2, 3, 4, 5];
    let detected = hazmat::backend();
    for &backend in Backend::ALL {
        if !hazmat::force_backend(backend) {
            continue;
        }
        g.bench_function(format!("p12/lwc-{backend}-{}", hazmat::WORDS), |b| {
            b.iter(|| {
                hazmat::permute12(black_box(&mut s));
            })
        });
    }
    hazmat::force_backend(detected);
    g.finish();
}

criterion_group!(benches, aead128, v12_aeads, hash256, xof128, permutation);
criterion_main!(benches);
