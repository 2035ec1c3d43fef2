//! XOF output read in pieces of every small size (ML-KEM reads 3 bytes at a time, ML-DSA 5 or
//! 168), across lane and block boundaries: the same bytes as RustCrypto's `shake`, `turboshake`
//! and `k12` read in one call.

use digest::{ExtendableOutput, Update, XofReader};

const TOTAL: usize = 3 * 168 + 41;

/// Piece-size patterns: every constant size 1..=17, and an irregular sequence.
fn patterns() -> Vec<Vec<usize>> {
    let mut v: Vec<Vec<usize>> = (1..=17).map(|n| vec![n]).collect();
    v.push(vec![3, 5, 1, 8, 2, 7, 168, 9, 4, 6, 0, 33, 136]);
    v
}

/// `reader` read in pieces cycling through `pattern`, `TOTAL` bytes.
fn in_pieces(mut reader: impl XofReader, pattern: &[usize]) -> Vec<u8> {
    let mut out = vec![0u8; TOTAL];
    let mut at = 0;
    for &n in pattern.iter().cycle() {
        if at == TOTAL {
            break;
        }
        let n = n.min(TOTAL - at);
        reader.read(&mut out[at..at + n]);
        at += n;
    }
    out
}

fn one_call(mut reader: impl XofReader) -> Vec<u8> {
    let mut out = vec![0u8; TOTAL];
    reader.read(&mut out);
    out
}

fn check<A, B>(ours: impl Fn() -> A, peer: impl Fn() -> B, what: &str)
where
    A: Update + ExtendableOutput,
    B: Update + ExtendableOutput,
{
    for len in [0usize, 1, 34, 167, 168, 169] {
        let m: Vec<u8> = (0..len).map(|i| (i * 13 + 1) as u8).collect();
        let mut b = peer();
        b.update(&m);
        let want = one_call(b.finalize_xof());
        for p in patterns() {
            let mut a = ours();
            a.update(&m);
            assert_eq!(
                in_pieces(a.finalize_xof(), &p),
                want,
                "{what}, {len}-byte input, pieces {p:?}"
            );
        }
    }
}

#[test]
fn small_reads_match_the_peers() {
    check(
        lwc_keccak::Shake128::default,
        shake_rc::Shake128::default,
        "SHAKE128",
    );
    check(
        lwc_keccak::Shake256::default,
        shake_rc::Shake256::default,
        "SHAKE256",
    );
    check(
        lwc_keccak::TurboShake128::default,
        turboshake_rc::TurboShake128::default,
        "TurboSHAKE128",
    );
    check(lwc_keccak::Kt256::default, k12::Kt256::default, "KT256");
}
