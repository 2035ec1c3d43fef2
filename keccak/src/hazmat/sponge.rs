//! The engine of every mode: the byte-oriented sponge, its four- and eight-state one-shot forms,
//! and the SP 800-185 / RFC 9861 encodings.

use super::backends::{Absorb, AbsorbX4, AbsorbX8, dispatch, eight_states_at_once};
use super::words::{load_lane, store_lanes, xor_block};
use super::{State1600, keccak_p, keccak_p_x4, keccak_p_x8};

/// A Keccak sponge of rate `RATE` bytes (a multiple of 8, below 200) on Keccak-p\[1600, ROUNDS\].
///
/// While absorbing, `pos` is the number of bytes already XORed into the current block; while
/// squeezing, it is the number of bytes already read from the current block.
#[derive(Clone)]
pub(crate) struct Sponge<const RATE: usize, const ROUNDS: usize> {
    pub(crate) st: State1600,
    pub(crate) pos: usize,
}

impl<const RATE: usize, const ROUNDS: usize> Default for Sponge<RATE, ROUNDS> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<const RATE: usize, const ROUNDS: usize> Sponge<RATE, ROUNDS> {
    const CHECK: () =
        assert!(RATE % 8 == 0 && RATE > 0 && RATE < 200 && (ROUNDS == 12 || ROUNDS == 24));

    /// The empty sponge.
    #[inline]
    pub(crate) const fn new() -> Self {
        let () = Self::CHECK;
        Self {
            st: [0; 25],
            pos: 0,
        }
    }

    /// Keccak-p\[1600, ROUNDS\] on the state.
    #[inline]
    pub(crate) fn permute(&mut self) {
        keccak_p::<ROUNDS>(&mut self.st);
    }

    #[inline(always)]
    fn xor_byte(&mut self, i: usize, b: u8) {
        self.st[i / 8] ^= u64::from(b) << (8 * (i % 8));
    }

    /// XORs `data` into the block at byte offset `pos` (`pos + data.len() <= RATE`): whole
    /// little-endian lanes where aligned, single bytes only for the unaligned ends.
    #[inline(always)]
    fn xor_at(&mut self, pos: usize, data: &[u8]) {
        let mut i = pos;
        let mut data = data;
        while i % 8 != 0 {
            let Some((&b, rest)) = data.split_first() else {
                return;
            };
            self.xor_byte(i, b);
            i += 1;
            data = rest;
        }
        let mut lanes = data.chunks_exact(8);
        for (lane, chunk) in self.st[i / 8..].iter_mut().zip(&mut lanes) {
            *lane ^= load_lane(chunk);
        }
        let tail = lanes.remainder();
        if !tail.is_empty() {
            let mut b = [0u8; 8];
            b[..tail.len()].copy_from_slice(tail);
            let k = (i + data.len() - tail.len()) / 8;
            self.st[k] ^= u64::from_le_bytes(b);
        }
    }

    /// Absorbs `data`.
    #[inline]
    pub(crate) fn absorb(&mut self, mut data: &[u8]) {
        if self.pos != 0 {
            let take = (RATE - self.pos).min(data.len());
            let (head, rest) = data.split_at(take);
            self.xor_at(self.pos, head);
            self.pos += take;
            data = rest;
            if self.pos < RATE {
                return;
            }
            self.permute();
            self.pos = 0;
        }
        let body = data.len() - data.len() % RATE;
        let (blocks, tail) = data.split_at(body);
        if !blocks.is_empty() {
            dispatch(Absorb::<ROUNDS> {
                state: &mut self.st,
                blocks,
                rate: RATE,
            });
        }
        self.xor_at(0, tail);
        self.pos = tail.len();
    }

    /// Completes the current block with zeros (the `bytepad` tail): permutes unless the block is empty.
    #[inline]
    pub(crate) fn zero_pad_block(&mut self) {
        if self.pos != 0 {
            self.permute();
            self.pos = 0;
        }
    }

    /// Pads with domain byte `ds` (which carries the first padding bit) and the final `0x80`, and
    /// switches to squeezing (the first block is computed).
    #[inline]
    pub(crate) fn pad(&mut self, ds: u8) {
        self.xor_byte(self.pos, ds);
        self.xor_byte(RATE - 1, 0x80);
        self.permute();
        self.pos = 0;
    }

    /// Squeezes `out.len()` bytes (after [`Self::pad`]).
    #[inline]
    pub(crate) fn squeeze(&mut self, out: &mut [u8]) {
        let mut out = out;
        while !out.is_empty() {
            if self.pos == RATE {
                self.permute();
                self.pos = 0;
            }
            let take = (RATE - self.pos).min(out.len());
            let (head, rest) = out.split_at_mut(take);
            if self.pos % 8 == 0 {
                store_lanes(&self.st[self.pos / 8..], head);
            } else {
                for (k, dst) in head.iter_mut().enumerate() {
                    let i = self.pos + k;
                    *dst = (self.st[i / 8] >> (8 * (i % 8))) as u8;
                }
            }
            self.pos += take;
            out = rest;
        }
    }

    /// Copies the first `out.len()` (at most 200) state bytes, ignoring the rate.
    #[inline]
    pub(crate) fn read_state(&self, out: &mut [u8]) {
        store_lanes(&self.st, out);
    }

    /// Writes the 200 state bytes (lanes little-endian) followed by the position in the block
    /// into `out` (201 bytes): the `SerializableState` layout of RustCrypto `sha3`.
    pub(crate) fn serialize(&self, out: &mut [u8]) {
        store_lanes(&self.st, &mut out[..200]);
        out[200] = self.pos as u8;
    }

    /// The sponge [`Self::serialize`] wrote into `bytes` (201 bytes), or `None` if the position is
    /// not below the rate.
    pub(crate) fn deserialize(bytes: &[u8]) -> Option<Self> {
        let pos = usize::from(bytes[200]);
        if pos >= RATE {
            return None;
        }
        let mut s = Self::new();
        xor_block(&mut s.st, &bytes[..200]);
        s.pos = pos;
        Some(s)
    }

    /// Back to the empty sponge.
    #[inline]
    pub(crate) fn reset(&mut self) {
        self.st = [0; 25];
        self.pos = 0;
    }

    /// Pads with `ds` and writes the first `out.len()` (at most `RATE`) bytes, without keeping the sponge.
    #[inline]
    pub(crate) fn finalize_into(mut self, ds: u8, out: &mut [u8]) {
        self.pad(ds);
        self.squeeze(out);
    }
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize, const ROUNDS: usize> Drop for Sponge<RATE, ROUNDS> {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        self.st.zeroize();
        self.pos.zeroize();
    }
}

/// A short encoding (at most 17 bytes) held inline.
#[derive(Clone, Copy)]
pub(crate) struct Enc {
    buf: [u8; 18],
    len: usize,
}

impl Enc {
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl AsRef<[u8]> for Enc {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

/// Big-endian bytes of `x` without leading zeros (`min` = minimum number of bytes, 0 or 1).
fn be_trimmed(x: u128, min: usize) -> ([u8; 16], usize) {
    let b = x.to_be_bytes();
    let lead = (x.leading_zeros() / 8) as usize;
    let n = (16 - lead).max(min);
    (b, n)
}

/// SP 800-185 `left_encode(x)`.
pub(crate) fn left_encode(x: u128) -> Enc {
    let (b, n) = be_trimmed(x, 1);
    let mut e = Enc {
        buf: [0; 18],
        len: n + 1,
    };
    e.buf[0] = n as u8;
    e.buf[1..=n].copy_from_slice(&b[16 - n..]);
    e
}

/// SP 800-185 `right_encode(x)`.
pub(crate) fn right_encode(x: u128) -> Enc {
    let (b, n) = be_trimmed(x, 1);
    let mut e = Enc {
        buf: [0; 18],
        len: n + 1,
    };
    e.buf[..n].copy_from_slice(&b[16 - n..]);
    e.buf[n] = n as u8;
    e
}

/// RFC 9861 `length_encode(x)`: the big-endian bytes of `x` without leading zeros (none for 0),
/// then their number.
pub(crate) fn length_encode(x: u64) -> Enc {
    let (b, n) = be_trimmed(u128::from(x), 0);
    let mut e = Enc {
        buf: [0; 18],
        len: n + 1,
    };
    e.buf[..n].copy_from_slice(&b[16 - n..]);
    e.buf[n] = n as u8;
    e
}

/// Bit length of a byte string, as SP 800-185 encodes it.
#[inline]
pub(crate) fn bits(len: usize) -> u128 {
    (len as u128) * 8
}

impl<const RATE: usize, const ROUNDS: usize> Sponge<RATE, ROUNDS> {
    /// Absorbs `encode_string(s)`.
    pub(crate) fn absorb_encoded_string(&mut self, s: &[u8]) {
        self.absorb(left_encode(bits(s.len())).as_bytes());
        self.absorb(s);
    }

    /// The cSHAKE prefix `bytepad(encode_string(N) || encode_string(S), RATE)`.
    pub(crate) fn absorb_cshake_prefix(&mut self, function_name: &[u8], customization: &[u8]) {
        self.absorb(left_encode(RATE as u128).as_bytes());
        self.absorb_encoded_string(function_name);
        self.absorb_encoded_string(customization);
        self.zero_pad_block();
    }

    /// The KMAC key block `bytepad(encode_string(K), RATE)`.
    pub(crate) fn absorb_key_block(&mut self, key: &[u8]) {
        self.absorb(left_encode(RATE as u128).as_bytes());
        self.absorb_encoded_string(key);
        self.zero_pad_block();
    }
}

/// One-shot sponge over four equal-length messages at once (four-state permutation): absorbs
/// `msgs[k]`, pads with `ds` and fills `outs[k]` (all of the same length).
///
/// With `carry`, the last message continues that sponge (at a block boundary) instead of a new
/// one: `carry` ends having absorbed it, unpadded, and the last output is to be dropped.
pub(crate) fn oneshot_x4<const RATE: usize, const ROUNDS: usize>(
    msgs: [&[u8]; 4],
    ds: u8,
    outs: [&mut [u8]; 4],
    carry: Option<&mut Sponge<RATE, ROUNDS>>,
) {
    oneshot_many::<RATE, ROUNDS, 4>(
        msgs,
        ds,
        outs,
        carry,
        |states, msgs| {
            dispatch(AbsorbX4::<ROUNDS> {
                states,
                msgs,
                rate: RATE,
            });
        },
        keccak_p_x4::<ROUNDS>,
    );
}

/// [`oneshot_x4`] for eight messages (eight-state permutation).
pub(crate) fn oneshot_x8<const RATE: usize, const ROUNDS: usize>(
    msgs: [&[u8]; 8],
    ds: u8,
    outs: [&mut [u8]; 8],
    carry: Option<&mut Sponge<RATE, ROUNDS>>,
) {
    oneshot_many::<RATE, ROUNDS, 8>(
        msgs,
        ds,
        outs,
        carry,
        |states, msgs| {
            dispatch(AbsorbX8::<ROUNDS> {
                states,
                msgs,
                rate: RATE,
            });
        },
        keccak_p_x8::<ROUNDS>,
    );
}

/// Calls `f`, in order, with the `out_len`-byte one-shot sponge output (padding `ds`) of each
/// whole `b`-byte piece of `data` (`b > 0`, `out_len <= 64`): eight pieces at a time while eight
/// remain, then four, then one by one. The tree hashes' leaves (KangarooTwelve, ParallelHash).
///
/// Where eight states run at once ([`eight_states_at_once`]), a group of eight takes about the
/// time of two single states and a group of four about that of one, so the last two to seven
/// pieces go as one group filled up with copies of a piece, whose outputs are dropped: five to
/// seven as a group of eight, two or three as a group of four.
pub(crate) fn for_each_piece<const RATE: usize, const ROUNDS: usize>(
    data: &[u8],
    b: usize,
    ds: u8,
    out_len: usize,
    mut f: impl FnMut(&[u8]),
) {
    debug_assert!(b > 0 && out_len <= 64);
    let mut rest = data;
    // `8 * b` overflows only when it cannot fit in `data`: then there is no group of eight.
    while let Some(group) = b.checked_mul(8).filter(|&g| g <= rest.len()) {
        let (pieces, tail) = rest.split_at(group);
        filled_group(
            pieces,
            b,
            ds,
            out_len,
            oneshot_x8::<RATE, ROUNDS>,
            None,
            &mut f,
        );
        rest = tail;
    }
    let left = rest.len() / b;
    let fill = eight_states_at_once();
    if fill && left > 4 {
        let (pieces, tail) = rest.split_at(left * b);
        filled_group(
            pieces,
            b,
            ds,
            out_len,
            oneshot_x8::<RATE, ROUNDS>,
            None,
            &mut f,
        );
        rest = tail;
    }
    // Pieces for one group of four: four when four remain, two or three too when filling pays.
    let four = match rest.len() / b {
        n if n >= 4 => 4,
        n if fill && n >= 2 => n,
        _ => 0,
    };
    if four > 0 {
        let (pieces, tail) = rest.split_at(four * b);
        filled_group(
            pieces,
            b,
            ds,
            out_len,
            oneshot_x4::<RATE, ROUNDS>,
            None,
            &mut f,
        );
        rest = tail;
    }
    for piece in rest.chunks_exact(b) {
        let mut out = [0u8; 64];
        let mut s = Sponge::<RATE, ROUNDS>::new();
        s.absorb(piece);
        s.finalize_into(ds, &mut out[..out_len]);
        f(&out[..out_len]);
    }
}

/// The `G`-state one-shot sponge ([`oneshot_x4`], [`oneshot_x8`]): `G` messages, the padding byte,
/// `G` outputs, the sponge the last message continues (if any).
pub(crate) type Oneshot<const G: usize, const RATE: usize, const ROUNDS: usize> =
    fn([&[u8]; G], u8, [&mut [u8]; G], Option<&mut Sponge<RATE, ROUNDS>>);

/// [`for_each_piece`] on the `n` pieces of `pieces` (`n b` bytes, `0 < n <= G`) with `oneshot`,
/// the `G - n` empty places taken by the first piece; `f` sees the `n` outputs of the real pieces.
/// With `head`, the last place (`n < G`) holds its message, which continues its sponge
/// ([`absorb_beside_pieces`]).
#[inline(always)]
fn filled_group<const G: usize, const RATE: usize, const ROUNDS: usize>(
    pieces: &[u8],
    b: usize,
    ds: u8,
    out_len: usize,
    oneshot: Oneshot<G, RATE, ROUNDS>,
    head: Option<(&[u8], &mut Sponge<RATE, ROUNDS>)>,
    f: &mut impl FnMut(&[u8]),
) {
    let n = pieces.len() / b;
    debug_assert!(n > 0 && n + usize::from(head.is_some()) <= G && pieces.len() == n * b);
    let (head, carry) = match head {
        Some((message, sponge)) => (Some(message), Some(sponge)),
        None => (None, None),
    };
    let mut outs = [[0u8; 64]; G];
    oneshot(
        core::array::from_fn(|k| match head {
            Some(message) if k == G - 1 => message,
            _ => {
                let k = if k < n { k } else { 0 };
                &pieces[k * b..(k + 1) * b]
            }
        }),
        ds,
        outs.each_mut().map(|o| &mut o[..out_len]),
        carry,
    );
    outs[..n].iter().for_each(|o| f(&o[..out_len]));
}

/// At most this many pieces go beside the head in [`absorb_beside_pieces`].
pub(crate) const MAX_BESIDE: usize = 7;

/// `node.absorb(head)` (`node` at a block boundary, `head` of `b` bytes), and the one-shot
/// outputs of the first `n` whole `b`-byte pieces of `pieces` into `outs[..n]`, as
/// [`for_each_piece`] would give them; returns `n`. KangarooTwelve's final node, whose first
/// chunk comes before the first leaves.
///
/// Where several states run at once ([`has_simd_x4`]), the head runs as one of them beside
/// `n` pieces: seven (fewer if fewer remain: one to three in a group of four, four to six in
/// one of eight) where eight states run at once, else three in a group of four if three remain.
/// Elsewhere, or when `node` is inside a block, `n` is 0.
///
/// [`has_simd_x4`]: super::has_simd_x4
pub(crate) fn absorb_beside_pieces<const RATE: usize, const ROUNDS: usize>(
    node: &mut Sponge<RATE, ROUNDS>,
    head: &[u8],
    pieces: &[u8],
    b: usize,
    ds: u8,
    out_len: usize,
    outs: &mut [[u8; 64]; MAX_BESIDE],
) -> usize {
    debug_assert!(head.len() == b && out_len <= 64);
    let avail = pieces.len() / b;
    let eight = eight_states_at_once();
    let n = match avail.min(MAX_BESIDE) {
        _ if node.pos != 0 || !super::has_simd_x4() => 0,
        n if eight => n,
        n if n >= 3 => 3,
        _ => 0,
    };
    let pieces = &pieces[..n * b];
    let mut filled = 0;
    let mut put = |out: &[u8]| {
        outs[filled][..out.len()].copy_from_slice(out);
        filled += 1;
    };
    match n {
        0 => node.absorb(head),
        1..=3 => filled_group(
            pieces,
            b,
            ds,
            out_len,
            oneshot_x4,
            Some((head, node)),
            &mut put,
        ),
        _ => filled_group(
            pieces,
            b,
            ds,
            out_len,
            oneshot_x8,
            Some((head, node)),
            &mut put,
        ),
    }
    n
}

/// The one-shot sponge over `N` equal-length messages, with `absorb` the `N`-state absorb loop
/// (whole blocks) and `permute` the `N`-state permutation; the last message continues `carry`
/// if there is one ([`oneshot_x4`]).
#[inline(always)]
fn oneshot_many<const RATE: usize, const ROUNDS: usize, const N: usize>(
    msgs: [&[u8]; N],
    ds: u8,
    mut outs: [&mut [u8]; N],
    carry: Option<&mut Sponge<RATE, ROUNDS>>,
    absorb: impl FnOnce(&mut [State1600; N], [&[u8]; N]),
    permute: impl Fn(&mut [State1600; N]),
) {
    let len = msgs[0].len();
    debug_assert!(msgs.iter().all(|m| m.len() == len));
    let mut st = [[0u64; 25]; N];
    let full = len / RATE;
    let body = full * RATE;
    if let Some(c) = &carry {
        debug_assert_eq!(c.pos, 0);
        st[N - 1] = c.st;
    }
    if full > 0 {
        absorb(&mut st, msgs.map(|m| &m[..body]));
    }
    if let Some(c) = carry {
        c.st = st[N - 1];
        c.absorb(&msgs[N - 1][body..]);
    }
    for (s, m) in st.iter_mut().zip(msgs) {
        let tail = &m[body..];
        let mut block = [0u8; 200];
        block[..tail.len()].copy_from_slice(tail);
        block[tail.len()] ^= ds;
        block[RATE - 1] ^= 0x80;
        xor_block(s, &block[..RATE]);
    }
    permute(&mut st);
    let out_len = outs[0].len();
    let mut done = 0;
    loop {
        let take = (out_len - done).min(RATE);
        for (s, out) in st.iter().zip(outs.iter_mut()) {
            store_lanes(s, &mut out[done..done + take]);
        }
        done += take;
        if done == out_len {
            break;
        }
        permute(&mut st);
    }
    #[cfg(feature = "zeroize")]
    {
        use zeroize::Zeroize;
        for s in &mut st {
            s.zeroize();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(left_encode(0).as_bytes(), [1, 0]);
        assert_eq!(left_encode(168).as_bytes(), [1, 168]);
        assert_eq!(left_encode(256).as_bytes(), [2, 1, 0]);
        assert_eq!(right_encode(0).as_bytes(), [0, 1]);
        assert_eq!(right_encode(512).as_bytes(), [2, 0, 2]);
        assert_eq!(length_encode(0).as_bytes(), [0]);
        assert_eq!(length_encode(12).as_bytes(), [12, 1]);
        assert_eq!(length_encode(65538).as_bytes(), [1, 0, 2, 3]);
        assert_eq!(left_encode(u128::MAX).as_bytes().len(), 17);
    }
}
