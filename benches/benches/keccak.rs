//! Criterion group `keccak`: lwc-keccak against its peers (filled in by the keccak issue).

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let _ = c.benchmark_group("keccak");
}

criterion_group!(benches, bench);
criterion_main!(benches);
