//! LeMac / PetitMac against peers: the key setup (`I[j] = AES_K(C(j))`, `F[j]`, `k2`, `k3`, and
//! PetitMac's) against RustCrypto's `aes` crate, an independent AES-128. No other implementation
//! of LeMac exists in Rust (the C/C++ anchors' values are in the official files, `lemac_kat.rs`).
#![cfg(feature = "lemac")]

use lwc_lemac::hazmat::LeMacContext;

#[test]
fn key_setup_against_aes_crate() {
    // Independent peer: RustCrypto `aes` computes I[j] = AES_K(C(j)), F[j], k2, k3.
    use aes::cipher::{BlockCipherEncrypt, KeyInit as _};
    let mut rng = lwc_tests::rng(6);
    for _ in 0..if lwc_tests::quick() { 2 } else { 20 } {
        let key: [u8; 16] = lwc_tests::random_bytes(&mut rng, 16).try_into().unwrap();
        let aes = aes::Aes128::new(&key.into());
        let c = |i: u8| {
            let mut b = aes::Block::default();
            b[0] = i;
            aes.encrypt_block(&mut b);
            <[u8; 16]>::from(b)
        };
        let ctx = LeMacContext::new(&key);
        for j in 0..9 {
            assert_eq!(ctx.init_state()[j], c(j as u8));
        }
        for j in 0..18 {
            assert_eq!(ctx.final_subkeys()[j], c(9 + j as u8));
        }
        assert_eq!(ctx.k2_round_keys()[0], c(27));
        assert_eq!(ctx.k3_round_keys()[0], c(28));
        let pctx = lwc_lemac::hazmat::PetitMacContext::new(&key);
        assert_eq!(pctx.init_state(), &c(0));
        for j in 0..15 {
            assert_eq!(pctx.final_subkeys()[j], c(1 + j as u8));
        }
    }
}
