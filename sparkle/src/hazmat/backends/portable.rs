//! Portable backend: plain Rust on `u32` words, always compiled (and the code of the `x86_bmi`
//! backend, compiled there with BMI2).
//!
//! The branch count and the step count are compile-time constants, every loop has constant bounds,
//! so the compiler unrolls the branch loops and keeps the state in registers; Alzette's rotation
//! amounts and constants are immediates.

use super::Kernels;
use crate::hazmat::words::{RCON, ell};

/// The portable kernels (the default methods of [`Kernels`] for the fused loops).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

/// Runs `job` with the portable kernels.
#[inline(always)]
pub(super) fn run<J: super::Job>(_: super::tokens::Portable, job: J) -> J::Output {
    job.run(Portable)
}

impl Kernels for Portable {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        sparkle::<N, STEPS>(state);
    }
}

/// The Alzette ARX box on one branch with round constant `c`, spec form (used for Sparkle512,
/// whose 16 state words leave no spare register for the copy [`alzette_r16`] costs).
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

/// Alzette with `y` kept rotated: on entry and exit `ys` holds `y.rotate_right(16)`.
///
/// Each round `x += y >>> a; y ^= x >>> b` becomes two in-place rotations of the stored `y`
/// (to `y >>> a` for the addition, then to `y >>> (32 - b)`, where XORing `x` unrotated is the
/// same as XORing `x >>> b` into `y`). LLVM merges the two rotations into two rotations of the
/// same word, which costs one register copy, so on a two-operand ISA such as baseline x86_64 a
/// round is six instructions instead of seven (24 per Alzette instead of 26).
#[inline(always)]
fn alzette_r16(x: &mut u32, ys: &mut u32, c: u32) {
    let (mut x0, mut y) = (*x, *ys);
    // Round 1 (31, 24): stored rotation 16 -> 31, add; -> 8 (= -24), xor.
    y = y.rotate_right(15);
    x0 = x0.wrapping_add(y);
    y = y.rotate_right(9);
    y ^= x0;
    x0 ^= c;
    // Round 2 (17, 17): 8 -> 17, add; -> 15 (= -17), xor.
    y = y.rotate_right(9);
    x0 = x0.wrapping_add(y);
    y = y.rotate_right(30);
    y ^= x0;
    x0 ^= c;
    // Round 3 (0, 31): 15 -> 0, add; -> 1 (= -31), xor.
    y = y.rotate_right(17);
    x0 = x0.wrapping_add(y);
    y = y.rotate_right(1);
    y ^= x0;
    x0 ^= c;
    // Round 4 (24, 16): 1 -> 24, add; -> 16 (= -16), xor.
    y = y.rotate_right(23);
    x0 = x0.wrapping_add(y);
    y = y.rotate_right(24);
    y ^= x0;
    x0 ^= c;
    *x = x0;
    *ys = y;
}

/// One Sparkle step with step number `step` on `N / 2` branches, with every `y` word stored
/// rotated right by 16 (see [`alzette_r16`]) where [`rotated`] says so.
///
/// In that form the linear layer costs the same: the XOR of the stored left `y` words is
/// `ty >>> 16`, so `ELL(ty) = t ^ (t >> 16)` with `t` the stored sum; and `ELL(tx)`, which is
/// XORed into stored `y` words, is needed rotated by 16, which is `tx ^ (tx << 16)`. The step
/// constants are XORed pre-rotated.
#[inline(always)]
fn step<const N: usize, const R: bool>(s: &mut [u32; N], step: usize) {
    let nb = N / 2;
    let h = nb / 2;
    let r = if rotated::<N, R>() { 16 } else { 0 };
    s[1] ^= RCON[step % 8].rotate_right(r);
    s[3] ^= (step as u32).rotate_right(r);
    for i in 0..nb {
        let (x, y) = s.split_at_mut(2 * i + 1);
        if rotated::<N, R>() {
            alzette_r16(&mut x[2 * i], &mut y[0], RCON[i]);
        } else {
            alzette(&mut x[2 * i], &mut y[0], RCON[i]);
        }
    }
    let mut tx = 0;
    let mut ty = 0;
    for i in 0..h {
        tx ^= s[2 * i];
        ty ^= s[2 * i + 1];
    }
    // ELL(tx) rotated by 16 (for the stored y words), ELL(ty) unrotated (for the x words).
    let (tx, ty) = if rotated::<N, R>() {
        (tx ^ (tx << 16), ty ^ (ty >> 16))
    } else {
        (ell(tx), ell(ty))
    };
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

/// Whether [`step`] keeps the `y` words rotated right by 16 ([`alzette_r16`]): for Sparkle256 and
/// Sparkle384 when `R` (code for a target without a three-operand rotate; with BMI2's `rorx` the
/// spec form needs no copies and is shorter). Sparkle512 has 16 state words, as many as x86_64 has registers, and the extra copy
/// the rotated form needs costs spills there (PERFORMANCE.md, "Figures behind design choices").
#[inline(always)]
const fn rotated<const N: usize, const R: bool>() -> bool {
    R && N <= 12
}

/// Rotates every `y` word (odd index) right by 16: into and out of the form [`step`] works on
/// (nothing for the sizes that use the spec form).
#[inline(always)]
fn rotate_y<const N: usize, const R: bool>(s: &mut [u32; N]) {
    if !rotated::<N, R>() {
        return;
    }
    for i in 0..N / 2 {
        s[2 * i + 1] = s[2 * i + 1].rotate_right(16);
    }
}

/// Sparkle on `N` words (`N / 2` branches) with `STEPS` steps.
#[inline(always)]
pub(crate) fn sparkle<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    sparkle_form::<N, STEPS, { !cfg!(target_feature = "bmi2") }>(state);
}

/// Sparkle in the spec form, for code compiled with BMI2 (the `x86_bmi` backend and Sparkle256 in
/// the `x86_avx2` backend): `rorx` copies and rotates in one instruction.
#[cfg(sparkle_x86)]
#[inline(always)]
pub(crate) fn sparkle_rorx<const N: usize, const STEPS: usize>(state: &mut [u32; N]) {
    sparkle_form::<N, STEPS, false>(state);
}

/// Sparkle on `N` words with `STEPS` steps, `y` words rotated by 16 inside when `R` (see
/// [`rotated`]).
#[inline(always)]
fn sparkle_form<const N: usize, const STEPS: usize, const R: bool>(state: &mut [u32; N]) {
    let mut s = *state;
    rotate_y::<N, R>(&mut s);
    // Fully unrolled (STEPS <= 12 in every instance): the branch rotation of the linear layer
    // becomes register renaming and the step constants become immediates.
    macro_rules! unrolled {
        ($($i:literal)*) => {
            $(
                if $i < STEPS {
                    step::<N, R>(&mut s, $i);
                }
            )*
        };
    }
    unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
    for i in 12..STEPS {
        step::<N, R>(&mut s, i);
    }
    rotate_y::<N, R>(&mut s);
    *state = s;
}

/// Sparkle on `N` words with a run-time step count (the public hazmat entry for odd step counts).
pub(crate) fn sparkle_steps<const N: usize>(state: &mut [u32; N], steps: usize) {
    const R: bool = true;
    let mut s = *state;
    rotate_y::<N, R>(&mut s);
    for i in 0..steps {
        step::<N, R>(&mut s, i);
    }
    rotate_y::<N, R>(&mut s);
    *state = s;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec form of one step: `alzette` on plain words, then the linear layer.
    fn spec_step<const N: usize>(s: &mut [u32; N], step: usize) {
        let nb = N / 2;
        let h = nb / 2;
        s[1] ^= RCON[step % 8];
        s[3] ^= step as u32;
        for i in 0..nb {
            let (x, y) = s.split_at_mut(2 * i + 1);
            alzette(&mut x[2 * i], &mut y[0], RCON[i]);
        }
        let (mut tx, mut ty) = (0, 0);
        for i in 0..h {
            tx ^= s[2 * i];
            ty ^= s[2 * i + 1];
        }
        let (tx, ty) = (ell(tx), ell(ty));
        let old = *s;
        for j in 0..h {
            let src = (j + 1) % h;
            s[2 * j] = old[2 * (h + src)] ^ old[2 * src] ^ ty;
            s[2 * j + 1] = old[2 * (h + src) + 1] ^ old[2 * src + 1] ^ tx;
            s[2 * (h + j)] = old[2 * j];
            s[2 * (h + j) + 1] = old[2 * j + 1];
        }
    }

    fn check<const N: usize, const STEPS: usize>(seed: &mut u64) {
        let input: [u32; N] = core::array::from_fn(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 32) as u32
        });
        let mut expected = input;
        for i in 0..STEPS {
            spec_step(&mut expected, i);
        }
        let mut got = input;
        sparkle_form::<N, STEPS, true>(&mut got);
        assert_eq!(got, expected, "rotated form, N = {N}, steps = {STEPS}");
        let mut got = input;
        sparkle_form::<N, STEPS, false>(&mut got);
        assert_eq!(got, expected, "spec form, N = {N}, steps = {STEPS}");
    }

    #[test]
    fn both_forms_match_the_spec_step() {
        let mut seed = 7;
        for _ in 0..if cfg!(miri) { 2 } else { 100 } {
            check::<8, 7>(&mut seed);
            check::<8, 10>(&mut seed);
            check::<12, 7>(&mut seed);
            check::<12, 11>(&mut seed);
            check::<16, 8>(&mut seed);
            check::<16, 12>(&mut seed);
        }
    }
}
