#![no_std]
#![doc = include_str!("../README.md")]
#![cfg_attr(feature = "simd", feature(portable_simd))]

use core::{
    fmt::Debug,
    ops::{BitAnd, BitAndAssign, BitXor, BitXorAssign, Not},
};

use lwc_keccak::hazmat;

/// The number of lanes of a Keccak state (5 × 5).
///
/// Private in keccak 0.1.6; public here because that crate's own tests name it.
pub const PLEN: usize = 25;

/// A lane of a Keccak state: the word type whose width picks the permutation (8 bits for
/// Keccak-f\[200\] up to 64 for Keccak-f\[1600\]).
///
/// Implemented for `u8`, `u16`, `u32` and `u64` (Keccak-f\[200\] .. Keccak-f\[1600\]), and with the
/// `simd` feature for `u64x2`, `u64x4`, `u64x8`, each running lwc-keccak's permutation for that
/// width. A lane type of your own keeps working: [`keccak_p`] runs lwc-keccak's generic round
/// ([`lwc_keccak::hazmat::keccak_p_generic`]) on it through the three items below.
pub trait LaneSize:
    Copy
    + Clone
    + Debug
    + Default
    + PartialEq
    + BitAndAssign
    + BitAnd<Output = Self>
    + BitXorAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// Rounds of the full permutation at this width (12 + 2ℓ).
    const KECCAK_F_ROUND_COUNT: usize;

    /// The 64-bit round constant cut to this lane's width (its low bits).
    fn truncate_rc(rc: u64) -> Self;

    /// The lane rotated towards its high bits by `n`.
    fn rotate_left(self, n: u32) -> Self;

    /// Keccak-p with `round_count <= KECCAK_F_ROUND_COUNT` rounds on this lane type: lwc-keccak's
    /// permutation for the built-in lane types, its generic round through this trait's items for
    /// others. Called by [`keccak_p`] after its round-count check; not part of keccak 0.1.
    #[doc(hidden)]
    fn __keccak_p(state: &mut [Self; PLEN], round_count: usize) {
        let mut lanes = state.map(Adapt);
        hazmat::keccak_p_generic(&mut lanes, round_count);
        *state = lanes.map(|a| a.0);
    }
}

/// A [`LaneSize`] seen as an lwc-keccak [`hazmat::Lane`].
#[derive(Clone, Copy)]
struct Adapt<L>(L);

impl<L: LaneSize> BitXor for Adapt<L> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, rhs: Self) -> Self {
        Adapt(self.0 ^ rhs.0)
    }
}

impl<L: LaneSize> BitAnd for Adapt<L> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, rhs: Self) -> Self {
        Adapt(self.0 & rhs.0)
    }
}

impl<L: LaneSize> Not for Adapt<L> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Adapt(!self.0)
    }
}

impl<L: LaneSize> hazmat::Lane for Adapt<L> {
    const ROUNDS: usize = L::KECCAK_F_ROUND_COUNT;

    #[inline(always)]
    fn round_constant(rc: u64) -> Self {
        Adapt(L::truncate_rc(rc))
    }

    #[inline(always)]
    fn rotate_left(self, n: u32) -> Self {
        Adapt(self.0.rotate_left(n))
    }
}

macro_rules! impl_lanesize {
    ($type:ty, $round:expr, $permute:path) => {
        impl LaneSize for $type {
            const KECCAK_F_ROUND_COUNT: usize = $round;

            fn truncate_rc(rc: u64) -> Self {
                // The low bits of the constant, as keccak 0.1's little-endian truncation.
                rc as $type
            }

            fn rotate_left(self, n: u32) -> Self {
                self.rotate_left(n)
            }

            #[inline]
            fn __keccak_p(state: &mut [Self; PLEN], round_count: usize) {
                $permute(state, round_count);
            }
        }
    };
}

impl_lanesize!(u8, 18, hazmat::p200);
impl_lanesize!(u16, 20, hazmat::p400);
impl_lanesize!(u32, 22, hazmat::p800);
impl LaneSize for u64 {
    const KECCAK_F_ROUND_COUNT: usize = 24;

    fn truncate_rc(rc: u64) -> Self {
        rc
    }

    fn rotate_left(self, n: u32) -> Self {
        self.rotate_left(n)
    }

    #[inline]
    fn __keccak_p(state: &mut [Self; PLEN], round_count: usize) {
        hazmat::p1600(state, round_count);
    }
}

/// `pN` (a chosen number of rounds) and `fN` (all of them) for one lane type; `$what` names the
/// permutation in their docs.
macro_rules! p_and_f {
    ($type:ty, $p:ident, $f:ident, $what:literal) => {
        #[doc = concat!("Keccak-p", $what, " with the last `round_count` rounds.")]
        ///
        /// # Panics
        ///
        /// Where `round_count` exceeds the lane type's full round count.
        pub fn $p(state: &mut [$type; PLEN], round_count: usize) {
            keccak_p::<$type>(state, round_count)
        }

        #[doc = concat!("Keccak-f", $what, ": every round.")]
        pub fn $f(state: &mut [$type; PLEN]) {
            $p(state, <$type as LaneSize>::KECCAK_F_ROUND_COUNT)
        }
    };
}

p_and_f!(u8, p200, f200, "\\[200\\]");
p_and_f!(u16, p400, f400, "\\[400\\]");
p_and_f!(u32, p800, f800, "\\[800\\]");

/// Keccak-p\[1600\] with the last `round_count` rounds.
///
/// # Panics
///
/// Where `round_count` exceeds 24.
pub fn p1600(state: &mut [u64; PLEN], round_count: usize) {
    keccak_p(state, round_count);
}

/// Keccak-f\[1600\] permutation (lwc-keccak's, on the backend it chose for this CPU).
pub fn f1600(state: &mut [u64; PLEN]) {
    hazmat::f1600(state);
}

#[cfg(feature = "simd")]
pub mod simd;

/// Keccak-p over any [`LaneSize`]: the last `round_count` rounds of the permutation of that
/// width.
///
/// # Panics
///
/// Where `round_count` exceeds `L::KECCAK_F_ROUND_COUNT`; the message is keccak 0.1's, word for
/// word, as a caller may match on it.
pub fn keccak_p<L: LaneSize>(state: &mut [L; PLEN], round_count: usize) {
    if round_count > L::KECCAK_F_ROUND_COUNT {
        panic!("A round_count greater than KECCAK_F_ROUND_COUNT is not supported!");
    }
    L::__keccak_p(state, round_count);
}

/// Runs a block once for each index `0..5`, with the index bound to `$var`.
///
/// keccak 0.1 exports this helper at its root, so code written against it may call
/// `keccak::unroll5!`. Without the `no_unroll` feature each copy of the block sees `$var` as a
/// `const usize` (the repetition is spelled out at compile time); with it, the block is the body
/// of a `for` loop over `0..5`.
#[cfg(not(feature = "no_unroll"))]
#[macro_export]
macro_rules! unroll5 {
    ($var:ident, $body:block) => {
        $crate::__unroll_each!($var, $body, 0 1 2 3 4)
    };
}

/// Runs a block once for each index `0..5`, with the index bound to `$var` (a `for` loop: the
/// `no_unroll` feature is on).
#[cfg(feature = "no_unroll")]
#[macro_export]
macro_rules! unroll5 {
    ($var:ident, $body:block) => {
        for $var in 0..5 $body
    };
}

/// Runs a block once for each index `0..24`, with the index bound to `$var`: as [`unroll5!`],
/// for the 24 rounds of Keccak-f\[1600\].
#[cfg(not(feature = "no_unroll"))]
#[macro_export]
macro_rules! unroll24 {
    ($var:ident, $body:block) => {
        $crate::__unroll_each!(
            $var, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
        )
    };
}

/// Runs a block once for each index `0..24`, with the index bound to `$var` (a `for` loop: the
/// `no_unroll` feature is on).
#[cfg(feature = "no_unroll")]
#[macro_export]
macro_rules! unroll24 {
    ($var:ident, $body:block) => {
        for $var in 0..24 $body
    };
}

/// The expansion behind [`unroll5!`] and [`unroll24!`]: one scope per listed index, each with
/// `$var` a `const usize` of that value. Not part of keccak 0.1's API.
#[doc(hidden)]
#[macro_export]
macro_rules! __unroll_each {
    ($var:ident, $body:block, $($i:literal)*) => {
        $({
            #[allow(non_upper_case_globals)]
            const $var: usize = $i;
            $body;
        })*
    };
}
