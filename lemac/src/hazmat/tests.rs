//! The algorithms on every backend this CPU has against the portable backend, on random keys,
//! nonces and messages: LeMac and PetitMac one-shot and streaming, every tail length and every
//! block count left over by the unrolled loops, and the two-lane job of `compute_many` (on the
//! backends with two lanes). Plus the AES-128 key expansion.

use super::backends::dispatch_on;
use super::jobs::{self, Mac};
use super::words::TestRng;
use super::{Backend, LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word};
use super::{expand_key, lemac};

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

fn supported() -> impl Iterator<Item = Backend> {
    Backend::ALL.iter().copied().filter(|b| b.is_supported())
}

/// The MAC `M` (`block`-byte blocks) on `b`: one-shot, and streamed from `state` (the keyed
/// initial state: absorb in two parts, then finalise).
fn mac_on<M: Mac>(
    b: Backend,
    ctx: &M,
    mut state: M::State,
    block: usize,
    nonce: &Word,
    msg: &[u8],
) -> [Word; 2] {
    let one_shot = dispatch_on(b, &jobs::Compute { ctx, nonce, msg }).expect("supported");
    let full = msg.len() - msg.len() % block;
    let cut = (full / (2 * block)) * block;
    for data in [&msg[..cut], &msg[cut..full]] {
        let job = &mut jobs::Absorb::<M> {
            state: &mut state,
            data,
        };
        dispatch_on(b, job).expect("supported");
    }
    let tail = &msg[full..];
    let streamed = dispatch_on(
        b,
        &jobs::Finalize {
            ctx,
            state: &state,
            tail,
            nonce,
        },
    );
    [one_shot, streamed.expect("supported")]
}

#[test]
#[cfg_attr(
    miri,
    ignore = "under Miri only the portable backend exists (and AES is slow)"
)]
fn every_backend_matches_portable() {
    let mut rng = TestRng(0x5eed_0000);
    let mut buf = [0u8; 4097];
    for (i, len) in lens().enumerate() {
        let msg = &mut buf[..len];
        rng.fill(msg);
        let (key, nonce) = (rng.word(), rng.word());
        let (ctx, pctx) = (LeMacContext::new(&key), PetitMacContext::new(&key));
        let want = dispatch_on(
            Backend::Portable,
            &jobs::Compute {
                ctx: &ctx,
                nonce: &nonce,
                msg,
            },
        );
        let pwant = dispatch_on(
            Backend::Portable,
            &jobs::Compute {
                ctx: &pctx,
                nonce: &nonce,
                msg,
            },
        );
        for b in supported() {
            let got = mac_on(b, &ctx, LeMacState::new(&ctx), 64, &nonce, msg);
            assert_eq!(
                got,
                [want.expect("portable"); 2],
                "{b}: LeMac case {i}, length {len}"
            );
            let got = mac_on(b, &pctx, PetitMacState::new(&pctx), 16, &nonce, msg);
            assert_eq!(
                got,
                [pwant.expect("portable"); 2],
                "{b}: PetitMac case {i}, length {len}"
            );
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri (software AES)")]
fn compute2_matches_portable_on_every_backend() {
    let mut rng = TestRng(0x5eed_0004);
    let mut a = [0u8; 3000];
    let mut b = [0u8; 3000];
    let fixed = [
        (0, 0),
        (1, 1),
        (64, 64),
        (65, 64),
        (200, 1000),
        (3000, 2999),
        (2999, 3000),
        (640, 0),
        // 5 and 11 blocks: 5 left over by the 6-block one-lane loop (`aarch64_aes` absorbs each
        // message of a pair there).
        (330, 704),
        (704, 355),
    ];
    // Same block count, many pairs of tail positions (the in-lane finalisation), over block
    // counts that end the 3-block unrolled two-lane loop with 0, 1 and 2 blocks left.
    let same_blocks = (0..64usize).flat_map(|t| {
        [0usize, 64, 128, 384, 1024]
            .into_iter()
            .flat_map(move |base| [(base + t, base + 63 - t), (base + t, base + (t * 7) % 64)])
    });
    for (la, lb) in fixed.into_iter().chain(same_blocks) {
        let ctx = LeMacContext::new(&rng.word());
        let (na, nb) = (rng.word(), rng.word());
        rng.fill(&mut a[..la]);
        rng.fill(&mut b[..lb]);
        let msgs = [&a[..la], &b[..lb]];
        let want = [(&na, msgs[0]), (&nb, msgs[1])].map(|(nonce, msg)| {
            dispatch_on(
                Backend::Portable,
                &jobs::Compute {
                    ctx: &ctx,
                    nonce,
                    msg,
                },
            )
            .expect("portable")
        });
        for backend in supported() {
            let job = &lemac::Compute2 {
                ctx: &ctx,
                nonces: [&na, &nb],
                msgs,
            };
            // The lane-parallel path exists on the backends with two lanes only.
            let lanes = matches!(backend.name(), "x86_vaes" | "x86_avx512" | "aarch64_aes");
            assert_eq!(
                dispatch_on(backend, job),
                Some(lanes.then_some(want)),
                "{backend}: lengths {la}, {lb}"
            );
        }
    }
}

#[test]
fn key_expansion_fips197() {
    // FIPS 197 Appendix A.1: key 2b7e1516..., last round key d014f9a8c9ee2589e13f0cc8b6630ca6.
    let rk = expand_key(&[
        0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f,
        0x3c,
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
