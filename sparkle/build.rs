//! Sets `cfg(sparkle_avx512)` when the compiler has the AVX-512 intrinsics and target features
//! stable (Rust 1.89 or later), so the crate still builds at its rust-version (1.85), without the
//! AVX-512 backend.

use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sparkle_avx512)");
    println!("cargo::rerun-if-env-changed=RUSTC");
    println!("cargo::rerun-if-changed=build.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok());
    // "rustc 1.95.0 (...)": the minor number of the release.
    let minor = version.as_deref().and_then(|v| {
        let mut parts = v.split_whitespace().nth(1)?.split('.');
        let major: u32 = parts.next()?.parse().ok()?;
        let minor: u32 = parts.next()?.parse().ok()?;
        (major == 1).then_some(minor)
    });
    if minor.is_some_and(|m| m >= 89) {
        println!("cargo::rustc-cfg=sparkle_avx512");
    }
}
