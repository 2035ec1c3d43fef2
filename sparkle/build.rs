//! Sets two cfgs for the crate:
//!
//! * `sparkle_x86`: the x86 backends (BMI2, AVX2, AVX-512) and the run-time dispatch are compiled
//!   in: the target is x86 or x86_64 and none of Miri, `--cfg lwc_force_portable` and
//!   `--cfg sparkle_backend="portable"` is set (one alias instead of that condition spelled out at
//!   every backend item);
//! * `sparkle_avx512`: the target is x86_64 and the compiler has the AVX-512 intrinsics and
//!   target features stable (Rust 1.89 or later), so the crate still builds at its rust-version
//!   (1.85), without the AVX-512 backend. Not on 32-bit x86: `cpufeatures` never reports AVX-512
//!   there, so the backend could not be chosen.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sparkle_x86)");
    println!("cargo::rustc-check-cfg=cfg(sparkle_avx512)");
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let x86 = matches!(
        var("CARGO_CFG_TARGET_ARCH").as_deref(),
        Some("x86" | "x86_64")
    );
    let forced_portable = var("CARGO_CFG_MIRI").is_some()
        || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some()
        || var("CARGO_CFG_SPARKLE_BACKEND").is_some_and(|v| v.split(',').any(|b| b == "portable"));
    if x86 && !forced_portable {
        println!("cargo::rustc-cfg=sparkle_x86");
    }
    if var("CARGO_CFG_TARGET_ARCH").as_deref() == Some("x86_64")
        && autocfg::new().probe_rustc_version(1, 89)
    {
        println!("cargo::rustc-cfg=sparkle_avx512");
    }
}
