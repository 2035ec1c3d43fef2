//! Every backend this CPU supports against the portable one (BLAKE3 `test.rs` style): the
//! single-, four- and eight-state permutations and the absorb hooks, on random inputs
//! (xorshift, fixed seed), run through [`dispatch_on`] whatever the process's choice; and the
//! forcing cfgs.

use std::{string::ToString, vec::Vec};

use super::super::Permute;
#[cfg(feature = "many-states")]
use super::super::PermuteX4;
#[cfg(keccak_many_msgs)]
use super::super::PermuteX8;
use super::super::{Backend, State1600, backend, force_backend};
#[cfg(feature = "batch")]
use super::Digest;
#[cfg(keccak_many_msgs)]
use super::{Absorb, AbsorbX4, AbsorbX8};
use super::{Finish, dispatch_on};

/// xorshift64 with a fixed seed (reproducible inputs).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn state(&mut self) -> State1600 {
        core::array::from_fn(|_| self.next())
    }
}

fn iterations() -> usize {
    if cfg!(miri) { 2 } else { 50 }
}

/// The backends this CPU runs, `Portable` excluded (it is the reference).
fn others() -> impl Iterator<Item = Backend> {
    Backend::ALL
        .iter()
        .copied()
        .filter(|&b| b != Backend::Portable && b.is_supported())
}

#[cfg(keccak_many_msgs)]
fn absorb_on<const R: usize>(
    b: Backend,
    state: &State1600,
    blocks: &[u8],
    rate: usize,
) -> State1600 {
    let mut s = *state;
    dispatch_on(
        b,
        Absorb::<R> {
            state: &mut s,
            blocks,
            rate,
        },
    )
    .expect("supported backend");
    s
}

fn permute_on<const R: usize>(b: Backend, state: &State1600) -> State1600 {
    let mut s = *state;
    dispatch_on(b, Permute::<R>(&mut s)).expect("supported backend");
    s
}

#[cfg(feature = "many-states")]
fn permute_x4_on<const R: usize>(b: Backend, states: &[State1600; 4]) -> [State1600; 4] {
    let mut s = *states;
    dispatch_on(b, PermuteX4::<R>(&mut s)).expect("supported backend");
    s
}

#[cfg(keccak_many_msgs)]
fn permute_x8_on<const R: usize>(b: Backend, states: &[State1600; 8]) -> [State1600; 8] {
    let mut s = *states;
    dispatch_on(b, PermuteX8::<R>(&mut s)).expect("supported backend");
    s
}

#[cfg(keccak_many_msgs)]
fn absorb_x8_on<const R: usize>(
    b: Backend,
    states: &[State1600; 8],
    msgs: [&[u8]; 8],
    rate: usize,
) -> [State1600; 8] {
    let mut s = *states;
    dispatch_on(
        b,
        AbsorbX8::<R> {
            states: &mut s,
            msgs,
            rate,
        },
    )
    .expect("supported backend");
    s
}

#[cfg(keccak_many_msgs)]
fn absorb_x4_on<const R: usize>(
    b: Backend,
    states: &[State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) -> [State1600; 4] {
    let mut s = *states;
    dispatch_on(
        b,
        AbsorbX4::<R> {
            states: &mut s,
            msgs,
            rate,
        },
    )
    .expect("supported backend");
    s
}

fn single_state<const R: usize>(rng: &mut Rng) {
    for _ in 0..iterations() {
        let input = rng.state();
        let want = permute_on::<R>(Backend::Portable, &input);
        assert_ne!(want, input);
        for b in others() {
            assert_eq!(permute_on::<R>(b, &input), want, "{b}, {R} rounds");
        }
    }
}

#[cfg(feature = "many-states")]
fn four_states<const R: usize>(rng: &mut Rng) {
    for _ in 0..iterations() {
        let input: [State1600; 4] = core::array::from_fn(|_| rng.state());
        let want = input.map(|s| permute_on::<R>(Backend::Portable, &s));
        assert_eq!(permute_x4_on::<R>(Backend::Portable, &input), want);
        for b in others() {
            assert_eq!(permute_x4_on::<R>(b, &input), want, "{b}, {R} rounds");
        }
    }
}

#[cfg(keccak_many_msgs)]
fn eight_states<const R: usize>(rng: &mut Rng) {
    for _ in 0..iterations() {
        let input: [State1600; 8] = core::array::from_fn(|_| rng.state());
        let want = input.map(|s| permute_on::<R>(Backend::Portable, &s));
        assert_eq!(permute_x8_on::<R>(Backend::Portable, &input), want);
        for b in others() {
            assert_eq!(permute_x8_on::<R>(b, &input), want, "{b}, {R} rounds");
        }
    }
}

/// The absorb hooks (single-state, four-state and eight-state) at the rates in use and at rates
/// that are not a multiple of four or eight lanes (8 to 200 bytes), 0 to 3 blocks, from random
/// states; the reference is written here on the portable permutation.
#[cfg(keccak_many_msgs)]
fn absorb<const R: usize>(rng: &mut Rng) {
    for _ in 0..iterations().div_ceil(5) {
        for rate in [136usize, 168, 72, 104, 144, 64, 200, 8] {
            let blocks = (rng.next() % 4) as usize;
            let msgs: [Vec<u8>; 8] =
                core::array::from_fn(|_| (0..blocks * rate).map(|_| rng.next() as u8).collect());
            let m: [&[u8]; 8] = core::array::from_fn(|k| &msgs[k][..]);
            let m4 = [m[0], m[1], m[2], m[3]];
            let input: [State1600; 8] = core::array::from_fn(|_| rng.state());
            let input4 = [input[0], input[1], input[2], input[3]];
            let mut want = input;
            for (s, msg) in want.iter_mut().zip(&msgs) {
                for block in msg.chunks_exact(rate) {
                    for (lane, c) in s.iter_mut().zip(block.chunks_exact(8)) {
                        *lane ^= u64::from_le_bytes(c.try_into().expect("8 bytes"));
                    }
                    *s = permute_on::<R>(Backend::Portable, s);
                }
            }
            let want4 = [want[0], want[1], want[2], want[3]];
            for b in Backend::ALL.iter().copied().filter(|b| b.is_supported()) {
                let what = std::format!("{b}, rate {rate}, {blocks} blocks, {R} rounds");
                assert_eq!(
                    absorb_x8_on::<R>(b, &input, m, rate),
                    want,
                    "absorb_x8, {what}"
                );
                assert_eq!(
                    absorb_x4_on::<R>(b, &input4, m4, rate),
                    want4,
                    "absorb_x4, {what}"
                );
                for k in 0..8 {
                    assert_eq!(
                        absorb_on::<R>(b, &input[k], m[k], rate),
                        want[k],
                        "absorb, {what}"
                    );
                }
            }
        }
    }
}

#[cfg(feature = "batch")]
fn digest_on<const R: usize>(b: Backend, data: &[u8], rate: usize, ds: u8, n: usize) -> Vec<u8> {
    let mut out = std::vec![0xa5; n];
    dispatch_on(
        b,
        Digest::<R> {
            data,
            rate,
            ds,
            out: &mut out,
        },
    )
    .expect("supported backend");
    out
}

/// The one-call hash ([`super::Kernels::digest`]) of every backend against a reference written
/// here on the portable permutation, the padding done bytewise: every message length up to two
/// blocks and a half (so every position of the last block, the 32-byte special case included)
/// at the Keccak rates and two others, and every output length the hashes use, up to the whole
/// state.
#[cfg(feature = "batch")]
fn digest<const R: usize>(rng: &mut Rng) {
    let step = if cfg!(miri) { 61 } else { 1 };
    for rate in [136usize, 168, 72, 104, 144, 64, 8] {
        let msg: Vec<u8> = (0..2 * rate + rate / 2).map(|_| rng.next() as u8).collect();
        for len in (0..msg.len()).step_by(step) {
            let ds = [0x06, 0x01, 0x1f][len % 3];
            let m = &msg[..len];
            let mut st = [0u64; 25];
            let body = len - len % rate;
            for block in m[..body].chunks_exact(rate) {
                for (lane, c) in st.iter_mut().zip(block.chunks_exact(8)) {
                    *lane ^= u64::from_le_bytes(c.try_into().expect("8 bytes"));
                }
                st = permute_on::<R>(Backend::Portable, &st);
            }
            let mut last = std::vec![0u8; rate];
            last[..len - body].copy_from_slice(&m[body..]);
            last[len - body] ^= ds;
            last[rate - 1] ^= 0x80;
            for (lane, c) in st.iter_mut().zip(last.chunks_exact(8)) {
                *lane ^= u64::from_le_bytes(c.try_into().expect("8 bytes"));
            }
            st = permute_on::<R>(Backend::Portable, &st);
            let bytes: Vec<u8> = st.iter().flat_map(|l| l.to_le_bytes()).collect();
            for n in [0, 1, 20, 28, 32, 33, 48, 64, 65, 136, 200] {
                for b in Backend::ALL.iter().copied().filter(|b| b.is_supported()) {
                    assert_eq!(
                        digest_on::<R>(b, m, rate, ds, n),
                        bytes[..n],
                        "digest, {b}, rate {rate}, {len} bytes, {n}-byte output, {R} rounds"
                    );
                }
            }
        }
    }
}

#[test]
fn single_state_permutations_match_portable() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    single_state::<12>(&mut rng);
    single_state::<24>(&mut rng);
}

/// Runs `f` once with the many-state rounds' choice of θ by CPU model and, where the AVX-512
/// backend is compiled in, once with each form forced on this thread (both are then tested on
/// any CPU with AVX-512, whichever its model chooses).
#[cfg(feature = "many-states")]
fn each_theta_form(mut f: impl FnMut()) {
    f();
    #[cfg(keccak_avx512)]
    {
        use super::x86_avx512::FORCE_THETA_BY_D;
        for forced in [false, true] {
            FORCE_THETA_BY_D.with(|c| c.set(Some(forced)));
            f();
        }
        FORCE_THETA_BY_D.with(|c| c.set(None));
    }
}

#[cfg(feature = "many-states")]
#[test]
fn four_state_permutations_match_portable() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    each_theta_form(|| {
        four_states::<12>(&mut rng);
        four_states::<24>(&mut rng);
    });
}

#[cfg(keccak_many_msgs)]
#[test]
fn eight_state_permutations_match_portable() {
    let mut rng = Rng(0x7f4a_7c15_0123_4567);
    each_theta_form(|| {
        eight_states::<12>(&mut rng);
        eight_states::<24>(&mut rng);
    });
}

#[cfg(keccak_many_msgs)]
#[test]
fn absorb_hooks_match_portable() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    each_theta_form(|| {
        absorb::<12>(&mut rng);
        absorb::<24>(&mut rng);
    });
}

/// The end of a fixed-output hash ([`super::Kernels::finish`]) of every backend on random states,
/// at every position of the block, against the padding XORed bytewise here and the portable
/// permutation.
fn finish<const R: usize>(rng: &mut Rng) {
    let step = if cfg!(miri) { 29 } else { 1 };
    for rate in [136usize, 168, 72, 104, 144, 64, 8] {
        for pos in (0..rate).step_by(step) {
            let ds = [0x06, 0x01, 0x1f][pos % 3];
            let state = rng.state();
            let mut bytes: Vec<u8> = state.iter().flat_map(|l| l.to_le_bytes()).collect();
            bytes[pos] ^= ds;
            bytes[rate - 1] ^= 0x80;
            let padded: State1600 = core::array::from_fn(|i| {
                u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes"))
            });
            let want: Vec<u8> = permute_on::<R>(Backend::Portable, &padded)
                .iter()
                .flat_map(|l| l.to_le_bytes())
                .collect();
            for n in [0, 1, 28, 32, 48, 64, 65, 200] {
                for b in Backend::ALL.iter().copied().filter(|b| b.is_supported()) {
                    let mut s = state;
                    let mut out = std::vec![0xa5; n];
                    dispatch_on(
                        b,
                        Finish::<R, 0, 0> {
                            state: &mut s,
                            pos,
                            rate,
                            ds,
                            out: &mut out,
                        },
                    )
                    .expect("supported backend");
                    assert_eq!(
                        out,
                        want[..n],
                        "finish, {b}, rate {rate}, position {pos}, {n}-byte output, {R} rounds"
                    );
                }
            }
        }
    }
}

#[cfg(feature = "batch")]
#[test]
fn digest_hooks_match_portable() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    digest::<12>(&mut rng);
    digest::<24>(&mut rng);
}

#[test]
fn finish_hooks_match_portable() {
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    finish::<12>(&mut rng);
    finish::<24>(&mut rng);
}

/// Names are the backend files' names, in the documented order.
#[test]
fn names_and_order() {
    assert_eq!(Backend::ALL[0], Backend::Portable);
    assert!(Backend::Portable.is_supported());
    let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    // The table's order: `bi32` after `x86_bmi` (detection picks it only on 32-bit targets but
    // wasm32, where it is preferred to `x86_bmi` on i686).
    let order = [
        "portable",
        "x86_bmi",
        "bi32",
        "x86_avx2",
        "x86_avx512",
        "aarch64_neon",
        "aarch64_sha3",
        "wasm_simd128",
    ];
    let mut pos = order.iter();
    for n in &names {
        assert!(pos.any(|o| o == n), "{names:?} out of order");
    }
    assert_eq!(Backend::Portable.to_string(), "portable");
}

/// The documented ways to force portable code (Miri, `--cfg lwc_force_portable`,
/// `--cfg keccak_backend="portable"` / `"compact"`, opt-level "s"/"z") leave only `Portable`; without them `Bi32` is
/// compiled in on every target (and the x86 or aarch64 backends there), the CPU picks the most
/// preferred backend it supports (`Bi32` only on 32-bit targets), and
/// `force_backend` takes exactly the supported ones. (The only test that forces: the others run
/// each backend through `dispatch_on`.)
#[test]
fn forcing_cfgs_and_force_backend() {
    let forced = cfg!(any(
        miri,
        lwc_force_portable,
        keccak_backend = "portable",
        keccak_backend = "compact",
        keccak_size_build,
    ));
    let bi32_default = cfg!(all(
        target_pointer_width = "32",
        not(target_arch = "wasm32")
    ));
    if forced {
        assert_eq!(Backend::ALL, [Backend::Portable]);
    } else {
        assert!(
            Backend::ALL.iter().any(|b| b.name() == "bi32"),
            "bi32 is not compiled in"
        );
        if cfg!(any(
            target_arch = "x86",
            target_arch = "x86_64",
            target_arch = "aarch64"
        )) {
            assert!(
                Backend::ALL.len() >= 3,
                "the x86 or aarch64 backends are not compiled in"
            );
        }
    }
    let best = *Backend::ALL
        .iter()
        .rev()
        .filter(|b| b.name() != "bi32" || bi32_default)
        .find(|b| b.is_supported())
        .expect("portable");
    assert_eq!(backend(), best);
    let supported: Vec<Backend> = Backend::ALL
        .iter()
        .copied()
        .filter(|b| b.is_supported())
        .collect();
    std::println!(
        "compiled in: {:?}, supported by this CPU: {supported:?}",
        Backend::ALL
    );
    for &b in Backend::ALL {
        assert_eq!(force_backend(b), b.is_supported(), "{b}");
        if b.is_supported() {
            assert_eq!(backend(), b);
        }
    }
    assert!(force_backend(best));
    assert_eq!(backend(), best);
}

/// The bit-interleaving conversions of `bi32` against their definition (bit `2k` of a lane is bit
/// `k` of the even word, bit `2k + 1` bit `k` of the odd word), written here bit by bit, and
/// back.
#[cfg(keccak_bi32)]
#[test]
fn bi32_interleave_matches_definition() {
    use super::bi32::{deinterleave, interleave};
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let fixed = [
        0,
        u64::MAX,
        1,
        2,
        1 << 63,
        0x5555_5555_5555_5555,
        0xaaaa_aaaa_aaaa_aaaa,
    ];
    for lane in fixed.into_iter().chain((0..1000).map(|_| rng.next())) {
        let (mut even, mut odd) = (0u32, 0u32);
        for k in 0..32 {
            even |= (((lane >> (2 * k)) & 1) as u32) << k;
            odd |= (((lane >> (2 * k + 1)) & 1) as u32) << k;
        }
        assert_eq!(interleave(lane), (even, odd), "{lane:#x}");
        assert_eq!(deinterleave(even, odd), lane, "{lane:#x}");
    }
}
