//! Names every cfg condition of the crate once, as an alias (the code uses only these):
//!
//! * `keccak_x86`: the x86/x86_64 backend `x86_bmi` and the run-time dispatch are compiled in (the
//!   target is x86 or x86_64 and the build is not forced portable);
//! * `keccak_x86_64`: the four-state `x86_avx2` backend is compiled in (x86_64, not forced
//!   portable);
//! * `keccak_avx512`: the `x86_avx512` backend is compiled in (x86_64, not forced portable, and
//!   Rust 1.89 or later, where the AVX-512 intrinsics and target features are stable: the crate
//!   still builds at its rust-version, 1.85, without this backend);
//! * `keccak_aarch64`: the aarch64 backends `aarch64_neon` (plain NEON) and `aarch64_sha3`
//!   (FEAT_SHA3: EOR3, RAX1, XAR, BCAX) and run-time detection are compiled in (aarch64, not
//!   forced portable);
//! * `keccak_bi32`: the bit-interleaved backend `bi32` is compiled in (every target not forced
//!   portable; plain Rust, no CPU feature);
//! * `keccak_bi32_default`: `bi32` is a backend detection may pick, placed after `x86_bmi` in
//!   `Backend::ALL`: `keccak_bi32` on a 32-bit target (RISC-V, ARM, i686; measured faster than
//!   the portable code there, and on i686 than `x86_bmi`) other than wasm32 (64-bit integer
//!   instructions, where `bi32` is slower); figures: PERFORMANCE.md, "32-bit targets", "wasm32";
//! * `keccak_wasm_simd128`: the `wasm_simd128` backend (two states per `v128`) is compiled in
//!   (wasm32 built with `-C target-feature=+simd128`, not forced portable; WebAssembly has no
//!   run-time detection, so the build decides);
//! * `keccak_lazy_rho`: the portable permutation defers ρ's rotations into the operands of the
//!   next logical instructions (`backends/portable/lazy_rho.rs`; aarch64, where a logical
//!   instruction rotates an operand for free), all rounds unrolled; not in the `compact` build;
//! * `keccak_rolled`: the portable permutation runs its rounds in a loop, one straight-line round
//!   per iteration (x86/x86_64, where that is faster, the `compact` build everywhere, 32-bit
//!   targets under `keccak_bi32_default`, where `bi32` runs and `portable` is only the fallback a
//!   caller can force, so its code stays small, and wasm32, where the unrolled rounds are slower
//!   under V8), instead of unrolling all of them; figures: PERFORMANCE.md, "Speed", "32-bit
//!   targets" (code size), "wasm32".
//!
//! * `keccak_many_msgs`: a feature hashes several messages at once (`kt`, `parallel-hash` or
//!   `batch`), so the four- and eight-state absorb loops and the eight-state permutation are
//!   compiled in (the four-state permutation alone is the `many-states` feature's);
//! * `keccak_size_build`: the crate is built with opt-level "s" or "z", which selects the compact
//!   build below without any flag.
//!
//! "Forced portable" is any of: Miri, `--cfg lwc_force_portable`, `--cfg keccak_backend="portable"`
//! and the compact build, `--cfg keccak_backend="compact"` or opt-level "s"/"z" (the portable
//! backend with rolled rounds on every target: the smallest code).

fn main() {
    for alias in [
        "keccak_x86",
        "keccak_x86_64",
        "keccak_avx512",
        "keccak_aarch64",
        "keccak_wasm_simd128",
        "keccak_bi32",
        "keccak_bi32_default",
        "keccak_lazy_rho",
        "keccak_rolled",
        "keccak_size_build",
        "keccak_many_msgs",
    ] {
        println!("cargo::rustc-check-cfg=cfg({alias})");
    }
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let x86 = matches!(arch.as_deref(), Some("x86" | "x86_64"));
    let x86_64 = arch.as_deref() == Some("x86_64");
    let aarch64 = arch.as_deref() == Some("aarch64");
    let backend_cfg = var("CARGO_CFG_KECCAK_BACKEND");
    let backend_is = |name: &str| {
        backend_cfg
            .as_deref()
            .is_some_and(|v| v.split(',').any(|b| b == name))
    };
    let emit = |alias: &str| println!("cargo::rustc-cfg={alias}");
    if ["KT", "PARALLEL_HASH", "BATCH"]
        .iter()
        .any(|f| var(&format!("CARGO_FEATURE_{f}")).is_some())
    {
        emit("keccak_many_msgs");
    }
    // A build for size (opt-level "s" or "z" for this crate, whatever the profile's name) gets
    // the compact code with no flag: the user asked for the smallest code.
    let size_build = matches!(var("OPT_LEVEL").as_deref(), Some("s" | "z"));
    if size_build {
        emit("keccak_size_build");
    }
    let compact = backend_is("compact") || size_build;
    let forced_portable = var("CARGO_CFG_MIRI").is_some()
        || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some()
        || backend_is("portable")
        || compact;
    if x86 && !forced_portable {
        emit("keccak_x86");
    }
    if aarch64 && !forced_portable {
        emit("keccak_aarch64");
    }
    let simd128 =
        var("CARGO_CFG_TARGET_FEATURE").is_some_and(|f| f.split(',').any(|f| f == "simd128"));
    if arch.as_deref() == Some("wasm32") && simd128 && !forced_portable {
        emit("keccak_wasm_simd128");
    }
    // wasm32 has 64-bit integer instructions (its 32 bits are the pointer width only): there the
    // portable code is faster than `bi32` (PERFORMANCE.md, "wasm32").
    let bi32_default = !forced_portable
        && var("CARGO_CFG_TARGET_POINTER_WIDTH").as_deref() == Some("32")
        && arch.as_deref() != Some("wasm32");
    if !forced_portable {
        emit("keccak_bi32");
    }
    if bi32_default {
        emit("keccak_bi32_default");
    }
    if x86_64 && !forced_portable {
        emit("keccak_x86_64");
        if rustc_at_least(89) {
            emit("keccak_avx512");
        }
    }
    let wasm32 = arch.as_deref() == Some("wasm32");
    if x86 || compact || bi32_default || wasm32 {
        emit("keccak_rolled");
    } else if aarch64 {
        emit("keccak_lazy_rho");
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
