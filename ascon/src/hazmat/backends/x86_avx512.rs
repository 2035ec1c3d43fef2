//! The AVX-512VL backend (x86_64): each state word in the low lane of its own `xmm` register,
//! rounds in inline assembly, chosen at run time (the table in `backends.rs`) over the BMI one.
//!
//! Why vectors for a single state: a scalar round is bound both by its dependency chain and by
//! the two x86 ports that rotate. `vpternlogq` computes any 3-input boolean function in one
//! instruction, so the S-box's `a ^ (!b & c)` terms and the linear layer's
//! `x ^ ror(x, a) ^ ror(x, b)` are one instruction each: 28 instructions per round (26 without
//! the two register copies) instead of 37, and a chain of 5 instead of 7. The `x2` complement is
//! deferred to one NOT per permutation, as in the 64-bit backend.
//!
//! The round is inline assembly (not `core::arch` intrinsics); the job around it is compiled
//! with AVX-512F/VL enabled (the backend needs Rust 1.89, `ascon_avx512` in `build.rs`). The state
//! lives in `__m128i` values between rounds (the compiler keeps them in `xmm` registers for a
//! whole mode operation); only lane 0 is meaningful.
//!
//! This module's `unsafe`: entering the `#[target_feature]` function and the `asm!` blocks, all
//! with a token (made only after `cpufeatures` confirmed AVX-512F and AVX-512VL), and `transmute`
//! between `__m128i` and `[u64; 2]` (both 16 plain bytes).

use core::arch::asm;
use core::arch::x86_64::__m128i;

use super::tokens::X86Avx512 as Token;
use super::{Job, KernelState, Kernels, Words};
use crate::hazmat::words::RC;

/// The AVX-512 kernels; a value exists only after run-time detection found AVX-512F and
/// AVX-512VL.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86Avx512(pub(super) Token);

/// Runs `job` with the AVX-512 kernels, compiled with AVX-512F and AVX-512VL enabled.
#[inline(always)]
pub(super) fn run<J: Job>(token: Token, job: J) -> J::Output {
    // SAFETY: `token` exists only after detection found AVX-512F and AVX-512VL on this CPU (and
    // their state enabled by the OS), the only features `run_with_features` is compiled with.
    unsafe { run_with_features(job, token) }
}

/// The entry point: `job.run` is inlined here whole, so the state stays in `xmm` registers across
/// the blocks of the job.
#[target_feature(enable = "avx512f,avx512vl")]
unsafe fn run_with_features<J: Job>(job: J, token: Token) -> J::Output {
    job.run(X86Avx512(token))
}

impl Kernels for X86Avx512 {
    type State = Avx512Words;

    #[inline(always)]
    fn load(self, words: &Words) -> Avx512Words {
        self.load_words(words.to_words())
    }

    #[inline(always)]
    fn load_words(self, w: [u64; 5]) -> Avx512Words {
        Avx512Words {
            x: w.map(to_vec),
            _token: self.0,
        }
    }
}

#[inline(always)]
fn to_vec(w: u64) -> __m128i {
    // SAFETY: `[u64; 2]` and `__m128i` are both 16 bytes of plain data; every bit pattern is valid.
    unsafe { core::mem::transmute::<[u64; 2], __m128i>([w, 0]) }
}

#[inline(always)]
fn lane0(v: __m128i) -> u64 {
    // SAFETY: as in `to_vec`.
    let w = unsafe { core::mem::transmute::<__m128i, [u64; 2]>(v) };
    w[0]
}

/// A round constant as a 16-byte memory operand (lane 0; lane 1 unused).
#[repr(C, align(16))]
struct Rc([u64; 2]);

/// The round constants: plain for the first round of a permutation, complemented for the others
/// (the deferred NOT of `x2`). Read from memory by the round, so they take no vector register.
static RC_FIRST: [Rc; 3] = [Rc([0xf0, 0]), Rc([0xb4, 0]), Rc([0x96, 0])];
static RC_NOT: [Rc; 12] = {
    let mut t = [const { Rc([0, 0]) }; 12];
    let mut i = 0;
    while i < 12 {
        t[i] = Rc([!RC[4 + i], 0]);
        i += 1;
    }
    t
};

/// One round with constant `c` (lane 0), leaving `x2` complemented.
///
/// The S-box as `x0 ^= x4; x4 ^= x3; x2 ^= x1 ^ c`, then `t_i = x_i ^ (!x_{i+1} & x_{i+2})`
/// (`vpternlogq` immediate `0xd2`), then `x1 = t1 ^ t0; x3 = t3 ^ t2; x0 = t0 ^ t4`; the linear
/// layer as `vpternlogq(x, ror(x, a), ror(x, b), 0x96)`.
#[inline(always)]
fn round_nc(_: Token, s: &mut [__m128i; 5], c: &Rc) {
    let [mut a0, mut a1, mut a2, mut a3, mut a4] = *s;
    // SAFETY: AVX-512F/VL instructions on registers and one 16-byte read of `c` (a valid, aligned
    // reference); no stack, flags untouched. The token proves that detection found AVX-512F/VL.
    unsafe {
        asm!(
            "vpternlogq {a2}, {a1}, xmmword ptr [{c}], 0x96",
            "vpxor {a0}, {a0}, {a4}",
            "vpxor {a4}, {a4}, {a3}",
            "vmovdqa {t0}, {a0}",
            "vmovdqa {t1}, {a1}",
            "vpternlogq {t0}, {a1}, {a2}, 0xd2",
            "vpternlogq {t1}, {a2}, {a3}, 0xd2",
            "vpternlogq {a2}, {a3}, {a4}, 0xd2",
            "vpternlogq {a3}, {a4}, {a0}, 0xd2",
            "vpternlogq {a4}, {a0}, {a1}, 0xd2",
            "vpxor {a1}, {t1}, {t0}",
            "vpxor {a3}, {a3}, {a2}",
            "vpxor {a0}, {t0}, {a4}",
            "vprorq {t0}, {a0}, 19",
            "vprorq {t1}, {a0}, 28",
            "vpternlogq {a0}, {t0}, {t1}, 0x96",
            "vprorq {t2}, {a1}, 39",
            "vprorq {t3}, {a1}, 61",
            "vpternlogq {a1}, {t2}, {t3}, 0x96",
            "vprorq {t0}, {a2}, 1",
            "vprorq {t1}, {a2}, 6",
            "vpternlogq {a2}, {t0}, {t1}, 0x96",
            "vprorq {t2}, {a3}, 10",
            "vprorq {t3}, {a3}, 17",
            "vpternlogq {a3}, {t2}, {t3}, 0x96",
            "vprorq {t0}, {a4}, 7",
            "vprorq {t1}, {a4}, 41",
            "vpternlogq {a4}, {t0}, {t1}, 0x96",
            a0 = inout(xmm_reg) a0,
            a1 = inout(xmm_reg) a1,
            a2 = inout(xmm_reg) a2,
            a3 = inout(xmm_reg) a3,
            a4 = inout(xmm_reg) a4,
            c = in(reg) c,
            t0 = out(xmm_reg) _,
            t1 = out(xmm_reg) _,
            t2 = out(xmm_reg) _,
            t3 = out(xmm_reg) _,
            options(pure, readonly, nostack, preserves_flags),
        );
    }
    *s = [a0, a1, a2, a3, a4];
}

/// `a ^ b` in the vector domain (so absorbing keeps the state off the general-purpose registers).
#[inline(always)]
fn vxor(_: Token, a: __m128i, b: __m128i) -> __m128i {
    let mut a = a;
    // SAFETY: `vpxor` on registers (AVX, implied by AVX-512F); the token proves the CPU has it.
    unsafe {
        asm!(
            "vpxor {a}, {a}, {b}",
            a = inout(xmm_reg) a,
            b = in(xmm_reg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    a
}

/// Complements `x` (the deferred NOT of `x2`).
#[inline(always)]
fn not(_: Token, x: __m128i) -> __m128i {
    let mut x = x;
    // SAFETY: `vpternlogq` on a register (AVX-512F/VL); the token proves the CPU has them.
    unsafe {
        asm!(
            "vpternlogq {x}, {x}, {x}, 0x55",
            x = inout(xmm_reg) x,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    x
}

/// The state of the AVX-512 backend: word `i` in lane 0 of `x[i]`; made only by [`X86Avx512`],
/// so a value is the proof that the CPU runs its instructions.
#[derive(Clone)]
pub(crate) struct Avx512Words {
    x: [__m128i; 5],
    _token: Token,
}

impl KernelState for Avx512Words {
    #[inline(always)]
    fn to_words(&self) -> [u64; 5] {
        self.x.map(lane0)
    }

    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        lane0(self.x[i])
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        self.x[i] = to_vec(v);
    }

    #[inline(always)]
    fn xor(&mut self, i: usize, v: u64) {
        self.x[i] = vxor(self._token, self.x[i], to_vec(v));
    }

    #[inline(always)]
    fn permute<const R: usize>(&mut self) {
        let t = self._token;
        let s = &mut self.x;
        let n = &RC_NOT;
        if R >= 12 {
            round_nc(t, s, &RC_FIRST[0]);
            round_nc(t, s, &n[1]);
            round_nc(t, s, &n[2]);
            round_nc(t, s, &n[3]);
            round_nc(t, s, &n[4]);
            round_nc(t, s, &n[5]);
            round_nc(t, s, &n[6]);
        } else if R >= 8 {
            round_nc(t, s, &RC_FIRST[1]);
            round_nc(t, s, &n[5]);
            round_nc(t, s, &n[6]);
        } else {
            round_nc(t, s, &RC_FIRST[2]);
        }
        round_nc(t, s, &n[7]);
        round_nc(t, s, &n[8]);
        round_nc(t, s, &n[9]);
        round_nc(t, s, &n[10]);
        round_nc(t, s, &n[11]);
        s[2] = not(t, s[2]);
    }

    /// A loop of complete rounds (each with its plain constant, then the NOT of `x2`).
    fn permute_n(&mut self, r: usize) {
        let t = self._token;
        for &c in &RC[16 - r..] {
            round_nc(t, &mut self.x, &Rc([c, 0]));
            self.x[2] = not(t, self.x[2]);
        }
    }

    #[inline(always)]
    fn store(&self, words: &mut Words) {
        *words = Words::from_words(self.to_words());
    }

    #[cfg(feature = "zeroize")]
    #[inline(always)]
    fn wipe(&mut self) {
        for x in &mut self.x {
            // SAFETY: `x` is a valid, aligned, exclusive reference; a volatile write is not
            // optimised away.
            unsafe { core::ptr::write_volatile(x, to_vec(0)) };
        }
    }
}
