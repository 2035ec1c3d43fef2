//! Constants used by the Keccak functions.

/// Length of permuted state.
pub const PLEN: usize = 25;

/// Number of rounds used by the `f200` function.
pub const F200_ROUNDS: usize = 18;
/// Number of rounds used by the `f400` function.
pub const F400_ROUNDS: usize = 20;
/// Number of rounds used by the `f800` function.
pub const F800_ROUNDS: usize = 22;
/// Number of rounds used by the `f1600` function.
pub const F1600_ROUNDS: usize = 24;
