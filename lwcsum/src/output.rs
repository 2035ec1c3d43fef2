//! What lwcsum writes: names as bytes, warnings and errors on standard error, output lines, the
//! progress bar.

use std::ffi::{OsStr, OsString};
use std::io::{self, IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};

use crate::format;
use crate::input::{self, Input};

/// Inputs of at least this many bytes in total get a progress bar (on a terminal only).
const PROGRESS_MIN: u64 = 256 * 1024 * 1024;

/// File names as bytes, for output.
#[cfg(unix)]
pub(crate) fn name_bytes(s: &OsStr) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
pub(crate) fn name_bytes(s: &OsStr) -> Vec<u8> {
    s.to_string_lossy().into_owned().into_bytes()
}

/// Bytes of a file name (from a checksum line) as an OS string.
#[cfg(unix)]
pub(crate) fn os_from_bytes(b: &[u8]) -> OsString {
    use std::os::unix::ffi::OsStrExt;
    OsStr::from_bytes(b).to_os_string()
}

#[cfg(not(unix))]
pub(crate) fn os_from_bytes(b: &[u8]) -> OsString {
    OsString::from(String::from_utf8_lossy(b).into_owned())
}

/// Writes `lwcsum: MSG` to standard error.
pub(crate) fn warn(msg: &[u8]) {
    let mut e = io::stderr().lock();
    let _ = e.write_all(b"lwcsum: ");
    let _ = e.write_all(msg);
    let _ = e.write_all(b"\n");
}

/// Writes `lwcsum: NAME: REASON` to standard error.
pub(crate) fn err_line(name: &[u8], reason: &str) {
    let mut m = name.to_vec();
    m.extend_from_slice(b": ");
    m.extend_from_slice(reason.as_bytes());
    warn(&m);
}

/// The total size of the regular files among `names` (for the progress bar).
pub(crate) fn total_size(names: &[&OsStr]) -> u64 {
    names
        .iter()
        .filter_map(|n| std::fs::metadata(n).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}

/// The progress bar's template: with several inputs it names the file being hashed (`{msg}`,
/// set by [`progress_name`]).
pub(crate) fn progress_template(several: bool) -> &'static str {
    if several {
        "{spinner} {msg} [{elapsed_precise}] {wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} ETA {eta}"
    } else {
        "{spinner} [{elapsed_precise}] {wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} ETA {eta}"
    }
}

/// A progress bar on standard error for inputs of `total` bytes, when enabled, large enough and
/// standard error is a terminal; `several` when there is more than one input.
pub(crate) fn progress_bar(total: u64, enabled: bool, several: bool) -> Option<ProgressBar> {
    if !enabled || total < PROGRESS_MIN || !io::stderr().is_terminal() {
        return None;
    }
    let pb = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template(progress_template(several)) {
        pb.set_style(style);
    }
    Some(pb)
}

/// A file name as the progress bar shows it: printable, at most 40 characters (the end kept).
pub(crate) fn progress_label(name: &[u8]) -> String {
    const MAX: usize = 40;
    let text: String = String::from_utf8_lossy(name)
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    let n = text.chars().count();
    if n <= MAX {
        text
    } else {
        let tail: String = text.chars().skip(n - (MAX - 3)).collect();
        format!("...{tail}")
    }
}

/// Names the file now being hashed on the bar (several inputs only; with parallel jobs, the
/// one started last).
pub(crate) fn progress_name(pb: Option<&ProgressBar>, several: bool, name: &[u8]) {
    if let (Some(pb), true) = (pb, several) {
        pb.set_message(progress_label(name));
    }
}

/// Writes `bytes` to standard output `out` (suspending the progress bar). A write error (a
/// closed stdout included: `write error: Bad file descriptor`, as GNU says) is reported once
/// and exits with status 1, since every later line would be lost too; a broken pipe is
/// [`crate::stdio::broken_pipe`].
pub(crate) fn write_out(out: &mut impl Write, pb: Option<&ProgressBar>, bytes: &[u8]) -> bool {
    let mut w = || {
        if crate::stdio::stdout_closed() {
            return Err(crate::stdio::ebadf());
        }
        out.write_all(bytes).and_then(|()| out.flush())
    };
    let r = match pb {
        Some(pb) => pb.suspend(w),
        None => w(),
    };
    if let Err(e) = r {
        if let Some(pb) = pb {
            pb.finish_and_clear();
        }
        if e.kind() == io::ErrorKind::BrokenPipe {
            crate::stdio::broken_pipe();
        }
        warn(format!("write error: {}", input::reason(&e)).as_bytes());
        std::process::exit(1);
    }
    true
}

/// `WARNING: N ONE` or `WARNING: N MANY`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("WARNING: {n} {}", if n == 1 { one } else { many })
}

/// Whether `i` names a file (not standard input).
pub(crate) fn input_is_path(i: Input<'_>) -> bool {
    matches!(i, Input::Path(_))
}

/// A name as check mode prints it: GNU-escaped with a leading backslash when needed.
pub(crate) fn shown_name(name: &[u8], zero: bool) -> Vec<u8> {
    if !zero && format::needs_escape(name) {
        let mut v = vec![b'\\'];
        v.extend_from_slice(&format::escape(name));
        v
    } else {
        name.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_bar_names_the_file_when_there_are_several() {
        assert!(progress_template(true).contains("{msg}"));
        assert!(!progress_template(false).contains("{msg}"));
        assert!(ProgressStyle::with_template(progress_template(true)).is_ok());
        assert_eq!(progress_label(b"disk.iso"), "disk.iso");
        assert_eq!(progress_label(b"new\nline"), "new?line");
        let long = progress_label(&[b'x'; 100]);
        assert_eq!(long.chars().count(), 40);
        assert!(long.starts_with("..."));
        // The bar takes the label.
        let pb = ProgressBar::hidden();
        progress_name(Some(&pb), true, b"b.iso");
        assert_eq!(pb.message(), "b.iso");
        progress_name(Some(&pb), false, b"c.iso");
        assert_eq!(pb.message(), "b.iso");
    }
}
