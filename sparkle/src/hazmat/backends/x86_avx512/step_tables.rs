//! The constants of the AVX-512 code: the tables of each step of the permutation (computed at
//! compile time), and a `vpternlogd` truth table.

use crate::hazmat::words::RCON;

/// `vpternlogd` truth table of `a ^ b ^ c`.
pub(super) const XOR3: i32 = 0x96;

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
pub(super) struct StepTables {
    /// Alzette's constant per lane.
    pub(super) alzette: [u32; 8],
    /// `vpermd` index: each left lane takes its paired right branch, each right lane `h + j`
    /// old left branch `j` (lanes beyond the branches keep their own).
    pub(super) pairing: [u32; 8],
    /// Corrections of the `x` half for the omitted `x ^= c` (left lanes: `c` of both paired
    /// branches; right lanes: `c` of the copied left branch).
    pub(super) kx: [u32; 8],
    /// Added to the left lanes of `y`: the correction of ELL of the `x` sum for the omitted
    /// `x ^= c`, and the next step's constants in the lanes of left branches 0 and 1, all rotated
    /// like the stored `y`.
    pub(super) ky: [u32; 8],
}

/// The tables for `h` = 2, 3, 4 branches per half and steps 0 to 11.
pub(super) static STEP_TABLES: [[StepTables; 12]; 3] = {
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
