//! XOF output read in pieces of every size pattern (whole blocks go straight to the caller's
//! buffer, partial ones through the reader's block buffer) against RustCrypto's `ascon-hash` 0.4
//! read at once.

use digest::{ExtendableOutput, Update, XofReader};

#[test]
fn xof128_reads_in_pieces_match_peer() {
    let msg: Vec<u8> = (0..37u8).map(|i| i.wrapping_mul(29) ^ 0x5a).collect();
    let patterns: [&[usize]; 7] = [
        &[1],
        &[3, 5],
        &[8],
        &[9, 7],
        &[16, 1, 15],
        &[17, 8, 40],
        &[0, 64, 2],
    ];
    for n in [0usize, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200, 1000] {
        let mut want = vec![0u8; n];
        let mut peer = ascon_hash::AsconXof128::default();
        peer.update(&msg);
        peer.finalize_xof_into(&mut want);
        for pat in patterns {
            let mut ours = lwc_ascon::AsconXof128::default();
            ours.update(&msg);
            let mut r = ours.finalize_xof();
            let mut got = vec![0u8; n];
            let (mut at, mut i) = (0, 0);
            while at < n {
                let len = pat[i % pat.len()].min(n - at);
                r.read(&mut got[at..at + len]);
                at += len;
                i += 1;
                if i > 10 * n + 10 {
                    break;
                }
            }
            assert_eq!(got, want, "output {n} bytes read in pieces {pat:?}");
        }
    }
}
