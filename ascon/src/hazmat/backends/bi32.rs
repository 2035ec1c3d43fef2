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

/// [`interleave`] of two words (in one SSE2 register on x86).
#[inline(always)]
pub(crate) fn interleave2(w: [u64; 2]) -> ([u32; 2], [u32; 2]) {
    #[cfg(all(ascon_x86, target_feature = "sse2"))]
    {
        super::x86_sse2::interleave2(w)
    }
    #[cfg(not(all(ascon_x86, target_feature = "sse2")))]
    {
        interleave2_scalar(w)
    }
}

/// [`deinterleave`] of two words (in one SSE2 register on x86).
#[inline(always)]
pub(crate) fn deinterleave2(e: [u32; 2], o: [u32; 2]) -> [u64; 2] {
    #[cfg(all(ascon_x86, target_feature = "sse2"))]
    {
        super::x86_sse2::deinterleave2(e, o)
    }
    #[cfg(not(all(ascon_x86, target_feature = "sse2")))]
    {
        deinterleave2_scalar(e, o)
    }
}

/// [`interleave2`] word by word.
#[inline(always)]
pub(crate) fn interleave2_scalar(w: [u64; 2]) -> ([u32; 2], [u32; 2]) {
    let (e0, o0) = interleave(w[0]);
    let (e1, o1) = interleave(w[1]);
    ([e0, e1], [o0, o1])
}

/// [`deinterleave2`] word by word.
#[inline(always)]
pub(crate) fn deinterleave2_scalar(e: [u32; 2], o: [u32; 2]) -> [u64; 2] {
    [deinterleave(e[0], o[0]), deinterleave(e[1], o[1])]
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

/// The S-box on one 32-bit slice of the five words, without the final complement of `x2` (see
/// [`Lanes::permute`]).
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

/// The state of the bit-interleaved backend: even halves, then odd halves.
#[derive(Clone)]
pub(crate) struct Lanes {
    e: [u32; 5],
    o: [u32; 5],
}

impl Lanes {
    /// Backend name.
    pub(crate) const NAME: &'static str = "bi32";

    /// One round with the interleaved constant `c`, leaving `x2` complemented (as in the 64-bit
    /// backend: the linear layer commutes with complement).
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

    /// XORs `m` into words 0 and 1 and returns their new values (a full AEAD encryption block
    /// of 16 bytes: the ciphertext words), both words at once: `m` is interleaved and XORed in
    /// (the next permutation waits on that XOR only), then the new words are read out, off the
    /// permutation's dependency chain (fewer instructions than reading the old words out beside
    /// `m` and XORing `m` into them: 75.3 against 78.3 Ir/B on i686).
    #[inline(always)]
    pub(crate) fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        let (me, mo) = interleave2(m);
        self.e[0] ^= me[0];
        self.e[1] ^= me[1];
        self.o[0] ^= mo[0];
        self.o[1] ^= mo[1];
        deinterleave2([self.e[0], self.e[1]], [self.o[0], self.o[1]])
    }

    /// Returns words 0 and 1 XORed with `c` and sets them to `c` (a full AEAD decryption block
    /// of 16 bytes: the plaintext words).
    #[inline(always)]
    pub(crate) fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        let s = deinterleave2([self.e[0], self.e[1]], [self.o[0], self.o[1]]);
        let (ce, co) = interleave2(c);
        self.e[0] = ce[0];
        self.e[1] = ce[1];
        self.o[0] = co[0];
        self.o[1] = co[1];
        [s[0] ^ c[0], s[1] ^ c[1]]
    }

    /// `p[R]`, `R` in {6, 8, 12}, unrolled. The S-box's final complement of `x2` is deferred as
    /// in the 64-bit backend: every round but the first adds the complemented constant, and one
    /// complement at the end restores `x2`.
    #[inline(always)]
    pub(crate) fn permute<const R: usize>(&mut self) {
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

/// [`Lanes`] for the BMI1/BMI2 copy of the modes (x86): word conversions with `pext`/`pdep`
/// (four per word, against about 30 shifts and masks, or the SSE2 path for two words) when
/// construction found BMI2 with fast `pext`/`pdep` (not on AMD before Zen 3); otherwise the
/// plain conversions.
#[cfg(all(ascon_x86, ascon_bi32))]
#[derive(Clone)]
pub(crate) struct LanesBmi {
    l: Lanes,
    bmi: Option<super::x86_bmi::Bmi>,
}

#[cfg(all(ascon_x86, ascon_bi32))]
impl LanesBmi {
    /// The same state converting without BMI2 (for tests of both paths on BMI2 CPUs).
    #[cfg(test)]
    pub(crate) fn without_bmi2(mut self) -> Self {
        self.bmi = None;
        self
    }

    /// Whether this state converts with BMI2.
    #[cfg(test)]
    pub(crate) fn has_bmi2(&self) -> bool {
        self.bmi.is_some()
    }

    #[inline(always)]
    fn il(&self, x: u64) -> (u32, u32) {
        match self.bmi {
            Some(b) => b.interleave(x),
            None => interleave(x),
        }
    }

    #[inline(always)]
    fn dl(&self, i: usize) -> u64 {
        match self.bmi {
            Some(b) => b.deinterleave(self.l.e[i], self.l.o[i]),
            None => deinterleave(self.l.e[i], self.l.o[i]),
        }
    }
}

#[cfg(all(ascon_x86, ascon_bi32))]
impl super::Perm for LanesBmi {
    #[inline(always)]
    fn from_words(w: [u64; 5]) -> Self {
        let mut s = Self::from_lanes(&Lanes {
            e: [0; 5],
            o: [0; 5],
        });
        for (i, &x) in w.iter().enumerate() {
            s.set(i, x);
        }
        s
    }
    #[inline(always)]
    fn to_words(&self) -> [u64; 5] {
        core::array::from_fn(|i| self.dl(i))
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        self.dl(i)
    }
    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        let (e, o) = self.il(v);
        self.l.e[i] = e;
        self.l.o[i] = o;
    }
    #[inline(always)]
    fn xor(&mut self, i: usize, v: u64) {
        let (e, o) = self.il(v);
        self.l.e[i] ^= e;
        self.l.o[i] ^= o;
    }
    #[inline(always)]
    fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        self.xor(0, m[0]);
        self.xor(1, m[1]);
        [self.dl(0), self.dl(1)]
    }
    #[inline(always)]
    fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        let p = [self.dl(0) ^ c[0], self.dl(1) ^ c[1]];
        self.set(0, c[0]);
        self.set(1, c[1]);
        p
    }
    #[inline(always)]
    fn permute<const R: usize>(&mut self) {
        self.l.permute::<R>();
    }
    #[inline(always)]
    fn from_lanes(l: &Lanes) -> Self {
        Self {
            l: l.clone(),
            bmi: super::x86_bmi::Bmi::get_fast_pext(),
        }
    }
    #[inline(always)]
    fn store_lanes(&self, l: &mut Lanes) {
        *l = self.l.clone();
    }
    #[cfg(feature = "zeroize")]
    #[inline(always)]
    fn wipe(&mut self) {
        self.l.wipe();
    }
}
