//! Every backend ≡ the portable one, in all four families, through the public API: every entry
//! of the family's `hazmat::Backend::ALL` that this CPU supports (AVX-512 and VAES included) is
//! forced in turn with `hazmat::force_backend`, and the permutations and one call of every kind of
//! mode (each of which runs its hot loop on the forced backend) must give what they give with
//! `Backend::Portable` forced:
//! * Keccak: Keccak-p\[1600, 12 or 24\] on one and on four states, SHA3-256, KT128, the four-state
//!   absorb (`batch::sha3_256`);
//! * Ascon: `p[rounds]`, Ascon-AEAD128 encrypt and decrypt, Ascon-Hash256, Ascon-XOF128,
//!   Ascon-Mac (v1.2);
//! * Sparkle: Sparkle256/384/512, Esch256, Schwaemm256-128 encrypt;
//! * LeMac: LeMac one-shot, streamed and two messages at once (`compute_many`), PetitMac.
#![no_main]

#[path = "common.rs"]
mod common;

use std::fmt::Display;

use common::Input;
use libfuzzer_sys::fuzz_target;

/// Runs `run` with every backend of `all` (`all[0]` is `Portable`) that `force` accepts, against
/// the portable result; the backend in use before is restored.
fn every_backend<B: Copy + Display, T: PartialEq>(
    family: &str,
    all: &[B],
    current: B,
    force: fn(B) -> bool,
    run: impl Fn() -> T,
) {
    assert!(force(all[0]), "{family}: portable must always be available");
    let want = run();
    for &b in &all[1..] {
        if force(b) {
            assert!(run() == want, "{family}: backend {b} != portable");
        }
    }
    assert!(force(current));
}

fn lanes(inp: &mut Input<'_>) -> [u64; 25] {
    core::array::from_fn(|_| u64::from_le_bytes(inp.array::<8>()))
}

fn keccak(inp: &mut Input<'_>) {
    use lwc_keccak::hazmat::{self, Backend};
    use lwc_keccak::{Digest, ExtendableOutput, Kt128, Sha3_256, Update, XofReader};
    let rounds = if inp.u8() & 1 == 0 { 12 } else { 24 };
    let s0 = lanes(inp);
    let four0 = [s0, lanes(inp), lanes(inp), lanes(inp)];
    let msg = inp.rest();
    let quarter = msg.len() / 4;
    let msgs: [&[u8]; 4] = core::array::from_fn(|k| &msg[k * quarter..(k + 1) * quarter]);
    let run = || {
        let mut one = s0;
        let mut four = four0;
        if rounds == 12 {
            hazmat::p1600_12(&mut one);
            hazmat::p1600_12_x4(&mut four);
        } else {
            hazmat::f1600(&mut one);
            hazmat::f1600_x4(&mut four);
        }
        let mut kt = [0u8; 32];
        let mut x = Kt128::default();
        x.update(msg);
        x.finalize_xof().read(&mut kt);
        let mut batch = [[0u8; 32]; 4];
        lwc_keccak::batch::sha3_256(&msgs, &mut batch).expect("four outputs");
        (one, four, Sha3_256::digest(msg), kt, batch)
    };
    every_backend(
        "keccak",
        Backend::ALL,
        hazmat::backend(),
        hazmat::force_backend,
        run,
    );
}

fn ascon(inp: &mut Input<'_>) {
    use lwc_ascon::hazmat::{self, Backend};
    use lwc_ascon::{
        AeadInOut, AsconAead128, AsconHash256, AsconXof128, Digest, ExtendableOutput, KeyInit,
        Mac, Update, XofReader,
    };
    let words: [u64; 5] = core::array::from_fn(|_| u64::from_le_bytes(inp.array::<8>()));
    let rounds = usize::from(inp.u8() % 13);
    let key = inp.array::<16>();
    let nonce = inp.array::<16>();
    let msg = inp.rest();
    let ad = &msg[..msg.len() / 3];
    let run = || {
        let mut s = words;
        hazmat::permute(&mut s, rounds);
        let c = AsconAead128::new(&key.into());
        let mut ct = msg.to_vec();
        let tag = c
            .encrypt_inout_detached(&nonce.into(), ad, ct.as_mut_slice().into())
            .expect("encrypt");
        let mut pt = ct.clone();
        c.decrypt_inout_detached(&nonce.into(), ad, pt.as_mut_slice().into(), &tag)
            .expect("decrypt");
        assert_eq!(pt, msg, "ascon: decrypt(encrypt(m)) != m");
        let mut xof = [0u8; 40];
        let mut x = AsconXof128::default();
        x.update(msg);
        x.finalize_xof().read(&mut xof);
        let mut m = <lwc_ascon::v12::AsconMac as KeyInit>::new(&key.into());
        Mac::update(&mut m, msg);
        (s, ct, tag, AsconHash256::digest(msg), xof, m.finalize().into_bytes())
    };
    every_backend(
        "ascon",
        Backend::ALL,
        hazmat::backend(),
        hazmat::force_backend,
        run,
    );
}

fn sparkle(inp: &mut Input<'_>) {
    use lwc_sparkle::hazmat::{self, Backend, Sparkle256, Sparkle384, Sparkle512};
    use lwc_sparkle::{AeadInOut, Digest, Esch256, KeyInit, Schwaemm256_128};
    let words: [u32; 16] = core::array::from_fn(|_| u32::from_le_bytes(inp.array::<4>()));
    let steps = usize::from(inp.u8() % 13);
    let key = inp.array::<16>();
    let nonce = inp.array::<32>();
    let msg = inp.rest();
    let run = || {
        let mut s256: [u32; 8] = words[..8].try_into().unwrap();
        let mut s384: [u32; 12] = words[..12].try_into().unwrap();
        let mut s512 = words;
        Sparkle256::permute(&mut s256, steps);
        Sparkle384::big(&mut s384);
        Sparkle512::slim(&mut s512);
        let c = Schwaemm256_128::new(&key.into());
        let mut buf = msg.to_vec();
        let tag = c
            .encrypt_inout_detached(
                &nonce.into(),
                &msg[..msg.len() / 3],
                buf.as_mut_slice().into(),
            )
            .expect("encrypt");
        (s256, s384, s512, Esch256::digest(msg), buf, tag)
    };
    every_backend(
        "sparkle",
        Backend::ALL,
        hazmat::backend(),
        hazmat::force_backend,
        run,
    );
}

fn lemac(inp: &mut Input<'_>) {
    use lwc_lemac::hazmat::{self, Backend};
    use lwc_lemac::{KeyInit, LeMac, Mac, PetitMac};
    let key = inp.array::<16>();
    let nonce = inp.array::<16>();
    let msg = inp.rest();
    let (a, b) = msg.split_at(msg.len() / 2);
    let run = || {
        let le = LeMac::new(&key.into());
        let one = le.compute(&nonce, msg);
        let two = le.compute_many(&[nonce, [7; 16]], &[a, b]);
        let mut streamed = le.clone();
        streamed.update(a);
        streamed.update(b);
        let pe = PetitMac::new(&key.into());
        (one, two, streamed.finalize().into_bytes(), pe.compute(&nonce, msg))
    };
    every_backend(
        "lemac",
        Backend::ALL,
        hazmat::backend(),
        hazmat::force_backend,
        run,
    );
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    match inp.u8() % 4 {
        0 => keccak(&mut inp),
        1 => ascon(&mut inp),
        2 => sparkle(&mut inp),
        _ => lemac(&mut inp),
    }
});
