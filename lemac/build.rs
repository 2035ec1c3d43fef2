//! Sets `cfg(lemac_vaes)` when the compiler has the stable `vaes` target feature (Rust 1.89+),
//! so the crate still builds with its rust-version (1.85) without the two-lane VAES path.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(lemac_vaes)");
    println!("cargo::rerun-if-changed=build.rs");
    if autocfg::new().probe_rustc_version(1, 89) {
        println!("cargo::rustc-cfg=lemac_vaes");
    }
}
