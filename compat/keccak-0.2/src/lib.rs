#![no_std]
#![doc = include_str!("../README.md")]

// The three public modules of keccak 0.2, each also re-exported whole at the root.
pub mod backends;
pub mod consts;
pub mod types;

pub use backends::{Backend, BackendClosure};
pub use consts::{F200_ROUNDS, F400_ROUNDS, F800_ROUNDS, F1600_ROUNDS, PLEN};
pub use types::{Fn200, Fn400, Fn800, Fn1600, State200, State400, State800, State1600};
#[cfg(feature = "parallel")]
pub use types::{ParFn1600, ParState1600};

use backends::{Backend1600, p200, p400, p800};

/// The entry point of keccak 0.2: hands permutation functions to closures. Here every call
/// gets lwc-keccak's code for this CPU.
#[derive(Debug, Copy, Clone, Default)]
pub struct Keccak {}

impl Keccak {
    /// The same value as [`Keccak::default`]; it holds nothing.
    #[inline]
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `f` with this CPU's backend.
    #[inline]
    pub fn with_backend(&self, f: impl BackendClosure) {
        f.call_once::<Backend1600>();
    }

    /// Calls `f` with Keccak-f\[200\].
    #[inline]
    pub fn with_f200(&self, f: impl FnOnce(Fn200)) {
        f(p200::<F200_ROUNDS>);
    }

    /// Calls `f` with Keccak-f\[400\].
    #[inline]
    pub fn with_f400(&self, f: impl FnOnce(Fn400)) {
        f(p400::<F400_ROUNDS>);
    }

    /// Calls `f` with Keccak-f\[800\].
    #[inline]
    pub fn with_f800(&self, f: impl FnOnce(Fn800)) {
        f(p800::<F800_ROUNDS>);
    }

    /// Calls `f` with Keccak-f\[1600\].
    #[inline]
    pub fn with_f1600(&self, f: impl FnOnce(Fn1600)) {
        f(Backend1600::get_f1600());
    }

    /// Calls `f` with Keccak-p\[200, `ROUNDS`\], its last `ROUNDS` rounds.
    ///
    /// # Panics
    /// Never at run time: `ROUNDS` above [`F200_ROUNDS`] fails the build, as in keccak 0.2.
    #[inline]
    pub fn with_p200<const ROUNDS: usize>(&self, f: impl FnOnce(Fn200)) {
        f(p200::<ROUNDS>);
    }

    /// Calls `f` with Keccak-p\[400, `ROUNDS`\].
    ///
    /// # Panics
    /// Never at run time: `ROUNDS` above [`F400_ROUNDS`] fails the build.
    #[inline]
    pub fn with_p400<const ROUNDS: usize>(&self, f: impl FnOnce(Fn400)) {
        f(p400::<ROUNDS>);
    }

    /// Calls `f` with Keccak-p\[800, `ROUNDS`\].
    ///
    /// # Panics
    /// Never at run time: `ROUNDS` above [`F800_ROUNDS`] fails the build.
    #[inline]
    pub fn with_p800<const ROUNDS: usize>(&self, f: impl FnOnce(Fn800)) {
        f(p800::<ROUNDS>);
    }

    /// Calls `f` with Keccak-p\[1600, `ROUNDS`\] of this CPU's backend.
    ///
    /// # Panics
    /// Never at run time: `ROUNDS` above [`F1600_ROUNDS`] fails the build.
    #[inline]
    pub fn with_p1600<const ROUNDS: usize>(&self, f: impl FnOnce(Fn1600)) {
        f(Backend1600::get_p1600::<ROUNDS>());
    }
}
