//! The Ascon permutation, public for building other constructions, and the backend query.
//!
//! Hazardous: these are building blocks, not finished constructions. Misusing them (for example
//! reusing a duplex state with the same key and nonce) voids every security claim.
//!
//! The state is five 64-bit words `x0..x4` (SP 800-232 calls them `S0..S4`); `p[n]` applies the
//! last `n` of the 16 round constants, so [`permute12`], [`permute8`] and [`permute6`] are the
//! `p^a`/`p^b` of both Ascon generations.
//!
//! ```
//! use lwc_ascon::hazmat::{State, permute12};
//! let mut s: State = [0x00001000808c0001, 0, 0, 0, 0];
//! permute12(&mut s);
//! assert_ne!(s, [0x00001000808c0001, 0, 0, 0, 0]);
//! ```
//!
//! Two choices make the code path: the word representation, fixed at compile time ([`WORDS`]),
//! and the [`Backend`], chosen at run time ([`backend`]).

pub(crate) mod backends;
pub(crate) mod duplex;
pub(crate) mod sponge;
pub(crate) mod words;

use core::fmt;

use backends::{Job, KernelState, Kernels};

/// A backend the permutation and the modes' loops can run on (the run-time choice; the word
/// representation is the compile-time one, [`crate::hazmat::WORDS`]).
///
/// `--cfg lwc_force_portable` (and Miri) compile out every backend but `Portable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Plain Rust ([`crate::hazmat::WORDS`]), compiled for the build target. Always available.
    Portable,
    /// The same code compiled with BMI1/BMI2 (`andn` in the S-box, `rorx` for the rotations); with
    /// `bi32` words, their conversions use BMI2's `pext`/`pdep`, except on AMD CPUs before Zen 3,
    /// which run those in microcode (x86 and x86_64).
    #[cfg(ascon_x86)]
    X86Bmi,
    /// Each word in an `xmm` register, every S-box term and linear-layer step one `vpternlogq`
    /// (28 instructions per round instead of 37); needs AVX-512F/VL (x86_64, built with Rust 1.89
    /// or later, no `ascon_backend` override).
    #[cfg(ascon_avx512)]
    X86Avx512,
}

impl Backend {
    /// Every backend compiled into this build: `Portable` first, then in ascending order of
    /// preference (the one detection picks first, the fastest, last).
    pub const ALL: &'static [Backend] = &[
        Backend::Portable,
        #[cfg(ascon_x86)]
        Backend::X86Bmi,
        #[cfg(ascon_avx512)]
        Backend::X86Avx512,
    ];

    /// The lower-case name, the same as the backend's file: `"portable"`, `"x86_bmi"`,
    /// `"x86_avx512"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            #[cfg(ascon_x86)]
            Backend::X86Bmi => "x86_bmi",
            #[cfg(ascon_avx512)]
            Backend::X86Avx512 => "x86_avx512",
        }
    }

    /// Whether this CPU can run it (run-time detection, cached; `Portable`: always true).
    #[must_use]
    pub fn is_supported(self) -> bool {
        backends::is_supported(self)
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The Ascon state: five 64-bit words `x0..x4`.
pub type State = [u64; 5];

/// The word representation of this build, fixed at compile time: `"u64"` (five `u64`; the default
/// on 64-bit targets) or `"bi32"` (bit-interleaved: each word as two `u32` holding its even and
/// odd bits, so every 64-bit rotation is two 32-bit rotations; the default on other targets,
/// except riscv32 without Zbb or Zbkb, where rotations are shifts either way, and wasm32, whose
/// integer instructions are 64 bits wide).
/// `--cfg ascon_backend="u64"` or `--cfg ascon_backend="bi32"` picks it on any target (and compiles
/// out the `X86Avx512` backend, so the chosen representation is what runs). It is the form of the
/// state between calls; every [`Backend`] but `X86Avx512` runs it.
pub const WORDS: &str = if cfg!(ascon_bi32) { "bi32" } else { "u64" };

/// The backend every call of this process uses: chosen once, on first use, as the fastest
/// backend this CPU supports (or the one forced with `force_backend`).
#[must_use]
pub fn backend() -> Backend {
    backends::backend()
}

/// Makes every later call of this process use `backend`, if the CPU supports it; returns whether
/// it did. For tests and benchmarks that compare backends in one process (all compute the same
/// function).
#[doc(hidden)]
pub fn force_backend(backend: Backend) -> bool {
    backends::force(backend)
}

/// Applies the last `rounds` rounds of the 12-round Ascon permutation (`p[rounds]`).
///
/// `rounds` 12, 8 and 6 are the ones Ascon uses; any value up to 12 is accepted
/// (0 leaves the state unchanged).
///
/// # Panics
/// If `rounds > 12` (the permutation has only 12 round constants).
pub fn permute(state: &mut State, rounds: usize) {
    assert!(rounds <= 12, "the Ascon permutation has at most 12 rounds");
    match rounds {
        12 => permute12(state),
        8 => permute8(state),
        6 => permute6(state),
        r => backends::dispatch(PermuteN(state, r)),
    }
}

/// `p[12]`: the 12-round Ascon permutation (`p^a`).
pub fn permute12(state: &mut State) {
    backends::dispatch(Permute::<12>(state));
}

/// `p[8]`: the last 8 rounds (`p^b` of Ascon-128a, Ascon-AEAD128, Ascon-Hasha/Xofa/Maca/Prfa).
pub fn permute8(state: &mut State) {
    backends::dispatch(Permute::<8>(state));
}

/// `p[6]`: the last 6 rounds (`p^b` of Ascon-128 and Ascon-80pq).
pub fn permute6(state: &mut State) {
    backends::dispatch(Permute::<6>(state));
}

/// `p[R]` on a state, `R` in {6, 8, 12}.
struct Permute<'a, const R: usize>(&'a mut State);

impl<const R: usize> Job for Permute<'_, R> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        let mut s = kernels.load_words(*self.0);
        s.permute::<R>();
        *self.0 = s.to_words();
    }
}

/// `p[r]` on a state, any `r <= 12`.
struct PermuteN<'a>(&'a mut State, usize);

impl Job for PermuteN<'_> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        let mut s = kernels.load_words(*self.0);
        s.permute_n(self.1);
        *self.0 = s.to_words();
    }
}

/// The initial state `p12(iv, 0, 0, 0, 0)`, computed at compile time.
pub(crate) const fn initial_state(iv: u64) -> State {
    let mut s = [iv, 0, 0, 0, 0];
    backends::permute12_const(&mut s);
    s
}
