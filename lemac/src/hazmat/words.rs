//! Byte-level helpers beside the state types: the 16-byte words of a block and the padded last
//! word, built in integer registers (no backend, no `unsafe`).

use super::Word;

/// The 16-byte word at `off` of a block.
#[inline(always)]
pub(crate) fn word_at(block: &[u8], off: usize) -> &Word {
    block[off..off + 16].try_into().expect("16-byte slice")
}

/// Little-endian value of `x` (at most 7 bytes), read with fixed-size loads only.
#[inline(always)]
fn partial_u64(x: &[u8]) -> u64 {
    let n = x.len() & 7;
    let mut v = 0u64;
    let mut i = 0;
    if n & 4 != 0 {
        v = u64::from(u32::from_le_bytes([x[0], x[1], x[2], x[3]]));
        i = 4;
    }
    if n & 2 != 0 {
        v |= u64::from(u16::from_le_bytes([x[i], x[i + 1]])) << (8 * i);
        i += 2;
    }
    if n & 1 != 0 {
        v |= u64::from(x[i]) << (8 * i);
    }
    v
}

/// `tail` (shorter than 16 bytes) followed by the padding byte `0x01` and zeros, as the two
/// little-endian halves of a word. Built in integer registers: no `memcpy` call (which would
/// force the register-held state out to memory) and no byte stores followed by a wide load
/// (a store-forwarding stall on the path to the tag).
#[inline(always)]
pub(crate) fn padded_word(tail: &[u8]) -> (u64, u64) {
    let n = tail.len() & 15;
    if n >= 8 {
        let lo = u64::from_le_bytes(tail[..8].try_into().expect("8 bytes"));
        (lo, partial_u64(&tail[8..n]) | (1 << (8 * (n - 8))))
    } else {
        (partial_u64(&tail[..n]) | (1 << (8 * n)), 0)
    }
}

/// Word `j` of the padded last 64-byte block of `tail` (shorter than 64 bytes) as little-endian
/// halves: a whole word of `tail`, the word holding the padding byte, or zero.
#[inline(always)]
pub(crate) fn last_word_u64x2(tail: &[u8], j: usize) -> (u64, u64) {
    let tail = &tail[..tail.len().min(63)];
    let whole = tail.len() / 16;
    if j < whole {
        let w = word_at(tail, 16 * j);
        (
            u64::from_le_bytes(w[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(w[8..].try_into().expect("8 bytes")),
        )
    } else if j == whole {
        padded_word(&tail[16 * whole..])
    } else {
        (0, 0)
    }
}

/// A tiny deterministic generator (xorshift64*) for the tests' random inputs.
#[cfg(test)]
pub(crate) struct TestRng(pub(crate) u64);

#[cfg(test)]
impl TestRng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub(crate) fn fill(&mut self, out: &mut [u8]) {
        for b in out {
            *b = self.next() as u8;
        }
    }

    pub(crate) fn word(&mut self) -> Word {
        let mut w = [0; 16];
        self.fill(&mut w);
        w
    }
}
