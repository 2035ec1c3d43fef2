//! Criterion group `ascon`: lwc-ascon against its peers (filled in by the ascon issue).

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let _ = c.benchmark_group("ascon");
}

criterion_group!(benches, bench);
criterion_main!(benches);
