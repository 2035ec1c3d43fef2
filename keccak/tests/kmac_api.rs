//! RustCrypto's `kmac` 0.1 API on our `Kmac128` / `Kmac256` (`new_customization`,
//! `finalize_into_buf`, `Mac`, `KeyInit`, `ExtendableOutput` from the crate root), on the
//! vectors published with that crate (its tests and README; RustCrypto/MACs, kmac 0.1.0, not yet
//! on the registry), written here as data. Code written for `kmac` 0.1 names everything below
//! through `kmac::`; with `kmac = { package = "lwc-keccak", ... }` it is `lwc_keccak::`.

use hex_literal::hex;
use lwc_keccak::{ExtendableOutput, FixedOutput, KeyInit, Kmac128, Kmac256, Mac, XofReader};

fn kmac128() -> Kmac128 {
    let mut mac = Kmac128::new_customization(b"my secret key", b"S").unwrap();
    mac.update(b"my message");
    mac
}

fn kmac256() -> Kmac256 {
    let mut mac = Kmac256::new_customization(b"my secret key", b"S").unwrap();
    mac.update(b"my message");
    mac
}

#[test]
fn kmac128_tag_buf_and_xof() {
    let tag = kmac128().finalize().into_bytes();
    assert_eq!(
        tag[..],
        hex!("f875fb68694ac0ab29775a918901f3a81c8b5e1771b024c20a0928d1c1a7b5fe")
    );
    let mut buf = [0u8; 32];
    kmac128().finalize_into_buf(&mut buf);
    assert_eq!(buf[..], tag[..]);
    // Another length is another tag, not a prefix.
    let mut short = [0u8; 16];
    kmac128().finalize_into_buf(&mut short);
    assert_ne!(short[..], tag[..16]);
    let mut xof = [0u8; 32];
    kmac128().finalize_xof().read(&mut xof);
    assert_eq!(
        xof,
        hex!("47381a6f7b0f78a624fa8f50743fce59716053a957c8e90bca915ac46c185267")
    );
    let mut xof_short = [0u8; 16];
    kmac128().finalize_xof().read(&mut xof_short);
    assert_eq!(xof_short[..], xof[..16]);
}

#[test]
fn kmac256_tag_buf_and_xof() {
    let tag = kmac256().finalize().into_bytes();
    assert_eq!(
        tag[..],
        hex!(
            "9eaffe657c105dc6b036f94ea770ce9fe537e1a847e41cdec394fff1c4ac253c"
            "87439b862b3dd7f38037e3a9af160e84ae3f453c322958940b29095a00578f83"
        )
    );
    let mut buf = [0u8; 64];
    kmac256().finalize_into_buf(&mut buf);
    assert_eq!(buf[..], tag[..]);
    let mut xof = [0u8; 64];
    kmac256().finalize_xof().read(&mut xof);
    assert_eq!(
        xof,
        hex!(
            "25556b2b74cc9163a196ae6ecef0812c4087345314fa65a663bd813dccd2c596"
            "112b63da9f57559bf0c57361d191e4ec56688fc2bf45e2ceade0e2190a0dc3fc"
        )
    );
}

#[test]
fn readme_examples() {
    let expected = hex!("c39a8f614f8821443599440df54027870f67e4c47919061584f14a616f3efcf5");
    let mut mac = Kmac128::new_from_slice(b"key material").unwrap();
    mac.update(b"input message");
    assert_eq!(mac.finalize().into_bytes()[..], expected[..]);
    let mut mac = Kmac128::new_from_slice(b"key material").unwrap();
    mac.update(b"input message");
    mac.verify_slice(&expected).unwrap();

    let mut mac = Kmac256::new_customization(b"key material", b"customization").unwrap();
    mac.update(b"input message");
    let mut out = [0u8; 32];
    mac.clone().finalize_into_buf(&mut out);
    assert_eq!(
        out,
        hex!("85fb77da3a35e4c4b0057c3151e6cc54ee401ffe65ec2f0239f439be8896f7b6")
    );
    let mut xof = [0u8; 32];
    mac.finalize_xof().read(&mut xof);
    assert_eq!(
        xof,
        hex!("b675b75668eab0706ab05650f34fa1b624051a9a42b5e42cfe9970e8f903d45b")
    );
}

#[test]
fn fixed_output_from_the_root() {
    // `kmac` 0.1 re-exports `FixedOutput`: `finalize_fixed` is the 32 / 64-byte tag.
    let tag = FixedOutput::finalize_fixed(kmac128());
    assert_eq!(tag[..], kmac128().finalize().into_bytes()[..]);
}
