//! Keccak backend implementations.
//!
//! Here one backend: lwc-keccak's permutations, which pick their own code for the CPU at run time
//! (AVX2/AVX-512, BMI, aarch64 SHA-3 or NEON, portable), so [`Keccak::with_backend`] always
//! calls the closure with it.
//!
//! [`Keccak::with_backend`]: crate::Keccak::with_backend

use crate::consts::F1600_ROUNDS;
use crate::types::*;
#[cfg(feature = "parallel")]
use hybrid_array::ArraySize;
use lwc_keccak::hazmat;

/// Trait used to define a closure which operates over Keccak backends.
pub trait BackendClosure {
    /// Execute closure with the provided backend.
    fn call_once<B: Backend>(self);
}

/// Trait implemented by a Keccak backend.
pub trait Backend {
    /// Parallelism width supported by the backend for [`State1600`].
    #[cfg(feature = "parallel")]
    type ParSize1600: ArraySize;

    /// Get scalar `p1600` function with the specified number of rounds.
    ///
    /// # Panics
    /// If `ROUNDS` is bigger than [`F1600_ROUNDS`].
    #[must_use]
    fn get_p1600<const ROUNDS: usize>() -> Fn1600;

    /// Get parallel `p1600` function with the specified number of rounds.
    ///
    /// # Panics
    /// If `ROUNDS` is bigger than [`F1600_ROUNDS`].
    #[cfg(feature = "parallel")]
    #[inline]
    #[must_use]
    fn get_par_p1600<const ROUNDS: usize>() -> ParFn1600<Self> {
        |par_state| par_state.iter_mut().for_each(Self::get_p1600::<ROUNDS>())
    }

    /// Get scalar `f1600` function.
    #[must_use]
    fn get_f1600() -> Fn1600 {
        Self::get_p1600::<F1600_ROUNDS>()
    }

    /// Get parallel `f1600` function.
    #[cfg(feature = "parallel")]
    #[inline]
    #[must_use]
    fn get_par_f1600() -> ParFn1600<Self> {
        Self::get_par_p1600::<F1600_ROUNDS>()
    }
}

/// Keccak-p\[200, R\] (a build error where `R > 18`, as keccak 0.2's const assertion).
pub(crate) fn p200<const R: usize>(state: &mut State200) {
    const { assert!(R <= crate::F200_ROUNDS) };
    hazmat::p200(state, R);
}

/// Keccak-p\[400, R\] (a build error where `R > 20`).
pub(crate) fn p400<const R: usize>(state: &mut State400) {
    const { assert!(R <= crate::F400_ROUNDS) };
    hazmat::p400(state, R);
}

/// Keccak-p\[800, R\] (a build error where `R > 22`).
pub(crate) fn p800<const R: usize>(state: &mut State800) {
    const { assert!(R <= crate::F800_ROUNDS) };
    hazmat::p800(state, R);
}

/// Keccak-p\[1600, R\] for R other than 24 and 12 (a build error where `R > 24`).
fn p1600<const R: usize>(state: &mut State1600) {
    const { assert!(R <= F1600_ROUNDS) };
    hazmat::p1600(state, R);
}

/// lwc-keccak's permutations as a keccak 0.2 backend: Keccak-f\[1600\] and Keccak-p\[1600, 12\]
/// are lwc-keccak's dispatched `hazmat::f1600` / `hazmat::p1600_12` (and `f1600_x4` /
/// `p1600_12_x4` for four states at once), other round counts its portable rounds.
#[derive(Debug)]
pub(crate) struct Backend1600;

impl Backend for Backend1600 {
    /// Four states: lwc-keccak's four-state permutation (SIMD registers where the CPU has them,
    /// one state after another elsewhere).
    #[cfg(feature = "parallel")]
    type ParSize1600 = hybrid_array::typenum::U4;

    #[inline]
    fn get_p1600<const ROUNDS: usize>() -> Fn1600 {
        match ROUNDS {
            24 => hazmat::f1600,
            12 => hazmat::p1600_12,
            _ => p1600::<ROUNDS>,
        }
    }

    #[cfg(feature = "parallel")]
    #[inline]
    fn get_par_p1600<const ROUNDS: usize>() -> ParFn1600<Self> {
        match ROUNDS {
            24 => |hybrid_array::Array(states)| hazmat::f1600_x4(states),
            12 => |hybrid_array::Array(states)| hazmat::p1600_12_x4(states),
            _ => |hybrid_array::Array(states)| states.iter_mut().for_each(p1600::<ROUNDS>),
        }
    }
}
