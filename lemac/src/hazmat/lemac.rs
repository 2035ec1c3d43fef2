//! LeMac (the corrected design: delay register `RR`, 4 blank blocks), written once over the
//! AES-round [`Kernels`]: the [`Mac`] the shared jobs of [`super::jobs`] run (absorb, finalize,
//! one-shot), and the [`Job`] [`Compute2`] (two messages under one key, lane-parallel where the
//! backend has two-lane kernels).
//!
//! No closures (`array::map`, `from_fn`) in this module: a closure is not compiled with the
//! caller's target features, so the intrinsics inside it would not be inlined.

use super::backends::{Job, Kernels, Kernels2};
use super::finalization::{aes128, finish, nonce_mask, tag_input, tag_input_pairs};
use super::jobs::{Compute, Mac};
use super::words::{last_word_u64x2, padded_word, word_at};
use super::{LeMacContext, LeMacState, Word};

impl Mac for LeMacContext {
    type State = LeMacState;

    /// Absorbs the whole 64-byte blocks of `data` (a trailing partial block is ignored).
    #[inline(always)]
    fn absorb<K: Kernels>(k: K, st: &mut LeMacState, data: &[u8]) {
        let mut s = k.load_words(&st.s);
        let mut r = k.load_words(&st.r);
        absorb_regs(k, &mut s, &mut r, data);
        k.store_words(&s, &mut st.s);
        k.store_words(&r, &mut st.r);
    }

    /// Pads `tail` (shorter than 64 bytes), absorbs it and the 4 blank blocks into a copy of `st`,
    /// and returns the tag.
    #[inline(always)]
    fn finalize<K: Kernels>(k: K, ctx: &Self, st: &LeMacState, tail: &[u8], nonce: &Word) -> Word {
        let s = k.load_words(&st.s);
        let r = k.load_words(&st.r);
        finish_regs(k, ctx, s, r, tail, nonce)
    }

    /// One-shot LeMac of `msg` from the keyed initial state; the state stays in registers from the
    /// first block to the tag.
    #[inline(always)]
    fn compute<K: Kernels>(k: K, job: &Compute<'_, Self>) -> Word {
        let mut s = k.load_words(&job.ctx.init);
        let zero = k.load(&[0; 16]);
        let mut r = [zero; 4];
        let full = job.msg.len() - job.msg.len() % 64;
        absorb_regs(k, &mut s, &mut r, &job.msg[..full]);
        finish_regs(k, job.ctx, s, r, &job.msg[full..], job.nonce)
    }
}

/// Two one-shot LeMac tags under one key in the two lanes of the backend's two-lane kernels, or
/// `None` where it has none (the caller then computes them one at a time).
pub(crate) struct Compute2<'a> {
    pub(crate) ctx: &'a LeMacContext,
    pub(crate) nonces: [&'a Word; 2],
    pub(crate) msgs: [&'a [u8]; 2],
}

impl Job for &Compute2<'_> {
    type Output = Option<[Word; 2]>;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) -> Option<[Word; 2]> {
        let lanes = k.lanes2()?;
        Some(compute2(lanes, k, self.ctx, self.nonces, self.msgs))
    }
}

/// The four message words of the 64-byte block at the start of `blk`.
#[inline(always)]
fn load_block<K: Kernels>(k: K, blk: &[u8]) -> [K::W; 4] {
    [
        k.load(word_at(blk, 0)),
        k.load(word_at(blk, 16)),
        k.load(word_at(blk, 32)),
        k.load(word_at(blk, 48)),
    ]
}

/// The four two-lane message words of the 64-byte blocks at the start of `x` and `y`.
#[inline(always)]
fn load_block2<L: Kernels2>(l: L, x: &[u8], y: &[u8]) -> [L::W; 4] {
    [
        l.load2(word_at(x, 0), word_at(y, 0)),
        l.load2(word_at(x, 16), word_at(y, 16)),
        l.load2(word_at(x, 32), word_at(y, 32)),
        l.load2(word_at(x, 48), word_at(y, 48)),
    ]
}

/// One LeMac block on register-held state (all right-hand sides use the old values).
#[inline(always)]
fn block<K: Kernels>(k: K, s: &mut [K::W; 9], r: &mut [K::W; 4], m: [K::W; 4]) {
    let [rr, r0, r1, r2] = *r;
    let [m0, m1, m2, m3] = m;
    let t = k.enc8(
        [s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]],
        [m3, m3, k.xor(r1, r2), m0, m0, m1, m1, m3],
    );
    let s0 = k.xor(s[0], k.xor(s[8], m2));
    *s = [s0, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]];
    *r = [m2, k.xor(rr, m1), r0, r1];
}

/// Absorbs the whole 64-byte blocks of `data` into register-held state (a trailing partial
/// block is ignored).
///
/// Unrolled by 6 blocks (the state rotation has period 9 and the delay line period 3 when
/// renamed), which lets the register allocator drop most copies.
#[inline(always)]
fn absorb_regs<K: Kernels>(k: K, s: &mut [K::W; 9], r: &mut [K::W; 4], data: &[u8]) {
    if K::FOLD_KEYS {
        return absorb_regs_folded(k, s, r, data);
    }
    if K::ROLLED_ABSORB {
        for blk in data.chunks_exact(64) {
            block(k, s, r, load_block(k, blk));
        }
        return;
    }
    let mut big = data.chunks_exact(6 * 64);
    for six in &mut big {
        // Written out: LLVM unrolls a `for i in 0..6` here only when the rounds are inline
        // instructions, not around the portable backend's calls into the `aes` crate.
        block(k, s, r, load_block(k, &six[0..]));
        block(k, s, r, load_block(k, &six[64..]));
        block(k, s, r, load_block(k, &six[128..]));
        block(k, s, r, load_block(k, &six[192..]));
        block(k, s, r, load_block(k, &six[256..]));
        block(k, s, r, load_block(k, &six[320..]));
    }
    // The 0 to 5 remaining blocks straight-line (no loop): a loop over one block would have to
    // rotate the 13 state registers with moves on every iteration.
    let rem = big.remainder();
    for i in 0..5 {
        if rem.len() < 64 * (i + 1) {
            break;
        }
        block(k, s, r, load_block(k, &rem[64 * i..]));
    }
}

/// The state of [`absorb_regs_folded`] between blocks: `S0`, the words `S1..S8` as
/// `t[j - 1] ^ key` with their keys pending, the four distinct pending keys (`M0`, `M1`, `M3` of
/// the previous block and `R1 ^ R2` before it), and the delay line.
struct Folded<W> {
    s0: W,
    t: [W; 8],
    /// `[m0, m1, m3, r1 ^ r2]` of the previous block: `S1 = t[0] ^ m3`, `S2 = t[1] ^ m3`,
    /// `S3 = t[2] ^ (r1 ^ r2)`, `S4 = t[3] ^ m0`, `S5 = t[4] ^ m0`, `S6 = t[5] ^ m1`,
    /// `S7 = t[6] ^ m1`, `S8 = t[7] ^ m3`.
    keys: [W; 4],
    r: [W; 4],
}

/// The nine state words of [`Folded`] state made whole (each `t` word with its pending key).
#[inline(always)]
fn whole<K: Kernels>(k: K, st: &Folded<K::W>) -> [K::W; 9] {
    let [p0, p1, p3, px] = st.keys;
    let t = st.t;
    [
        st.s0,
        k.xor(t[0], p3),
        k.xor(t[1], p3),
        k.xor(t[2], px),
        k.xor(t[3], p0),
        k.xor(t[4], p0),
        k.xor(t[5], p1),
        k.xor(t[6], p1),
        k.xor(t[7], p3),
    ]
}

/// One LeMac block on [`Folded`] state: each round is `R(t ^ key)`, `enc(xor(t, key), 0)`, which
/// ARMv8 computes as `AESMC(AESE(t, key))` (`AESE` adds its key before SubBytes), so a round key
/// costs nothing until a word is needed whole (`S8`, for `S0`).
#[inline(always)]
fn block_folded<K: Kernels>(k: K, st: &mut Folded<K::W>, zero: K::W, m: [K::W; 4]) {
    let [m0, m1, m2, m3] = m;
    let [rr, r0, r1, r2] = st.r;
    let [s0, s1, s2, s3, s4, s5, s6, s7, s8] = whole(k, st);
    st.t = k.enc8([s0, s1, s2, s3, s4, s5, s6, s7], [zero; 8]);
    st.s0 = k.xor(s0, k.xor(s8, m2));
    st.keys = [m0, m1, m3, k.xor(r1, r2)];
    st.r = [m2, k.xor(rr, m1), r0, r1];
}

/// [`absorb_regs`] for [`Kernels::FOLD_KEYS`] backends: the same blocks on [`Folded`] state, so
/// that no word is made whole again at the edge of the 6-block loop (7 `EOR` and 7 zero-key
/// rounds per 6 blocks on ARMv8 otherwise).
#[inline(always)]
fn absorb_regs_folded<K: Kernels>(k: K, s: &mut [K::W; 9], r: &mut [K::W; 4], data: &[u8]) {
    let mut big = data.chunks_exact(6 * 64);
    if data.len() >= 6 * 64 {
        let zero = k.load(&[0; 16]);
        let mut st = Folded {
            s0: s[0],
            t: [s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]],
            keys: [zero; 4],
            r: *r,
        };
        for six in &mut big {
            block_folded(k, &mut st, zero, load_block(k, &six[0..]));
            block_folded(k, &mut st, zero, load_block(k, &six[64..]));
            block_folded(k, &mut st, zero, load_block(k, &six[128..]));
            block_folded(k, &mut st, zero, load_block(k, &six[192..]));
            block_folded(k, &mut st, zero, load_block(k, &six[256..]));
            block_folded(k, &mut st, zero, load_block(k, &six[320..]));
        }
        *s = whole(k, &st);
        *r = st.r;
    }
    // The 0 to 5 remaining blocks straight-line, on whole words (as `absorb_regs`): the words
    // are made whole once, here, and the last blocks and the finalisation need them so.
    let rem = big.remainder();
    for i in 0..5 {
        if rem.len() < 64 * (i + 1) {
            break;
        }
        block(k, s, r, load_block(k, &rem[64 * i..]));
    }
}

/// Absorbs the same number of whole blocks from two messages into register-held two-lane
/// state, one message per lane.
#[inline(always)]
fn absorb2_regs<L: Kernels2>(l: L, s: &mut [L::W; 9], r: &mut [L::W; 4], d0: &[u8], d1: &[u8]) {
    let n = d0.len().min(d1.len()) / 64;
    let (d0, d1) = (&d0[..64 * n], &d1[..64 * n]);
    let mut i = 0;
    while i + 3 <= n {
        for j in 0..3 {
            let (x, y) = (&d0[64 * (i + j)..], &d1[64 * (i + j)..]);
            block(l, s, r, load_block2(l, x, y));
        }
        i += 3;
    }
    for j in 0..2 {
        if i + j >= n {
            break;
        }
        let (x, y) = (&d0[64 * (i + j)..], &d1[64 * (i + j)..]);
        block(l, s, r, load_block2(l, x, y));
    }
}

/// Two one-shot LeMac tags under one key on the two-lane kernels `l`: lane-parallel over the
/// common whole blocks, then lane-parallel finalisation when both have the same number of
/// blocks, else each message is finished on the one-lane kernels `k`.
#[inline(always)]
fn compute2<L: Kernels2, K: Kernels>(
    l: L,
    k: K,
    ctx: &LeMacContext,
    nonces: [&Word; 2],
    msgs: [&[u8]; 2],
) -> [Word; 2] {
    let full = [
        msgs[0].len() - msgs[0].len() % 64,
        msgs[1].len() - msgs[1].len() % 64,
    ];
    if L::PAIR_OUTPUT_ONLY {
        return compute2_output_pair(l, k, ctx, nonces, msgs, full);
    }
    let common = full[0].min(full[1]);
    let mut s = l.load_words(&ctx.init);
    let zero = l.load(&[0; 16]);
    let mut r = [zero; 4];
    absorb2_regs(l, &mut s, &mut r, &msgs[0][..common], &msgs[1][..common]);
    if full[0] == full[1] {
        // Both finish in the lanes, state in registers throughout.
        let nm = nonce_mask(l, &ctx.k2, l.load2(nonces[0], nonces[1]));
        let (t0, t1) = (&msgs[0][full[0]..], &msgs[1][full[1]..]);
        let mut m = [zero; 4];
        for j in 0..4 {
            m[j] = l.load2_u64x2(last_word_u64x2(t0, j), last_word_u64x2(t1, j));
        }
        block(l, &mut s, &mut r, m);
        for _ in 0..4 {
            block(l, &mut s, &mut r, [zero; 4]);
        }
        l.store2(finish(l, s, &ctx.subkeys, &ctx.k3, nm))
    } else {
        let mut st = [LeMacState::new(ctx); 2];
        for j in 0..9 {
            [st[0].s[j], st[1].s[j]] = l.store2(s[j]);
        }
        for j in 0..4 {
            [st[0].r[j], st[1].r[j]] = l.store2(r[j]);
        }
        let mut out = [[0u8; 16]; 2];
        for i in 0..2 {
            LeMacContext::absorb(k, &mut st[i], &msgs[i][common..full[i]]);
            out[i] = LeMacContext::finalize(k, ctx, &st[i], &msgs[i][full[i]..], nonces[i]);
        }
        #[cfg(feature = "zeroize")]
        for sti in &mut st {
            zeroize::Zeroize::zeroize(&mut sti.s);
            zeroize::Zeroize::zeroize(&mut sti.r);
        }
        out
    }
}

/// [`compute2`] for [`Kernels2::PAIR_OUTPUT_ONLY`] lanes: each message on the one-lane kernels `k`
/// up to the input of the output AES-128 (its 10 dependent rounds are the one part of a tag with
/// no independent work beside it), then the two output AES-128s interleaved in the lanes of `l`
/// (any two lengths).
#[inline(always)]
fn compute2_output_pair<L: Kernels2, K: Kernels>(
    l: L,
    k: K,
    ctx: &LeMacContext,
    nonces: [&Word; 2],
    msgs: [&[u8]; 2],
    full: [usize; 2],
) -> [Word; 2] {
    let zero = k.load(&[0; 16]);
    let (mut s0, mut r0) = (k.load_words(&ctx.init), [zero; 4]);
    absorb_regs(k, &mut s0, &mut r0, &msgs[0][..full[0]]);
    let (mut s1, mut r1) = (k.load_words(&ctx.init), [zero; 4]);
    absorb_regs(k, &mut s1, &mut r1, &msgs[1][..full[1]]);
    #[allow(unused_mut)] // mutated by the `zeroize` feature only
    let mut t = [
        k.store(tag_input_regs(
            k,
            ctx,
            s0,
            r0,
            &msgs[0][full[0]..],
            nonces[0],
        )),
        k.store(tag_input_regs(
            k,
            ctx,
            s1,
            r1,
            &msgs[1][full[1]..],
            nonces[1],
        )),
    ];
    // Register pairs: the stores above and this `load2` compile to nothing.
    let tags = l.store2(aes128(l, &ctx.k3, l.load2(&t[0], &t[1])));
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(&mut t);
    tags
}

/// The four words of the padded last block of `tail` (shorter than 64 bytes): whole words are
/// loaded straight from `tail`, the word holding the padding byte is built by [`padded_word`],
/// the rest are zero.
#[inline(always)]
fn last_words<K: Kernels>(k: K, tail: &[u8]) -> [K::W; 4] {
    let tail = &tail[..tail.len().min(63)];
    let zero = k.load(&[0; 16]);
    let whole = tail.len() / 16;
    let (lo, hi) = padded_word(&tail[16 * whole..]);
    let pw = k.load_u64x2(lo, hi);
    let mut m = [zero; 4];
    // Constant `j` after unrolling: each word is a select, no dynamic register indexing.
    for j in 0..4 {
        m[j] = if j < whole {
            k.load(word_at(tail, 16 * j))
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
fn finish_regs<K: Kernels>(
    k: K,
    ctx: &LeMacContext,
    mut s: [K::W; 9],
    mut r: [K::W; 4],
    tail: &[u8],
    nonce: &Word,
) -> Word {
    let nm = nonce_mask(k, &ctx.k2, k.load(nonce));
    block(k, &mut s, &mut r, last_words(k, tail));
    let zero = k.load(&[0; 16]);
    for _ in 0..4 {
        block(k, &mut s, &mut r, [zero; 4]);
    }
    // Not `.map_or_else`: a closure is not compiled with the backend's target features.
    let t = match k.pairs() {
        Some(p) => tag_input_pairs(k, p, s, &ctx.subkeys, nm),
        None => tag_input(k, s, &ctx.subkeys, nm),
    };
    k.store(aes128(k, &ctx.k3, t))
}

/// [`finish_regs`] up to the input of the output AES-128 (`H ^ N ^ AES_k2(N)`). (`finish_regs`
/// keeps its own copy: calling this from there changed the x86 code.)
#[inline(always)]
fn tag_input_regs<K: Kernels>(
    k: K,
    ctx: &LeMacContext,
    mut s: [K::W; 9],
    mut r: [K::W; 4],
    tail: &[u8],
    nonce: &Word,
) -> K::W {
    let nm = nonce_mask(k, &ctx.k2, k.load(nonce));
    block(k, &mut s, &mut r, last_words(k, tail));
    let zero = k.load(&[0; 16]);
    for _ in 0..4 {
        block(k, &mut s, &mut r, [zero; 4]);
    }
    tag_input(k, s, &ctx.subkeys, nm)
}
