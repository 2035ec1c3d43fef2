//! mac mode(s) of the family.
