//! `std::io::Write` for [`LeMac`] and [`PetitMac`], with the `std` feature: `io::copy(&mut
//! reader, &mut mac)` authenticates a reader or a file. `write` absorbs the whole buffer and never
//! fails.

use std::io;

use crate::mac::{LeMac, PetitMac};

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

write!(LeMac, PetitMac);

#[cfg(test)]
mod tests {
    use digest::{KeyInit, Mac};
    use hex_literal::hex;

    #[test]
    #[cfg_attr(miri, ignore = "slow under Miri")]
    fn copy_into_mac() {
        // LeMac with the all-zero key and nonce of "hello": lemacsum's output (tests/spot.rs).
        let mut mac = crate::LeMac::new(&[0u8; 16].into());
        std::io::copy(&mut &b"hello"[..], &mut mac).unwrap();
        assert_eq!(
            mac.finalize().into_bytes()[..],
            hex!("b2e64fbf9da60940f54a4cd3ee07c37d")
        );
    }
}
