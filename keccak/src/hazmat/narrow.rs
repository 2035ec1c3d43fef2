//! Keccak-p on lanes of any width: Keccak-f\[200\], \[400\], \[800\] (and \[1600\]) as one
//! generic round over the [`Lane`] type.
//!
//! Plain Rust, no `unsafe`, no table indexed by data: the portable backend's straight-line round
//! (θ, ρ, π, χ, ι; generic over the lane), one round per loop iteration. ρ's offsets are the Keccak-f\[1600\] ones, each taken modulo the lane width by
//! [`Lane::rotate_left`] (FIPS 202: `r[x, y] mod w`); ι XORs the Keccak-f\[1600\] round constant
//! truncated to the lane (its low `w` bits).

use core::ops::{BitAnd, BitXor, Not};

use super::RC;
use super::backends::round;

/// A Keccak lane: the word type of one of the Keccak-p\[b\] permutations (`u8` for b = 200, `u16`
/// for 400, `u32` for 800, `u64` for 1600), or any other type with the same operations (a vector
/// of lanes of several independent states, for instance).
pub trait Lane: Copy + BitXor<Output = Self> + BitAnd<Output = Self> + Not<Output = Self> {
    /// The number of rounds of Keccak-f\[25 w\]: `12 + 2 l` where `w = 2^l` is the lane width
    /// (18, 20, 22, 24 for `u8`, `u16`, `u32`, `u64`). Keccak-p\[25 w, nr\] runs the last `nr` of
    /// them.
    const ROUNDS: usize;

    /// A Keccak-f\[1600\] round constant truncated to this lane (its low `w` bits).
    fn round_constant(rc: u64) -> Self;

    /// Rotation to the left by `n` bits, `n` taken modulo the lane width (ρ passes the
    /// Keccak-f\[1600\] offsets, up to 62).
    #[must_use]
    fn rotate_left(self, n: u32) -> Self;
}

macro_rules! lane {
    ($t:ty, $rounds:literal, $truncate:expr) => {
        impl Lane for $t {
            const ROUNDS: usize = $rounds;

            #[inline(always)]
            fn round_constant(rc: u64) -> Self {
                $truncate(rc)
            }

            #[inline(always)]
            fn rotate_left(self, n: u32) -> Self {
                // The integer rotation: `n` modulo the width.
                <$t>::rotate_left(self, n)
            }
        }
    };
}

// The low bits of the constant: `as` truncates, which is the point here.
lane!(u8, 18, |rc: u64| rc as u8);
lane!(u16, 20, |rc: u64| rc as u16);
lane!(u32, 22, |rc: u64| rc as u32);
lane!(u64, 24, |rc: u64| rc);

/// Keccak-p\[25 w, `rounds`\] on 25 lanes of type `L` (lane `x + 5 y`): the last `rounds` rounds
/// of Keccak-f\[25 w\] (round indices `L::ROUNDS - rounds .. L::ROUNDS`), as FIPS 202 defines
/// Keccak-p. `rounds = 0` leaves the state as it is.
///
/// The concrete functions ([`p200`](super::p200), [`p400`](super::p400),
/// [`p800`](super::p800), [`p1600`](super::p1600)) are this one for `u8`, `u16`, `u32` (and, for
/// `p1600`, the backend's code where there is one); this generic form serves other lane types.
///
/// # Panics
///
/// If `rounds > L::ROUNDS` (Keccak-p with more rounds than Keccak-f would need round constants
/// before the first one; no Keccak construction uses it), or if `L::ROUNDS > 24`.
#[inline]
pub fn keccak_p_generic<L: Lane>(state: &mut [L; 25], rounds: usize) {
    assert!(
        rounds <= L::ROUNDS,
        "Keccak-p: {rounds} rounds requested, Keccak-f of this width has {}",
        L::ROUNDS
    );
    let mut a = *state;
    for &rc in &RC[L::ROUNDS - rounds..L::ROUNDS] {
        a = round(a, L::round_constant(rc));
    }
    *state = a;
}

#[cfg(test)]
mod tests {
    use super::{Lane, keccak_p_generic};

    /// The u64 instance of the generic round is Keccak-f\[1600\] and Keccak-p\[1600, 12\] (the
    /// backend's code; every backend computes the same function).
    #[test]
    fn generic_u64_is_keccak_p1600() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        let start: [u64; 25] = core::array::from_fn(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        });
        let (mut a, mut b) = (start, start);
        keccak_p_generic(&mut a, 24);
        super::super::f1600(&mut b);
        assert_eq!(a, b, "24 rounds");
        let (mut a, mut b) = (start, start);
        keccak_p_generic(&mut a, 12);
        super::super::p1600_12(&mut b);
        assert_eq!(a, b, "12 rounds");
    }

    /// The truncated round constants: the low byte, the low 16 and the low 32 bits.
    #[test]
    fn round_constants_truncate() {
        assert_eq!(u8::round_constant(0x8000_0000_8000_808b), 0x8b);
        assert_eq!(u16::round_constant(0x8000_0000_8000_808b), 0x808b);
        assert_eq!(u32::round_constant(0x8000_0000_8000_808b), 0x8000_808b);
        assert_eq!(
            u64::round_constant(0x8000_0000_8000_808b),
            0x8000_0000_8000_808b
        );
        assert_eq!(Lane::rotate_left(0x81u8, 62), 0x81u8.rotate_left(6));
    }
}
