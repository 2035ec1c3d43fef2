//! The facade's behaviour on bad input, as ascon-aead 0.4.4 has it (its src/lib.rs and
//! asconcore.rs): the key-length error type of `new_from_slice`, and a failed decryption.

use ascon_aead::aead::{AeadInPlace, KeyInit};
use ascon_aead::{Ascon128, Ascon128a, Ascon80pq, Error, Nonce, Tag};
use crypto_common::InvalidLength;

#[test]
fn wrong_key_length_is_invalid_length() {
    // The annotation is the check: aead 0.5's `KeyInit` default, crypto-common 0.1's error.
    let short: Result<Ascon128, InvalidLength> = Ascon128::new_from_slice(&[0; 15]);
    assert_eq!(short.err(), Some(InvalidLength));
    assert_eq!(
        Ascon128a::new_from_slice(&[0; 17]).err(),
        Some(InvalidLength)
    );
    assert_eq!(
        Ascon80pq::new_from_slice(&[0; 16]).err(),
        Some(InvalidLength)
    );
    assert!(Ascon80pq::new_from_slice(&[0; 20]).is_ok());
    assert!(Ascon128::new_from_slice(&[0; 16]).is_ok());
}

#[test]
fn failed_decryption_is_error_and_zeroes_the_buffer() {
    let cipher = Ascon128::new_from_slice(b"very secret key.").unwrap();
    let nonce = Nonce::<Ascon128>::from_slice(b"unique nonce 012");
    let mut buffer = *b"plaintext message";
    let tag = cipher
        .encrypt_in_place_detached(nonce, b"ad", &mut buffer)
        .unwrap();
    let ciphertext = buffer;
    assert_ne!(&buffer, b"plaintext message");

    let mut bad_tag: Tag<Ascon128> = tag;
    bad_tag[0] ^= 1;
    let r = cipher.decrypt_in_place_detached(nonce, b"ad", &mut buffer, &bad_tag);
    assert_eq!(r, Err(Error));
    assert_eq!(buffer, [0; 17]);

    buffer = ciphertext;
    cipher
        .decrypt_in_place_detached(nonce, b"ad", &mut buffer, &tag)
        .unwrap();
    assert_eq!(&buffer, b"plaintext message");
}

/// With `zeroize`, the ciphers wipe their keys on drop (lwc-ascon's `ZeroizeOnDrop`).
#[cfg(feature = "zeroize")]
#[test]
fn zeroize_wipes_the_keys_on_drop() {
    fn wiped_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    wiped_on_drop::<Ascon128>();
    wiped_on_drop::<Ascon128a>();
    wiped_on_drop::<Ascon80pq>();
}
