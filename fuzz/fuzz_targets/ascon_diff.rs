//! lwc-ascon against RustCrypto's ascon-aead 0.6 and ascon-hash 0.4 (SP 800-232) on arbitrary
//! inputs: AEAD encryption (full and truncated tags) and decryption of arbitrary ciphertexts agree
//! (same result, same plaintext), hashes and XOFs agree. (ascon-hash 0.4 has no CXOF.)
#![no_main]

#[path = "common.rs"]
mod common;

use aead::{Aead, KeyInit, Payload};
use common::Input;
use digest::{Digest, ExtendableOutput, Update, XofReader};
use libfuzzer_sys::fuzz_target;

fn aead_pair<A: KeyInit + Aead, B: KeyInit + Aead>(inp: &mut Input<'_>) {
    let key = inp.array::<16>();
    let nonce = inp.array::<16>();
    let ad = inp.short().to_vec();
    let forged = inp.short().to_vec();
    let m = inp.rest();
    let a = A::new_from_slice(&key).unwrap();
    let b = B::new_from_slice(&key).unwrap();
    let na = aead::Nonce::<A>::try_from(&nonce[..]).unwrap();
    let nb = aead::Nonce::<B>::try_from(&nonce[..]).unwrap();
    let ca = a.encrypt(&na, Payload { msg: m, aad: &ad }).unwrap();
    let cb = b.encrypt(&nb, Payload { msg: m, aad: &ad }).unwrap();
    assert_eq!(ca, cb, "ciphertexts differ");
    let da = a
        .decrypt(
            &na,
            Payload {
                msg: &forged,
                aad: &ad,
            },
        )
        .ok();
    let db = b
        .decrypt(
            &nb,
            Payload {
                msg: &forged,
                aad: &ad,
            },
        )
        .ok();
    assert_eq!(da, db, "decryption of arbitrary input differs");
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let sel = inp.u8();
    match sel % 4 {
        0 => aead_pair::<lwc_ascon::AsconAead128, ascon_aead::AsconAead128>(&mut inp),
        1 => aead_pair::<
            lwc_ascon::TruncatedAsconAead128<aead::consts::U8>,
            ascon_aead::TruncatedAsconAead128<aead::consts::U8>,
        >(&mut inp),
        2 => {
            let m = inp.rest();
            assert_eq!(
                lwc_ascon::AsconHash256::digest(m).as_slice(),
                ascon_hash::AsconHash256::digest(m).as_slice()
            );
        }
        _ => {
            let n = usize::from(inp.u16() % 1024);
            let m = inp.rest();
            let mut a = lwc_ascon::AsconXof128::default();
            let mut b = ascon_hash::AsconXof128::default();
            a.update(m);
            Update::update(&mut b, m);
            let (mut oa, mut ob) = (vec![0u8; n], vec![0u8; n]);
            a.finalize_xof().read(&mut oa);
            b.finalize_xof().read(&mut ob);
            assert_eq!(oa, ob);
        }
    }
});
