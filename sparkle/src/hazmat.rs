//! The raw Sparkle permutations, and the backends they run on.
//!
//! **Hazardous**: these are building blocks, not finished constructions. Use [`crate::Esch256`],
//! [`crate::XoEsch256`] or [`crate::Schwaemm256_128`] (and siblings) unless you are building a new
//! mode on top of Sparkle.
//!
//! The state is an array of 32-bit words `x0, y0, x1, y1, ...` (branch `i` is the word pair
//! `(2i, 2i + 1)`); byte strings map to it in little-endian order. Each permutation comes with the
//! two step counts of the specification (`slim`, `big`) and a run-time step count (`permute`).
//!
//! ```
//! use lwc_sparkle::hazmat::Sparkle256;
//!
//! let mut state = [0u32; 8];
//! Sparkle256::slim(&mut state);
//! assert_eq!(state[0], 0x55ce325e);
//! ```
//!
//! # Backends
//!
//! Every permutation call of a process (and the modes' block loops) runs on one [`Backend`],
//! chosen on first use as the fastest one this CPU supports ([`backend`] says which). The cfgs
//! `--cfg sparkle_backend="portable"` and `--cfg lwc_force_portable` (and Miri) compile only the
//! portable backend.

pub(crate) mod backends;
pub(crate) mod duplex;
pub(crate) mod sponge;
pub(crate) mod words;

use digest::array::ArraySize;
use digest::consts::{U16, U24, U32, U48, U64};
use digest::typenum::Unsigned;

pub use backends::Backend;
use backends::{Permute, dispatch};

/// The backend every call of this process uses: chosen once, on first use, as the fastest
/// backend this CPU supports (or the one forced with `force_backend`).
#[must_use]
pub fn backend() -> Backend {
    backends::chosen()
}

/// Makes every later call of this process use `backend`, if the CPU supports it; returns whether
/// it did. For tests and benchmarks that compare backends in one process (all compute the same
/// function).
#[doc(hidden)]
pub fn force_backend(backend: Backend) -> bool {
    backends::force(backend)
}

/// The sealed supertrait of the construction parameter traits ([`EschPermutation`],
/// [`SchwaemmPermutation`]): implemented for the three permutations only.
pub(crate) mod sealed {
    /// Implemented for [`Sparkle256`](super::Sparkle256), [`Sparkle384`](super::Sparkle384) and
    /// [`Sparkle512`](super::Sparkle512) only.
    pub trait Sealed {}
}

/// A permutation Esch and XOEsch are defined on: [`Sparkle384`] (Esch256, XOEsch256) and
/// [`Sparkle512`] (Esch384, XOEsch384). The parameter of the generic cores
/// [`EschCore`](crate::block_api::EschCore), [`XoEschCore`](crate::block_api::XoEschCore) and
/// [`XoEschReaderCore`](crate::block_api::XoEschReaderCore); sealed.
pub trait EschPermutation: sealed::Sealed + 'static {
    /// Esch's digest size on this permutation: 32 bytes (Esch256), 48 bytes (Esch384).
    type DigestSize: ArraySize;
    /// The size of a serialized Esch or XOEsch core: the whole state, little-endian words (48 or
    /// 64 bytes).
    type StateSize: ArraySize;
    /// The sponge: the state and the operations of Esch and XOEsch on it.
    #[doc(hidden)]
    type Sponge: sponge::EschSponge;
    /// The name of Esch on this permutation.
    #[doc(hidden)]
    const ESCH: &'static str;
    /// The name of XOEsch on this permutation.
    #[doc(hidden)]
    const XOESCH: &'static str;
}

/// Esch and XOEsch on the permutation `$p`: the sponge takes the word and step counts from `$p`.
macro_rules! esch {
    ($p:ident, $digest:ident, $state:ident, $esch:literal, $xoesch:literal) => {
        impl EschPermutation for $p {
            type DigestSize = $digest;
            type StateSize = $state;
            type Sponge = sponge::Sponge<{ $p::WORDS }, { $p::SLIM_STEPS }, { $p::BIG_STEPS }>;
            const ESCH: &'static str = $esch;
            const XOESCH: &'static str = $xoesch;
        }
    };
}

esch!(Sparkle384, U32, U48, "Esch256", "XOEsch256");
esch!(Sparkle512, U48, U64, "Esch384", "XOEsch384");

/// A permutation and rate (in bytes, also the nonce size) Schwaemm is defined with:
/// [`Sparkle256`] with 16 (Schwaemm128-128), [`Sparkle384`] with 32 (Schwaemm256-128) and 24
/// (Schwaemm192-192), [`Sparkle512`] with 32 (Schwaemm256-256). The parameters of the generic
/// [`Schwaemm`](crate::aead::Schwaemm); sealed.
pub trait SchwaemmPermutation<Rate: ArraySize>: sealed::Sealed + 'static {
    /// The capacity in bytes: the key and tag size.
    type Capacity: ArraySize;
    /// The duplex: the key words and the whole computation of a tag.
    #[doc(hidden)]
    type Duplex: duplex::SchwaemmDuplex;
    /// The instance's name, as the type alias spells it (`Schwaemm256_128`).
    #[doc(hidden)]
    const NAME: &'static str;
}

/// Schwaemm on the permutation `$p` with a `$rate`-byte rate and a `$cap`-byte capacity: the
/// duplex takes the word and step counts from `$p`, its rate and capacity words from the sizes.
macro_rules! schwaemm {
    ($p:ident, $rate:ident, $cap:ident, $name:literal) => {
        impl SchwaemmPermutation<$rate> for $p {
            type Capacity = $cap;
            type Duplex = duplex::Duplex<
                { $p::WORDS },
                { $rate::USIZE / 4 },
                { $cap::USIZE / 4 },
                { $p::SLIM_STEPS },
                { $p::BIG_STEPS },
            >;
            const NAME: &'static str = $name;
        }
    };
}

schwaemm!(Sparkle256, U16, U16, "Schwaemm128_128");
schwaemm!(Sparkle384, U32, U16, "Schwaemm256_128");
schwaemm!(Sparkle384, U24, U24, "Schwaemm192_192");
schwaemm!(Sparkle512, U32, U32, "Schwaemm256_256");

macro_rules! permutation {
    ($(#[$doc:meta])* $name:ident, $words:literal, $slim:literal, $big:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;

        impl $name {
            /// Number of 32-bit state words.
            pub const WORDS: usize = $words;
            /// Number of branches (word pairs).
            pub const BRANCHES: usize = $words / 2;
            /// Step count of the slim permutation.
            pub const SLIM_STEPS: usize = $slim;
            /// Step count of the big permutation.
            pub const BIG_STEPS: usize = $big;

            /// The slim permutation (the specification's smaller step count).
            #[inline]
            pub fn slim(state: &mut [u32; $words]) {
                dispatch(Permute::<$words, $slim>(state));
            }

            /// The big permutation (the specification's larger step count).
            #[inline]
            pub fn big(state: &mut [u32; $words]) {
                dispatch(Permute::<$words, $big>(state));
            }

            /// The permutation with `steps` steps (portable code; step `s` uses constant `C[s mod 8]`).
            pub fn permute(state: &mut [u32; $words], steps: usize) {
                backends::sparkle_steps(state, steps);
            }
        }

        impl sealed::Sealed for $name {}
    };
}

permutation!(
    /// Sparkle256: 4 branches (8 words, 256 bits), 7 slim / 10 big steps (Schwaemm128-128).
    Sparkle256, 8, 7, 10
);
permutation!(
    /// Sparkle384: 6 branches (12 words, 384 bits), 7 slim / 11 big steps (Esch256, XOEsch256,
    /// Schwaemm256-128, Schwaemm192-192).
    Sparkle384, 12, 7, 11
);
permutation!(
    /// Sparkle512: 8 branches (16 words, 512 bits), 8 slim / 12 big steps (Esch384, XOEsch384,
    /// Schwaemm256-256).
    Sparkle512, 16, 8, 12
);
