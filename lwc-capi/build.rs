//! Gives the shared library a SONAME (`liblwc.so.0`) on ELF platforms, so that programs linked
//! against `liblwc.so` record `liblwc.so.0` and a later ABI break can take `liblwc.so.1`.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if !matches!(os.as_str(), "macos" | "ios" | "windows") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liblwc.so.0");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
