//! The facade's behaviour where ascon 0.4.0's unit tests do not look: bad input, `Debug`, and
//! `zeroize` (ascon 0.4.0's src/lib.rs).

use ascon::State;

const WORDS: [u64; 5] = [
    0x1111_2222_3333_4444,
    0x5555_6666_7777_8888,
    0x9999_aaaa_bbbb_cccc,
    0xdddd_eeee_ffff_0000,
    0x0f1e_2d3c_4b5a_6978,
];

#[test]
fn wrong_lengths_are_err_unit() {
    assert_eq!(State::try_from(&WORDS[..4]).err(), Some(()));
    assert_eq!(State::try_from(&[0u64; 6][..]).err(), Some(()));
    assert_eq!(State::try_from(&[0u8; 39][..]).err(), Some(()));
    assert_eq!(State::try_from(&[0u8; 41][..]).err(), Some(()));
    assert_eq!(State::try_from(&WORDS[..]).unwrap().as_ref(), &WORDS);
}

#[test]
fn debug_and_default_as_derived_in_the_original() {
    assert_eq!(
        format!("{:?}", State::new(1, 2, 3, 4, 5)),
        "State { x: [1, 2, 3, 4, 5] }"
    );
    assert_eq!(State::default().as_bytes(), [0; 40]);
}

/// `permute_n` past 12 rounds: ascon 0.4.0's `debug_assert!`, and in a release build its empty
/// round range (the state unchanged).
#[test]
#[cfg_attr(debug_assertions, should_panic)]
fn permute_n_past_12() {
    let mut s = State::from(&WORDS);
    s.permute_n(13);
    assert_eq!(s.as_ref(), &WORDS);
}

#[cfg(feature = "zeroize")]
#[test]
fn zeroize_on_drop() {
    fn wiped_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    wiped_on_drop::<State>();
}
