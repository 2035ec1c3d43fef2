//! Locating the official vector folder.
//!
//! Tests that read full vector files take the folder from `LWC_KAT_DIR` (a relative path is resolved
//! against the current directory, then against the workspace root). When the variable is missing the
//! file tests skip with a note, except when `CI` is set: then they fail, because a skipped file is no
//! coverage. Self-contained tests (rendered text + SHA-256) cover every official file without the folder.

use std::path::{Path, PathBuf};

/// The workspace root (the parent of this crate's manifest directory).
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The vector folder from `LWC_KAT_DIR`, if set. Panics if it is set but is not a folder.
#[must_use]
pub fn kat_dir() -> Option<PathBuf> {
    let raw = std::env::var_os("LWC_KAT_DIR")?;
    let p = PathBuf::from(raw);
    let candidates = if p.is_absolute() {
        vec![p.clone()]
    } else {
        vec![p.clone(), workspace_root().join(&p)]
    };
    for c in &candidates {
        if c.is_dir() {
            return Some(c.clone());
        }
    }
    panic!(
        "LWC_KAT_DIR={} is not a folder (tried {candidates:?})",
        p.display()
    );
}

/// Reads `rel` (e.g. `"ascon/sp800232_hash256.txt"`) from the vector folder.
///
/// Returns `None` (after printing a note) when `LWC_KAT_DIR` is unset and `CI` is not set.
/// Panics when `CI` is set but `LWC_KAT_DIR` is not, or when the file is missing or unreadable.
#[must_use]
#[track_caller]
pub fn read(rel: &str) -> Option<String> {
    read_bytes(rel)
        .map(|b| String::from_utf8(b).unwrap_or_else(|e| panic!("{rel}: not UTF-8: {e}")))
}

/// Like [`read`], returning raw bytes (for SHA-256 checks of the file itself).
#[must_use]
#[track_caller]
pub fn read_bytes(rel: &str) -> Option<Vec<u8>> {
    let Some(dir) = kat_dir() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but LWC_KAT_DIR is not: the full vector file {rel} cannot be checked"
        );
        eprintln!("note: LWC_KAT_DIR unset, skipping the full-file test of {rel}");
        return None;
    };
    let path = dir.join(rel);
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}
