#![doc = include_str!("../README.md")]
// On Unix lwcsum provides the C `main` (see `stdio`): Rust's runtime would reopen a closed
// stdin/stdout on /dev/null before we could see that they were closed.
// (Not in the unit-test build, whose harness brings its own main.)
#![cfg_attr(all(unix, not(test)), no_main)]

mod algorithms;
mod check_mode;
mod cli;
mod format;
mod hash_mode;
mod input;
mod jobs;
mod list_reader;
mod output;
#[cfg(unix)]
mod sigbus;
mod source;
mod stdio;

use std::ffi::OsString;
use std::io::{self, Read, Write};

use clap::Parser;

use algorithms::{Algorithm, Kind, Params, takes};
use cli::{Cli, bytes_option, usage_error};
use input::ReadOptions;
use jobs::Job;
use output::write_out;
use zeroize::Zeroizing;

/// The largest `-l` (bytes).
pub(crate) const MAX_LENGTH: usize = 1 << 16;

/// `--list`: the algorithms of this build.
fn list(reg: &[Algorithm]) {
    let mut out = Vec::new();
    let _ = writeln!(
        out,
        "{:<19} {:<8} {:<5} {:<6} DESCRIPTION",
        "NAME", "FAMILY", "KIND", "BYTES"
    );
    for a in reg {
        let kind = match a.kind {
            Kind::Hash => "hash",
            Kind::Xof => "xof",
            Kind::Mac { .. } => "mac",
        };
        let star = if a.is_variable() { "*" } else { "" };
        let mut extra = String::new();
        for (bit, option) in takes::ALL {
            if a.takes & bit != 0 {
                extra.push_str(if extra.is_empty() { " [" } else { ", " });
                extra.push_str(option);
            }
        }
        if !extra.is_empty() {
            extra.push(']');
        }
        if a.name == algorithms::DEFAULT {
            extra.push_str(" [default]");
        }
        let _ = writeln!(
            out,
            "{:<19} {:<8} {:<5} {:<6} {}{extra}",
            a.name,
            a.family,
            kind,
            format!("{}{star}", a.out_len),
            a.description
        );
    }
    let _ = writeln!(
        out,
        "(* default of a variable output length; -l BYTES changes it)"
    );
    write_out(&mut io::stdout().lock(), None, &out);
}

/// The largest `--num-threads` (and `RAYON_NUM_THREADS`): more threads than this only cost
/// memory and start-up time (100000 of them take minutes to spawn).
const MAX_THREADS: u16 = 1024;

/// The threads of the pool for `requested` threads on `cpus` CPUs: never more than the CPUs.
/// Hashing is CPU work, so extra threads only wait on each other (idle rayon workers spin for
/// work), and on a rotating disk the extra readers seek; figures: README.md, "I/O".
fn pool_threads(requested: usize, cpus: usize) -> usize {
    requested.min(cpus).max(1)
}

/// The CPUs this process may run on.
///
/// Test hook (debug builds only): `LWCSUM_TEST_CPUS=N` claims N, so the tests run 3 or 8
/// threads on a 2-CPU machine too.
fn cpus() -> usize {
    #[cfg(debug_assertions)]
    if let Some(n) = std::env::var("LWCSUM_TEST_CPUS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// The longest key `--keyed` reads from standard input.
const MAX_KEY: usize = 1 << 20;

/// Reads a key from `r` into memory that is wiped when dropped, growing by copying into a
/// fresh zeroizing buffer (so no reallocation leaves a copy of the key behind). At most
/// `MAX_KEY` + 1 bytes are read (enough to tell that a key is too long).
fn read_key(r: &mut dyn Read) -> io::Result<Zeroizing<Vec<u8>>> {
    let mut key = Zeroizing::new(Vec::with_capacity(64));
    loop {
        if key.len() == key.capacity() {
            let mut bigger = Zeroizing::new(Vec::with_capacity(key.capacity() * 2));
            bigger.extend_from_slice(&key);
            key = bigger;
        }
        let len = key.len();
        let room = key.capacity() - len;
        key.resize(len + room, 0);
        match r.read(&mut key[len..]) {
            Ok(0) => {
                key.truncate(len);
                return Ok(key);
            }
            Ok(n) => key.truncate(len + n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => key.truncate(len),
            Err(e) => return Err(e),
        }
        if key.len() > MAX_KEY {
            return Ok(key);
        }
    }
}

/// The key of `--key-file` or `--keyed`, if any; every problem with it is a usage error that
/// names where the key came from (so it is not mistaken for a missing input).
fn load_key(cli: &Cli, alg: &Algorithm) -> Option<Zeroizing<Vec<u8>>> {
    let source = match (&cli.key_file, cli.keyed) {
        (Some(path), _) => format!("--key-file '{}'", path.display()),
        (None, true) => "--keyed (standard input)".to_string(),
        (None, false) => {
            if let Kind::Mac { keyless: false, .. } = alg.kind {
                usage_error(format!("{} needs --key-file or --keyed", alg.name));
            }
            return None;
        }
    };
    if !alg.is_mac() {
        usage_error(format!(
            "{source}: keys apply to MACs only; {} is not a MAC",
            alg.name
        ));
    }
    let key = match &cli.key_file {
        Some(path) => std::fs::read(path).map(Zeroizing::new),
        None if stdio::stdin_closed() => Err(stdio::ebadf()),
        None => read_key(&mut io::stdin().lock()),
    };
    let key = key.unwrap_or_else(|e| usage_error(format!("{source}: {}", input::reason(&e))));
    if key.is_empty() {
        usage_error(format!("{source}: the key is empty"));
    }
    if key.len() > MAX_KEY {
        usage_error(format!("{source}: the key is longer than {MAX_KEY} bytes"));
    }
    Some(key)
}

/// The C `main`: records closed standard descriptors before anything else (see `stdio`), then
/// runs lwcsum on the arguments as the C runtime passed them.
#[cfg(all(unix, not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(argc: libc::c_int, argv: *const *const libc::c_char) -> libc::c_int {
    use std::ffi::{CStr, OsStr};
    use std::os::unix::ffi::OsStrExt;
    stdio::record_closed();
    // A closed pipe is an EPIPE error, handled where stdout is written (`stdio::broken_pipe`),
    // which acts on the disposition inherited here as GNU tools do.
    // SAFETY: setting a signal disposition to SIG_IGN.
    let inherited = unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    stdio::record_sigpipe(inherited == libc::SIG_DFL);
    let args: Vec<OsString> = (0..usize::try_from(argc).unwrap_or(0))
        .map(|i| {
            // SAFETY: the C runtime passes `argc` valid NUL-terminated strings in `argv`.
            let a = unsafe { CStr::from_ptr(*argv.add(i)) };
            OsStr::from_bytes(a.to_bytes()).to_os_string()
        })
        .collect();
    let code = std::panic::catch_unwind(|| run(args)).unwrap_or(101);
    let _ = io::stdout().flush();
    std::process::exit(i32::from(code))
}

#[cfg(not(all(unix, not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run(std::env::args_os().collect()))
}

/// lwcsum on `args`; returns the exit status.
fn run(args: Vec<OsString>) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // --help and --version go to stdout: a closed one is a write error, as in GNU.
        Err(e) if !e.use_stderr() && stdio::stdout_closed() => {
            output::warn(format!("write error: {}", input::reason(&stdio::ebadf())).as_bytes());
            return 1;
        }
        Err(e) => e.exit(),
    };
    let reg = algorithms::registry();
    if cli.list {
        list(&reg);
        return 0;
    }
    if let Some(text) = cli::generated(&cli) {
        write_out(&mut io::stdout().lock(), None, &text);
        return 0;
    }
    let Some(alg) = algorithms::by_name(&reg, &cli.algorithm) else {
        usage_error(format!(
            "unknown algorithm '{}' (see --list)",
            cli.algorithm
        ));
    };
    let (lo, hi) = alg.lengths;
    let len = match cli.length {
        None => alg.out_len,
        Some(_) if !alg.is_variable() => usage_error(format!(
            "--length does not apply to {}: its output is {} bytes",
            alg.name, alg.out_len
        )),
        Some(l) if l < lo || l > hi => usage_error(format!(
            "--length of {} must be {lo} to {hi} bytes",
            alg.name
        )),
        Some(l) => l,
    };
    if cli.keyed {
        let reads_stdin = cli.files.is_empty() || cli.files.iter().any(|f| f == "-");
        if reads_stdin {
            usage_error(if cli.check {
                "--keyed reads the key from standard input: give the checksum lists as FILEs"
            } else {
                "--keyed reads the key from standard input: give the inputs as FILEs"
            });
        }
    }
    let key = load_key(&cli, alg);
    let params = Params {
        key,
        customization: bytes_option(&cli.customization, &cli.customization_hex, "customization"),
        function_name: bytes_option(&cli.function_name, &cli.function_name_hex, "function-name"),
        block_size: cli.block_size,
        domain: cli.domain,
    };
    // In check mode the parameters apply to every line whose algorithm takes them.
    for (bit, option) in takes::ALL {
        if !cli.check && params.given() & bit != 0 && alg.takes & bit == 0 {
            usage_error(format!("{option} does not apply to {}", alg.name));
        }
    }
    if let Err(reason) = alg.start(&params) {
        match (&cli.key_file, &params.key) {
            // A key of the wrong length: name where it came from.
            (Some(path), Some(_)) if reason.starts_with("key must be") => {
                usage_error(format!("--key-file '{}': {reason}", path.display()))
            }
            (None, Some(_)) if reason.starts_with("key must be") => {
                usage_error(format!("--keyed (standard input): {reason}"))
            }
            _ => usage_error(reason),
        }
    }
    if params.key.is_some() && !cli.check && len < cli.min_tag_length {
        usage_error(format!(
            "a {len}-byte tag is shorter than --min-tag-length ({} bytes)",
            cli.min_tag_length
        ));
    }
    let threads = match cli.num_threads {
        Some(n) => Some(usize::from(n)),
        None => match std::env::var("RAYON_NUM_THREADS") {
            Ok(v) => match v.trim().parse::<u64>() {
                Ok(n) if n > u64::from(MAX_THREADS) => usage_error(format!(
                    "RAYON_NUM_THREADS={n}: at most {MAX_THREADS} threads"
                )),
                // 0 (or no number): rayon's default, one thread per CPU.
                Ok(n) => usize::try_from(n).ok().filter(|&n| n > 0),
                Err(_) => None,
            },
            Err(_) => None,
        },
    };
    if let Some(n) = threads {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(pool_threads(n, cpus()))
            .build_global();
    }
    let job = Job {
        params: &params,
        read: ReadOptions {
            no_mmap: cli.no_mmap,
        },
        progress: None,
    };
    let ok = if cli.check {
        check_mode::check_mode(&cli, &reg, alg, job)
    } else {
        hash_mode::hash_mode(&cli, alg, len, job)
    };
    u8::from(!ok)
}

#[cfg(test)]
mod tests {
    use super::pool_threads;

    #[test]
    fn the_pool_has_at_most_one_thread_per_cpu() {
        assert_eq!(pool_threads(1024, 2), 2);
        assert_eq!(pool_threads(2, 16), 2);
        assert_eq!(pool_threads(1, 1), 1);
        assert_eq!(pool_threads(0, 0), 1);
    }
}
