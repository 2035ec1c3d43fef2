//! The backend interface of keccak 0.2 and its one implementation here.
//!
//! lwc-keccak chooses its own code for the CPU when a permutation runs (AVX2, AVX-512, BMI,
//! aarch64 SHA-3 or NEON, portable), so a single backend stands for all of them and
//! [`Keccak::with_backend`] always hands the closure that one.
//!
//! [`Keccak::with_backend`]: crate::Keccak::with_backend

#[cfg(feature = "parallel")]
use hybrid_array::ArraySize;
use lwc_keccak::hazmat;

use crate::consts::F1600_ROUNDS;
#[cfg(feature = "parallel")]
use crate::types::ParFn1600;
use crate::types::{Fn1600, State200, State400, State800, State1600};

/// Code generic over a [`Backend`], run by [`Keccak::with_backend`](crate::Keccak::with_backend)
/// with the backend chosen for this CPU.
pub trait BackendClosure {
    /// Runs the code with backend `B`.
    fn call_once<B: Backend>(self);
}

/// What a Keccak backend offers: 1600-bit permutations, one state or several at a time.
pub trait Backend {
    /// How many 1600-bit states one parallel call permutes.
    #[cfg(feature = "parallel")]
    type ParSize1600: ArraySize;

    /// Keccak-p\[1600, `ROUNDS`\] on one state.
    ///
    /// # Panics
    /// Where `ROUNDS` exceeds [`F1600_ROUNDS`].
    #[must_use]
    fn get_p1600<const ROUNDS: usize>() -> Fn1600;

    /// Keccak-p\[1600, `ROUNDS`\] on [`Self::ParSize1600`] states; unless a backend has better,
    /// the one-state function applied to each.
    ///
    /// # Panics
    /// Where `ROUNDS` exceeds [`F1600_ROUNDS`].
    #[cfg(feature = "parallel")]
    #[inline]
    #[must_use]
    fn get_par_p1600<const ROUNDS: usize>() -> ParFn1600<Self> {
        |states| {
            for state in states.iter_mut() {
                Self::get_p1600::<ROUNDS>()(state);
            }
        }
    }

    /// Keccak-f\[1600\] (all 24 rounds) on one state.
    #[must_use]
    fn get_f1600() -> Fn1600 {
        Self::get_p1600::<F1600_ROUNDS>()
    }

    /// Keccak-f\[1600\] on [`Self::ParSize1600`] states.
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
