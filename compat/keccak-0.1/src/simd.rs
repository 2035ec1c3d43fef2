//! Lanes of several Keccak-f\[1600\] states in one portable-SIMD vector (a nightly feature, as
//! in keccak 0.1.6). A `u64xN` state is `N` independent Keccak-f\[1600\]
//! states, lane `j` of each vector belonging to state `j`; they run on lwc-keccak's four-state
//! permutation (`hazmat::f1600_x4`, on SIMD registers where the CPU has them) for 24 and 12
//! rounds, one state after another otherwise.

use crate::{keccak_p, LaneSize, PLEN};
use core::convert::TryFrom;
pub use core::simd::{u64x2, u64x4, u64x8};
use lwc_keccak::hazmat::{self, State1600};

/// Keccak-p\[1600, `rounds`\] on four states.
fn permute4(states: &mut [State1600; 4], rounds: usize) {
    match rounds {
        24 => hazmat::f1600_x4(states),
        12 => hazmat::p1600_12_x4(states),
        _ => states.iter_mut().for_each(|s| hazmat::p1600(s, rounds)),
    }
}

macro_rules! impl_lanesize_simd_u64xn {
    ($type:ident, $n:literal, $permute:expr) => {
        impl LaneSize for $type {
            const KECCAK_F_ROUND_COUNT: usize = 24;

            fn truncate_rc(rc: u64) -> Self {
                Self::splat(rc)
            }

            fn rotate_left(self, n: u32) -> Self {
                Self::from_array(self.to_array().map(|l| l.rotate_left(n)))
            }

            fn __keccak_p(state: &mut [Self; PLEN], round_count: usize) {
                let lanes = state.map(Self::to_array);
                let mut states: [State1600; $n] =
                    core::array::from_fn(|j| core::array::from_fn(|i| lanes[i][j]));
                $permute(&mut states, round_count);
                *state = core::array::from_fn(|i| {
                    Self::from_array(core::array::from_fn(|j| states[j][i]))
                });
            }
        }
    };
}

impl_lanesize_simd_u64xn!(u64x2, 2, |s: &mut [State1600; 2], r| s
    .iter_mut()
    .for_each(|s| hazmat::p1600(s, r)));
impl_lanesize_simd_u64xn!(u64x4, 4, permute4);
impl_lanesize_simd_u64xn!(u64x8, 8, |s: &mut [State1600; 8], r| {
    let (lo, hi) = s.split_at_mut(4);
    for group in [lo, hi] {
        if let Ok(group) = <&mut [State1600; 4]>::try_from(group) {
            permute4(group, r);
        }
    }
});

p_and_f!(u64x2, p1600x2, f1600x2, "\\[1600\\] on two states");
p_and_f!(u64x4, p1600x4, f1600x4, "\\[1600\\] on four states");
p_and_f!(u64x8, p1600x8, f1600x8, "\\[1600\\] on eight states");
