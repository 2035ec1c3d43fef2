//! Differential test against the Ascon team's Python reference, PyPI `ascon` 0.0.9 (pyascon, v1.2
//! only: Ascon-128/128a/80pq, Hash/Hasha/Xof/Xofa, Mac/Maca/Prf/Prfa/PrfShort).
//!
//! `.ci/ascon.sh` installs pyascon, generates random inputs and pyascon's outputs into a text file
//! (`Alg`, `Key`, `Nonce`, `AD`, `PT`, `CT` / `Msg`, `Out` records) and runs this test with
//! `ASCON_PYASCON_VECTORS` pointing at it; without that variable the test has nothing to compare.
#![cfg(feature = "ascon")]

use aead::{Aead, AeadInOut, KeyInit, Payload};
use digest::{Digest, ExtendableOutput, Mac, Update, XofReader};
use lwc_ascon::v12;
use lwc_tests::{Failures, expect_eq, text::parse};

fn aead_enc<A: KeyInit + AeadInOut>(k: &[u8], n: &[u8], ad: &[u8], pt: &[u8]) -> Vec<u8> {
    let c = A::new_from_slice(k).unwrap();
    c.encrypt(n.try_into().unwrap(), Payload { msg: pt, aad: ad })
        .unwrap()
}

fn xof<X: Default + Update + ExtendableOutput>(m: &[u8], n: usize) -> Vec<u8> {
    let mut x = X::default();
    x.update(m);
    let mut o = vec![0u8; n];
    x.finalize_xof().read(&mut o);
    o
}

fn mac<M: Mac + KeyInit>(k: &[u8], m: &[u8]) -> Vec<u8> {
    let mut x = <M as KeyInit>::new_from_slice(k).unwrap();
    Mac::update(&mut x, m);
    x.finalize().into_bytes().to_vec()
}

fn prf<P: KeyInit + Update + ExtendableOutput>(k: &[u8], m: &[u8], n: usize) -> Vec<u8> {
    let mut x = P::new_from_slice(k).unwrap();
    x.update(m);
    let mut o = vec![0u8; n];
    x.finalize_xof().read(&mut o);
    o
}

#[test]
fn pyascon_differential() {
    let Some(path) = std::env::var_os("ASCON_PYASCON_VECTORS") else {
        eprintln!("note: ASCON_PYASCON_VECTORS unset; run .ci/ascon.sh for the pyascon comparison");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("pyascon vector file");
    let mut f = Failures::new("pyascon");
    for (i, r) in parse(&text).iter().enumerate() {
        let alg = r.field("Alg");
        let res = if let Some(ct) = r.get("CT") {
            let (k, n, ad, pt) = (r.hex("Key"), r.hex("Nonce"), r.hex("AD"), r.hex("PT"));
            let ct = lwc_tests::unhex(ct);
            let got = match alg {
                "Ascon-128" => aead_enc::<v12::Ascon128>(&k, &n, &ad, &pt),
                "Ascon-128a" => aead_enc::<v12::Ascon128a>(&k, &n, &ad, &pt),
                "Ascon-80pq" => aead_enc::<v12::Ascon80pq>(&k, &n, &ad, &pt),
                a => panic!("unknown {a}"),
            };
            expect_eq(alg, &ct, &got)
        } else {
            let (m, out) = (r.hex("Msg"), r.hex("Out"));
            let k = r.get("Key").map(lwc_tests::unhex).unwrap_or_default();
            let got = match alg {
                "Ascon-Hash" => v12::AsconHash::digest(&m).to_vec(),
                "Ascon-Hasha" => v12::AsconHasha::digest(&m).to_vec(),
                "Ascon-Xof" => xof::<v12::AsconXof>(&m, out.len()),
                "Ascon-Xofa" => xof::<v12::AsconXofa>(&m, out.len()),
                "Ascon-Mac" => mac::<v12::AsconMac>(&k, &m),
                "Ascon-Maca" => mac::<v12::AsconMaca>(&k, &m),
                "Ascon-Prf" => prf::<v12::AsconPrf>(&k, &m, out.len()),
                "Ascon-Prfa" => prf::<v12::AsconPrfa>(&k, &m, out.len()),
                "Ascon-PrfShort" => {
                    let mut o = vec![0u8; out.len()];
                    v12::AsconPrfShort::new_from_slice(&k)
                        .unwrap()
                        .prf(&m, &mut o)
                        .unwrap();
                    o
                }
                a => panic!("unknown {a}"),
            };
            expect_eq(alg, &out, &got)
        };
        f.check(i + 1, res);
    }
    let n = f.checked();
    f.finish(100);
    println!("pyascon: {n} records agreed");
}
