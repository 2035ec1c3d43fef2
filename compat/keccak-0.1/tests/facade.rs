//! The facade's own checks beyond keccak 0.1.6's suite (which peer_suites.py runs): a `LaneSize`
//! implemented outside the crate, the round-count panic, the Keccak-p round counts, and the
//! exported `unroll5!` / `unroll24!` helpers.

use core::ops::{BitAnd, BitAndAssign, BitXor, BitXorAssign, Not};
use keccak::{keccak_p, LaneSize, PLEN};

/// A lane type of a user's: 32-bit lanes in a newtype.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct My32(u32);

impl BitAnd for My32 {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        My32(self.0 & rhs.0)
    }
}
impl BitAndAssign for My32 {
    fn bitand_assign(&mut self, rhs: Self) {
        self.0 &= rhs.0;
    }
}
impl BitXor for My32 {
    type Output = Self;
    fn bitxor(self, rhs: Self) -> Self {
        My32(self.0 ^ rhs.0)
    }
}
impl BitXorAssign for My32 {
    fn bitxor_assign(&mut self, rhs: Self) {
        self.0 ^= rhs.0;
    }
}
impl Not for My32 {
    type Output = Self;
    fn not(self) -> Self {
        My32(!self.0)
    }
}
impl LaneSize for My32 {
    const KECCAK_F_ROUND_COUNT: usize = 22;
    fn truncate_rc(rc: u64) -> Self {
        My32(rc as u32)
    }
    fn rotate_left(self, n: u32) -> Self {
        My32(self.0.rotate_left(n))
    }
}

/// Lanes 0 and 24 of Keccak-f[800] on the zero state (XKCP KeccakF-800-IntermediateValues.txt).
const F800_ZERO: (u32, u32) = (0xE531D45D, 0x11EFE996);

#[test]
fn lane_type_of_a_user_runs_the_generic_round() {
    let mut mine = [My32::default(); PLEN];
    keccak_p(&mut mine, 22);
    assert_eq!((mine[0].0, mine[24].0), F800_ZERO);
    for rounds in 0..=22 {
        let mut mine = [My32(0x0123_4567); PLEN];
        let mut ours = [0x0123_4567u32; PLEN];
        keccak_p(&mut mine, rounds);
        keccak::p800(&mut ours, rounds);
        assert_eq!(mine.map(|l| l.0), ours, "{rounds} rounds");
    }
}

#[test]
#[should_panic(expected = "A round_count greater than KECCAK_F_ROUND_COUNT is not supported!")]
fn more_rounds_than_keccak_f_panics_as_keccak_0_1() {
    keccak::p200(&mut [0; PLEN], 19);
}

#[test]
#[should_panic(expected = "A round_count greater than KECCAK_F_ROUND_COUNT is not supported!")]
fn more_rounds_than_keccak_f_panics_as_keccak_0_1_for_a_user_lane() {
    keccak_p(&mut [My32(0); PLEN], 23);
}

#[test]
fn round_counts() {
    let start: [u64; PLEN] =
        core::array::from_fn(|i| (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (mut a, mut b) = (start, start);
    keccak::p1600(&mut a, 24);
    keccak::f1600(&mut b);
    assert_eq!(a, b);
    let mut a = start;
    keccak::p1600(&mut a, 0);
    assert_eq!(a, start);
    let (mut a, mut b) = (start, start);
    keccak::p1600(&mut a, 12);
    p1600_12_as_a_user_lane(&mut b);
    assert_eq!(a, b);
}

/// Keccak-p[1600, 12] as the last 12 rounds through the generic path (u64 as a user lane would).
fn p1600_12_as_a_user_lane(state: &mut [u64; PLEN]) {
    let mut lanes = state.map(My64);
    keccak_p(&mut lanes, 12);
    *state = lanes.map(|l| l.0);
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct My64(u64);
impl BitAnd for My64 {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        My64(self.0 & rhs.0)
    }
}
impl BitAndAssign for My64 {
    fn bitand_assign(&mut self, rhs: Self) {
        self.0 &= rhs.0;
    }
}
impl BitXor for My64 {
    type Output = Self;
    fn bitxor(self, rhs: Self) -> Self {
        My64(self.0 ^ rhs.0)
    }
}
impl BitXorAssign for My64 {
    fn bitxor_assign(&mut self, rhs: Self) {
        self.0 ^= rhs.0;
    }
}
impl Not for My64 {
    type Output = Self;
    fn not(self) -> Self {
        My64(!self.0)
    }
}
impl LaneSize for My64 {
    const KECCAK_F_ROUND_COUNT: usize = 24;
    fn truncate_rc(rc: u64) -> Self {
        My64(rc)
    }
    fn rotate_left(self, n: u32) -> Self {
        My64(self.0.rotate_left(n))
    }
}

/// keccak 0.1's exported `unroll5!` / `unroll24!`: the block runs once per index, in order.
#[test]
fn unroll_macros_visit_each_index() {
    let mut seen = [0usize; 24];
    let mut n = 0;
    keccak::unroll24!(i, {
        seen[n] = i;
        n += 1;
    });
    assert_eq!(n, 24);
    assert!(seen.iter().enumerate().all(|(k, &i)| k == i));

    let mut sum = 0;
    keccak::unroll5!(x, {
        keccak::unroll5!(y, {
            sum += 5 * y + x;
        });
    });
    assert_eq!(sum, (0..25).sum::<usize>());
}
