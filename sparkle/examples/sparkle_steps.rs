//! Time per Sparkle step for every backend this CPU has (the permutations alone), then every
//! algorithm on a 4096-byte message: minimum over many short batches (robust against a noisy
//! machine), backends alternated in rounds so that drifts in load or clock hit them alike.
//!
//! Usage: `cargo run --release -p lwc-sparkle --example sparkle_steps`

use std::time::Instant;

use digest::Update;

use lwc_sparkle::hazmat::{BackendKind, Sparkle256, Sparkle384, Sparkle512, force_backend};
use lwc_sparkle::{
    AeadInOut, Digest, Esch256, Esch384, ExtendableOutput, KeyInit, Schwaemm128_128,
    Schwaemm192_192, Schwaemm256_128, Schwaemm256_256, XoEsch256, XoEsch384, XofReader,
};

/// Minimum time of one call of `f`, in ns, over 30 batches of 20 calls.
fn min_call_ns(f: &mut dyn FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..30 {
        let t = Instant::now();
        for _ in 0..20 {
            f();
        }
        best = best.min(t.elapsed().as_nanos() as f64 / 20.0);
    }
    best
}

fn hash<D: Digest>(msg: &[u8]) -> f64 {
    min_call_ns(&mut || {
        std::hint::black_box(D::digest(std::hint::black_box(msg)));
    })
}

fn xof<X: Default + Update + ExtendableOutput>(msg: &[u8], out: usize) -> f64 {
    let mut buf = vec![0u8; out];
    min_call_ns(&mut || {
        let mut x = X::default();
        x.update(std::hint::black_box(msg));
        x.finalize_xof().read(&mut buf);
        std::hint::black_box(&buf);
    })
}

fn aead<A: KeyInit + AeadInOut>(msg: &[u8]) -> f64 {
    let cipher = A::new(&Default::default());
    let nonce = Default::default();
    let mut buf = msg.to_vec();
    min_call_ns(&mut || {
        let tag =
            cipher.encrypt_inout_detached(&nonce, &[], std::hint::black_box(&mut buf[..]).into());
        std::hint::black_box(tag.ok());
    })
}

/// The algorithms at 4096 bytes: (name, ns per call).
fn algorithms() -> [(&'static str, f64); 8] {
    let msg = vec![0x5Au8; 4096];
    [
        ("Esch256", hash::<Esch256>(&msg)),
        ("Esch384", hash::<Esch384>(&msg)),
        ("XoEsch256 (32 B out)", xof::<XoEsch256>(&msg, 32)),
        ("XoEsch384 (48 B out)", xof::<XoEsch384>(&msg, 48)),
        ("Schwaemm128-128 encrypt", aead::<Schwaemm128_128>(&msg)),
        ("Schwaemm256-128 encrypt", aead::<Schwaemm256_128>(&msg)),
        ("Schwaemm192-192 encrypt", aead::<Schwaemm192_192>(&msg)),
        ("Schwaemm256-256 encrypt", aead::<Schwaemm256_256>(&msg)),
    ]
}

/// Minimum time of one call of `f`, in ns, over 100 batches of 1000 calls.
fn min_ns<const W: usize>(f: fn(&mut [u32; W])) -> f64 {
    let mut s = [1u32; W];
    let mut best = f64::MAX;
    for _ in 0..100 {
        let t = Instant::now();
        for _ in 0..1000 {
            f(std::hint::black_box(&mut s));
        }
        best = best.min(t.elapsed().as_nanos() as f64 / 1000.0);
    }
    std::hint::black_box(s);
    best
}

fn main() {
    let kinds = [
        (BackendKind::Portable, "portable"),
        (BackendKind::Bmi2, "bmi2"),
        (BackendKind::Avx2, "avx2"),
        (BackendKind::Avx512, "avx512"),
    ];
    // ns per step (slim step counts: 7, 7, 8) and ns per 4096-byte call, minimum over all rounds.
    let mut best = [[f64::MAX; 3]; 4];
    let mut algs = [[f64::MAX; 8]; 4];
    let mut names = [""; 8];
    for _round in 0..8 {
        for (i, &(kind, _)) in kinds.iter().enumerate() {
            if !force_backend(kind) {
                continue;
            }
            best[i][0] = best[i][0].min(min_ns::<8>(Sparkle256::slim) / 7.0);
            best[i][1] = best[i][1].min(min_ns::<12>(Sparkle384::slim) / 7.0);
            best[i][2] = best[i][2].min(min_ns::<16>(Sparkle512::slim) / 8.0);
            for (j, (name, ns)) in algorithms().into_iter().enumerate() {
                names[j] = name;
                algs[i][j] = algs[i][j].min(ns);
            }
        }
    }
    println!(
        "ns per step (call included)  Sparkle256  Sparkle384  Sparkle512   speed-up over portable"
    );
    for (i, &(_, name)) in kinds.iter().enumerate() {
        if best[i][0] == f64::MAX {
            println!("{name:10} (not available on this CPU/build)");
            continue;
        }
        println!(
            "{name:10} {:28.2} {:11.2} {:11.2}   {:.2}x {:.2}x {:.2}x",
            best[i][0],
            best[i][1],
            best[i][2],
            best[0][0] / best[i][0],
            best[0][1] / best[i][1],
            best[0][2] / best[i][2],
        );
    }
    println!();
    print!("{:24} {:>9}", "4096 B: MiB/s", kinds[0].1);
    for &(_, name) in &kinds[1..] {
        print!(" {name:>9} {:>6}", "/port.");
    }
    println!();
    for (j, name) in names.iter().enumerate() {
        let mib = |ns: f64| 4096.0 / ns * 1e9 / f64::from(1u32 << 20);
        print!("{name:24} {:9.1}", mib(algs[0][j]));
        for row in &algs[1..] {
            if row[j] == f64::MAX {
                print!(" {:>9} {:>6}", "-", "-");
            } else {
                print!(" {:9.1} {:5.2}x", mib(row[j]), algs[0][j] / row[j]);
            }
        }
        println!();
    }
}
