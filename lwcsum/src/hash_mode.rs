//! Hash mode: a checksum line for every input.

use std::ffi::{OsStr, OsString};
use std::io;

use crate::algorithms::Algorithm;
use crate::cli::{Cli, usage_error};
use crate::format::{self, LineStyle};
use crate::input::Input;
use crate::jobs::{Job, digest_of, run_ordered};
use crate::output::{err_line, name_bytes, progress_bar, progress_name, total_size, write_out};

/// Hash mode: prints one checksum line per input (standard input without FILEs).
pub(crate) fn hash_mode(cli: &Cli, alg: &Algorithm, len: usize, job: Job<'_>) -> bool {
    let stdin = OsStr::new("-");
    let names: Vec<&OsStr> = if cli.files.is_empty() {
        vec![stdin]
    } else {
        cli.files.iter().map(OsString::as_os_str).collect()
    };
    if cli.raw && names.len() > 1 {
        usage_error("--raw needs exactly one input");
    }
    let style = LineStyle {
        tag: cli.tag,
        no_names: cli.no_names,
        zero: cli.zero,
        binary: cli.binary,
    };
    let several = names.len() > 1;
    let pb = progress_bar(total_size(&names), true, several);
    let job = Job {
        progress: pb.as_ref(),
        ..job
    };
    let mut ok = true;
    let mut out = io::stdout().lock();
    run_ordered(
        &names,
        |name| {
            progress_name(job.progress, several, &name_bytes(name));
            let input = if *name == "-" {
                Input::Stdin
            } else {
                Input::Path(name)
            };
            digest_of(alg, len, input, job)
        },
        |name, r| match r {
            Ok(d) => {
                let bytes = if cli.raw {
                    d
                } else {
                    format::line(alg, &d, &name_bytes(name), style)
                };
                ok &= write_out(&mut out, pb.as_ref(), &bytes);
            }
            Err(reason) => {
                ok = false;
                if let Some(pb) = &pb {
                    pb.suspend(|| err_line(&name_bytes(name), &reason));
                } else {
                    err_line(&name_bytes(name), &reason);
                }
            }
        },
    );
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    ok
}
