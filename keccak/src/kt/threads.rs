//! KT128 and KT256 on several threads: the leaves are hashed in batches by every thread, and
//! the final node absorbs each batch's chaining values in order as soon as they are ready, on
//! whichever thread finishes the batch that the final node waits for. The serial part (one
//! chaining value per 8 KiB) thus runs while the leaves are still being hashed, instead of after
//! them.
//!
//! The input comes from a [`ReadAt`] source: a byte slice (hashed where it lies), a file read
//! with positioned reads (each thread reads its own batches into a buffer of its own, reused), or
//! the caller's own (a memory map each thread faults in ahead of hashing, say). Memory stays
//! bounded whatever the length: a buffer of one batch per thread for sources that need one, and a
//! ring of a few batches of chaining values.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::any::Any;
use core::convert::Infallible;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;

use super::{CHUNK, Kt};
use crate::hazmat::sponge::Sponge;

/// Input that several threads read at once, each at its own offsets.
///
/// Implemented for byte slices (`[u8]`: the bytes are hashed where they lie; pass a `Vec` as
/// `v.as_slice()`) and for [`std::fs::File`] (positioned reads that leave the file position alone). A caller's own
/// source can bring its range in before handing it out, as `lwcsum` does for memory maps.
pub trait ReadAt: Sync {
    /// The error a read can fail with.
    type Error: Send;

    /// The `len` bytes at `offset`: borrowed from the source, or read into `scratch` (which the
    /// source may resize) and borrowed from there. A source shorter than `offset + len` is an
    /// error of the source's choosing; returning another length than `len` is a bug of the
    /// source, on which [`Kt`]'s methods panic.
    fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        scratch: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], Self::Error>;
}

/// The error of a slice read past its end: never returned for the lengths [`Kt`]'s methods ask
/// for, which come from the slice itself.
impl ReadAt for [u8] {
    type Error = Infallible;

    fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        _scratch: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], Infallible> {
        let start = usize::try_from(offset).map_or(self.len(), |o| o.min(self.len()));
        let end = start.saturating_add(len).min(self.len());
        Ok(&self[start..end])
    }
}

/// Positioned reads (`pread` on Unix, `seek_read` on Windows); a file that ends before
/// `offset + len` gives [`std::io::ErrorKind::UnexpectedEof`].
#[cfg(any(unix, windows))]
impl ReadAt for std::fs::File {
    type Error = std::io::Error;

    fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        scratch: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], std::io::Error> {
        #[cfg(unix)]
        use std::os::unix::fs::FileExt;
        #[cfg(windows)]
        use std::os::windows::fs::FileExt;
        scratch.resize(len, 0);
        let mut done = 0;
        while done < len {
            #[cfg(unix)]
            let r = FileExt::read_at(self, &mut scratch[done..], offset + done as u64);
            #[cfg(windows)]
            let r = FileExt::seek_read(self, &mut scratch[done..], offset + done as u64);
            match r {
                Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                Ok(n) => done += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(&scratch[..len])
    }
}

/// `data`, which a [`ReadAt`] source returned for a read of `len` bytes.
fn exact(data: &[u8], len: usize) -> &[u8] {
    assert_eq!(
        data.len(),
        len,
        "a ReadAt source returned another length than asked for"
    );
    data
}

/// Fewer whole leaves than this per thread are not worth a thread: starting one costs as much as
/// hashing a few dozen leaves (PERFORMANCE.md, "On every core").
const MIN_LEAVES_PER_THREAD: u64 = 64;
/// The most leaves in one batch (2 MiB): long runs of the eight-state and four-state paths, and
/// the parts of a memory map that one thread faults in span page tables of their own (two
/// threads filling one table contend for it; PERFORMANCE.md, "On every core").
const MAX_BATCH: u64 = 256;
/// The most bytes in the batches of all threads together: the bound on the buffers of a source
/// that reads into them.
const MAX_IN_FLIGHT: u64 = 32 << 20;
/// The fewest leaves in one batch.
const MIN_BATCH: u64 = 8;
/// Slots in the ring of chaining values, per thread.
const SLOTS_PER_THREAD: usize = 4;

/// How many threads (this one included) `leaves` whole leaves are worth, at most `max_threads`,
/// and at most [`MAX_IN_FLIGHT`] over the smallest batches (512 threads), so that the bound on
/// the buffers holds for any `max_threads`.
pub(super) fn threads_for(leaves: u64, max_threads: usize) -> usize {
    const MOST: u64 = MAX_IN_FLIGHT / (MIN_BATCH * CHUNK as u64);
    let worth = (leaves / MIN_LEAVES_PER_THREAD).min(MOST);
    usize::try_from(worth)
        .unwrap_or(usize::MAX)
        .clamp(1, max_threads.max(1))
}

/// Leaves per batch: about eight batches per thread, within [`MIN_BATCH`, `MAX_BATCH`] and
/// [`MAX_IN_FLIGHT`] over all threads, a multiple of eight.
fn batch_leaves(leaves: u64, threads: usize) -> u64 {
    let per = leaves / (threads as u64 * 8);
    let most = (MAX_IN_FLIGHT / CHUNK as u64 / threads as u64).clamp(MIN_BATCH, MAX_BATCH);
    (per.clamp(MIN_BATCH, most) / 8) * 8
}

/// One batch's chaining values, and the batch they belong to (`index + 1`; 0: none yet).
struct Slot {
    batch: usize,
    cvs: Vec<u8>,
}

/// What the threads share while hashing one run of whole leaves.
struct Run<'a, const RATE: usize, S: ReadAt + ?Sized> {
    source: &'a S,
    /// Offset in `source` of the first leaf.
    base: u64,
    leaves: u64,
    batch_leaves: u64,
    batches: usize,
    /// The next batch to claim.
    next: AtomicUsize,
    /// Batches absorbed into the final node so far.
    absorbed: AtomicUsize,
    /// Set when a batch may be waiting to be absorbed by no one (see [`Run::drain`]).
    pending: AtomicBool,
    /// Set on the first error or panic: threads stop claiming batches and stop waiting.
    stop: AtomicBool,
    error: Mutex<Option<S::Error>>,
    /// The first panic of a thread, raised again on the caller's once all have returned.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
    slots: Vec<Mutex<Slot>>,
    /// The final node, locked by the thread absorbing into it.
    main: Mutex<&'a mut Sponge<RATE, 12>>,
}

impl<const RATE: usize, S: ReadAt + ?Sized> Run<'_, RATE, S> {
    /// [`Run::work`], a panic in it (the source's, or [`exact`]'s) caught and kept. It stops the
    /// run: the batch the panicking thread held never comes, and whoever waits for it must not
    /// wait on.
    fn work_or_stop(&self) {
        if let Err(p) = std::panic::catch_unwind(AssertUnwindSafe(|| self.work())) {
            self.stop.store(true, Ordering::Relaxed);
            let mut slot = self.panic.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(p);
        }
    }

    /// Claims batches and hashes them until none is left (or an error stopped the run).
    fn work(&self) {
        let mut scratch = Vec::new();
        let mut cvs = Vec::with_capacity(self.batch_leaves as usize * Kt::<RATE>::CV);
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            let b = self.next.fetch_add(1, Ordering::Relaxed);
            if b >= self.batches {
                return;
            }
            // The ring holds `slots.len()` batches: wait for batch `b - slots` to be absorbed,
            // absorbing ready ones meanwhile. That batch is being hashed by a thread that is
            // not waiting (it claimed it earlier, when its own slot was free), so this ends,
            // unless that thread panicked: then `stop` is set (see `work_or_stop`).
            while self.absorbed.load(Ordering::Acquire) + self.slots.len() <= b {
                self.drain();
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::yield_now();
            }
            let first = b as u64 * self.batch_leaves;
            let n = self.batch_leaves.min(self.leaves - first) as usize;
            let offset = self.base + first * CHUNK as u64;
            let data = match self.source.read_at(offset, n * CHUNK, &mut scratch) {
                Ok(d) => exact(d, n * CHUNK),
                Err(e) => {
                    self.stop.store(true, Ordering::Relaxed);
                    let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
                    slot.get_or_insert(e);
                    return;
                }
            };
            // Hashed outside the slot's lock (the thread absorbing may look at the slot
            // meanwhile), then swapped in: the slot's old buffer is this thread's next one.
            cvs.clear();
            Kt::<RATE>::for_each_cv(data, |cv| cvs.extend_from_slice(cv));
            {
                let mut slot = self.lock_slot(b);
                core::mem::swap(&mut slot.cvs, &mut cvs);
                slot.batch = b + 1;
            }
            self.pending.store(true, Ordering::SeqCst);
            self.drain();
        }
    }

    fn lock_slot(&self, b: usize) -> std::sync::MutexGuard<'_, Slot> {
        self.slots[b % self.slots.len()]
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    }

    /// Absorbs the ready batches that come next, in order, unless another thread is doing so.
    /// A thread that finds the final node taken relies on its holder: the holder clears
    /// `pending` before it looks at the slots and checks it again after letting go, so a batch
    /// finished meanwhile is seen by one of them.
    fn drain(&self) {
        loop {
            let Ok(mut main) = self.main.try_lock() else {
                return;
            };
            self.pending.swap(false, Ordering::SeqCst);
            let mut done = self.absorbed.load(Ordering::Relaxed);
            while done < self.batches {
                let slot = self.lock_slot(done);
                if slot.batch != done + 1 {
                    break;
                }
                main.absorb(&slot.cvs);
                drop(slot);
                done += 1;
                self.absorbed.store(done, Ordering::Release);
            }
            drop(main);
            if done == self.batches || !self.pending.load(Ordering::SeqCst) {
                return;
            }
        }
    }
}

impl<const RATE: usize> Kt<RATE> {
    /// Absorbs `len` bytes of `source` from offset 0 on up to `threads` threads that `spawn`
    /// starts (it runs its argument `n - 1` times elsewhere and once here).
    pub(super) fn absorb_source<S: ReadAt + ?Sized>(
        &mut self,
        source: &S,
        len: u64,
        max_threads: usize,
        spawn: impl FnOnce(usize, &(dyn Fn() + Sync)),
    ) -> Result<(), S::Error> {
        let mut scratch = Vec::new();
        let mut offset = 0u64;
        // Up to the first leaf boundary (the first chunk, or the rest of an open leaf), serially.
        let head = if self.first < CHUNK {
            CHUNK - self.first
        } else {
            (CHUNK - self.leaf_len) % CHUNK
        };
        let head = len.min(head as u64);
        if head != 0 {
            self.absorb_serial(exact(
                source.read_at(0, head as usize, &mut scratch)?,
                head as usize,
            ));
            offset = head;
        }
        let leaves = (len - offset) / CHUNK as u64;
        let threads = threads_for(leaves, max_threads);
        if threads > 1 {
            self.start_tree();
            self.threaded_leaves(source, offset, leaves, threads, spawn)?;
            offset += leaves * CHUNK as u64;
        }
        // The rest (everything, on one thread), in pieces of at most MAX_BATCH leaves; on this
        // thread only (not rayon's pool), as `max_threads` asked.
        while offset < len {
            let n = (len - offset).min(MAX_BATCH * CHUNK as u64) as usize;
            self.absorb_serial(exact(source.read_at(offset, n, &mut scratch)?, n));
            offset += n as u64;
        }
        Ok(())
    }

    pub(super) fn threaded_leaves<S: ReadAt + ?Sized>(
        &mut self,
        source: &S,
        base: u64,
        leaves: u64,
        threads: usize,
        spawn: impl FnOnce(usize, &(dyn Fn() + Sync)),
    ) -> Result<(), S::Error> {
        let batch = batch_leaves(leaves, threads);
        let batches = usize::try_from(leaves.div_ceil(batch)).unwrap_or(usize::MAX);
        let slots = (threads * SLOTS_PER_THREAD).min(batches);
        let cv_bytes = batch as usize * Self::CV;
        let run = Run::<RATE, S> {
            source,
            base,
            leaves,
            batch_leaves: batch,
            batches,
            next: AtomicUsize::new(0),
            absorbed: AtomicUsize::new(0),
            pending: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            error: Mutex::new(None),
            panic: Mutex::new(None),
            slots: (0..slots)
                .map(|_| {
                    Mutex::new(Slot {
                        batch: 0,
                        cvs: Vec::with_capacity(cv_bytes),
                    })
                })
                .collect(),
            main: Mutex::new(&mut self.main),
        };
        spawn(threads, &|| run.work_or_stop());
        if let Some(p) = run.panic.lock().unwrap_or_else(|p| p.into_inner()).take() {
            std::panic::resume_unwind(p);
        }
        if let Some(e) = run.error.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
        // Every thread has returned: absorb what is left (nothing, unless the last finisher
        // left a batch to a holder that had already looked).
        run.pending.store(true, Ordering::SeqCst);
        run.drain();
        assert_eq!(run.absorbed.into_inner(), batches, "a KT batch was lost");
        self.leaves += leaves;
        Ok(())
    }
}

/// Runs `work` on up to `n - 1` new threads and on this one. A thread that cannot be started (a
/// target without threads, such as wasm32-wasip1, or the system's limit) is not an error: the
/// threads that run claim all the work between them.
fn spawn_std(n: usize, work: &(dyn Fn() + Sync)) {
    std::thread::scope(|s| {
        for _ in 1..n {
            if std::thread::Builder::new().spawn_scoped(s, work).is_err() {
                break;
            }
        }
        work();
    });
}

/// Runs `work` on `n - 1` tasks of the current rayon pool and on this thread.
#[cfg(feature = "rayon")]
pub(super) fn spawn_rayon(n: usize, work: &(dyn Fn() + Sync)) {
    rayon::scope(|s| {
        for _ in 1..n {
            s.spawn(|_| work());
        }
        work();
    });
}

impl<const RATE: usize> Kt<RATE> {
    /// Absorbs `data` as [`Update::update`](digest::Update::update) does, hashing its leaves on
    /// up to `max_threads` threads (this one included; 0 counts as 1), started for this call.
    /// Short inputs stay on this thread: each thread gets at least 512 KiB.
    ///
    /// The output is the same as the serial path's for every input and every split of it.
    pub fn update_threads(&mut self, data: &[u8], max_threads: usize) -> &mut Self {
        match self.absorb_source(data, data.len() as u64, max_threads, spawn_std) {
            Ok(()) => self,
            Err(e) => match e {},
        }
    }

    /// Absorbs `len` bytes of `source` (from its offset 0), read and hashed on up to
    /// `max_threads` threads (this one included), each reading its own batches of leaves.
    ///
    /// On an error the state has absorbed an unknown part of the input: reset or drop it. A
    /// panic of the source (or of the check that it returned the length asked for) is raised
    /// again here once every thread has stopped, and leaves the state as an error does.
    pub fn update_read_at<S: ReadAt + ?Sized>(
        &mut self,
        source: &S,
        len: u64,
        max_threads: usize,
    ) -> Result<&mut Self, S::Error> {
        self.absorb_source(source, len, max_threads, spawn_std)?;
        Ok(self)
    }

    /// Absorbs `data` as [`Update::update`](digest::Update::update) does, hashing its leaves on
    /// the current rayon thread pool (as BLAKE3's `update_rayon`). Short inputs stay on this
    /// thread: each task gets at least 512 KiB.
    #[cfg(feature = "rayon")]
    pub fn update_rayon(&mut self, data: &[u8]) -> &mut Self {
        let n = rayon::current_num_threads();
        match self.absorb_source(data, data.len() as u64, n, spawn_rayon) {
            Ok(()) => self,
            Err(e) => match e {},
        }
    }

    /// [`Kt::update_read_at`] on the current rayon thread pool: errors and panics as there, the
    /// pool's threads free again afterwards.
    #[cfg(feature = "rayon")]
    pub fn update_read_at_rayon<S: ReadAt + ?Sized>(
        &mut self,
        source: &S,
        len: u64,
    ) -> Result<&mut Self, S::Error> {
        let n = rayon::current_num_threads();
        self.absorb_source(source, len, n, spawn_rayon)?;
        Ok(self)
    }
}
