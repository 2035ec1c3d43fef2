//! Memory maps that survive the mapped file being truncated.
//!
//! Reading a page of a mapping past the end of a file that shrank raises SIGBUS, which kills the
//! process (BLAKE3#36 for b3sum). Every live map is registered here; a SIGBUS handler that finds
//! the faulting address inside a registered map replaces the rest of that map by anonymous zero
//! pages, flags the map, and returns, so the read retries and succeeds. After hashing, the caller
//! sees the flag and reports "file truncated while being read" for that file instead of a
//! digest, and goes on with the next file. A fault outside every registered map restores the
//! default action, so a genuine bug still crashes as it would have.

use std::ffi::OsStr;
use std::fs::File;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use memmap2::{Advice, Mmap, MmapOptions};

const SLOTS: usize = 128;
/// Maps of files up to this size are populated in full (`MAP_POPULATE`, or a helper thread);
/// bigger ones fault in as they are read, so a file larger than RAM is not read in twice.
const POPULATE_MAX: u64 = 1 << 30;
/// On Linux, maps of at least this size are populated by a helper thread running ahead of the
/// hash ([`GuardedMap::populate`]) instead of up front, so that the page-table work (about a
/// third of the CPU time of `-a lemac` on a cached file) overlaps the hashing.
const POPULATE_AHEAD_MIN: u64 = 64 << 20;
/// The helper populates this much per `madvise` call.
const POPULATE_PIECE: usize = 8 << 20;

struct Slot {
    busy: AtomicBool,
    start: AtomicUsize,
    end: AtomicUsize,
    truncated: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)]
const EMPTY: Slot = Slot {
    busy: AtomicBool::new(false),
    start: AtomicUsize::new(0),
    end: AtomicUsize::new(0),
    truncated: AtomicBool::new(false),
};

static REGISTRY: [Slot; SLOTS] = [EMPTY; SLOTS];
static PAGE: AtomicUsize = AtomicUsize::new(4096);
static INSTALL: Once = Once::new();
static INSTALLED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigbus(_sig: libc::c_int, info: *mut libc::siginfo_t, _ctx: *mut libc::c_void) {
    // Only async-signal-safe work here: atomics and the mmap/sigaction system calls.
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler; for SIGBUS `si_addr`
    // is the faulting address.
    let addr = unsafe { (*info).si_addr() } as usize;
    let page = PAGE.load(Ordering::Relaxed);
    for slot in &REGISTRY {
        let start = slot.start.load(Ordering::Acquire);
        let end = slot.end.load(Ordering::Acquire);
        if start != 0 && addr >= start && addr < end {
            let from = addr & !(page - 1);
            // SAFETY: [from, end) lies inside a live read-only mapping that this process created
            // and registered, and that nothing else uses while it is registered; MAP_FIXED
            // replaces exactly those pages by anonymous zero pages of the same protection, so
            // every later read of the map succeeds (and sees zeros, never other memory).
            let r = unsafe {
                libc::mmap(
                    from as *mut libc::c_void,
                    end - from,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if r != libc::MAP_FAILED {
                slot.truncated.store(true, Ordering::Release);
                return;
            }
        }
    }
    // Not ours: fall back to the default action, which the retried access then triggers.
    // SAFETY: resetting a signal disposition to SIG_DFL is async-signal-safe and always valid.
    unsafe {
        libc::signal(libc::SIGBUS, libc::SIG_DFL);
    }
}

fn install() -> bool {
    INSTALL.call_once(|| {
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if page > 0 && (page as usize).is_power_of_two() {
            PAGE.store(page as usize, Ordering::Relaxed);
        } else {
            return;
        }
        // SAFETY: a zeroed sigaction is a valid starting value; the handler has the SA_SIGINFO
        // signature and only does async-signal-safe work.
        let ok = unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_sigbus as *const () as usize;
            sa.sa_flags = libc::SA_SIGINFO;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(libc::SIGBUS, &sa, std::ptr::null_mut()) == 0
        };
        INSTALLED.store(ok, Ordering::Release);
    });
    INSTALLED.load(Ordering::Acquire)
}

/// A read-only map of a whole file, registered with the SIGBUS handler while it lives.
pub(crate) struct GuardedMap {
    slot: &'static Slot,
    map: Mmap,
    /// Whether [`GuardedMap::populate`] should run next to the reader.
    ahead: bool,
}

impl GuardedMap {
    /// Maps `file`, or returns `None` (the caller then reads the file instead) when the handler
    /// cannot be installed, every slot is taken, or mapping fails.
    ///
    /// With `by_parts`, nothing is populated up front: the threads that hash the map fault their
    /// own parts in as they read them (`MADV_POPULATE_READ` on each part is no faster: README.md,
    /// "KT128 on every core, against b3sum").
    /// Only the first `len` bytes (the size at open) are mapped.
    pub(crate) fn new(file: &File, path: &OsStr, len: u64, by_parts: bool) -> Option<Self> {
        if !install() {
            return None;
        }
        let map_len = usize::try_from(len).ok()?;
        let slot = REGISTRY.iter().find(|s| {
            s.busy
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        })?;
        let mut opts = MmapOptions::new();
        opts.len(map_len);
        let ahead = !by_parts
            && cfg!(target_os = "linux")
            && (POPULATE_AHEAD_MIN..=POPULATE_MAX).contains(&len);
        if len <= POPULATE_MAX && !ahead && !by_parts {
            // Fault the whole map in at once (fewer page faults; lemacsum does the same).
            opts.populate();
        }
        // SAFETY: the map is read-only and private to this function's caller. Another process
        // may still change the file under it: a write can at worst change the digest (the
        // caller also re-checks the size), and a truncation is turned into an error by the
        // SIGBUS handler above, to which the map is registered before its first read.
        let map = match unsafe { opts.map(file) } {
            Ok(m) => m,
            Err(_) => {
                slot.busy.store(false, Ordering::Release);
                return None;
            }
        };
        let _ = map.advise(Advice::Sequential);
        let page = PAGE.load(Ordering::Relaxed);
        let start = map.as_ptr() as usize;
        let end = (start + map.len()).div_ceil(page) * page;
        slot.truncated.store(false, Ordering::Relaxed);
        slot.end.store(end, Ordering::Release);
        slot.start.store(start, Ordering::Release);
        test_hook(path, map.len());
        Some(Self { slot, map, ahead })
    }

    /// Whether the caller should run [`GuardedMap::populate`] on another thread while it reads.
    pub(crate) fn populate_ahead(&self) -> bool {
        self.ahead
    }

    /// Maps the pages of the file in, from the start, in 8 MiB steps (`MADV_POPULATE_READ`,
    /// Linux 5.14+; an older kernel refuses the first step and the reader faults pages in as
    /// usual). Meant to run on a helper thread ahead of the reader: a page the reader reaches
    /// first is simply faulted in by the reader. Stops at the first error (a truncated file
    /// gives `EFAULT` here, never SIGBUS).
    pub(crate) fn populate(&self) {
        #[cfg(target_os = "linux")]
        for off in (0..self.map.len()).step_by(POPULATE_PIECE) {
            let len = POPULATE_PIECE.min(self.map.len() - off);
            if self
                .map
                .advise_range(Advice::PopulateRead, off, len)
                .is_err()
            {
                break;
            }
        }
    }

    /// The mapped bytes.
    pub(crate) fn data(&self) -> &[u8] {
        &self.map
    }

    /// Whether the file shrank under the map while it was read.
    pub(crate) fn truncated(&self) -> bool {
        self.slot.truncated.load(Ordering::Acquire)
    }
}

impl Drop for GuardedMap {
    fn drop(&mut self) {
        self.slot.start.store(0, Ordering::Release);
        self.slot.end.store(0, Ordering::Release);
        self.slot.busy.store(false, Ordering::Release);
    }
}

/// Test hook (debug builds only): with `LWCSUM_TEST_TRUNCATE_MAPPED=1`, truncate the file to
/// half its length right after mapping it, so the integration tests can check the SIGBUS path.
#[cfg(debug_assertions)]
fn test_hook(path: &OsStr, len: usize) {
    if std::env::var_os("LWCSUM_TEST_TRUNCATE_MAPPED").is_some_and(|v| v == "1") {
        if let Ok(f) = std::fs::OpenOptions::new().write(true).open(path) {
            let _ = f.set_len((len / 2) as u64);
        }
    }
}

#[cfg(not(debug_assertions))]
fn test_hook(_path: &OsStr, _len: usize) {}
