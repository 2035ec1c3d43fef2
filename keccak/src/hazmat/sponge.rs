//! The engine of every mode: the byte-oriented sponge, its four- and eight-state one-shot forms
//! ([`many`]), and the SP 800-185 / RFC 9861 encodings.

#[cfg(feature = "batch")]
use super::backends::Digest;
use super::backends::{Absorb, Finish, dispatch, xor_last_block};
use super::words::{
    load_lane, load_partial, store_bytes_at, store_lanes, store_partial, xor_block,
};
use super::{State1600, keccak_p};

#[cfg(any(feature = "kt", feature = "parallel-hash", feature = "batch"))]
mod many;

#[cfg(any(feature = "kt", feature = "parallel-hash"))]
pub(crate) use many::for_each_piece;
#[cfg(feature = "kt")]
pub(crate) use many::{MAX_BESIDE, absorb_beside_pieces};
#[cfg(feature = "batch")]
pub(crate) use many::{Oneshot, oneshot_x4, oneshot_x8};

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
            let k = (i + data.len() - tail.len()) / 8;
            self.st[k] ^= load_partial(tail);
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

    /// Pads with domain byte `ds` and the final `0x80`, permutes and writes the first `out.len()`
    /// (at most 200) state bytes into `out`, in one dispatched call that may write them straight
    /// from the permutation's registers: the end of a fixed-output hash. The state is left
    /// unspecified: the caller drops or resets the sponge. Out of line: inlined into a
    /// `finalize` that owns the hasher by value, the compiler copied the whole hasher first.
    #[inline(never)]
    pub(crate) fn finish<const N: usize>(&mut self, ds: u8, out: &mut [u8; N]) {
        dispatch(Finish::<ROUNDS, RATE, N> {
            state: &mut self.st,
            pos: self.pos,
            rate: RATE,
            ds,
            out,
        });
    }

    /// Squeezes `out.len()` bytes (after [`Self::pad`]).
    ///
    /// A read that the current block still holds takes a short path, inlined into the caller, so
    /// that a read of a length known there (ML-KEM's 3-byte rejection-sampling reads) compiles
    /// to a few instructions: for at most 8 bytes, the two lanes they lie in, shifted into one
    /// word, and its low bytes.
    #[inline]
    pub(crate) fn squeeze(&mut self, out: &mut [u8]) {
        if out.len() <= RATE - self.pos {
            if out.len() <= 8 {
                let i = self.pos / 8;
                let s = 8 * (self.pos % 8) as u32;
                // `pos < RATE < 200` when bytes are left, so lane `i + 1` exists. `(hi << 1) <<
                // (63 - s)` is `hi << (64 - s)`, and 0 for `s == 0`, without a branch.
                let (lo, hi) = (self.st[i], self.st[(i + 1).min(24)]);
                let v = (lo >> s) | ((hi << 1) << (63 - s));
                store_partial(v, out);
            } else {
                store_bytes_at(&self.st, self.pos, out);
            }
            self.pos += out.len();
            return;
        }
        self.squeeze_across(out);
    }

    /// [`Self::squeeze`] past the end of the current block.
    #[inline(never)]
    fn squeeze_across(&mut self, out: &mut [u8]) {
        let mut out = out;
        while !out.is_empty() {
            if self.pos == RATE {
                self.permute();
                self.pos = 0;
            }
            let take = (RATE - self.pos).min(out.len());
            let (head, rest) = out.split_at_mut(take);
            store_bytes_at(&self.st, self.pos, head);
            self.pos += take;
            out = rest;
        }
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
        Some(Self {
            st: state_from_bytes(&bytes[..200]),
            pos,
        })
    }

    /// Back to the empty sponge.
    #[inline]
    pub(crate) fn reset(&mut self) {
        self.st = [0; 25];
        self.pos = 0;
    }

    /// Pads with `ds` and writes the first `out.len()` (at most `RATE`) bytes, without keeping the sponge.
    #[cfg(any(feature = "kt", feature = "parallel-hash"))]
    #[inline]
    pub(crate) fn finalize_into(mut self, ds: u8, out: &mut [u8]) {
        self.pad(ds);
        self.squeeze(out);
    }
}

/// One whole hash of `data` at rate `RATE` on Keccak-p\[1600, ROUNDS\], with domain byte `ds`:
/// the first `out.len()` (at most 200) bytes of the state after the padded last block, in one
/// dispatched call (the state may never leave the registers).
#[cfg(feature = "batch")]
#[inline]
pub(crate) fn digest<const RATE: usize, const ROUNDS: usize>(data: &[u8], ds: u8, out: &mut [u8]) {
    dispatch(Digest::<ROUNDS> {
        data,
        rate: RATE,
        ds,
        out,
    });
}

// Block-level steps on a bare Keccak-f[1600] state, for a rate known at run time (the digest 0.11
// `block_api` cores, whose buffer holds the block being absorbed).

/// Absorbs `blocks` (a whole number of `rate`-byte blocks) into `st`: one dispatched multi-block
/// absorb, as [`Sponge::absorb`]'s.
#[inline]
pub(crate) fn absorb_blocks(st: &mut State1600, rate: usize, blocks: &[u8]) {
    if !blocks.is_empty() {
        dispatch(Absorb::<24> {
            state: st,
            blocks,
            rate,
        });
    }
}

/// Absorbs the last, partial block `tail` (shorter than `rate`) padded with domain byte `ds` and
/// the final `0x80`, and permutes: the state then holds the first output block.
#[inline]
pub(crate) fn absorb_last_block(st: &mut State1600, rate: usize, tail: &[u8], ds: u8) {
    xor_last_block(st, tail, rate, ds);
    keccak_p::<24>(st);
}

/// [`absorb_last_block`] followed by [`read_lanes`] for a state that is done with: the tail's
/// lanes are XORed in, and the padding, the permutation and the output are one dispatched call
/// ([`Sponge::finish`]'s), which may write the output straight from the permutation's registers.
/// `st` is left unspecified.
#[inline]
pub(crate) fn finish_last_block(
    st: &mut State1600,
    rate: usize,
    tail: &[u8],
    ds: u8,
    out: &mut [u8],
) {
    xor_block(st, tail);
    let rest = &tail[tail.len() & !7..];
    if !rest.is_empty() {
        st[tail.len() / 8] ^= load_partial(rest);
    }
    dispatch(Finish::<24, 0, 0> {
        state: st,
        pos: tail.len(),
        rate,
        ds,
        out,
    });
}

/// The state whose 200 bytes (lanes little-endian) are `bytes`: the inverse of [`read_lanes`].
#[inline]
pub(crate) fn state_from_bytes(bytes: &[u8]) -> State1600 {
    let mut st = [0; 25];
    xor_block(&mut st, bytes);
    st
}

/// Writes the first `out.len()` (at most 200) state bytes into `out`.
#[inline]
pub(crate) fn read_lanes(st: &State1600, out: &mut [u8]) {
    store_lanes(st, out);
}

/// Reads one output block (`out.len()` bytes, the rate) and permutes for the next.
#[inline]
pub(crate) fn squeeze_block(st: &mut State1600, out: &mut [u8]) {
    store_lanes(st, out);
    keccak_p::<24>(st);
}

#[cfg(feature = "zeroize")]
impl<const RATE: usize, const ROUNDS: usize> Drop for Sponge<RATE, ROUNDS> {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        // Every field by name: one added later does not compile here until it is wiped.
        let Self { st, pos } = self;
        st.zeroize();
        pos.zeroize();
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
#[cfg(any(feature = "kmac", feature = "tuple-hash", feature = "parallel-hash"))]
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
#[cfg(feature = "kt")]
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
    #[cfg(feature = "kmac")]
    pub(crate) fn absorb_key_block(&mut self, key: &[u8]) {
        self.absorb(left_encode(RATE as u128).as_bytes());
        self.absorb_encoded_string(key);
        self.zero_pad_block();
    }
}

#[cfg(all(test, feature = "kt", feature = "kmac"))]
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
