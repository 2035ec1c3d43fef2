//! Compact Keccak-p\[1600\]: one rolled round loop, the smallest code
//! (`--cfg keccak_backend="compact"`).

use super::super::{RC, State1600};
use super::portable::round;

/// Keccak-p\[1600, R\] with a rolled round loop.
#[inline(never)]
pub(crate) fn keccak_p<const R: usize>(state: &mut State1600) {
    let mut a = *state;
    for &rc in &RC[24 - R..] {
        a = round(a, rc);
    }
    *state = a;
}
