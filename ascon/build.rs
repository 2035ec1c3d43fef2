//! Names every cfg condition of the crate once; the code uses only these aliases:
//!
//! * `ascon_x86`: the x86 backends and the run-time dispatch are compiled in (`X86Bmi`, and the
//!   SSE2 word conversions): the target is x86 or x86_64 and the backends are not forced portable
//!   (neither Miri nor `--cfg lwc_force_portable`);
//! * `ascon_sse2`: `ascon_x86` on a target with SSE2 enabled at compile time (every x86_64 target
//!   and the `i686` ones): the bit-interleaved words of a full AEAD block are converted in one SSE2
//!   register, without a run-time check;
//! * `ascon_avx512`: the AVX-512 backend (`X86Avx512`) is compiled in: `ascon_x86` on x86_64,
//!   no `--cfg ascon_backend` override (naming a word representation turns it off, so that
//!   representation is what runs), and a compiler with the AVX-512 target features stable (Rust
//!   1.89 or later, probed by running `$RUSTC --version`; the crate still builds at its rust-version, 1.85, without
//!   this backend). Not on 32-bit x86: `cpufeatures` never reports AVX-512 there;
//! * `ascon_orn_round`: the u64 round is the 26-instruction form for targets with and-not, or-not
//!   and rotated-operand XOR (the orn/bic S-box circuit and the nested linear layer): aarch64,
//!   portable code, so forcing portable keeps it; also riscv32, where the `u64` words are the
//!   default without Zbb/Zbkb: there the circuit's or-not and and-not cost one NOT each, 17
//!   operations a half-word against 21 for the chi form (figures: PERFORMANCE.md, "RV32
//!   (qemu-riscv32 instruction counts, issue 23)");
//! * `ascon_riscv32`: 16-byte little-endian blocks are read and written as aligned 32-bit words
//!   where they are 4-byte aligned (`riscv32.rs`): the target is riscv32 and the backends are not
//!   forced portable;
//! * `ascon_zbkb`: the `bi32` word conversions use RV32 Zbkb's `zip`/`unzip` (`riscv32_zbkb.rs`):
//!   the target is riscv32 with `target_feature = "zbkb"` enabled at compile time
//!   (`-C target-feature=+zbkb`; bare-metal RV32 has no run-time detection) and the backends are
//!   not forced portable;
//! * `ascon_bi32`: the compile-time word representation is the bit-interleaved one:
//!   `--cfg ascon_backend="bi32"`, or no `ascon_backend="u64"` on a target whose pointers are
//!   narrower than 64 bits, except riscv32 without a 32-bit rotate instruction (neither Zbb nor
//!   Zbkb enabled): there a 64-bit rotation of `u64` words costs the same shifts as the two 32-bit
//!   rotations of `bi32`, so the conversions would be pure cost (PERFORMANCE.md, "RV32"); and
//!   except wasm32, whose pointers are 32 bits wide but whose integer instructions (rotations
//!   included) are 64 bits wide, so `u64` is the faster there (PERFORMANCE.md, "wasm32").

fn main() {
    for alias in [
        "ascon_x86",
        "ascon_sse2",
        "ascon_avx512",
        "ascon_orn_round",
        "ascon_riscv32",
        "ascon_zbkb",
        "ascon_bi32",
    ] {
        println!("cargo::rustc-check-cfg=cfg({alias})");
    }
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let backend_cfg = var("CARGO_CFG_ASCON_BACKEND");
    let backend = |b: &str| {
        backend_cfg
            .as_deref()
            .is_some_and(|v| v.split(',').any(|x| x == b))
    };
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let forced_portable =
        var("CARGO_CFG_MIRI").is_some() || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some();
    let riscv32 = arch.as_deref() == Some("riscv32");
    if arch.as_deref() == Some("aarch64") || riscv32 {
        println!("cargo::rustc-cfg=ascon_orn_round");
    }
    let x86 = !forced_portable && matches!(arch.as_deref(), Some("x86" | "x86_64"));
    if x86 {
        println!("cargo::rustc-cfg=ascon_x86");
        let features = var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
        if features.split(',').any(|f| f == "sse2") {
            println!("cargo::rustc-cfg=ascon_sse2");
        }
        if arch.as_deref() == Some("x86_64") && backend_cfg.is_none() && rustc_at_least(89) {
            println!("cargo::rustc-cfg=ascon_avx512");
        }
    }
    let features = var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let feature = |f: &str| features.split(',').any(|x| x == f);
    if riscv32 && !forced_portable {
        println!("cargo::rustc-cfg=ascon_riscv32");
    }
    if riscv32 && !forced_portable && feature("zbkb") {
        println!("cargo::rustc-cfg=ascon_zbkb");
    }
    let narrow = var("CARGO_CFG_TARGET_POINTER_WIDTH").as_deref() != Some("64");
    let shifts_only = riscv32 && !feature("zbb") && !feature("zbkb");
    let wasm = matches!(arch.as_deref(), Some("wasm32" | "wasm64"));
    if backend("bi32") || (!backend("u64") && narrow && !shifts_only && !wasm) {
        println!("cargo::rustc-cfg=ascon_bi32");
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
