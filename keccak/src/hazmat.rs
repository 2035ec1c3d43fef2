//! The raw permutation(s) of the family, with their backends side by side.
//!
//! Hazardous: these are building blocks, not finished constructions.

mod backends;
