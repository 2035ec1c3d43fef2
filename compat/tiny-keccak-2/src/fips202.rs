//! `Keccak`, `Sha3`, `Shake` and `CShake`: lwc-keccak's [`DynSponge`] (rate and domain byte
//! chosen at run time, any output length, absorbing again after squeezing as tiny-keccak does).

use lwc_keccak::hazmat::DynSponge;

use crate::Hasher;
#[cfg(any(feature = "shake", feature = "cshake"))]
use crate::Xof;

/// The rate of a security level of `bits` bits, as tiny-keccak's `bits_to_rate`.
const fn rate(bits: usize) -> usize {
    200 - bits / 4
}

#[cfg(any(feature = "keccak", feature = "sha3", feature = "shake"))]
/// The sponge at the rate of `bits` (128, 224, 256, 384 or 512: always a rate `DynSponge` takes).
fn sponge(bits: usize, ds: u8) -> DynSponge {
    DynSponge::new(rate(bits), ds).expect("a FIPS 202 rate")
}

/// `Hasher` (and with `xof`, `Xof`) forwarding to the `DynSponge` field.
macro_rules! over_sponge {
    ($name:ident) => {
        impl Hasher for $name {
            fn update(&mut self, input: &[u8]) {
                self.state.absorb(input);
            }

            fn finalize(mut self, output: &mut [u8]) {
                self.state.squeeze(output);
            }
        }
    };
    ($name:ident, xof) => {
        over_sponge!($name);

        impl Xof for $name {
            fn squeeze(&mut self, output: &mut [u8]) {
                self.state.squeeze(output);
            }
        }
    };
}

/// The `Keccak` hash functions defined in [`Keccak SHA3 submission`] (padding `0x01`).
///
/// `finalize` writes `output.len()` bytes of the sponge, whatever that length: the digest, then
/// (if longer) the rest of the same output stream.
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["keccak"] }
/// ```
///
/// [`Keccak SHA3 submission`]: https://keccak.team/files/Keccak-submission-3.pdf
#[cfg(feature = "keccak")]
#[derive(Clone)]
pub struct Keccak {
    state: DynSponge,
}

#[cfg(feature = "keccak")]
impl Keccak {
    /// Creates  new [`Keccak`] hasher with a security level of 224 bits.
    pub fn v224() -> Keccak {
        Keccak::new(224)
    }

    /// Creates  new [`Keccak`] hasher with a security level of 256 bits.
    pub fn v256() -> Keccak {
        Keccak::new(256)
    }

    /// Creates  new [`Keccak`] hasher with a security level of 384 bits.
    pub fn v384() -> Keccak {
        Keccak::new(384)
    }

    /// Creates  new [`Keccak`] hasher with a security level of 512 bits.
    pub fn v512() -> Keccak {
        Keccak::new(512)
    }

    fn new(bits: usize) -> Keccak {
        Keccak {
            state: sponge(bits, 0x01),
        }
    }
}

#[cfg(feature = "keccak")]
over_sponge!(Keccak);

/// The `SHA3` hash functions defined in [`FIPS-202`].
///
/// `finalize` writes `output.len()` bytes of the sponge, whatever that length: the digest, then
/// (if longer) the rest of the same output stream.
///
/// [`FIPS-202`]: https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.202.pdf
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["sha3"] }
/// ```
///
/// # Example
///
/// ```
/// # use tiny_keccak::{Hasher, Sha3};
/// #
/// # fn main() {
/// let input = b"hello world";
/// let mut output = [0; 32];
/// let expected = b"\
///     \x64\x4b\xcc\x7e\x56\x43\x73\x04\x09\x99\xaa\xc8\x9e\x76\x22\xf3\
///     \xca\x71\xfb\xa1\xd9\x72\xfd\x94\xa3\x1c\x3b\xfb\xf2\x4e\x39\x38\
/// ";
/// let mut sha3 = Sha3::v256();
/// sha3.update(input);
/// sha3.finalize(&mut output);
/// assert_eq!(expected, &output);
/// # }
/// ```
#[cfg(feature = "sha3")]
#[derive(Clone)]
pub struct Sha3 {
    state: DynSponge,
}

#[cfg(feature = "sha3")]
impl Sha3 {
    /// Creates  new [`Sha3`] hasher with a security level of 224 bits.
    pub fn v224() -> Sha3 {
        Sha3::new(224)
    }

    /// Creates  new [`Sha3`] hasher with a security level of 256 bits.
    pub fn v256() -> Sha3 {
        Sha3::new(256)
    }

    /// Creates  new [`Sha3`] hasher with a security level of 384 bits.
    pub fn v384() -> Sha3 {
        Sha3::new(384)
    }

    /// Creates  new [`Sha3`] hasher with a security level of 512 bits.
    pub fn v512() -> Sha3 {
        Sha3::new(512)
    }

    fn new(bits: usize) -> Sha3 {
        Sha3 {
            state: sponge(bits, 0x06),
        }
    }
}

#[cfg(feature = "sha3")]
over_sponge!(Sha3);

/// The `SHAKE` extendable-output functions defined in [`FIPS-202`].
///
/// `squeeze` continues the output stream; `update` after `squeeze` absorbs into a new block
/// and the next `squeeze` pads again, as in tiny-keccak (see [`DynSponge`]).
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["shake"] }
/// ```
///
/// [`FIPS-202`]: https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.202.pdf
#[cfg(feature = "shake")]
#[derive(Clone)]
pub struct Shake {
    state: DynSponge,
}

#[cfg(feature = "shake")]
impl Shake {
    /// Creates  new [`Shake`] hasher with a security level of 128 bits.
    pub fn v128() -> Shake {
        Shake {
            state: sponge(128, 0x1f),
        }
    }

    /// Creates  new [`Shake`] hasher with a security level of 256 bits.
    pub fn v256() -> Shake {
        Shake {
            state: sponge(256, 0x1f),
        }
    }
}

#[cfg(feature = "shake")]
over_sponge!(Shake, xof);

/// The `cSHAKE` extendable-output functions defined in [`SP800-185`].
///
/// With an empty name and customization string, `SHAKE`. `squeeze` and `update` alternate as
/// in [`Shake`].
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["cshake"] }
/// ```
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "cshake")]
#[derive(Clone)]
pub struct CShake {
    state: DynSponge,
}

#[cfg(feature = "cshake")]
impl CShake {
    /// Creates  new [`CShake`] hasher with a security level of 128 bits.
    pub fn v128(name: &[u8], custom_string: &[u8]) -> CShake {
        CShake::new(name, custom_string, 128)
    }

    /// Creates  new [`CShake`] hasher with a security level of 256 bits.
    pub fn v256(name: &[u8], custom_string: &[u8]) -> CShake {
        CShake::new(name, custom_string, 256)
    }

    fn new(name: &[u8], custom_string: &[u8], bits: usize) -> CShake {
        let state = DynSponge::new_cshake(rate(bits), name, custom_string);
        CShake {
            state: state.expect("a FIPS 202 rate"),
        }
    }
}

#[cfg(feature = "cshake")]
over_sponge!(CShake, xof);
