#![doc = include_str!("../README.md")]
#![no_std]
#![warn(missing_docs)]

// The items and their features, as in tiny-keccak 2.0.2's lib.rs.

#[cfg(any(
    feature = "keccak",
    feature = "shake",
    feature = "sha3",
    feature = "cshake"
))]
mod fips202;
#[cfg(feature = "k12")]
mod k12;
#[cfg(any(feature = "kmac", feature = "tuple_hash", feature = "parallel_hash"))]
mod sp800;

#[cfg(feature = "cshake")]
pub use fips202::CShake;
#[cfg(feature = "keccak")]
pub use fips202::Keccak;
#[cfg(feature = "sha3")]
pub use fips202::Sha3;
#[cfg(feature = "shake")]
pub use fips202::Shake;
#[cfg(feature = "k12")]
pub use k12::{KangarooTwelve, KangarooTwelveXof};
#[cfg(feature = "kmac")]
pub use sp800::{Kmac, KmacXof};
#[cfg(feature = "parallel_hash")]
pub use sp800::{ParallelHash, ParallelHashXof};
#[cfg(feature = "tuple_hash")]
pub use sp800::{TupleHash, TupleHashXof};

/// `keccak-f[1600, 24]`: lwc-keccak's [`f1600`](lwc_keccak::hazmat::f1600).
#[cfg(any(
    feature = "keccak",
    feature = "shake",
    feature = "sha3",
    feature = "cshake",
    feature = "kmac",
    feature = "tuple_hash",
    feature = "parallel_hash"
))]
pub fn keccakf(a: &mut [u64; 25]) {
    lwc_keccak::hazmat::f1600(a);
}

/// `keccak-p[1600, 12]`: lwc-keccak's [`p1600_12`](lwc_keccak::hazmat::p1600_12).
#[cfg(feature = "k12")]
pub fn keccakp(a: &mut [u64; 25]) {
    lwc_keccak::hazmat::p1600_12(a);
}

/// A trait for hashing an arbitrary stream of bytes.
///
/// # Example
///
/// ```
/// # use tiny_keccak::Hasher;
/// #
/// # fn foo<H: Hasher>(mut hasher: H) {
/// let input_a = b"hello world";
/// let input_b = b"!";
/// let mut output = [0u8; 32];
/// hasher.update(input_a);
/// hasher.update(input_b);
/// hasher.finalize(&mut output);
/// # }
/// ```
pub trait Hasher {
    /// Absorb additional input. Can be called multiple times.
    fn update(&mut self, input: &[u8]);

    /// Pad and squeeze the state to the output.
    fn finalize(self, output: &mut [u8]);
}

/// A trait used to convert [`Hasher`] into it's [`Xof`] counterpart.
///
/// # Example
///
/// ```
/// # use tiny_keccak::IntoXof;
/// #
/// # fn foo<H: IntoXof>(hasher: H) {
/// let xof = hasher.into_xof();
/// # }
/// ```
pub trait IntoXof {
    /// A type implementing [`Xof`], eXtendable-output function interface.
    type Xof: Xof;

    /// A method used to convert type into [`Xof`].
    fn into_xof(self) -> Self::Xof;
}

/// Extendable-output function (`XOF`) is a function on bit strings in which the output can be
/// extended to any desired length.
///
/// # Example
///
/// ```
/// # use tiny_keccak::Xof;
/// #
/// # fn foo<X: Xof>(mut xof: X) {
/// let mut output = [0u8; 64];
/// xof.squeeze(&mut output[0..32]);
/// xof.squeeze(&mut output[32..]);
/// # }
/// ```
pub trait Xof {
    /// A method used to retrieve another part of hash function output.
    fn squeeze(&mut self, output: &mut [u8]);
}
