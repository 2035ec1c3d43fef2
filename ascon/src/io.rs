//! `std::io::Write` for every hasher, XOF and MAC (`AsconHasher<P>`), with the `std` feature:
//! `io::copy(&mut reader, &mut hasher)` hashes a reader or a file, as digest 0.10's `CoreWrapper`
//! allowed. `write` absorbs the whole buffer and never fails. The readers get no `io::Read`: its
//! `read` would make `reader.read(..)` ambiguous beside `XofReader::read`.

use std::io;

use crate::hash::{AsconHasher, Hashing};

impl<P: Hashing> io::Write for AsconHasher<P> {
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

#[cfg(test)]
mod tests {
    use hex_literal::hex;

    #[test]
    fn copy_into_hasher() {
        // SP 800-232 Ascon-Hash256 of the empty message (the NIST KAT file, Count = 1).
        let mut h = crate::AsconHash256::default();
        std::io::copy(&mut &b""[..], &mut h).unwrap();
        assert_eq!(
            digest::Digest::finalize(h)[..],
            hex!("0B3BE5850F2F6B98CAF29F8FDEA89B64A1FA70AA249B8F839BD53BAA304D92B2")
        );
    }
}
