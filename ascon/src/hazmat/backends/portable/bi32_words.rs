//! The `bi32` word representation: bit-interleaved.
//!
//! Each 64-bit word `x` is kept as two `u32`: `e` with the even bits of `x` and `o` with the odd
//! bits. A 64-bit rotation by an even `r` is then two 32-bit rotations by `r / 2`; by an odd `r` the
//! halves swap: `e' = ror(o, (r - 1) / 2)`, `o' = ror(e, (r + 1) / 2)`. The S-box is bitwise, so it
//! runs on each half unchanged, and each round constant splits into two 4-bit halves. Words are
//! interleaved when absorbed ([`KernelState::xor`], [`KernelState::set`]) and de-interleaved when
//! read ([`KernelState::get`]), once per word.

use crate::hazmat::backends::{KernelState, Words};
use crate::hazmat::words::RC as RC64;

/// A word as (even bits, odd bits) (`words::interleave`; with RV32 Zbkb, `unzip`).
#[inline(always)]
pub(crate) fn interleave(x: u64) -> (u32, u32) {
    #[cfg(ascon_zbkb)]
    {
        crate::hazmat::backends::riscv32_zbkb::interleave(x)
    }
    #[cfg(not(ascon_zbkb))]
    {
        crate::hazmat::words::interleave(x)
    }
}

/// The inverse of [`interleave`] (`words::deinterleave`; with RV32 Zbkb, `zip`).
#[inline(always)]
pub(crate) fn deinterleave(e: u32, o: u32) -> u64 {
    #[cfg(ascon_zbkb)]
    {
        crate::hazmat::backends::riscv32_zbkb::deinterleave(e, o)
    }
    #[cfg(not(ascon_zbkb))]
    {
        crate::hazmat::words::deinterleave(e, o)
    }
}

/// [`interleave`] of two words: `([e0, e1], [o0, o1])` (in one SSE2 register on x86).
#[inline(always)]
pub(crate) fn interleave2(w: [u64; 2]) -> ([u32; 2], [u32; 2]) {
    #[cfg(ascon_sse2)]
    {
        crate::hazmat::backends::x86_sse2::interleave2(w)
    }
    #[cfg(not(ascon_sse2))]
    {
        let (e0, o0) = interleave(w[0]);
        let (e1, o1) = interleave(w[1]);
        ([e0, e1], [o0, o1])
    }
}

/// [`deinterleave`] of two words (in one SSE2 register on x86).
#[inline(always)]
pub(crate) fn deinterleave2(e: [u32; 2], o: [u32; 2]) -> [u64; 2] {
    #[cfg(ascon_sse2)]
    {
        crate::hazmat::backends::x86_sse2::deinterleave2(e, o)
    }
    #[cfg(not(ascon_sse2))]
    {
        [deinterleave(e[0], o[0]), deinterleave(e[1], o[1])]
    }
}

/// The round constants split into (even, odd) halves, same order as the 64-bit table.
const RC: [(u32, u32); 16] = {
    let mut out = [(0u32, 0u32); 16];
    let mut i = 0;
    while i < 16 {
        out[i] = crate::hazmat::words::interleave(RC64[i]);
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

/// The S-box on one 32-bit slice of the five words, without the final complement of `x2` (see
/// [`Bi32Words::permute`]).
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
    [x0, x1, x2, x3, x4]
}

/// The state in the `bi32` representation: even halves, then odd halves.
#[derive(Clone)]
pub(crate) struct Bi32Words {
    pub(in crate::hazmat::backends) e: [u32; 5],
    pub(in crate::hazmat::backends) o: [u32; 5],
}

impl Bi32Words {
    /// From the standard words `x0..x4`.
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

    /// One round with the interleaved constant `c`, leaving `x2` complemented (as in the `u64`
    /// representation: the linear layer commutes with complement).
    #[inline(always)]
    fn round_nc(&mut self, c: (u32, u32)) {
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

    /// One complete round with the interleaved constant `c`.
    #[inline(always)]
    fn round(&mut self, c: (u32, u32)) {
        self.round_nc(c);
        self.e[2] = !self.e[2];
        self.o[2] = !self.o[2];
    }
}

impl KernelState for Bi32Words {
    #[inline(always)]
    fn to_words(&self) -> [u64; 5] {
        core::array::from_fn(|i| self.get(i))
    }

    #[inline(always)]
    fn store(&self, words: &mut Words) {
        #[cfg(ascon_bi32)]
        {
            *words = self.clone();
        }
        // Only the backend tests hold a `Bi32Words` beside `u64` words.
        #[cfg(not(ascon_bi32))]
        {
            *words = Words::from_words(self.to_words());
        }
    }

    /// Word `i` (de-interleaved).
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        deinterleave(self.e[i], self.o[i])
    }

    /// Sets word `i` (interleaving `v`).
    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        let (e, o) = interleave(v);
        self.e[i] = e;
        self.o[i] = o;
    }

    #[inline(always)]
    fn xor(&mut self, i: usize, v: u64) {
        let (e, o) = interleave(v);
        self.e[i] ^= e;
        self.o[i] ^= o;
    }

    /// Both words at once: `m` is interleaved and XORed in (the next permutation waits on that
    /// XOR only), then the new words are read out, off the permutation's dependency chain (fewer
    /// instructions than reading the old words out beside `m` and XORing `m` into them:
    /// PERFORMANCE.md, "i686").
    #[inline(always)]
    fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        let (me, mo) = interleave2(m);
        self.e[0] ^= me[0];
        self.e[1] ^= me[1];
        self.o[0] ^= mo[0];
        self.o[1] ^= mo[1];
        deinterleave2([self.e[0], self.e[1]], [self.o[0], self.o[1]])
    }

    #[inline(always)]
    fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        let s = deinterleave2([self.e[0], self.e[1]], [self.o[0], self.o[1]]);
        let (ce, co) = interleave2(c);
        self.e[0] = ce[0];
        self.e[1] = ce[1];
        self.o[0] = co[0];
        self.o[1] = co[1];
        [s[0] ^ c[0], s[1] ^ c[1]]
    }

    /// Unrolled. The S-box's final complement of `x2` is deferred as in the `u64`
    /// representation: every round but the first adds the complemented constant, and one
    /// complement at the end restores `x2`.
    #[inline(always)]
    fn permute<const R: usize>(&mut self) {
        const fn nc(c: (u32, u32)) -> (u32, u32) {
            (!c.0, !c.1)
        }
        let first = 16
            - if R >= 12 {
                12
            } else if R >= 8 {
                8
            } else {
                6
            };
        self.round_nc(RC[first]);
        if R >= 12 {
            self.round_nc(nc(RC[5]));
            self.round_nc(nc(RC[6]));
            self.round_nc(nc(RC[7]));
            self.round_nc(nc(RC[8]));
        }
        if R >= 8 {
            self.round_nc(nc(RC[9]));
            self.round_nc(nc(RC[10]));
        }
        self.round_nc(nc(RC[11]));
        self.round_nc(nc(RC[12]));
        self.round_nc(nc(RC[13]));
        self.round_nc(nc(RC[14]));
        self.round_nc(nc(RC[15]));
        self.e[2] = !self.e[2];
        self.o[2] = !self.o[2];
    }

    fn permute_n(&mut self, r: usize) {
        for &c in &RC[16 - r..] {
            self.round(c);
        }
    }

    #[cfg(feature = "zeroize")]
    fn wipe(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.e);
        zeroize::Zeroize::zeroize(&mut self.o);
    }
}
