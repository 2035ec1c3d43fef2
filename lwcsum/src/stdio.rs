//! Standard input and output that were closed when lwcsum started (`lwcsum a.txt >&-`,
//! `lwcsum <&-`).
//!
//! Rust's runtime reopens a closed descriptor 0, 1 or 2 on `/dev/null` before `main`, so a closed
//! stdout would silently swallow every digest and a closed stdin would read as empty. lwcsum
//! therefore provides the C `main` itself (`#![no_main]` on Unix), records which of the three
//! descriptors are closed, and only then reopens them on `/dev/null` (so that no file lwcsum opens
//! later lands on descriptor 0, 1 or 2). Writing to a closed stdout is then `write error: Bad
//! file descriptor` and reading a closed stdin `-: Bad file descriptor`, exit status 1, as GNU
//! coreutils report them.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

static STDIN_CLOSED: AtomicBool = AtomicBool::new(false);
static SIGPIPE_DEFAULT: AtomicBool = AtomicBool::new(false);
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Records which standard descriptors are closed and reopens those on `/dev/null`. Call first
/// thing in `main`, before anything opens a file.
#[cfg(unix)]
#[cfg_attr(test, allow(dead_code))] // the unit-test build has the harness's main
pub(crate) fn record_closed() {
    for (fd, flag) in [
        (0, Some(&STDIN_CLOSED)),
        (1, Some(&STDOUT_CLOSED)),
        (2, None),
    ] {
        // SAFETY: F_GETFD only queries the descriptor's flags.
        let closed = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1
            && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
        if closed {
            if let Some(flag) = flag {
                flag.store(true, Ordering::Relaxed);
            }
            // The lowest free descriptor is `fd` (the ones below it are open by now).
            // SAFETY: a plain open of a NUL-terminated path.
            let _ = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        }
    }
}

/// Whether standard input was closed at start.
pub(crate) fn stdin_closed() -> bool {
    STDIN_CLOSED.load(Ordering::Relaxed)
}

/// Whether standard output was closed at start.
pub(crate) fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// The error of a closed descriptor.
pub(crate) fn ebadf() -> io::Error {
    #[cfg(unix)]
    {
        io::Error::from_raw_os_error(libc::EBADF)
    }
    #[cfg(not(unix))]
    {
        io::Error::other("Bad file descriptor")
    }
}

/// Records whether SIGPIPE had its default action when lwcsum started (the caller did not
/// ignore it).
#[cfg(unix)]
#[cfg_attr(test, allow(dead_code))] // the unit-test build has the harness's main
pub(crate) fn record_sigpipe(default: bool) {
    SIGPIPE_DEFAULT.store(default, Ordering::Relaxed);
}

/// Standard output is a pipe whose reader is gone (EPIPE). As GNU tools: with SIGPIPE's
/// default action lwcsum dies of SIGPIPE, silently (status 141 in a shell); where the caller
/// ignored SIGPIPE it says `write error: Broken pipe` and exits 1.
pub(crate) fn broken_pipe() -> ! {
    #[cfg(unix)]
    if SIGPIPE_DEFAULT.load(Ordering::Relaxed) {
        // SAFETY: restoring the default action and raising the signal; with SIG_DFL that ends
        // the process.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
            libc::raise(libc::SIGPIPE);
        }
    }
    crate::output::warn(b"write error: Broken pipe");
    std::process::exit(1)
}
