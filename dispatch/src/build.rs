//! What the family crates' build scripts share (feature `build`; a build-dependency, so std and
//! the host): the compiler's version, for cfgs of features newer than the crates' rust-version.

/// Whether the compiler cargo builds with (`RUSTC`, else `rustc`) is Rust 1.`minor` or later;
/// `false` where its version cannot be read.
#[must_use]
pub fn rustc_at_least(minor: u32) -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok();
    let text = out.and_then(|o| std::string::String::from_utf8(o.stdout).ok());
    text.is_some_and(|t| minor_of(&t).is_some_and(|m| m >= minor))
}

/// The minor version of a `rustc --version` line (`rustc 1.95.0 (...)`, `rustc 1.96.0-nightly`).
fn minor_of(version: &str) -> Option<u32> {
    version
        .strip_prefix("rustc 1.")?
        .split('.')
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::minor_of;

    #[test]
    fn reads_stable_and_nightly_versions() {
        assert_eq!(minor_of("rustc 1.95.0 (f2d3ce0bd 2026-03-21)"), Some(95));
        assert_eq!(minor_of("rustc 1.96.0-nightly (abc 2026-04-01)"), Some(96));
        assert_eq!(minor_of("rustc 2.0.0"), None);
        assert_eq!(minor_of(""), None);
    }
}
