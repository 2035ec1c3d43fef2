//! The jobs [`dispatch`](super::dispatch) runs: the [`Job`] trait and the absorb loops as jobs
//! (the permutation jobs, `Permute*`, are beside the permutation functions in `hazmat`).

use super::super::State1600;
use super::Kernels;

/// One whole operation generic over the backend, run by [`dispatch`](super::dispatch) (its `run`
/// is inlined into the backend's `#[target_feature]` entry point, so the whole of it is compiled
/// for that backend).
pub(crate) trait Job {
    /// What the job returns.
    type Output;
    /// Runs the job with `kernels`.
    fn run<K: Kernels>(self, kernels: K) -> Self::Output;
}

/// The absorb loop ([`Kernels::absorb`]) as a job for [`dispatch`](super::dispatch).
pub(crate) struct Absorb<'a, const ROUNDS: usize> {
    pub(crate) state: &'a mut State1600,
    pub(crate) blocks: &'a [u8],
    pub(crate) rate: usize,
}

impl<const ROUNDS: usize> Job for Absorb<'_, ROUNDS> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.absorb::<ROUNDS>(self.state, self.blocks, self.rate);
    }
}

/// The four-state absorb loop ([`Kernels::absorb_x4`]) as a job for [`dispatch`](super::dispatch).
#[cfg(keccak_many_msgs)]
pub(crate) struct AbsorbX4<'a, const ROUNDS: usize> {
    pub(crate) states: &'a mut [State1600; 4],
    pub(crate) msgs: [&'a [u8]; 4],
    pub(crate) rate: usize,
}

#[cfg(keccak_many_msgs)]
impl<const ROUNDS: usize> Job for AbsorbX4<'_, ROUNDS> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.absorb_x4::<ROUNDS>(self.states, self.msgs, self.rate);
    }
}

/// The eight-state absorb loop ([`Kernels::absorb_x8`]) as a job for [`dispatch`](super::dispatch).
#[cfg(keccak_many_msgs)]
pub(crate) struct AbsorbX8<'a, const ROUNDS: usize> {
    pub(crate) states: &'a mut [State1600; 8],
    pub(crate) msgs: [&'a [u8]; 8],
    pub(crate) rate: usize,
}

#[cfg(keccak_many_msgs)]
impl<const ROUNDS: usize> Job for AbsorbX8<'_, ROUNDS> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.absorb_x8::<ROUNDS>(self.states, self.msgs, self.rate);
    }
}

/// One whole hash ([`Kernels::digest`]) as a job for [`dispatch`](super::dispatch).
#[cfg(feature = "batch")]
pub(crate) struct Digest<'a, const ROUNDS: usize> {
    pub(crate) data: &'a [u8],
    pub(crate) rate: usize,
    pub(crate) ds: u8,
    pub(crate) out: &'a mut [u8],
}

#[cfg(feature = "batch")]
impl<const ROUNDS: usize> Job for Digest<'_, ROUNDS> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        kernels.digest::<ROUNDS>(self.data, self.rate, self.ds, self.out);
    }
}

/// The end of a fixed-output hash ([`Kernels::finish`]) as a job for
/// [`dispatch`](super::dispatch). The rate is `RATE` and the output `N` bytes where the caller
/// knows them at compile time (the job is then compiled for them), else (0) the field `rate` and
/// the length of `out`.
pub(crate) struct Finish<'a, const ROUNDS: usize, const RATE: usize, const N: usize> {
    pub(crate) state: &'a mut State1600,
    pub(crate) pos: usize,
    pub(crate) rate: usize,
    pub(crate) ds: u8,
    pub(crate) out: &'a mut [u8],
}

impl<const ROUNDS: usize, const RATE: usize, const N: usize> Job for Finish<'_, ROUNDS, RATE, N> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        let rate = if RATE == 0 { self.rate } else { RATE };
        match <&mut [u8; N]>::try_from(&mut *self.out) {
            Ok(out) if N != 0 => kernels.finish::<ROUNDS>(self.state, self.pos, rate, self.ds, out),
            _ => kernels.finish::<ROUNDS>(self.state, self.pos, rate, self.ds, self.out),
        }
    }
}
