//! WebAssembly SIMD backend (wasm32 with `simd128`): four branches' `x` words in one `v128`, their
//! `y` words in another, every Alzette of a vector at once (the NEON backend's layout and frame).
//!
//! Layout: Sparkle256 is one `x`/`y` vector pair (branches 0..4, the left half in lanes 0-1).
//! Sparkle384 and Sparkle512 keep the left half in one pair and the right half in another
//! (`xl`/`yl`: branches `0..h`, `xr`/`yr`: branches `h..2h`, lane `j` = branch `j` of the half; for
//! Sparkle384 lane 3 carries a don't-care value that never reaches a used lane). With that split
//! the linear layer's branch rotation is only renaming (new right = old left) and one lane
//! rotation of the Feistel sum (one `i32x4.shuffle`).
//!
//! The `y` vectors are kept rotated right by 16 (the portable backend's rotated-`y` form):
//! simd128 has no vector rotate, a rotation costs three instructions (`shl`, `shr_u`, `or`) unless
//! it is by a multiple of 8 (one `i8x16.shuffle`), and in that frame Alzette needs four general
//! rotations and three byte shuffles, while `ELL` of the Feistel sums shrinks to a shift and an
//! XOR.
//!
//! Sparkle384 and Sparkle512 run the vector code; Sparkle256 the portable code (see
//! [`vector_size`]: one vector pair is one dependency chain, slower than four scalar ones).
//!
//! The modes' fused loops use the default hooks of [`Kernels`] (one load and store of the state
//! per permutation, a few shuffles against the dozens of instructions of a step).
//!
//! Detection: wasm has no run-time feature detection (a module with an unknown instruction does
//! not validate), so build.rs compiles this backend in only when the target has it
//! (`target_feature = "simd128"`, `RUSTFLAGS="-C target-feature=+simd128"`), and the backend table creates
//! the token unconditionally. The simd128 intrinsics are safe functions there; only the loads and
//! stores of the state are `unsafe`.

use core::arch::wasm32::*;

use super::tokens::WasmSimd128 as Token;
use super::{Job, Kernels, portable};
use crate::hazmat::words::RCON;

/// The simd128 kernels; a value exists only where the backend table made its token (wasm32 with simd128).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WasmSimd128(pub(super) Token);

/// Runs `job` with the simd128 kernels (the whole build has simd128 enabled: see the module docs).
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    job.run(WasmSimd128(token))
}

/// Whether the vector code handles Sparkle on `N` words with `STEPS` steps: Sparkle384 and
/// Sparkle512. Sparkle256 (and other sizes) run the portable code: four branches in one vector
/// pair leave a single Alzette dependency chain, whose vector rotations (two instructions deep)
/// make it slower than the scalar code's four independent chains (PERFORMANCE.md, "wasm32 simd128
/// backend"). The Sparkle256 vector code is
/// still tested against portable (`backends/tests.rs` calls [`sparkle256`]).
const fn vector_size(n: usize, steps: usize) -> bool {
    (n == 12 || n == 16) && steps <= 12
}

/// Sparkle256 with `STEPS` steps (at most 12) on the vector code, which the kernels do not use
/// (see [`vector_size`]): for the tests.
#[cfg(test)]
pub(super) fn sparkle256<const STEPS: usize>(_token: Token, state: &mut [u32; 8]) {
    permute::<8, STEPS>(state);
}

impl Kernels for WasmSimd128 {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        if vector_size(N, STEPS) {
            permute::<N, STEPS>(state);
        } else {
            portable::sparkle::<N, STEPS>(state);
        }
    }
}

/// The state in vectors: `xl`/`yl` the left half (all four branches for Sparkle256), `xr`/`yr`
/// the right half (unused for Sparkle256); `y` words rotated right by 16.
#[derive(Clone, Copy)]
struct Regs {
    xl: v128,
    yl: v128,
    xr: v128,
    yr: v128,
}

/// Four words at word offset `at` of `state` (`at + 4 <= N`).
#[inline(always)]
fn load4<const N: usize>(state: &[u32; N], at: usize) -> v128 {
    let w = &state[at..at + 4];
    // SAFETY: `w` is four readable `u32`s (16 bytes); `v128_load` has no alignment requirement.
    unsafe { v128_load(w.as_ptr().cast()) }
}

/// Stores four words at word offset `at` of `state` (`at + 4 <= N`).
#[inline(always)]
fn store4<const N: usize>(state: &mut [u32; N], at: usize, v: v128) {
    let w = &mut state[at..at + 4];
    // SAFETY: `w` is four writable `u32`s (16 bytes); `v128_store` has no alignment requirement.
    unsafe { v128_store(w.as_mut_ptr().cast(), v) }
}

/// Loads `N` state words (8, 12 or 16) into vectors, `y` rotated right by 16.
#[inline(always)]
fn load<const N: usize>(state: &[u32; N]) -> Regs {
    // (x0, y0, x1, y1), (x2, y2, x3, y3).
    let (q0, q1) = (load4(state, 0), load4(state, 4));
    let xl = u32x4_shuffle::<0, 2, 4, 6>(q0, q1);
    let yl = u32x4_shuffle::<1, 3, 5, 7>(q0, q1);
    let (xr, yr) = match N {
        16 => {
            let (q2, q3) = (load4(state, 8), load4(state, 12));
            (
                u32x4_shuffle::<0, 2, 4, 6>(q2, q3),
                u32x4_shuffle::<1, 3, 5, 7>(q2, q3),
            )
        }
        12 => {
            // (x4, y4, x5, y5): the right half is (x3, x4, x5, -).
            let q2 = load4(state, 8);
            (
                u32x4_shuffle::<2, 4, 6, 6>(q1, q2),
                u32x4_shuffle::<3, 5, 7, 7>(q1, q2),
            )
        }
        _ => (xl, yl),
    };
    Regs {
        xl,
        yl: rot16(yl),
        xr,
        yr: rot16(yr),
    }
}

/// Stores the vectors back into the `N` state words.
#[inline(always)]
fn store<const N: usize>(state: &mut [u32; N], s: Regs) {
    let (yl, yr) = (rot16(s.yl), rot16(s.yr));
    match N {
        16 => {
            store4(state, 0, u32x4_shuffle::<0, 4, 1, 5>(s.xl, yl));
            store4(state, 4, u32x4_shuffle::<2, 6, 3, 7>(s.xl, yl));
            store4(state, 8, u32x4_shuffle::<0, 4, 1, 5>(s.xr, yr));
            store4(state, 12, u32x4_shuffle::<2, 6, 3, 7>(s.xr, yr));
        }
        12 => {
            // Branches 0-3 are (xl lanes 0-2, xr lane 0); branches 4-5 are xr lanes 1-2.
            let x03 = u32x4_shuffle::<0, 1, 2, 4>(s.xl, s.xr);
            let y03 = u32x4_shuffle::<0, 1, 2, 4>(yl, yr);
            store4(state, 0, u32x4_shuffle::<0, 4, 1, 5>(x03, y03));
            store4(state, 4, u32x4_shuffle::<2, 6, 3, 7>(x03, y03));
            store4(state, 8, u32x4_shuffle::<1, 5, 2, 6>(s.xr, yr));
        }
        _ => {
            store4(state, 0, u32x4_shuffle::<0, 4, 1, 5>(s.xl, yl));
            store4(state, 4, u32x4_shuffle::<2, 6, 3, 7>(s.xl, yl));
        }
    }
}

/// Sparkle on `N` words (8, 12 or 16) with `STEPS` steps (at most 12), fully unrolled: the branch
/// rotation is renaming, the constants fixed.
#[inline(always)]
fn permute<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    let k = Consts::new::<N>();
    let mut s = load(state);
    macro_rules! unrolled {
        ($($i:literal)*) => {
            $(
                if $i < STEPS {
                    let ks = step_constant($i);
                    match N {
                        8 => step4(&mut s, ks, &k),
                        12 => step_halves::<3>(&mut s, ks, &k),
                        _ => step_halves::<4>(&mut s, ks, &k),
                    }
                }
            )*
        };
    }
    unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
    store(state, s);
}

/// Rotates every lane right by 16 (one byte shuffle).
#[inline(always)]
fn rot16(v: v128) -> v128 {
    i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(v, v)
}

/// Rotates every lane right by 8 (one byte shuffle).
#[inline(always)]
fn rot8(v: v128) -> v128 {
    i8x16_shuffle::<1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12>(v, v)
}

/// Rotates every lane right by `R` (`L = 32 - R`): `shl`, `shr_u`, `or`.
#[inline(always)]
fn rotr<const R: u32, const L: u32>(v: v128) -> v128 {
    v128_or(u32x4_shl(v, L), u32x4_shr(v, R))
}

#[inline(always)]
fn xor(a: v128, b: v128) -> v128 {
    v128_xor(a, b)
}

#[inline(always)]
fn add(a: v128, b: v128) -> v128 {
    u32x4_add(a, b)
}

/// The Alzette constants of one permutation's lanes.
struct Consts {
    /// Alzette constants of the lanes of `xl` and of `xr`.
    cl: v128,
    cr: v128,
}

impl Consts {
    #[inline(always)]
    fn new<const N: usize>() -> Self {
        let c = RCON;
        Consts {
            cl: u32x4(c[0], c[1], c[2], c[3]),
            cr: if N == 12 {
                u32x4(c[3], c[4], c[5], c[5])
            } else {
                u32x4(c[4], c[5], c[6], c[7])
            },
        }
    }
}

/// The constants of step `s` (`y0 ^= C[s mod 8]`, `y1 ^= s`), rotated like the stored `y`.
#[inline(always)]
fn step_constant(s: usize) -> v128 {
    u32x4(
        RCON[s % 8].rotate_right(16),
        (s as u32).rotate_right(16),
        0,
        0,
    )
}

/// Alzette on every lane of `x` and `ys` (`y` rotated right by 16 on entry and exit), lane
/// constants `c`: each round's rotations put into the frame of the stored `y` (see the module
/// docs).
#[inline(always)]
fn alzette(x: &mut v128, ys: &mut v128, c: v128) {
    let (mut x0, mut y) = (*x, *ys);
    // (31, 24): y >>> 31 = ys >>> 15; y ^= x >>> 24 is ys ^= x >>> 8.
    x0 = add(x0, rotr::<15, 17>(y));
    y = xor(y, rot8(x0));
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
    x0 = add(x0, rot8(y));
    y = xor(y, x0);
    x0 = xor(x0, c);
    *x = x0;
    *ys = y;
}

/// The XOR of the left half's `H` lanes, in every one of lanes `0..H`.
#[inline(always)]
fn left_sum<const H: usize>(v: v128) -> v128 {
    if H == 3 {
        xor(
            xor(v, u32x4_shuffle::<1, 2, 0, 3>(v, v)),
            u32x4_shuffle::<2, 0, 1, 3>(v, v),
        )
    } else {
        let t = xor(v, u32x4_shuffle::<1, 0, 3, 2>(v, v));
        xor(t, u32x4_shuffle::<2, 3, 0, 1>(t, t))
    }
}

/// Lane `j` of the result is lane `(j + 1) mod H` of `v` (lanes `0..H`).
#[inline(always)]
fn next_lane<const H: usize>(v: v128) -> v128 {
    if H == 3 {
        u32x4_shuffle::<1, 2, 0, 3>(v, v)
    } else {
        u32x4_shuffle::<1, 2, 3, 0>(v, v)
    }
}

/// One step on six or eight branches (`H` = 3 or 4 per half), in the left/right layout.
#[inline(always)]
fn step_halves<const H: usize>(s: &mut Regs, ks: v128, k: &Consts) {
    let Regs {
        mut xl,
        mut yl,
        mut xr,
        mut yr,
    } = *s;
    yl = xor(yl, ks);
    alzette(&mut xl, &mut yl, k.cl);
    alzette(&mut xr, &mut yr, k.cr);
    // Crossed Feistel: x gets ELL of the y sum, y (stored rotated) ELL of the x sum rotated.
    let tx = left_sum::<H>(xl);
    let ty = left_sum::<H>(yl);
    let ell_for_y = xor(tx, u32x4_shl(tx, 16));
    let ell_for_x = xor(ty, u32x4_shr(ty, 16));
    let nxl = xor(next_lane::<H>(xor(xr, xl)), ell_for_x);
    let nyl = xor(next_lane::<H>(xor(yr, yl)), ell_for_y);
    *s = Regs {
        xl: nxl,
        yl: nyl,
        xr: xl,
        yr: yl,
    };
}

/// One step on four branches in one vector pair (left half in lanes 0-1).
#[inline(always)]
fn step4(s: &mut Regs, ks: v128, k: &Consts) {
    let (mut x, mut y) = (s.xl, s.yl);
    y = xor(y, ks);
    alzette(&mut x, &mut y, k.cl);
    let rx = u32x4_shuffle::<1, 0, 3, 2>(x, x);
    let ry = u32x4_shuffle::<1, 0, 3, 2>(y, y);
    let tx = xor(x, rx);
    let ty = xor(y, ry);
    let ell_for_y = xor(tx, u32x4_shl(tx, 16));
    let ell_for_x = xor(ty, u32x4_shr(ty, 16));
    // Lanes 0-1: (x3 ^ x1, x2 ^ x0), from the swapped pairs.
    let qx = xor(xor(rx, u32x4_shuffle::<2, 3, 0, 1>(rx, rx)), ell_for_x);
    let qy = xor(xor(ry, u32x4_shuffle::<2, 3, 0, 1>(ry, ry)), ell_for_y);
    // New left = (qx0, qx1), new right = old left.
    s.xl = u32x4_shuffle::<0, 1, 4, 5>(qx, x);
    s.yl = u32x4_shuffle::<0, 1, 4, 5>(qy, y);
}
