//! The portable permutation for targets whose logical instructions rotate an operand for free
//! (aarch64: `eor x, y, z, ror #k`, `bic x, y, z, ror #k`; the build.rs alias `keccak_lazy_rho`).
//!
//! ρ's rotations are never executed: each lane is held rotated, with its rotation ("frame") known
//! at compile time, and every operation that combines two lanes rotates one operand into the
//! other's frame, which the instruction does for free. Lane `i` of a state in frames `f` stands
//! for `s[i].rotate_left(f[i])`. A round maps frames `f` to frames `f'` (lane `src` moves to π's
//! position `dst` with frame `f[src] + ρ[src]`), so the frames of every round are a constant table
//! ([`FRAMES`], computed at compile time), all rounds are unrolled, and the lanes are rotated into
//! place once, at the end of the permutation. A round is then about 100 instructions (20 + 5 for
//! θ's sums and effects, 25 for θ's XOR, none for ρ, 50 for χ, ι) instead of about 125.

use super::super::super::{RC, State1600};

/// ρ's rotation (left) of lane `x + 5y` (FIPS 202).
const RHO: [u32; 25] = [
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

/// π: the position lane `x + 5y` moves to, `y + 5((2x + 3y) mod 5)`.
const fn pi(src: usize) -> usize {
    let (x, y) = (src % 5, src / 5);
    y + 5 * ((2 * x + 3 * y) % 5)
}

/// `FRAMES[k]`: the frame of every lane after `k` rounds started from unrotated lanes.
const FRAMES: [[u32; 25]; 25] = {
    let mut t = [[0u32; 25]; 25];
    let mut k = 0;
    while k < 24 {
        let mut src = 0;
        while src < 25 {
            t[k + 1][pi(src)] = (t[k][src] + RHO[src]) % 64;
            src += 1;
        }
        k += 1;
    }
    t
};

/// `from - to` mod 64: the rotation (left) that takes a value held in frame `from` into frame `to`.
const fn shift(from: u32, to: u32) -> u32 {
    (from + 64 - to % 64) % 64
}

/// The lane at position `dst` after π came from `SRC[dst]`.
const SRC: [usize; 25] = {
    let mut t = [0usize; 25];
    let mut src = 0;
    while src < 25 {
        t[pi(src)] = src;
        src += 1;
    }
    t
};

/// The rotations of round `K` (after `K` rounds from unrotated lanes), all compile-time constants
/// (associated constants of a const-generic type), so that every rotation in [`round`] is by a
/// constant and folds into the operand of its instruction.
struct Shifts<const K: usize>;

impl<const K: usize> Shifts<K> {
    const F: [u32; 25] = FRAMES[K];
    /// Lane `x + 5y` into the frame of column sum `x` (the frame of lane `x`).
    const COLUMN: [u32; 25] = {
        let mut t = [0u32; 25];
        let mut i = 0;
        while i < 25 {
            t[i] = shift(Self::F[i], Self::F[i % 5]);
            i += 1;
        }
        t
    };
    /// `rol(C[x+1], 1)` into the frame of `D[x]`, that of `C[x-1]`.
    const EFFECT: [u32; 5] = {
        let mut t = [0u32; 5];
        let mut x = 0;
        while x < 5 {
            t[x] = shift(Self::F[(x + 1) % 5] + 1, Self::F[(x + 4) % 5]);
            x += 1;
        }
        t
    };
    /// For the lane at position `dst` after π: `D[x]` of its source lane into that lane's frame.
    const THETA: [u32; 25] = {
        let mut t = [0u32; 25];
        let mut dst = 0;
        while dst < 25 {
            let src = SRC[dst];
            t[dst] = shift(Self::F[(src % 5 + 4) % 5], Self::F[src]);
            dst += 1;
        }
        t
    };
    /// The frame of the lane at position `dst` after θ, ρ and π (= `FRAMES[K + 1][dst]`).
    const B: [u32; 25] = {
        let mut t = [0u32; 25];
        let mut dst = 0;
        while dst < 25 {
            t[dst] = (Self::F[SRC[dst]] + RHO[SRC[dst]]) % 64;
            dst += 1;
        }
        t
    };
    /// χ at `i0`: `b[i1]` into the frame of `b[i2]`, and the AND into the frame of `b[i0]`.
    const CHI: [(u32, u32); 25] = {
        let mut t = [(0u32, 0u32); 25];
        let mut i = 0;
        while i < 25 {
            let (i1, i2) = (i - i % 5 + (i + 1) % 5, i - i % 5 + (i + 2) % 5);
            t[i] = (
                shift(Self::B[i1], Self::B[i2]),
                shift(Self::B[i2], Self::B[i]),
            );
            i += 1;
        }
        t
    };
    /// The round constant into the frame of lane 0.
    const IOTA: u32 = shift(0, Self::B[0]);
}

/// One round on lanes in frames `FRAMES[K]` with round constant `rc`; the result is in frames
/// `FRAMES[K + 1]`. Every index and rotation is a constant (see [`Shifts`]).
#[inline(always)]
fn round<const K: usize>(a: [u64; 25], rc: u64) -> [u64; 25] {
    macro_rules! column {
        ($x:literal) => {
            a[$x]
                ^ a[$x + 5].rotate_left(Shifts::<K>::COLUMN[$x + 5])
                ^ a[$x + 10].rotate_left(Shifts::<K>::COLUMN[$x + 10])
                ^ a[$x + 15].rotate_left(Shifts::<K>::COLUMN[$x + 15])
                ^ a[$x + 20].rotate_left(Shifts::<K>::COLUMN[$x + 20])
        };
    }
    let c = [column!(0), column!(1), column!(2), column!(3), column!(4)];
    macro_rules! effect {
        ($x:literal) => {
            c[($x + 4) % 5] ^ c[($x + 1) % 5].rotate_left(Shifts::<K>::EFFECT[$x])
        };
    }
    let d = [effect!(0), effect!(1), effect!(2), effect!(3), effect!(4)];
    macro_rules! theta_rho_pi {
        ($($dst:literal)*) => {
            [$(a[SRC[$dst]] ^ d[SRC[$dst] % 5].rotate_left(Shifts::<K>::THETA[$dst])),*]
        };
    }
    let b = theta_rho_pi!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24);
    macro_rules! chi {
        ($($i:literal)*) => {
            [$({
                let (i1, i2) = ($i - $i % 5 + ($i + 1) % 5, $i - $i % 5 + ($i + 2) % 5);
                let (s1, s2) = Shifts::<K>::CHI[$i];
                b[$i] ^ (b[i2] & !b[i1].rotate_left(s1)).rotate_left(s2)
            }),*]
        };
    }
    let mut out = chi!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24);
    out[0] ^= rc.rotate_left(Shifts::<K>::IOTA);
    out
}

/// Keccak-p\[1600, R\] for R = 12 or 24 (the last R round constants), all rounds unrolled.
#[inline(always)]
pub(crate) fn keccak_p<const R: usize>(state: &mut State1600) {
    let mut a = *state;
    macro_rules! rounds {
        ($($k:literal)*) => { $( if $k < R { a = round::<$k>(a, RC[24 - R + $k]); } )* };
    }
    rounds!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23);
    let f = &FRAMES[R];
    for (lane, (v, &fv)) in state.iter_mut().zip(a.iter().zip(f)) {
        *lane = v.rotate_left(fv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the straight-line round of the portable backend, from random states, 12 and 24
    /// rounds.
    #[test]
    fn agrees_with_the_plain_rounds() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..8 {
            let s: State1600 = core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            });
            let (mut lazy12, mut lazy24) = (s, s);
            keccak_p::<12>(&mut lazy12);
            keccak_p::<24>(&mut lazy24);
            let (mut plain12, mut plain24) = (s, s);
            for &rc in &RC[12..] {
                plain12 = super::super::round(plain12, rc);
            }
            for &rc in &RC {
                plain24 = super::super::round(plain24, rc);
            }
            assert_eq!(lazy12, plain12);
            assert_eq!(lazy24, plain24);
        }
    }

    /// After 24 rounds the frames are not all zero (the rotations were really deferred).
    #[test]
    fn frames_accumulate() {
        assert_eq!(FRAMES[0], [0; 25]);
        assert_eq!(FRAMES[1][pi(1)], 1);
        assert!(FRAMES[24].iter().any(|&f| f != 0));
    }
}
