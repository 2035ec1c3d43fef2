//! What the family vector and differential test files share, written once: the `LWC_BACKEND`
//! hook and the vector-file reader (each file names its own family crate or folder).

// Each test file uses one or both.
#![allow(unused_macros)]

/// Forces the backend `LWC_BACKEND` names (`portable`, `x86_avx2`, ...) on the family crate
/// `$krate` (`lwc_keccak`, `lwc_ascon`, `lwc_sparkle`, `lwc_lemac`) for the whole test process,
/// the first thing every test does (CI runs the vector tests once per backend the CPU has), and
/// checks that it is the one in use. Panics if this CPU cannot run it, so a forced run never
/// silently tests another; does nothing when the variable is unset or names no backend of
/// `$krate` (see `lwc_tests::force_backend_from_env`).
macro_rules! backend_from_env {
    ($krate:ident) => {
        if let Some(forced) = lwc_tests::force_backend_from_env(
            $krate::hazmat::Backend::ALL,
            $krate::hazmat::force_backend,
        ) {
            assert_eq!($krate::hazmat::backend(), forced);
        }
    };
}

/// Reads `<family>/<rel>` from the `LWC_KAT_DIR` folder, or returns from the test (skipped, with a
/// note) when the folder is not configured; under `CI` a missing folder fails instead
/// (`lwc_tests::kat::read`).
macro_rules! read_or_skip {
    ($family:literal, $rel:expr) => {
        lwc_tests::read_or_return!(format!(concat!($family, "/{}"), $rel))
    };
}
