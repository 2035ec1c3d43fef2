//! A regular file as a source that every thread reads its own parts of ([`lwc_keccak::ReadAt`]):
//! a memory map whose parts each thread faults in as it hashes them, or positioned reads into a
//! buffer per thread. Page faults and copies are thus spread over the threads instead of
//! being taken by one. Files on a rotating disk are read by one thread, in order
//! ([`rotational`]): several readers at different offsets would make its head seek back and
//! forth.
// Only KT128 and KT256 read in parts: a build without the keccak family makes sources but never
// reads them.
#![cfg_attr(
    not(feature = "keccak"),
    expect(dead_code, reason = "only the keccak family's hashers read a Source")
)]

use std::fs::{File, Metadata};
use std::io;

use indicatif::ProgressBar;

#[cfg(unix)]
use crate::sigbus::GuardedMap;

/// Where the bytes come from.
pub(crate) enum Origin<'a> {
    /// A map made with `by_parts`: each part is faulted in by the thread that reads it.
    #[cfg(unix)]
    Map(&'a GuardedMap),
    /// Positioned reads (`pread`).
    File(&'a File),
}

/// A file read in parts by several threads.
pub(crate) struct Source<'a> {
    /// Where the bytes come from.
    pub(crate) from: Origin<'a>,
    /// Counts the bytes handed out.
    pub(crate) progress: Option<&'a ProgressBar>,
}

impl Source<'_> {
    /// The `len` bytes at `offset`, from the map or read into `scratch`; a file that ends
    /// before gives [`io::ErrorKind::UnexpectedEof`].
    pub(crate) fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        scratch: &'a mut Vec<u8>,
    ) -> io::Result<&'a [u8]> {
        let data = match &self.from {
            #[cfg(unix)]
            Origin::Map(map) => {
                let data = map.data();
                let start = usize::try_from(offset).unwrap_or(usize::MAX);
                if start > data.len() || data.len() - start < len {
                    return Err(io::ErrorKind::UnexpectedEof.into());
                }
                &data[start..start + len]
            }
            Origin::File(f) => {
                scratch.resize(len, 0);
                read_exact_at(f, scratch, offset)?;
                &scratch[..]
            }
        };
        if let Some(pb) = self.progress {
            pb.inc(len as u64);
        }
        Ok(data)
    }
}

#[cfg(unix)]
fn read_exact_at(f: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(f, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(f: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    let mut done = 0;
    while done < buf.len() {
        match std::os::windows::fs::FileExt::seek_read(f, &mut buf[done..], offset + done as u64) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(feature = "keccak")]
impl lwc_keccak::ReadAt for Source<'_> {
    type Error = io::Error;

    fn read_at<'a>(
        &'a self,
        offset: u64,
        len: usize,
        scratch: &'a mut Vec<u8>,
    ) -> io::Result<&'a [u8]> {
        Source::read_at(self, offset, len, scratch)
    }
}

/// Whether the file lies on a rotating disk (`/sys/dev/block/MAJOR:MINOR/queue/rotational`, or
/// its parent's for a partition). Anything unknown (other systems, tmpfs, network file systems)
/// counts as not rotating.
///
/// Test hook (debug builds only): `LWCSUM_TEST_ROTATIONAL=1` or `=0` overrides the answer, so the
/// integration tests take either path wherever their files lie (virtual disks often say they
/// rotate).
pub(crate) fn rotational(meta: &Metadata) -> bool {
    #[cfg(debug_assertions)]
    if let Some(v) = std::env::var_os("LWCSUM_TEST_ROTATIONAL") {
        return v == "1";
    }
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        rotational_in(std::path::Path::new("/sys/dev/block"), meta.dev())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = meta;
        false
    }
}

/// [`rotational`] with the `/sys/dev/block` folder given (tests).
#[cfg(target_os = "linux")]
fn rotational_in(sys_dev_block: &std::path::Path, dev: u64) -> bool {
    // glibc's gnu_dev_major / gnu_dev_minor.
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    let node = sys_dev_block.join(format!("{major}:{minor}"));
    [
        node.join("queue/rotational"),
        node.join("../queue/rotational"),
    ]
    .iter()
    .find_map(|p| std::fs::read_to_string(p).ok())
    .is_some_and(|s| s.trim() == "1")
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::rotational_in;

    /// A fake `/sys/dev/block`: a whole disk 8:0 that rotates with its partition 8:1, and a
    /// solid-state 259:0.
    #[test]
    fn rotational_from_sysfs() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let disk = root.join("devices/sda");
        std::fs::create_dir_all(disk.join("queue")).unwrap();
        std::fs::create_dir_all(disk.join("sda1")).unwrap();
        std::fs::write(disk.join("queue/rotational"), "1\n").unwrap();
        let ssd = root.join("devices/nvme0n1");
        std::fs::create_dir_all(ssd.join("queue")).unwrap();
        std::fs::write(ssd.join("queue/rotational"), "0\n").unwrap();
        let block = root.join("block");
        std::fs::create_dir_all(&block).unwrap();
        std::os::unix::fs::symlink(&disk, block.join("8:0")).unwrap();
        std::os::unix::fs::symlink(disk.join("sda1"), block.join("8:1")).unwrap();
        std::os::unix::fs::symlink(&ssd, block.join("259:0")).unwrap();
        let dev = |major: u64, minor: u64| {
            ((major & 0xfff) << 8)
                | ((major & !0xfff) << 32)
                | (minor & 0xff)
                | ((minor & !0xff) << 12)
        };
        assert!(rotational_in(&block, dev(8, 0)));
        assert!(rotational_in(&block, dev(8, 1)));
        assert!(!rotational_in(&block, dev(259, 0)));
        // Unknown devices (tmpfs has major 0) do not rotate.
        assert!(!rotational_in(&block, dev(0, 42)));
    }
}
