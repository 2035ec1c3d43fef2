//! SIMD / dispatched backends ≡ portable backend, through the public hazmat hooks:
//! * Keccak: `hazmat::f1600` / `p1600_12` and the four-state `f1600_x4` / `p1600_12_x4` on the
//!   dispatched backend against the same calls with `Backend::Portable` forced.
//! * Sparkle: every available `hazmat::Backend` forced with `hazmat::force_backend` against
//!   `Portable`, on the permutations and on Esch256 / Schwaemm256-128.
//! * Ascon and LeMac have no run-time hook to force the portable path (their portable code is
//!   selected with `--cfg lwc_force_portable` at build time; the modes are fuzzed by the other
//!   targets on the dispatched backend).
#![no_main]

#[path = "common.rs"]
mod common;

use common::Input;
use libfuzzer_sys::fuzz_target;

fn lanes(inp: &mut Input<'_>) -> [u64; 25] {
    core::array::from_fn(|_| u64::from_le_bytes(inp.array::<8>()))
}

fn keccak(inp: &mut Input<'_>) {
    use lwc_keccak::hazmat::*;
    let rounds = if inp.u8() & 1 == 0 { 12 } else { 24 };
    let s0 = lanes(inp);
    let four0 = [s0, lanes(inp), lanes(inp), lanes(inp)];
    let run = || {
        let mut one = s0;
        let mut four = four0;
        if rounds == 12 {
            p1600_12(&mut one);
            p1600_12_x4(&mut four);
        } else {
            f1600(&mut one);
            f1600_x4(&mut four);
        }
        (one, four)
    };
    let chosen = backend();
    assert!(force_backend(Backend::Portable));
    let (want_one, want_four) = run();
    assert!(force_backend(chosen));
    let (one, four) = run();
    assert_eq!(
        one, want_one,
        "{chosen} Keccak-p[1600, {rounds}] != portable"
    );
    assert_eq!(
        four, want_four,
        "{chosen} x4 Keccak-p[1600, {rounds}] != portable"
    );
}

fn sparkle(inp: &mut Input<'_>) {
    use aead::{AeadInOut, KeyInit};
    use digest::Digest;
    use lwc_sparkle::hazmat::{
        Backend, Sparkle256, Sparkle384, Sparkle512, backend, force_backend,
    };
    let words: Vec<u32> = (0..16)
        .map(|_| u32::from_le_bytes(inp.array::<4>()))
        .collect();
    let steps = usize::from(inp.u8() % 13);
    let key = inp.array::<16>();
    let nonce = inp.array::<32>();
    let msg = inp.rest();
    let run = || {
        let mut s256: [u32; 8] = words[..8].try_into().unwrap();
        let mut s384: [u32; 12] = words[..12].try_into().unwrap();
        let mut s512: [u32; 16] = words[..16].try_into().unwrap();
        Sparkle256::permute(&mut s256, steps);
        Sparkle384::big(&mut s384);
        Sparkle512::slim(&mut s512);
        let h = lwc_sparkle::Esch256::digest(msg);
        let c = lwc_sparkle::Schwaemm256_128::new(&key.into());
        let mut buf = msg.to_vec();
        let tag = c
            .encrypt_inout_detached(
                &nonce.into(),
                &msg[..msg.len() / 3],
                buf.as_mut_slice().into(),
            )
            .unwrap();
        (s256, s384, s512, h, buf, tag)
    };
    let chosen = backend();
    assert!(force_backend(Backend::Portable));
    let want = run();
    for &k in &Backend::ALL[1..] {
        if force_backend(k) {
            assert!(run() == want, "Sparkle backend {k} != portable");
        }
    }
    force_backend(chosen);
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    if inp.u8() & 1 == 0 {
        keccak(&mut inp)
    } else {
        sparkle(&mut inp)
    }
});
