//! wasm32 timing (issue 23, the `report --wasm` section): lwc-rs against RustCrypto's crates built
//! the same way, in one process, for `wasm32-wasip1` under Node's WASI (`.ci/wasi.mjs`).
//!
//! ```text
//! wasmtiming [ROUNDS]     checks every output, then prints one `row` line per function
//! ```
//!
//! A row times two sides over the same message: ours against the peer, or (Sparkle) our
//! `wasm_simd128` backend against our portable one, both forced with `force_backend` in this
//! binary. Batches of one side and the other alternate, `ROUNDS` of each (21 unless given), each
//! batch about 25 ms of the process's CPU time (WASI's process CPU-time clock, so other load on the
//! machine counts less); the minimum per side is kept. Output line:
//!
//! ```text
//! row <id> <ns/B of side a or -> <ns/B of side b or ->
//! ```
//!
//! (`-`: the side is not in this build, e.g. `wasm_simd128` without `+simd128`). Before any
//! timing, every function's output is compared with the other side's on the same input and, where
//! one exists, with a literal computed outside this project (FIPS 202's SHA3-256("abc"), the
//! NIST LWC KATs of Esch256 and Schwaemm256-128, the LeMac reference KAT of a 4096-byte message);
//! a mismatch prints `FAIL` and exits with status 1.

#![warn(clippy::undocumented_unsafe_blocks)]

use std::hint::black_box;
use std::process::exit;
use std::time::Duration;

use ascon_aead::aead::{AeadInOut, KeyInit};
use lwc_keccak::{Digest, ExtendableOutput, Update, XofReader};

/// Batches of each side, unless given on the command line.
const ROUNDS: u32 = 21;
/// The CPU time one batch should take.
const BATCH: Duration = Duration::from_millis(25);

/// The process's CPU time (WASI's `CLOCKID_PROCESS_CPUTIME_ID`); wall-clock time elsewhere.
#[cfg(target_os = "wasi")]
fn clock() -> Duration {
    #[link(wasm_import_module = "wasi_snapshot_preview1")]
    unsafe extern "C" {
        /// WASI preview 1: the time of clock `id` in nanoseconds; 0 on success.
        fn clock_time_get(id: u32, precision: u64, time: *mut u64) -> u16;
    }
    /// WASI's `CLOCKID_PROCESS_CPUTIME_ID`.
    const PROCESS_CPUTIME: u32 = 2;
    let mut ns = 0u64;
    // SAFETY: the WASI import writes one u64 through the pointer, which points at `ns`.
    let errno = unsafe { clock_time_get(PROCESS_CPUTIME, 1, &mut ns) };
    assert_eq!(errno, 0, "clock_time_get(process CPU time)");
    Duration::from_nanos(ns)
}

/// Wall-clock time since the first call (off wasm: a native run for debugging).
#[cfg(not(target_os = "wasi"))]
fn clock() -> Duration {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// Up to 48 bytes of a function's result (digest, XOF output or tag), zero-padded.
type Out = [u8; 48];

/// One whole operation over the buffer: a hash reads it, an AEAD encrypts it in place.
type Op = fn(&mut [u8]) -> Out;

/// Makes a side current before its batch (forces a backend, or nothing).
type Prepare = fn();

/// `N` bytes from hex (upper or lower case).
fn hex<const N: usize>(s: &str) -> [u8; N] {
    let v: Vec<u8> = (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect();
    v.try_into().expect("hex length")
}

/// `bytes` zero-padded to an [`Out`].
fn out(bytes: &[u8]) -> Out {
    let mut o = [0; 48];
    o[..bytes.len()].copy_from_slice(bytes);
    o
}

/// The byte ramp `00 01 02 ... ff 00 ...` of `len` bytes (the KATs' messages).
fn ramp(len: usize) -> Vec<u8> {
    (0..len).map(|i| i as u8).collect()
}

/// Ends the run on a wrong output.
fn fail(what: &str) -> ! {
    eprintln!("FAIL: {what}");
    exit(1)
}

fn sha3_ours(m: &mut [u8]) -> Out {
    out(&lwc_keccak::Sha3_256::digest(&*m))
}

fn sha3_peer(m: &mut [u8]) -> Out {
    use sha3::Digest as _;
    out(&sha3::Sha3_256::digest(&*m))
}

/// 32 bytes of the XOF `X` over `m`.
fn xof32<X: Default + Update + ExtendableOutput>(m: &[u8]) -> Out {
    let mut h = X::default();
    h.update(m);
    let mut o = [0; 32];
    h.finalize_xof().read(&mut o);
    out(&o)
}

fn kt128_ours(m: &mut [u8]) -> Out {
    xof32::<lwc_keccak::Kt128>(m)
}

fn kt128_peer(m: &mut [u8]) -> Out {
    use k12::digest::{ExtendableOutput as _, Update as _, XofReader as _};
    let mut h = k12::Kt128::default();
    h.update(m);
    let mut o = [0; 32];
    h.finalize_xof().read(&mut o);
    out(&o)
}

fn shake128_ours(m: &mut [u8]) -> Out {
    xof32::<lwc_keccak::Shake128>(m)
}

fn shake128_peer(m: &mut [u8]) -> Out {
    use shake::digest::{ExtendableOutput as _, Update as _, XofReader as _};
    let mut h = shake::Shake128::default();
    h.update(m);
    let mut o = [0; 32];
    h.finalize_xof().read(&mut o);
    out(&o)
}

/// Ascon-AEAD128 key and nonce of the timed calls.
const ASCON_KEY: [u8; 16] = [7; 16];
const ASCON_NONCE: [u8; 16] = [9; 16];

fn aead128_ours(m: &mut [u8]) -> Out {
    let c = lwc_ascon::AsconAead128::new(&ASCON_KEY.into());
    let tag = c
        .encrypt_inout_detached(&ASCON_NONCE.into(), &[], m.into())
        .unwrap_or_else(|_| fail("AsconAead128 encrypt (ours)"));
    out(&tag)
}

fn aead128_peer(m: &mut [u8]) -> Out {
    let c = ascon_aead::AsconAead128::new(&ASCON_KEY.into());
    let tag = c
        .encrypt_inout_detached(&ASCON_NONCE.into(), &[], m.into())
        .unwrap_or_else(|_| fail("AsconAead128 encrypt (ascon-aead)"));
    out(&tag)
}

fn hash256_ours(m: &mut [u8]) -> Out {
    out(&lwc_ascon::AsconHash256::digest(&*m))
}

fn hash256_peer(m: &mut [u8]) -> Out {
    use ascon_hash::digest::Digest as _;
    out(&ascon_hash::AsconHash256::digest(&*m))
}

fn esch256(m: &mut [u8]) -> Out {
    out(&lwc_sparkle::Esch256::digest(&*m))
}

/// Schwaemm256-128 encryption under the KAT's key and nonce (ramps), empty associated data.
fn schwaemm256_128(m: &mut [u8]) -> Out {
    use lwc_sparkle::{AeadInOut as _, KeyInit as _};
    let c = lwc_sparkle::Schwaemm256_128::new(&hex::<16>(&kat_ramp_hex(16)).into());
    let tag = c
        .encrypt_inout_detached(&hex::<32>(&kat_ramp_hex(32)).into(), &[], m.into())
        .unwrap_or_else(|_| fail("Schwaemm256-128 encrypt"));
    out(&tag)
}

/// The hex of the ramp of `n` bytes (the KAT files' keys and nonces).
fn kat_ramp_hex(n: usize) -> String {
    ramp(n).iter().map(|b| format!("{b:02X}")).collect()
}

/// LeMac under the reference KAT's key and nonce (`00 01 ... 0f` both).
fn lemac(m: &mut [u8]) -> Out {
    use lwc_lemac::KeyInit as _;
    let r: [u8; 16] = core::array::from_fn(|i| i as u8);
    let mac = lwc_lemac::LeMac::new(&r.into());
    out(&mac.compute(&r, m))
}

/// Our Sparkle `wasm_simd128` backend, where this build has it.
fn sparkle_simd() -> Option<lwc_sparkle::hazmat::Backend> {
    lwc_sparkle::hazmat::Backend::ALL
        .iter()
        .copied()
        .find(|b| b.name() == "wasm_simd128")
}

fn force_sparkle_simd() {
    let b = sparkle_simd().unwrap_or_else(|| fail("no wasm_simd128 backend"));
    assert!(lwc_sparkle::hazmat::force_backend(b));
}

fn force_sparkle_portable() {
    assert!(lwc_sparkle::hazmat::force_backend(
        lwc_sparkle::hazmat::Backend::Portable
    ));
}

fn nothing() {}

/// One side of a row: how to make it current and the operation.
#[derive(Clone, Copy)]
struct Side {
    prepare: Prepare,
    op: Op,
}

/// A row: id (the report's key), message length, side a, side b.
struct Row {
    id: &'static str,
    len: usize,
    a: Option<Side>,
    b: Option<Side>,
}

/// `(result, buffer afterwards)` of `side` on a fresh ramp of `len` bytes.
fn run_once(side: Side, len: usize) -> (Out, Vec<u8>) {
    let mut m = ramp(len);
    (side.prepare)();
    let o = (side.op)(&mut m);
    (o, m)
}

/// The literal checks, with every backend they concern.
fn check_literals() {
    // FIPS 202, SHA3-256("abc").
    let abc = hex::<32>("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    for (name, f) in [("ours", sha3_ours as Op), ("sha3", sha3_peer)] {
        if f(&mut b"abc".to_vec())[..32] != abc {
            fail(&format!("SHA3-256(\"abc\"), {name}"));
        }
    }
    // NIST LWC KATs: Esch256 Count = 1025 (1024-byte ramp); Schwaemm256-128 Count = 1089
    // (PT and AD the 32-byte ramp, key and nonce ramps).
    let md = hex::<32>("2EFD300525B3A4FE87933334E2C87AFFEFB65B4F59BD72C2AF3F7A69740D0D15");
    let ct = hex::<48>(
        "8494EB28D98E391B6914564625B243F63DA336497427884D4275A6AA088B8BEE\
         F1CFB0892801FDD208A134182E5D50CE",
    );
    for &b in lwc_sparkle::hazmat::Backend::ALL {
        assert!(lwc_sparkle::hazmat::force_backend(b));
        if esch256(&mut ramp(1024))[..32] != md {
            fail(&format!("Esch256 KAT 1025, {}", b.name()));
        }
        use lwc_sparkle::{AeadInOut as _, KeyInit as _};
        let c = lwc_sparkle::Schwaemm256_128::new(&hex::<16>(&kat_ramp_hex(16)).into());
        let mut m = ramp(32);
        let tag = c
            .encrypt_inout_detached(
                &hex::<32>(&kat_ramp_hex(32)).into(),
                &ramp(32),
                (&mut m[..]).into(),
            )
            .unwrap_or_else(|_| fail("Schwaemm256-128 encrypt"));
        if m[..] != ct[..32] || tag[..] != ct[32..] {
            fail(&format!("Schwaemm256-128 KAT 1089, {}", b.name()));
        }
    }
    force_sparkle_portable();
    // LeMac reference KAT (lemac_vectors.txt Count = 303): the 4096-byte ramp, the timed input.
    let tag = hex::<16>("868A157F32AC0CEE42797AC91E8E5A17");
    if lemac(&mut ramp(4096))[..16] != tag {
        fail("LeMac KAT 303 (4096 bytes)");
    }
}

/// The time of one batch of `n` calls of `side` over `m`, per byte, in nanoseconds.
fn batch(side: Side, m: &mut [u8], n: u32) -> f64 {
    (side.prepare)();
    let t = clock();
    for _ in 0..n {
        black_box((side.op)(black_box(&mut *m)));
    }
    let d = clock().saturating_sub(t);
    d.as_secs_f64() * 1e9 / f64::from(n) / m.len() as f64
}

/// Calls of `side` that take about [`BATCH`].
fn calibrate(side: Side, m: &mut [u8]) -> u32 {
    let mut n = 1u32;
    loop {
        let ns = batch(side, m, n);
        let spent = ns * m.len() as f64 * f64::from(n);
        if spent >= BATCH.as_secs_f64() * 1e9 / 4.0 || n >= 1 << 20 {
            let per_call = ns * m.len() as f64;
            return ((BATCH.as_secs_f64() * 1e9 / per_call) as u32).max(1);
        }
        n *= 2;
    }
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .map_or(ROUNDS, |a| a.parse().expect("rounds"));
    let plain = |op: Op| {
        Some(Side {
            prepare: nothing,
            op,
        })
    };
    let simd = sparkle_simd().map(|_| ());
    let rows = [
        Row {
            id: "sha3_256",
            len: 16 << 10,
            a: plain(sha3_ours),
            b: plain(sha3_peer),
        },
        Row {
            id: "kt128",
            len: 1 << 20,
            a: plain(kt128_ours),
            b: plain(kt128_peer),
        },
        Row {
            id: "shake128",
            len: 1 << 20,
            a: plain(shake128_ours),
            b: plain(shake128_peer),
        },
        Row {
            id: "aead128",
            len: 4096,
            a: plain(aead128_ours),
            b: plain(aead128_peer),
        },
        Row {
            id: "hash256",
            len: 4096,
            a: plain(hash256_ours),
            b: plain(hash256_peer),
        },
        Row {
            id: "esch256",
            len: 4096,
            a: simd.map(|()| Side {
                prepare: force_sparkle_simd,
                op: esch256,
            }),
            b: Some(Side {
                prepare: force_sparkle_portable,
                op: esch256,
            }),
        },
        Row {
            id: "schwaemm256_128",
            len: 4096,
            a: simd.map(|()| Side {
                prepare: force_sparkle_simd,
                op: schwaemm256_128,
            }),
            b: Some(Side {
                prepare: force_sparkle_portable,
                op: schwaemm256_128,
            }),
        },
        Row {
            id: "lemac",
            len: 4096,
            a: plain(lemac),
            b: None,
        },
    ];
    check_literals();
    for r in &rows {
        if let (Some(a), Some(b)) = (r.a, r.b) {
            if run_once(a, r.len) != run_once(b, r.len) {
                fail(&format!("{}: the two sides differ", r.id));
            }
        }
    }
    println!(
        "backends keccak {} sparkle {} lemac {} ascon {}",
        lwc_keccak::hazmat::backend().name(),
        sparkle_simd().map_or("portable", |b| b.name()),
        lwc_lemac::hazmat::backend().name(),
        lwc_ascon::hazmat::backend().name(),
    );
    let fmt = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{v:.4}"));
    for r in &rows {
        let mut m = ramp(r.len);
        let first = r.a.or(r.b).unwrap_or_else(|| fail("a row without sides"));
        let n = calibrate(first, &mut m);
        let (mut best_a, mut best_b) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..rounds {
            if let Some(a) = r.a {
                best_a = best_a.min(batch(a, &mut m, n));
            }
            if let Some(b) = r.b {
                best_b = best_b.min(batch(b, &mut m, n));
            }
        }
        println!(
            "row {} {} {}",
            r.id,
            fmt(r.a.map(|_| best_a)),
            fmt(r.b.map(|_| best_b))
        );
    }
}
