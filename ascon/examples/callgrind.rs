//! Instruction counts against RustCrypto under valgrind (deterministic, unlike timings on a busy
//! machine). Each measured call is one `#[inline(never)]`, `#[unsafe(no_mangle)]` function:
//!
//! ```text
//! cargo build --release -p lwc-ascon --example callgrind
//! valgrind --tool=callgrind --toggle-collect=lwc_aead128_4096 target/release/examples/callgrind
//! ```
//! The program runs each function `REPS` times; Ir / (REPS x length) is instructions per byte.

#![allow(missing_docs)] // the measured functions are named for callgrind, not for readers

use aead::{AeadInOut, KeyInit};
use digest::Digest;
use std::hint::black_box;

/// Calls per function.
pub const REPS: usize = 100;

macro_rules! aead_fn {
    ($name:ident, $ty:ty, $n:expr) => {
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub fn $name(c: &$ty, buf: &mut [u8; $n]) -> [u8; 16] {
            c.encrypt_inout_detached(&[9u8; 16].into(), &[], buf.as_mut_slice().into())
                .unwrap()
                .into()
        }
    };
}

macro_rules! hash_fn {
    ($name:ident, $ty:ty, $n:expr) => {
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub fn $name(m: &[u8; $n]) -> [u8; 32] {
            <$ty>::digest(m).into()
        }
    };
}

aead_fn!(lwc_aead128_64, lwc_ascon::AsconAead128, 64);
aead_fn!(lwc_aead128_4096, lwc_ascon::AsconAead128, 4096);
aead_fn!(rc_aead128_64, ascon_aead::AsconAead128, 64);
aead_fn!(rc_aead128_4096, ascon_aead::AsconAead128, 4096);
hash_fn!(lwc_hash256_64, lwc_ascon::AsconHash256, 64);
hash_fn!(lwc_hash256_4096, lwc_ascon::AsconHash256, 4096);
hash_fn!(rc_hash256_64, ascon_hash::AsconHash256, 64);
hash_fn!(rc_hash256_4096, ascon_hash::AsconHash256, 4096);

/// `callgrind time`: wall-clock nanoseconds per call (minimum over trials), ours and the peer
/// interleaved in the same run so machine load affects both alike.
fn time_mode() {
    use std::time::Instant;
    let lwc = lwc_ascon::AsconAead128::new(&[7u8; 16].into());
    let rc = ascon_aead::AsconAead128::new(&[7u8; 16].into());
    let mut b4k = [0u8; 4096];
    let mut best = [u128::MAX; 4];
    for _ in 0..200 {
        let fs: [&mut dyn FnMut(); 4] = [
            &mut || {
                black_box(lwc_aead128_4096(&lwc, black_box(&mut b4k)));
            },
            &mut || {
                black_box(rc_aead128_4096(&rc, black_box(&mut [0u8; 4096])));
            },
            &mut || {
                black_box(lwc_hash256_4096(black_box(&[1u8; 4096])));
            },
            &mut || {
                black_box(rc_hash256_4096(black_box(&[1u8; 4096])));
            },
        ];
        for (i, f) in fs.into_iter().enumerate() {
            let t = Instant::now();
            for _ in 0..10 {
                f();
            }
            best[i] = best[i].min(t.elapsed().as_nanos() / 10);
        }
    }
    println!(
        "backend {}: aead128 4096 B lwc {} ns, rustcrypto {} ns; hash256 4096 B lwc {} ns, rustcrypto {} ns",
        lwc_ascon::hazmat::backend(),
        best[0],
        best[1],
        best[2],
        best[3]
    );
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("time") {
        time_mode();
        return;
    }
    let lwc = lwc_ascon::AsconAead128::new(&[7u8; 16].into());
    let rc = ascon_aead::AsconAead128::new(&[7u8; 16].into());
    let mut b64 = [0u8; 64];
    let mut b4k = [0u8; 4096];
    for _ in 0..REPS {
        black_box(lwc_aead128_64(&lwc, black_box(&mut b64)));
        black_box(lwc_aead128_4096(&lwc, black_box(&mut b4k)));
        black_box(rc_aead128_64(&rc, black_box(&mut b64)));
        black_box(rc_aead128_4096(&rc, black_box(&mut b4k)));
        black_box(lwc_hash256_64(black_box(&b64)));
        black_box(lwc_hash256_4096(black_box(&b4k)));
        black_box(rc_hash256_64(black_box(&b64)));
        black_box(rc_hash256_4096(black_box(&b4k)));
    }
    println!("backend: {}", lwc_ascon::hazmat::backend());
}
