//! The sponge engine shared by every hash, XOF, MAC and PRF of both generations.
//!
//! One absorber ([`Absorber`]) and one squeezer ([`Squeezer`]), parameterised by a [`Spec`]: rate,
//! byte order, rounds between input blocks, domain bit before the final `p12`, output rate and
//! rounds between output blocks. Every operation that permutes is a [`Job`] run through
//! [`backends::dispatch`], so the whole loop is compiled for the run-time-selected backend.

use core::marker::PhantomData;

use crate::hazmat::backends::{self, Job, KernelState, Kernels, Words};
use crate::hazmat::words::ByteOrder;

/// `p[r]` for a constant `r` in {6, 8, 12}.
#[inline(always)]
pub(crate) fn permute_rounds<S: KernelState>(st: &mut S, r: usize) {
    match r {
        12 => st.permute::<12>(),
        8 => st.permute::<8>(),
        _ => st.permute::<6>(),
    }
}

/// Sponge parameters.
pub(crate) trait Spec: 'static {
    /// Input rate in bytes (8, 32 or 40).
    const RATE: usize;
    /// Byte order of the generation: [`crate::hazmat::words::Le`] (SP 800-232, v1.3 MAC family)
    /// or [`crate::hazmat::words::Be`] (v1.2).
    type Order: ByteOrder;
    /// Rounds after every input block except the last.
    const B_ABSORB: usize;
    /// Whether the domain bit goes into `x4` before the final `p12` (MAC/PRF).
    const DOMAIN_SEPARATED: bool;
    /// Output rate in bytes (8 or 16).
    const OUT_RATE: usize;
    /// Rounds between output blocks.
    const B_SQUEEZE: usize;
}

/// XORs one input block into the rate words, then `p^b`.
#[inline(always)]
fn absorb_block<S: Spec, St: KernelState>(st: &mut St, block: &[u8]) {
    for j in 0..S::RATE / 8 {
        st.xor(j, backends::load1::<S::Order>(&block[8 * j..]));
    }
    permute_rounds(st, S::B_ABSORB);
}

/// The absorbing phase: state plus a partial input block.
pub(crate) struct Absorber<S> {
    st: Words,
    buf: [u8; 40],
    pos: usize,
    _s: PhantomData<S>,
}

impl<S> Clone for Absorber<S> {
    fn clone(&self) -> Self {
        Self {
            st: self.st.clone(),
            buf: self.buf,
            pos: self.pos,
            _s: PhantomData,
        }
    }
}

/// Absorbs an optional buffered block, then whole blocks.
struct Absorb<'a, S> {
    st: &'a mut Words,
    buffered: Option<&'a [u8]>,
    blocks: &'a [u8],
    _s: PhantomData<S>,
}

impl<S: Spec> Job for Absorb<'_, S> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        let mut s = kernels.load(self.st);
        if let Some(block) = self.buffered {
            absorb_block::<S, _>(&mut s, block);
        }
        for block in self.blocks.chunks_exact(S::RATE) {
            absorb_block::<S, _>(&mut s, block);
        }
        s.store(self.st);
    }
}

/// Absorbs the padded last block (and the domain bit), then `p12`.
struct Finish<'a, S> {
    st: &'a mut Words,
    block: &'a [u8; 40],
    _s: PhantomData<S>,
}

impl<S: Spec> Job for Finish<'_, S> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        let mut s = kernels.load(self.st);
        for j in 0..S::RATE / 8 {
            s.xor(j, S::Order::load(&self.block[8 * j..]));
        }
        if S::DOMAIN_SEPARATED {
            s.xor(4, S::Order::DOMAIN_BIT);
        }
        s.permute::<12>();
        s.store(self.st);
        #[cfg(feature = "zeroize")]
        s.wipe();
    }
}

impl<S> Absorber<S> {
    /// Starts from the given (initialised) state.
    pub(crate) fn new(st: Words) -> Self {
        Self {
            st,
            buf: [0; 40],
            pos: 0,
            _s: PhantomData,
        }
    }

    /// Back to `st`, forgetting any buffered input.
    pub(crate) fn reset(&mut self, st: Words) {
        self.reset_at(st, 0);
    }

    /// Back to `st` at block position `pos` (< `RATE`), the bytes before it already in `st` (the
    /// cursor form): a zero buffer.
    pub(crate) fn reset_at(&mut self, st: Words, pos: usize) {
        self.st = st;
        self.buf = [0; 40];
        self.pos = pos;
    }
}

impl<S: Spec> Absorber<S> {
    /// Absorbs `data`.
    pub(crate) fn update(&mut self, mut data: &[u8]) {
        let rate = S::RATE;
        let mut pending = false;
        if self.pos > 0 {
            let n = (rate - self.pos).min(data.len());
            self.buf[self.pos..self.pos + n].copy_from_slice(&data[..n]);
            self.pos += n;
            data = &data[n..];
            if self.pos < rate {
                return;
            }
            pending = true;
            self.pos = 0;
        }
        let full = data.len() - data.len() % rate;
        if pending || full > 0 {
            backends::dispatch(Absorb::<S> {
                st: &mut self.st,
                buffered: pending.then_some(&self.buf[..rate]),
                blocks: &data[..full],
                _s: PhantomData,
            });
            data = &data[full..];
        }
        self.buf[..data.len()].copy_from_slice(data);
        self.pos = data.len();
    }

    /// The buffered form of a rate-8 sponge (48 bytes; RustCrypto's `ascon-hash256` format for
    /// Ascon-Hash256): the five words in the generation's byte order (40 bytes), the number of
    /// buffered bytes (1 byte, < 8), the buffered bytes (7 bytes, zero after the data).
    pub(crate) fn serialize_buffered(&self) -> [u8; 48] {
        debug_assert_eq!(S::RATE, 8);
        let mut out = [0u8; 48];
        for (dst, w) in out.chunks_exact_mut(8).zip(self.st.to_words()) {
            dst.copy_from_slice(&S::Order::to_bytes(w));
        }
        // `pos < RATE = 8` after every `update`.
        out[40] = self.pos as u8;
        out[41..41 + self.pos].copy_from_slice(&self.buf[..self.pos]);
        out
    }

    /// Inverse of [`Self::serialize_buffered`]; `None` if the buffer part is not in canonical
    /// form (position 8 or more, or nonzero bytes after the buffered data).
    pub(crate) fn deserialize_buffered(bytes: &[u8; 48]) -> Option<Self> {
        debug_assert_eq!(S::RATE, 8);
        let pos = usize::from(bytes[40]);
        if pos >= 8 || bytes[41 + pos..].iter().any(|&b| b != 0) {
            return None;
        }
        let mut a = Self::new(Words::from_words(load_words::<S>(bytes)));
        a.buf[..pos].copy_from_slice(&bytes[41..41 + pos]);
        a.pos = pos;
        Some(a)
    }

    /// The cursor form of a rate-8 sponge (41 bytes; RustCrypto's `ascon-xof128` format): the
    /// five words in the generation's byte order with the buffered bytes already XORed into the
    /// rate (40 bytes), then the number of those bytes (1 byte, < 8).
    pub(crate) fn serialize_cursor(&self) -> [u8; 41] {
        debug_assert_eq!(S::RATE, 8);
        let mut w = self.st.to_words();
        w[0] ^= S::Order::load_partial(&self.buf[..self.pos]);
        let mut out = [0u8; 41];
        for (dst, w) in out.chunks_exact_mut(8).zip(w) {
            dst.copy_from_slice(&S::Order::to_bytes(w));
        }
        out[40] = self.pos as u8;
        out
    }

    /// Inverse of [`Self::serialize_cursor`] (the buffered bytes stay in the state, the buffer
    /// holds zeros: absorbing it later adds nothing); `None` if the position is 8 or more.
    pub(crate) fn deserialize_cursor(bytes: &[u8; 41]) -> Option<Self> {
        debug_assert_eq!(S::RATE, 8);
        let pos = usize::from(bytes[40]);
        if pos >= 8 {
            return None;
        }
        let mut a = Self::new(Words::from_words(load_words::<S>(bytes)));
        a.pos = pos;
        Some(a)
    }

    /// The state words (without the buffered bytes).
    pub(crate) fn state(&self) -> &Words {
        &self.st
    }

    /// The buffered input not yet absorbed (fewer than `RATE` bytes).
    pub(crate) fn pending(&self) -> &[u8] {
        &self.buf[..self.pos]
    }

    /// Pads the buffered input, absorbs it and applies the final `p12` (after the domain bit for
    /// MAC/PRF). Returns the resulting state; `self` is left unusable until [`Self::reset`].
    pub(crate) fn finish(&mut self) -> Words {
        let mut block = [0u8; 40];
        block[..self.pos].copy_from_slice(&self.buf[..self.pos]);
        block[self.pos] = S::Order::PAD_BYTE;
        backends::dispatch(Finish::<S> {
            st: &mut self.st,
            block: &block,
            _s: PhantomData,
        });
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut block);
        self.st.clone()
    }

    /// Pads and absorbs the buffered input without the domain bit, for the CXOF customization
    /// string: the state after it is the start of the message phase.
    pub(crate) fn finish_prefix(&mut self) -> Words {
        debug_assert!(!S::DOMAIN_SEPARATED);
        self.finish()
    }
}

/// The five state words of a serialized rate-8 sponge (its first 40 bytes, in `S`'s byte order).
fn load_words<S: Spec>(bytes: &[u8]) -> [u64; 5] {
    core::array::from_fn(|i| S::Order::load(&bytes[8 * i..]))
}

impl<S> Drop for Absorber<S> {
    fn drop(&mut self) {
        // Every field by name: one added later does not compile here until it is wiped.
        let Self { st, buf, pos, _s } = self;
        #[cfg(feature = "zeroize")]
        {
            st.wipe();
            zeroize::Zeroize::zeroize(buf);
            *pos = 0;
        }
        #[cfg(not(feature = "zeroize"))]
        let _ = (st, buf, pos);
    }
}

/// The squeezing phase: state plus the current output block.
pub(crate) struct Squeezer<S> {
    st: Words,
    block: [u8; 16],
    pos: usize,
    _s: PhantomData<S>,
}

impl<S> Clone for Squeezer<S> {
    fn clone(&self) -> Self {
        Self {
            st: self.st.clone(),
            block: self.block,
            pos: self.pos,
            _s: PhantomData,
        }
    }
}

/// Writes the output block of `st` (its first `OUT_RATE` bytes) to `block`.
#[inline(always)]
fn fill<S: Spec, St: KernelState>(st: &St, block: &mut [u8]) {
    for j in 0..S::OUT_RATE / 8 {
        block[8 * j..8 * j + 8].copy_from_slice(&S::Order::to_bytes(st.get(j)));
    }
}

/// Writes the next `out.len()` output bytes.
struct Squeeze<'a, 'o, S> {
    st: &'a mut Words,
    block: &'a mut [u8; 16],
    pos: &'a mut usize,
    out: &'o mut [u8],
    _s: PhantomData<S>,
}

impl<S: Spec> Job for Squeeze<'_, '_, S> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        let rate = S::OUT_RATE;
        let Self {
            st,
            block,
            pos,
            mut out,
            ..
        } = self;
        let mut s = kernels.load(st);
        while !out.is_empty() {
            if *pos == rate {
                permute_rounds(&mut s, S::B_SQUEEZE);
                if out.len() >= rate {
                    // A whole output block: straight to `out`, not through `block`.
                    let (head, tail) = out.split_at_mut(rate);
                    fill::<S, _>(&s, head);
                    out = tail;
                    continue;
                }
                fill::<S, _>(&s, &mut block[..]);
                *pos = 0;
            }
            let n = (rate - *pos).min(out.len());
            let (head, tail) = out.split_at_mut(n);
            head.copy_from_slice(&block[*pos..*pos + n]);
            *pos += n;
            out = tail;
        }
        s.store(st);
        #[cfg(feature = "zeroize")]
        s.wipe();
    }
}

impl<S: Spec> Squeezer<S> {
    /// Starts squeezing from the final state.
    pub(crate) fn new(st: Words) -> Self {
        let mut block = [0u8; 16];
        fill::<S, _>(&st, &mut block[..]);
        Self {
            st,
            block,
            pos: 0,
            _s: PhantomData,
        }
    }

    /// Writes the next `out.len()` output bytes.
    pub(crate) fn read(&mut self, out: &mut [u8]) {
        backends::dispatch(Squeeze::<S> {
            st: &mut self.st,
            block: &mut self.block,
            pos: &mut self.pos,
            out,
            _s: PhantomData,
        });
    }
}

impl<S> Drop for Squeezer<S> {
    fn drop(&mut self) {
        // Every field by name: one added later does not compile here until it is wiped.
        let Self { st, block, pos, _s } = self;
        #[cfg(feature = "zeroize")]
        {
            st.wipe();
            zeroize::Zeroize::zeroize(block);
            *pos = 0;
        }
        #[cfg(not(feature = "zeroize"))]
        let _ = (st, block, pos);
    }
}
