//! Sets three cfgs for the crate:
//!
//! * `keccak_x86` / `keccak_x86_64`: the x86 backends and their run-time dispatch are compiled in:
//!   the target is x86 or x86_64 (x86_64 only for the four-state AVX2/AVX-512 code) and none of
//!   Miri, `--cfg lwc_force_portable` and `--cfg keccak_backend="portable"` or `"compact"` is set
//!   (one alias instead of that condition spelled out at every backend item);
//! * `keccak_avx512`: the compiler has the AVX-512 intrinsics and target features stable (Rust
//!   1.89 or later), so the crate still builds at its rust-version (1.85), without the AVX-512
//!   backend.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(keccak_x86)");
    println!("cargo::rustc-check-cfg=cfg(keccak_x86_64)");
    println!("cargo::rustc-check-cfg=cfg(keccak_avx512)");
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let forced_portable = var("CARGO_CFG_MIRI").is_some()
        || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some()
        || var("CARGO_CFG_KECCAK_BACKEND")
            .is_some_and(|v| v.split(',').any(|b| b == "portable" || b == "compact"));
    if !forced_portable {
        if matches!(arch.as_deref(), Some("x86" | "x86_64")) {
            println!("cargo::rustc-cfg=keccak_x86");
        }
        if arch.as_deref() == Some("x86_64") {
            println!("cargo::rustc-cfg=keccak_x86_64");
        }
    }
    if autocfg::new().probe_rustc_version(1, 89) {
        println!("cargo::rustc-cfg=keccak_avx512");
    }
}
