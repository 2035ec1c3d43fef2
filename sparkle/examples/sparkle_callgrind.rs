//! Workload for `benches/sparkle_callgrind.sh`: runs one algorithm `iterations` times on a message of
//! `size` bytes, so that the difference of two callgrind runs gives the instructions per call.
//!
//! Usage: `sparkle_callgrind <esch256|esch384|xoesch256|xoesch384|schwaemm128_128|schwaemm256_128|schwaemm192_192|schwaemm256_256> <size> <iterations> [avx512|avx2|bmi2|portable]`
//! (the optional last argument forces that backend; by default the dispatcher chooses).

use aead::{AeadInOut, KeyInit};
use digest::{Digest, ExtendableOutput, Update, XofReader};
use lwc_sparkle::{
    Esch256, Esch384, Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256,
    XoEsch256, XoEsch384,
};

fn aead<A: KeyInit + AeadInOut>(buf: &mut [u8], iterations: usize) -> u8 {
    let key = aead::Key::<A>::default();
    let cipher = A::new(&key);
    let nonce = aead::Nonce::<A>::default();
    let mut acc = 0;
    for _ in 0..iterations {
        let tag = cipher
            .encrypt_inout_detached(&nonce, &[], buf.into())
            .expect("encrypt");
        acc ^= tag[0];
    }
    acc
}

fn hash<D: Digest>(buf: &[u8], iterations: usize) -> u8 {
    let mut acc = 0;
    for _ in 0..iterations {
        acc ^= D::digest(buf)[0];
    }
    acc
}

fn xof<X: ExtendableOutput + Update + Default>(
    buf: &[u8],
    out_len: usize,
    iterations: usize,
) -> u8 {
    let mut acc = 0;
    let mut out = vec![0u8; out_len];
    for _ in 0..iterations {
        let mut x = X::default();
        x.update(buf);
        x.finalize_xof().read(&mut out);
        acc ^= out[0];
    }
    acc
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 && args.len() != 5 {
        eprintln!(
            "usage: {} <algorithm> <size> <iterations> [avx512|avx2|bmi2|portable]",
            args[0]
        );
        std::process::exit(2);
    }
    if let Some(b) = args.get(4) {
        use lwc_sparkle::hazmat::{BackendKind, force_backend};
        let kind = match b.as_str() {
            "avx512" => BackendKind::Avx512,
            "avx2" => BackendKind::Avx2,
            "bmi2" => BackendKind::Bmi2,
            "portable" => BackendKind::Portable,
            other => {
                eprintln!("unknown backend {other}");
                std::process::exit(2);
            }
        };
        if !force_backend(kind) {
            eprintln!("backend {b} is not available here");
            std::process::exit(3);
        }
    }
    let size: usize = args[2].parse().expect("size");
    let iterations: usize = args[3].parse().expect("iterations");
    let mut buf = vec![0x5Au8; size];
    let acc = match args[1].as_str() {
        "esch256" => hash::<Esch256>(&buf, iterations),
        "esch384" => hash::<Esch384>(&buf, iterations),
        "xoesch256" => xof::<XoEsch256>(&buf, 32, iterations),
        "xoesch384" => xof::<XoEsch384>(&buf, 48, iterations),
        "schwaemm128_128" => aead::<Schwaemm128_128>(&mut buf, iterations),
        "schwaemm256_128" => aead::<Schwaemm256_128>(&mut buf, iterations),
        "schwaemm192_192" => aead::<Schwaemm192_192>(&mut buf, iterations),
        "schwaemm256_256" => aead::<Schwaemm256_256>(&mut buf, iterations),
        other => {
            eprintln!("unknown algorithm {other}");
            std::process::exit(2);
        }
    };
    println!("{acc}");
}
