//! Names for the states and for the permutation function pointers.

/// Keccak-f\[200\]'s state: 25 lanes of 8 bits.
pub type State200 = lwc_keccak::hazmat::State200;
/// Keccak-f\[400\]'s state: 25 lanes of 16 bits.
pub type State400 = lwc_keccak::hazmat::State400;
/// Keccak-f\[800\]'s state: 25 lanes of 32 bits.
pub type State800 = lwc_keccak::hazmat::State800;
/// Keccak-f\[1600\]'s state: 25 lanes of 64 bits.
pub type State1600 = lwc_keccak::hazmat::State1600;

/// A permutation of a [`State200`] in place.
pub type Fn200 = fn(&mut State200);
/// A permutation of a [`State400`] in place.
pub type Fn400 = fn(&mut State400);
/// A permutation of a [`State800`] in place.
pub type Fn800 = fn(&mut State800);
/// A permutation of a [`State1600`] in place.
pub type Fn1600 = fn(&mut State1600);

/// As many 1600-bit states as backend `B` permutes in one call (`B::ParSize1600`).
#[cfg(feature = "parallel")]
pub type ParState1600<B> = hybrid_array::Array<State1600, <B as crate::Backend>::ParSize1600>;
/// A permutation of every state of a [`ParState1600`] in place.
#[cfg(feature = "parallel")]
pub type ParFn1600<B> = fn(&mut ParState1600<B>);
