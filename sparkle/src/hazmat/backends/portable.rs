//! Portable backend: plain Rust on `u32` words.
//!
//! The branch count and the step count are compile-time constants, every loop has constant bounds,
//! so the compiler unrolls the branch loops and keeps the state in registers; Alzette's rotation
//! amounts and constants are immediates.

use super::RCON;

/// The Alzette ARX box on one branch with round constant `c`.
#[inline(always)]
pub(crate) fn alzette(x: &mut u32, y: &mut u32, c: u32) {
    *x = x.wrapping_add(y.rotate_right(31));
    *y ^= x.rotate_right(24);
    *x ^= c;
    *x = x.wrapping_add(y.rotate_right(17));
    *y ^= x.rotate_right(17);
    *x ^= c;
    *x = x.wrapping_add(*y);
    *y ^= x.rotate_right(31);
    *x ^= c;
    *x = x.wrapping_add(y.rotate_right(24));
    *y ^= x.rotate_right(16);
    *x ^= c;
}

/// The linear map `ELL` of the Sparkle linear layer.
#[inline(always)]
pub(crate) fn ell(v: u32) -> u32 {
    v.rotate_right(16) ^ (v & 0xFFFF)
}

/// One Sparkle step with step number `step` on `N / 2` branches.
#[inline(always)]
fn step<const N: usize>(s: &mut [u32; N], step: usize) {
    let nb = N / 2;
    let h = nb / 2;
    s[1] ^= RCON[step % 8];
    s[3] ^= step as u32;
    for i in 0..nb {
        let (x, y) = s.split_at_mut(2 * i + 1);
        alzette(&mut x[2 * i], &mut y[0], RCON[i]);
    }
    let mut tx = 0;
    let mut ty = 0;
    for i in 0..h {
        tx ^= s[2 * i];
        ty ^= s[2 * i + 1];
    }
    let tx = ell(tx);
    let ty = ell(ty);
    let mut n = [0u32; N];
    for j in 0..h {
        let src = (j + 1) % h;
        n[2 * j] = s[2 * (h + src)] ^ s[2 * src] ^ ty;
        n[2 * j + 1] = s[2 * (h + src) + 1] ^ s[2 * src + 1] ^ tx;
        n[2 * (h + j)] = s[2 * j];
        n[2 * (h + j) + 1] = s[2 * j + 1];
    }
    *s = n;
}

/// Sparkle on `N` words (`N / 2` branches) with `STEPS` steps.
#[inline(always)]
pub(crate) fn sparkle<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    let mut s = *state;
    // Fully unrolled (STEPS <= 12 in every instance): the branch rotation of the linear layer
    // becomes register renaming and the step constants become immediates.
    macro_rules! unrolled {
        ($($i:literal)*) => {
            $(
                if $i < STEPS {
                    step(&mut s, $i);
                }
            )*
        };
    }
    unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
    for i in 12..STEPS {
        step(&mut s, i);
    }
    *state = s;
}

/// Sparkle on `N` words with a run-time step count (the public hazmat entry for odd step counts).
pub(crate) fn sparkle_steps<const N: usize>(state: &mut [u32; N], steps: usize) {
    let mut s = *state;
    for i in 0..steps {
        step(&mut s, i);
    }
    *state = s;
}
