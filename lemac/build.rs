//! Names every cfg condition of the crate once; the code uses only these aliases:
//!
//! * `lemac_x86`: the AES-NI backends (`X86Aesni`, `X86AesniAvx`) are compiled in: the target is
//!   x86 or x86_64 and the build is not forced portable;
//! * `lemac_aarch64`: the ARMv8 crypto-extension backend (`Aarch64Aes`): aarch64, not forced
//!   portable;
//! * `lemac_vaes` (`X86Vaes`: two messages in the lanes of 256-bit VAES registers) and
//!   `lemac_avx512` (`X86Avx512`: VAES + AVX-512VL, EVEX encoding): x86_64, not forced portable,
//!   and Rust 1.89 or later (the `vaes` and AVX-512 target features are stable from 1.89), so the
//!   crate still builds at its rust-version (1.85), without these two backends. Not on 32-bit x86:
//!   `cpufeatures` never reports AVX-512 there.
//!
//! "Forced portable": Miri, `--cfg lwc_force_portable`, or `--cfg lemac_backend="portable"`.

fn main() {
    for alias in ["lemac_x86", "lemac_aarch64", "lemac_vaes", "lemac_avx512"] {
        println!("cargo::rustc-check-cfg=cfg({alias})");
    }
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let arch = var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let forced_portable = var("CARGO_CFG_MIRI").is_some()
        || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some()
        || var("CARGO_CFG_LEMAC_BACKEND").is_some_and(|v| v.split(',').any(|b| b == "portable"));
    if forced_portable {
        return;
    }
    if arch == "x86" || arch == "x86_64" {
        println!("cargo::rustc-cfg=lemac_x86");
    }
    if arch == "aarch64" {
        println!("cargo::rustc-cfg=lemac_aarch64");
    }
    if arch == "x86_64" && rustc_at_least(89) {
        println!("cargo::rustc-cfg=lemac_vaes");
        println!("cargo::rustc-cfg=lemac_avx512");
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
