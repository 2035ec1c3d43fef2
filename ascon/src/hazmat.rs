//! The Ascon permutation, public for building other constructions.
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

pub(crate) mod backends;

/// The code path the modes take on this CPU: `"u64"` or `"bi32"` (the word backend chosen at
/// compile time), with `"+bmi"` when the run-time BMI1/BMI2 copy is used, or `"u64+avx512"` when
/// the run-time AVX-512 backend runs the AEAD, hash, XOF and MAC loops (x86_64). [`permute`]
/// itself uses the word backend (with BMI where available).
#[must_use]
pub fn backend() -> &'static str {
    backends::name()
}

/// The Ascon state: five 64-bit words `x0..x4`.
pub type State = [u64; 5];

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
        r => backends::dispatch(|| {
            let mut s = backends::Lanes::from_words(*state);
            s.permute_n(r);
            *state = s.to_words();
        }),
    }
}

/// `p[12]`: the 12-round Ascon permutation (`p^a`).
pub fn permute12(state: &mut State) {
    permute_const::<12>(state);
}

/// `p[8]`: the last 8 rounds (`p^b` of Ascon-128a, Ascon-AEAD128, Ascon-Hasha/Xofa/Maca/Prfa).
pub fn permute8(state: &mut State) {
    permute_const::<8>(state);
}

/// `p[6]`: the last 6 rounds (`p^b` of Ascon-128 and Ascon-80pq).
pub fn permute6(state: &mut State) {
    permute_const::<6>(state);
}

fn permute_const<const R: usize>(state: &mut State) {
    backends::dispatch(|| {
        let mut s = backends::Lanes::from_words(*state);
        s.permute::<R>();
        *state = s.to_words();
    });
}
