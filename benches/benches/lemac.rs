//! Criterion group `lemac`: lwc-lemac against its peers (filled in by the lemac issue).

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let _ = c.benchmark_group("lemac");
}

criterion_group!(benches, bench);
criterion_main!(benches);
