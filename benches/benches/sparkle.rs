//! Criterion group `sparkle`: lwc-sparkle against its peers (filled in by the sparkle issue).

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let _ = c.benchmark_group("sparkle");
}

criterion_group!(benches, bench);
criterion_main!(benches);
