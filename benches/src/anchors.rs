//! The Keccak anchors (feature `anchors`, issue 20): the fastest Keccak implementations outside
//! RustCrypto, as peers of the `keccak` group: `keccak-asm` (CRYPTOGAMS assembly), XKCP through
//! `xkcp-rs` (its `xkcp-sys` build needs `xsltproc`, GNU make and libclang: see
//! `benches/setup-anchors.sh`) and `tiny-keccak`, beside ours and RustCrypto's (`sha3`, `shake`,
//! `k12`).
//!
//! Every side of a workload is a function from the message to 32 bytes of output (the digest, or
//! the first 32 bytes of the XOF); [`check`] compares every side with ours before any timing.
//! The fixed-output hashes are called the way a program that names the type calls them,
//! `Type::digest(m)`: ours and RustCrypto's answer that with the `Digest` trait (new + update +
//! finalize), `keccak-asm` with a one-call function of the type that shadows the trait's;
//! `keccak256_32_generic` times `keccak-asm` through the trait too, as generic code (HMAC,
//! ML-KEM) runs it.

use crate::xof32;
use digest::Digest;

/// One side of a workload: the whole operation over the message.
pub type Side = fn(&[u8]) -> [u8; 32];

/// The implementations, in the order of the tables: ours first, then the peers. The RustCrypto
/// side is `sha3` for SHA3-256 and Keccak256, `shake` for SHAKE128 and `k12` for KT128.
pub const IMPLS: &[&str] = &["lwc", "rustcrypto", "keccak-asm", "xkcp", "tiny-keccak"];

/// One timed function on one message length, with the sides that implement it (by [`IMPLS`]
/// name; `keccak-asm` has no XOF).
pub struct Workload {
    /// The id the timing program prints.
    pub id: &'static str,
    /// The function's id in the criterion group (`<algorithm>/<implementation>`).
    pub algorithm: &'static str,
    /// The function, as the tables show it.
    pub label: &'static str,
    /// Message length in bytes.
    pub len: usize,
    /// `(implementation, call)`, ours first.
    pub sides: &'static [(&'static str, Side)],
}

/// The 32-byte digest of `D` (digest 0.11) over `m`.
fn hash32<D: Digest>(m: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&D::digest(m));
    out
}

/// The 32-byte digest of `keccak-asm`'s hasher `$ty` over `$m`, by its own one-shot `digest`
/// (an inherent function that shadows digest 0.10's `Digest::digest` and loads the message
/// straight into the registers): what a program that names the type calls.
macro_rules! asm32 {
    ($ty:ty, $m:expr) => {{
        let mut out = [0u8; 32];
        out.copy_from_slice(&<$ty>::digest($m));
        out
    }};
}

/// 32 bytes of a `tiny-keccak` hasher over `m`.
fn tiny32(mut h: impl tiny_keccak::Hasher, m: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    h.update(m);
    h.finalize(&mut out);
    out
}

/// SHA3-256, ours.
pub fn sha3_256_lwc(m: &[u8]) -> [u8; 32] {
    hash32::<lwc_keccak::Sha3_256>(m)
}

/// SHA3-256, RustCrypto `sha3`.
pub fn sha3_256_rustcrypto(m: &[u8]) -> [u8; 32] {
    hash32::<sha3::Sha3_256>(m)
}

/// SHA3-256, `keccak-asm`.
pub fn sha3_256_keccak_asm(m: &[u8]) -> [u8; 32] {
    asm32!(keccak_asm::Sha3_256, m)
}

/// SHA3-256, XKCP.
pub fn sha3_256_xkcp(m: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    xkcp_rs::sha3_256(m, &mut out);
    out
}

/// SHA3-256, `tiny-keccak`.
pub fn sha3_256_tiny(m: &[u8]) -> [u8; 32] {
    tiny32(tiny_keccak::Sha3::v256(), m)
}

/// Keccak256 (the original padding), ours.
pub fn keccak256_lwc(m: &[u8]) -> [u8; 32] {
    hash32::<lwc_keccak::Keccak256>(m)
}

/// Keccak256, RustCrypto `sha3`.
pub fn keccak256_rustcrypto(m: &[u8]) -> [u8; 32] {
    hash32::<sha3::Keccak256>(m)
}

/// Keccak256, `keccak-asm`.
pub fn keccak256_keccak_asm(m: &[u8]) -> [u8; 32] {
    asm32!(keccak_asm::Keccak256, m)
}

/// Keccak256, XKCP.
pub fn keccak256_xkcp(m: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    xkcp_rs::keccak256(m, &mut out);
    out
}

/// Keccak256 through the digest 0.10 `Digest` trait, `keccak-asm`.
pub fn keccak256_generic_keccak_asm(m: &[u8]) -> [u8; 32] {
    fn generic<D: keccak_asm::Digest>(m: &[u8]) -> [u8; 32] {
        let mut out = [0u8; 32];
        out.copy_from_slice(&D::digest(m));
        out
    }
    generic::<keccak_asm::Keccak256>(m)
}

/// Keccak256, `tiny-keccak`.
pub fn keccak256_tiny(m: &[u8]) -> [u8; 32] {
    tiny32(tiny_keccak::Keccak::v256(), m)
}

/// SHAKE128 (32 bytes of output), ours.
pub fn shake128_lwc(m: &[u8]) -> [u8; 32] {
    xof32::<lwc_keccak::Shake128>(m)
}

/// SHAKE128, RustCrypto `shake`.
pub fn shake128_rustcrypto(m: &[u8]) -> [u8; 32] {
    xof32::<shake::Shake128>(m)
}

/// SHAKE128, XKCP.
///
/// # Panics
/// If XKCP reports an error (it does only for impossible sponge parameters).
pub fn shake128_xkcp(m: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    xkcp_rs::shake128(m, &mut out).expect("XKCP SHAKE128");
    out
}

/// SHAKE128, `tiny-keccak`.
pub fn shake128_tiny(m: &[u8]) -> [u8; 32] {
    tiny32(tiny_keccak::Shake::v128(), m)
}

/// KT128 (empty customization, 32 bytes of output), ours.
pub fn kt128_lwc(m: &[u8]) -> [u8; 32] {
    xof32::<lwc_keccak::Kt128>(m)
}

/// KT128, RustCrypto `k12`.
pub fn kt128_rustcrypto(m: &[u8]) -> [u8; 32] {
    xof32::<k12::Kt128>(m)
}

/// KT128, XKCP (`KT128` of its `KangarooTwelve.h`, through `xkcp-sys`).
///
/// # Panics
/// If XKCP reports an error.
pub fn kt128_xkcp(m: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: `m` is valid for `m.len()` bytes of reads and `out` for 32 bytes of writes; the
    // customization is empty (length 0), so its pointer is never read.
    let r = unsafe {
        xkcp_rs::ffi::KT128(
            m.as_ptr(),
            m.len(),
            out.as_mut_ptr(),
            out.len(),
            core::ptr::null(),
            0,
        )
    };
    assert_eq!(r, 0, "XKCP KT128");
    out
}

/// KT128 (`KangarooTwelve` with an empty customization string), `tiny-keccak`.
pub fn kt128_tiny(m: &[u8]) -> [u8; 32] {
    tiny32(tiny_keccak::KangarooTwelve::new(b""), m)
}

const SHA3_256: &[(&str, Side)] = &[
    ("lwc", sha3_256_lwc),
    ("rustcrypto", sha3_256_rustcrypto),
    ("keccak-asm", sha3_256_keccak_asm),
    ("xkcp", sha3_256_xkcp),
    ("tiny-keccak", sha3_256_tiny),
];

const KECCAK256: &[(&str, Side)] = &[
    ("lwc", keccak256_lwc),
    ("rustcrypto", keccak256_rustcrypto),
    ("keccak-asm", keccak256_keccak_asm),
    ("xkcp", keccak256_xkcp),
    ("tiny-keccak", keccak256_tiny),
];

const KECCAK256_GENERIC: &[(&str, Side)] = &[
    ("lwc", keccak256_lwc),
    ("rustcrypto", keccak256_rustcrypto),
    ("keccak-asm", keccak256_generic_keccak_asm),
];

const SHAKE128: &[(&str, Side)] = &[
    ("lwc", shake128_lwc),
    ("rustcrypto", shake128_rustcrypto),
    ("xkcp", shake128_xkcp),
    ("tiny-keccak", shake128_tiny),
];

const KT128: &[(&str, Side)] = &[
    ("lwc", kt128_lwc),
    ("rustcrypto", kt128_rustcrypto),
    ("xkcp", kt128_xkcp),
    ("tiny-keccak", kt128_tiny),
];

/// The workloads of issue 20's anchor comparison, in the order of the tables.
pub const WORKLOADS: &[Workload] = &[
    Workload {
        id: "sha3_256_32",
        algorithm: "sha3_256",
        label: "SHA3-256",
        len: 32,
        sides: SHA3_256,
    },
    Workload {
        id: "sha3_256_1k",
        algorithm: "sha3_256",
        label: "SHA3-256",
        len: 1 << 10,
        sides: SHA3_256,
    },
    Workload {
        id: "sha3_256_16k",
        algorithm: "sha3_256",
        label: "SHA3-256",
        len: 16 << 10,
        sides: SHA3_256,
    },
    Workload {
        id: "sha3_256_1m",
        algorithm: "sha3_256",
        label: "SHA3-256",
        len: 1 << 20,
        sides: SHA3_256,
    },
    Workload {
        id: "keccak256_32",
        algorithm: "keccak256",
        label: "Keccak256",
        len: 32,
        sides: KECCAK256,
    },
    Workload {
        id: "keccak256_32_generic",
        algorithm: "keccak256_generic",
        label: "Keccak256 through `Digest` (generic code)",
        len: 32,
        sides: KECCAK256_GENERIC,
    },
    Workload {
        id: "shake128_1m",
        algorithm: "shake128",
        label: "SHAKE128 (32-byte output)",
        len: 1 << 20,
        sides: SHAKE128,
    },
    Workload {
        id: "kt128_64k",
        algorithm: "kt128",
        label: "KT128 (32-byte output)",
        len: 64 << 10,
        sides: KT128,
    },
    Workload {
        id: "kt128_1m",
        algorithm: "kt128",
        label: "KT128 (32-byte output)",
        len: 1 << 20,
        sides: KT128,
    },
];

/// Message lengths [`check`] compares the sides on besides the workload's own: empty, around
/// the SHA3-256 / SHAKE128 rates (136, 168) and KT128's 8192-byte chunks.
pub const CHECK_LENS: &[usize] = &[
    0, 1, 31, 135, 136, 137, 167, 168, 169, 1000, 8191, 8192, 8193, 16384, 40000,
];

/// Compares every side of every workload with ours on [`CHECK_LENS`] and the workload's length
/// (messages of [`crate::input`]); the first difference as an error.
///
/// # Errors
/// `"<id>: <implementation> differs from lwc at <len> bytes"`.
pub fn check() -> Result<(), String> {
    for w in WORKLOADS {
        let (_, ours) = w.sides[0];
        for &len in CHECK_LENS.iter().chain([&w.len]) {
            let m = crate::input(len);
            let want = ours(&m);
            for (name, side) in &w.sides[1..] {
                if side(&m) != want {
                    return Err(format!("{}: {name} differs from lwc at {len} bytes", w.id));
                }
            }
        }
    }
    Ok(())
}

/// `keccak-asm`'s build-time choice: the CRYPTOGAMS script it assembled (`keccak1600-x86_64`,
/// `keccak1600-avx512vl`, ...).
#[must_use]
pub fn keccak_asm_impl() -> &'static str {
    keccak_asm::IMPL
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex32(s: &str) -> [u8; 32] {
        let v: Vec<u8> = (0..64)
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect();
        v.try_into().unwrap()
    }

    /// Every side of every workload on a literal computed outside this project.
    #[test]
    fn every_side_matches_the_published_values() {
        // FIPS 202 example SHA3-256("abc"); Keccak-256("") as Ethereum uses it; FIPS 202
        // SHAKE128("") (first 32 bytes); RFC 9861 KT128(M = "", C = "", 32).
        type Case = (&'static [(&'static str, Side)], &'static [u8], &'static str);
        let cases: [Case; 4] = [
            (
                SHA3_256,
                b"abc",
                "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
            ),
            (
                KECCAK256,
                b"",
                "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
            ),
            (
                SHAKE128,
                b"",
                "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
            ),
            (
                KT128,
                b"",
                "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5",
            ),
        ];
        for (sides, m, want) in cases {
            for (name, side) in sides {
                assert_eq!(side(m), hex32(want), "{name}");
            }
        }
    }

    #[test]
    fn every_side_agrees_with_ours() {
        check().unwrap();
    }

    #[test]
    fn every_workload_starts_with_ours_and_names_known_impls() {
        for w in WORKLOADS {
            assert_eq!(w.sides[0].0, "lwc", "{}", w.id);
            for (name, _) in w.sides {
                assert!(IMPLS.contains(name), "{}: {name}", w.id);
            }
        }
    }
}
