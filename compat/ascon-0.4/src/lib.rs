#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use core::mem::size_of;

use lwc_ascon::hazmat;
#[cfg(feature = "zeroize")]
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The word that XORs Ascon's padding bit into a big-endian word after `n` message bytes
/// (`0x80` in byte `n`, counted from the high end).
#[inline(always)]
pub const fn pad(n: usize) -> u64 {
    0x80_u64 << (56 - 8 * n)
}

/// The constant of round `round` of `p[12]` (ascon 0.4.0's private helper, public here only so
/// its unit tests build against this crate unchanged).
#[doc(hidden)]
#[inline(always)]
pub const fn round_constant(round: u64) -> u64 {
    hazmat::ROUND_CONSTANTS[(round as usize + 4) % 16]
}

/// One round with round constant `c` (ascon 0.4.0's private helper, public here only so its unit
/// tests build against this crate unchanged): [`lwc_ascon::hazmat::round`].
#[doc(hidden)]
pub fn round(mut x: [u64; 5], c: u64) -> [u64; 5] {
    hazmat::round(&mut x, c);
    x
}

/// Ascon's 320-bit state as its five 64-bit words `x0` .. `x4`, permuted in place by lwc-ascon.
#[derive(Clone, Debug, Default)]
pub struct State {
    /// The five words (ascon 0.4.0's private field, public here only so its unit tests build
    /// against this crate unchanged).
    #[doc(hidden)]
    pub x: hazmat::State,
}

impl State {
    /// The state with words `x0` .. `x4`.
    pub fn new(x0: u64, x1: u64, x2: u64, x3: u64, x4: u64) -> Self {
        State {
            x: [x0, x1, x2, x3, x4],
        }
    }

    /// Ascon-p\[12\].
    #[inline]
    pub fn permute_12(&mut self) {
        hazmat::permute12(&mut self.x);
    }

    /// Ascon-p\[8\] (the last 8 of the 12 rounds).
    #[inline]
    pub fn permute_8(&mut self) {
        hazmat::permute8(&mut self.x);
    }

    /// Ascon-p\[6\] (the last 6 rounds).
    #[inline]
    pub fn permute_6(&mut self) {
        hazmat::permute6(&mut self.x);
    }

    /// Ascon-p\[1\]: the last round alone.
    #[inline]
    pub fn permute_1(&mut self) {
        hazmat::permute(&mut self.x, 1);
    }

    /// Ascon-p\[`rounds`\], the last `rounds` of the 12 rounds.
    ///
    /// More than 12 is a `debug_assert!` failure in debug builds and leaves the state as it was
    /// in release builds, which is what ascon 0.4.0 does.
    #[inline]
    pub fn permute_n(&mut self, rounds: usize) {
        debug_assert!(rounds <= 12);
        if rounds <= 12 {
            hazmat::permute(&mut self.x, rounds);
        }
    }

    /// The 40 bytes of the state, each word big-endian.
    pub fn as_bytes(&self) -> [u8; 40] {
        let mut bytes = [0u8; size_of::<u64>() * 5];
        for (dst, src) in bytes.chunks_exact_mut(size_of::<u64>()).zip(self.x) {
            dst.copy_from_slice(&src.to_be_bytes());
        }
        bytes
    }

    /// The words of 40 big-endian bytes.
    fn from_be_bytes(value: &[u8; size_of::<u64>() * 5]) -> Self {
        let mut state = Self::default();
        for (src, dst) in value.chunks_exact(size_of::<u64>()).zip(state.x.iter_mut()) {
            let mut word = [0u8; 8];
            word.copy_from_slice(src);
            *dst = u64::from_be_bytes(word);
        }
        state
    }
}

impl core::ops::Index<usize> for State {
    type Output = u64;

    #[inline(always)]
    fn index(&self, index: usize) -> &Self::Output {
        &self.x[index]
    }
}

impl core::ops::IndexMut<usize> for State {
    #[inline(always)]
    fn index_mut(&mut self, index: usize) -> &mut Self::Output {
        &mut self.x[index]
    }
}

impl TryFrom<&[u64]> for State {
    type Error = ();

    fn try_from(value: &[u64]) -> Result<Self, Self::Error> {
        match value {
            [x0, x1, x2, x3, x4] => Ok(Self::new(*x0, *x1, *x2, *x3, *x4)),
            _ => Err(()),
        }
    }
}

impl From<&[u64; 5]> for State {
    fn from(value: &[u64; 5]) -> Self {
        Self { x: *value }
    }
}

impl TryFrom<&[u8]> for State {
    type Error = ();

    fn try_from(value: &[u8]) -> Result<Self, Self::Error> {
        let bytes: &[u8; size_of::<u64>() * 5] = value.try_into().map_err(|_| ())?;
        Ok(Self::from_be_bytes(bytes))
    }
}

impl From<&[u8; size_of::<u64>() * 5]> for State {
    fn from(value: &[u8; size_of::<u64>() * 5]) -> Self {
        Self::from_be_bytes(value)
    }
}

impl AsRef<[u64]> for State {
    fn as_ref(&self) -> &[u64] {
        &self.x
    }
}

#[cfg(feature = "zeroize")]
impl Drop for State {
    fn drop(&mut self) {
        self.x.zeroize();
    }
}

#[cfg(feature = "zeroize")]
impl ZeroizeOnDrop for State {}
