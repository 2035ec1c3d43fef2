//! Round-function backends: `portable` first (the `aes` crate's constant-time `hazmat` rounds),
//! then AES-NI (x86/x86_64) and the ARMv8 crypto extensions (aarch64), chosen at run time with
//! `cpufeatures` (the detection result is cached after the first call).
//!
//! The algorithms are written once, generic over [`Backend`], and each SIMD backend instantiates
//! them inside `#[target_feature]` functions so the whole loop is compiled with AES enabled.
//! `cfg(miri)`, `--cfg lwc_force_portable` and `--cfg lemac_backend="portable"` compile only the
//! portable backend.

pub(crate) mod portable;

#[cfg(all(
    any(target_arch = "x86_64", target_arch = "x86"),
    not(any(miri, lwc_force_portable, lemac_backend = "portable"))
))]
pub(crate) mod x86;

#[cfg(all(
    target_arch = "aarch64",
    not(any(miri, lwc_force_portable, lemac_backend = "portable"))
))]
pub(crate) mod armv8;

use super::{LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word};

/// One AES round engine. `enc` is `AESENC` (SubBytes, ShiftRows, MixColumns, then XOR the key),
/// `enc_last` is `AESENCLAST` (no MixColumns).
pub(crate) trait Backend: Copy {
    /// A 16-byte word held in a register.
    type W: Copy;
    fn load(self, b: &Word) -> Self::W;
    fn store(self, w: Self::W) -> Word;
    fn xor(self, a: Self::W, b: Self::W) -> Self::W;
    fn enc(self, x: Self::W, k: Self::W) -> Self::W;
    fn enc_last(self, x: Self::W, k: Self::W) -> Self::W;
    /// The word whose bytes 0..8 are `lo` and 8..16 are `hi` (little-endian).
    #[inline(always)]
    fn load_u64x2(self, lo: u64, hi: u64) -> Self::W {
        let mut w = [0u8; 16];
        w[..8].copy_from_slice(&lo.to_le_bytes());
        w[8..].copy_from_slice(&hi.to_le_bytes());
        self.load(&w)
    }
    /// Eight independent rounds (one LeMac block).
    #[inline(always)]
    fn enc8(self, x: [Self::W; 8], k: [Self::W; 8]) -> [Self::W; 8] {
        let mut o = x;
        for i in 0..8 {
            o[i] = self.enc(x[i], k[i]);
        }
        o
    }
}

/// A two-lane round engine: lane 0 and lane 1 hold the words of two independent messages;
/// `load` broadcasts one word to both lanes.
#[allow(dead_code)]
pub(crate) trait Backend2: Backend {
    fn load2(self, lo: &Word, hi: &Word) -> Self::W;
    /// Lane 0 from the little-endian halves `l0`, lane 1 from `l1` (see `Backend::load_u64x2`).
    #[inline(always)]
    fn load2_u64x2(self, l0: (u64, u64), l1: (u64, u64)) -> Self::W {
        let mut w = [[0u8; 16]; 2];
        for (wi, (lo, hi)) in w.iter_mut().zip([l0, l1]) {
            wi[..8].copy_from_slice(&lo.to_le_bytes());
            wi[8..].copy_from_slice(&hi.to_le_bytes());
        }
        self.load2(&w[0], &w[1])
    }
    fn store2(self, w: Self::W) -> [Word; 2];
}

/// The 16-byte word at `off` of a 64-byte block.
#[inline(always)]
fn word_at(block: &[u8], off: usize) -> &Word {
    block[off..off + 16].try_into().expect("16-byte slice")
}

/// The generic algorithms, instantiated once per backend.
pub(crate) mod generic {
    use super::{
        Backend, Backend2, LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word, word_at,
    };

    // No closures (`array::map`, `from_fn`) in this module: a closure is not compiled with the
    // caller's target features, so the intrinsics inside it would not be inlined.

    /// Loads `N` words into registers.
    #[inline(always)]
    fn load_words<B: Backend, const N: usize>(b: B, w: &[Word; N]) -> [B::W; N] {
        let mut out = [b.load(&[0; 16]); N];
        for i in 0..N {
            out[i] = b.load(&w[i]);
        }
        out
    }

    /// Stores `N` registers.
    #[inline(always)]
    fn store_words<B: Backend, const N: usize>(b: B, w: &[B::W; N], out: &mut [Word; N]) {
        for i in 0..N {
            out[i] = b.store(w[i]);
        }
    }

    /// The four message words of the 64-byte block at the start of `blk`.
    #[inline(always)]
    fn load_block<B: Backend>(b: B, blk: &[u8]) -> [B::W; 4] {
        [
            b.load(word_at(blk, 0)),
            b.load(word_at(blk, 16)),
            b.load(word_at(blk, 32)),
            b.load(word_at(blk, 48)),
        ]
    }

    /// The four two-lane message words of the 64-byte blocks at the start of `x` and `y`.
    #[inline(always)]
    fn load_block2<B: Backend2>(b: B, x: &[u8], y: &[u8]) -> [B::W; 4] {
        [
            b.load2(word_at(x, 0), word_at(y, 0)),
            b.load2(word_at(x, 16), word_at(y, 16)),
            b.load2(word_at(x, 32), word_at(y, 32)),
            b.load2(word_at(x, 48), word_at(y, 48)),
        ]
    }

    /// One LeMac block on register-held state (all right-hand sides use the old values).
    #[inline(always)]
    pub(crate) fn lemac_block<B: Backend>(
        b: B,
        s: &mut [B::W; 9],
        r: &mut [B::W; 4],
        m: [B::W; 4],
    ) {
        let [rr, r0, r1, r2] = *r;
        let [m0, m1, m2, m3] = m;
        let t = b.enc8(
            [s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]],
            [m3, m3, b.xor(r1, r2), m0, m0, m1, m1, m3],
        );
        let s0 = b.xor(s[0], b.xor(s[8], m2));
        *s = [s0, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]];
        *r = [m2, b.xor(rr, m1), r0, r1];
    }

    /// Absorbs the whole 64-byte blocks of `data` into register-held state (a trailing partial
    /// block is ignored).
    ///
    /// Unrolled by 6 blocks (the state rotation has period 9 and the delay line period 3 when
    /// renamed), which lets the register allocator drop most copies.
    #[inline(always)]
    pub(crate) fn lemac_absorb_regs<B: Backend>(
        b: B,
        s: &mut [B::W; 9],
        r: &mut [B::W; 4],
        data: &[u8],
    ) {
        let mut big = data.chunks_exact(6 * 64);
        for six in &mut big {
            for i in 0..6 {
                lemac_block(b, s, r, load_block(b, &six[64 * i..]));
            }
        }
        // The 0 to 5 remaining blocks straight-line (no loop): a loop over one block would have to
        // rotate the 13 state registers with moves on every iteration.
        let rem = big.remainder();
        for i in 0..5 {
            if rem.len() < 64 * (i + 1) {
                break;
            }
            lemac_block(b, s, r, load_block(b, &rem[64 * i..]));
        }
    }

    /// Absorbs the whole 64-byte blocks of `data` (a trailing partial block is ignored).
    #[inline(always)]
    pub(crate) fn lemac_absorb<B: Backend>(b: B, st: &mut LeMacState, data: &[u8]) {
        let mut s = load_words(b, &st.s);
        let mut r = load_words(b, &st.r);
        lemac_absorb_regs(b, &mut s, &mut r, data);
        store_words(b, &s, &mut st.s);
        store_words(b, &r, &mut st.r);
    }

    /// Absorbs the same number of whole blocks from two messages into register-held two-lane
    /// state, one message per lane.
    #[inline(always)]
    #[allow(dead_code)]
    fn lemac_absorb2_regs<B: Backend2>(
        b: B,
        s: &mut [B::W; 9],
        r: &mut [B::W; 4],
        d0: &[u8],
        d1: &[u8],
    ) {
        let n = d0.len().min(d1.len()) / 64;
        let (d0, d1) = (&d0[..64 * n], &d1[..64 * n]);
        let mut i = 0;
        while i + 3 <= n {
            for k in 0..3 {
                let (x, y) = (&d0[64 * (i + k)..], &d1[64 * (i + k)..]);
                lemac_block(b, s, r, load_block2(b, x, y));
            }
            i += 3;
        }
        for k in 0..2 {
            if i + k >= n {
                break;
            }
            let (x, y) = (&d0[64 * (i + k)..], &d1[64 * (i + k)..]);
            lemac_block(b, s, r, load_block2(b, x, y));
        }
    }

    /// Word `j` of the padded last block of `tail` (shorter than 64 bytes) as little-endian halves.
    #[inline(always)]
    #[allow(dead_code)]
    fn last_word_u64x2(tail: &[u8], j: usize) -> (u64, u64) {
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

    /// Two one-shot LeMac tags under one key: lane-parallel over the common whole blocks, then
    /// lane-parallel finalisation when both have the same number of blocks, else each message is
    /// finished on the one-lane backend `b1`.
    #[inline(always)]
    #[allow(dead_code)]
    pub(crate) fn lemac_mac2<B: Backend2, B1: Backend>(
        b: B,
        b1: B1,
        ctx: &LeMacContext,
        nonces: [&Word; 2],
        msgs: [&[u8]; 2],
    ) -> [Word; 2] {
        let full = [
            msgs[0].len() - msgs[0].len() % 64,
            msgs[1].len() - msgs[1].len() % 64,
        ];
        let common = full[0].min(full[1]);
        let mut s = load_words(b, &ctx.init);
        let zero = b.load(&[0; 16]);
        let mut r = [zero; 4];
        lemac_absorb2_regs(b, &mut s, &mut r, &msgs[0][..common], &msgs[1][..common]);
        if full[0] == full[1] {
            // Both finish in the lanes, state in registers throughout.
            let nm = nonce_mask(b, &ctx.k2, b.load2(nonces[0], nonces[1]));
            let (t0, t1) = (&msgs[0][full[0]..], &msgs[1][full[1]..]);
            let mut m = [zero; 4];
            for j in 0..4 {
                m[j] = b.load2_u64x2(last_word_u64x2(t0, j), last_word_u64x2(t1, j));
            }
            lemac_block(b, &mut s, &mut r, m);
            for _ in 0..4 {
                lemac_block(b, &mut s, &mut r, [zero; 4]);
            }
            b.store2(finish(b, s, &ctx.subkeys, &ctx.k3, nm))
        } else {
            let mut st = [LeMacState::new(ctx); 2];
            for j in 0..9 {
                [st[0].s[j], st[1].s[j]] = b.store2(s[j]);
            }
            for j in 0..4 {
                [st[0].r[j], st[1].r[j]] = b.store2(r[j]);
            }
            let mut out = [[0u8; 16]; 2];
            for i in 0..2 {
                lemac_absorb(b1, &mut st[i], &msgs[i][common..full[i]]);
                out[i] = lemac_finalize(b1, ctx, &st[i], &msgs[i][full[i]..], nonces[i]);
            }
            #[cfg(feature = "zeroize")]
            for sti in &mut st {
                zeroize::Zeroize::zeroize(&mut sti.s);
                zeroize::Zeroize::zeroize(&mut sti.r);
            }
            out
        }
    }

    /// AES-128 encryption of one word with expanded round keys.
    #[inline(always)]
    pub(crate) fn aes128<B: Backend>(b: B, rk: &[Word; 11], x: B::W) -> B::W {
        let mut y = b.xor(x, b.load(&rk[0]));
        for k in &rk[1..10] {
            y = b.enc(y, b.load(k));
        }
        b.enc_last(y, b.load(&rk[10]))
    }

    /// `N ^ AES_k2(N)`: the nonce part of the tag input. It does not depend on the message, so
    /// callers compute it before the last blocks, where its 10 serial rounds overlap with them
    /// instead of adding their latency after the state is done.
    #[inline(always)]
    pub(crate) fn nonce_mask<B: Backend>(b: B, k2: &[Word; 11], n: B::W) -> B::W {
        b.xor(n, aes128(b, k2, n))
    }

    /// `H = XOR_i G_i(x_i)` with the sliding subkeys `F[i..i+10]` (10 full rounds, last key zero),
    /// then `Tag = AES_k3(H ^ nm)` with `nm` = [`nonce_mask`] `= N ^ AES_k2(N)`.
    #[inline(always)]
    pub(crate) fn finish<B: Backend, const N: usize>(
        b: B,
        x: [B::W; N],
        f: &[Word],
        k3: &[Word; 11],
        nm: B::W,
    ) -> B::W {
        let zero = b.load(&[0; 16]);
        let mut y = x;
        for (i, yi) in y.iter_mut().enumerate() {
            *yi = b.xor(*yi, b.load(&f[i]));
        }
        for r in 1..=10 {
            // Eight chains at once where possible (they are independent).
            let mut i = 0;
            while i + 8 <= N {
                let mut xs = [zero; 8];
                let mut ks = [zero; 8];
                for j in 0..8 {
                    xs[j] = y[i + j];
                    ks[j] = if r == 10 { zero } else { b.load(&f[i + j + r]) };
                }
                let o = b.enc8(xs, ks);
                y[i..i + 8].copy_from_slice(&o);
                i += 8;
            }
            while i < N {
                let k = if r == 10 { zero } else { b.load(&f[i + r]) };
                y[i] = b.enc(y[i], k);
                i += 1;
            }
        }
        let mut h = y[0];
        for yi in &y[1..] {
            h = b.xor(h, *yi);
        }
        aes128(b, k3, b.xor(h, nm))
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
    fn padded_word(tail: &[u8]) -> (u64, u64) {
        let n = tail.len() & 15;
        if n >= 8 {
            let lo = u64::from_le_bytes(tail[..8].try_into().expect("8 bytes"));
            (lo, partial_u64(&tail[8..n]) | (1 << (8 * (n - 8))))
        } else {
            (partial_u64(&tail[..n]) | (1 << (8 * n)), 0)
        }
    }

    /// The four words of the padded last block of `tail` (shorter than 64 bytes): whole words are
    /// loaded straight from `tail`, the word holding the padding byte is built by [`padded_word`],
    /// the rest are zero.
    #[inline(always)]
    fn lemac_last_words<B: Backend>(b: B, tail: &[u8]) -> [B::W; 4] {
        let tail = &tail[..tail.len().min(63)];
        let zero = b.load(&[0; 16]);
        let whole = tail.len() / 16;
        let (lo, hi) = padded_word(&tail[16 * whole..]);
        let pw = b.load_u64x2(lo, hi);
        let mut m = [zero; 4];
        // Constant `j` after unrolling: each word is a select, no dynamic register indexing.
        for j in 0..4 {
            m[j] = if j < whole {
                b.load(word_at(tail, 16 * j))
            } else if j == whole {
                pw
            } else {
                zero
            };
        }
        m
    }

    /// Pads `tail` (shorter than 64 bytes), absorbs it and the 4 blank blocks into the
    /// register-held state, and returns the tag.
    #[inline(always)]
    fn lemac_finish_regs<B: Backend>(
        b: B,
        ctx: &LeMacContext,
        mut s: [B::W; 9],
        mut r: [B::W; 4],
        tail: &[u8],
        nonce: &Word,
    ) -> Word {
        let nm = nonce_mask(b, &ctx.k2, b.load(nonce));
        lemac_block(b, &mut s, &mut r, lemac_last_words(b, tail));
        let zero = b.load(&[0; 16]);
        for _ in 0..4 {
            lemac_block(b, &mut s, &mut r, [zero; 4]);
        }
        b.store(finish(b, s, &ctx.subkeys, &ctx.k3, nm))
    }

    /// Pads `tail` (shorter than 64 bytes), absorbs it and the 4 blank blocks into a copy of `st`,
    /// and returns the tag.
    #[inline(always)]
    pub(crate) fn lemac_finalize<B: Backend>(
        b: B,
        ctx: &LeMacContext,
        st: &LeMacState,
        tail: &[u8],
        nonce: &Word,
    ) -> Word {
        let s = load_words(b, &st.s);
        let r = load_words(b, &st.r);
        lemac_finish_regs(b, ctx, s, r, tail, nonce)
    }

    /// One-shot LeMac of `msg` from the keyed initial state; the state stays in registers from the
    /// first block to the tag.
    #[inline(always)]
    pub(crate) fn lemac_mac<B: Backend>(
        b: B,
        ctx: &LeMacContext,
        nonce: &Word,
        msg: &[u8],
    ) -> Word {
        let mut s = load_words(b, &ctx.init);
        let zero = b.load(&[0; 16]);
        let mut r = [zero; 4];
        let full = msg.len() - msg.len() % 64;
        lemac_absorb_regs(b, &mut s, &mut r, &msg[..full]);
        lemac_finish_regs(b, ctx, s, r, &msg[full..], nonce)
    }

    /// Absorbs the whole 16-byte words of `data` (a trailing partial word is ignored).
    #[inline(always)]
    pub(crate) fn petitmac_absorb<B: Backend>(b: B, st: &mut PetitMacState, data: &[u8]) {
        let mut s = b.load(&st.s);
        let [mut r0, mut r1, mut r2, mut r3, mut r4] = load_words(b, &st.r);
        for w in data.chunks_exact(16) {
            let m = b.load(word_at(w, 0));
            let a = b.enc(s, b.xor(m, r4));
            let n0 = b.xor(m, r3);
            s = b.enc(a, n0);
            let (o0, o1, o2) = (r0, r1, r2);
            r0 = n0;
            r1 = b.xor(r4, n0);
            r2 = b.xor(r4, o0);
            r3 = o1;
            r4 = o2;
        }
        st.s = b.store(s);
        store_words(b, &[r0, r1, r2, r3, r4], &mut st.r);
    }

    /// Pads `tail` (shorter than 16 bytes), absorbs it into a copy of `st`, and returns the tag.
    #[inline(always)]
    pub(crate) fn petitmac_finalize<B: Backend>(
        b: B,
        ctx: &PetitMacContext,
        st: &PetitMacState,
        tail: &[u8],
        nonce: &Word,
    ) -> Word {
        let mut last = [0u8; 16];
        let n = tail.len().min(15);
        last[..n].copy_from_slice(&tail[..n]);
        last[n] = 0x01;
        let mut st = *st;
        let nm = nonce_mask(b, &ctx.k2, b.load(nonce));
        petitmac_absorb(b, &mut st, &last);
        let x = load_words(b, &[st.s, st.r[0], st.r[1], st.r[2], st.r[3], st.r[4]]);
        let tag = b.store(finish(b, x, &ctx.subkeys, &ctx.k3, nm));
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(&mut last);
            zeroize::Zeroize::zeroize(&mut st.s);
            zeroize::Zeroize::zeroize(&mut st.r);
        }
        tag
    }

    /// One-shot PetitMac of `msg` from the keyed initial state.
    #[inline(always)]
    pub(crate) fn petitmac_mac<B: Backend>(
        b: B,
        ctx: &PetitMacContext,
        nonce: &Word,
        msg: &[u8],
    ) -> Word {
        let mut st = PetitMacState::new(ctx);
        let full = msg.len() - msg.len() % 16;
        petitmac_absorb(b, &mut st, &msg[..full]);
        petitmac_finalize(b, ctx, &st, &msg[full..], nonce)
    }
}

/// Defines the `#[target_feature]` entry points of a SIMD backend (used inside the backend module).
#[allow(unused_macros)]
macro_rules! target_feature_entry_points {
    ($features:literal, $backend:expr) => {
        use $crate::hazmat::backends::generic;
        use $crate::hazmat::{LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word};

        #[target_feature(enable = $features)]
        pub(crate) unsafe fn lemac_absorb(st: &mut LeMacState, data: &[u8]) {
            generic::lemac_absorb($backend, st, data)
        }

        #[target_feature(enable = $features)]
        pub(crate) unsafe fn lemac_finalize(
            ctx: &LeMacContext,
            st: &LeMacState,
            tail: &[u8],
            nonce: &Word,
        ) -> Word {
            generic::lemac_finalize($backend, ctx, st, tail, nonce)
        }

        #[target_feature(enable = $features)]
        pub(crate) unsafe fn lemac_mac(ctx: &LeMacContext, nonce: &Word, msg: &[u8]) -> Word {
            generic::lemac_mac($backend, ctx, nonce, msg)
        }

        #[target_feature(enable = $features)]
        pub(crate) unsafe fn petitmac_absorb(st: &mut PetitMacState, data: &[u8]) {
            generic::petitmac_absorb($backend, st, data)
        }

        #[target_feature(enable = $features)]
        pub(crate) unsafe fn petitmac_finalize(
            ctx: &PetitMacContext,
            st: &PetitMacState,
            tail: &[u8],
            nonce: &Word,
        ) -> Word {
            generic::petitmac_finalize($backend, ctx, st, tail, nonce)
        }

        #[target_feature(enable = $features)]
        pub(crate) unsafe fn petitmac_mac(ctx: &PetitMacContext, nonce: &Word, msg: &[u8]) -> Word {
            generic::petitmac_mac($backend, ctx, nonce, msg)
        }
    };
}
#[allow(unused_imports)]
pub(crate) use target_feature_entry_points;

/// Which backend the dispatching functions use on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectedBackend {
    /// The `aes` crate's `hazmat` rounds (fixsliced software AES, or its own AES-NI/ARMv8 path).
    Portable,
    /// AES-NI compiled with VAES and AVX-512VL (EVEX encoding, 32 vector registers), x86_64
    /// (Rust 1.89+).
    AesNiEvex,
    /// AES-NI with AVX (VEX encoding), x86/x86_64.
    AesNiAvx,
    /// AES-NI with SSE encoding, x86/x86_64.
    AesNi,
    /// ARMv8 crypto extensions, aarch64.
    Armv8,
}

/// The backend the dispatching functions use on this CPU (detected once, then cached).
#[must_use]
pub fn selected_backend() -> SelectedBackend {
    #[cfg(all(
        any(target_arch = "x86_64", target_arch = "x86"),
        not(any(miri, lwc_force_portable, lemac_backend = "portable"))
    ))]
    if let Some(s) = x86::selected() {
        return s;
    }
    #[cfg(all(
        target_arch = "aarch64",
        not(any(miri, lwc_force_portable, lemac_backend = "portable"))
    ))]
    if armv8::available() {
        return SelectedBackend::Armv8;
    }
    SelectedBackend::Portable
}

/// How many messages [`LeMac::compute_many`](crate::LeMac::compute_many) runs side by side on this
/// CPU: 2 with the VAES backend (x86_64, Rust 1.89+), else 1.
#[must_use]
pub fn compute_many_lanes() -> usize {
    #[cfg(all(
        target_arch = "x86_64",
        lemac_vaes,
        not(any(miri, lwc_force_portable, lemac_backend = "portable"))
    ))]
    if x86::vaes::available() {
        return 2;
    }
    1
}

/// Dispatches one operation to the first available SIMD backend, else to the portable one.
macro_rules! dispatch {
    ($name:ident ( $($arg:expr),* )) => {{
        #[cfg(all(
            any(target_arch = "x86_64", target_arch = "x86"),
            not(any(miri, lwc_force_portable, lemac_backend = "portable"))
        ))]
        if let Some(r) = x86::$name($($arg),*) {
            return r;
        }
        #[cfg(all(target_arch = "aarch64", not(any(miri, lwc_force_portable, lemac_backend = "portable"))))]
        if let Some(r) = armv8::$name($($arg),*) {
            return r;
        }
        portable::$name($($arg),*)
    }};
}

pub(crate) fn lemac_absorb(st: &mut LeMacState, data: &[u8]) {
    dispatch!(lemac_absorb(st, data))
}

pub(crate) fn lemac_finalize(
    ctx: &LeMacContext,
    st: &LeMacState,
    tail: &[u8],
    nonce: &Word,
) -> Word {
    dispatch!(lemac_finalize(ctx, st, tail, nonce))
}

pub(crate) fn lemac_mac(ctx: &LeMacContext, nonce: &Word, msg: &[u8]) -> Word {
    dispatch!(lemac_mac(ctx, nonce, msg))
}

/// Two LeMac tags under one key (VAES lanes when available).
pub(crate) fn lemac_mac2(ctx: &LeMacContext, nonces: [&Word; 2], msgs: [&[u8]; 2]) -> [Word; 2] {
    #[cfg(all(
        target_arch = "x86_64",
        lemac_vaes,
        not(any(miri, lwc_force_portable, lemac_backend = "portable"))
    ))]
    if let Some(r) = x86::vaes::lemac_mac2(ctx, nonces, msgs) {
        return r;
    }
    [
        lemac_mac(ctx, nonces[0], msgs[0]),
        lemac_mac(ctx, nonces[1], msgs[1]),
    ]
}

pub(crate) fn petitmac_absorb(st: &mut PetitMacState, data: &[u8]) {
    dispatch!(petitmac_absorb(st, data))
}

pub(crate) fn petitmac_finalize(
    ctx: &PetitMacContext,
    st: &PetitMacState,
    tail: &[u8],
    nonce: &Word,
) -> Word {
    dispatch!(petitmac_finalize(ctx, st, tail, nonce))
}

pub(crate) fn petitmac_mac(ctx: &PetitMacContext, nonce: &Word, msg: &[u8]) -> Word {
    dispatch!(petitmac_mac(ctx, nonce, msg))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A tiny deterministic generator (xorshift64*), enough to vary test inputs.
    pub(crate) struct Rand(pub(crate) u64);

    impl Rand {
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

    /// Message lengths: under Miri a few; otherwise every length up to 3 blocks (each tail length,
    /// each position of the padding byte) and then every block count up to 13 (each number of
    /// blocks left over after the 6-block unrolled loop) with a few tails, and 4097.
    fn lens() -> impl Iterator<Item = usize> {
        let (short, blocks) = if cfg!(miri) {
            (0..3, 0..2)
        } else {
            (0..193, 3..14)
        };
        short
            .chain(blocks.flat_map(|k| [0, 1, 15, 16, 33, 63].map(|t| 64 * k + t)))
            .chain(if cfg!(miri) { None } else { Some(4097) })
    }

    pub(crate) fn check_lemac_against_portable(
        rng: &mut Rand,
        f: impl Fn(&LeMacContext, &Word, &[u8]) -> Word,
    ) {
        let mut buf = [0u8; 4097];
        for (i, len) in lens().enumerate() {
            let ctx = LeMacContext::new(&rng.word());
            let nonce = rng.word();
            rng.fill(&mut buf[..len]);
            let want = portable::lemac_mac(&ctx, &nonce, &buf[..len]);
            assert_eq!(
                f(&ctx, &nonce, &buf[..len]),
                want,
                "LeMac case {i}, length {len}"
            );
        }
    }

    pub(crate) fn check_petitmac_against_portable(
        rng: &mut Rand,
        f: impl Fn(&PetitMacContext, &Word, &[u8]) -> Word,
    ) {
        let mut buf = [0u8; 4097];
        for (i, len) in lens().enumerate() {
            let ctx = PetitMacContext::new(&rng.word());
            let nonce = rng.word();
            rng.fill(&mut buf[..len]);
            let want = portable::petitmac_mac(&ctx, &nonce, &buf[..len]);
            assert_eq!(
                f(&ctx, &nonce, &buf[..len]),
                want,
                "PetitMac case {i}, length {len}"
            );
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "under Miri only the portable backend exists (and AES is slow)"
    )]
    fn dispatched_matches_portable() {
        let mut rng = Rand(0x5eed_0000);
        check_lemac_against_portable(&mut rng, lemac_mac);
        check_petitmac_against_portable(&mut rng, petitmac_mac);
        // Streaming entry points: absorb in two parts, then finalise.
        check_lemac_against_portable(&mut rng, |c, n, m| {
            let mut st = LeMacState::new(c);
            let full = m.len() - m.len() % 64;
            let cut = (full / 128) * 64;
            lemac_absorb(&mut st, &m[..cut]);
            lemac_absorb(&mut st, &m[cut..full]);
            lemac_finalize(c, &st, &m[full..], n)
        });
        check_petitmac_against_portable(&mut rng, |c, n, m| {
            let mut st = PetitMacState::new(c);
            let full = m.len() - m.len() % 16;
            petitmac_absorb(&mut st, &m[..full]);
            petitmac_finalize(c, &st, &m[full..], n)
        });
    }

    #[test]
    fn key_expansion_fips197() {
        // FIPS 197 Appendix A.1: key 2b7e1516..., last round key d014f9a8c9ee2589e13f0cc8b6630ca6.
        let rk = crate::hazmat::expand_key(&[
            0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf,
            0x4f, 0x3c,
        ]);
        assert_eq!(
            rk[10],
            [
                0xd0, 0x14, 0xf9, 0xa8, 0xc9, 0xee, 0x25, 0x89, 0xe1, 0x3f, 0x0c, 0xc8, 0xb6, 0x63,
                0x0c, 0xa6
            ]
        );
        assert_eq!(
            rk[1],
            [
                0xa0, 0xfa, 0xfe, 0x17, 0x88, 0x54, 0x2c, 0xb1, 0x23, 0xa3, 0x39, 0x39, 0x2a, 0x6c,
                0x76, 0x05
            ]
        );
    }
}
