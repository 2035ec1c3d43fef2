//! xof mode(s) of the family.
