//! `std::io::Write` for every hasher, XOF and MAC, with the `std` feature: `io::copy(&mut reader,
//! &mut hasher)` hashes a reader or a file, as digest 0.10's `CoreWrapper` allowed. `write` absorbs
//! the whole buffer and never fails.
//!
//! The XOF readers get no `std::io::Read`: its `read` would make `reader.read(..)` ambiguous
//! beside [`XofReader::read`](digest::XofReader::read) in code written for sha3 0.12.

use std::io;

#[cfg(all(feature = "kt", feature = "alloc"))]
use crate::custom::CustomKt;
#[cfg(feature = "kt")]
use crate::custom::CustomRefKt;
use crate::hash::{
    Keccak224, Keccak256, Keccak256Full, Keccak384, Keccak512, Sha3_224, Sha3_256, Sha3_384,
    Sha3_512,
};
#[cfg(feature = "kt")]
use crate::kt::Kt;
#[cfg(feature = "kmac")]
use crate::mac::Kmac;
#[cfg(feature = "parallel-hash")]
use crate::sp800_185::ParallelHash;
#[cfg(feature = "cshake")]
use crate::xof::CShake;
use crate::xof::Shake;
#[cfg(feature = "turboshake")]
use crate::xof::{DynTurboShake, TurboShake};

macro_rules! write {
    ($([$($g:tt)*] $ty:ty;)*) => {$(
        impl<$($g)*> io::Write for $ty {
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

write!(
    [] Sha3_224; [] Sha3_256; [] Sha3_384; [] Sha3_512;
    [] Keccak224; [] Keccak256; [] Keccak384; [] Keccak512; [] Keccak256Full;
    [const RATE: usize] Shake<RATE>;
);
#[cfg(feature = "cshake")]
write!([const RATE: usize] CShake<RATE>;);
#[cfg(feature = "turboshake")]
write!([const RATE: usize, const DS: u8] TurboShake<RATE, DS>; [const RATE: usize] DynTurboShake<RATE>;);
#[cfg(feature = "kt")]
write!([const RATE: usize] Kt<RATE>; ['a, const RATE: usize] CustomRefKt<'a, RATE>;);
#[cfg(feature = "parallel-hash")]
write!([const RATE: usize] ParallelHash<RATE>;);
#[cfg(feature = "kmac")]
write!([const RATE: usize] Kmac<RATE>;);
#[cfg(all(feature = "kt", feature = "alloc"))]
write!([const RATE: usize] CustomKt<RATE>;);

#[cfg(test)]
mod tests {
    use std::io::Write;

    use hex_literal::hex;

    #[test]
    fn copy_into_hasher() {
        // FIPS 202 SHA3-256("abc") and SHAKE128("") from the NIST examples.
        let mut h = crate::Sha3_256::default();
        std::io::copy(&mut &b"abc"[..], &mut h).unwrap();
        h.flush().unwrap();
        assert_eq!(
            digest::Digest::finalize(h)[..],
            hex!("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
        );
        let mut x = crate::Shake128::default();
        std::io::copy(&mut &b""[..], &mut x).unwrap();
        let mut out = [0u8; 16];
        digest::ExtendableOutput::finalize_xof_into(x, &mut out);
        assert_eq!(out, hex!("7f9c2ba4e88f827d616045507605853e"));
    }
}
