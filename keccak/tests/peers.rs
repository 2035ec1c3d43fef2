//! lwc-keccak as a superset of RustCrypto's `sha3` 0.12.0, `shake` 0.1.0, `cshake` 0.2.1,
//! `turboshake` 0.7.1 and `k12` 0.5.1, checked against those crates at run time (dev-dependencies
//! renamed `*-rc`; `k12` under its own name): `AlgorithmName` and `Debug` text of every type and
//! reader, `SerializableState` bytes both ways, block/output sizes and `CollisionResistance`,
//! the trait set of each RustCrypto type (as bounds), every root name of the five crates at our
//! root, and outputs (including both KT customization types).

use core::fmt;

use digest::{
    CollisionResistance, Digest, ExtendableOutput, ExtendableOutputReset, FixedOutput,
    FixedOutputReset, HashMarker, OutputSizeUser, Reset, Update, XofReader,
    common::{AlgorithmName, BlockSizeUser, hazmat::SerializableState},
    typenum::Unsigned,
};

/// `AlgorithmName` as a string.
struct Name<T>(core::marker::PhantomData<T>);

impl<T: AlgorithmName> fmt::Display for Name<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::write_alg_name(f)
    }
}

fn alg<T: AlgorithmName>() -> String {
    Name::<T>(core::marker::PhantomData).to_string()
}

fn dbg<T: fmt::Debug>(t: &T) -> String {
    format!("{t:?}")
}

fn ramp(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7 + 3) as u8).collect()
}

// ---- fixed-output hashes (sha3) ----------------------------------------------------------------

/// Every trait `sha3` 0.12's types implement (with the `oid` and `zeroize` features where they
/// apply); `Digest` comes from the blanket impl.
fn sha3_traits<T>()
where
    T: Clone
        + Default
        + Reset
        + HashMarker
        + Update
        + BlockSizeUser
        + OutputSizeUser
        + FixedOutput
        + FixedOutputReset
        + AlgorithmName
        + SerializableState
        + fmt::Debug
        + Digest
        + Send
        + Sync
        + Unpin
        + core::panic::UnwindSafe
        + core::panic::RefUnwindSafe,
{
}

/// Names, `Debug`, sizes, and serialized states both ways, at lengths around the rate.
fn fixed_pair<A, B>()
where
    A: Digest
        + Default
        + Update
        + FixedOutput
        + SerializableState
        + AlgorithmName
        + BlockSizeUser
        + OutputSizeUser
        + fmt::Debug
        + Clone,
    B: Digest
        + Default
        + Update
        + FixedOutput
        + SerializableState
        + AlgorithmName
        + BlockSizeUser
        + OutputSizeUser
        + fmt::Debug
        + Clone,
{
    assert_eq!(alg::<A>(), alg::<B>());
    assert_eq!(dbg(&A::default()), dbg(&B::default()));
    assert_eq!(A::BlockSize::USIZE, B::BlockSize::USIZE);
    assert_eq!(
        <A as OutputSizeUser>::OutputSize::USIZE,
        <B as OutputSizeUser>::OutputSize::USIZE
    );
    assert_eq!(A::SerializedStateSize::USIZE, B::SerializedStateSize::USIZE);
    let rate = A::BlockSize::USIZE;
    for len in [0, 1, 7, 8, 9, rate - 1, rate, rate + 1, 2 * rate + 5] {
        let m = ramp(len);
        let mut a = A::default();
        Update::update(&mut a, &m);
        let mut b = B::default();
        Update::update(&mut b, &m);
        let sa = a.serialize();
        let sb = b.serialize();
        assert_eq!(
            sa[..],
            sb[..],
            "{} serialized state, {len} bytes",
            alg::<A>()
        );
        // Ours read by theirs and theirs read by ours, then both continue.
        let mut b2 = B::deserialize(sb.as_slice().try_into().unwrap()).unwrap();
        let mut a2 = A::deserialize(sa.as_slice().try_into().unwrap()).unwrap();
        let mut b_from_a = B::deserialize(sa.as_slice().try_into().unwrap()).unwrap();
        let mut a_from_b = A::deserialize(sb.as_slice().try_into().unwrap()).unwrap();
        Update::update(&mut a2, b"tail");
        Update::update(&mut a_from_b, b"tail");
        Update::update(&mut b2, b"tail");
        Update::update(&mut b_from_a, b"tail");
        let want = b2.finalize_fixed();
        assert_eq!(a2.finalize_fixed()[..], want[..]);
        assert_eq!(a_from_b.finalize_fixed()[..], want[..]);
        assert_eq!(b_from_a.finalize_fixed()[..], want[..]);
    }
}

/// Both sides of a pair: the bounds hold for RustCrypto's type (so they are its traits) and ours.
macro_rules! both {
    ($f:ident: $($a:ty, $b:ty;)*) => {$(
        $f::<$a>();
        $f::<$b>();
    )*};
}

#[test]
fn sha3_types() {
    both!(sha3_traits:
        lwc_keccak::Sha3_224, sha3_rc::Sha3_224;
        lwc_keccak::Sha3_256, sha3_rc::Sha3_256;
        lwc_keccak::Sha3_384, sha3_rc::Sha3_384;
        lwc_keccak::Sha3_512, sha3_rc::Sha3_512;
        lwc_keccak::Keccak224, sha3_rc::Keccak224;
        lwc_keccak::Keccak256, sha3_rc::Keccak256;
        lwc_keccak::Keccak384, sha3_rc::Keccak384;
        lwc_keccak::Keccak512, sha3_rc::Keccak512;
        lwc_keccak::Keccak256Full, sha3_rc::Keccak256Full;
    );
    fixed_pair::<lwc_keccak::Sha3_224, sha3_rc::Sha3_224>();
    fixed_pair::<lwc_keccak::Sha3_256, sha3_rc::Sha3_256>();
    fixed_pair::<lwc_keccak::Sha3_384, sha3_rc::Sha3_384>();
    fixed_pair::<lwc_keccak::Sha3_512, sha3_rc::Sha3_512>();
    fixed_pair::<lwc_keccak::Keccak224, sha3_rc::Keccak224>();
    fixed_pair::<lwc_keccak::Keccak256, sha3_rc::Keccak256>();
    fixed_pair::<lwc_keccak::Keccak384, sha3_rc::Keccak384>();
    fixed_pair::<lwc_keccak::Keccak512, sha3_rc::Keccak512>();
    fixed_pair::<lwc_keccak::Keccak256Full, sha3_rc::Keccak256Full>();
}

/// `batch` on a single message (hashed in one call of the backend, the state in registers where
/// it can be) against RustCrypto's `Digest::digest`, at every length up to two blocks and a half.
#[test]
fn single_message_batches_match_sha3() {
    macro_rules! single {
        ($($f:ident: $peer:ident, $n:literal;)*) => {$({
            let rate = <sha3_rc::$peer as BlockSizeUser>::BlockSize::USIZE;
            let m = ramp(2 * rate + rate / 2);
            for len in 0..m.len() {
                let mut out = [[0u8; $n]];
                lwc_keccak::batch::$f(&[&m[..len]], &mut out).unwrap();
                assert_eq!(
                    out[0][..],
                    <sha3_rc::$peer as Digest>::digest(&m[..len])[..],
                    "{} of {len} bytes", stringify!($f)
                );
            }
        })*};
    }
    single!(sha3_256: Sha3_256, 32; keccak256: Keccak256, 32;);
}

#[cfg(feature = "oid")]
#[test]
fn sha3_oids() {
    use digest::const_oid::AssociatedOid;
    assert_eq!(lwc_keccak::Sha3_224::OID, sha3_rc::Sha3_224::OID);
    assert_eq!(lwc_keccak::Sha3_256::OID, sha3_rc::Sha3_256::OID);
    assert_eq!(lwc_keccak::Sha3_384::OID, sha3_rc::Sha3_384::OID);
    assert_eq!(lwc_keccak::Sha3_512::OID, sha3_rc::Sha3_512::OID);
}

#[test]
fn deserialize_rejects_what_sha3_rejects() {
    // The position byte must be below the rate (sponge-cursor's check).
    let mut s = lwc_keccak::Sha3_256::default().serialize();
    for pos in [135u8, 136, 200, 255] {
        s[200] = pos;
        let ours = lwc_keccak::Sha3_256::deserialize(&s).is_ok();
        let theirs = sha3_rc::Sha3_256::deserialize(s.as_slice().try_into().unwrap()).is_ok();
        assert_eq!(ours, theirs, "position {pos}");
    }
}

// ---- XOFs ---------------------------------------------------------------------------------------

/// The traits of `shake`'s `Shake<RATE>` and `turboshake`'s `TurboShake<RATE, DS>` and `k12`'s
/// `Kt<RATE>` / `CustomKt<RATE>` (all have `Reset` and `ExtendableOutputReset`).
fn xof_reset_traits<T>()
where
    T: Clone
        + Default
        + HashMarker
        + Update
        + Reset
        + ExtendableOutput
        + ExtendableOutputReset
        + AlgorithmName
        + CollisionResistance
        + fmt::Debug
        + Send
        + Sync
        + Unpin
        + core::panic::UnwindSafe
        + core::panic::RefUnwindSafe,
    T::Reader: Clone + XofReader + fmt::Debug + Send + Sync + Unpin + core::panic::UnwindSafe,
{
}

/// Names, `Debug` of hasher and reader, `CollisionResistance`, and outputs (streamed in odd
/// pieces) at lengths around the rate and around KT's 8192-byte chunks.
fn xof_pair<A, B>(a0: impl Fn() -> A, b0: impl Fn() -> B, rate: usize)
where
    A: Update + ExtendableOutput + AlgorithmName + CollisionResistance + fmt::Debug,
    B: Update + ExtendableOutput + AlgorithmName + CollisionResistance + fmt::Debug,
    A::Reader: fmt::Debug,
    B::Reader: fmt::Debug,
{
    assert_eq!(alg::<A>(), alg::<B>());
    assert_eq!(dbg(&a0()), dbg(&b0()));
    assert_eq!(A::CollisionResistance::USIZE, B::CollisionResistance::USIZE);
    assert_eq!(dbg(&a0().finalize_xof()), dbg(&b0().finalize_xof()));
    xof_outputs(a0, b0, rate);
}

/// Outputs only (for our extra types against the RustCrypto type they hash as).
fn xof_outputs<A, B>(a0: impl Fn() -> A, b0: impl Fn() -> B, rate: usize)
where
    A: Update + ExtendableOutput + AlgorithmName,
    B: Update + ExtendableOutput,
{
    let mut lens = vec![0, 1, rate - 1, rate, rate + 1, 3 * rate + 2];
    lens.extend([8191, 8192, 8193, 4 * 8192 + 17]);
    for len in lens {
        let m = ramp(len);
        let mut a = a0();
        for piece in m.chunks(1000) {
            a.update(piece);
        }
        let mut b = b0();
        b.update(&m);
        let (mut ra, mut rb) = (a.finalize_xof(), b.finalize_xof());
        let (mut oa, mut ob) = (vec![0u8; 2 * rate + 3], vec![0u8; 2 * rate + 3]);
        ra.read(&mut oa[..5]);
        ra.read(&mut oa[5..]);
        rb.read(&mut ob);
        assert_eq!(oa, ob, "{} on {len} bytes", alg::<A>());
    }
}

#[test]
fn shake_types() {
    both!(xof_reset_traits:
        lwc_keccak::Shake128, shake_rc::Shake128;
        lwc_keccak::Shake256, shake_rc::Shake256;
    );
    xof_pair(
        lwc_keccak::Shake128::default,
        shake_rc::Shake128::default,
        168,
    );
    xof_pair(
        lwc_keccak::Shake256::default,
        shake_rc::Shake256::default,
        136,
    );
}

#[test]
fn cshake_types() {
    use digest::CustomizedInit;
    fn cshake_traits<T>()
    where
        T: Clone
            + Default
            + CustomizedInit
            + HashMarker
            + Update
            + ExtendableOutput
            + AlgorithmName
            + CollisionResistance
            + fmt::Debug
            + Send
            + Sync,
        T::Reader: Clone + XofReader + fmt::Debug + Send + Sync,
    {
    }
    both!(cshake_traits:
        lwc_keccak::CShake128, cshake_rc::CShake128;
        lwc_keccak::CShake256, cshake_rc::CShake256;
    );
    xof_pair(
        lwc_keccak::CShake128::default,
        cshake_rc::CShake128::default,
        168,
    );
    xof_pair(
        lwc_keccak::CShake256::default,
        cshake_rc::CShake256::default,
        136,
    );
    for (n, s) in [
        (&b""[..], &b"S"[..]),
        (b"N", b""),
        (b"KMAC", &[7u8; 300][..]),
    ] {
        xof_pair(
            || lwc_keccak::CShake128::new_with_function_name(n, s),
            || cshake_rc::CShake128::new_with_function_name(n, s),
            168,
        );
        xof_pair(
            || lwc_keccak::CShake256::new_customized(s),
            || cshake_rc::CShake256::new_customized(s),
            136,
        );
    }
}

#[test]
fn turboshake_types() {
    use lwc_keccak::{CTurboShake128, CTurboShake256, TurboShake, TurboShake128, TurboShake256};
    both!(xof_reset_traits:
        TurboShake128, turboshake_rc::TurboShake128;
        TurboShake256, turboshake_rc::TurboShake256;
        CTurboShake128<0x0B>, turboshake_rc::CTurboShake128<0x0B>;
        TurboShake<136, 0x06>, turboshake_rc::TurboShake<136, 0x06>;
    );
    xof_reset_traits::<lwc_keccak::DynTurboShake128>();
    // The same types, as in `turboshake`: the aliases name `TurboShake<RATE, DS>`.
    let _: TurboShake<168, 0x1F> = TurboShake128::default();
    let _: TurboShake<136, 0x06> = CTurboShake256::<0x06>::default();
    let _: TurboShake<168> = CTurboShake128::<{ lwc_keccak::DEFAULT_DS }>::default();
    assert_eq!(lwc_keccak::DEFAULT_DS, turboshake_rc::DEFAULT_DS);
    xof_pair(
        TurboShake128::default,
        turboshake_rc::TurboShake128::default,
        168,
    );
    xof_pair(
        TurboShake256::default,
        turboshake_rc::TurboShake256::default,
        136,
    );
    xof_pair(
        CTurboShake128::<0x01>::default,
        turboshake_rc::CTurboShake128::<0x01>::default,
        168,
    );
    xof_pair(
        CTurboShake256::<0x7F>::default,
        turboshake_rc::CTurboShake256::<0x7F>::default,
        136,
    );
    xof_outputs(
        || TurboShake128::new(0x0B).unwrap(),
        turboshake_rc::CTurboShake128::<0x0B>::default,
        168,
    );
    assert_eq!(alg::<lwc_keccak::DynTurboShake256>(), "TurboSHAKE256");
    assert!(TurboShake256::new(0x80).is_err());
}

#[test]
fn k12_types() {
    use digest::CustomizedInit;
    both!(xof_reset_traits:
        lwc_keccak::Kt128, k12::Kt128;
        lwc_keccak::Kt256, k12::Kt256;
        lwc_keccak::CustomKt128, k12::CustomKt128;
        lwc_keccak::CustomKt256, k12::CustomKt256;
        lwc_keccak::CustomRefKt128<'static>, k12::CustomRefKt128<'static>;
        lwc_keccak::custom::CustomRefKt256<'static>, k12::custom::CustomRefKt256<'static>;
        lwc_keccak::Kt<168>, k12::Kt<168>;
        lwc_keccak::custom::CustomKt<136>, k12::custom::CustomKt<136>;
    );
    let _: fn(&[u8]) -> lwc_keccak::CustomKt128 =
        <lwc_keccak::CustomKt128 as CustomizedInit>::new_customized;
    xof_pair(lwc_keccak::Kt128::default, k12::Kt128::default, 168);
    xof_pair(lwc_keccak::Kt256::default, k12::Kt256::default, 136);
    xof_pair(
        lwc_keccak::CustomRefKt128::default,
        k12::CustomRefKt128::default,
        168,
    );
    xof_pair(
        lwc_keccak::CustomKt256::default,
        k12::CustomKt256::default,
        136,
    );
    for c in [ramp(0), ramp(1), ramp(200), ramp(9000)] {
        xof_pair(
            || lwc_keccak::CustomRefKt128::new_customized(&c),
            || k12::CustomRefKt128::new_customized(&c),
            168,
        );
        xof_pair(
            || lwc_keccak::CustomRefKt256::new_customized(&c),
            || k12::CustomRefKt256::new_customized(&c),
            136,
        );
        xof_pair(
            || lwc_keccak::CustomKt128::new_customized(&c),
            || k12::CustomKt128::new_customized(&c),
            168,
        );
        xof_pair(
            || lwc_keccak::custom::CustomKt256::new_customized(&c),
            || k12::custom::CustomKt256::new_customized(&c),
            136,
        );
        // Our extra: `Kt` itself takes a customization string, as `CustomKt`.
        xof_outputs(
            || lwc_keccak::Kt128::new_customized(&c),
            || k12::CustomKt128::new_customized(&c),
            168,
        );
    }
    // Reset keeps the customization string, as in `k12`.
    let c = ramp(30);
    let mut a = lwc_keccak::CustomRefKt128::new_customized(&c);
    let mut b = k12::CustomRefKt128::new_customized(&c);
    a.update(b"x");
    b.update(b"x");
    let (mut oa, mut ob) = ([0u8; 40], [0u8; 40]);
    a.finalize_xof_reset().read(&mut oa);
    b.finalize_xof_reset().read(&mut ob);
    assert_eq!(oa, ob);
    a.update(b"y");
    b.update(b"y");
    a.finalize_xof().read(&mut oa);
    b.finalize_xof().read(&mut ob);
    assert_eq!(oa, ob);
}

// ---- root names ---------------------------------------------------------------------------------

/// Every public root name of the five crates resolves at our root (a compile-time check; the
/// `use` lines are those crates' full root listings).
#[test]
fn root_names() {
    #[allow(unused_imports)]
    mod sha3_names {
        use lwc_keccak::{
            Digest, Keccak224, Keccak256, Keccak256Full, Keccak384, Keccak512, Sha3_224, Sha3_256,
            Sha3_384, Sha3_512, digest,
        };
    }
    #[allow(unused_imports)]
    mod shake_names {
        use lwc_keccak::{
            ExtendableOutput, Shake, Shake128, Shake128Reader, Shake256, Shake256Reader,
            ShakeReader, Update, XofReader, digest,
        };
    }
    #[allow(unused_imports)]
    mod cshake_names {
        use lwc_keccak::{
            CShake, CShake128, CShake128Reader, CShake256, CShake256Reader, CShakeReader, digest,
        };
    }
    #[allow(unused_imports)]
    mod turboshake_names {
        use lwc_keccak::{
            CTurboShake128, CTurboShake256, DEFAULT_DS, TurboShake, TurboShake128,
            TurboShake128Reader, TurboShake256, TurboShake256Reader, TurboShakeReader, digest,
        };
    }
    #[allow(unused_imports)]
    mod k12_custom_names {
        use lwc_keccak::custom::{
            CustomKt, CustomKt128, CustomKt256, CustomRefKt, CustomRefKt128, CustomRefKt256,
        };
    }
    #[allow(unused_imports)]
    mod k12_names {
        use lwc_keccak::{
            CustomKt, CustomKt128, CustomKt256, CustomRefKt, CustomRefKt128, CustomRefKt256,
            ExtendableOutput, Kt, Kt128, Kt128Reader, Kt256, Kt256Reader, KtReader, Update,
            XofReader, custom, digest,
        };
    }
    // The readers are the same types as the aliases.
    let _: lwc_keccak::TurboShakeReader<168> = lwc_keccak::TurboShake128::default().finalize_xof();
    let _: lwc_keccak::KtReader<136> = lwc_keccak::CustomRefKt256::default().finalize_xof();
    let _: lwc_keccak::Kt128Reader = lwc_keccak::CustomKt128::default().finalize_xof();
}

/// With the `zeroize` feature every type that is `ZeroizeOnDrop` in the RustCrypto crates (all
/// hashers; the TurboSHAKE and KT readers) is here too (and so are all our readers).
#[cfg(feature = "zeroize")]
#[test]
fn zeroize_on_drop() {
    use digest::zeroize::ZeroizeOnDrop;
    fn z<T: ZeroizeOnDrop>() {}
    z::<lwc_keccak::Sha3_256>();
    z::<lwc_keccak::Keccak256Full>();
    z::<lwc_keccak::Shake128>();
    z::<lwc_keccak::Shake128Reader>();
    z::<lwc_keccak::CShake256>();
    z::<lwc_keccak::CShake256Reader>();
    z::<lwc_keccak::TurboShake128>();
    z::<lwc_keccak::CTurboShake256<0x06>>();
    z::<lwc_keccak::TurboShake256Reader>();
    z::<lwc_keccak::Kt128>();
    z::<lwc_keccak::Kt256Reader>();
    z::<lwc_keccak::CustomRefKt128<'static>>();
    z::<lwc_keccak::CustomKt256>();
}
