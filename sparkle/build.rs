//! Names every cfg condition of the crate once; the code uses only these aliases:
//!
//! * `sparkle_x86`: the x86 backends (`x86_bmi`, `x86_avx2`) and the run-time dispatch are
//!   compiled in: the target is x86 or x86_64 and the build is not forced portable;
//! * `sparkle_avx512`: the `x86_avx512` backend is compiled in: the target is x86_64, the build is
//!   not forced portable, and the compiler has the AVX-512 intrinsics and target features stable
//!   (Rust 1.89 or later; the crate still builds at its rust-version, 1.85, without this backend).
//!   Not on 32-bit x86: `cpufeatures` never reports AVX-512 there, so the backend could not be
//!   chosen.
//!
//! * `sparkle_aarch64`: the `aarch64_neon` backend is compiled in: the target is aarch64 with NEON
//!   (`target_feature = "neon"`: every aarch64 target but the soft-float ones) and the build is not
//!   forced portable.
//! * `sparkle_wasm`: the `wasm_simd128` backend is compiled in: the target is wasm32 with
//!   `simd128` enabled at compile time (`RUSTFLAGS="-C target-feature=+simd128"`; wasm has no
//!   run-time detection) and the build is not forced portable.
//!
//! "Forced portable" is any of: Miri, `--cfg lwc_force_portable` (every crate of the workspace),
//! `--cfg sparkle_backend="portable"` (this crate only).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sparkle_x86)");
    println!("cargo::rustc-check-cfg=cfg(sparkle_avx512)");
    println!("cargo::rustc-check-cfg=cfg(sparkle_aarch64)");
    println!("cargo::rustc-check-cfg=cfg(sparkle_wasm)");
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let forced_portable = var("CARGO_CFG_MIRI").is_some()
        || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some()
        || var("CARGO_CFG_SPARKLE_BACKEND").is_some_and(|v| v.split(',').any(|b| b == "portable"));
    if forced_portable {
        return;
    }
    if matches!(arch.as_deref(), Some("x86" | "x86_64")) {
        println!("cargo::rustc-cfg=sparkle_x86");
    }
    let neon = var("CARGO_CFG_TARGET_FEATURE").is_some_and(|v| v.split(',').any(|f| f == "neon"));
    if arch.as_deref() == Some("aarch64") && neon {
        println!("cargo::rustc-cfg=sparkle_aarch64");
    }
    let simd128 =
        var("CARGO_CFG_TARGET_FEATURE").is_some_and(|v| v.split(',').any(|f| f == "simd128"));
    if arch.as_deref() == Some("wasm32") && simd128 {
        println!("cargo::rustc-cfg=sparkle_wasm");
    }
    if arch.as_deref() == Some("x86_64") && rustc_at_least(89) {
        println!("cargo::rustc-cfg=sparkle_avx512");
    }
}

/// Whether the compiler cargo builds with (`RUSTC`) is Rust 1.`minor` or later.
fn rustc_at_least(minor: u32) -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = std::process::Command::new(rustc).arg("--version").output();
    let text = out
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_default();
    let minor_seen = text
        .strip_prefix("rustc 1.")
        .and_then(|v| v.split('.').next()?.parse().ok());
    minor_seen.is_some_and(|m: u32| m >= minor)
}
