//! The report's callgrind section (`report --callgrind`): instructions per byte of every function
//! of the `oneshot` registry under valgrind, and of ours with each backend forced.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Instructions per byte at 64 B and 4 KiB for every function of the `oneshot` registry, counted by
/// callgrind as the difference between 3 and 1 calls (start-up cancels out), divided by 2 × size.
#[must_use]
pub fn section(root: &Path, target: &Path, families: &[String]) -> String {
    let exe = crate::oneshot::build(root, target, &families.join(","), None);
    let list = Command::new(&exe)
        .arg("--list")
        .output()
        .expect("oneshot --list");
    let names: Vec<String> = String::from_utf8_lossy(&list.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    // Ir of `reps` calls on `size` bytes, with `backend` forced when given (`None` when the run
    // fails, e.g. a backend valgrind's CPU does not offer).
    let count = |name: &str, size: usize, reps: usize, backend: Option<&str>| -> Option<u64> {
        let mut cmd = Command::new("valgrind");
        cmd.args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(&exe)
            .args([name, &size.to_string(), &reps.to_string()]);
        if let Some(b) = backend {
            cmd.args(["--backend", b]);
        }
        let out = cmd.output().ok()?;
        if !out.status.success() {
            return None;
        }
        let err = String::from_utf8_lossy(&out.stderr);
        err.lines()
            .find_map(|l| l.split("Collected :").nth(1))
            .and_then(|v| v.trim().parse().ok())
    };
    let per_byte = |name: &str, size: usize, backend: Option<&str>| -> Option<String> {
        match (count(name, size, 1, backend), count(name, size, 3, backend)) {
            (Some(a), Some(b)) if b > a => {
                Some(format!("{:.2}", (b - a) as f64 / 2.0 / size as f64))
            }
            _ => None,
        }
    };
    let mut s = String::from(
        "## Instructions per byte (callgrind)\n\nDeterministic counts (valgrind callgrind `Ir`), whole call including finalize, default target, for every function of the `oneshot` registry (`src/bin/oneshot.rs`). Valgrind does not emulate AVX-512, so on this CPU the counts are those of the AVX2/BMI paths the dispatch picks without it.\n\n| function | implementation | 64 B | 4 KiB |\n|---|---|---:|---:|\n",
    );
    let mut forced = String::from(
        "### Each backend forced\n\nOur functions again with every backend of their family crate forced (`oneshot ... --backend <name>`) that valgrind's CPU offers (it hides AVX-512 and VAES).\n\n| function | backend | 64 B | 4 KiB |\n|---|---|---:|---:|\n",
    );
    for name in &names {
        let (algo, imp) = name.split_once('/').unwrap_or((name, ""));
        let cells: Vec<String> = [64usize, 4096]
            .iter()
            .map(|&size| per_byte(name, size, None).unwrap_or_else(|| "–".to_string()))
            .collect();
        let _ = writeln!(s, "| {algo} | {imp} | {} | {} |", cells[0], cells[1]);
        eprintln!("report: callgrind {name}: {} / {} Ir/B", cells[0], cells[1]);
        if !imp.starts_with("lwc") {
            continue;
        }
        let backends = Command::new(&exe)
            .args(["--backends", name])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        for backend in backends.lines() {
            let cells: Vec<Option<String>> = [64usize, 4096]
                .iter()
                .map(|&size| per_byte(name, size, Some(backend)))
                .collect();
            if let [Some(a), Some(b)] = cells.as_slice() {
                let _ = writeln!(forced, "| {algo} | {backend} | {a} | {b} |");
            }
        }
    }
    s.push('\n');
    s.push_str(&forced);
    s.push('\n');
    s
}
