//! Shared helpers for the criterion benches (message sizes, deterministic inputs) and the report tool.

#[cfg(feature = "anchors")]
pub mod anchors;
pub mod callgrind;
pub mod native;
pub mod oneshot;
pub mod qemu;
pub mod report;
pub mod rv32;
pub mod wasm;

/// Builds `benches/<package>`, a program with its own workspace and lock file (`rv32`, `wasm`),
/// in release for `triple` with `rustflags` into the target folder `dir`; returns the path of its
/// output file `exe` there.
///
/// # Panics
/// If the build fails.
#[must_use]
pub fn build_own_workspace(
    root: &std::path::Path,
    dir: &std::path::Path,
    package: &str,
    triple: &str,
    rustflags: &str,
    exe: &str,
) -> std::path::PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = std::process::Command::new(&cargo)
        .current_dir(root)
        .env("RUSTFLAGS", rustflags)
        .env("CARGO_TARGET_DIR", dir)
        .args(["build", "--release", "--locked", "--manifest-path"])
        .arg(root.join("benches").join(package).join("Cargo.toml"))
        .args(["--target", triple])
        .status()
        .expect("cannot run cargo build");
    assert!(
        status.success(),
        "building benches/{package} for {triple} ({rustflags:?}) failed"
    );
    dir.join(triple).join("release").join(exe)
}

/// Message sizes every family group measures (bytes).
pub const SIZES: &[usize] = &[16, 64, 256, 1024, 16 * 1024, 1024 * 1024];

/// 32 bytes of the XOF `X` (digest 0.11 traits) over `m`: one whole hash, as the keccak group
/// and the anchors program time it.
#[must_use]
pub fn xof32<X: Default + digest::Update + digest::ExtendableOutput>(m: &[u8]) -> [u8; 32] {
    use digest::XofReader;
    let mut x = X::default();
    x.update(m);
    let mut out = [0u8; 32];
    x.finalize_xof().read(&mut out);
    out
}

/// A deterministic, non-trivial input of `len` bytes.
#[must_use]
pub fn input(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3])
        .collect()
}
