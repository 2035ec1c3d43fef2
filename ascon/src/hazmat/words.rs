//! Word helpers beside the state type: the two generations' byte orders (as types), the round
//! constants, and the bit-interleaving conversions of the `bi32` word representation.
//!
//! The bottom layer: it imports nothing of the crate, and the backends, the engine and the modes
//! build on it.

/// The byte order of a generation: how 8 bytes become a state word, and where the padding and
/// domain-separation bits sit. [`Le`] (SP 800-232 and the v1.3 MAC family) or [`Be`] (v1.2).
pub(crate) trait ByteOrder: 'static {
    /// Whether this is [`Le`] (whose words are the bytes as a little-endian CPU loads them; read
    /// only by the riscv32 block access).
    #[cfg_attr(not(ascon_riscv32), allow(dead_code))]
    const LITTLE: bool;
    /// The padding byte appended after the data (`0x01` little endian, `0x80` big endian).
    const PAD_BYTE: u8;
    /// The domain-separation bit XORed into `x4` (`1 << 63` in SP 800-232, `1` in v1.2).
    const DOMAIN_BIT: u64;

    /// 8 bytes as a word.
    fn from_bytes(b: [u8; 8]) -> u64;
    /// The word's 8 bytes.
    fn to_bytes(w: u64) -> [u8; 8];
    /// The padding byte at byte `i` (< 8) of a word.
    fn pad(i: usize) -> u64;
    /// The mask of the leading `i` (< 8) bytes of a word.
    fn mask(i: usize) -> u64;

    /// The first 8 bytes of `b` as a word.
    #[inline(always)]
    fn load(b: &[u8]) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[..8]);
        Self::from_bytes(w)
    }

    /// Up to 8 bytes as the leading bytes of a word (the rest zero).
    #[inline(always)]
    fn load_partial(b: &[u8]) -> u64 {
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        Self::from_bytes(w)
    }
}

/// Little endian: byte 0 is the least significant byte of a word (SP 800-232, v1.3 MAC family).
pub(crate) enum Le {}

/// Big endian: byte 0 is the most significant byte of a word (Ascon v1.2).
pub(crate) enum Be {}

impl ByteOrder for Le {
    const LITTLE: bool = true;
    const PAD_BYTE: u8 = 0x01;
    const DOMAIN_BIT: u64 = 1 << 63;

    #[inline(always)]
    fn from_bytes(b: [u8; 8]) -> u64 {
        u64::from_le_bytes(b)
    }
    #[inline(always)]
    fn to_bytes(w: u64) -> [u8; 8] {
        w.to_le_bytes()
    }
    #[inline(always)]
    fn pad(i: usize) -> u64 {
        1u64 << (8 * i)
    }
    #[inline(always)]
    fn mask(i: usize) -> u64 {
        if i == 0 { 0 } else { u64::MAX >> (64 - 8 * i) }
    }
}

impl ByteOrder for Be {
    const LITTLE: bool = false;
    const PAD_BYTE: u8 = 0x80;
    const DOMAIN_BIT: u64 = 1;

    #[inline(always)]
    fn from_bytes(b: [u8; 8]) -> u64 {
        u64::from_be_bytes(b)
    }
    #[inline(always)]
    fn to_bytes(w: u64) -> [u8; 8] {
        w.to_be_bytes()
    }
    #[inline(always)]
    fn pad(i: usize) -> u64 {
        0x80u64 << (56 - 8 * i)
    }
    #[inline(always)]
    fn mask(i: usize) -> u64 {
        if i == 0 { 0 } else { u64::MAX << (64 - 8 * i) }
    }
}

/// The 16 round constants; `p[n]` uses the last `n`.
pub(crate) const RC: [u64; 16] = [
    0x3c, 0x2d, 0x1e, 0x0f, 0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b,
];

/// Moves the even bits of `x` to its low half and the odd bits to its high half (32-bit
/// operations only, so it is cheap on 32-bit targets).
#[inline(always)]
const fn unshuffle32(mut x: u32) -> u32 {
    let mut t;
    t = (x ^ (x >> 1)) & 0x2222_2222;
    x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0c0c_0c0c;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00f0_00f0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000_ff00;
    x ^= t ^ (t << 8);
    x
}

/// Inverse of [`unshuffle32`].
// With RV32 Zbkb the `bi32` words are de-interleaved with `zip` (`backends/riscv32_zbkb.rs`).
#[cfg_attr(ascon_zbkb, allow(dead_code))]
#[inline(always)]
const fn shuffle32(mut x: u32) -> u32 {
    let mut t;
    t = (x ^ (x >> 8)) & 0x0000_ff00;
    x ^= t ^ (t << 8);
    t = (x ^ (x >> 4)) & 0x00f0_00f0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 2)) & 0x0c0c_0c0c;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 1)) & 0x2222_2222;
    x ^= t ^ (t << 1);
    x
}

/// Splits `x` into (even bits, odd bits): the `bi32` form of a word.
#[inline(always)]
pub(crate) const fn interleave(x: u64) -> (u32, u32) {
    let lo = unshuffle32(x as u32);
    let hi = unshuffle32((x >> 32) as u32);
    ((lo & 0xffff) | (hi << 16), (lo >> 16) | (hi & 0xffff_0000))
}

/// Inverse of [`interleave`].
#[cfg_attr(ascon_zbkb, allow(dead_code))]
#[inline(always)]
pub(crate) const fn deinterleave(e: u32, o: u32) -> u64 {
    let lo = shuffle32((e & 0xffff) | (o << 16));
    let hi = shuffle32((e >> 16) | (o & 0xffff_0000));
    (lo as u64) | ((hi as u64) << 32)
}

/// [`interleave`] of two words, word by word: `([e0, e1], [o0, o1])`.
#[cfg(test)]
#[inline(always)]
pub(crate) fn interleave2_scalar(w: [u64; 2]) -> ([u32; 2], [u32; 2]) {
    let (e0, o0) = interleave(w[0]);
    let (e1, o1) = interleave(w[1]);
    ([e0, e1], [o0, o1])
}

/// [`deinterleave`] of two words, word by word.
#[cfg(test)]
#[inline(always)]
pub(crate) fn deinterleave2_scalar(e: [u32; 2], o: [u32; 2]) -> [u64; 2] {
    [deinterleave(e[0], o[0]), deinterleave(e[1], o[1])]
}
