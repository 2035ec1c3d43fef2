//! Every AEAD: encryption then decryption round-trips, and every tampering (one flipped bit in the
//! ciphertext, the tag or the AD, a different nonce, a truncated input) fails with `Err`, leaves the
//! buffer zeroed, and never panics. Arbitrary (garbage) ciphertexts never decrypt.
#![no_main]

#[path = "common.rs"]
mod common;

use aead::{Aead, AeadCore, AeadInOut, KeyInit, Nonce, Payload, array::typenum::Unsigned};
use common::Input;
use libfuzzer_sys::fuzz_target;

fn check<A: KeyInit + AeadInOut>(inp: &mut Input<'_>) {
    let key = inp.bytes(A::key_size()).to_vec();
    let Ok(cipher) = A::new_from_slice(&key) else {
        return;
    };
    let nonce_bytes = inp.bytes(<A as AeadCore>::NonceSize::USIZE).to_vec();
    let Ok(nonce) = Nonce::<A>::try_from(&nonce_bytes[..]) else {
        return;
    };
    let flip = inp.u16();
    let ad = inp.short().to_vec();
    let garbage = inp.short().to_vec();
    let pt = inp.rest().to_vec();

    // Round trip, in place and through the allocating API.
    let ct = cipher
        .encrypt(&nonce, Payload { msg: &pt, aad: &ad })
        .expect("encrypt");
    assert_eq!(ct.len(), pt.len() + <A as AeadCore>::TagSize::USIZE);
    let back = cipher
        .decrypt(&nonce, Payload { msg: &ct, aad: &ad })
        .expect("round trip");
    assert_eq!(back, pt);
    let mut buf = pt.clone();
    let tag = cipher
        .encrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into())
        .unwrap();
    assert_eq!(
        &buf[..],
        &ct[..pt.len()],
        "detached and attached ciphertexts differ"
    );
    assert_eq!(
        &tag[..],
        &ct[pt.len()..],
        "detached and attached tags differ"
    );

    // One flipped bit anywhere in ciphertext || tag.
    let bits = 8 * ct.len();
    let bit = usize::from(flip) % bits;
    let mut bad = ct.clone();
    bad[bit / 8] ^= 1 << (bit % 8);
    let (c, t) = bad.split_at(pt.len());
    let mut out = c.to_vec();
    let t = aead::Tag::<A>::try_from(t).unwrap();
    assert!(
        cipher
            .decrypt_inout_detached(&nonce, &ad, out.as_mut_slice().into(), &t)
            .is_err(),
        "bit flip accepted"
    );
    assert!(
        out.iter().all(|&b| b == 0),
        "buffer not zeroed after a failed decrypt"
    );

    // One flipped bit in the AD (or an extra AD byte when there is none).
    let mut bad_ad = ad.clone();
    if bad_ad.is_empty() {
        bad_ad.push(flip as u8);
    } else {
        let i = usize::from(flip) % (8 * bad_ad.len());
        bad_ad[i / 8] ^= 1 << (i % 8);
    }
    assert!(
        cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: &ct,
                    aad: &bad_ad
                }
            )
            .is_err(),
        "AD tamper accepted"
    );

    // Another nonce.
    let mut n2 = nonce.clone();
    let i = usize::from(flip) % n2.len();
    n2[i] ^= 0x80;
    assert!(
        cipher.decrypt(&n2, Payload { msg: &ct, aad: &ad }).is_err(),
        "nonce tamper accepted"
    );

    // Truncated and extended inputs.
    if !ct.is_empty() {
        let cut = usize::from(flip) % ct.len();
        assert!(
            cipher
                .decrypt(
                    &nonce,
                    Payload {
                        msg: &ct[..cut],
                        aad: &ad
                    }
                )
                .is_err(),
            "truncation accepted"
        );
    }
    let mut ext = ct.clone();
    ext.push(0);
    assert!(
        cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: &ext,
                    aad: &ad
                }
            )
            .is_err(),
        "extension accepted"
    );

    // Garbage of any length (shorter than a tag included) never panics, and it decrypts only if it
    // is a genuine ciphertext (the fuzzer knows the key, so it may build one): then encrypting the
    // result gives it back exactly.
    if let Ok(p) = cipher.decrypt(
        &nonce,
        Payload {
            msg: &garbage,
            aad: &ad,
        },
    ) {
        let again = cipher
            .encrypt(&nonce, Payload { msg: &p, aad: &ad })
            .unwrap();
        assert_eq!(again, garbage, "a forgery decrypted");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    use lwc_ascon::{
        AsconAead128, MaskedAsconAead128, TruncatedAsconAead128,
        aead::consts::{U4, U8},
        v12,
    };
    use lwc_sparkle::{Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};
    match inp.u8() % 12 {
        0 => check::<AsconAead128>(&mut inp),
        1 => check::<TruncatedAsconAead128<U8>>(&mut inp),
        2 => check::<TruncatedAsconAead128<U4>>(&mut inp),
        3 => check::<MaskedAsconAead128>(&mut inp),
        4 => check::<v12::Ascon128>(&mut inp),
        5 => check::<v12::Ascon128a>(&mut inp),
        6 => check::<v12::Ascon80pq>(&mut inp),
        7 => check::<Schwaemm128_128>(&mut inp),
        8 => check::<Schwaemm192_192>(&mut inp),
        9 => check::<Schwaemm256_128>(&mut inp),
        10 => check::<Schwaemm256_256>(&mut inp),
        _ => check::<AsconAead128>(&mut inp),
    }
});
