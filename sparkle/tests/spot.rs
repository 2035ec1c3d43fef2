//! Literal spot vectors for every type of the crate, through its public API (no files, so this
//! runs under Miri and on every target).
//!
//! Provenance: the permutation outputs were computed with an executable model of the
//! specification and confirmed against `sparkle_256/384/512` of rweather's C code
//! (`rweather/lwc-finalists@77b23e6`, `src/combined/internal-sparkle.c`). Every other value is one
//! entry of an official vector file, named by file and `Count`: the NIST LWC final-round KATs for
//! Esch and Schwaemm (`usnistgov/Lightweight-Cryptography-Benchmarking@0aee4ed`,
//! `implementations/sparkle/...v2/LWC_*_KAT_*.txt`) and rweather's XOEsch KATs
//! (`rweather/lwc-finalists@77b23e6`, `test/kat/XOEsch*.txt`). Messages, associated data, keys and
//! nonces are the byte ramps `00 01 02 ...` of the given lengths. The whole files run in
//! `lwc-tests/tests/sparkle_kat.rs`.

use hex_literal::hex;
use lwc_sparkle::aead::{Aead, Payload};
use lwc_sparkle::hazmat::{Sparkle256, Sparkle384, Sparkle512};
use lwc_sparkle::{
    AeadInOut, Digest, Esch256, Esch384, ExtendableOutput, KeyInit, Schwaemm128_128,
    Schwaemm192_192, Schwaemm256_128, Schwaemm256_256, Update, XoEsch256, XoEsch384, XofReader,
};

fn ramp(n: usize) -> Vec<u8> {
    (0..n).map(|i| i as u8).collect()
}

fn le(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn permutations_of_the_zero_state() {
    let mut s = [0u32; 8];
    Sparkle256::slim(&mut s);
    assert_eq!(
        le(&s),
        hex!("5E32CE55527699B650F0533A366F54497B2DC386DBB844EE45B3A55D1FAF7257")
    );
    let mut s = [0u32; 8];
    Sparkle256::big(&mut s);
    assert_eq!(
        le(&s),
        hex!("7ED456C031AF461CBE53B3BF8A114CEB569BAB606A87FC0F81861D8CB2D026D6")
    );
    let mut s = [0u32; 12];
    Sparkle384::slim(&mut s);
    assert_eq!(
        le(&s),
        hex!(
            "7968F94D332C7C8C4A6B2382D74D4F90E830A0D6AA093BF034BBC3C4F9DF63F0FFCEF961FA1FC28E0F37DF93E2F1AC83"
        )
    );
    let mut s = [0u32; 12];
    Sparkle384::big(&mut s);
    assert_eq!(
        le(&s),
        hex!(
            "25BFC2F355DD53FC0654D6CA17F9AF9E8C64A53F48F2A2E1EEFC41583C7E933A442CF761DA73662BA5198416226B9EFF"
        )
    );
    let mut s = [0u32; 16];
    Sparkle512::slim(&mut s);
    assert_eq!(
        le(&s),
        hex!(
            "47079EE474E39E9542EEDD6033FD351B97A62956420BA6D66492B6D2AD3D9FE8EA9C6A5F91EB1529255850FF01C4A5ED82798D09A0B02BC6EBD3A15A01C08500"
        )
    );
    let mut s = [0u32; 16];
    Sparkle512::big(&mut s);
    assert_eq!(
        le(&s),
        hex!(
            "4005224EA9A4C139EC0751B8DE6955D91E71087EB1991924D676F53C7B5906DC68742EFB4D38F1B7F6BB41A8D0169379F019A57FE7C86A0BE5DEC146C8FA2EB6"
        )
    );
}

#[test]
fn permutations_of_the_counting_state() {
    let mut s: [u32; 8] = core::array::from_fn(|k| k as u32);
    Sparkle256::slim(&mut s);
    assert_eq!(
        le(&s),
        hex!("E511ECDBF54D89CA6221F596EAB07CACF222978BF4BCAD4FA5FCE77005F2BD3C")
    );
    let mut s: [u32; 12] = core::array::from_fn(|k| k as u32);
    Sparkle384::slim(&mut s);
    assert_eq!(
        le(&s),
        hex!(
            "D060E9421B763481D5239D0993D81B1EAEBB57E593AAA3D5EB65C982C6197128894D5EB1D78FA577B2C2003205982FD8"
        )
    );
}

/// `permute` with the step counts of `slim` and `big` computes the same.
#[test]
fn run_time_step_counts() {
    let mut a = [0u32; 8];
    let mut b = a;
    Sparkle256::big(&mut a);
    Sparkle256::permute(&mut b, Sparkle256::BIG_STEPS);
    assert_eq!(a, b);
    let mut a: [u32; 12] = core::array::from_fn(|k| k as u32);
    let mut b = a;
    Sparkle384::slim(&mut a);
    Sparkle384::permute(&mut b, Sparkle384::SLIM_STEPS);
    assert_eq!(a, b);
    let mut a: [u32; 16] = core::array::from_fn(|k| (k as u32).wrapping_mul(0x9E3779B9));
    let mut b = a;
    Sparkle512::big(&mut a);
    Sparkle512::permute(&mut b, 12);
    assert_eq!(a, b);
}

/// One-shot and fed in two parts (split inside the first block and at the block boundary).
fn hash<D: Digest>(msg_len: usize, expected: &[u8]) {
    let msg = ramp(msg_len);
    assert_eq!(D::digest(&msg)[..], *expected, "one-shot, {msg_len} bytes");
    for split in [msg_len.min(3), msg_len.min(16)] {
        let mut h = D::new();
        Digest::update(&mut h, &msg[..split]);
        Digest::update(&mut h, &msg[split..]);
        assert_eq!(h.finalize()[..], *expected, "split at {split}");
    }
}

/// The whole output at once and in reads of 1 and 17 bytes.
fn xof<X: Default + Update + ExtendableOutput>(msg_len: usize, expected: &[u8]) {
    let msg = ramp(msg_len);
    let mut out = vec![0u8; expected.len()];
    X::default().chain(&msg).finalize_xof().read(&mut out);
    assert_eq!(out, expected, "{msg_len} bytes");
    let mut reader = X::default().chain(&msg).finalize_xof();
    let mut pieces = Vec::new();
    for n in [1, 17, expected.len() - 18] {
        let mut piece = vec![0u8; n];
        reader.read(&mut piece);
        pieces.extend(piece);
    }
    assert_eq!(pieces, expected, "in pieces");
}

/// Encrypts (`Aead` and detached in place), decrypts, and rejects a changed tag with the buffer
/// zeroed.
fn aead<A: KeyInit + AeadInOut + Aead>(pt_len: usize, ad_len: usize, expected: &[u8]) {
    let cipher = A::new_from_slice(&ramp(A::key_size())).unwrap();
    let mut nonce = lwc_sparkle::Nonce::<A>::default();
    let nonce_len = nonce.len();
    nonce.copy_from_slice(&ramp(nonce_len));
    let (pt, ad) = (ramp(pt_len), ramp(ad_len));
    let ct = cipher
        .encrypt(&nonce, Payload { msg: &pt, aad: &ad })
        .unwrap();
    assert_eq!(ct, expected, "pt {pt_len}, ad {ad_len}");
    let mut buf = pt.clone();
    let tag = cipher
        .encrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into())
        .unwrap();
    assert_eq!([&buf[..], &tag[..]].concat(), expected, "detached");
    cipher
        .decrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into(), &tag)
        .unwrap();
    assert_eq!(buf, pt, "decrypted");
    let mut bad = tag.clone();
    bad[0] ^= 1;
    cipher
        .encrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into())
        .unwrap();
    assert!(
        cipher
            .decrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into(), &bad)
            .is_err()
    );
    assert!(buf.iter().all(|&b| b == 0), "not zeroed after a rejection");
}

#[test]
fn esch() {
    // esch256.txt Count = 17, 18 (a full last block, and one byte more).
    hash::<Esch256>(
        16,
        &hex!("ACFF841E2A526D83D6E94AB5564D6D64C98F5E8016BB1C2950386ED156C6C174"),
    );
    hash::<Esch256>(
        17,
        &hex!("E6BF73941A7417FEFD2DD5882FFCBFAEA22B4C131EF155943FC817F61AD05B85"),
    );
    // esch384.txt Count = 1, 17.
    hash::<Esch384>(
        0,
        &hex!(
            "2981715E2263EBD0CB6E5C2C99D0776D5E691EE737FDE05247895E75D02E7447FD6AB707E2EC8385A539777965E472EE"
        ),
    );
    hash::<Esch384>(
        16,
        &hex!(
            "0008F97D6BBB701D5E33FCC178EFE3E3D5E77915D4A4DAF6E1AE34CD28EDB895A053E19D930B50F72837E1A8F5B1F450"
        ),
    );
}

#[test]
fn xoesch() {
    // xoesch256.txt Count = 17.
    xof::<XoEsch256>(
        16,
        &hex!("1ECDE1A8AC014E9B2389013DBB1F909D01EB5734980B9EDD26AACFE08218F10B"),
    );
    // xoesch384.txt Count = 1, 33.
    xof::<XoEsch384>(
        0,
        &hex!(
            "F1ACCEEE93DA7B09C00A72BD0AA5A0406A8BBC83FE0CF068512B5DB2B06D7050C9CC40C8F77F3830E94BC2C217FC8AF0"
        ),
    );
    xof::<XoEsch384>(
        32,
        &hex!(
            "4BB77F57D453076ED97B3CF37016759C32B6B3DBCC069DD1C871468828534925836C4E2444020ACB4DB2E784DCD2DFD8"
        ),
    );
}

#[test]
fn schwaemm() {
    // schwaemm128_128.txt Count = 545.
    aead::<Schwaemm128_128>(
        16,
        16,
        &hex!("CAD1208F3D3FEC73D1E8825FBDD46C880B9AC7E5250D69200396847219FEBA1F"),
    );
    // schwaemm256_128.txt Count = 1058.
    aead::<Schwaemm256_128>(
        32,
        1,
        &hex!(
            "2EEC3BF301238949CC25DD77CD3F6FEBFEDCAC1E1E0D63AAEE05C8BC5F2125F1AA068F326068AE72D59CEF64AE7A720B"
        ),
    );
    // schwaemm192_192.txt Count = 817.
    aead::<Schwaemm192_192>(
        24,
        24,
        &hex!(
            "C89D91A65AC41ACFB5764B4A3DEA34E522A257FB8EF7D5A64E0CF4A6149A640E3F2F429073D4A4B66AA06A76726A3FB4"
        ),
    );
    // schwaemm256_256.txt Count = 33, 1057.
    aead::<Schwaemm256_256>(
        0,
        32,
        &hex!("138997A2042D05F53300999C9D169C7AD4CD63F80566547C309838FBE1274F90"),
    );
    aead::<Schwaemm256_256>(
        32,
        0,
        &hex!(
            "BB5918195DC5D4D944594A7B63D6460140BE022EFB65D13C16FB50A48F224B697E6B81DCA1366D43EE20B152AD39CEFCB6103D3EC26A1DC5277B117ADA1ED1BB"
        ),
    );
}
