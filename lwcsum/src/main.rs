#![doc = include_str!("../README.md")]

mod algorithms;
mod check_mode;
mod cli;
mod format;
mod hash_mode;
mod input;
mod jobs;
mod output;
#[cfg(unix)]
mod sigbus;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use algorithms::{Algorithm, Kind, Params, takes};
use cli::{Cli, bytes_option, usage_error};
use input::ReadOptions;
use jobs::Job;
use output::{err_line, name_bytes};

/// The largest `-l` (bytes).
pub(crate) const MAX_LENGTH: usize = 1 << 16;

/// `--list`: the algorithms of this build.
fn list(reg: &[Algorithm]) {
    let mut out = io::stdout().lock();
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let reg = algorithms::registry();
    if cli.list {
        list(&reg);
        return ExitCode::SUCCESS;
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
    let key = match (&cli.key_file, alg.kind) {
        // With a key, -a governs every line of a checked list too: it must be a MAC.
        (Some(_), k) if !matches!(k, Kind::Mac { .. }) => usage_error(format!(
            "--key-file applies to MACs only; {} is not a MAC",
            alg.name
        )),
        (None, Kind::Mac { keyless: false, .. }) => {
            usage_error(format!("{} needs --key-file", alg.name))
        }
        (None, _) => None,
        (Some(path), _) => match std::fs::read(path) {
            Ok(k) => Some(k),
            Err(e) => {
                err_line(&name_bytes(path.as_os_str()), &input::reason(&e));
                return ExitCode::FAILURE;
            }
        },
    };
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
            // A key of the wrong length: the key file is the bad input (exit 1).
            (Some(path), Some(_)) if reason.starts_with("key must be") => {
                err_line(&name_bytes(path.as_os_str()), &reason);
                return ExitCode::FAILURE;
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
    if let Some(n) = cli.num_threads {
        if n == 0 {
            usage_error("--num-threads must be at least 1");
        }
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
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
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
