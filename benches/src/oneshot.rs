//! Building the `oneshot` registry (`src/bin/oneshot.rs`), the instruction-count driver of the
//! report's callgrind and aarch64 sections.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the `oneshot` registry (release, the given `benches` features, for `triple` or the host)
/// and returns the path of the program.
///
/// # Panics
/// If the build fails.
#[must_use]
pub fn build(root: &Path, target: &Path, features: &str, triple: Option<&str>) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(root)
        .args([
            "build",
            "--release",
            "-p",
            "benches",
            "--no-default-features",
            "--features",
        ])
        .arg(features)
        .args(["--bin", "oneshot"]);
    if let Some(t) = triple {
        cmd.args(["--target", t]);
    }
    let status = cmd.status().expect("cannot run cargo build");
    assert!(status.success(), "building oneshot failed");
    triple
        .map_or_else(|| target.to_path_buf(), |t| target.join(t))
        .join("release")
        .join("oneshot")
}
