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
//! soft-float ones), so the backend table creates the token unconditionally; `cpufeatures` has no `neon`
//! flag to ask.

// The NEON intrinsics are safe to call where NEON is enabled since Rust 1.87, but the workspace's
// MSRV is 1.85, where they still need an `unsafe` block.
#![allow(unused_unsafe)]

use core::arch::aarch64::*;

mod modes;
mod step;

use modes::{EschBlocks, SchwaemmBlocks};
use step::*;

use aead::inout::InOutBuf;

use super::tokens::Aarch64Neon as Token;
use super::{Job, Kernels, esch_absorb_words, portable, schwaemm_blocks_words};
use crate::hazmat::words::RATE;

/// The NEON kernels; a value exists only where the backend table made its token (aarch64 with NEON).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aarch64Neon(pub(super) Token);

/// Runs `job` with the NEON kernels, compiled with NEON enabled.
#[inline]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only where the target has NEON (see the module docs).
    unsafe { run_with_features(job, token) }
}

/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
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
