//! NEON backend (aarch64): four branches' `x` words in one 128-bit register, their `y` words in
//! another, every Alzette of a register at once.
//!
//! Layout: Sparkle256 is one `x`/`y` register pair (branches 0..4, the left half in lanes 0-1).
//! Sparkle384 and Sparkle512 keep the left half in one pair and the right half in another
//! (`xl`/`yl`: branches `0..h`, `xr`/`yr`: branches `h..2h`, lane `j` = branch `j` of the half; for
//! Sparkle384 lane 3 carries a don't-care value that never reaches a used lane). With that split
//! the linear layer's branch rotation is only register renaming (new right = old left) and one
//! lane rotation of the Feistel sum (`ext` for four lanes, `tbl` for three).
//!
//! The `y` registers are kept rotated right by 16 (the portable backend's rotated-`y` form): NEON
//! has no vector rotate, a rotation costs two instructions (`shl`, then `sri`, which LLVM emits as
//! `usra`) unless it is by 16 (`rev32`) or by 8 or 24 (`tbl`), and in that frame Alzette needs the
//! same eleven rotation instructions as in the spec form while `ELL` of the Feistel sums shrinks
//! to a shift and an XOR.
//!
//! Esch's and Schwaemm's inner blocks keep the state in the registers from the first block to the
//! last ([`Feed`]), as the AVX-512 backend does. The loop's constants (Alzette's, the steps', the
//! `tbl` indices) are built once and hidden from LLVM by an empty `asm!` ([`opaque`]), so they stay
//! in registers: otherwise LLVM reloads each at every use and turns the lane-rotating `tbl`s into
//! two- or three-instruction shuffles.
//!
//! Detection: NEON is part of every aarch64 CPU, and build.rs compiles this backend in only when
//! the target has it (`target_feature = "neon"`, the default of every aarch64 target but the
//! soft-float ones), so `detect` creates the token unconditionally; `cpufeatures` has no `neon`
//! flag to ask.

// The NEON intrinsics are safe to call where NEON is enabled since Rust 1.87, but the workspace's
// MSRV is 1.85, where they still need an `unsafe` block.
#![allow(unused_unsafe)]

use core::arch::aarch64::*;

use aead::inout::InOutBuf;

use super::detect::NeonToken;
use super::{Job, Kernels, esch_absorb_words, portable, schwaemm_blocks_words};
use crate::hazmat::words::{RATE, RCON};

/// The NEON kernels; a value exists only where `detect` made its token (aarch64 with NEON).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64Neon(pub(super) NeonToken);

/// Runs `job` with the NEON kernels, compiled with NEON enabled.
#[inline]
pub(super) fn run<J: Job>(token: NeonToken, job: J) -> J::Output {
    // SAFETY: `token` exists only where the target has NEON (see the module docs).
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
unsafe fn run_with_features<J: Job>(job: J, token: NeonToken) -> J::Output {
    job.run(Aarch64Neon(token))
}

/// Whether the vector code handles Sparkle on `N` words with `STEPS` steps (every instance of the
/// crate; other sizes run the portable code).
const fn vector_size(n: usize, steps: usize) -> bool {
    (n == 8 || n == 12 || n == 16) && steps <= 12
}

impl Kernels for Aarch64Neon {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        if vector_size(N, STEPS) {
            permute_blocks::<N, STEPS, _>(state, NoInput);
        } else {
            portable::sparkle::<N, STEPS>(state);
        }
    }

    #[inline(always)]
    fn esch_absorb<const N: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: &[[u8; RATE]],
    ) {
        if (N == 12 || N == 16) && vector_size(N, STEPS) {
            permute_blocks::<N, STEPS, _>(state, EschBlocks(blocks.iter()));
        } else {
            esch_absorb_words::<Self, N, STEPS>(self, state, blocks);
        }
    }

    #[inline(always)]
    fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) {
        if vector_size(N, STEPS) && matches!((N, R), (8, 4) | (12, 8) | (12, 6) | (16, 8)) {
            let count = blocks.len() / (4 * R);
            let (input, output) = blocks.into_raw();
            // `input` and `output` come from one `InOutBuf` of `count * 4 * R` bytes (the caller
            // passes whole blocks), so they are valid for that many reads and writes and are the
            // same memory or disjoint: the contract of `SchwaemmBlocks::new`.
            if decrypt {
                // SAFETY: see above.
                let feed = unsafe { SchwaemmBlocks::<R, true>::new::<N>(input, output, count) };
                permute_blocks::<N, STEPS, _>(state, feed);
            } else {
                // SAFETY: see above.
                let feed = unsafe { SchwaemmBlocks::<R, false>::new::<N>(input, output, count) };
                permute_blocks::<N, STEPS, _>(state, feed);
            }
        } else {
            schwaemm_blocks_words::<Self, N, R, STEPS>(self, state, blocks, decrypt);
        }
    }
}

/// The state in registers: `xl`/`yl` the left half (all four branches for Sparkle256), `xr`/`yr`
/// the right half (unused for Sparkle256); `y` words rotated right by 16.
#[derive(Clone, Copy)]
struct Regs {
    xl: uint32x4_t,
    yl: uint32x4_t,
    xr: uint32x4_t,
    yr: uint32x4_t,
}

/// What [`permute_blocks`] feeds into the state before each permutation.
trait Feed {
    /// Whether the loop runs one permutation only.
    const ONE_BLOCK: bool = false;

    /// Feeds the next block into `s` (a state of `N` words); returns `false`, leaving it as it
    /// is, when no block is left.
    fn feed<const N: usize>(&mut self, s: &mut Regs) -> bool;
}

/// The permutation alone: one permutation, no input.
struct NoInput;

impl Feed for NoInput {
    const ONE_BLOCK: bool = true;

    #[inline(always)]
    fn feed<const N: usize>(&mut self, _s: &mut Regs) -> bool {
        true
    }
}

/// `v`, hidden from the optimiser (an empty `asm!`, no instruction): for the constants of the block
/// loop, which LLVM would otherwise reload from memory at every use (two instructions each), and
/// the `tbl` lane indices, which it would otherwise turn into two- or three-instruction shuffles.
#[inline(always)]
fn opaque<T: Opaque>(v: T) -> T {
    v.opaque()
}

/// A vector type [`opaque`] can hide.
trait Opaque: Sized {
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
fn lanes(w: [u32; 4]) -> uint32x4_t {
    // SAFETY: `w` is 16 readable bytes; NEON is enabled for this target.
    unsafe { vld1q_u32(w.as_ptr()) }
}

/// A `tbl` index from sixteen bytes.
#[inline(always)]
fn bytes(b: [u8; 16]) -> uint8x16_t {
    // SAFETY: `b` is 16 readable bytes; NEON is enabled for this target.
    unsafe { vld1q_u8(b.as_ptr()) }
}

/// `tbl` on `u32` lanes.
#[inline(always)]
fn tbl(v: uint32x4_t, idx: uint8x16_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), idx)) }
}

/// Rotates every lane right by 16.
#[inline(always)]
fn rot16(v: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v))) }
}

/// Rotates every lane right by `R` (`L = 32 - R`): `shl` and `sri`.
#[inline(always)]
fn rotr<const R: i32, const L: i32>(v: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vsriq_n_u32::<R>(vshlq_n_u32::<L>(v), v) }
}

#[inline(always)]
fn xor(a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { veorq_u32(a, b) }
}

#[inline(always)]
fn add(a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
    // SAFETY: NEON is enabled for this target.
    unsafe { vaddq_u32(a, b) }
}

/// The constants of one permutation, built once per block loop.
struct Consts {
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
    fn new<const N: usize>() -> Self {
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
fn step_constant(s: usize) -> uint32x4_t {
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
fn alzette(x: &mut uint32x4_t, ys: &mut uint32x4_t, c: uint32x4_t, rot8: uint8x16_t) {
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
fn left_sum<const H: usize>(v: uint32x4_t, k: &Consts) -> uint32x4_t {
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
fn next_lane<const H: usize>(v: uint32x4_t, k: &Consts) -> uint32x4_t {
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
fn step_halves<const H: usize>(s: &mut Regs, ks: uint32x4_t, k: &Consts) {
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
fn step4(s: &mut Regs, ks: uint32x4_t, k: &Consts) {
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

/// Loads `N` state words (8, 12 or 16) into registers, `y` rotated right by 16.
#[inline(always)]
fn load<const N: usize>(state: &[u32; N]) -> Regs {
    let p = state.as_ptr();
    // SAFETY: NEON is enabled for this target; the loads read 8 words at offset 0 (N >= 8), then
    // 8 words at offset 8 (N = 16) or 4 (N = 12), all inside `state`.
    unsafe {
        let a = vld2q_u32(p);
        let (xr, yr) = match N {
            16 => {
                let b = vld2q_u32(p.add(8));
                (b.0, b.1)
            }
            12 => {
                // (x4, y4, x5, y5): the right half is (x3, x4, x5, -).
                let q = vld1q_u32(p.add(8));
                (
                    vextq_u32::<3>(a.0, vuzp1q_u32(q, q)),
                    vextq_u32::<3>(a.1, vuzp2q_u32(q, q)),
                )
            }
            _ => (a.0, a.1),
        };
        Regs {
            xl: a.0,
            yl: rot16(a.1),
            xr,
            yr: rot16(yr),
        }
    }
}

/// Stores the registers back into the `N` state words.
#[inline(always)]
fn store<const N: usize>(state: &mut [u32; N], s: Regs) {
    let p = state.as_mut_ptr();
    let (yl, yr) = (rot16(s.yl), rot16(s.yr));
    // SAFETY: NEON is enabled for this target; the stores write 8 words at offset 0, then 8 at
    // offset 8 (N = 16) or 4 (N = 12), all inside `state`.
    unsafe {
        match N {
            16 => {
                vst2q_u32(p, uint32x4x2_t(s.xl, yl));
                vst2q_u32(p.add(8), uint32x4x2_t(s.xr, yr));
            }
            12 => {
                let x03 = vcopyq_laneq_u32::<3, 0>(s.xl, s.xr);
                let y03 = vcopyq_laneq_u32::<3, 0>(yl, yr);
                vst2q_u32(p, uint32x4x2_t(x03, y03));
                let q = vzip1q_u32(vextq_u32::<1>(s.xr, s.xr), vextq_u32::<1>(yr, yr));
                vst1q_u32(p.add(8), q);
            }
            _ => vst2q_u32(p, uint32x4x2_t(s.xl, yl)),
        }
    }
}

/// For every block `feed` has, feeds it into the state, then runs Sparkle with `STEPS` steps, the
/// state kept in registers from the first block to the last (only once, without input, for
/// [`NoInput`]). `N` is 8, 12 or 16 and `STEPS` at most 12.
#[inline(always)]
fn permute_blocks<const N: usize, const STEPS: usize, F: Feed>(state: &mut [u32; N], mut feed: F) {
    let k = Consts::new::<N>();
    let ks: [uint32x4_t; 12] = core::array::from_fn(|s| {
        if s < STEPS {
            opaque(step_constant(s))
        } else {
            step_constant(s)
        }
    });
    let mut s = load(state);
    loop {
        if !feed.feed::<N>(&mut s) {
            break;
        }
        // Fully unrolled: the branch rotation is register renaming, the constants fixed.
        macro_rules! unrolled {
            ($($i:literal)*) => {
                $(
                    if $i < STEPS {
                        match N {
                            8 => step4(&mut s, ks[$i], &k),
                            12 => step_halves::<3>(&mut s, ks[$i], &k),
                            _ => step_halves::<4>(&mut s, ks[$i], &k),
                        }
                    }
                )*
            };
        }
        unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
        if F::ONE_BLOCK {
            break;
        }
    }
    store(state, s);
}

/// Esch's blocks, fed into the state by the injection `M_h` (Sparkle384 and Sparkle512: the left
/// half is `xl`/`yl`).
struct EschBlocks<'a>(core::slice::Iter<'a, [u8; RATE]>);

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
struct SchwaemmBlocks<const R: usize, const DECRYPT: bool> {
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
    unsafe fn new<const N: usize>(input: *const u8, output: *mut u8, count: usize) -> Self {
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
fn rho4(v: uint32x4_t) -> uint32x4_t {
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
