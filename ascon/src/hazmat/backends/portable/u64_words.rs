//! The `u64` word representation: the state in five `u64`s, rounds unrolled.
//!
//! S-box: the bitsliced chi form with and-not (`!a & b`, one `andn` with BMI1); linear layer:
//! `x ^ ror(x, a) ^ ror(x, b)` on 64-bit targets (the two rotations in parallel: one step shorter
//! than `x ^ ror(x ^ ror(x, b - a), a)`, and no extra instruction with BMI2's non-destructive
//! `rorx`); the nested form on 32-bit targets (fewer live values, see [`diffuse`]).
//!
//! The S-box's final complement of `x2` is deferred: the linear layer commutes with complement
//! (`L(!x) = !L(x)`, three flipped bits per output bit), so each round leaves `x2` complemented, the
//! next round XORs the complemented constant `!c` (giving the true `x2 ^ c`), and one NOT at the
//! end of the permutation restores the true `x2`: one instruction per permutation instead of one
//! per round, and one step off the `x2` dependency chain.

use crate::hazmat::backends::{KernelState, Words};
use crate::hazmat::words::RC;

/// One round with constant `c`, leaving `x2` complemented (see the module docs).
#[inline(always)]
const fn round_nc(s: &mut [u64; 5], c: u64) {
    // Constant addition.
    let mut x0 = s[0];
    let mut x1 = s[1];
    let mut x2 = s[2] ^ c;
    let mut x3 = s[3];
    let mut x4 = s[4];
    // Substitution layer (bitsliced 5-bit S-box, without the final `x2 = !x2`).
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
    // Linear diffusion layer.
    s[0] = diffuse(x0, 19, 28);
    s[1] = diffuse(x1, 39, 61);
    s[2] = diffuse(x2, 1, 6);
    s[3] = diffuse(x3, 10, 17);
    s[4] = diffuse(x4, 7, 41);
}

/// `x ^ ror(x, a) ^ ror(x, b)`. On 64-bit targets with the two rotations in parallel; elsewhere
/// (where this representation is only used when forced, and each 64-bit rotation is a pair of
/// 32-bit shifts competing for few registers) as `x ^ ror(x ^ ror(x, b - a), a)`, which keeps
/// fewer values live.
#[inline(always)]
const fn diffuse(x: u64, a: u32, b: u32) -> u64 {
    if cfg!(target_pointer_width = "64") {
        x ^ x.rotate_right(a) ^ x.rotate_right(b)
    } else {
        x ^ (x ^ x.rotate_right(b - a)).rotate_right(a)
    }
}

/// One complete round with constant `c`.
#[cfg(not(ascon_orn_round))]
#[inline(always)]
const fn round(s: &mut [u64; 5], c: u64) {
    round_nc(s, c);
    s[2] = !s[2];
}

/// One complete round with constant `c`, for aarch64 (`ascon_orn_round`): 26 instructions; also
/// on riscv32 (the `u64` words without Zbb/Zbkb), where the or-not and the and-not cost one NOT
/// each: 17 operations per 32-bit half against 21 for the chi form.
///
/// * S-box: the 15-operation circuit with or-not and and-not of ascon-c's `asm_rv32b` (Ferdinand
///   Bachmann's, from RISC-V Zbb), one `orn`, one `bic`, three `orr`, ten `eor`, which yields the
///   true outputs (no complement to carry) in other variables than the inputs; against 16 for the
///   chi form above (17 with its complement, deferred there to one per permutation).
/// * Linear layer: `x ^ ror(x ^ ror(x, b - a), a)`, two `eor` with a rotated operand per word.
///   Written as `x ^ ror(x, a) ^ ror(x, b)`, LLVM reassociates it into `ror` + two `eor` (three).
#[cfg(ascon_orn_round)]
#[inline(always)]
const fn round(s: &mut [u64; 5], c: u64) {
    let [x0, x1, x2, x3, x4] = *s;
    let x2 = x2 ^ c;
    let t1 = x0 ^ x4;
    let t2 = x3 ^ x4;
    let t0 = x1 ^ x2;
    // The S-box outputs: `y0` is word 0, and so on.
    let y2 = (x3 | !x4) ^ t0;
    let y1 = ((x3 ^ x1) | t0) ^ t1;
    let y0 = ((x2 ^ t1) | x1) ^ t2;
    let y3 = t0 ^ (x0 | t2);
    let y4 = (x1 & !t1) ^ t2;
    s[0] = diffuse_nested(y0, 19, 28);
    s[1] = diffuse_nested(y1, 39, 61);
    s[2] = diffuse_nested(y2, 1, 6);
    s[3] = diffuse_nested(y3, 10, 17);
    s[4] = diffuse_nested(y4, 7, 41);
}

/// `x ^ ror(x, a) ^ ror(x, b)` as `x ^ ror(x ^ ror(x, b - a), a)`.
#[cfg(ascon_orn_round)]
#[inline(always)]
const fn diffuse_nested(x: u64, a: u32, b: u32) -> u64 {
    x ^ (x ^ x.rotate_right(b - a)).rotate_right(a)
}

/// `p[R]` for `R` in {6, 8, 12}, fully unrolled (the first round takes the plain constant, the
/// others the complemented one, then one NOT; see the module docs).
#[inline(always)]
pub(crate) const fn permute<const R: usize>(s: &mut [u64; 5]) {
    if cfg!(ascon_orn_round) {
        if R >= 12 {
            round(s, 0xf0);
            round(s, 0xe1);
            round(s, 0xd2);
            round(s, 0xc3);
        }
        if R >= 8 {
            round(s, 0xb4);
            round(s, 0xa5);
        }
        round(s, 0x96);
        round(s, 0x87);
        round(s, 0x78);
        round(s, 0x69);
        round(s, 0x5a);
        round(s, 0x4b);
        return;
    }
    if R >= 12 {
        round_nc(s, 0xf0);
        round_nc(s, !0xe1);
        round_nc(s, !0xd2);
        round_nc(s, !0xc3);
        round_nc(s, !0xb4);
        round_nc(s, !0xa5);
        round_nc(s, !0x96);
    } else if R >= 8 {
        round_nc(s, 0xb4);
        round_nc(s, !0xa5);
        round_nc(s, !0x96);
    } else {
        round_nc(s, 0x96);
    }
    round_nc(s, !0x87);
    round_nc(s, !0x78);
    round_nc(s, !0x69);
    round_nc(s, !0x5a);
    round_nc(s, !0x4b);
    s[2] = !s[2];
}

/// The state in the `u64` representation.
#[derive(Clone)]
pub(crate) struct U64Words([u64; 5]);

impl U64Words {
    /// From the standard words `x0..x4`.
    #[inline(always)]
    pub(crate) const fn from_words(w: [u64; 5]) -> Self {
        Self(w)
    }
}

impl KernelState for U64Words {
    #[inline(always)]
    fn to_words(&self) -> [u64; 5] {
        self.0
    }

    #[inline(always)]
    fn store(&self, words: &mut Words) {
        #[cfg(not(ascon_bi32))]
        {
            *words = self.clone();
        }
        // Only the backend tests hold a `U64Words` beside `bi32` words.
        #[cfg(ascon_bi32)]
        {
            *words = Words::from_words(self.0);
        }
    }

    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        self.0[i]
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        self.0[i] = v;
    }

    #[inline(always)]
    fn xor(&mut self, i: usize, v: u64) {
        self.0[i] ^= v;
    }

    #[inline(always)]
    fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        self.0[0] ^= m[0];
        self.0[1] ^= m[1];
        [self.0[0], self.0[1]]
    }

    #[inline(always)]
    fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        let p = [self.0[0] ^ c[0], self.0[1] ^ c[1]];
        self.0[0] = c[0];
        self.0[1] = c[1];
        p
    }

    #[inline(always)]
    fn permute<const R: usize>(&mut self) {
        permute::<R>(&mut self.0);
    }

    fn permute_n(&mut self, r: usize) {
        for &c in &RC[16 - r..] {
            round(&mut self.0, c);
        }
    }

    #[cfg(feature = "zeroize")]
    fn wipe(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}
