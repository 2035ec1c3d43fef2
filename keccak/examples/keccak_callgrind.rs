//! Instruction-count harness (not part of the API): each measured call sits in its own
//! `#[inline(never)]` `#[no_mangle]` function so that `valgrind --tool=callgrind
//! --toggle-collect=<name>` counts exactly one whole hash (new + update + finalize).
//!
//! `cargo build --release --example keccak_callgrind -p lwc-keccak`, then e.g.
//! `valgrind --tool=callgrind --toggle-collect=lwc_sha3_256 --callgrind-out-file=/dev/null
//! target/release/examples/keccak_callgrind lwc_sha3_256 16384`.

#![allow(missing_docs)] // generated measured functions

use std::hint::black_box;

use digest::{Digest, ExtendableOutput, Update, XofReader};

fn xof32<X: Default + Update + ExtendableOutput>(m: &[u8]) -> [u8; 32] {
    let mut x = X::default();
    x.update(m);
    let mut out = [0u8; 32];
    x.finalize_xof().read(&mut out);
    out
}

/// 100 Keccak-f\[1600\] calls on the named single-state backend (zeros if it is unavailable).
fn x1(m: &[u8], name: &str) -> [u8; 32] {
    let mut st = [0u64; 25];
    st[0] = m.len() as u64;
    for _ in 0..100 {
        if !lwc_keccak::hazmat::x1_backend_for_tests(name, &mut st, 24) {
            break;
        }
    }
    let mut out = [0u8; 32];
    for (o, l) in out.chunks_mut(8).zip(st) {
        o.copy_from_slice(&l.to_le_bytes());
    }
    out
}

macro_rules! measured {
    ($($name:ident => $body:expr;)*) => {
        $(
            /// One measured call (see the file docs).
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub fn $name(m: &[u8], out: &mut [u8; 32]) {
                *out = $body(m);
            }
        )*
        fn dispatch(name: &str, m: &[u8], out: &mut [u8; 32]) {
            match name {
                $(stringify!($name) => $name(m, out),)*
                _ => panic!("unknown function {name}"),
            }
        }
    };
}

measured! {
    lwc_sha3_256 => |m: &[u8]| lwc_keccak::Sha3_256::digest(m).into();
    peer_sha3_256 => |m: &[u8]| sha3::Sha3_256::digest(m).into();
    lwc_keccak256 => |m: &[u8]| lwc_keccak::Keccak256::digest(m).into();
    peer_keccak256 => |m: &[u8]| sha3::Keccak256::digest(m).into();
    lwc_kt128 => |m: &[u8]| xof32::<lwc_keccak::Kt128>(m);
    peer_kt128 => |m: &[u8]| xof32::<k12::Kt128>(m);
    lwc_turboshake128 => |m: &[u8]| xof32::<lwc_keccak::TurboShake128>(m);
    lwc_batch4_sha3_256 => |m: &[u8]| {
        let q = m.len() / 4;
        let msgs = [&m[..q], &m[q..2 * q], &m[2 * q..3 * q], &m[3 * q..4 * q]];
        let mut outs = [[0u8; 32]; 4];
        lwc_keccak::batch::sha3_256(&msgs, &mut outs).unwrap();
        outs[3]
    };
    x1_avx512_f1600x100 => |m: &[u8]| x1(m, "x86_avx512");
    x1_bmi_f1600x100 => |m: &[u8]| x1(m, "x86_bmi");
    lwc_single4_sha3_256 => |m: &[u8]| {
        let q = m.len() / 4;
        let mut last = [0u8; 32];
        for k in 0..4 {
            last = lwc_keccak::Sha3_256::digest(&m[k * q..(k + 1) * q]).into();
        }
        last
    };
}

/// `time LEN F1 F2 ...`: interleaved wall-clock timing on a busy machine. Each round runs every
/// function for a short batch of calls in turn; the minimum per-call time over all rounds is
/// reported (the least-disturbed batch), so background load from other processes mostly drops out.
fn time(len: usize, names: &[String]) {
    use std::time::Instant;
    let m: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let mut out = [0u8; 32];
    // Calibrate the batch size to about 200 µs of the first function.
    let mut batch = 1usize;
    loop {
        let t = Instant::now();
        for _ in 0..batch {
            dispatch(&names[0], black_box(&m), &mut out);
        }
        if t.elapsed().as_micros() >= 200 || batch >= 1 << 20 {
            break;
        }
        batch *= 2;
    }
    let mut best = vec![f64::INFINITY; names.len()];
    for _ in 0..400 {
        for (b, name) in best.iter_mut().zip(names) {
            let t = Instant::now();
            for _ in 0..batch {
                dispatch(name, black_box(&m), &mut out);
            }
            *b = b.min(t.elapsed().as_nanos() as f64 / batch as f64);
        }
    }
    for (b, name) in best.iter().zip(names) {
        println!(
            "{name:>24} {len:>8} B  {b:>12.1} ns  ratio vs first {:.2}",
            b / best[0]
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "lwc_sha3_256".into());
    if name == "time" {
        let len: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(16384);
        let names: Vec<String> = args.collect();
        time(len, &names);
        return;
    }
    let len: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(16384);
    let m: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let mut out = [0u8; 32];
    dispatch(&name, black_box(&m), &mut out);
    println!(
        "{}",
        out.iter().map(|b| format!("{b:02x}")).collect::<String>()
    );
}
