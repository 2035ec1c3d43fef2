//! Portable Keccak-p[1600]: fully unrolled rounds, the state held in locals.
//!
//! Each round is an `#[inline(always)]` function from 25 lanes to 25 lanes; after inlining, the
//! compiler keeps the lanes in registers/stack slots and renames them between rounds (no copies).
//! χ is written `a ^ (!b & c)` so that targets with an and-not instruction (BMI1 `andn`, ARM `bic`)
//! use it.

use super::super::{RC, State1600};

/// ρ rotation offsets, by lane index `x + 5 * y`.
const RHO: [u32; 25] = [
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

/// π destination of lane `x + 5 * y`: lane `y + 5 * ((2x + 3y) mod 5)`.
const PI: [usize; 25] = {
    let mut t = [0usize; 25];
    let mut i = 0;
    while i < 25 {
        let (x, y) = (i % 5, i / 5);
        t[i] = y + 5 * ((2 * x + 3 * y) % 5);
        i += 1;
    }
    t
};

/// One Keccak round on lanes held by value.
#[inline(always)]
pub(crate) fn round(a: [u64; 25], rc: u64) -> [u64; 25] {
    let mut c = [0u64; 5];
    for x in 0..5 {
        c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    }
    let mut d = [0u64; 5];
    for x in 0..5 {
        d[x] = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
    }
    let mut b = [0u64; 25];
    for i in 0..25 {
        b[PI[i]] = (a[i] ^ d[i % 5]).rotate_left(RHO[i]);
    }
    let mut e = [0u64; 25];
    for y in 0..5 {
        for x in 0..5 {
            e[x + 5 * y] = b[x + 5 * y] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        }
    }
    e[0] ^= rc;
    e
}

macro_rules! unrolled {
    ($a:ident; $($i:literal)*) => { $( $a = round($a, RC[$i]); )* };
}

/// Keccak-p[1600, R] for R = 12 or 24 (the last R round constants), fully unrolled.
#[inline(always)]
pub(crate) fn keccak_p<const R: usize>(state: &mut State1600) {
    let mut a = *state;
    if R == 24 {
        unrolled!(a; 0 1 2 3 4 5 6 7 8 9 10 11);
    }
    unrolled!(a; 12 13 14 15 16 17 18 19 20 21 22 23);
    *state = a;
}
