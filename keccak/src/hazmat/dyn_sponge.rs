//! [`DynSponge`]: a Keccak-f\[1600\] sponge whose rate and domain byte are chosen at run time,
//! squeezed to any length, and absorbed into again after squeezing.

use core::fmt;

use super::sponge::Sponge;

/// The domain byte of cSHAKE (SP 800-185).
const CSHAKE_DS: u8 = 0x04;
/// The domain byte of SHAKE (FIPS 202), which cSHAKE is with an empty name and customization.
const SHAKE_DS: u8 = 0x1F;

/// The sponge at one of the FIPS 202 rates.
#[derive(Clone)]
enum Rated {
    R168(Sponge<168, 24>),
    R144(Sponge<144, 24>),
    R136(Sponge<136, 24>),
    R104(Sponge<104, 24>),
    R72(Sponge<72, 24>),
}

/// Runs `$body` with `$s` bound to the sponge and `$rate` to its rate, whatever the rate.
macro_rules! with_sponge {
    ($rated:expr, $s:ident, $rate:ident => $body:expr) => {
        match $rated {
            Rated::R168($s) => {
                let $rate = 168;
                $body
            }
            Rated::R144($s) => {
                let $rate = 144;
                $body
            }
            Rated::R136($s) => {
                let $rate = 136;
                $body
            }
            Rated::R104($s) => {
                let $rate = 104;
                $body
            }
            Rated::R72($s) => {
                let $rate = 72;
                $body
            }
        }
    };
}

/// A Keccak-f\[1600\] sponge whose rate (one of the FIPS 202 rates: 168, 144, 136, 104 or 72
/// bytes) and domain byte are chosen at run time.
///
/// Hazardous: a building block. [`absorb`](Self::absorb) and [`squeeze`](Self::squeeze) may
/// alternate freely:
///
/// * the first `squeeze` after absorbing pads (the domain byte, which carries the first padding
///   bit, then the final `0x80` bit) and permutes; later ones continue the output stream;
/// * an `absorb` after squeezing permutes the state and starts absorbing at the beginning of a
///   block (the output block being read is dropped; if the output had just reached the end of a
///   block, the next block is computed first and then dropped), and the next `squeeze` pads again.
///
/// Absorbing then squeezing once is the plain sponge: with domain byte `0x06` and rate `200 - 2 *
/// n / 8`, the first `n / 8` bytes are SHA3-`n` and the rest continues the same sponge; with `0x01`,
/// Keccak-`n`; with `0x1F`, SHAKE. The alternation after squeezing is the "half-duplex" use of
/// `tiny-keccak` 2, whose `Shake` and `CShake` behave exactly so (`compat/tiny-keccak-2` is built on
/// this type).
///
/// ```
/// use lwc_keccak::{Digest, Sha3_256, hazmat::DynSponge};
///
/// let mut s = DynSponge::new(136, 0x06).unwrap();
/// s.absorb(b"abc");
/// let mut out = [0u8; 32];
/// s.squeeze(&mut out);
/// assert_eq!(out[..], Sha3_256::digest(b"abc")[..]);
/// ```
#[derive(Clone)]
pub struct DynSponge {
    rated: Rated,
    ds: u8,
    squeezing: bool,
}

impl DynSponge {
    /// The empty sponge of rate `rate` bytes and domain byte `ds`; `None` if `rate` is not one of
    /// 168, 144, 136, 104, 72.
    #[must_use]
    pub fn new(rate: usize, ds: u8) -> Option<Self> {
        let rated = match rate {
            168 => Rated::R168(Sponge::new()),
            144 => Rated::R144(Sponge::new()),
            136 => Rated::R136(Sponge::new()),
            104 => Rated::R104(Sponge::new()),
            72 => Rated::R72(Sponge::new()),
            _ => return None,
        };
        Some(Self {
            rated,
            ds,
            squeezing: false,
        })
    }

    /// cSHAKE (SP 800-185) with function name `N` and customization string `S` at rate `rate`
    /// (168: cSHAKE128, 136: cSHAKE256; the other FIPS 202 rates are accepted too): the sponge
    /// after `bytepad(encode_string(N) || encode_string(S), rate)`, domain byte `0x04`; with `N`
    /// and `S` both empty, SHAKE (no prefix, domain byte `0x1F`). `None` for a rate [`new`](Self::new)
    /// refuses.
    #[must_use]
    pub fn new_cshake(rate: usize, function_name: &[u8], customization: &[u8]) -> Option<Self> {
        if function_name.is_empty() && customization.is_empty() {
            return Self::new(rate, SHAKE_DS);
        }
        let mut s = Self::new(rate, CSHAKE_DS)?;
        with_sponge!(&mut s.rated, sp, _rate => sp.absorb_cshake_prefix(function_name, customization));
        Some(s)
    }

    /// The rate in bytes.
    #[must_use]
    pub fn rate(&self) -> usize {
        with_sponge!(&self.rated, _sp, rate => rate)
    }

    /// The domain byte.
    #[must_use]
    pub fn domain_byte(&self) -> u8 {
        self.ds
    }

    /// Absorbs `data`; after squeezing, first permutes and starts a new block (see the type docs).
    pub fn absorb(&mut self, data: &[u8]) {
        let squeezing = core::mem::replace(&mut self.squeezing, false);
        with_sponge!(&mut self.rated, sp, rate => {
            if squeezing {
                // A block read to its end is replaced by the next one before it is dropped.
                if sp.pos == rate {
                    sp.permute();
                }
                sp.permute();
                sp.pos = 0;
            }
            sp.absorb(data);
        });
    }

    /// Writes the next `out.len()` output bytes; the first call after absorbing pads first.
    pub fn squeeze(&mut self, out: &mut [u8]) {
        let pad = !core::mem::replace(&mut self.squeezing, true);
        let ds = self.ds;
        with_sponge!(&mut self.rated, sp, _rate => {
            if pad {
                sp.pad(ds);
            }
            sp.squeeze(out);
        });
    }
}

impl fmt::Debug for DynSponge {
    /// The rate and the domain byte; not the state.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynSponge")
            .field("rate", &self.rate())
            .field("ds", &self.ds)
            .finish_non_exhaustive()
    }
}

/// The state is wiped on drop (by the inner sponge).
#[cfg(feature = "zeroize")]
impl zeroize::ZeroizeOnDrop for DynSponge {}

#[cfg(test)]
mod tests {
    use super::DynSponge;
    #[cfg(feature = "cshake")]
    use crate::CShake128;
    use crate::{
        Digest, ExtendableOutput, Keccak224, Keccak512, Sha3_256, Sha3_384, Shake128, Shake256,
        Update, XofReader,
    };

    fn sq(s: &mut DynSponge, n: usize) -> std::vec::Vec<u8> {
        let mut v = std::vec![0u8; n];
        s.squeeze(&mut v);
        v
    }

    #[test]
    fn rates() {
        for r in [168, 144, 136, 104, 72] {
            assert_eq!(DynSponge::new(r, 6).unwrap().rate(), r);
        }
        for r in [0, 1, 8, 100, 160, 200, usize::MAX] {
            assert!(DynSponge::new(r, 6).is_none());
            assert!(DynSponge::new_cshake(r, b"N", b"").is_none());
        }
    }

    /// One absorb and one squeeze: the fixed hashes (digest prefix) and SHAKE, pieces or not.
    #[test]
    fn plain_sponge() {
        let msg: std::vec::Vec<u8> = (0..500u32).map(|i| (i * 7 + 1) as u8).collect();
        for n in [0, 1, 135, 136, 137, 300, 500] {
            let m = &msg[..n];
            let mut s = DynSponge::new(136, 0x06).unwrap();
            s.absorb(m);
            assert_eq!(sq(&mut s, 32), Sha3_256::digest(m)[..]);
            let mut s = DynSponge::new(104, 0x06).unwrap();
            s.absorb(&m[..n / 3]);
            s.absorb(&m[n / 3..]);
            assert_eq!(sq(&mut s, 48), Sha3_384::digest(m)[..]);
            let mut s = DynSponge::new(144, 0x01).unwrap();
            s.absorb(m);
            assert_eq!(sq(&mut s, 28), Keccak224::digest(m)[..]);
            let mut s = DynSponge::new(72, 0x01).unwrap();
            s.absorb(m);
            assert_eq!(sq(&mut s, 64), Keccak512::digest(m)[..]);
            // Squeezed in pieces of every size: the SHAKE stream.
            let mut want = [0u8; 700];
            Shake256::default().chain(m).finalize_xof().read(&mut want);
            let mut s = DynSponge::new(136, 0x1F).unwrap();
            s.absorb(m);
            let mut got = std::vec::Vec::new();
            for k in [0, 1, 135, 136, 137, 50, 200] {
                got.extend(sq(&mut s, k));
            }
            assert_eq!(got, want[..got.len()]);
        }
    }

    #[cfg(feature = "cshake")]
    #[test]
    fn cshake() {
        let mut a = [0u8; 200];
        let mut b = [0u8; 200];
        for (n, c) in [(&b""[..], &b""[..]), (b"N", b""), (b"", b"Email Signature")] {
            let mut s = DynSponge::new_cshake(168, n, c).unwrap();
            s.absorb(b"\x00\x01\x02\x03");
            s.squeeze(&mut a);
            let mut x = CShake128::new_with_function_name(n, c);
            x.update(b"\x00\x01\x02\x03");
            x.finalize_xof().read(&mut b);
            assert_eq!(a, b);
        }
        // SP 800-185 cSHAKE sample #1 (cSHAKE128, S = "Email Signature").
        let mut s = DynSponge::new_cshake(168, b"", b"Email Signature").unwrap();
        s.absorb(b"\x00\x01\x02\x03");
        assert_eq!(
            sq(&mut s, 32),
            hex_literal::hex!("c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5")
        );
    }

    /// Absorbing after squeezing: the state is permuted (twice if the output had reached the end
    /// of a block) and absorbing starts at offset 0, which this test writes out with the
    /// permutation and the FIPS 202 padding by hand.
    #[test]
    fn absorb_after_squeeze() {
        use crate::hazmat::f1600;
        fn xor_bytes(st: &mut [u64; 25], at: usize, data: &[u8]) {
            for (i, &b) in data.iter().enumerate() {
                st[(at + i) / 8] ^= u64::from(b) << (8 * ((at + i) % 8));
            }
        }
        fn bytes(st: &[u64; 25], from: usize, n: usize) -> std::vec::Vec<u8> {
            (from..from + n)
                .map(|i| (st[i / 8] >> (8 * (i % 8))) as u8)
                .collect()
        }
        const R: usize = 168;
        for first in [0usize, 5, 168, 200, 336] {
            let mut s = DynSponge::new(R, 0x1F).unwrap();
            s.absorb(b"abc");
            let out1 = sq(&mut s, first);
            s.absorb(b"defg");
            let out2 = sq(&mut s, 10);
            // By hand: SHAKE128("abc"), `first` bytes, then the next block(s).
            let mut st = [0u64; 25];
            xor_bytes(&mut st, 0, b"abc\x1F");
            xor_bytes(&mut st, R - 1, &[0x80]);
            f1600(&mut st);
            let mut want1 = std::vec::Vec::new();
            let mut pos = 0;
            while want1.len() < first {
                if pos == R {
                    f1600(&mut st);
                    pos = 0;
                }
                let k = (R - pos).min(first - want1.len());
                want1.extend(bytes(&st, pos, k));
                pos += k;
            }
            assert_eq!(out1, want1);
            if pos == R {
                f1600(&mut st);
            }
            f1600(&mut st);
            xor_bytes(&mut st, 0, b"defg\x1F");
            xor_bytes(&mut st, R - 1, &[0x80]);
            f1600(&mut st);
            assert_eq!(out2, bytes(&st, 0, 10), "first = {first}");
        }
        // Squeezing nothing still switches to squeezing: the padding is not repeated.
        let mut s = DynSponge::new(R, 0x1F).unwrap();
        s.squeeze(&mut []);
        let mut want = [0u8; 20];
        Shake128::default().finalize_xof().read(&mut want);
        assert_eq!(sq(&mut s, 20), want);
    }
}
