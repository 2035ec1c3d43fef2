//! The facade against the real tiny-keccak 2.0.2 (`tiny-keccak-orig`): every type on
//! pseudo-random inputs, split updates, outputs of every length (longer than the rate too),
//! repeated squeezes, updates after squeezes, clones.

use tiny_keccak as ours;
use tiny_keccak::{Hasher, IntoXof, Xof};
use tiny_keccak_orig as orig;
use tiny_keccak_orig::{Hasher as OHasher, IntoXof as OIntoXof, Xof as OXof};

/// xorshift64*: reproducible pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// A length below `max`, often near a multiple of a rate.
    fn len(&mut self, max: usize) -> usize {
        match self.below(4) {
            0 => {
                let r = [72, 104, 136, 144, 168][self.below(5)];
                (r * self.below(4) + self.below(3))
                    .saturating_sub(1)
                    .min(max - 1)
            }
            _ => self.below(max),
        }
    }
    /// Random bytes, a random length below `max`.
    fn rbytes(&mut self, max: usize) -> Vec<u8> {
        let n = self.len(max);
        self.bytes(n)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    /// `data` cut into random pieces (empty ones included).
    fn pieces<'a>(&mut self, mut data: &'a [u8]) -> Vec<&'a [u8]> {
        let mut v = Vec::new();
        while !data.is_empty() {
            let k = self.below(data.len().min(400) + 1);
            let (a, b) = data.split_at(k);
            v.push(a);
            data = b;
        }
        v
    }
}

/// Feeds `msg` in the same pieces to both, then finalizes both to `n` bytes.
fn fin<A: Hasher, B: OHasher>(
    rng: &mut Rng,
    mut a: A,
    mut b: B,
    msg: &[u8],
    n: usize,
) -> (Vec<u8>, Vec<u8>) {
    for p in rng.pieces(msg) {
        a.update(p);
        b.update(p);
    }
    let (mut x, mut y) = (vec![0u8; n], vec![0u8; n]);
    a.finalize(&mut x);
    b.finalize(&mut y);
    (x, y)
}

/// Squeezes both in the same random pieces, `total` bytes.
fn squeezes<A: Xof, B: OXof>(rng: &mut Rng, a: &mut A, b: &mut B, total: usize) {
    let mut left = total;
    while left > 0 {
        let k = rng.len(left + 1).max(1).min(left);
        let (mut x, mut y) = (vec![0u8; k], vec![0u8; k]);
        a.squeeze(&mut x);
        b.squeeze(&mut y);
        assert_eq!(x, y);
        left -= k;
    }
}

#[test]
fn fixed_hashes() {
    let mut rng = Rng(1);
    for i in 0..800 {
        let msg = rng.rbytes(1200);
        let n = rng.len(700);
        let (x, y) = match i % 8 {
            0 => fin(
                &mut rng,
                ours::Keccak::v224(),
                orig::Keccak::v224(),
                &msg,
                n,
            ),
            1 => fin(
                &mut rng,
                ours::Keccak::v256(),
                orig::Keccak::v256(),
                &msg,
                n,
            ),
            2 => fin(
                &mut rng,
                ours::Keccak::v384(),
                orig::Keccak::v384(),
                &msg,
                n,
            ),
            3 => fin(
                &mut rng,
                ours::Keccak::v512(),
                orig::Keccak::v512(),
                &msg,
                n,
            ),
            4 => fin(&mut rng, ours::Sha3::v224(), orig::Sha3::v224(), &msg, n),
            5 => fin(&mut rng, ours::Sha3::v256(), orig::Sha3::v256(), &msg, n),
            6 => fin(&mut rng, ours::Sha3::v384(), orig::Sha3::v384(), &msg, n),
            _ => fin(&mut rng, ours::Sha3::v512(), orig::Sha3::v512(), &msg, n),
        };
        assert_eq!(x, y, "case {i}, message {} bytes, output {n}", msg.len());
    }
}

/// Random interleavings of `update`, `squeeze` and clones, then `finalize`.
fn duplex<A: Hasher + Xof + Clone, B: OHasher + OXof + Clone>(rng: &mut Rng, mut a: A, mut b: B) {
    for _ in 0..rng.below(8) {
        match rng.below(3) {
            0 => {
                let m = rng.rbytes(500);
                a.update(&m);
                b.update(&m);
            }
            1 => {
                let n = rng.len(500);
                squeezes(rng, &mut a, &mut b, n);
            }
            _ => {
                let (mut a2, mut b2) = (a.clone(), b.clone());
                let n = rng.len(300);
                squeezes(rng, &mut a2, &mut b2, n);
            }
        }
    }
    let n = rng.len(600);
    let (mut x, mut y) = (vec![0u8; n], vec![0u8; n]);
    a.finalize(&mut x);
    b.finalize(&mut y);
    assert_eq!(x, y);
}

/// The encoded length of `left_encode(8 * len)` followed by `len` bytes: `encode_string`.
fn encode_string_len(len: usize) -> usize {
    let bits = 8 * len as u128;
    let n = (128 - bits.leading_zeros() as usize).div_ceil(8);
    1 + n.max(1) + len
}

/// Whether tiny-keccak 2.0.2 departs from SP 800-185 for a `bytepad` of `encoded` bytes (after
/// `left_encode(rate)`, 2 bytes): a prefix that fills the rate exactly, where it permutes twice.
fn fills_rate(encoded: usize, rate: usize) -> bool {
    (2 + encoded) % rate == 0
}

fn cshake_quirk(name: usize, custom: usize, rate: usize) -> bool {
    (name > 0 || custom > 0)
        && fills_rate(encode_string_len(name) + encode_string_len(custom), rate)
}

#[test]
fn shake_cshake_duplex() {
    let mut rng = Rng(2);
    for i in 0..600 {
        let (n, s) = match rng.below(4) {
            0 => (vec![], vec![]),
            1 => (vec![], rng.rbytes(400)),
            _ => (rng.rbytes(60), rng.rbytes(400)),
        };
        let rate = if i % 2 == 0 { 168 } else { 136 };
        if cshake_quirk(n.len(), s.len(), rate) {
            continue; // `tiny_keccak_quirk` below
        }
        match i % 4 {
            0 => duplex(
                &mut rng,
                ours::CShake::v128(&n, &s),
                orig::CShake::v128(&n, &s),
            ),
            1 => duplex(
                &mut rng,
                ours::CShake::v256(&n, &s),
                orig::CShake::v256(&n, &s),
            ),
            2 => duplex(&mut rng, ours::Shake::v128(), orig::Shake::v128()),
            _ => duplex(&mut rng, ours::Shake::v256(), orig::Shake::v256()),
        }
    }
}

/// Feeds `msg` in the same pieces to both (for TupleHash: the same items), then checks
/// `finalize` to `n` bytes on clones, and the XOFs squeezed in random pieces.
fn hash_and_xof<A, B>(rng: &mut Rng, mut a: A, mut b: B, msg: &[u8], n: usize)
where
    A: Hasher + IntoXof + Clone,
    B: OHasher + OIntoXof + Clone,
    A::Xof: Clone,
    B::Xof: Clone,
{
    for p in rng.pieces(msg) {
        a.update(p);
        b.update(p);
    }
    let (mut x, mut y) = (vec![0u8; n], vec![0u8; n]);
    a.clone().finalize(&mut x);
    b.clone().finalize(&mut y);
    assert_eq!(x, y, "finalize to {n} bytes");
    let (mut xa, mut xb) = (a.into_xof(), b.into_xof());
    let total = rng.len(700);
    squeezes(rng, &mut xa, &mut xb, total);
    let (mut ca, mut cb) = (xa.clone(), xb.clone());
    squeezes(rng, &mut ca, &mut cb, 200);
    squeezes(rng, &mut xa, &mut xb, 200);
}

#[test]
fn kmac() {
    let mut rng = Rng(3);
    for i in 0..400 {
        let (v256, rate) = if i % 2 == 1 {
            (true, 136)
        } else {
            (false, 168)
        };
        let custom = rng.rbytes(300);
        let key = rng.rbytes(300);
        let msg = rng.rbytes(2000);
        let n = rng.len(600);
        if cshake_quirk(4, custom.len(), rate) || fills_rate(encode_string_len(key.len()), rate) {
            continue; // `tiny_keccak_quirk` below
        }
        if v256 {
            let (a, b) = (
                ours::Kmac::v256(&key, &custom),
                orig::Kmac::v256(&key, &custom),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        } else {
            let (a, b) = (
                ours::Kmac::v128(&key, &custom),
                orig::Kmac::v128(&key, &custom),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        }
    }
}

#[test]
fn tuple_hash() {
    let mut rng = Rng(4);
    for i in 0..400 {
        let (v256, rate) = if i % 2 == 1 {
            (true, 136)
        } else {
            (false, 168)
        };
        let custom = rng.rbytes(300);
        let msg = rng.rbytes(2000);
        let n = rng.len(600);
        if cshake_quirk(9, custom.len(), rate) {
            continue;
        }
        if v256 {
            let (a, b) = (
                ours::TupleHash::v256(&custom),
                orig::TupleHash::v256(&custom),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        } else {
            let (a, b) = (
                ours::TupleHash::v128(&custom),
                orig::TupleHash::v128(&custom),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        }
    }
}

#[test]
fn parallel_hash() {
    let mut rng = Rng(5);
    for i in 0..400 {
        let (v256, rate) = if i % 2 == 1 {
            (true, 136)
        } else {
            (false, 168)
        };
        let custom = rng.rbytes(300);
        let block = 1 + rng.len(400);
        let msg = rng.rbytes(5000);
        let n = rng.len(600);
        if cshake_quirk(12, custom.len(), rate) {
            continue;
        }
        if v256 {
            let (a, b) = (
                ours::ParallelHash::v256(&custom, block),
                orig::ParallelHash::v256(&custom, block),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        } else {
            let (a, b) = (
                ours::ParallelHash::v128(&custom, block),
                orig::ParallelHash::v128(&custom, block),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        }
    }
}

#[test]
fn kangaroo_twelve() {
    let mut rng = Rng(6);
    for i in 0..120 {
        let custom = rng.rbytes(400);
        let long = [0, 8191, 8192, 8193, 16384, 3 * 8192 + 1][rng.below(6)];
        let len = if i % 2 == 0 {
            rng.len(2000)
        } else {
            long + rng.below(300)
        };
        let msg = rng.bytes(len);
        let n = rng.len(600);
        if i % 3 == 0 {
            // An owned customization string.
            let (a, b) = (
                ours::KangarooTwelve::new(custom.clone()),
                orig::KangarooTwelve::new(custom.clone()),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        } else {
            let (a, b) = (
                ours::KangarooTwelve::new(&custom[..]),
                orig::KangarooTwelve::new(&custom[..]),
            );
            hash_and_xof(&mut rng, a, b, &msg, n);
        }
    }
}

#[test]
fn permutations() {
    let mut rng = Rng(7);
    for _ in 0..50 {
        let mut a = [0u64; 25];
        for w in a.iter_mut() {
            *w = rng.next();
        }
        let mut b = a;
        ours::keccakf(&mut a);
        orig::keccakf(&mut b);
        assert_eq!(a, b);
        ours::keccakp(&mut a);
        orig::keccakp(&mut b);
        assert_eq!(a, b);
    }
}

/// Where tiny-keccak 2.0.2 departs from SP 800-185 (a `bytepad` prefix filling the rate exactly:
/// it permutes twice), the facade gives the standard value, lwc-keccak's: the two differ there,
/// and only there.
#[test]
fn tiny_keccak_quirk() {
    use lwc_keccak::digest::CustomizedInit;
    use lwc_keccak::{CShake128, ExtendableOutput, Kmac128, TupleHash128, Update, XofReader};
    // cSHAKE128, N = "": `left_encode(168) || encode_string("") || encode_string(S)` is
    // 2 + 2 + (3 + |S|) bytes, the rate (168) for |S| = 161 only.
    let mut found = Vec::new();
    for len in 100..200 {
        let s = vec![7u8; len];
        let mut a = [0u8; 40];
        let mut b = [0u8; 40];
        let mut c = [0u8; 40];
        let mut x = ours::CShake::v128(b"", &s);
        x.update(b"msg");
        x.finalize(&mut a);
        let mut y = orig::CShake::v128(b"", &s);
        y.update(b"msg");
        y.finalize(&mut b);
        CShake128::new_customized(&s)
            .chain(b"msg")
            .finalize_xof()
            .read(&mut c);
        assert_eq!(a, c, "the facade is lwc-keccak's cSHAKE");
        assert_eq!(a != b, cshake_quirk(0, len, 168), "S of {len} bytes");
        if a != b {
            found.push(len);
        }
    }
    assert_eq!(found, [161]);
    // KMAC128 with a 163-byte key.
    let key = [1u8; 163];
    assert!(fills_rate(encode_string_len(key.len()), 168));
    let (mut a, mut b, mut c) = ([0u8; 32], [0u8; 32], [0u8; 32]);
    let mut x = ours::Kmac::v128(&key, b"");
    x.update(b"msg");
    x.finalize(&mut a);
    let mut y = orig::Kmac::v128(&key, b"");
    y.update(b"msg");
    y.finalize(&mut b);
    let mut z = Kmac128::new_customized(&key, b"");
    lwc_keccak::Mac::update(&mut z, b"msg");
    z.finalize_into_slice(&mut c);
    assert_eq!(a, c);
    assert_ne!(a, b);
    // TupleHash128 with a customization string that fills the rate.
    let s = (100..200).find(|&l| cshake_quirk(9, l, 168)).unwrap();
    let s = vec![3u8; s];
    let mut x = ours::TupleHash::v128(&s);
    x.update(b"item");
    x.finalize(&mut a);
    let mut y = orig::TupleHash::v128(&s);
    y.update(b"item");
    y.finalize(&mut b);
    TupleHash128::new(&s)
        .chain_item(b"item")
        .finalize_into_slice(&mut c);
    assert_eq!(a, c);
    assert_ne!(a, b);
}
