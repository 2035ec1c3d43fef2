//! Lists the backends of the family crates and whether this CPU runs them, for the CI scripts
//! (`.ci/lib.sh`'s `each_backend`): one line per backend, `<family> <name> supported` or
//! `<family> <name> unsupported`, in `Backend::ALL` order.
//!
//! `cargo run -q -p lwc-tests --example backends [-- FAMILY]`

use std::fmt::Display;

fn list<B: Copy + Display>(family: &str, all: &[B], supported: fn(B) -> bool) {
    for &b in all {
        let s = if supported(b) {
            "supported"
        } else {
            "unsupported"
        };
        println!("{family} {b} {s}");
    }
}

fn main() {
    let only = std::env::args().nth(1);
    let want = |f: &str| only.as_deref().is_none_or(|o| o == f);
    #[cfg(feature = "keccak")]
    if want("keccak") {
        use lwc_keccak::hazmat::Backend;
        list("keccak", Backend::ALL, Backend::is_supported);
    }
    #[cfg(feature = "ascon")]
    if want("ascon") {
        use lwc_ascon::hazmat::Backend;
        list("ascon", Backend::ALL, Backend::is_supported);
    }
    #[cfg(feature = "sparkle")]
    if want("sparkle") {
        use lwc_sparkle::hazmat::Backend;
        list("sparkle", Backend::ALL, Backend::is_supported);
    }
    #[cfg(feature = "lemac")]
    if want("lemac") {
        use lwc_lemac::hazmat::Backend;
        list("lemac", Backend::ALL, Backend::is_supported);
    }
    let _ = want;
}
