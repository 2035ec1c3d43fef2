//! The NEON building blocks of a Sparkle step: lane helpers, the constants of a permutation,
//! Alzette on four lanes, the linear layer on one register pair or two halves.

#![allow(unused_unsafe)] // as in the parent module: NEON intrinsics need `unsafe` below Rust 1.87

use core::arch::aarch64::*;

use super::Regs;
use crate::hazmat::words::RCON;

/// `v`, hidden from the optimiser (an empty `asm!`, no instruction): for the constants of the block
/// loop, which LLVM would otherwise reload from memory at every use (two instructions each), and
/// the `tbl` lane indices, which it would otherwise turn into two- or three-instruction shuffles.
#[inline(always)]
pub(super) fn opaque<T: Opaque>(v: T) -> T {
    v.opaque()
}

/// A vector type [`opaque`] can hide.
pub(super) trait Opaque: Sized {
    fn opaque(self) -> Self;
}

impl Opaque for uint32x4_t {
    #[inline(always)]
    fn opaque(mut self) -> Self {
        // SAFETY: an empty assembly block that only claims to modify one vector register: no
        // instruction, no memory, stack or flags touched.
        unsafe {
            core::arch::asm!("/* {0:v} */", inout(vreg) self, options(pure, nomem, nostack, preserves_flags));
        }
        self
    }
}

impl Opaque for uint8x16_t {
    #[inline(always)]
    fn opaque(mut self) -> Self {
        // SAFETY: as for `uint32x4_t`.
        unsafe {
            core::arch::asm!("/* {0:v} */", inout(vreg) self, options(pure, nomem, nostack, preserves_flags));
        }
        self
    }
}

/// `u32` lanes from four words.
#[inline(always)]
pub(super) fn lanes(w: [u32; 4]) -> uint32x4_t {
    // SAFETY: `w` is 16 readable bytes; NEON is enabled for this target.
    unsafe { vld1q_u32(w.as_ptr()) }
}

/// A `tbl` index from sixteen bytes.
#[inline(always)]
pub(super) fn bytes(b: [u8; 16]) -> uint8x16_t {
    // SAFETY: `b` is 16 readable bytes; NEON is enabled for this target.
    unsafe { vld1q_u8(b.as_ptr()) }
}

/// `tbl` on `u32` lanes.
#[inline(always)]
pub(super) fn tbl(v: uint32x4_t, idx: uint8x16_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), idx)) }
}

/// Rotates every lane right by 16.
#[inline(always)]
pub(super) fn rot16(v: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v))) }
}

/// Rotates every lane right by `R` (`L = 32 - R`): `shl` and `sri`.
#[inline(always)]
pub(super) fn rotr<const R: i32, const L: i32>(v: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vsriq_n_u32::<R>(vshlq_n_u32::<L>(v), v) }
}

#[inline(always)]
pub(super) fn xor(a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { veorq_u32(a, b) }
}

#[inline(always)]
pub(super) fn add(a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vaddq_u32(a, b) }
}

/// The constants of one permutation, built once per block loop.
pub(super) struct Consts {
    /// Alzette constants of the lanes of `xl` and of `xr`.
    cl: uint32x4_t,
    cr: uint32x4_t,
    /// `tbl` index: rotate every lane right by 8.
    rot8: uint8x16_t,
    /// `tbl` index: lanes (1, 2, 0) (three-lane rotation).
    rot3: uint8x16_t,
    /// `tbl` index: lanes (2, 0, 1).
    rot3b: uint8x16_t,
}

impl Consts {
    #[inline(always)]
    pub(super) fn new<const N: usize>() -> Self {
        let c = RCON;
        // (The ones a size does not use are dropped: the `asm!` is pure.)
        Consts {
            cl: opaque(lanes([c[0], c[1], c[2], c[3]])),
            cr: opaque(if N == 12 {
                lanes([c[3], c[4], c[5], c[5]])
            } else {
                lanes([c[4], c[5], c[6], c[7]])
            }),
            rot8: opaque(bytes([
                1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,
            ])),
            rot3: opaque(bytes([
                4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15,
            ])),
            rot3b: opaque(bytes([
                8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15,
            ])),
        }
    }
}

/// The constants of step `s` (`y0 ^= C[s mod 8]`, `y1 ^= s`), rotated like the stored `y`.
#[inline(always)]
pub(super) fn step_constant(s: usize) -> uint32x4_t {
    lanes([
        RCON[s % 8].rotate_right(16),
        (s as u32).rotate_right(16),
        0,
        0,
    ])
}

/// Alzette on every lane of `x` and `ys` (`y` rotated right by 16 on entry and exit), lane
/// constants `c`: each round's rotations put into the frame of the stored `y` (see the module
/// docs).
#[inline(always)]
pub(super) fn alzette(x: &mut uint32x4_t, ys: &mut uint32x4_t, c: uint32x4_t, rot8: uint8x16_t) {
    let (mut x0, mut y) = (*x, *ys);
    // (31, 24): y >>> 31 = ys >>> 15; y ^= x >>> 24 is ys ^= x >>> 8.
    x0 = add(x0, rotr::<15, 17>(y));
    y = xor(y, tbl(x0, rot8));
    x0 = xor(x0, c);
    // (17, 17): y >>> 17 = ys >>> 1; ys ^= x >>> 1.
    x0 = add(x0, rotr::<1, 31>(y));
    y = xor(y, rotr::<1, 31>(x0));
    x0 = xor(x0, c);
    // (0, 31): y = ys >>> 16; ys ^= x >>> 15.
    x0 = add(x0, rot16(y));
    y = xor(y, rotr::<15, 17>(x0));
    x0 = xor(x0, c);
    // (24, 16): y >>> 24 = ys >>> 8; ys ^= x.
    x0 = add(x0, tbl(y, rot8));
    y = xor(y, x0);
    x0 = xor(x0, c);
    *x = x0;
    *ys = y;
}

/// The XOR of the left half's `h` lanes, in every one of lanes `0..h`.
#[inline(always)]
pub(super) fn left_sum<const H: usize>(v: uint32x4_t, k: &Consts) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe {
        if H == 3 {
            xor(xor(v, tbl(v, k.rot3)), tbl(v, k.rot3b))
        } else {
            let t = xor(v, vrev64q_u32(v));
            xor(t, vextq_u32::<2>(t, t))
        }
    }
}

/// Lane `j` of the result is lane `(j + 1) mod h` of `v` (lanes `0..h`).
#[inline(always)]
pub(super) fn next_lane<const H: usize>(v: uint32x4_t, k: &Consts) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe {
        if H == 3 {
            tbl(v, k.rot3)
        } else {
            vextq_u32::<1>(v, v)
        }
    }
}

/// One step on six or eight branches (`H` = 3 or 4 per half), in the left/right layout.
#[inline(always)]
pub(super) fn step_halves<const H: usize>(s: &mut Regs, ks: uint32x4_t, k: &Consts) {
    let Regs {
        mut xl,
        mut yl,
        mut xr,
        mut yr,
    } = *s;
    yl = xor(yl, ks);
    alzette(&mut xl, &mut yl, k.cl, k.rot8);
    alzette(&mut xr, &mut yr, k.cr, k.rot8);
    // SAFETY: NEON is enabled for this target.
    unsafe {
        // Crossed Feistel: x gets ELL of the y sum, y (stored rotated) ELL of the x sum rotated.
        let tx = left_sum::<H>(xl, k);
        let ty = left_sum::<H>(yl, k);
        let ell_for_y = xor(tx, vshlq_n_u32::<16>(tx));
        let ell_for_x = xor(ty, vshrq_n_u32::<16>(ty));
        let nxl = xor(next_lane::<H>(xor(xr, xl), k), ell_for_x);
        let nyl = xor(next_lane::<H>(xor(yr, yl), k), ell_for_y);
        *s = Regs {
            xl: nxl,
            yl: nyl,
            xr: xl,
            yr: yl,
        };
    }
}

/// One step on four branches in one register pair (left half in lanes 0-1).
#[inline(always)]
pub(super) fn step4(s: &mut Regs, ks: uint32x4_t, k: &Consts) {
    let (mut x, mut y) = (s.xl, s.yl);
    y = xor(y, ks);
    alzette(&mut x, &mut y, k.cl, k.rot8);
    // SAFETY: NEON is enabled for this target.
    unsafe {
        let rx = vrev64q_u32(x);
        let ry = vrev64q_u32(y);
        let tx = xor(x, rx);
        let ty = xor(y, ry);
        let ell_for_y = xor(tx, vshlq_n_u32::<16>(tx));
        let ell_for_x = xor(ty, vshrq_n_u32::<16>(ty));
        // Lanes 0-1: (x3 ^ x1, x2 ^ x0), from the swapped pairs.
        let qx = xor(xor(rx, vextq_u32::<2>(rx, rx)), ell_for_x);
        let qy = xor(xor(ry, vextq_u32::<2>(ry, ry)), ell_for_y);
        // New left = (qx0, qx1), new right = old left.
        s.xl = vreinterpretq_u32_u64(vzip1q_u64(
            vreinterpretq_u64_u32(qx),
            vreinterpretq_u64_u32(x),
        ));
        s.yl = vreinterpretq_u32_u64(vzip1q_u64(
            vreinterpretq_u64_u32(qy),
            vreinterpretq_u64_u32(y),
        ));
    }
}
