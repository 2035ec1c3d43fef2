//! Permutation backends: `portable` first, SIMD backends chosen once at run time.

pub(crate) mod portable;
