//! Sets `cfg(lemac_vaes)` when the compiler has the stable `vaes` target feature (Rust 1.89+),
//! so the crate still builds with its rust-version (1.85) without the two-lane VAES path.

use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(lemac_vaes)");
    println!("cargo::rerun-if-env-changed=RUSTC");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let minor = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|v| {
            v.split_whitespace()
                .nth(1)
                .and_then(|ver| ver.split('.').nth(1)?.parse::<u32>().ok())
        });
    if minor.is_some_and(|m| m >= 89) {
        println!("cargo::rustc-cfg=lemac_vaes");
    }
}
