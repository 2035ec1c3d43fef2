//! Sets two cfg aliases for the crate, so each condition is spelled out once:
//!
//! * `ascon_x86`: the x86 code (run-time BMI dispatch, SSE2 and AVX-512 helpers) is compiled in:
//!   the target is x86 or x86_64 and neither Miri nor `--cfg lwc_force_portable` is set;
//! * `ascon_bi32`: the word backend is the bit-interleaved one: `--cfg ascon_backend="bi32"`, or
//!   no `ascon_backend` of `"u64"` on a target whose pointers are narrower than 64 bits.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(ascon_x86)");
    println!("cargo::rustc-check-cfg=cfg(ascon_bi32)");
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo passes the target's cfgs, RUSTFLAGS' `--cfg`s and Miri's included, as CARGO_CFG_*.
    let var = |k: &str| std::env::var(k).ok();
    let backend =
        |b: &str| var("CARGO_CFG_ASCON_BACKEND").is_some_and(|v| v.split(',').any(|x| x == b));
    let forced_portable =
        var("CARGO_CFG_MIRI").is_some() || var("CARGO_CFG_LWC_FORCE_PORTABLE").is_some();
    if !forced_portable
        && matches!(
            var("CARGO_CFG_TARGET_ARCH").as_deref(),
            Some("x86" | "x86_64")
        )
    {
        println!("cargo::rustc-cfg=ascon_x86");
    }
    let narrow = var("CARGO_CFG_TARGET_POINTER_WIDTH").as_deref() != Some("64");
    if backend("bi32") || (!backend("u64") && narrow) {
        println!("cargo::rustc-cfg=ascon_bi32");
    }
}
