#![no_std]
#![doc = include_str!("../README.md")]

pub mod backends;
pub mod consts;
pub mod types;

pub use backends::*;
pub use consts::*;
pub use types::*;

use backends::{Backend1600, p200, p400, p800};

/// Struct which handles switching between available backends.
#[derive(Debug, Copy, Clone, Default)]
pub struct Keccak {}

impl Keccak {
    /// Create new Keccak backend.
    #[inline]
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Execute the provided backend closure with Keccak backend.
    #[inline]
    pub fn with_backend(&self, f: impl BackendClosure) {
        f.call_once::<Backend1600>();
    }

    /// Execute the closure with `f200` function.
    #[inline]
    pub fn with_f200(&self, f: impl FnOnce(Fn200)) {
        self.with_p200::<F200_ROUNDS>(f);
    }

    /// Execute the closure with `f400` function.
    #[inline]
    pub fn with_f400(&self, f: impl FnOnce(Fn400)) {
        self.with_p400::<F400_ROUNDS>(f);
    }

    /// Execute the closure with `f800` function.
    #[inline]
    pub fn with_f800(&self, f: impl FnOnce(Fn800)) {
        self.with_p800::<F800_ROUNDS>(f);
    }

    /// Execute the closure with `f1600` function.
    #[inline]
    pub fn with_f1600(&self, f: impl FnOnce(Fn1600)) {
        self.with_p1600::<F1600_ROUNDS>(f);
    }

    /// Execute the closure with `p200` function with the specified number of rounds.
    ///
    /// # Panics
    /// If `ROUNDS` is bigger than [`F200_ROUNDS`] (at build time, as keccak 0.2).
    #[inline]
    pub fn with_p200<const ROUNDS: usize>(&self, f: impl FnOnce(Fn200)) {
        f(p200::<ROUNDS>);
    }

    /// Execute the closure with `p400` function with the specified number of rounds.
    ///
    /// # Panics
    /// If `ROUNDS` is bigger than [`F400_ROUNDS`] (at build time, as keccak 0.2).
    #[inline]
    pub fn with_p400<const ROUNDS: usize>(&self, f: impl FnOnce(Fn400)) {
        f(p400::<ROUNDS>);
    }

    /// Execute the closure with `p800` function with the specified number of rounds.
    ///
    /// # Panics
    /// If `ROUNDS` is bigger than [`F800_ROUNDS`] (at build time, as keccak 0.2).
    #[inline]
    pub fn with_p800<const ROUNDS: usize>(&self, f: impl FnOnce(Fn800)) {
        f(p800::<ROUNDS>);
    }

    /// Execute the closure with `p1600` function with the specified number of rounds.
    ///
    /// # Panics
    /// If `ROUNDS` is bigger than [`F1600_ROUNDS`] (at build time, as keccak 0.2).
    #[inline]
    pub fn with_p1600<const ROUNDS: usize>(&self, f: impl FnOnce(Fn1600)) {
        struct Closure<const ROUNDS: usize, F: FnOnce(Fn1600)>(F);

        impl<const ROUNDS: usize, F: FnOnce(Fn1600)> BackendClosure for Closure<ROUNDS, F> {
            #[inline(always)]
            fn call_once<B: Backend>(self) {
                (self.0)(B::get_p1600::<ROUNDS>());
            }
        }

        self.with_backend(Closure::<ROUNDS, _>(f));
    }
}
