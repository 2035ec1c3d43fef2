//! The `simd` feature (nightly, as in keccak 0.1.6): `f1600xN` / `p1600xN` permute each vector
//! lane's state as `f1600` / `p1600` does. Run with `cargo +nightly test --features simd`.
#![cfg_attr(feature = "simd", feature(portable_simd))]
#![cfg(feature = "simd")]

use keccak::simd::{u64x2, u64x4, u64x8};
use keccak::PLEN;

fn states<const N: usize>() -> [[u64; PLEN]; N] {
    core::array::from_fn(|j| {
        core::array::from_fn(|i| (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ j as u64)
    })
}

macro_rules! check {
    ($name:ident, $t:ident, $n:literal, $f:ident, $p:ident) => {
        #[test]
        fn $name() {
            let st = states::<$n>();
            for rounds in [24usize, 12, 7, 0] {
                let mut v: [$t; PLEN] =
                    core::array::from_fn(|i| $t::from_array(core::array::from_fn(|j| st[j][i])));
                if rounds == 24 {
                    keccak::simd::$f(&mut v);
                } else {
                    keccak::simd::$p(&mut v, rounds);
                }
                for j in 0..$n {
                    let mut s = st[j];
                    keccak::p1600(&mut s, rounds);
                    let got: [u64; PLEN] = core::array::from_fn(|i| v[i].to_array()[j]);
                    assert_eq!(got, s, "state {j}, {rounds} rounds");
                }
            }
        }
    };
}

check!(x2, u64x2, 2, f1600x2, p1600x2);
check!(x4, u64x4, 4, f1600x4, p1600x4);
check!(x8, u64x8, 8, f1600x8, p1600x8);
