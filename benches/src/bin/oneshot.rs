//! Runs one function of the registry `reps` times on a `size`-byte message, for instruction counting
//! under valgrind's callgrind (`report --callgrind`): the difference between two repetition counts is the
//! cost of the calls alone, without process start-up.
//!
//! ```text
//! oneshot --list
//! oneshot <algorithm/implementation> <size> <reps>
//! ```

// Which helpers the registry uses depends on the enabled families.
#![allow(dead_code)]

use std::hint::black_box;

use aead::{AeadInOut, KeyInit, Nonce, inout::InOutBuf};
use digest::{Digest, ExtendableOutput, Mac, Update, XofReader};

type Entry = (&'static str, fn(&[u8]) -> u8);

fn hash<D: Digest>(m: &[u8]) -> u8 {
    D::digest(m)[0]
}

fn xof32<X: Default + Update + ExtendableOutput>(m: &[u8]) -> u8 {
    let mut x = X::default();
    x.update(m);
    let mut out = [0u8; 32];
    x.finalize_xof().read(&mut out);
    out[0]
}

fn encrypt<A: KeyInit + AeadInOut>(m: &[u8]) -> u8 {
    let key = aead::Key::<A>::default();
    let cipher = A::new(&key);
    let nonce = Nonce::<A>::default();
    let mut buf = m.to_vec();
    let tag = cipher
        .encrypt_inout_detached(&nonce, b"", InOutBuf::from(buf.as_mut_slice()))
        .expect("encrypt");
    tag[0] ^ buf.first().copied().unwrap_or(0)
}

fn mac<M: Mac + KeyInit>(m: &[u8]) -> u8 {
    let key = digest::common::Key::<M>::default();
    let mut h = <M as KeyInit>::new(&key);
    Mac::update(&mut h, m);
    h.finalize().into_bytes()[0]
}

fn registry() -> Vec<Entry> {
    #[allow(unused_mut)]
    let mut r: Vec<Entry> = Vec::new();
    #[cfg(feature = "keccak")]
    r.extend_from_slice(&[
        (
            "sha3_256/lwc",
            hash::<lwc_keccak::Sha3_256> as fn(&[u8]) -> u8,
        ),
        ("sha3_256/sha3", hash::<sha3::Sha3_256>),
        ("keccak256/lwc", hash::<lwc_keccak::Keccak256>),
        ("keccak256/sha3", hash::<sha3::Keccak256>),
        ("shake128/lwc", xof32::<lwc_keccak::Shake128>),
        ("shake128/shake", xof32::<shake::Shake128>),
        ("turboshake128/lwc", xof32::<lwc_keccak::TurboShake128>),
        (
            "turboshake128/turboshake",
            xof32::<turboshake::TurboShake128>,
        ),
        ("kt128/lwc", xof32::<lwc_keccak::Kt128>),
        ("kt128/k12", xof32::<k12::Kt128>),
    ]);
    #[cfg(feature = "ascon")]
    {
        /// 16 bytes absorbed, `m.len()` bytes squeezed: the XOF's output loop (per output byte).
        fn xof_squeeze<X: Default + Update + ExtendableOutput>(m: &[u8]) -> u8 {
            let mut x = X::default();
            x.update(&m[..m.len().min(16)]);
            let mut out = vec![0u8; m.len()];
            x.finalize_xof().read(&mut out);
            out[0]
        }
        /// Decryption of `m` under a wrong (all-zero) tag: the whole decryption runs, then the
        /// output is zeroed.
        fn decrypt<A: KeyInit + AeadInOut>(m: &[u8]) -> u8 {
            let key = aead::Key::<A>::default();
            let cipher = A::new(&key);
            let mut buf = m.to_vec();
            let tag = aead::Tag::<A>::default();
            let r = cipher.decrypt_inout_detached(
                &Nonce::<A>::default(),
                b"",
                InOutBuf::from(buf.as_mut_slice()),
                &tag,
            );
            u8::from(r.is_ok()) ^ buf.first().copied().unwrap_or(0)
        }
        r.extend_from_slice(&[
            (
                "ascon_aead128_encrypt/lwc",
                encrypt::<lwc_ascon::AsconAead128> as fn(&[u8]) -> u8,
            ),
            (
                "ascon_aead128_encrypt/ascon-aead",
                encrypt::<ascon_aead::AsconAead128>,
            ),
            ("ascon_hash256/lwc", hash::<lwc_ascon::AsconHash256>),
            ("ascon_hash256/ascon-hash", hash::<ascon_hash::AsconHash256>),
            ("ascon_xof128/lwc", xof32::<lwc_ascon::AsconXof128>),
            ("ascon_xof128/ascon-hash", xof32::<ascon_hash::AsconXof128>),
            // The XOF squeeze loop (once measured by the removed ascon/examples/callgrind.rs).
            (
                "ascon_xof128_squeeze/lwc",
                xof_squeeze::<lwc_ascon::AsconXof128>,
            ),
            (
                "ascon_xof128_squeeze/ascon-hash",
                xof_squeeze::<ascon_hash::AsconXof128>,
            ),
            // The other engine paths: decryption, the v1.2 byte order and rate-8 AEAD, and the
            // rate-32 MAC.
            (
                "ascon_aead128_decrypt/lwc",
                decrypt::<lwc_ascon::AsconAead128>,
            ),
            ("ascon128_encrypt/lwc", encrypt::<lwc_ascon::v12::Ascon128>),
            ("ascon_mac/lwc", mac::<lwc_ascon::v12::AsconMac>),
        ]);
    }
    #[cfg(feature = "sparkle")]
    r.extend_from_slice(&[
        (
            "esch256/lwc",
            hash::<lwc_sparkle::Esch256> as fn(&[u8]) -> u8,
        ),
        ("esch384/lwc", hash::<lwc_sparkle::Esch384>),
        ("xoesch256/lwc", xof32::<lwc_sparkle::XoEsch256>),
        (
            "schwaemm256_128_encrypt/lwc",
            encrypt::<lwc_sparkle::Schwaemm256_128>,
        ),
        (
            "schwaemm128_128_encrypt/lwc",
            encrypt::<lwc_sparkle::Schwaemm128_128>,
        ),
        (
            "schwaemm192_192_encrypt/lwc",
            encrypt::<lwc_sparkle::Schwaemm192_192>,
        ),
        (
            "schwaemm256_256_encrypt/lwc",
            encrypt::<lwc_sparkle::Schwaemm256_256>,
        ),
    ]);
    #[cfg(feature = "lemac")]
    r.extend_from_slice(&[
        ("lemac/lwc", mac::<lwc_lemac::LeMac> as fn(&[u8]) -> u8),
        ("petitmac/lwc", mac::<lwc_lemac::PetitMac>),
    ]);
    r
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reg = registry();
    if args.first().map(String::as_str) == Some("--list") {
        for (name, _) in &reg {
            println!("{name}");
        }
        return;
    }
    let [name, size, reps] = args.as_slice() else {
        eprintln!("usage: oneshot --list | oneshot <algorithm/implementation> <size> <reps>");
        std::process::exit(2);
    };
    let Some((_, f)) = reg.iter().find(|(n, _)| n == name) else {
        eprintln!("oneshot: unknown function {name}");
        std::process::exit(2);
    };
    let size: usize = size.parse().expect("size");
    let reps: usize = reps.parse().expect("reps");
    let msg = benches::input(size);
    let mut acc = 0u8;
    for _ in 0..reps {
        acc ^= f(black_box(&msg));
    }
    black_box(acc);
}
