//! Constant-time evidence by trace equivalence on aarch64 (issue 22, item 1): the operations and
//! the checks of `reliability_trace.rs`, with qemu-user's executed-instruction log as the trace.
//!
//! This test binary, built for aarch64 Linux, runs under qemu-user (`.ci/runner`). The ignored
//! test `qemu_trace_equivalence` starts the same binary again under `qemu-aarch64 -singlestep -d
//! exec,nochain -D LOG` (one translation block per instruction, every execution logged), once per
//! family and CPU model (`-cpu max`: every aarch64 backend; `-cpu cortex-a72`: NEON and AES but no
//! SHA3). That child (the test `qemu_trace_child`) forces each backend its CPU has in turn and runs
//! every keyed operation, every length and every secret set of `trace_ops::variants` (three secret
//! sets; a valid and a tampered tag for a verification) one after the other, each between two
//! marker calls; before each traced run the same operation runs once untraced on a copy of the
//! inputs (its result is checked: a valid tag accepted, a tampered one rejected), so no first-call
//! initialisation falls inside a trace. The parent cuts the log at the markers and requires, with
//! `trace_ops::judge`, identical instruction-address sequences for every secret set and differing
//! ones for the control pair (accept against reject); each child also traces a deliberately
//! branchy function under two secrets first, which must differ (the log sees branches).
//!
//! What it does not see: memory addresses computed from secrets, and operand-dependent latency.
//!
//! Environment: `LWC_TRACE_FAMILY` (one family), `LWC_TRACE_BACKEND` (one backend),
//! `LWC_TRACE_LENGTHS` (default 0,1,16,17,64,65), `LWC_TRACE_CPUS` (default max,cortex-a72),
//! `LWC_QEMU_AARCH64` (default qemu-aarch64), `LWC_QEMU_LD_PREFIX` (default /usr/aarch64-linux-gnu).
#![cfg(all(target_os = "linux", target_arch = "aarch64", not(miri)))]
#![cfg(all(
    feature = "keccak",
    feature = "ascon",
    feature = "sparkle",
    feature = "lemac"
))]

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

mod trace_ops;
use trace_ops::{
    Op, Variant, Ws, ascon_ops, branchy, each_backend, judge, keccak_ops, lemac_ops, lengths,
    secrets, sparkle_ops, variants,
};

/// The lengths traced by default: the edges of the 16-byte and 64-byte blocks.
const LENGTHS: [usize; 6] = [0, 1, 16, 17, 64, 65];
const FAMILIES: [&str; 4] = ["ascon", "sparkle", "keccak", "lemac"];

/// Where a traced run starts (distinct bodies, so the linker cannot fold the two markers).
#[inline(never)]
fn marker_begin() {
    black_box(0x6265_6769_6e00_u64);
}

/// Where a traced run ends.
#[inline(never)]
fn marker_end() {
    black_box(0x656e_6400_u64);
}

fn ops_of(family: &str) -> Vec<Op> {
    match family {
        "ascon" => ascon_ops(),
        "sparkle" => sparkle_ops(),
        "keccak" => keccak_ops(),
        "lemac" => lemac_ops(),
        _ => panic!("unknown family {family}"),
    }
}

// ---------------------------------------------------------------- the child (under qemu -d exec)

/// One traced run between the markers.
fn traced_run(ws: &mut Ws, run: &dyn Fn(&mut Ws) -> u64) {
    marker_begin();
    let r = run(black_box(ws));
    // The outcome is public: branch on it inside the traced region, so the control pair differs
    // even where a verification is branch-free (as in reliability_trace.rs).
    if black_box(r) != 0 {
        black_box(r);
    }
    marker_end();
}

/// Runs one family's cases, one traced run per line of the plan it writes: the markers' addresses
/// first, then `backend op length variant` per run, in order.
fn child(family: &str, plan: &Path) {
    let (begin, end): (fn(), fn()) = (marker_begin, marker_end);
    let mut out = format!("markers {:x} {:x}\n", begin as usize, end as usize);
    let mut ws = Ws::new();
    for seed in [1, 2] {
        secrets(&mut ws, seed, 16);
        traced_run(&mut ws, &branchy);
    }
    let ops = ops_of(family);
    let lengths = lengths(&LENGTHS);
    let mut body = |b: &str| {
        for (i, o) in ops.iter().enumerate() {
            for &len in lengths.iter().filter(|&&l| l <= o.max_len) {
                for (k, v) in variants(o.verify, true).into_iter().enumerate() {
                    (o.prepare)(&mut ws, v, len);
                    let mut check = ws.clone();
                    let r = (o.run)(&mut check);
                    if o.verify {
                        let want = u64::from(matches!(v, Variant::Valid(_)));
                        assert_eq!(r, want, "{}: {v:?}, length {len}", o.name);
                    }
                    traced_run(&mut ws, &*o.run);
                    writeln!(out, "{b} {i} {len} {k}").expect("string");
                }
            }
        }
    };
    macro_rules! backends {
        ($krate:ident) => {{
            let _ = each_backend!($krate, body);
        }};
    }
    match family {
        "ascon" => backends!(lwc_ascon),
        "sparkle" => backends!(lwc_sparkle),
        "keccak" => backends!(lwc_keccak),
        "lemac" => backends!(lwc_lemac),
        _ => panic!("unknown family {family}"),
    }
    std::fs::write(plan, out).expect("write the plan");
}

/// The child's entry point; does nothing unless started by `qemu_trace_equivalence`.
#[test]
fn qemu_trace_child() {
    if let (Ok(family), Ok(plan)) = (
        std::env::var("LWC_TRACE_QEMU_CHILD"),
        std::env::var("LWC_TRACE_QEMU_PLAN"),
    ) {
        child(&family, Path::new(&plan));
    }
}

// ---------------------------------------------------------------- the parent

/// The guest program counter of one `-d exec` line,
/// `Trace 0: 0xHOST [FLAGS/PC/FLAGS/CFLAGS] ...`.
fn logged_pc(line: &[u8]) -> Option<u64> {
    if !line.starts_with(b"Trace ") {
        return None;
    }
    let open = line.iter().position(|&c| c == b'[')?;
    let rest = &line[open + 1..];
    let slash = rest.iter().position(|&c| c == b'/')?;
    let mut pc = 0u64;
    for &c in rest[slash + 1..].iter().take_while(|&&c| c != b'/') {
        pc = (pc << 4) | u64::from((c as char).to_digit(16)?);
    }
    Some(pc)
}

/// The instruction addresses of the traced runs, in order, from a log (each run is what lies
/// between a `marker_begin` and the next `marker_end`).
struct Runs {
    lines: std::io::Split<BufReader<std::fs::File>>,
    begin: u64,
    end: u64,
    instructions: u64,
}

impl Runs {
    fn next_run(&mut self) -> Option<Vec<u64>> {
        let mut run: Option<Vec<u64>> = None;
        for line in self.lines.by_ref() {
            let Some(pc) = logged_pc(&line.expect("read the qemu log")) else {
                continue;
            };
            match &mut run {
                None if pc == self.begin => run = Some(Vec::with_capacity(1 << 14)),
                None => {}
                Some(r) if pc == self.end => {
                    self.instructions += r.len() as u64;
                    return run;
                }
                Some(r) => r.push(pc),
            }
        }
        None
    }
}

/// Counts of one child's check.
struct Tally {
    cases: usize,
    runs: usize,
    instructions: u64,
    backends: Vec<String>,
}

/// Runs one family's child under `qemu -cpu cpu` and checks its runs; returns the failures.
fn check_family(cpu: &str, family: &str, dir: &Path, tally: &mut Tally) -> Vec<String> {
    let qemu = std::env::var("LWC_QEMU_AARCH64").unwrap_or_else(|_| "qemu-aarch64".into());
    let prefix =
        std::env::var("LWC_QEMU_LD_PREFIX").unwrap_or_else(|_| "/usr/aarch64-linux-gnu".into());
    let (log, plan) = (
        dir.join(format!("{cpu}-{family}.log")),
        dir.join(format!("{cpu}-{family}.plan")),
    );
    let exe = std::env::current_exe().expect("current_exe");
    let status = Command::new(&qemu)
        .args([
            "-cpu",
            cpu,
            "-L",
            &prefix,
            "-singlestep",
            "-d",
            "exec,nochain",
            "-D",
        ])
        .arg(&log)
        .arg(&exe)
        .args([
            "qemu_trace_child",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("LWC_TRACE_QEMU_CHILD", family)
        .env("LWC_TRACE_QEMU_PLAN", &plan)
        .stdout(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{qemu}: {e} (LWC_QEMU_AARCH64 names the emulator)"));
    assert!(
        status.success(),
        "{cpu}/{family}: the traced child failed: {status}"
    );
    let plan_text = std::fs::read_to_string(&plan).expect("the child's plan");
    let mut lines = plan_text.lines();
    let markers: Vec<u64> = lines
        .next()
        .and_then(|l| l.strip_prefix("markers "))
        .expect("markers line")
        .split(' ')
        .map(|x| u64::from_str_radix(x, 16).expect("marker address"))
        .collect();
    let file = std::fs::File::open(&log).expect("the qemu log");
    let mut runs = Runs {
        lines: BufReader::with_capacity(1 << 20, file).split(b'\n'),
        begin: markers[0],
        end: markers[1],
        instructions: 0,
    };
    let mut fails = Vec::new();
    let (a, b) = (
        runs.next_run().expect("control run"),
        runs.next_run().expect("control run"),
    );
    if a == b {
        fails.push(format!(
            "{cpu}/{family}: negative control: a secret-dependent branch was not seen"
        ));
    }
    let ops = ops_of(family);
    let entries: Vec<(String, usize, usize)> = lines
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (
                f[0].to_owned(),
                f[1].parse().expect("op"),
                f[2].parse().expect("length"),
            )
        })
        .collect();
    let mut at = 0;
    while at < entries.len() {
        let (backend, op, len) = entries[at].clone();
        let o = &ops[op];
        let n = variants(o.verify, true).len();
        assert!(
            entries[at..at + n].iter().all(|e| *e == entries[at]),
            "plan out of step at {at}"
        );
        let traces: Vec<Vec<u64>> = (0..n)
            .map(|_| {
                runs.next_run()
                    .expect("a run of the plan is missing in the log")
            })
            .collect();
        fails.extend(
            judge(o.verify, &traces)
                .into_iter()
                .map(|f| format!("{cpu}/{family}/{backend}: {} (length {len}): {f}", o.name)),
        );
        if !tally.backends.contains(&backend) {
            tally.backends.push(backend);
        }
        tally.cases += 1;
        tally.runs += n;
        at += n;
    }
    assert!(
        runs.next_run().is_none(),
        "more runs in the log than in the plan"
    );
    tally.instructions += runs.instructions;
    let _ = std::fs::remove_file(&log);
    fails
}

#[test]
#[ignore = "minutes: run under qemu-user by .ci/ct.sh trace-aarch64"]
fn qemu_trace_equivalence() {
    let t0 = Instant::now();
    let dir: PathBuf = std::env::temp_dir().join(format!("lwc-trace-qemu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let cpus = std::env::var("LWC_TRACE_CPUS").unwrap_or_else(|_| "max,cortex-a72".into());
    let only = std::env::var("LWC_TRACE_FAMILY").ok();
    let mut fails = Vec::new();
    let mut total = 0;
    for cpu in cpus.split(',') {
        for family in FAMILIES
            .iter()
            .filter(|f| only.as_deref().is_none_or(|o| o == **f))
        {
            let f0 = Instant::now();
            let mut tally = Tally {
                cases: 0,
                runs: 0,
                instructions: 0,
                backends: Vec::new(),
            };
            fails.extend(check_family(cpu, family, &dir, &mut tally));
            println!(
                "trace-qemu: -cpu {cpu} {family}: backends {}; {} cases, {} traced runs, {} instructions, {:.1} s",
                tally.backends.join(" "),
                tally.cases,
                tally.runs,
                tally.instructions,
                f0.elapsed().as_secs_f64()
            );
            std::io::stdout().flush().ok();
            assert!(tally.cases > 0, "{cpu}/{family}: no case ran");
            total += tally.cases;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "trace-qemu equivalence: {total} cases, lengths {:?}, {:.1} s",
        lengths(&LENGTHS),
        t0.elapsed().as_secs_f64()
    );
    assert!(
        fails.is_empty(),
        "{} trace-equivalence failures:\n{}",
        fails.len(),
        fails.join("\n")
    );
}
