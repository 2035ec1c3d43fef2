//! The `bi32` word conversions with RV32 Zbkb's `unzip` and `zip`: `unzip` moves the even bits
//! of a 32-bit half to its low 16 bits and the odd bits to its high 16 bits (what the four delta
//! swaps of `words::unshuffle32` do), `zip` is its inverse; the halves of the two halves are then
//! joined (`pack` with Zbkb: the compiler emits it for the `& 0xffff | << 16` form).
//!
//! Not a run-time backend (bare-metal RV32 has no run-time detection): part of the portable
//! kernels' `bi32` words on riscv32 when Zbkb is enabled at compile time
//! (`-C target-feature=+zbkb`, the cfg alias `ascon_zbkb`). Its `unsafe`: the two instructions in
//! inline assembly (`core::arch::riscv32`'s `zip`/`unzip` intrinsics are not stable).

use core::arch::asm;

/// `unzip x`: even bits to the low half, odd bits to the high half.
#[inline(always)]
fn unzip(x: u32) -> u32 {
    let r: u32;
    // SAFETY: `unzip` is a register-only Zbkb instruction and this module is compiled only when
    // the target has Zbkb (`target_feature = "zbkb"`); it reads `x` and writes `r` only.
    unsafe {
        asm!("unzip {r}, {x}", x = in(reg) x, r = lateout(reg) r,
             options(pure, nomem, nostack, preserves_flags));
    }
    r
}

/// `zip x`: the inverse of [`unzip`].
#[inline(always)]
fn zip(x: u32) -> u32 {
    let r: u32;
    // SAFETY: `zip` is a register-only Zbkb instruction and this module is compiled only when the
    // target has Zbkb (`target_feature = "zbkb"`); it reads `x` and writes `r` only.
    unsafe {
        asm!("zip {r}, {x}", x = in(reg) x, r = lateout(reg) r,
             options(pure, nomem, nostack, preserves_flags));
    }
    r
}

/// `x` as (even bits, odd bits): `words::interleave` in two `unzip` and two joins.
#[inline(always)]
pub(crate) fn interleave(x: u64) -> (u32, u32) {
    let lo = unzip(x as u32);
    let hi = unzip((x >> 32) as u32);
    ((lo & 0xffff) | (hi << 16), (lo >> 16) | (hi & 0xffff_0000))
}

/// The inverse of [`interleave`]: two joins and two `zip`.
#[inline(always)]
pub(crate) fn deinterleave(e: u32, o: u32) -> u64 {
    let lo = zip((e & 0xffff) | (o << 16));
    let hi = zip((e >> 16) | (o & 0xffff_0000));
    u64::from(lo) | (u64::from(hi) << 32)
}
