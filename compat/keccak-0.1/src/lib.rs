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

/// Keccak is a permutation over an array of lanes which comprise the sponge
/// construction.
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
    /// Number of rounds of the Keccak-f permutation.
    const KECCAK_F_ROUND_COUNT: usize;

    /// Truncate function.
    fn truncate_rc(rc: u64) -> Self;

    /// Rotate left function.
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

macro_rules! impl_keccak {
    ($pname:ident, $fname:ident, $type:ty) => {
        /// Keccak-p sponge function
        ///
        /// # Panics
        ///
        /// If `round_count` is greater than the Keccak-f round count of the lane type.
        pub fn $pname(state: &mut [$type; PLEN], round_count: usize) {
            keccak_p(state, round_count);
        }

        /// Keccak-f sponge function
        pub fn $fname(state: &mut [$type; PLEN]) {
            keccak_p(state, <$type>::KECCAK_F_ROUND_COUNT);
        }
    };
}

impl_keccak!(p200, f200, u8);
impl_keccak!(p400, f400, u16);
impl_keccak!(p800, f800, u32);

/// Keccak-p\[1600, rc\] permutation.
///
/// # Panics
///
/// If `round_count` is greater than 24.
pub fn p1600(state: &mut [u64; PLEN], round_count: usize) {
    keccak_p(state, round_count);
}

/// Keccak-f\[1600\] permutation (lwc-keccak's, on the backend it chose for this CPU).
pub fn f1600(state: &mut [u64; PLEN]) {
    hazmat::f1600(state);
}

#[cfg(feature = "simd")]
pub mod simd;

/// Generic Keccak-p sponge function
///
/// # Panics
///
/// If `round_count` is greater than `L::KECCAK_F_ROUND_COUNT`, with keccak 0.1's message.
pub fn keccak_p<L: LaneSize>(state: &mut [L; PLEN], round_count: usize) {
    if round_count > L::KECCAK_F_ROUND_COUNT {
        panic!("A round_count greater than KECCAK_F_ROUND_COUNT is not supported!");
    }
    L::__keccak_p(state, round_count);
}
