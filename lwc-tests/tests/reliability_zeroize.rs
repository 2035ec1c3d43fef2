//! `zeroize` feature: keys, keyed states, hash/XOF states and readers are wiped when dropped, and
//! `Debug` never prints secrets.
//!
//! Method: a value is built in a `ManuallyDrop` stack slot, its bytes are copied, it is dropped in
//! place with `ptr::drop_in_place`, and the slot's bytes are read again (volatile loads). To tell
//! secret-dependent bytes from public ones (lengths, positions, the state after a public
//! customization string), every value is built twice with the same public parameters and two
//! different secrets (key and/or message): the aligned 8-byte words in which every byte differs
//! between the two are secret-dependent (state lanes, key words; a word holding a public field or
//! padding keeps at least one equal byte), and none of them may survive the drop unchanged. A check that finds no
//! secret-dependent word at all fails too (it would prove nothing).
//!
//! The family crates are built with `features = ["zeroize"]` by lwc-tests (see its Cargo.toml).
#![allow(clippy::vec_init_then_push)] // the `check!` lists read best one push per type
#![cfg(not(miri))] // reads the bytes of a dropped value (padding included): fine natively, not for Miri
#![cfg_attr(
    not(all(
        feature = "keccak",
        feature = "ascon",
        feature = "sparkle",
        feature = "lemac"
    )),
    allow(dead_code, unused_imports)
)] // helpers shared by families that may be switched off

use core::fmt::Debug;
use core::mem::{ManuallyDrop, size_of};

/// The bytes of `value` before and after `drop_in_place` on its own slot.
fn drop_and_inspect<T>(value: T) -> (Vec<u8>, Vec<u8>) {
    // A zero-filled slot, so that padding bytes the move does not copy read as zero.
    let mut slot = ManuallyDrop::new(core::mem::MaybeUninit::<T>::zeroed());
    let p: *mut T = slot.as_mut_ptr();
    // SAFETY: `p` is valid for writes of one `T` and properly aligned (it is the slot's own
    // pointer); nothing was in the slot, so nothing is overwritten without a drop.
    unsafe { p.write(value) };
    let n = size_of::<T>();
    let read = |p: *const u8| -> Vec<u8> {
        // SAFETY: `p` points at the `n` bytes of the slot, which stays alive (it is a
        // `ManuallyDrop` local) for the whole function; volatile loads keep the compiler from
        // assuming the bytes are dead after the drop.
        (0..n)
            .map(|i| unsafe { core::ptr::read_volatile(p.add(i)) })
            .collect()
    };
    let before = read(p.cast());
    // SAFETY: the value in the slot is valid and is dropped exactly once (the slot is
    // `ManuallyDrop`, so it is not dropped again at the end of the scope).
    unsafe { core::ptr::drop_in_place(p) };
    let after = read(p.cast());
    (before, after)
}

/// Checks that no secret-dependent word of `make(secret)` survives its drop; returns the number of
/// secret-dependent words checked. Also checks `Debug`.
fn check_wiped<T: Debug>(name: &str, make: impl Fn(u8) -> T) -> Result<usize, String> {
    let dbg = format!("{:?}", make(1));
    if dbg.contains('[') || !dbg.contains("..") || dbg.len() > 80 {
        return Err(format!("{name}: Debug may print state or secrets: {dbg}"));
    }
    let (ref_before, _) = drop_and_inspect(make(2));
    let (before, after) = drop_and_inspect(make(1));
    let mut secret_words = 0;
    let mut survivors = Vec::new();
    for i in (0..before.len() & !7).step_by(8) {
        let w = &before[i..i + 8];
        // Secret-dependent: every byte differs under the other secret (a state word, a key word).
        // Words holding a public field or padding (stack garbage) keep at least one equal byte.
        if w.iter().zip(&ref_before[i..i + 8]).any(|(a, b)| a == b) {
            continue;
        }
        secret_words += 1;
        if &after[i..i + 8] == w {
            survivors.push(i);
        }
    }
    if secret_words < 2 {
        return Err(format!(
            "{name}: only {secret_words} secret-dependent words found in {} bytes (test proves nothing)",
            before.len()
        ));
    }
    if !survivors.is_empty() {
        return Err(format!(
            "{name}: {} of {secret_words} secret-dependent 8-byte words survive the drop (offsets {:?}, size {})",
            survivors.len(),
            &survivors[..survivors.len().min(8)],
            before.len()
        ));
    }
    Ok(secret_words)
}

/// Runs every check of a family and reports all failures at once.
fn run_all(checks: Vec<(&str, Result<usize, String>)>) {
    let mut failed = Vec::new();
    for (name, r) in &checks {
        match r {
            Ok(n) => println!("{name}: {n} secret-dependent words wiped"),
            Err(e) => failed.push(e.clone()),
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} failed:\n{}",
        failed.len(),
        checks.len(),
        failed.join("\n")
    );
}

fn key(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| seed.wrapping_mul(0x9d) ^ (i as u8).wrapping_mul(0x3b) ^ 0xa5)
        .collect()
}

/// A message longer than two blocks of every rate here, with a partial last block.
fn msg(seed: u8) -> Vec<u8> {
    key(seed ^ 0x77, 2 * 168 + 13)
}

macro_rules! check {
    ($v:ident, $name:expr, |$s:ident| $make:expr) => {
        $v.push(($name, check_wiped($name, |$s: u8| $make)));
    };
}

#[cfg(feature = "keccak")]
#[test]
fn keccak_states_are_wiped() {
    use digest::{ExtendableOutput, KeyInit, Update};
    use lwc_keccak::*;
    fn fed<T: Update>(mut t: T, s: u8) -> T {
        t.update(&msg(s));
        t
    }
    let mut v = Vec::new();
    check!(v, "Sha3_256", |s| fed(Sha3_256::default(), s));
    check!(v, "Sha3_512", |s| fed(Sha3_512::default(), s));
    check!(v, "Keccak256", |s| fed(Keccak256::default(), s));
    check!(v, "Shake128", |s| fed(Shake128::default(), s));
    check!(v, "Shake256", |s| fed(Shake256::default(), s));
    check!(v, "CShake128", |s| fed(CShake128::new(b"public S"), s));
    check!(v, "TurboShake128", |s| fed(TurboShake128::default(), s));
    check!(v, "Kt128", |s| fed(Kt128::default(), s));
    check!(v, "Kt256 (long)", |s| {
        let mut k = Kt256::default();
        k.update(&key(s, 8192 + 100));
        k
    });
    check!(v, "TupleHash128", |s| {
        let mut t = TupleHash128::new(b"S");
        t.update_item(&msg(s));
        t
    });
    check!(v, "ParallelHash128", |s| {
        let mut p = ParallelHash128::new(64, b"S").unwrap();
        p.update(&msg(s));
        p
    });
    check!(v, "Kmac128 (key only)", |s| Kmac128::new_from_slice(&key(
        s, 32
    ))
    .unwrap());
    check!(v, "Kmac256 (key + message)", |s| fed(
        Kmac256::new_customized(&key(s, 32), b"S"),
        s
    ));
    check!(v, "Shake128Reader", |s| fed(Shake128::default(), s)
        .finalize_xof());
    check!(v, "Kmac128Reader", |s| Kmac128::new_from_slice(&key(s, 16))
        .unwrap()
        .finalize_xof());
    check!(v, "Kt128Reader", |s| fed(Kt128::default(), s)
        .finalize_xof());
    run_all(v);
}

#[cfg(feature = "ascon")]
#[test]
fn ascon_states_are_wiped() {
    use aead::consts::U8;
    use digest::{ExtendableOutput, KeyInit, TryCustomizedInit, Update};
    use lwc_ascon::*;
    fn fed<T: Update>(mut t: T, s: u8) -> T {
        t.update(&msg(s));
        t
    }
    let mut v = Vec::new();
    check!(v, "AsconAead128", |s| AsconAead128::new_from_slice(&key(
        s, 16
    ))
    .unwrap());
    check!(v, "TruncatedAsconAead128<U8>", |s| {
        TruncatedAsconAead128::<U8>::new_from_slice(&key(s, 16)).unwrap()
    });
    check!(v, "MaskedAsconAead128", |s| {
        <MaskedAsconAead128>::new_from_slice(&key(s, 32)).unwrap()
    });
    check!(v, "Ascon128", |s| v12::Ascon128::new_from_slice(&key(
        s, 16
    ))
    .unwrap());
    check!(v, "Ascon128a", |s| v12::Ascon128a::new_from_slice(&key(
        s, 16
    ))
    .unwrap());
    check!(v, "Ascon80pq", |s| v12::Ascon80pq::new_from_slice(&key(
        s, 20
    ))
    .unwrap());
    check!(v, "AsconHash256", |s| fed(AsconHash256::default(), s));
    check!(v, "AsconXof128", |s| fed(AsconXof128::default(), s));
    check!(v, "AsconCxof128", |s| fed(
        AsconCxof128::try_new_customized(b"S").unwrap(),
        s
    ));
    check!(v, "AsconXof128Reader", |s| fed(AsconXof128::default(), s)
        .finalize_xof());
    check!(v, "v12::AsconHash", |s| fed(v12::AsconHash::default(), s));
    check!(v, "v12::AsconXofa", |s| fed(v12::AsconXofa::default(), s));
    check!(v, "v12::AsconMac", |s| fed(
        v12::AsconMac::new_from_slice(&key(s, 16)).unwrap(),
        s
    ));
    check!(v, "v12::AsconPrf", |s| v12::AsconPrf::new_from_slice(&key(
        s, 16
    ))
    .unwrap());
    check!(v, "v12::AsconPrfReader", |s| {
        fed(v12::AsconPrf::new_from_slice(&key(s, 16)).unwrap(), s).finalize_xof()
    });
    check!(v, "v13::AsconMac", |s| v13::AsconMac::new_from_slice(&key(
        s, 16
    ))
    .unwrap());
    check!(v, "v13::AsconPrfShort", |s| {
        v13::AsconPrfShort::new_from_slice(&key(s, 16)).unwrap()
    });
    run_all(v);
}

#[cfg(feature = "sparkle")]
#[test]
fn sparkle_states_are_wiped() {
    use digest::{ExtendableOutput, Update};
    use lwc_sparkle::*;
    fn fed<T: Update>(mut t: T, s: u8) -> T {
        t.update(&msg(s));
        t
    }
    let mut v = Vec::new();
    check!(v, "Schwaemm128_128", |s| Schwaemm128_128::new_from_slice(
        &key(s, 16)
    )
    .unwrap());
    check!(v, "Schwaemm192_192", |s| Schwaemm192_192::new_from_slice(
        &key(s, 24)
    )
    .unwrap());
    check!(v, "Schwaemm256_128", |s| Schwaemm256_128::new_from_slice(
        &key(s, 16)
    )
    .unwrap());
    check!(v, "Schwaemm256_256", |s| Schwaemm256_256::new_from_slice(
        &key(s, 32)
    )
    .unwrap());
    check!(v, "Esch256", |s| fed(Esch256::default(), s));
    check!(v, "Esch384", |s| fed(Esch384::default(), s));
    check!(v, "XoEsch256", |s| fed(XoEsch256::default(), s));
    check!(v, "XoEsch384Reader", |s| fed(XoEsch384::default(), s)
        .finalize_xof());
    run_all(v);
}

#[cfg(feature = "lemac")]
#[test]
fn lemac_states_are_wiped() {
    use digest::{KeyInit, Mac};
    use lwc_lemac::*;
    let mut v = Vec::new();
    check!(v, "LeMac (key only)", |s| {
        <LeMac as KeyInit>::new_from_slice(&key(s, 16)).unwrap()
    });
    check!(v, "LeMac (key + message)", |s| {
        let mut m = <LeMac as KeyInit>::new_from_slice(&key(s, 16)).unwrap();
        Mac::update(&mut m, &msg(s));
        m
    });
    check!(v, "PetitMac", |s| {
        let mut m = PetitMac::new_with_nonce(&key(s, 16).try_into().unwrap(), &[7; 16]);
        Mac::update(&mut m, &msg(s));
        m
    });
    run_all(v);
}

/// The `ZeroizeOnDrop` marker is present on the public secret-holding types.
#[test]
fn zeroize_on_drop_markers() {
    #[allow(dead_code)]
    fn marker<T: digest::zeroize::ZeroizeOnDrop>() {}
    #[cfg(feature = "keccak")]
    {
        use lwc_keccak::*;
        marker::<Kmac128>();
        marker::<Kmac256>();
        marker::<Sha3_256>();
        marker::<Shake128>();
        marker::<CShake256>();
        marker::<TurboShake128>();
        marker::<Kt128>();
        marker::<TupleHash128>();
        marker::<ParallelHash256>();
    }
    #[cfg(feature = "ascon")]
    {
        use lwc_ascon::*;
        marker::<AsconAead128>();
        marker::<MaskedAsconAead128>();
        marker::<v12::Ascon80pq>();
        marker::<AsconHash256>();
        marker::<AsconXof128>();
        marker::<v12::AsconMac>();
        marker::<v13::AsconPrfShort>();
    }
    #[cfg(feature = "sparkle")]
    {
        use lwc_sparkle::*;
        marker::<Schwaemm256_128>();
        marker::<Esch256>();
        marker::<XoEsch256>();
    }
    #[cfg(feature = "lemac")]
    {
        marker::<lwc_lemac::LeMac>();
        marker::<lwc_lemac::PetitMac>();
    }
}

/// Negative control: the check flags a type that keeps its secret after the drop.
#[test]
fn check_detects_an_unwiped_state() {
    #[allow(dead_code)] // read only through its bytes
    struct Leaky([u64; 4]);
    impl Debug for Leaky {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.debug_struct("Leaky").finish_non_exhaustive()
        }
    }
    let r = check_wiped("Leaky", |s| {
        let k = key(s, 32);
        Leaky(core::array::from_fn(|i| {
            u64::from_le_bytes(k[8 * i..8 * i + 8].try_into().unwrap())
        }))
    });
    assert!(
        r.unwrap_err().contains("4 of 4"),
        "the negative control was not detected"
    );
}
