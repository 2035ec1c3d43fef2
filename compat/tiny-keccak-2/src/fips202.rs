//! The run-time-rate sponges of tiny-keccak's `fips202` group — `Keccak`, `Sha3`, `Shake` and
//! `CShake` — each a field of lwc-keccak's [`DynSponge`], which also lets `update` follow a
//! `squeeze`, as tiny-keccak allows.

use lwc_keccak::hazmat::DynSponge;

use crate::Hasher;
#[cfg(any(feature = "shake", feature = "cshake"))]
use crate::Xof;

/// Bytes of rate left by a capacity of twice `bits` (the rule behind every FIPS 202 instance).
const fn rate(bits: usize) -> usize {
    200 - bits / 4
}

#[cfg(any(feature = "keccak", feature = "sha3", feature = "shake"))]
/// A sponge for security level `bits`; the facade only passes 128, 224, 256, 384 and 512, whose
/// rates `DynSponge` always accepts.
fn sponge(bits: usize, domain: u8) -> DynSponge {
    DynSponge::new(rate(bits), domain).expect("a FIPS 202 rate")
}

/// Implements `Hasher` (and, given `xof`, `Xof`) by handing every call to the `state` sponge.
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

/// Original Keccak (the SHA-3 competition's padding, domain byte `0x01`), as Ethereum uses it.
///
/// `finalize` fills the whole output slice, however long: the digest first, then more of the
/// same output stream. Feature `keccak`.
///
/// ```
/// use tiny_keccak::{Hasher, Keccak};
///
/// let mut keccak = Keccak::v256();
/// let mut digest = [0u8; 32];
/// keccak.finalize(&mut digest); // Keccak-256 of the empty message
/// assert_eq!(digest[..4], [0xc5, 0xd2, 0x46, 0x01]);
/// ```
#[cfg(feature = "keccak")]
#[derive(Clone)]
pub struct Keccak {
    state: DynSponge,
}

#[cfg(feature = "keccak")]
impl Keccak {
    /// Keccak-224.
    pub fn v224() -> Keccak {
        Keccak::at_level(224)
    }

    /// Keccak-256.
    pub fn v256() -> Keccak {
        Keccak::at_level(256)
    }

    /// Keccak-384.
    pub fn v384() -> Keccak {
        Keccak::at_level(384)
    }

    /// Keccak-512.
    pub fn v512() -> Keccak {
        Keccak::at_level(512)
    }

    fn at_level(bits: usize) -> Keccak {
        let state = sponge(bits, 0x01);
        Keccak { state }
    }
}

#[cfg(feature = "keccak")]
over_sponge!(Keccak);

/// SHA3-224/256/384/512 of FIPS 202 (domain byte `0x06`).
///
/// `finalize` fills the whole output slice, as [`Keccak`]'s does. Feature `sha3`.
///
/// ```
/// use tiny_keccak::{Hasher, Sha3};
///
/// let mut h = Sha3::v256();
/// h.update(b"ab");
/// h.update(b"c");
/// let mut digest = [0u8; 32];
/// h.finalize(&mut digest);
/// // FIPS 202's SHA3-256 example for "abc".
/// assert_eq!(digest[..8], [0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2]);
/// ```
#[cfg(feature = "sha3")]
#[derive(Clone)]
pub struct Sha3 {
    state: DynSponge,
}

#[cfg(feature = "sha3")]
impl Sha3 {
    /// SHA3-224.
    pub fn v224() -> Sha3 {
        Sha3::at_level(224)
    }

    /// SHA3-256.
    pub fn v256() -> Sha3 {
        Sha3::at_level(256)
    }

    /// SHA3-384.
    pub fn v384() -> Sha3 {
        Sha3::at_level(384)
    }

    /// SHA3-512.
    pub fn v512() -> Sha3 {
        Sha3::at_level(512)
    }

    fn at_level(bits: usize) -> Sha3 {
        let state = sponge(bits, 0x06);
        Sha3 { state }
    }
}

#[cfg(feature = "sha3")]
over_sponge!(Sha3);

/// SHAKE128 and SHAKE256 of FIPS 202 (domain byte `0x1F`).
///
/// Each `squeeze` carries the output stream on. An `update` after a `squeeze` starts absorbing
/// into a fresh block, and the next `squeeze` pads again: tiny-keccak's behaviour, kept by
/// [`DynSponge`]. Feature `shake`.
#[cfg(feature = "shake")]
#[derive(Clone)]
pub struct Shake {
    state: DynSponge,
}

#[cfg(feature = "shake")]
impl Shake {
    /// SHAKE128.
    pub fn v128() -> Shake {
        let state = sponge(128, 0x1f);
        Shake { state }
    }

    /// SHAKE256.
    pub fn v256() -> Shake {
        let state = sponge(256, 0x1f);
        Shake { state }
    }
}

#[cfg(feature = "shake")]
over_sponge!(Shake, xof);

/// cSHAKE128 and cSHAKE256 of SP 800-185, with a function name and a customization string.
///
/// Both strings empty give plain SHAKE. `update` and `squeeze` may alternate as with
/// [`Shake`]. Feature `cshake`.
#[cfg(feature = "cshake")]
#[derive(Clone)]
pub struct CShake {
    state: DynSponge,
}

#[cfg(feature = "cshake")]
impl CShake {
    /// cSHAKE128 with function name `name` and customization `custom_string`.
    pub fn v128(name: &[u8], custom_string: &[u8]) -> CShake {
        CShake::at_level(128, name, custom_string)
    }

    /// cSHAKE256 with function name `name` and customization `custom_string`.
    pub fn v256(name: &[u8], custom_string: &[u8]) -> CShake {
        CShake::at_level(256, name, custom_string)
    }

    fn at_level(bits: usize, name: &[u8], custom_string: &[u8]) -> CShake {
        let state = DynSponge::new_cshake(rate(bits), name, custom_string);
        CShake {
            state: state.expect("a FIPS 202 rate"),
        }
    }
}

#[cfg(feature = "cshake")]
over_sponge!(CShake, xof);
