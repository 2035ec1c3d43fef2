//! The finalisation LeMac and PetitMac share, over any AES-round [`Kernels`]: the `G_i` chains
//! with sliding subkeys, the nonce mask `N ^ AES_k2(N)`, and the output AES-128 under `k3`.

use super::Word;
use super::backends::{Kernels, Pairs};

/// AES-128 encryption of one word with expanded round keys.
#[inline(always)]
pub(crate) fn aes128<K: Kernels>(k: K, rk: &[Word; 11], x: K::W) -> K::W {
    let mut y = k.xor(x, k.load(&rk[0]));
    for key in &rk[1..10] {
        y = k.enc(y, k.load(key));
    }
    k.enc_last(y, k.load(&rk[10]))
}

/// `N ^ AES_k2(N)`: the nonce part of the tag input. It does not depend on the message, so
/// callers compute it before the last blocks, where its 10 serial rounds overlap with them
/// instead of adding their latency after the state is done.
#[inline(always)]
pub(crate) fn nonce_mask<K: Kernels>(k: K, k2: &[Word; 11], n: K::W) -> K::W {
    k.xor(n, aes128(k, k2, n))
}

/// `H = XOR_i G_i(x_i)` with the sliding subkeys `F[i..i+10]` (10 full rounds, last key zero),
/// then `Tag = AES_k3(H ^ nm)` with `nm` = [`nonce_mask`] `= N ^ AES_k2(N)`.
#[inline(always)]
pub(crate) fn finish<K: Kernels, const N: usize>(
    k: K,
    x: [K::W; N],
    f: &[Word],
    k3: &[Word; 11],
    nm: K::W,
) -> K::W {
    aes128(k, k3, tag_input(k, x, f, nm))
}

/// `H ^ nm`: [`finish`] without the output AES-128. The 10 rounds of chains are a loop, or
/// written out for backends with [`Kernels::UNROLL_FINISH`] (LLVM keeps the loop rolled and
/// selects the zero key of the last round at run time: 8 `movi` + a branch per round on
/// aarch64); the other backends keep the loop (PERFORMANCE.md, "aarch64 (issue 18)").
#[inline(always)]
pub(crate) fn tag_input<K: Kernels, const N: usize>(
    k: K,
    x: [K::W; N],
    f: &[Word],
    nm: K::W,
) -> K::W {
    let zero = k.load(&[0; 16]);
    let mut y = x;
    for (i, yi) in y.iter_mut().enumerate() {
        *yi = k.xor(*yi, k.load(&f[i]));
    }
    if K::UNROLL_FINISH {
        finish_round(k, &mut y, f, 1, zero);
        finish_round(k, &mut y, f, 2, zero);
        finish_round(k, &mut y, f, 3, zero);
        finish_round(k, &mut y, f, 4, zero);
        finish_round(k, &mut y, f, 5, zero);
        finish_round(k, &mut y, f, 6, zero);
        finish_round(k, &mut y, f, 7, zero);
        finish_round(k, &mut y, f, 8, zero);
        finish_round(k, &mut y, f, 9, zero);
        finish_round(k, &mut y, f, 10, zero);
    } else {
        for r in 1..=10 {
            finish_round(k, &mut y, f, r, zero);
        }
    }
    let mut h = y[0];
    for yi in &y[1..] {
        h = k.xor(h, *yi);
    }
    k.xor(h, nm)
}

/// The two subkeys `F[i]`, `F[i + 1]` (lanes 0 and 1 of a pair's round key).
#[inline(always)]
fn subkey_pair(f: &[Word; 18], i: usize) -> &[Word; 2] {
    f[i..i + 2].try_into().expect("two subkeys")
}

/// [`tag_input`] of LeMac's nine words with the `G_i` chains two to a register of `p`: chains
/// `2m` and `2m + 1` share a word, whose round key `F[2m + r]`, `F[2m + 1 + r]` is one 32-byte
/// load of adjacent subkeys; chain 8 runs on `k`. 5 AES instructions per round instead of 9 (a
/// 256-bit `VAESENC` issues as fast as a 128-bit one), for one lane insert per pair and
/// one lane extract.
#[inline(always)]
pub(crate) fn tag_input_pairs<K: Kernels, P: Pairs<K::W>>(
    k: K,
    p: P,
    x: [K::W; 9],
    f: &[Word; 18],
    nm: K::W,
) -> K::W {
    let zero = p.load(&[0; 16]);
    let mut y = [zero; 4];
    for m in 0..4 {
        y[m] = p.xor(
            p.join(x[2 * m], x[2 * m + 1]),
            p.load_pair(subkey_pair(f, 2 * m)),
        );
    }
    let mut y8 = k.xor(x[8], k.load(&f[8]));
    for r in 1..10 {
        for m in 0..4 {
            y[m] = p.enc(y[m], p.load_pair(subkey_pair(f, 2 * m + r)));
        }
        y8 = k.enc(y8, k.load(&f[8 + r]));
    }
    for ym in &mut y {
        *ym = p.enc(*ym, zero);
    }
    y8 = k.enc(y8, k.load(&[0; 16]));
    let h = p.xor(p.xor(y[0], y[1]), p.xor(y[2], y[3]));
    k.xor(k.xor(p.fold(h), y8), nm)
}

/// Round `r` (1 to 10) of the `G_i` chains of [`tag_input`]: key `F[i + r]`, zero in round 10.
#[inline(always)]
fn finish_round<K: Kernels, const N: usize>(
    k: K,
    y: &mut [K::W; N],
    f: &[Word],
    r: usize,
    zero: K::W,
) {
    // Eight chains at once where possible (they are independent).
    let mut i = 0;
    while i + 8 <= N {
        let mut xs = [zero; 8];
        let mut ks = [zero; 8];
        for j in 0..8 {
            xs[j] = y[i + j];
            ks[j] = if r == 10 { zero } else { k.load(&f[i + j + r]) };
        }
        let o = k.enc8(xs, ks);
        y[i..i + 8].copy_from_slice(&o);
        i += 8;
    }
    while i < N {
        let key = if r == 10 { zero } else { k.load(&f[i + r]) };
        y[i] = k.enc(y[i], key);
        i += 1;
    }
}
