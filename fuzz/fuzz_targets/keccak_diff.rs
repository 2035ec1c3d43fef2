//! lwc-keccak against RustCrypto's sha3 / shake / k12 / turboshake / cshake on arbitrary inputs.
#![no_main]

#[path = "common.rs"]
mod common;

use common::Input;
use digest::{CustomizedInit, Digest, ExtendableOutput, Update, XofReader};
use libfuzzer_sys::fuzz_target;

fn d<A: Digest, B: Digest>(m: &[u8]) {
    assert_eq!(A::digest(m).as_slice(), B::digest(m).as_slice());
}

fn x<A: Update + ExtendableOutput, B: Update + ExtendableOutput>(
    mut a: A,
    mut b: B,
    m: &[u8],
    n: usize,
) {
    a.update(m);
    b.update(m);
    let (mut oa, mut ob) = (vec![0u8; n], vec![0u8; n]);
    a.finalize_xof().read(&mut oa);
    b.finalize_xof().read(&mut ob);
    assert_eq!(oa, ob);
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let sel = inp.u8();
    let n = usize::from(inp.u16() % 1024);
    let s = inp.short().to_vec();
    let fname = inp.short().to_vec();
    let m = inp.rest();
    use lwc_keccak as l;
    match sel % 16 {
        0 => d::<l::Sha3_224, sha3::Sha3_224>(m),
        1 => d::<l::Sha3_256, sha3::Sha3_256>(m),
        2 => d::<l::Sha3_384, sha3::Sha3_384>(m),
        3 => d::<l::Sha3_512, sha3::Sha3_512>(m),
        4 => d::<l::Keccak256, sha3::Keccak256>(m),
        5 => d::<l::Keccak512, sha3::Keccak512>(m),
        6 => x(l::Shake128::default(), shake::Shake128::default(), m, n),
        7 => x(l::Shake256::default(), shake::Shake256::default(), m, n),
        8 => x(
            l::TurboShake128::default(),
            turboshake::TurboShake128::default(),
            m,
            n,
        ),
        9 => x(
            l::TurboShake256::default(),
            turboshake::TurboShake256::default(),
            m,
            n,
        ),
        10 => x(
            l::CTurboShake128::<0x0B>::default(),
            turboshake::CTurboShake128::<0x0B>::default(),
            m,
            n,
        ),
        11 => x(l::Kt128::default(), k12::Kt128::default(), m, n),
        12 => x(
            l::Kt128::new_customized(&s),
            k12::CustomKt128::new_customized(&s),
            m,
            n,
        ),
        13 => x(
            l::Kt256::new_customized(&s),
            k12::CustomKt256::new_customized(&s),
            m,
            n,
        ),
        14 => x(
            l::CShake128::new_with_function_name(&fname, &s),
            cshake::CShake128::new_with_function_name(&fname, &s),
            m,
            n,
        ),
        _ => x(
            l::CShake256::new_with_function_name(&fname, &s),
            cshake::CShake256::new_with_function_name(&fname, &s),
            m,
            n,
        ),
    }
});
