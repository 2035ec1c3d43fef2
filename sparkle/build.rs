//! Sets `cfg(sparkle_avx512)` when the compiler has the AVX-512 intrinsics and target features
//! stable (Rust 1.89 or later), so the crate still builds at its rust-version (1.85), without the
//! AVX-512 backend.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sparkle_avx512)");
    println!("cargo::rerun-if-changed=build.rs");
    if autocfg::new().probe_rustc_version(1, 89) {
        println!("cargo::rustc-cfg=sparkle_avx512");
    }
}
