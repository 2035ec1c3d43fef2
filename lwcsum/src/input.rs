//! Reading one input and feeding it to a [`Hasher`]: regular files of at least 16 KiB are
//! memory-mapped (with a SIGBUS guard against truncation), everything else is read in 64 KiB
//! blocks. Errors come back as the reason text of `lwcsum: PATH: reason`.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read};

use indicatif::ProgressBar;

use crate::algorithms::Hasher;
use crate::source::{Origin, Source};

/// Regular files at least this long are memory-mapped.
pub(crate) const MMAP_MIN: u64 = 16 * 1024;
/// Read-loop block size.
const BLOCK: usize = 64 * 1024;
/// Mapped files are fed to the hasher in pieces of this size (progress updates; still large
/// enough for the tree-parallel KT128/KT256 to spread each piece over all cores).
const MAPPED_PIECE: usize = 16 * 1024 * 1024;

/// One input operand.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Input<'a> {
    /// Standard input (`-` or no operand).
    Stdin,
    /// A path.
    Path(&'a OsStr),
}

/// How inputs are read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReadOptions {
    /// Never memory-map.
    pub(crate) no_mmap: bool,
}

/// The text of an I/O error without Rust's ` (os error N)` suffix, as `strerror` gives it.
pub(crate) fn reason(e: &io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s,
    }
}

/// Feeds the whole input to `h`.
pub(crate) fn feed(
    input: Input<'_>,
    h: &mut dyn Hasher,
    opts: ReadOptions,
    progress: Option<&ProgressBar>,
) -> Result<(), String> {
    match input {
        Input::Stdin if crate::stdio::stdin_closed() => Err(reason(&crate::stdio::ebadf())),
        Input::Stdin => {
            let stdin = io::stdin();
            let mut lock = stdin.lock();
            read_loop(&mut lock, h, progress)
                .map(|_| ())
                .map_err(|e| reason(&e))
        }
        Input::Path(p) => feed_path(p, h, opts, progress),
    }
}

/// Hashes the file at `path`. One rule for every reader: a regular file must keep the size it
/// had when opened. Ending early is `file truncated while being read`; any other change of
/// size (growing included), seen in the bytes read or in the size afterwards, is `file changed
/// size while being read`; either way no digest is printed and the exit status is 1.
fn feed_path(
    path: &OsStr,
    h: &mut dyn Hasher,
    opts: ReadOptions,
    progress: Option<&ProgressBar>,
) -> Result<(), String> {
    let file = File::open(path).map_err(|e| reason(&e))?;
    let meta = file.metadata().map_err(|e| reason(&e))?;
    if meta.is_dir() {
        return Err("Is a directory".into());
    }
    let len = meta.len();
    grow_hook(path);
    let read = hash_file(&file, path, &meta, h, opts, progress)?;
    if !meta.is_file() {
        return Ok(());
    }
    let now = file.metadata().map_err(|e| reason(&e))?.len();
    // Fewer bytes than the size said: an error only if the file really shrank (sysfs files
    // report 4096 bytes and hold fewer; GNU tools hash them, so do we).
    if read < len && now < len {
        return Err(TRUNCATED.into());
    }
    // More bytes than the size said is fine for a file that reports size 0 (procfs).
    if now != len || (len > 0 && read > len) {
        return Err("file changed size while being read".into());
    }
    Ok(())
}

const TRUNCATED: &str = "file truncated while being read";

/// Feeds the file to `h` with the reader its kind, size and algorithm call for; returns the
/// number of bytes hashed. A regular file of `len` bytes (its size at open) is read up to
/// `len + 1` bytes (`len` when mapped or read in parts), so a growing one is not read on.
fn hash_file(
    file: &File,
    path: &OsStr,
    meta: &std::fs::Metadata,
    h: &mut dyn Hasher,
    opts: ReadOptions,
    progress: Option<&ProgressBar>,
) -> Result<u64, String> {
    let len = meta.len();
    let mappable = meta.is_file()
        && len >= MMAP_MIN
        && usize::try_from(len).is_ok_and(|l| l <= isize::MAX as usize);
    // KT128 and KT256 read and hash the file on every thread, unless it lies on a rotating disk
    // (or there is only one thread).
    let by_parts = mappable
        && h.reads_in_parallel()
        && rayon::current_num_threads() > 1
        && !crate::source::rotational(meta);
    if mappable && !opts.no_mmap {
        if let Some(map) = map_file(file, path, len, by_parts) {
            if by_parts {
                let src = Source {
                    from: Origin::Map(&map),
                    progress,
                };
                h.update_parallel(&src, len).map_err(|e| reason(&e))?;
            } else {
                std::thread::scope(|s| {
                    if map.populate_ahead() {
                        s.spawn(|| map.populate());
                    }
                    for piece in map.data().chunks(MAPPED_PIECE) {
                        h.update(piece);
                        if let Some(pb) = progress {
                            pb.inc(piece.len() as u64);
                        }
                    }
                });
            }
            if map.truncated() {
                return Err(TRUNCATED.into());
            }
            return Ok(len);
        }
    }
    if by_parts {
        let src = Source {
            from: Origin::File(file),
            progress,
        };
        return match h.update_parallel(&src, len) {
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(TRUNCATED.into()),
            Err(e) => Err(reason(&e)),
            Ok(()) => Ok(len),
        };
    }
    let limit = if meta.is_file() && len > 0 {
        len + 1
    } else {
        u64::MAX
    };
    if meta.is_file() && len >= READ_AHEAD_MIN {
        read_ahead(file, limit, h, progress)
    } else {
        read_loop(&mut file.take(limit), h, progress)
    }
    .map_err(|e| reason(&e))
}

/// Test hook (debug builds only): with `LWCSUM_TEST_GROW=1`, append 1000 bytes to the file
/// right after its size is taken at open, so the tests can grow a file under every reader.
#[cfg(debug_assertions)]
fn grow_hook(path: &OsStr) {
    if std::env::var_os("LWCSUM_TEST_GROW").is_some_and(|v| v == "1") {
        if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(path) {
            let _ = io::Write::write_all(&mut f, &[b'+'; 1000]);
        }
    }
}

#[cfg(not(debug_assertions))]
fn grow_hook(_path: &OsStr) {}

/// Regular files at least this long that are read (not mapped) are read on a helper thread.
const READ_AHEAD_MIN: u64 = 1 << 20;
/// Buffers the helper thread fills, and their size.
const READ_AHEAD_BUFFERS: usize = 4;
const READ_AHEAD_BLOCK: usize = 1 << 20;

/// [`read_loop`] with the reading on a helper thread: it fills a few reused buffers in order
/// while this thread hashes the ones already filled, so the copy from the page cache (or the
/// wait for the disk) overlaps the hashing. One reader, in order, so a rotating disk is read
/// sequentially. At most `limit` bytes are read.
fn read_ahead(
    file: &File,
    limit: u64,
    h: &mut dyn Hasher,
    progress: Option<&ProgressBar>,
) -> io::Result<u64> {
    use std::sync::mpsc;
    let (filled, to_hash) = mpsc::sync_channel::<(Vec<u8>, usize)>(READ_AHEAD_BUFFERS);
    let (emptied, to_fill) = mpsc::channel::<Vec<u8>>();
    for _ in 0..READ_AHEAD_BUFFERS {
        let _ = emptied.send(vec![0u8; READ_AHEAD_BLOCK]);
    }
    std::thread::scope(|s| {
        let reader = std::thread::Builder::new().spawn_scoped(s, move || -> io::Result<()> {
            let mut f = file.take(limit);
            while let Ok(mut buf) = to_fill.recv() {
                let mut n = 0;
                while n < buf.len() {
                    match f.read(&mut buf[n..]) {
                        Ok(0) => break,
                        Ok(k) => n += k,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                }
                if n == 0 || filled.send((buf, n)).is_err() {
                    return Ok(());
                }
            }
            Ok(())
        });
        let Ok(reader) = reader else {
            // No thread to read ahead with (the system's limit): read on this one.
            return read_loop(&mut file.take(limit), h, progress);
        };
        let mut total = 0u64;
        for (buf, n) in to_hash {
            h.update(&buf[..n]);
            total += n as u64;
            if let Some(pb) = progress {
                pb.inc(n as u64);
            }
            let _ = emptied.send(buf);
        }
        drop(emptied);
        match reader.join() {
            Ok(r) => r.map(|()| total),
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

fn read_loop(
    r: &mut dyn Read,
    h: &mut dyn Hasher,
    progress: Option<&ProgressBar>,
) -> io::Result<u64> {
    let mut buf = vec![0u8; BLOCK];
    let mut total = 0u64;
    loop {
        match r.read(&mut buf) {
            Ok(0) => return Ok(total),
            Ok(n) => {
                h.update(&buf[..n]);
                total += n as u64;
                if let Some(pb) = progress {
                    pb.inc(n as u64);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(unix)]
use crate::sigbus::GuardedMap as Map;

#[cfg(unix)]
fn map_file(file: &File, path: &OsStr, len: u64, by_parts: bool) -> Option<Map> {
    Map::new(file, path, len, by_parts)
}

#[cfg(not(unix))]
struct Map(memmap2::Mmap);

#[cfg(not(unix))]
impl Map {
    fn data(&self) -> &[u8] {
        &self.0
    }
    fn truncated(&self) -> bool {
        false
    }
    fn populate_ahead(&self) -> bool {
        false
    }
    fn populate(&self) {}
}

#[cfg(not(unix))]
fn map_file(file: &File, _path: &OsStr, len: u64, by_parts: bool) -> Option<Map> {
    if by_parts {
        // Read in parts with positioned reads instead (source.rs maps only on Unix).
        return None;
    }
    // SAFETY: the map is read-only; on Windows a mapped file cannot be truncated, and a
    // concurrent writer can at worst change the digest, which the size check after hashing
    // partly catches. `Mmap` never hands out the memory beyond its own lifetime.
    let len = usize::try_from(len).ok()?;
    unsafe { memmap2::MmapOptions::new().len(len).map(file) }
        .ok()
        .map(Map)
}
