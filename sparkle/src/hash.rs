//! hash mode(s) of the family.
