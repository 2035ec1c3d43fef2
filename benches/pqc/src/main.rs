//! ML-KEM-768 and ML-DSA-65 (RustCrypto's `ml-kem` 0.3.4, `ml-dsa` 0.1.2), and SHAKE128 read 3
//! bytes at a time, on whichever sha3/shake this binary was built with (run.sh builds it twice).
//!
//! `pqc-bench check` prints a fingerprint of every output (keys, ciphertext, shared keys,
//! signature, SHAKE bytes): both builds must print the same. `pqc-bench time BATCHES` prints, per
//! operation, the minimum over BATCHES batches of the time per call, in nanoseconds.

use std::hint::black_box;
use std::time::Instant;

use ml_dsa::signature::Keypair;
use ml_dsa::{MlDsa65, Signature, SigningKey};
use ml_kem::kem::{Decapsulate, KeyExport};
use ml_kem::{DecapsulationKey, MlKem768};
use shake::{ExtendableOutput, Shake128, Update, XofReader};

type Dk = DecapsulationKey<MlKem768>;

fn seed64(i: u8) -> ml_kem::Seed {
    core::array::from_fn(|k| (k as u8).wrapping_mul(29) ^ i).into()
}

fn seed32(i: u8) -> [u8; 32] {
    core::array::from_fn(|k| (k as u8).wrapping_mul(13) ^ i)
}

/// One operation: a call returning bytes that depend on everything it computed.
type Op = Box<dyn Fn() -> Vec<u8>>;

/// The operations, named.
fn ops() -> Vec<(&'static str, Op)> {
    let dk = Dk::from_seed(seed64(1));
    let ek = dk.encapsulation_key().clone();
    let m = seed32(2).into();
    let (ct, _) = ek.encapsulate_deterministic(&m);
    let sk = SigningKey::<MlDsa65>::from_seed(&seed32(3).into());
    let vk = sk.verifying_key();
    let msg = b"lwc-rs pqc bench message".to_vec();
    let sig: Signature<MlDsa65> = sk
        .expanded_key()
        .sign_deterministic(&msg, b"")
        .expect("sign");
    let msg2 = msg.clone();
    vec![
        (
            "ML-KEM-768 key generation",
            Box::new(|| {
                let dk = Dk::from_seed(black_box(seed64(1)));
                dk.encapsulation_key().to_bytes().to_vec()
            }),
        ),
        (
            "ML-KEM-768 encapsulation",
            Box::new(move || {
                let (ct, k) = ek.encapsulate_deterministic(black_box(&m));
                [ct.as_slice(), k.as_slice()].concat()
            }),
        ),
        (
            "ML-KEM-768 decapsulation",
            Box::new(move || dk.decapsulate(black_box(&ct)).to_vec()),
        ),
        (
            "ML-DSA-65 key generation",
            Box::new(|| {
                let sk = SigningKey::<MlDsa65>::from_seed(black_box(&seed32(3).into()));
                sk.verifying_key().encode().to_vec()
            }),
        ),
        (
            "ML-DSA-65 signing",
            Box::new(move || {
                let s = sk
                    .expanded_key()
                    .sign_deterministic(black_box(&msg2), b"")
                    .expect("sign");
                s.encode().to_vec()
            }),
        ),
        (
            "ML-DSA-65 verification",
            Box::new(move || vec![u8::from(vk.verify_with_context(black_box(&msg), b"", &sig))]),
        ),
        (
            "SHAKE128 read 3 bytes at a time (per 168-byte block)",
            Box::new(|| {
                let mut h = Shake128::default();
                h.update(black_box(&seed32(4)));
                let mut r = h.finalize_xof();
                let mut out = vec![0u8; 168];
                for c in out.chunks_mut(3) {
                    r.read(c);
                }
                out
            }),
        ),
    ]
}

fn fingerprint(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x1000_0000_01b3)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ops = ops();
    match args.get(1).map(String::as_str) {
        Some("check") => {
            for (name, f) in &ops {
                println!("{:016x} {name}", fingerprint(&f()));
            }
        }
        Some("time") => {
            let batches: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
            for (name, f) in &ops {
                // Calls per batch: about 2 ms.
                let t = Instant::now();
                black_box(f());
                let per = t.elapsed().as_secs_f64().max(1e-7);
                let n = ((2e-3 / per) as u32).clamp(1, 100_000);
                let mut best = f64::MAX;
                for _ in 0..batches {
                    let t = Instant::now();
                    for _ in 0..n {
                        black_box(f());
                    }
                    best = best.min(t.elapsed().as_secs_f64() / f64::from(n));
                }
                println!("{:.1} {name}", best * 1e9);
            }
        }
        _ => {
            eprintln!("usage: pqc-bench check | time [BATCHES]");
            std::process::exit(2);
        }
    }
}
