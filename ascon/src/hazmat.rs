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

pub use backends::Backend;
use backends::{Job, KernelState, Kernels};

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
    backends::chosen()
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

/// The 16 round constants of the Ascon permutation, in order: `p[n]` uses the last `n` (so
/// `p[12]` starts at index 4, `p[8]` at 8, `p[6]` at 10). Each is added to `x2` at the start of
/// its round.
pub const ROUND_CONSTANTS: [u64; 16] = words::RC;

/// One round of the Ascon permutation with the round constant `constant` (any value, not only one
/// of [`ROUND_CONSTANTS`]): the constant added to `x2`, then the substitution and linear layers.
///
/// `round(s, ROUND_CONSTANTS[15])` is [`permute`]`(s, 1)`; the rounds with
/// `ROUND_CONSTANTS[16 - n..]` in turn are `p[n]`. For code that mirrors an API with a round
/// function (RustCrypto's `ascon` crate); [`permute`] is faster for whole permutations.
///
/// ```
/// use lwc_ascon::hazmat::{ROUND_CONSTANTS, permute, round};
/// let mut a = [1, 2, 3, 4, 5];
/// let mut b = a;
/// for &c in &ROUND_CONSTANTS[10..] {
///     round(&mut a, c);
/// }
/// permute(&mut b, 6);
/// assert_eq!(a, b);
/// ```
pub fn round(state: &mut State, constant: u64) {
    // `p[1]` adds the last constant to x2 first: replace it with `constant`.
    state[2] ^= constant ^ ROUND_CONSTANTS[15];
    permute(state, 1);
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

#[cfg(test)]
mod tests {
    use super::{ROUND_CONSTANTS, State, permute, permute6, permute8, permute12, round};

    /// One round with a constant that is not a round constant: RustCrypto/sponges
    /// `ascon/src/lib.rs` (ascon 0.4.0), test `one_round`.
    #[test]
    fn one_round_any_constant() {
        let mut s: State = [
            0x0123456789abcdef,
            0x23456789abcdef01,
            0x456789abcdef0123,
            0x6789abcdef012345,
            0x89abcde01234567f,
        ];
        round(&mut s, 0x1f);
        let want = [
            0x3c1748c9be2892ce,
            0x5eafb305cd26164f,
            0xf9470254bb3a4213,
            0xf0428daf0c5d3948,
            0x281375af0b294899,
        ];
        assert_eq!(s, want);
    }

    /// The constants are those of SP 800-232 Table 5 (`c_i = 0x3c, 0x2d, ... 0x4b`), and rounds
    /// with the last `n` of them in turn are `p[n]`.
    #[test]
    fn rounds_compose_to_permutations() {
        assert_eq!(
            ROUND_CONSTANTS,
            [
                0x3c, 0x2d, 0x1e, 0x0f, 0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69,
                0x5a, 0x4b
            ]
        );
        let start: State = [
            0x0123456789abcdef,
            0xef0123456789abcd,
            0xcdef0123456789ab,
            0xabcdef0123456789,
            0x89abcdef01234567,
        ];
        let whole: [fn(&mut State); 3] = [permute12, permute8, permute6];
        for (n, p) in [12, 8, 6].into_iter().zip(whole) {
            let (mut a, mut b) = (start, start);
            for &c in &ROUND_CONSTANTS[16 - n..] {
                round(&mut a, c);
            }
            p(&mut b);
            assert_eq!(a, b, "p[{n}]");
        }
        for n in 0..=12 {
            let (mut a, mut b) = (start, start);
            for &c in &ROUND_CONSTANTS[16 - n..] {
                round(&mut a, c);
            }
            permute(&mut b, n);
            assert_eq!(a, b, "permute(s, {n})");
        }
    }
}
