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

macro_rules! xof_fn {
    ($name:ident, $ty:ty) => {
        /// XOF128 of a 16-byte input, 4096 bytes of output (the squeeze loop).
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub fn $name(m: &[u8; 16], out: &mut [u8; 4096]) {
            use digest::{ExtendableOutput, Update};
            let mut x = <$ty>::default();
            x.update(m);
            x.finalize_xof_into(out);
        }
    };
}

xof_fn!(lwc_xof128_squeeze_4096, lwc_ascon::AsconXof128);
xof_fn!(rc_xof128_squeeze_4096, ascon_hash::AsconXof128);

/// `callgrind time`: wall-clock nanoseconds per call (minimum over trials), ours and the peer
/// interleaved in the same run so machine load affects both alike.
fn time_mode() {
    use std::time::Instant;
    let lwc = lwc_ascon::AsconAead128::new(&[7u8; 16].into());
    let rc = ascon_aead::AsconAead128::new(&[7u8; 16].into());
    let mut b4k = [0u8; 4096];
    let mut best = [u128::MAX; 6];
    let (mut xo1, mut xo2) = ([0u8; 4096], [0u8; 4096]);
    for _ in 0..200 {
        let fs: [&mut dyn FnMut(); 6] = [
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
            &mut || {
                lwc_xof128_squeeze_4096(black_box(&[2u8; 16]), black_box(&mut xo1));
            },
            &mut || {
                rc_xof128_squeeze_4096(black_box(&[2u8; 16]), black_box(&mut xo2));
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
        "backend {}: aead128 4096 B lwc {} ns, rustcrypto {} ns; hash256 4096 B lwc {} ns, rustcrypto {} ns; xof128 squeeze 4096 B lwc {} ns, rustcrypto {} ns",
        lwc_ascon::hazmat::backend(),
        best[0],
        best[1],
        best[2],
        best[3],
        best[4],
        best[5]
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
        lwc_xof128_squeeze_4096(black_box(&[2u8; 16]), black_box(&mut b4k));
        rc_xof128_squeeze_4096(black_box(&[2u8; 16]), black_box(&mut b4k));
    }
    println!("backend: {}", lwc_ascon::hazmat::backend());
}
