//! What the block loop feeds into the state: Esch's injected blocks and Schwaemm's inner message
//! blocks.

#![allow(unused_unsafe)] // as in the parent module: NEON intrinsics need `unsafe` below Rust 1.87

use core::arch::aarch64::*;

use super::step::*;
use super::{Feed, Regs};
use crate::hazmat::words::RATE;

/// Esch's blocks, fed into the state by the injection `M_h` (Sparkle384 and Sparkle512: the left
/// half is `xl`/`yl`).
pub(super) struct EschBlocks<'a>(pub(super) core::slice::Iter<'a, [u8; RATE]>);

impl Feed for EschBlocks<'_> {
    #[inline(always)]
    fn feed<const N: usize>(&mut self, s: &mut Regs) -> bool {
        let Some(block) = self.0.next() else {
            return false;
        };
        // SAFETY: NEON is enabled for this target; `block` is 16 readable bytes.
        unsafe {
            let m = vreinterpretq_u32_u8(vld1q_u8(block.as_ptr()));
            let zero = vdupq_n_u32(0);
            // (m0, m2, 0, 0) and (m1, m3, 0, 0): the message words of branches 0 and 1.
            let mx = vuzp1q_u32(m, zero);
            let my = vuzp2q_u32(m, zero);
            // Lane 0: m0 ^ m2, lane 1: m1 ^ m3.
            let t = xor(m, vextq_u32::<2>(m, m));
            // ELL(t) >>> 16 = t ^ (t << 16): lane 0 for the stored y words, and rotated back,
            // lane 1 (ELL(m1 ^ m3)) for the x words.
            let e = xor(t, vshlq_n_u32::<16>(t));
            let ell_for_y = vdupq_laneq_u32::<0>(e);
            let ell_for_x = vdupq_laneq_u32::<1>(rot16(e));
            s.xl = xor(s.xl, xor(mx, ell_for_x));
            s.yl = xor(s.yl, xor(rot16(my), ell_for_y));
        }
        true
    }
}

/// Schwaemm's inner message blocks of `4 R` bytes (`DECRYPT`: the output is the plaintext fed
/// back): for each, the output (input XOR the rate words), `ρ1` and the rate whitening.
pub(super) struct SchwaemmBlocks<const R: usize, const DECRYPT: bool> {
    /// `count * 4 * R` readable bytes.
    input: *const u8,
    /// `count * 4 * R` writable bytes, the same memory as `input` or disjoint from it.
    output: *mut u8,
    /// How many blocks `input` and `output` have.
    count: usize,
    /// The next block.
    next: usize,
    /// The lane indices and masks of the rate (hoisted out of the loop, see [`opaque`]):
    /// Schwaemm256-128: `t0` gathers the capacity branches for the whitening; Schwaemm192-192:
    /// `t0`/`t1` the `ρ1` lanes from `y` and from `x`, `m0`/`m1` the lanes where `x` and `y`
    /// keep their own words.
    t0: uint8x16_t,
    t1: uint8x16_t,
    m0: uint32x4_t,
    m1: uint32x4_t,
}

impl<const R: usize, const DECRYPT: bool> SchwaemmBlocks<R, DECRYPT> {
    /// The blocks of a state of `N` words.
    ///
    /// # Safety
    /// `input` must be valid for reads and `output` for writes of `count * 4 * R` bytes, and the
    /// two are either the same memory or do not overlap.
    #[inline(always)]
    pub(super) unsafe fn new<const N: usize>(
        input: *const u8,
        output: *mut u8,
        count: usize,
    ) -> Self {
        let (t0, t1) = match (N, R) {
            (12, 8) => (
                bytes([4, 5, 6, 7, 8, 9, 10, 11, 4, 5, 6, 7, 8, 9, 10, 11]),
                bytes([0; 16]),
            ),
            // Lanes (1, 2, 0), each rotated by 16: the stored y as true words; and lanes
            // (2, 0, 1), each rotated by 16: the x words for the stored y.
            _ => (
                bytes([6, 7, 4, 5, 10, 11, 8, 9, 2, 3, 0, 1, 14, 15, 12, 13]),
                bytes([10, 11, 8, 9, 2, 3, 0, 1, 6, 7, 4, 5, 14, 15, 12, 13]),
            ),
        };
        let hoist = (N, R) == (12, 8) || (N, R) == (12, 6);
        let (t0, t1) = if hoist {
            (opaque(t0), opaque(t1))
        } else {
            (t0, t1)
        };
        let (m0, m1) = (lanes([0, 0, !0, 0]), lanes([0, !0, !0, 0]));
        let (m0, m1) = if (N, R) == (12, 6) {
            (opaque(m0), opaque(m1))
        } else {
            (m0, m1)
        };
        SchwaemmBlocks {
            input,
            output,
            count,
            next: 0,
            t0,
            t1,
            m0,
            m1,
        }
    }
}

/// `ρ1` on four rate branches `(v0, v1, v2, v3)`: `(v2, v3, v0 ^ v2, v1 ^ v3)`.
#[inline(always)]
pub(super) fn rho4(v: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe {
        let w = xor(v, vextq_u32::<2>(v, v));
        vreinterpretq_u32_u64(vzip2q_u64(
            vreinterpretq_u64_u32(v),
            vreinterpretq_u64_u32(w),
        ))
    }
}

impl<const R: usize, const DECRYPT: bool> Feed for SchwaemmBlocks<R, DECRYPT> {
    #[inline(always)]
    fn feed<const N: usize>(&mut self, s: &mut Regs) -> bool {
        if self.next == self.count {
            return false;
        }
        let off = self.next * 4 * R;
        self.next += 1;
        // SAFETY: NEON is enabled for this target. Block `next - 1` (bytes `off..off + 4 R`) lies
        // inside the input and the output (the contract of `new`, the only constructor); it is read whole before
        // it is written, so in-place buffers are fine; the loads and stores below stay inside it
        // (16, 24 or 32 bytes).
        unsafe {
            let input = self.input.add(off);
            let output = self.output.add(off);
            match (N, R) {
                (8, 4) => {
                    // Rate: branches 0-1 (lanes 0-1); capacity: lanes 2-3; whitening b0 ^= b2,
                    // b1 ^= b3.
                    let m = vld2_u32(input.cast());
                    let (x, y) = (vget_low_u32(s.xl), vget_low_u32(s.yl));
                    let yt = vreinterpret_u32_u16(vrev32_u16(vreinterpret_u16_u32(y)));
                    let ox = veor_u32(m.0, x);
                    let oy = veor_u32(m.1, yt);
                    vst2_u32(output.cast(), uint32x2x2_t(ox, oy));
                    let (dx, dy) = if DECRYPT { (ox, oy) } else { (m.0, m.1) };
                    let dy = vreinterpret_u32_u16(vrev32_u16(vreinterpret_u16_u32(dy)));
                    // ρ1 on two branches: (v1, v0 ^ v1); then ^ d ^ capacity.
                    let rho2 = |v: uint32x2_t| vtrn2_u32(v, veor_u32(v, vrev64_u32(v)));
                    let nx = veor_u32(veor_u32(rho2(x), dx), vget_high_u32(s.xl));
                    let ny = veor_u32(veor_u32(rho2(y), dy), vget_high_u32(s.yl));
                    s.xl = vcombine_u32(nx, vget_high_u32(s.xl));
                    s.yl = vcombine_u32(ny, vget_high_u32(s.yl));
                }
                (16, 8) => {
                    // Rate: the left half; capacity: the right half, whitening 1:1.
                    let m = vld2q_u32(input.cast());
                    let ox = xor(m.0, s.xl);
                    let oy = xor(m.1, rot16(s.yl));
                    vst2q_u32(output.cast(), uint32x4x2_t(ox, oy));
                    let (dx, dy) = if DECRYPT { (ox, oy) } else { (m.0, m.1) };
                    s.xl = xor(xor(rho4(s.xl), dx), s.xr);
                    s.yl = xor(xor(rho4(s.yl), rot16(dy)), s.yr);
                }
                (12, 8) => {
                    // Rate: branches 0-3 (xl lanes 0-2, xr lane 0); capacity: branches 4-5 (xr
                    // lanes 1-2); whitening b0, b2 ^= b4 and b1, b3 ^= b5.
                    let m = vld2q_u32(input.cast());
                    let rx = vcopyq_laneq_u32::<3, 0>(s.xl, s.xr);
                    let ry = vcopyq_laneq_u32::<3, 0>(s.yl, s.yr);
                    let ox = xor(m.0, rx);
                    let oy = xor(m.1, rot16(ry));
                    vst2q_u32(output.cast(), uint32x4x2_t(ox, oy));
                    let (dx, dy) = if DECRYPT { (ox, oy) } else { (m.0, m.1) };
                    let cap = self.t0;
                    let nx = xor(xor(rho4(rx), dx), tbl(s.xr, cap));
                    let ny = xor(xor(rho4(ry), rot16(dy)), tbl(s.yr, cap));
                    s.xl = nx;
                    s.yl = ny;
                    s.xr = vcopyq_laneq_u32::<0, 3>(s.xr, nx);
                    s.yr = vcopyq_laneq_u32::<0, 3>(s.yr, ny);
                }
                _ => {
                    // Schwaemm192-192: rate words 0-5 = branches 0-2 (the left half), capacity
                    // the right half, whitening 1:1. The ρ1 halves are (x0, y0, x1) and
                    // (y1, x2, y2): new x = (y1, y2, y0 ^ x2) ^ dx, new y = (x2, x0 ^ y1,
                    // x1 ^ y2) ^ dy.
                    let q1 = vld1q_u32(input.cast());
                    let q2 = vreinterpretq_u32_u64(vld1q_dup_u64(input.add(16).cast()));
                    let mx = vuzp1q_u32(q1, q2);
                    let my = vuzp2q_u32(q1, q2);
                    let ox = xor(mx, s.xl);
                    let oy = xor(my, rot16(s.yl));
                    vst1q_u32(output.cast(), vzip1q_u32(ox, oy));
                    vst1_u32(output.add(16).cast(), vget_low_u32(vzip2q_u32(ox, oy)));
                    let (dx, dy) = if DECRYPT { (ox, oy) } else { (mx, my) };
                    let (from_y, from_x) = (self.t0, self.t1);
                    let (lane2, lanes12) = (self.m0, self.m1);
                    let nx = xor(
                        xor(tbl(s.yl, from_y), vandq_u32(s.xl, lane2)),
                        xor(dx, s.xr),
                    );
                    let ny = xor(
                        xor(tbl(s.xl, from_x), vandq_u32(s.yl, lanes12)),
                        xor(rot16(dy), s.yr),
                    );
                    s.xl = nx;
                    s.yl = ny;
                }
            }
        }
        true
    }
}
