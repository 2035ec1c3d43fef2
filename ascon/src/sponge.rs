//! The sponge engine shared by every hash, XOF, MAC and PRF of both generations.
//!
//! One absorber (`Absorber`) and one squeezer (`Squeezer`), parameterised by a `Spec`: rate,
//! byte order, rounds between input blocks, domain bit before the final `p12`, output rate and
//! rounds between output blocks. Every public operation runs inside [`dispatch`] so the whole
//! loop is compiled for the run-time-selected code path.

use core::marker::PhantomData;

use crate::hazmat::backends::{Lanes, Perm, with_backend};

/// Loads 8 bytes as a word in the generation's byte order.
#[inline(always)]
pub(crate) fn load<const LE: bool>(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    if LE {
        u64::from_le_bytes(w)
    } else {
        u64::from_be_bytes(w)
    }
}

/// Loads up to 8 bytes as the leading bytes of a word (the rest zero).
#[inline(always)]
pub(crate) fn load_partial<const LE: bool>(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w[..b.len()].copy_from_slice(b);
    if LE {
        u64::from_le_bytes(w)
    } else {
        u64::from_be_bytes(w)
    }
}

/// The word's bytes in the generation's byte order.
#[inline(always)]
pub(crate) fn store<const LE: bool>(w: u64) -> [u8; 8] {
    if LE { w.to_le_bytes() } else { w.to_be_bytes() }
}

/// The padding byte (`0x01` little endian, `0x80` big endian) at byte `i` (< 8) of a word.
#[inline(always)]
pub(crate) const fn pad<const LE: bool>(i: usize) -> u64 {
    if LE {
        1u64 << (8 * i)
    } else {
        0x80u64 << (56 - 8 * i)
    }
}

/// The mask of the leading `i` (< 8) bytes of a word.
#[inline(always)]
pub(crate) const fn mask<const LE: bool>(i: usize) -> u64 {
    if i == 0 {
        0
    } else if LE {
        u64::MAX >> (64 - 8 * i)
    } else {
        u64::MAX << (64 - 8 * i)
    }
}

/// The domain-separation bit XORed into `x4` (`1 << 63` in SP 800-232, `1` in v1.2).
pub(crate) const fn domain_bit<const LE: bool>() -> u64 {
    if LE { 1 << 63 } else { 1 }
}

/// `p[r]` for a constant `r` in {6, 8, 12}.
#[inline(always)]
pub(crate) fn perm<L: Perm>(st: &mut L, r: usize) {
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
    /// Little-endian (SP 800-232, v1.3 MAC family) or big-endian (v1.2).
    const LE: bool;
    /// Rounds after every input block except the last.
    const B_ABSORB: usize;
    /// Whether the domain bit goes into `x4` before the final `p12` (MAC/PRF).
    const DS: bool;
    /// Output rate in bytes (8 or 16).
    const OUT_RATE: usize;
    /// Rounds between output blocks.
    const B_SQUEEZE: usize;
}

/// The absorbing phase: state plus a partial input block.
pub(crate) struct Absorber<S> {
    st: Lanes,
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

impl<S: Spec> Absorber<S> {
    /// Starts from the given (initialised) state.
    pub(crate) fn new(st: Lanes) -> Self {
        Self {
            st,
            buf: [0; 40],
            pos: 0,
            _s: PhantomData,
        }
    }

    /// Back to `st`, forgetting any buffered input.
    pub(crate) fn reset(&mut self, st: Lanes) {
        self.st = st;
        self.buf = [0; 40];
        self.pos = 0;
    }

    #[inline(always)]
    fn absorb_block<L: Perm>(st: &mut L, block: &[u8]) {
        if S::LE {
            for j in 0..S::RATE / 8 {
                st.xor(j, load::<true>(&block[8 * j..]));
            }
        } else {
            for j in 0..S::RATE / 8 {
                st.xor(j, load::<false>(&block[8 * j..]));
            }
        }
        perm(st, S::B_ABSORB);
    }

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
            let st = &mut self.st;
            let buf = &self.buf;
            with_backend!(|L| {
                let mut s = L::from_lanes(st);
                if pending {
                    Self::absorb_block(&mut s, &buf[..rate]);
                }
                for block in data[..full].chunks_exact(rate) {
                    Self::absorb_block(&mut s, block);
                }
                s.store_lanes(st);
            });
            data = &data[full..];
        }
        self.buf[..data.len()].copy_from_slice(data);
        self.pos = data.len();
    }

    /// The state in RustCrypto's serialized form for rate-8 sponges (`ascon-hash` 0.4): the five
    /// words big endian (40 bytes), the number of buffered bytes (1 byte, < 8), the buffered bytes
    /// (7 bytes, zero after the data).
    pub(crate) fn serialize(&self) -> [u8; 48] {
        debug_assert_eq!(S::RATE, 8);
        let mut out = [0u8; 48];
        for (dst, w) in out.chunks_exact_mut(8).zip(self.st.to_words()) {
            dst.copy_from_slice(&w.to_be_bytes());
        }
        // `pos < RATE = 8` after every `update`.
        out[40] = self.pos as u8;
        out[41..41 + self.pos].copy_from_slice(&self.buf[..self.pos]);
        out
    }

    /// Inverse of [`Self::serialize`]; `None` if the buffer part is not in canonical form
    /// (position 8 or more, or nonzero bytes after the buffered data).
    pub(crate) fn deserialize(bytes: &[u8; 48]) -> Option<Self> {
        debug_assert_eq!(S::RATE, 8);
        let pos = usize::from(bytes[40]);
        if pos >= 8 || bytes[41 + pos..].iter().any(|&b| b != 0) {
            return None;
        }
        let mut w = [0u64; 5];
        for (dst, src) in w.iter_mut().zip(bytes.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(src);
            *dst = u64::from_be_bytes(b);
        }
        let mut a = Self::new(Lanes::from_words(w));
        a.buf[..pos].copy_from_slice(&bytes[41..41 + pos]);
        a.pos = pos;
        Some(a)
    }

    /// Pads the buffered input, absorbs it and applies the final `p12` (after the domain bit for
    /// MAC/PRF). Returns the resulting state; `self` is left unusable until [`Self::reset`].
    pub(crate) fn finish(&mut self) -> Lanes {
        let mut block = [0u8; 40];
        block[..self.pos].copy_from_slice(&self.buf[..self.pos]);
        block[self.pos] = if S::LE { 0x01 } else { 0x80 };
        let st = &mut self.st;
        with_backend!(|L| {
            let mut s = L::from_lanes(st);
            for j in 0..S::RATE / 8 {
                let w = if S::LE {
                    load::<true>(&block[8 * j..])
                } else {
                    load::<false>(&block[8 * j..])
                };
                s.xor(j, w);
            }
            if S::DS {
                s.xor(
                    4,
                    if S::LE {
                        domain_bit::<true>()
                    } else {
                        domain_bit::<false>()
                    },
                );
            }
            s.permute::<12>();
            s.store_lanes(st);
            #[cfg(feature = "zeroize")]
            s.wipe();
        });
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut block);
        self.st.clone()
    }

    /// Pads and absorbs the buffered input without the domain bit, for the CXOF customization
    /// string: the state after it is the start of the message phase.
    pub(crate) fn finish_prefix(&mut self) -> Lanes {
        debug_assert!(!S::DS);
        self.finish()
    }
}

impl<S> Drop for Absorber<S> {
    fn drop(&mut self) {
        #[cfg(feature = "zeroize")]
        {
            self.st.wipe();
            zeroize::Zeroize::zeroize(&mut self.buf);
            self.pos = 0;
        }
    }
}

/// The squeezing phase: state plus the current output block.
pub(crate) struct Squeezer<S> {
    st: Lanes,
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

impl<S: Spec> Squeezer<S> {
    #[inline(always)]
    fn fill<L: Perm>(st: &L, block: &mut [u8]) {
        for j in 0..S::OUT_RATE / 8 {
            let b = if S::LE {
                store::<true>(st.get(j))
            } else {
                store::<false>(st.get(j))
            };
            block[8 * j..8 * j + 8].copy_from_slice(&b);
        }
    }

    /// Starts squeezing from the final state.
    pub(crate) fn new(st: Lanes) -> Self {
        let mut block = [0u8; 16];
        Self::fill(&st, &mut block[..]);
        Self {
            st,
            block,
            pos: 0,
            _s: PhantomData,
        }
    }

    /// Writes the next `out.len()` output bytes.
    pub(crate) fn read(&mut self, out: &mut [u8]) {
        let rate = S::OUT_RATE;
        let Self { st, block, pos, .. } = self;
        with_backend!(|L| {
            let mut s = L::from_lanes(st);
            let mut out = out;
            while !out.is_empty() {
                if *pos == rate {
                    perm(&mut s, S::B_SQUEEZE);
                    if out.len() >= rate {
                        // A whole output block: straight to `out`, not through `block`.
                        let (head, tail) = out.split_at_mut(rate);
                        Self::fill(&s, head);
                        out = tail;
                        continue;
                    }
                    Self::fill(&s, &mut block[..]);
                    *pos = 0;
                }
                let n = (rate - *pos).min(out.len());
                let (head, tail) = out.split_at_mut(n);
                head.copy_from_slice(&block[*pos..*pos + n]);
                *pos += n;
                out = tail;
            }
            s.store_lanes(st);
            #[cfg(feature = "zeroize")]
            s.wipe();
        });
    }
}

impl<S> Drop for Squeezer<S> {
    fn drop(&mut self) {
        #[cfg(feature = "zeroize")]
        {
            self.st.wipe();
            zeroize::Zeroize::zeroize(&mut self.block);
            self.pos = 0;
        }
    }
}

/// The initial state `p12(iv, 0, 0, 0, 0)`, computed at compile time.
pub(crate) const fn initial_state(iv: u64) -> [u64; 5] {
    let mut s = [iv, 0, 0, 0, 0];
    crate::hazmat::backends::portable::permute::<12>(&mut s);
    s
}
