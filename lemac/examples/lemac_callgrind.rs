//! Callgrind driver: `lemac_callgrind <compute|many2|stream|petit> <size> <iterations>` runs the
//! chosen call `iterations` times on a `size`-byte message (key setup done once, before).
//! Ir per byte = (Ir(n) - Ir(0)) / (n * size); see `lemac/callgrind.sh`.

use lwc_lemac::digest::KeyInit;
use lwc_lemac::{LeMac, Mac, PetitMac};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map_or("compute", String::as_str);
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4096);
    let iters: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let msg: Vec<u8> = (0..size).map(|i| i as u8).collect();
    let mac = LeMac::new(&[1; 16].into());
    let petit = PetitMac::new(&[1; 16].into());
    let nonce = [2u8; 16];
    let mut acc = 0u8;
    for _ in 0..iters {
        acc ^= match what {
            "compute" => mac.compute(&nonce, black_box(&msg))[0],
            "many2" => mac.compute_many(&[nonce, nonce], &[black_box(&msg), black_box(&msg)])[1][0],
            "stream" => {
                let mut m = mac.clone();
                m.update(black_box(&msg));
                m.finalize().into_bytes()[0]
            }
            "petit" => petit.compute(&nonce, black_box(&msg))[0],
            _ => panic!("unknown call {what}"),
        };
    }
    println!(
        "{acc} {:?}, compute_many lanes: {}",
        lwc_lemac::hazmat::selected_backend(),
        lwc_lemac::hazmat::compute_many_lanes()
    );
}
