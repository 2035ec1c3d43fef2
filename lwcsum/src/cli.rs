//! The command line: options, help text and usage errors.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{CommandFactory, Parser, error::ErrorKind};

use crate::algorithms;
use crate::format;
use crate::output::name_bytes;

const AFTER_HELP: &str = "\
With no FILE, or when FILE is -, read standard input.

Examples:
  lwcsum file.iso                          KT128, 32 bytes: HEX  file.iso
  lwcsum -a sha3-256 --tag *.tar           SHA3-256 (a.tar) = HEX
  lwcsum -a shake256 -l 64 file            an XOF's output length is in BYTES
  lwcsum *.iso > SUMS && lwcsum -c SUMS    make a list, then check it
  lwcsum -c --quiet --strict SUMS          only failures, malformed lines fail too
  lwcsum -a kmac128 --key-file k --tag f > MACS; lwcsum -a kmac128 --key-file k -c MACS
  head -c 32 /dev/urandom > k; lwcsum -a kmac256 --keyed f < k   key from stdin (b3sum)
  lwcsum --list                            every algorithm of this build

Output lines are GNU style `HEX  NAME` (`HEX *NAME` with -b; names containing a backslash,
newline or carriage return are escaped and the line starts with a backslash) or, with --tag, BSD
style `ALGO (NAME) = HEX`. Check mode (-c) reads both styles; untagged lines are checked with the
algorithm of -a, tagged lines with the one they name, except with a key: then -a must be a MAC and
governs every line, and a line of another algorithm, or a tag shorter than --min-tag-length, FAILS.

Parameters (--customization, --function-name, --block-size, --domain) are not part of a
checksum line: in check mode they apply to every line whose function takes them.

MACs: with --key-file (or --keyed) the MAC is keyed with the raw bytes of the file (or of
standard input). LeMac and PetitMac without a key use the all-zero key (the seed tool lemacsum's
checksum): that output is a NON-CRYPTOGRAPHIC checksum that detects accidental corruption only,
never tampering.

Exit status: 0 when every input was hashed (or verified), 1 when any input failed, 2 on usage
errors.";

const MODE: &str = "Mode";
const ALGORITHM: &str = "Algorithm and parameters";
const KEYS: &str = "Keys (MACs)";
const OUTPUT: &str = "Output (hash mode)";
const CHECK: &str = "Check mode (-c)";
const IO: &str = "Input and threads";

/// Print or check checksums with the hashes, XOFs and MACs of the lwc-rs workspace.
#[derive(Debug, Parser)]
#[command(name = "lwcsum", version, about, after_help = AFTER_HELP, max_term_width = 100)]
pub(crate) struct Cli {
    /// Read checksum lists from the FILEs and check them
    #[arg(short = 'c', long, help_heading = MODE)]
    pub(crate) check: bool,

    /// List the algorithms of this build and exit
    #[arg(long, exclusive = true, help_heading = MODE)]
    pub(crate) list: bool,

    /// Print shell completions for SHELL (bash, zsh, fish, elvish, powershell) and exit
    #[arg(long, value_name = "SHELL", exclusive = true, hide = true)]
    pub(crate) generate_completions: Option<clap_complete::Shell>,

    /// Print the man page (roff) and exit
    #[arg(long, exclusive = true, hide = true)]
    pub(crate) generate_man: bool,

    /// Algorithm (see --list)
    #[arg(short = 'a', long, value_name = "NAME", default_value = algorithms::DEFAULT,
          help_heading = ALGORITHM)]
    pub(crate) algorithm: String,

    /// Output length in BYTES, for the functions of variable length (`*` in --list). XOFs give
    /// a prefix; for KMAC, TupleHash, ParallelHash and Ascon-PrfShort the length is their input
    /// L, so another length gives an unrelated value
    #[arg(short = 'l', long, value_name = "BYTES", help_heading = ALGORITHM)]
    pub(crate) length: Option<usize>,

    /// Customization string S (cSHAKE, KMAC, TupleHash, ParallelHash), C (KT128/KT256) or Z
    /// (Ascon-CXOF128), as bytes
    #[arg(long, value_name = "STR", conflicts_with = "customization_hex", help_heading = ALGORITHM)]
    pub(crate) customization: Option<OsString>,

    /// The customization string in hex
    #[arg(long, value_name = "HEX", help_heading = ALGORITHM)]
    pub(crate) customization_hex: Option<String>,

    /// cSHAKE function name N, as bytes
    #[arg(long, value_name = "STR", conflicts_with = "function_name_hex", help_heading = ALGORITHM)]
    pub(crate) function_name: Option<OsString>,

    /// The function name in hex
    #[arg(long, value_name = "HEX", help_heading = ALGORITHM)]
    pub(crate) function_name_hex: Option<String>,

    /// ParallelHash block size B in bytes (default 8192)
    #[arg(long, value_name = "BYTES", help_heading = ALGORITHM)]
    pub(crate) block_size: Option<usize>,

    /// TurboSHAKE domain separation byte D, 0x01 to 0x7F (default 0x1F; hex with 0x, or decimal)
    #[arg(long, value_name = "BYTE", value_parser = parse_domain, help_heading = ALGORITHM)]
    pub(crate) domain: Option<u8>,

    /// Key a MAC with the raw bytes of this file
    #[arg(long, value_name = "FILE", help_heading = KEYS)]
    pub(crate) key_file: Option<PathBuf>,

    /// Key a MAC with the raw bytes read from standard input (as b3sum --keyed); the inputs
    /// must then be FILEs
    #[arg(long, conflicts_with = "key_file", help_heading = KEYS)]
    pub(crate) keyed: bool,

    /// With a key: the shortest MAC tag accepted, in bytes (a 1-byte tag is forged in 256
    /// guesses). Lower it only on purpose
    #[arg(long, value_name = "BYTES", default_value_t = MIN_TAG_LENGTH, help_heading = KEYS)]
    pub(crate) min_tag_length: usize,

    /// BSD-style output: ALGO (NAME) = HEX
    #[arg(long, conflicts_with_all = ["check", "no_names"], help_heading = OUTPUT)]
    pub(crate) tag: bool,

    /// Binary mode (GNU): mark each line with `*` before the name; the bytes read are the same
    #[arg(short = 'b', long, overrides_with = "text", conflicts_with = "check",
          help_heading = OUTPUT)]
    pub(crate) binary: bool,

    /// Text mode (GNU, the default): two spaces before the name
    #[arg(short = 't', long, overrides_with = "binary", conflicts_with_all = ["check", "tag"],
          help_heading = OUTPUT)]
    pub(crate) text: bool,

    /// Print the digest only, without the file name
    #[arg(long, conflicts_with = "check", help_heading = OUTPUT)]
    pub(crate) no_names: bool,

    /// Write the raw digest bytes (a single input only)
    #[arg(long, conflicts_with_all = ["check", "tag", "no_names", "zero"], help_heading = OUTPUT)]
    pub(crate) raw: bool,

    /// End each output line with NUL instead of newline and do not escape names (with -c:
    /// the lists are NUL-separated too)
    #[arg(short = 'z', long, help_heading = OUTPUT)]
    pub(crate) zero: bool,

    /// Do not print OK for each verified file
    #[arg(long, requires = "check", help_heading = CHECK)]
    pub(crate) quiet: bool,

    /// Print nothing, the exit status tells the result
    #[arg(long, requires = "check", help_heading = CHECK)]
    pub(crate) status: bool,

    /// Exit non-zero for improperly formatted lines
    #[arg(long, requires = "check", help_heading = CHECK)]
    pub(crate) strict: bool,

    /// Warn about each improperly formatted line
    #[arg(short = 'w', long, requires = "check", help_heading = CHECK)]
    pub(crate) warn: bool,

    /// Do not fail or report anything for missing files
    #[arg(long, requires = "check", help_heading = CHECK)]
    pub(crate) ignore_missing: bool,

    /// Read files instead of memory-mapping them
    #[arg(long, help_heading = IO)]
    pub(crate) no_mmap: bool,

    /// Worker threads, 1 to 1024, at most one per CPU (default: one per CPU; RAYON_NUM_THREADS
    /// is honoured too)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024),
          help_heading = IO)]
    pub(crate) num_threads: Option<u16>,

    /// Files to hash (or, with -c, checksum lists)
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<OsString>,
}

/// `--generate-completions SHELL` / `--generate-man`: the text to print, if asked for.
pub(crate) fn generated(cli: &Cli) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    if let Some(shell) = cli.generate_completions {
        clap_complete::generate(shell, &mut Cli::command(), "lwcsum", &mut out);
    } else if cli.generate_man {
        clap_mangen::Man::new(Cli::command())
            .render(&mut out)
            .ok()?;
    } else {
        return None;
    }
    Some(out)
}

/// The default `--min-tag-length` (bytes).
pub(crate) const MIN_TAG_LENGTH: usize = 16;

fn parse_domain(s: &str) -> Result<u8, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u8::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|_| format!("'{s}' is not a byte (0x01 to 0x7F)"))
}

/// The bytes of `--NAME STR` or `--NAME-hex HEX` (clap lets at most one through).
pub(crate) fn bytes_option(
    text: &Option<OsString>,
    hex: &Option<String>,
    name: &str,
) -> Option<Vec<u8>> {
    match (text, hex) {
        (Some(s), _) => Some(name_bytes(s)),
        (None, Some(h)) => Some(
            format::unhex(h.as_bytes())
                .unwrap_or_else(|| usage_error(format!("--{name}-hex '{h}' is not hex"))),
        ),
        (None, None) => None,
    }
}

/// Exits with clap's usage error (status 2) saying `msg`.
pub(crate) fn usage_error(msg: impl std::fmt::Display) -> ! {
    Cli::command().error(ErrorKind::InvalidValue, msg).exit()
}
