//! Word helpers beside the state: the round constants, little-endian loads and stores, `ELL`, and
//! the input steps of the modes that the backends' fused loops also need (Esch's injection `M_h`,
//! Schwaemm's `ρ1` with the rate whitening).
//!
//! The state is `x0, y0, x1, y1, ...` as `u32` words; byte strings map to it in little-endian order.

/// The round constants `C[0..8]` (Alzette constants and step constants).
pub(crate) const RCON: [u32; 8] = [
    0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738, 0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8, 0xC2B3293D,
];

/// Rate of Esch and XOEsch in bytes.
pub(crate) const RATE: usize = 16;

/// The linear map `ELL` of the Sparkle linear layer (and of Esch's injection).
#[inline(always)]
pub(crate) fn ell(v: u32) -> u32 {
    v.rotate_right(16) ^ (v & 0xFFFF)
}

/// Loads little-endian words from `bytes` (whose length is `4 * W`).
#[inline(always)]
pub(crate) fn load<const W: usize>(bytes: &[u8]) -> [u32; W] {
    core::array::from_fn(|i| {
        u32::from_le_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ])
    })
}

/// Loads four little-endian words from a 16-byte block.
#[inline(always)]
pub(crate) fn load_block(b: &[u8; RATE]) -> [u32; 4] {
    core::array::from_fn(|i| {
        u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}

/// Writes `words` to `out` as little-endian bytes (as many words as `out` has room for).
#[inline(always)]
pub(crate) fn store(words: &[u32], out: &mut [u8]) {
    for (o, w) in out.chunks_exact_mut(4).zip(words) {
        o.copy_from_slice(&w.to_le_bytes());
    }
}

/// The rate words `x0 y0 x1 y1` of an Esch state as 16 little-endian bytes.
#[inline(always)]
pub(crate) fn rate_bytes<const N: usize>(s: &[u32; N]) -> [u8; RATE] {
    let mut out = [0u8; RATE];
    for i in 0..4 {
        out[4 * i..4 * i + 4].copy_from_slice(&s[i].to_le_bytes());
    }
    out
}

/// Esch's injection `M_h`: adds a 16-byte block (four words) to the left half of the state.
#[inline(always)]
pub(crate) fn inject<const N: usize>(s: &mut [u32; N], m: [u32; 4]) {
    let tx = ell(m[0] ^ m[2]);
    let ty = ell(m[1] ^ m[3]);
    s[0] ^= m[0] ^ ty;
    s[1] ^= m[1] ^ tx;
    s[2] ^= m[2] ^ ty;
    s[3] ^= m[3] ^ tx;
    for i in 2..N / 4 {
        s[2 * i] ^= ty;
        s[2 * i + 1] ^= tx;
    }
}

/// Schwaemm's `ρ1` with input block `d`, followed by the rate whitening, on `R` rate and `N - R`
/// capacity words.
#[inline(always)]
pub(crate) fn rho_whiten<const N: usize, const R: usize>(s: &mut [u32; N], d: &[u32; R]) {
    let h = R / 2;
    let c = N - R;
    for j in 0..h {
        let l = s[j];
        let r = s[h + j];
        s[j] = r ^ d[j];
        s[h + j] = l ^ r ^ d[h + j];
    }
    for j in 0..R {
        s[j] ^= s[R + j % c];
    }
}
