//! The 32-bit bit-interleaved backend.
//!
//! Each 64-bit word `x` is kept as two `u32`: `e` with the even bits of `x` and `o` with the odd
//! bits. A 64-bit rotation by an even `r` is then two 32-bit rotations by `r / 2`; by an odd `r` the
//! halves swap: `e' = ror(o, (r - 1) / 2)`, `o' = ror(e, (r + 1) / 2)`. The S-box is bitwise, so it
//! runs on each half unchanged, and each round constant splits into two 4-bit halves. Words are
//! interleaved when absorbed ([`Lanes::xor`], [`Lanes::set`]) and de-interleaved when read
//! ([`Lanes::get`]), once per word.

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

/// Splits `x` into (even bits, odd bits).
#[inline(always)]
pub(crate) const fn interleave(x: u64) -> (u32, u32) {
    let lo = unshuffle32(x as u32);
    let hi = unshuffle32((x >> 32) as u32);
    ((lo & 0xffff) | (hi << 16), (lo >> 16) | (hi & 0xffff_0000))
}

/// Inverse of [`interleave`].
#[inline(always)]
pub(crate) const fn deinterleave(e: u32, o: u32) -> u64 {
    let lo = shuffle32((e & 0xffff) | (o << 16));
    let hi = shuffle32((e >> 16) | (o & 0xffff_0000));
    (lo as u64) | ((hi as u64) << 32)
}

/// The round constants split into (even, odd) halves, same order as the 64-bit table.
const RC: [(u32, u32); 16] = {
    let mut out = [(0u32, 0u32); 16];
    let mut i = 0;
    while i < 16 {
        out[i] = interleave(super::portable::RC[i]);
        i += 1;
    }
    out
};

/// 64-bit rotation by `r` of the interleaved word `(e, o)`.
#[inline(always)]
const fn ror(e: u32, o: u32, r: u32) -> (u32, u32) {
    if r % 2 == 0 {
        (e.rotate_right(r / 2), o.rotate_right(r / 2))
    } else {
        (o.rotate_right((r - 1) / 2), e.rotate_right(r.div_ceil(2)))
    }
}

/// `x ^ ror(x, a) ^ ror(x, b)` on an interleaved word, computed as
/// `x ^ ror(x ^ ror(x, b - a), a)` (fewer live values: it matters on register-poor targets).
#[inline(always)]
const fn diffuse(w: (u32, u32), a: u32, b: u32) -> (u32, u32) {
    let (re, ro) = ror(w.0, w.1, b - a);
    let (te, to) = ror(w.0 ^ re, w.1 ^ ro, a);
    (w.0 ^ te, w.1 ^ to)
}

/// The S-box on one 32-bit slice of the five words.
#[inline(always)]
const fn sbox(x: [u32; 5]) -> [u32; 5] {
    let [mut x0, mut x1, mut x2, mut x3, mut x4] = x;
    x0 ^= x4;
    x4 ^= x3;
    x2 ^= x1;
    let t0 = !x0 & x1;
    let t1 = !x1 & x2;
    let t2 = !x2 & x3;
    let t3 = !x3 & x4;
    let t4 = !x4 & x0;
    x0 ^= t1;
    x1 ^= t2;
    x2 ^= t3;
    x3 ^= t4;
    x4 ^= t0;
    x1 ^= x0;
    x0 ^= x4;
    x3 ^= x2;
    x2 = !x2;
    [x0, x1, x2, x3, x4]
}

/// The state of the bit-interleaved backend: even halves, then odd halves.
#[derive(Clone)]
pub(crate) struct Lanes {
    e: [u32; 5],
    o: [u32; 5],
}

impl Lanes {
    /// Backend name.
    pub(crate) const NAME: &'static str = "bi32";

    /// One round with the interleaved constant `c`.
    #[inline(always)]
    fn round(&mut self, c: (u32, u32)) {
        self.e[2] ^= c.0;
        self.o[2] ^= c.1;
        let e = sbox(self.e);
        let o = sbox(self.o);
        let w0 = diffuse((e[0], o[0]), 19, 28);
        let w1 = diffuse((e[1], o[1]), 39, 61);
        let w2 = diffuse((e[2], o[2]), 1, 6);
        let w3 = diffuse((e[3], o[3]), 10, 17);
        let w4 = diffuse((e[4], o[4]), 7, 41);
        self.e = [w0.0, w1.0, w2.0, w3.0, w4.0];
        self.o = [w0.1, w1.1, w2.1, w3.1, w4.1];
    }

    /// From the standard word representation.
    #[inline(always)]
    pub(crate) fn from_words(w: [u64; 5]) -> Self {
        let mut s = Self {
            e: [0; 5],
            o: [0; 5],
        };
        for i in 0..5 {
            s.set(i, w[i]);
        }
        s
    }

    /// To the standard word representation.
    #[inline(always)]
    pub(crate) fn to_words(&self) -> [u64; 5] {
        core::array::from_fn(|i| self.get(i))
    }

    /// Word `i` (de-interleaved).
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u64 {
        deinterleave(self.e[i], self.o[i])
    }

    /// Sets word `i` (interleaving `v`).
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, v: u64) {
        let (e, o) = interleave(v);
        self.e[i] = e;
        self.o[i] = o;
    }

    /// XORs `v` into word `i`.
    #[inline(always)]
    pub(crate) fn xor(&mut self, i: usize, v: u64) {
        let (e, o) = interleave(v);
        self.e[i] ^= e;
        self.o[i] ^= o;
    }

    /// `p[R]`, `R` in {6, 8, 12}, unrolled.
    #[inline(always)]
    pub(crate) fn permute<const R: usize>(&mut self) {
        if R >= 12 {
            self.round(RC[4]);
            self.round(RC[5]);
            self.round(RC[6]);
            self.round(RC[7]);
        }
        if R >= 8 {
            self.round(RC[8]);
            self.round(RC[9]);
        }
        self.round(RC[10]);
        self.round(RC[11]);
        self.round(RC[12]);
        self.round(RC[13]);
        self.round(RC[14]);
        self.round(RC[15]);
    }

    /// `p[r]` for any `r <= 12` (a loop).
    pub(crate) fn permute_n(&mut self, r: usize) {
        for &c in &RC[16 - r..] {
            self.round(c);
        }
    }

    /// Overwrites the state with zeros (not optimised away).
    #[cfg(feature = "zeroize")]
    pub(crate) fn wipe(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.e);
        zeroize::Zeroize::zeroize(&mut self.o);
    }
}
