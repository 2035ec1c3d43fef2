#![doc = include_str!("../README.md")]
#![no_std]
#![warn(missing_docs)]

// Each module and re-export sits behind the feature that gates it in tiny-keccak 2.0.2.

#[cfg(any(
    feature = "cshake",
    feature = "keccak",
    feature = "sha3",
    feature = "shake"
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
    feature = "cshake",
    feature = "keccak",
    feature = "kmac",
    feature = "parallel_hash",
    feature = "sha3",
    feature = "shake",
    feature = "tuple_hash"
))]
pub fn keccakf(a: &mut [u64; 25]) {
    lwc_keccak::hazmat::f1600(a);
}

/// `keccak-p[1600, 12]`: lwc-keccak's [`p1600_12`](lwc_keccak::hazmat::p1600_12).
#[cfg(feature = "k12")]
pub fn keccakp(a: &mut [u64; 25]) {
    lwc_keccak::hazmat::p1600_12(a);
}

/// A hash fed by any number of `update` calls and read once by `finalize`.
///
/// ```
/// use tiny_keccak::Hasher;
///
/// /// Hashes two parts as one message into a 32-byte digest.
/// fn digest_of<H: Hasher>(mut h: H, head: &[u8], rest: &[u8]) -> [u8; 32] {
///     h.update(head);
///     h.update(rest);
///     let mut out = [0u8; 32];
///     h.finalize(&mut out);
///     out
/// }
/// # #[cfg(feature = "sha3")]
/// # assert_eq!(digest_of(tiny_keccak::Sha3::v256(), b"a", b"bc")[..2], [0x3a, 0x98]);
/// ```
pub trait Hasher {
    /// Appends `input` to the message.
    fn update(&mut self, input: &[u8]);

    /// Ends the message and writes `output.len()` bytes of the result.
    fn finalize(self, output: &mut [u8]);
}

/// A [`Hasher`] that can end its message into an output stream ([`Xof`]) instead of one output.
///
/// ```
/// use tiny_keccak::{IntoXof, Xof};
///
/// /// The first 64 bytes of the stream.
/// fn first_64<H: IntoXof>(h: H) -> [u8; 64] {
///     let mut out = [0u8; 64];
///     h.into_xof().squeeze(&mut out);
///     out
/// }
/// ```
pub trait IntoXof {
    /// The stream this type ends into.
    type Xof: Xof;

    /// Ends the message; the stream's bytes follow.
    fn into_xof(self) -> Self::Xof;
}

/// An output stream of any length (an extendable-output function), read in pieces.
///
/// ```
/// use tiny_keccak::Xof;
///
/// /// Reads 48 bytes in two pieces: the same bytes as one read of 48.
/// fn read_48<X: Xof>(stream: &mut X) -> [u8; 48] {
///     let mut out = [0u8; 48];
///     let (a, b) = out.split_at_mut(16);
///     stream.squeeze(a);
///     stream.squeeze(b);
///     out
/// }
/// ```
pub trait Xof {
    /// Writes the next `output.len()` bytes of the stream.
    fn squeeze(&mut self, output: &mut [u8]);
}
