//! Several states at once: the one-shot sponge over four or eight equal-length messages, and the
//! tree hashes' leaves (pieces) hashed in groups of eight and four.

use super::super::State1600;
#[cfg(any(feature = "kt", feature = "parallel-hash"))]
use super::super::backends::eight_states_at_once;
#[cfg(feature = "kt")]
use super::super::backends::many_states;
use super::super::backends::{AbsorbX4, AbsorbX8, dispatch, xor_last_block};
use super::super::words::store_lanes;
use super::super::{keccak_p_x4, keccak_p_x8};
use super::Sponge;

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
#[cfg(any(feature = "kt", feature = "parallel-hash"))]
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
#[cfg(any(feature = "kt", feature = "parallel-hash"))]
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
#[cfg(feature = "kt")]
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
/// [`has_simd_x4`]: super::super::has_simd_x4
#[cfg(feature = "kt")]
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
    let many = many_states();
    let n = match avail.min(MAX_BESIDE) {
        _ if node.pos != 0 || !many.simd_x4 => 0,
        n if many.eight_at_once => n,
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
        xor_last_block(s, &m[body..], RATE, ds);
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
