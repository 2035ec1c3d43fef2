//! AVX-512 backend (AVX-512F + AVX-512VL on 256-bit vectors): all `x` words in one vector, all `y`
//! words in another, every branch's Alzette at once.
//!
//! Single-stream Sparkle is latency-bound, so this backend is built around the dependency chain:
//!
//! * `vprord` rotates in one instruction (AVX2 needs shift, shift, or).
//! * The `y` vector is kept rotated right by 16 between steps, and inside Alzette it is rotated
//!   *in place* into whatever frame the next operation needs (the scalar `alzette_r16` trick of
//!   the portable backend): the addition then takes `y` unrotated and the XOR takes `x`
//!   unrotated, so each round's chain is rotate, add, XOR: 12 dependent instructions per Alzette
//!   (the spec form needs 16).
//! * The linear layer updates the left half in place (see [`StepTables`]): one permutation
//!   brings each left lane its paired right branch and copies the old left half into the right
//!   lanes, so the branch rotation costs nothing and the left branches drift by a lane per step
//!   (undone by one in-lane shuffle after the last step). The sums of the left half use 64-bit
//!   rotations where they can: every shuffle waits for port 5, which the linear layer otherwise
//!   saturates (measured: the old form, with a shuffle for the rotation and two more per sum, spent
//!   about 11 cycles per step there against 5 of latency). Alzette's last `x ^= c` is folded into
//!   the linear layer's constants, which starts its `x` side one cycle earlier.
//!
//! Lanes beyond the branch count carry don't-care values that never reach a used lane. State
//! words are read and written with 256-bit and 128-bit loads and stores that stay inside them.
//!
//! Safety: every function here needs AVX-512F and AVX-512VL; they are only called through
//! [`super::Avx512`], whose value exists only after run-time detection found both.

// The intrinsics are safe to call inside `#[target_feature]` functions since Rust 1.87; the
// crate's MSRV (1.85) never compiles this module (AVX-512 is stable from 1.89, see build.rs).
#![allow(unused_unsafe)]
// Compiled only with Rust 1.89 or later (`cfg(sparkle_avx512)`, set by build.rs), where these
// intrinsics are stable; clippy measures them against the crate-wide MSRV.
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

use super::RCON;

/// `vpternlogd` truth table of `a ^ b ^ c`.
const XOR3: i32 = 0x96;
/// `vpternlogd` truth table of `a ^ (b & c)`.
const A_XOR_B_AND_C: i32 = 0x78;

/// Sparkle on `N` words (`N` = 8, 12 or 16) with `STEPS` (at most 12) steps.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(crate) unsafe fn sparkle<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    // SAFETY: same contract.
    unsafe { permute_blocks::<N, STEPS, PERMUTE, 0>(state, &[], Io::NONE) }
}

/// Esch's inner-block absorption: for each 16-byte block, the injection `M_h` into the left half,
/// then Sparkle with `STEPS` steps; the state stays in the two vectors from the first block to the
/// last (the scalar form stores and reloads it around every permutation).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(crate) unsafe fn esch_absorb<const N: usize, const STEPS: usize>(
    state: &mut [u32; N],
    blocks: &[[u8; 16]],
) {
    // SAFETY: same contract.
    unsafe { permute_blocks::<N, STEPS, ESCH, 0>(state, blocks, Io::NONE) }
}

/// Schwaemm's inner message blocks (all but the last): for each block of `4 R` bytes, the output
/// (input XOR the rate words), then `ρ1` with the plaintext (the input when encrypting, the output
/// when decrypting) and the rate whitening, then Sparkle with `STEPS` steps, the state kept in
/// the two vectors throughout. For rates of 4 and 8 words, where the Feistel halves of the rate
/// are whole branches, and Schwaemm192-192's 6 words (12-word state), where `ρ1` crosses `x` and
/// `y`.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL; `N` must be 8, 12 or 16 and `R` 4 or 8 (with
/// `R < N`), or `N` 12 and `R` 6; `input` must be valid for reads and `output` for writes of
/// `blocks * 4 * R` bytes, and the two are either the same memory or do not overlap.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
pub(crate) unsafe fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
    state: &mut [u32; N],
    input: *const u8,
    output: *mut u8,
    blocks: usize,
    decrypt: bool,
) {
    let io = Io {
        input,
        output,
        blocks,
        decrypt,
    };
    // SAFETY: same contract.
    unsafe { permute_blocks::<N, STEPS, SCHWAEMM, R>(state, &[], io) }
}

/// The per-step constants of the in-place linear layer.
///
/// Between permutations the state is in branch order: left branch `j` in lane `j`, right branch
/// `j` in lane `h + j`. Inside a permutation the linear layer writes the new left half in place:
/// new left branch `j` is old right `j + 1` XOR old left `j + 1` (mod `h`), so it is computed in
/// the lane that already holds old left `j + 1`, and only the right branch paired with it and the
/// copy of the old left half into the right lanes move (one permutation, `pairing`). The left
/// branches therefore drift: before step `s`, left branch `j` is in lane `(j + s) mod h`; the
/// right half stays in order. The Alzette constants follow the branches, and after the last step
/// one in-lane shuffle puts the left half back in order.
///
/// Alzette's last `x ^= c` is not computed: the linear layer takes `x ^ c` and corrects with
/// constants (`kx`, and in `ky` through the `x` sum), which takes one operation off the path.
#[derive(Clone, Copy)]
struct StepTables {
    /// Alzette's constant per lane.
    alzette: [u32; 8],
    /// `vpermd` index: each left lane takes its paired right branch, each right lane `h + j`
    /// old left branch `j` (lanes beyond the branches keep their own).
    pairing: [u32; 8],
    /// Corrections of the `x` half for the omitted `x ^= c` (left lanes: `c` of both paired
    /// branches; right lanes: `c` of the copied left branch).
    kx: [u32; 8],
    /// Added to the left lanes of `y`: the correction of ELL of the `x` sum for the omitted
    /// `x ^= c`, and the next step's constants in the lanes of left branches 0 and 1, all rotated
    /// like the stored `y`.
    ky: [u32; 8],
}

/// The tables for `h` = 2, 3, 4 branches per half and steps 0 to 11.
static STEP_TABLES: [[StepTables; 12]; 3] = {
    let mut all = [
        [StepTables::new(2, 0); 12],
        [StepTables::new(3, 0); 12],
        [StepTables::new(4, 0); 12],
    ];
    let mut h = 2;
    while h <= 4 {
        let mut s = 0;
        while s < 12 {
            all[h - 2][s] = StepTables::new(h, s);
            s += 1;
        }
        h += 1;
    }
    all
};

impl StepTables {
    const fn new(h: usize, s: usize) -> Self {
        let mut t = Self {
            alzette: RCON,
            pairing: [0, 1, 2, 3, 4, 5, 6, 7],
            kx: [0; 8],
            ky: [0; 8],
        };
        // Sum of the left half's Alzette constants, through ELL as the `y` side applies it
        // (stored sum s: s ^ (s << 16)).
        let mut sum = 0u32;
        let mut j = 0;
        while j < h {
            sum ^= RCON[j];
            j += 1;
        }
        let ell = sum ^ (sum << 16);
        let mut lane = 0;
        while lane < h {
            // Left branch `k` is in this lane before step `s`.
            let k = (lane + h - s % h) % h;
            t.alzette[lane] = RCON[k];
            t.pairing[lane] = (h + k) as u32;
            t.kx[lane] = RCON[k] ^ RCON[h + k];
            t.ky[lane] = ell;
            // Copy of left branch `lane` into right lane `h + lane`.
            t.pairing[h + lane] = ((lane + s) % h) as u32;
            t.kx[h + lane] = RCON[lane];
            lane += 1;
        }
        // The next step's constants: left branches 0 and 1, in lanes (s + 1) mod h and
        // (s + 2) mod h.
        let next = s + 1;
        t.ky[next % h] ^= RCON[next % 8].rotate_right(16);
        t.ky[(next + 1) % h] ^= (next as u32).rotate_right(16);
        t
    }
}

/// `permute_blocks` modes.
const PERMUTE: u8 = 0;
const ESCH: u8 = 1;
const SCHWAEMM: u8 = 2;

/// Schwaemm's message blocks for `permute_blocks` (see [`schwaemm_blocks`]).
#[derive(Clone, Copy)]
struct Io {
    input: *const u8,
    output: *mut u8,
    blocks: usize,
    decrypt: bool,
}

impl Io {
    const NONE: Self = Self {
        input: core::ptr::null(),
        output: core::ptr::null_mut(),
        blocks: 0,
        decrypt: false,
    };
}

/// One permutation (`MODE` = `PERMUTE`), or for every block its input step then the permutation:
/// Esch's injection (`ESCH`, `blocks`) or Schwaemm's output and feedback (`SCHWAEMM`, `io`, rate
/// `R` words).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512VL, and `N` must be 8, 12 or 16; with `SCHWAEMM`, the
/// contract of [`schwaemm_blocks`] for `io`.
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
unsafe fn permute_blocks<const N: usize, const STEPS: usize, const MODE: u8, const R: usize>(
    state: &mut [u32; N],
    blocks: &[[u8; 16]],
    io: Io,
) {
    let h = N / 4;
    // Lanes of the left half (branches 0..h).
    let left: __mmask8 = ((1u32 << h) - 1) as __mmask8;
    // The same as a vector: all ones in the left lanes.
    let left_lanes = _mm256_maskz_set1_epi32(left, -1);
    let p = state.as_mut_ptr();
    // SAFETY: AVX-512F/VL (so AVX2) are enabled for this function (caller's contract). `state`
    // has N >= 8 words: eight words at offset 0, then eight more (N = 16) or four (N = 12) at
    // offset 8, all in bounds; unaligned accesses are allowed.
    let (lo, hi) = unsafe {
        (
            _mm256_loadu_si256(p.cast()),
            match N {
                16 => _mm256_loadu_si256(p.add(8).cast()),
                12 => _mm256_castsi128_si256(_mm_loadu_si128(p.add(8).cast())),
                _ => _mm256_setzero_si256(),
            },
        )
    };
    // Even words to `x`, odd words to `y`, branch order kept. Written as assembly: from the
    // intrinsics, LLVM picks a 512-bit load and `vpmovqd zmm` for the even words, and a single
    // 512-bit instruction per call halves this backend's speed on Intel cores (it takes port 1's
    // vector ALU away while in flight).
    let (mut x, mut y): (__m256i, __m256i);
    // SAFETY: register-only AVX instructions (AVX2 is enabled, see above); no memory, stack or
    // flags are touched.
    unsafe {
        core::arch::asm!(
            "vshufps {x}, {lo}, {hi}, 0x88",
            "vshufps {y}, {lo}, {hi}, 0xdd",
            "vpermpd {x}, {x}, 0xd8",
            "vpermpd {y}, {y}, 0xd8",
            lo = in(ymm_reg) lo,
            hi = in(ymm_reg) hi,
            x = out(ymm_reg) x,
            y = out(ymm_reg) y,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    // `y` is stored rotated right by 16 (see the module docs).
    y = _mm256_ror_epi32::<16>(y);

    // Lanes `0..h` of every lane-wise sum: the XOR of the left half's lanes (unmasked: the other
    // lanes carry values that the final masked operations drop). Sparkle256 and Sparkle512 only;
    // Sparkle384's step is one assembly block.
    macro_rules! left_sum {
        ($v:expr) => {{
            let v = $v;
            match h {
                // Adjacent lanes swapped by a 64-bit rotation: a shift-port operation, not a
                // shuffle (shuffles all queue for port 5, the linear layer's bottleneck).
                2 => _mm256_xor_si256(v, _mm256_rol_epi64::<32>(v)),
                _ => _mm256_ternarylogic_epi32::<XOR3>(
                    _mm256_xor_si256(v, _mm256_rol_epi64::<32>(v)),
                    _mm256_shuffle_epi32::<0x4E>(v),
                    _mm256_shuffle_epi32::<0x1B>(v),
                ),
            }
        }};
    }
    // Step constants (`y0 ^= C[s mod 8]`, `y1 ^= s`), rotated like the stored `y`.
    macro_rules! step_constant {
        ($s:expr) => {{
            let s: usize = $s;
            _mm256_setr_epi32(
                RCON[s % 8].rotate_right(16) as i32,
                (s as u32).rotate_right(16) as i32,
                0,
                0,
                0,
                0,
                0,
                0,
            )
        }};
    }
    // The step constants of the first step and of the step after the last (the last step folds
    // it in); `pending` is XORed in before each permutation: the first step's constant, and from
    // the second permutation on also the removal of the previous one's extra constant.
    let first = step_constant!(0);
    let after_last = step_constant!(STEPS);
    let mut pending = first;
    let mut ran = false;
    let mut blocks = blocks.iter();
    let mut io_block = 0;
    // Schwaemm: the rate lanes (branches 0..R/2), the upper Feistel half of them, and for each
    // rate lane the capacity branch whitening XORs in (rate word j ^= capacity word j mod c).
    let rate_lanes: __mmask8 = ((1u32 << (R / 2)) - 1) as __mmask8;
    let upper_half: __mmask8 = rate_lanes & !(((1u32 << (R / 4)) - 1) as __mmask8);
    let whitening = match (N, R) {
        (8, _) => _mm256_setr_epi32(2, 3, 2, 3, 0, 0, 0, 0),
        (12, 6) => _mm256_setr_epi32(3, 4, 5, 0, 0, 0, 0, 0),
        (12, _) => _mm256_setr_epi32(4, 5, 4, 5, 0, 0, 0, 0),
        _ => _mm256_setr_epi32(4, 5, 6, 7, 0, 0, 0, 0),
    };
    let even_words = _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0);
    let odd_words = _mm256_setr_epi32(1, 3, 5, 7, 0, 0, 0, 0);
    // Injection `M_h` masks: low 16 bits of each lane (for ELL).
    let low16 = _mm256_set1_epi32(0xFFFF);

    // A table's eight lanes, loaded by assembly: from a known constant, LLVM may build the
    // vector from scalar inserts (on the shuffle port) inside the step.
    macro_rules! lanes {
        ($t:expr) => {{
            let t: &[u32; 8] = $t;
            let v: __m256i;
            // SAFETY: `t` is 32 readable bytes (an unaligned load is allowed); AVX is enabled
            // for this function (caller's contract); the stack and flags are not touched.
            unsafe {
                core::arch::asm!(
                    "vmovdqu {v}, ymmword ptr [{t}]",
                    t = in(reg) t.as_ptr(),
                    v = lateout(ymm_reg) v,
                    options(pure, readonly, nostack, preserves_flags),
                );
            }
            v
        }};
    }
    // The left lanes as a mask register for the assembly below, made opaque so that LLVM keeps
    // it in a mask register instead of rebuilding it (`mov`, `kmovw`: the shuffle port) per step.
    let left_k: __mmask16;
    // SAFETY: moves a general register into a mask register (AVX-512F, enabled); no memory,
    // stack or flags are touched.
    unsafe {
        core::arch::asm!(
            "kmovw {k}, {r:e}",
            k = lateout(kreg) left_k,
            r = in(reg) u32::from(left),
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    macro_rules! unrolled {
        ($($s:literal)*) => {
            $(
                if $s < STEPS {
                    let t = &STEP_TABLES[h - 2][$s];
                    let c = lanes!(&t.alzette);
                    // Sparkle384: the whole step as assembly, in an instruction order found by
                    // timing candidate orders of the same dependency graph (the cores bind each
                    // operation to a port when it is issued, so the order decides how often a
                    // critical operation waits behind an off-path one); measured about 5 percent
                    // faster per step than the compiler's order. Same operations as the code for
                    // the other sizes below (Alzette with `y` rotated in place, then the linear
                    // layer with two shuffles per sum).
                    if h == 3 {
                        // SAFETY: register-only AVX-512F/VL instructions (enabled for this
                        // function, caller's contract); no memory, stack or flags are touched.
                        unsafe {
                            core::arch::asm!(
                                "vprold {t0}, {y}, 17",
                                "vpaddd {t1}, {x}, {t0}",
                                "vprold {t2}, {y}, 8",
                                "vpxord {t3}, {t1}, {t2}",
                                "vprold {t4}, {t3}, 23",
                                "vpxord {t5}, {t1}, {c}",
                                "vpaddd {t6}, {t4}, {t5}",
                                "vpxord {t7}, {t6}, {c}",
                                "vprold {t0}, {t3}, 25",
                                "vpxord {t2}, {t6}, {t0}",
                                "vprold {t1}, {t2}, 15",
                                "vprold {t4}, {t2}, 14",
                                "vpaddd {t5}, {t1}, {t7}",
                                "vpxord {t3}, {t5}, {t4}",
                                "vprold {t6}, {t3}, 9",
                                "vpxord {t0}, {t5}, {c}",
                                "vpaddd {t2}, {t6}, {t0}",
                                "vprold {t7}, {t3}, 17",
                                "vpxord {t1}, {t2}, {t7}",
                                "vpshufd {t4}, {t2}, 0xc9",
                                "vpshufd {t5}, {t1}, 0xc9",
                                "vpshufd {t6}, {t2}, 0xd2",
                                "vpternlogd {t6}, {t2}, {t4}, 0x96",
                                "vpermd {y}, {index}, {t1}",
                                "vpermd {x}, {index}, {t2}",
                                "vpshufd {t0}, {t1}, 0xd2",
                                "vpternlogd {t0}, {t1}, {t5}, 0x96",
                                "vpslld {t3}, {t6}, 16",
                                "vpsrld {t7}{{{left}}}{{z}}, {t0}, 16",
                                "vpternlogd {ky}, {t1}, {t6}, 0x96",
                                "vpternlogd {y}{{{left}}}, {ky}, {t3}, 0x96",
                                "vpternlogd {kx}{{{left}}}, {t2}, {t0}, 0x96",
                                "vpternlogd {x}, {kx}, {t7}, 0x96",
                                x = inout(ymm_reg) x,
                                y = inout(ymm_reg) y,
                                c = in(ymm_reg) c,
                                index = in(ymm_reg) lanes!(&t.pairing),
                                kx = inout(ymm_reg) lanes!(&t.kx) => _,
                                ky = inout(ymm_reg) lanes!(&t.ky) => _,
                                t0 = out(ymm_reg) _,
                                t1 = out(ymm_reg) _,
                                t2 = out(ymm_reg) _,
                                t3 = out(ymm_reg) _,
                                t4 = out(ymm_reg) _,
                                t5 = out(ymm_reg) _,
                                t6 = out(ymm_reg) _,
                                t7 = out(ymm_reg) _,
                                left = in(kreg) left_k,
                                options(pure, nomem, nostack, preserves_flags),
                            );
                        }
                    } else {
                        // Alzette on every branch, `y` rotated in place (stored frame 16 on entry
                        // and exit): round i adds `y >>> a_i` and XORs `x >>> b_i`. The last
                        // round's `x ^= c` is left to the linear layer's constants.
                        y = _mm256_ror_epi32::<15>(y); // frame 31 (a = 31)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(_mm256_ror_epi32::<9>(y), x); // frame 8 (b = 24)
                        x = _mm256_xor_si256(x, c);
                        y = _mm256_ror_epi32::<9>(y); // frame 17 (a = 17)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(_mm256_ror_epi32::<30>(y), x); // frame 15 (b = 17)
                        x = _mm256_xor_si256(x, c);
                        y = _mm256_ror_epi32::<17>(y); // frame 0 (a = 0)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(_mm256_ror_epi32::<1>(y), x); // frame 1 (b = 31)
                        x = _mm256_xor_si256(x, c);
                        y = _mm256_ror_epi32::<23>(y); // frame 24 (a = 24)
                        x = _mm256_add_epi32(x, y);
                        y = _mm256_xor_si256(_mm256_ror_epi32::<24>(y), x); // frame 16 (b = 16)
                        // Linear layer, the left half updated in place (see `StepTables`): `vx`,
                        // `vy` hold the right branch paired with each left lane, and the old left
                        // branches in the right lanes (the new right half). Crossed sums: `x` gets
                        // ELL of the `y` sum and vice versa; with `y` stored rotated by 16, ELL(ty)
                        // = t ^ (t >> 16) for the stored sum t, and ELL(tx) rotated by 16 is
                        // tx ^ (tx << 16). `kx` and `ky` carry the missing `x ^= c` (through the
                        // pairing, the sum and the copy) and the next step's constant.
                        let (vx, vy) = if h == 2 {
                            // In-lane for two branches: one shuffle.
                            if $s % 2 == 0 {
                                (_mm256_shuffle_epi32::<0x4E>(x), _mm256_shuffle_epi32::<0x4E>(y))
                            } else {
                                (_mm256_shuffle_epi32::<0x1B>(x), _mm256_shuffle_epi32::<0x1B>(y))
                            }
                        } else {
                            let index = lanes!(&t.pairing);
                            (_mm256_permutexvar_epi32(index, x), _mm256_permutexvar_epi32(index, y))
                        };
                        let tx = left_sum!(x);
                        let ty = left_sum!(y);
                        // The masked operations as assembly: from the intrinsics, LLVM turns each
                        // mask into a separate blend (or a half-width shift and a move), one more
                        // operation on the critical path each.
                        // SAFETY: register-only AVX-512F/VL instructions (enabled for this function,
                        // caller's contract); no memory, stack or flags are touched.
                        unsafe {
                            core::arch::asm!(
                                // Left lanes: x ^ (c corrections) ^ ty; right lanes: corrections.
                                "vpternlogd {kx}{{{left}}}, {x}, {ty}, 0x96",
                                "vpternlogd {y}, {tx}, {ky}, 0x96",
                                // `x` is dead: its register takes the shifted sum.
                                "vpsrld {x}{{{left}}}{{z}}, {ty}, 16",
                                "vpslld {tx}, {tx}, 16",
                                "vpternlogd {vy}{{{left}}}, {y}, {tx}, 0x96",
                                "vpternlogd {vx}, {kx}, {x}, 0x96",
                                kx = inout(ymm_reg) lanes!(&t.kx) => _,
                                x = inout(ymm_reg) x => _,
                                ty = in(ymm_reg) ty,
                                y = inout(ymm_reg) y => _,
                                tx = inout(ymm_reg) tx => _,
                                ky = in(ymm_reg) lanes!(&t.ky),
                                vx = inout(ymm_reg) vx => x,
                                vy = inout(ymm_reg) vy => y,
                                left = in(kreg) left_k,
                                options(pure, nomem, nostack, preserves_flags),
                            );
                        }
                    }
                }
            )*
        };
    }
    loop {
        if MODE == SCHWAEMM {
            if io_block == io.blocks {
                break;
            }
            let off = io_block * 4 * R;
            io_block += 1;
            // SAFETY: block `io_block - 1` of `io.blocks` lies inside the input and the output
            // (`schwaemm_blocks`' contract); it is read whole before it is written, so in-place
            // buffers are fine; unaligned accesses are allowed.
            let m = unsafe {
                if R == 8 {
                    _mm256_loadu_si256(io.input.add(off).cast())
                } else if R == 6 {
                    // Six words: a masked load (the masked-off lanes are not read).
                    _mm256_maskz_loadu_epi32(0x3F, io.input.add(off).cast())
                } else {
                    _mm256_zextsi128_si256(_mm_loadu_si128(io.input.add(off).cast()))
                }
            };
            // The state as it is: `pending ^ first` removes the previous permutation's extra
            // constant (nothing before the first block); the first step's constant is added
            // with the feedback below.
            y = _mm256_ternarylogic_epi32::<XOR3>(y, pending, first);
            let mx = _mm256_maskz_permutexvar_epi32(rate_lanes, even_words, m);
            let my = _mm256_maskz_permutexvar_epi32(rate_lanes, odd_words, m);
            // Output: input XOR the rate words (`y` unrotated), written back in word order.
            let ox = _mm256_xor_si256(mx, x);
            let oy = _mm256_xor_si256(my, _mm256_ror_epi32::<16>(y));
            let (ox128, oy128) = (_mm256_castsi256_si128(ox), _mm256_castsi256_si128(oy));
            // SAFETY: as above (`4 R` bytes at `off`: 16, 24 or 32).
            unsafe {
                _mm_storeu_si128(io.output.add(off).cast(), _mm_unpacklo_epi32(ox128, oy128));
                if R == 8 {
                    _mm_storeu_si128(
                        io.output.add(off + 16).cast(),
                        _mm_unpackhi_epi32(ox128, oy128),
                    );
                } else if R == 6 {
                    _mm_storel_epi64(
                        io.output.add(off + 16).cast(),
                        _mm_unpackhi_epi32(ox128, oy128),
                    );
                }
            }
            // The plaintext is fed back: the input when encrypting, the output when decrypting.
            let (dx, dy) = if io.decrypt {
                (
                    _mm256_maskz_mov_epi32(rate_lanes, ox),
                    _mm256_maskz_mov_epi32(rate_lanes, oy),
                )
            } else {
                (mx, my)
            };
            // ρ1 and whitening on the rate lanes: new = swap(v) ^ (v on the upper half) ^ d ^
            // capacity(v); the capacity lanes stay. The `y` side is rotated like the stored `y`,
            // and the first step's constant rides with its feedback.
            let dy = _mm256_xor_si256(_mm256_ror_epi32::<16>(dy), first);
            macro_rules! rho_whiten {
                ($v:expr, $d:expr) => {{
                    let v = $v;
                    let swapped = if R == 8 {
                        _mm256_mask_shuffle_epi32::<0x4E>(v, rate_lanes, v)
                    } else {
                        _mm256_mask_shuffle_epi32::<0xE1>(v, rate_lanes, v)
                    };
                    let t = _mm256_mask_xor_epi32(swapped, upper_half, swapped, v);
                    _mm256_ternarylogic_epi32::<XOR3>(
                        t,
                        $d,
                        _mm256_maskz_permutexvar_epi32(rate_lanes, whitening, v),
                    )
                }};
            }
            if R == 6 {
                // Schwaemm192-192: the rate halves are words 0-2 and 3-5, (x0, y0, x1) and
                // (y1, x2, y2), so ρ1 crosses the vectors: new x = (y1, y2, y0 ^ x2) ^ d and
                // new y = (x2, x0 ^ y1, x1 ^ y2) ^ d, then rate word j ^= capacity word j
                // (lane j ^= lane 3 + j on both sides).
                let wx = _mm256_permutexvar_epi32(whitening, x);
                let wy = _mm256_permutexvar_epi32(whitening, y);
                let from_y = _mm256_ror_epi32::<16>(_mm256_shuffle_epi32::<0xC9>(y));
                let from_x = _mm256_ror_epi32::<16>(_mm256_shuffle_epi32::<0xD2>(x));
                let tx = _mm256_ternarylogic_epi32::<XOR3>(from_y, dx, wx);
                let ty = _mm256_ternarylogic_epi32::<XOR3>(from_x, dy, wy);
                let tx = _mm256_mask_xor_epi32(tx, 0b100, tx, x);
                let ty = _mm256_mask_xor_epi32(ty, 0b110, ty, y);
                x = _mm256_mask_mov_epi32(x, rate_lanes, tx);
                y = _mm256_mask_mov_epi32(y, rate_lanes, ty);
            } else {
                x = rho_whiten!(x, dx);
                y = rho_whiten!(y, dy);
            }
        } else if MODE == ESCH {
            let Some(block) = blocks.next() else {
                break;
            };
            // The injection depends on the message only, so all of it but the final XORs is off
            // the critical path. With m = (m0, m1, m2, m3): x_j ^= (m0, m2)_j ^ ELL(m1 ^ m3) and
            // y_j ^= (m1, m3)_j ^ ELL(m0 ^ m2) on the left branches (message words on the first
            // two only), the `y` side rotated by 16 like the stored `y`.
            // SAFETY: `block` is 16 readable bytes; unaligned loads are allowed.
            let m = unsafe { _mm_loadu_si128(block.as_ptr().cast()) };
            let mx = _mm256_zextsi128_si256(_mm_maskz_shuffle_epi32::<0x08>(0b0011, m));
            let my = _mm256_zextsi128_si256(_mm_maskz_shuffle_epi32::<0x0D>(0b0011, m));
            let sums = _mm_xor_si128(m, _mm_shuffle_epi32::<0x4E>(m));
            let tx = _mm256_broadcastd_epi32(sums);
            let ty = _mm256_broadcastd_epi32(_mm_shuffle_epi32::<0x55>(sums));
            // ELL(ty) = (ty >>> 16) ^ (ty & 0xFFFF); ELL(tx) >>> 16 = tx ^ (tx << 16).
            let ell_ty =
                _mm256_ternarylogic_epi32::<A_XOR_B_AND_C>(_mm256_ror_epi32::<16>(ty), ty, low16);
            let ell_tx = _mm256_xor_si256(tx, _mm256_slli_epi32::<16>(tx));
            let ix = _mm256_ternarylogic_epi32::<A_XOR_B_AND_C>(mx, ell_ty, left_lanes);
            let iy = _mm256_ternarylogic_epi32::<A_XOR_B_AND_C>(
                _mm256_ror_epi32::<16>(my),
                ell_tx,
                left_lanes,
            );
            x = _mm256_xor_si256(x, ix);
            y = _mm256_ternarylogic_epi32::<XOR3>(y, iy, pending);
        } else {
            y = _mm256_xor_si256(y, pending);
        }
        pending = _mm256_xor_si256(first, after_last);
        ran = true;
        unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
        // The left branches drifted by one lane per step (see `StepTables`): back to order with
        // an in-lane shuffle of the left lanes (none for the step counts of Sparkle512, 8 and
        // 12, nor for even step counts of Sparkle256).
        // (Assembly: LLVM merges a masked in-lane shuffle into a `vpermd`, 3 cycles instead of 1
        // on the dependency chain.)
        macro_rules! left_shuffle {
            ($imm:literal) => {
                // SAFETY: register-only AVX-512F/VL instructions (enabled for this function,
                // caller's contract); no memory, stack or flags are touched.
                unsafe {
                    core::arch::asm!(
                        concat!("vpshufd {x}{{{left}}}, {x}, ", $imm),
                        concat!("vpshufd {y}{{{left}}}, {y}, ", $imm),
                        x = inout(ymm_reg) x,
                        y = inout(ymm_reg) y,
                        left = in(kreg) left_k,
                        options(pure, nomem, nostack, preserves_flags),
                    );
                }
            };
        }
        match (h, STEPS % h) {
            (2, 1) => left_shuffle!("0xE1"),
            (3, 1) => left_shuffle!("0xC9"),
            (3, 2) => left_shuffle!("0xD2"),
            (4, 1) => left_shuffle!("0x39"),
            (4, 2) => left_shuffle!("0x4E"),
            (4, 3) => left_shuffle!("0x93"),
            _ => {}
        }
        if MODE == PERMUTE {
            break;
        }
    }
    if ran {
        // The last step folded the constant of a step that does not run.
        y = _mm256_xor_si256(y, after_last);
    }
    y = _mm256_ror_epi32::<16>(y);

    // Back to x0, y0, x1, y1, ... (AVX2 unpack and lane moves).
    let even = _mm256_unpacklo_epi32(x, y);
    let odd = _mm256_unpackhi_epi32(x, y);
    let lo = _mm256_permute2x128_si256::<0x20>(even, odd);
    let hi = _mm256_permute2x128_si256::<0x31>(even, odd);
    // SAFETY: as for the loads above: eight words at offset 0, then eight (N = 16) or four
    // (N = 12) at offset 8.
    unsafe {
        _mm256_storeu_si256(p.cast(), lo);
        match N {
            16 => _mm256_storeu_si256(p.add(8).cast(), hi),
            12 => _mm_storeu_si128(p.add(8).cast(), _mm256_castsi256_si128(hi)),
            _ => {}
        }
    }
}
