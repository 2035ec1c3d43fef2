//! Hashing inputs: one job per input, run on the rayon pool with results in input order.

use std::sync::mpsc;

use indicatif::ProgressBar;

use crate::algorithms::{Algorithm, Params};
use crate::input::{self, Input, ReadOptions};

/// Everything a job needs to hash one input.
#[derive(Clone, Copy)]
pub(crate) struct Job<'a> {
    pub(crate) params: &'a Params,
    pub(crate) read: ReadOptions,
    pub(crate) progress: Option<&'a ProgressBar>,
}

/// The `len`-byte digest of `input` with `alg`.
pub(crate) fn digest_of(
    alg: &Algorithm,
    len: usize,
    input: Input<'_>,
    job: Job<'_>,
) -> Result<Vec<u8>, String> {
    let mut h = alg.start(job.params)?;
    input::feed(input, &mut *h, job.read, job.progress)?;
    let mut out = vec![0u8; len];
    h.finalize_into(&mut out)?;
    Ok(out)
}

/// Runs `f` over `items` on the rayon pool, FIFO, and hands the results to `sink` in order as
/// soon as each one and all before it are done.
pub(crate) fn run_ordered<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> R + Sync,
    mut sink: impl FnMut(&T, R),
) {
    if items.len() == 1 {
        let r = f(&items[0]);
        sink(&items[0], r);
        return;
    }
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|ts| {
        let f = &f;
        ts.spawn(move || {
            rayon::scope_fifo(|s| {
                for (i, item) in items.iter().enumerate() {
                    let tx = tx.clone();
                    s.spawn_fifo(move |_| {
                        let _ = tx.send((i, f(item)));
                    });
                }
            });
        });
        let mut pending = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                sink(&items[next], r);
                next += 1;
            }
        }
    });
}
