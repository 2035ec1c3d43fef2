//! aead mode(s) of the family.
