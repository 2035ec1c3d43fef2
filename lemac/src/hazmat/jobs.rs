//! The [`Job`]s LeMac and PetitMac share, written once over a [`Mac`]: [`Absorb`], [`Finalize`]
//! and [`Compute`] (one-shot), each generic over the algorithm's context type
//! ([`LeMacContext`](super::LeMacContext) or [`PetitMacContext`](super::PetitMacContext)).

use super::Word;
use super::backends::{Job, Kernels};

/// One MAC algorithm over the AES-round [`Kernels`], implemented by its key-derived context.
pub(crate) trait Mac {
    /// The chaining state.
    type State;
    /// Absorbs the whole blocks of `data` into `st` (a trailing partial block is ignored).
    fn absorb<K: Kernels>(k: K, st: &mut Self::State, data: &[u8]);
    /// The tag of `st` plus `tail` (shorter than a block) under `nonce`; `st` is unchanged.
    fn finalize<K: Kernels>(k: K, ctx: &Self, st: &Self::State, tail: &[u8], nonce: &Word) -> Word;
    /// The one-shot tag of `job.msg` under `job.nonce` from the keyed initial state (the job by
    /// reference, its fields read where they are used, as a job's `run` reads them: passed as
    /// three arguments, LLVM kept them in registers across the loop and spilled more in it).
    fn compute<K: Kernels>(k: K, job: &Compute<'_, Self>) -> Word
    where
        Self: Sized;
}

/// Absorbs the whole blocks of `data` into `state` (a trailing partial block is ignored).
pub(crate) struct Absorb<'a, M: Mac> {
    pub(crate) state: &'a mut M::State,
    pub(crate) data: &'a [u8],
}

impl<M: Mac> Job for &mut Absorb<'_, M> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) {
        M::absorb(k, self.state, self.data);
    }
}

/// The tag of `state` plus `tail` (shorter than a block) under `nonce`; `state` is unchanged.
pub(crate) struct Finalize<'a, M: Mac> {
    pub(crate) ctx: &'a M,
    pub(crate) state: &'a M::State,
    pub(crate) tail: &'a [u8],
    pub(crate) nonce: &'a Word,
}

impl<M: Mac> Job for &Finalize<'_, M> {
    type Output = Word;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) -> Word {
        M::finalize(k, self.ctx, self.state, self.tail, self.nonce)
    }
}

/// One-shot tag of `msg` under `nonce` from the keyed initial state.
pub(crate) struct Compute<'a, M: Mac> {
    pub(crate) ctx: &'a M,
    pub(crate) nonce: &'a Word,
    pub(crate) msg: &'a [u8],
}

impl<M: Mac> Job for &Compute<'_, M> {
    type Output = Word;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) -> Word {
        M::compute(k, self)
    }
}
