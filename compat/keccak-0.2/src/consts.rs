//! Sizes and round counts of the Keccak-f permutations.

/// Lanes in every Keccak state (5 × 5).
pub const PLEN: usize = 25;

/// Keccak-f\[200\] runs 18 rounds.
pub const F200_ROUNDS: usize = 18;
/// Keccak-f\[400\] runs 20 rounds.
pub const F400_ROUNDS: usize = 20;
/// Keccak-f\[800\] runs 22 rounds.
pub const F800_ROUNDS: usize = 22;
/// Keccak-f\[1600\] runs 24 rounds.
pub const F1600_ROUNDS: usize = 24;
