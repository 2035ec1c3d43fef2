//! Arbitrary constructor parameters give an error or a valid result, never a panic: KMAC key and
//! customization (any lengths) and output lengths / truncated tags, cSHAKE N and S, Ascon-CXOF128
//! customization (error above 256 bytes), TurboSHAKE domain byte (error outside 0x01..=0x7F),
//! ParallelHash block size B (0 is an error; huge B is valid), TupleHash items, KT customization,
//! Ascon-PrfShort message/output lengths, MAC `verify_slice` / `verify_truncated_*` with arbitrary
//! tag lengths.
#![no_main]

#[path = "common.rs"]
mod common;

use common::Input;
use digest::{
    CustomizedInit, ExtendableOutput, KeyInit, Mac, TryCustomizedInit, Update, XofReader,
};
use libfuzzer_sys::fuzz_target;

fn read_some<X: ExtendableOutput>(x: X, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn mac_tags<M: Mac + KeyInit + Clone>(inp: &mut Input<'_>) {
    let key = inp.short().to_vec();
    let tag = inp.short().to_vec();
    let msg = inp.rest();
    let Ok(mut m) = <M as KeyInit>::new_from_slice(&key) else {
        return;
    };
    Mac::update(&mut m, msg);
    let _ = m.clone().verify_slice(&tag);
    let _ = m.clone().verify_truncated_left(&tag);
    let _ = m.clone().verify_truncated_right(&tag);
    let full = m.clone().finalize().into_bytes();
    assert!(m.clone().verify_slice(&full).is_ok());
    if !tag.is_empty() && tag.len() <= full.len() {
        assert!(m.verify_truncated_left(&full[..tag.len()]).is_ok());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let sel = inp.u8();
    use lwc_ascon as a;
    use lwc_keccak as k;
    match sel % 12 {
        0 => {
            let key = inp.long().to_vec();
            let s = inp.long().to_vec();
            let l = usize::from(inp.u16() % 2048);
            let tag = inp.long().to_vec();
            let msg = inp.rest();
            let mut m = k::Kmac128::new_customized(&key, &s);
            Update::update(&mut m, msg);
            let mut out = vec![0u8; l];
            m.clone().finalize_into_slice(&mut out);
            let _ = m.clone().verify_slice_len(&tag);
            if (1..=1024).contains(&l) {
                assert!(m.clone().verify_slice_len(&out).is_ok());
            }
            let _ = read_some(m, l);
            let _ = read_some(k::Kmac256::new_customized(&key, &s), 3);
        }
        1 => {
            let n = inp.long().to_vec();
            let s = inp.long().to_vec();
            let msg = inp.rest();
            let mut x = k::CShake128::new_with_function_name(&n, &s);
            x.update(msg);
            let _ = read_some(x, 64);
            let _ = read_some(k::CShake256::new_with_function_name(&n, &s), 1);
        }
        2 => {
            let c = inp.long().to_vec();
            let r = a::AsconCxof128::try_new_customized(&c);
            assert_eq!(
                r.is_ok(),
                c.len() <= 256,
                "CXOF customization length {}",
                c.len()
            );
            if let Ok(x) = r {
                let _ = read_some(x, 40);
            }
        }
        3 => {
            let ds = inp.u8();
            let r = k::TurboShake128::new(ds);
            assert_eq!(r.is_ok(), (0x01..=0x7f).contains(&ds));
            assert_eq!(k::TurboShake256::new(ds).is_ok(), r.is_ok());
            if let Ok(mut x) = r {
                x.update(inp.rest());
                let _ = read_some(x, 10);
            }
        }
        4 => {
            // Block sizes from 0 to huge (a u64 from the input, so usize::MAX is reachable).
            let b = u64::from_le_bytes(inp.array::<8>()) as usize;
            let b = match inp.u8() % 4 {
                0 => b % 300,
                1 => usize::MAX - (b % 8),
                _ => b,
            };
            let s = inp.short().to_vec();
            let msg = inp.rest();
            let r = k::ParallelHash128::new(b, &s);
            assert_eq!(r.is_ok(), b != 0);
            if let Ok(mut p) = r {
                p.update(msg);
                let _ = read_some(p, 32);
            }
            if let Ok(mut p) = k::ParallelHash256::new(b, &s) {
                p.update(msg);
                let mut out = [0u8; 7];
                p.finalize_into_slice(&mut out);
            }
        }
        5 => {
            let s = inp.short().to_vec();
            let mut t = k::TupleHash128::new(&s);
            let mut t2 = k::TupleHash256::new(&s);
            while !inp.0.is_empty() {
                let item = inp.short();
                t.update_item(item);
                t2.update_item(item);
            }
            let mut out = vec![0u8; usize::from(sel)];
            t.finalize_into_slice(&mut out);
            let mut o = [0u8; 5];
            t2.finalize_xof().read(&mut o);
        }
        6 => {
            let c = inp.long().to_vec();
            let mut x = k::Kt128::new_customized(&c);
            x.update(inp.rest());
            let _ = read_some(x, 33);
        }
        7 => {
            let key = inp.array::<16>();
            let out_len = usize::from(inp.u8() % 40);
            let msg = inp.short().to_vec();
            let tag = inp.short().to_vec();
            let p = a::v13::AsconPrfShort::new(&key.into());
            let mut out = vec![0u8; out_len];
            let r = p.prf(&msg, &mut out);
            assert_eq!(r.is_ok(), msg.len() <= 16 && (1..=16).contains(&out_len));
            let _ = p.verify(&msg, &tag);
            let p = a::v12::AsconPrfShort::new(&key.into());
            let _ = p.prf(&msg, &mut out);
            let _ = p.verify(&msg, &tag);
        }
        8 => mac_tags::<k::Kmac128>(&mut inp),
        9 => mac_tags::<a::v12::AsconMac>(&mut inp),
        10 => mac_tags::<lwc_lemac::LeMac>(&mut inp),
        _ => {
            let key = inp.array::<16>();
            let nonce = inp.array::<16>();
            let tag = inp.array::<16>();
            let msg = inp.rest();
            let m = lwc_lemac::PetitMac::new_with_nonce(&key, &nonce);
            let t = m.compute(&nonce, msg);
            assert!(m.verify_message(&nonce, msg, &t).is_ok());
            assert_eq!(m.verify_message(&nonce, msg, &tag).is_ok(), tag == t);
        }
    }
});
