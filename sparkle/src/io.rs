//! `std::io::Write` for the hashers and XOFs, with the `std` feature: `io::copy(&mut reader,
//! &mut hasher)` hashes a reader or a file, as digest 0.10's `CoreWrapper` allowed. `write`
//! absorbs the whole buffer and never fails. The readers get no `io::Read`: its `read` would make
//! `reader.read(..)` ambiguous beside `XofReader::read`.

use std::io;

use crate::hash::{Esch256, Esch384};
use crate::xof::{XoEsch256, XoEsch384};

macro_rules! write {
    ($($ty:ty),*) => {$(
        impl io::Write for $ty {
            #[inline]
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                digest::Update::update(self, buf);
                Ok(buf.len())
            }

            #[inline]
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
    )*};
}

write!(Esch256, Esch384, XoEsch256, XoEsch384);

#[cfg(test)]
mod tests {
    use hex_literal::hex;

    #[test]
    fn copy_into_hasher() {
        // Esch256 of the empty message (the designers' KAT file, Count = 1).
        let mut h = crate::Esch256::default();
        std::io::copy(&mut &b""[..], &mut h).unwrap();
        assert_eq!(
            digest::Digest::finalize(h)[..],
            hex!("C0E815D78B875DC768C6C8B3AFA51987CD69E5C087D387368628A511CFAD5730")
        );
    }
}
