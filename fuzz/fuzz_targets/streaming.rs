//! Streaming ≡ one-shot for every hash, XOF and MAC, under arbitrary chunkings (empty chunks
//! included) and arbitrary XOF read splits; `clone` mid-stream and `reset` agree too.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{Input, chunks};
use digest::{ExtendableOutput, FixedOutput, KeyInit, Reset, Update, XofReader};
use libfuzzer_sys::fuzz_target;

fn fixed<D: Update + FixedOutput + Clone>(fresh: D, inp: &mut Input<'_>) {
    let sizes = inp.short().to_vec();
    let msg = inp.rest();
    let mut one = fresh.clone();
    one.update(msg);
    let want = one.finalize_fixed();
    let mut h = fresh.clone();
    let parts = chunks(msg, &sizes);
    let half = parts.len() / 2;
    for c in &parts[..half] {
        h.update(c);
    }
    let mut h2 = h.clone();
    for c in &parts[half..] {
        h.update(c);
        h2.update(c);
    }
    assert_eq!(h.finalize_fixed(), want, "chunked != one-shot");
    assert_eq!(h2.finalize_fixed(), want, "clone mid-stream != one-shot");
}

fn fixed_reset<D: Update + FixedOutput + Reset + Clone>(fresh: D, inp: &mut Input<'_>) {
    let garbage = inp.short().to_vec();
    let save = inp.0;
    fixed(fresh.clone(), inp);
    let mut inp2 = Input(save);
    let _ = inp2.short();
    let msg = inp2.rest();
    let mut h = fresh.clone();
    h.update(&garbage);
    h.reset();
    h.update(msg);
    let mut one = fresh;
    one.update(msg);
    assert_eq!(
        h.finalize_fixed(),
        one.finalize_fixed(),
        "reset does not forget"
    );
}

fn xof<X: Update + ExtendableOutput + Clone>(fresh: X, inp: &mut Input<'_>) {
    let out_len = usize::from(inp.u16() % 2048);
    let reads = inp.short().to_vec();
    let sizes = inp.short().to_vec();
    let msg = inp.rest();
    let mut one = fresh.clone();
    one.update(msg);
    let mut want = vec![0u8; out_len];
    one.finalize_xof().read(&mut want);
    let mut h = fresh;
    for c in chunks(msg, &sizes) {
        h.update(c);
    }
    let mut got = vec![0u8; out_len];
    let mut r = h.finalize_xof();
    let mut off = 0;
    for n in chunks(&want, &reads).iter().map(|c| c.len()) {
        r.read(&mut got[off..off + n]);
        off += n;
    }
    assert_eq!(got, want, "chunked absorb / split reads != one-shot");
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let sel = inp.u8();
    let key = inp.array::<32>();
    let k16: [u8; 16] = key[..16].try_into().unwrap();
    use lwc_ascon as a;
    use lwc_keccak as k;
    use lwc_sparkle as s;
    let i = &mut inp;
    match sel % 40 {
        0 => fixed_reset(k::Sha3_224::default(), i),
        1 => fixed_reset(k::Sha3_256::default(), i),
        2 => fixed_reset(k::Sha3_384::default(), i),
        3 => fixed_reset(k::Sha3_512::default(), i),
        4 => fixed_reset(k::Keccak224::default(), i),
        5 => fixed_reset(k::Keccak256::default(), i),
        6 => fixed_reset(k::Keccak384::default(), i),
        7 => fixed_reset(k::Keccak512::default(), i),
        8 => xof(k::Shake128::default(), i),
        9 => xof(k::Shake256::default(), i),
        10 => xof(k::CShake128::new_with_function_name(b"N", &key), i),
        11 => xof(k::CShake256::new(&key[..7]), i),
        12 => xof(k::TurboShake128::new(key[0] % 0x7f + 1).unwrap(), i),
        13 => xof(k::TurboShake256::default(), i),
        14 => xof(k::Kt128::default(), i),
        15 => xof(
            <k::Kt256 as digest::CustomizedInit>::new_customized(&key[..3]),
            i,
        ),
        16 => xof(
            k::ParallelHash128::new(usize::from(key[0]) + 1, &key[1..4]).unwrap(),
            i,
        ),
        17 => xof(
            k::ParallelHash256::new(usize::from(key[0] % 16) + 1, b"").unwrap(),
            i,
        ),
        18 => fixed_reset(
            k::Kmac128::new_from_slice(&key[..usize::from(key[0] % 32)]).unwrap(),
            i,
        ),
        19 => fixed_reset(k::Kmac256::new_customized(&key, b"S"), i),
        20 => xof(k::Kmac128::new_customized(&key[..16], b""), i),
        21 => fixed_reset(a::AsconHash256::default(), i),
        22 => xof(a::AsconXof128::default(), i),
        23 => xof(
            <a::AsconCxof128 as digest::TryCustomizedInit>::try_new_customized(
                &key[..usize::from(key[0] % 33)],
            )
            .unwrap(),
            i,
        ),
        24 => fixed_reset(a::v12::AsconHash::default(), i),
        25 => fixed_reset(a::v12::AsconHasha::default(), i),
        26 => xof(a::v12::AsconXof::default(), i),
        27 => xof(a::v12::AsconXofa::default(), i),
        28 => fixed_reset(a::v12::AsconMac::new_from_slice(&k16).unwrap(), i),
        29 => fixed_reset(a::v12::AsconMaca::new_from_slice(&k16).unwrap(), i),
        30 => xof(a::v12::AsconPrf::new_from_slice(&k16).unwrap(), i),
        31 => xof(a::v12::AsconPrfa::new_from_slice(&k16).unwrap(), i),
        32 => fixed_reset(a::v13::AsconMac::new_from_slice(&k16).unwrap(), i),
        33 => xof(a::v13::AsconPrf::new_from_slice(&k16).unwrap(), i),
        34 => fixed_reset(s::Esch256::default(), i),
        35 => fixed_reset(s::Esch384::default(), i),
        36 => xof(s::XoEsch256::default(), i),
        37 => xof(s::XoEsch384::default(), i),
        38 => fixed_reset(
            <lwc_lemac::LeMac as KeyInit>::new_from_slice(&k16).unwrap(),
            i,
        ),
        _ => fixed_reset(
            lwc_lemac::PetitMac::new_with_nonce(&k16, &key[16..].try_into().unwrap()),
            i,
        ),
    }
});
