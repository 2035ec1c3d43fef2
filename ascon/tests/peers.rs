//! Against the current RustCrypto crates this one replaces, `ascon-hash256` 0.1.0 and
//! `ascon-xof128` 0.2.1 (dev-dependencies `ascon-hash256-rc`, `ascon-xof128-rc`): serialized
//! states are the same bytes and move both ways, `hmac::Hmac<AsconHash256>` and
//! `hkdf::Hkdf<AsconHash256>` give the same outputs over either crate's hash, and the names,
//! `AlgorithmName` strings and `Debug` text agree. Every expected value comes from the peer crate.

use ascon_hash256_rc as rc_hash;
use ascon_xof128_rc as rc_xof;
use digest::common::{AlgorithmName, hazmat::SerializableState};
use lwc_ascon::{AsconCxof128, AsconHash256, AsconXof128};
use lwc_ascon::{Digest, ExtendableOutput, TryCustomizedInit, Update, XofReader};

/// A deterministic byte stream (xorshift64*): inputs only, never expected values.
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn take(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// Messages of every length up to 80 bytes, each split at every point up to 17 and a random one.
fn cases(seed: u64) -> impl Iterator<Item = (Vec<u8>, usize)> {
    let mut r = Bytes(seed);
    (0..80usize).flat_map(move |len| {
        let m = r.take(len);
        let extra = (r.next() as usize) % (len + 1);
        (0..=len.min(17))
            .chain([extra])
            .map(move |k| (m.clone(), k))
            .collect::<Vec<_>>()
    })
}

fn xof_out<R: XofReader>(mut r: R) -> [u8; 40] {
    let mut o = [0u8; 40];
    r.read(&mut o);
    o
}

#[test]
fn hash256_states_move_both_ways() {
    for (m, k) in cases(1) {
        let (a, b) = m.split_at(k);
        let full = rc_hash::AsconHash256::digest(&m);

        let mut theirs = rc_hash::AsconHash256::new();
        Digest::update(&mut theirs, a);
        let mut ours = AsconHash256::new();
        Digest::update(&mut ours, a);
        let st = theirs.serialize();
        assert_eq!(
            ours.serialize()[..],
            st[..],
            "same bytes, {} at {k}",
            m.len()
        );

        // Theirs -> ours.
        let mut resumed = AsconHash256::deserialize(&st[..].try_into().unwrap()).unwrap();
        Digest::update(&mut resumed, b);
        assert_eq!(resumed.finalize()[..], full[..], "theirs -> ours");

        // Ours -> theirs.
        let st = ours.serialize();
        let mut resumed = rc_hash::AsconHash256::deserialize(&st[..].try_into().unwrap()).unwrap();
        Digest::update(&mut resumed, b);
        assert_eq!(resumed.finalize()[..], full[..], "ours -> theirs");
    }
}

#[test]
fn xof128_states_move_both_ways() {
    for (m, k) in cases(2) {
        let (a, b) = m.split_at(k);
        let mut whole = rc_xof::AsconXof128::default();
        whole.update(&m);
        let want = xof_out(whole.finalize_xof());

        let mut theirs = rc_xof::AsconXof128::default();
        theirs.update(a);
        let mut ours = AsconXof128::default();
        ours.update(a);
        let st = theirs.serialize();
        assert_eq!(
            ours.serialize()[..],
            st[..],
            "same bytes, {} at {k}",
            m.len()
        );

        let mut resumed = AsconXof128::deserialize(&st[..].try_into().unwrap()).unwrap();
        resumed.update(b);
        assert_eq!(xof_out(resumed.finalize_xof()), want, "theirs -> ours");

        let st = ours.serialize();
        let mut resumed = rc_xof::AsconXof128::deserialize(&st[..].try_into().unwrap()).unwrap();
        resumed.update(b);
        assert_eq!(xof_out(resumed.finalize_xof()), want, "ours -> theirs");
    }
}

#[test]
fn cxof128_states_move_both_ways() {
    let mut r = Bytes(3);
    for (m, k) in cases(4) {
        let custom = r.take(m.len() % 20);
        let (a, b) = m.split_at(k);
        let mut whole = rc_xof::AsconCxof128::try_new_customized(&custom).unwrap();
        whole.update(&m);
        let want = xof_out(whole.finalize_xof());

        let mut theirs = rc_xof::AsconCxof128::try_new_customized(&custom).unwrap();
        theirs.update(a);
        let mut ours = AsconCxof128::try_new_customized(&custom).unwrap();
        ours.update(a);
        let st = theirs.serialize();
        assert_eq!(
            ours.serialize()[..],
            st[..],
            "same bytes, {} at {k}",
            m.len()
        );

        let mut resumed = AsconCxof128::deserialize(&st[..].try_into().unwrap()).unwrap();
        resumed.update(b);
        assert_eq!(
            xof_out(resumed.clone().finalize_xof()),
            want,
            "theirs -> ours"
        );
        // A restored hasher resets to the state it was restored at.
        digest::Reset::reset(&mut resumed);
        resumed.update(b);
        assert_eq!(xof_out(resumed.finalize_xof()), want, "reset after restore");

        let st = ours.serialize();
        let mut resumed = rc_xof::AsconCxof128::deserialize(&st[..].try_into().unwrap()).unwrap();
        resumed.update(b);
        assert_eq!(xof_out(resumed.finalize_xof()), want, "ours -> theirs");
    }
}

#[test]
fn hmac_and_hkdf_over_ascon_hash256_match() {
    use hmac::{Hmac, KeyInit, Mac};
    let mut r = Bytes(5);
    for len in [0usize, 1, 7, 8, 9, 31, 32, 33, 64, 100] {
        let key = r.take(len);
        let msg = r.take(3 * len + 1);

        let mut ours = Hmac::<AsconHash256>::new_from_slice(&key).unwrap();
        Mac::update(&mut ours, &msg);
        let mut theirs = Hmac::<rc_hash::AsconHash256>::new_from_slice(&key).unwrap();
        Mac::update(&mut theirs, &msg);
        let tag = theirs.finalize().into_bytes();
        assert_eq!(
            ours.clone().finalize().into_bytes()[..],
            tag[..],
            "HMAC, key {len}"
        );
        assert!(ours.verify_slice(&tag).is_ok());

        let salt = r.take(len / 2);
        let info = r.take(len % 5);
        let (prk_ours, hk_ours) = hkdf::Hkdf::<AsconHash256>::extract(Some(&salt), &key);
        let (prk_theirs, hk_theirs) =
            hkdf::Hkdf::<rc_hash::AsconHash256>::extract(Some(&salt), &key);
        assert_eq!(prk_ours[..], prk_theirs[..], "HKDF-Extract, {len}");
        let (mut o1, mut o2) = ([0u8; 100], [0u8; 100]);
        hk_ours.expand(&info, &mut o1).unwrap();
        hk_theirs.expand(&info, &mut o2).unwrap();
        assert_eq!(o1, o2, "HKDF-Expand, {len}");
    }
}

#[test]
fn block_api_core_matches() {
    use lwc_ascon::block_api::AsconHash256Core;
    use lwc_ascon::digest::block_api::{CoreProxy, EagerHash};

    fn eager<H: EagerHash>() {}
    eager::<AsconHash256>();

    let mut r = Bytes(6);
    for len in 0..40 {
        let m = r.take(len);
        let mut ours = AsconHash256::new();
        Digest::update(&mut ours, &m);
        let mut theirs = rc_hash::AsconHash256::new();
        Digest::update(&mut theirs, &m);
        let (core, buf) = ours.clone().decompose();
        let (their_core, their_buf) = theirs.decompose();
        assert_eq!(
            core.serialize()[..],
            their_core.serialize()[..],
            "core, {len}"
        );
        assert_eq!(buf.get_data(), their_buf.get_data(), "buffer, {len}");
        // Their core and buffer into ours.
        let restored = AsconHash256Core::deserialize(&their_core.serialize()).unwrap();
        let h = AsconHash256::compose(restored, their_buf);
        assert_eq!(h.finalize(), ours.finalize(), "compose, {len}");
    }
}

fn alg_name<T: AlgorithmName>() -> String {
    struct N<T>(core::marker::PhantomData<T>);
    impl<T: AlgorithmName> core::fmt::Display for N<T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            T::write_alg_name(f)
        }
    }
    N::<T>(core::marker::PhantomData).to_string()
}

#[test]
fn names_and_debug_match() {
    assert_eq!(
        alg_name::<AsconHash256>(),
        alg_name::<rc_hash::AsconHash256>()
    );
    assert_eq!(
        alg_name::<lwc_ascon::block_api::AsconHash256Core>(),
        alg_name::<rc_hash::block_api::AsconHash256Core>()
    );
    assert_eq!(alg_name::<AsconXof128>(), alg_name::<rc_xof::AsconXof128>());
    assert_eq!(
        alg_name::<AsconCxof128>(),
        alg_name::<rc_xof::AsconCxof128>()
    );
    assert_eq!(
        format!("{:?}", AsconHash256::new()),
        format!("{:?}", rc_hash::AsconHash256::new())
    );
    assert_eq!(
        format!("{:?}", AsconXof128::default()),
        format!("{:?}", rc_xof::AsconXof128::default())
    );
    let long = [0u8; 257];
    let (ours, theirs) = (
        AsconCxof128::try_new_customized(&long).unwrap_err(),
        rc_xof::AsconCxof128::try_new_customized(&long).unwrap_err(),
    );
    assert_eq!(ours.to_string(), theirs.to_string());
    assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
    assert!(AsconCxof128::try_new_customized(&long[..256]).is_ok());
}

/// Every root name of the three RustCrypto crates resolves at this crate's root, as the same
/// kind of item.
#[test]
fn root_names_of_the_three_crates() {
    // ascon-aead128 0.1.1
    use lwc_ascon::{
        AsconAead128, AsconAead128Key, AsconAead128Nonce, AsconAead128Tag, Error, Key, Nonce, Tag,
        aead,
    };
    // ascon-hash256 0.1.0
    use lwc_ascon::{block_api::AsconHash256Core, digest};
    // ascon-xof128 0.2.1
    use lwc_ascon::AsconXof128Reader;

    let _: Option<(AsconAead128Key, AsconAead128Nonce, AsconAead128Tag)> = None;
    type Parts = (Key<AsconAead128>, Nonce<AsconAead128>, Tag<AsconAead128>);
    let _: Option<(Parts, Error)> = None;
    let _: Option<(AsconHash256Core, AsconXof128Reader)> = None;
    let _ = <AsconAead128 as aead::KeyInit>::new(&[0u8; 16].into());
    let _ = AsconHash256::digest(b"");
    #[cfg(feature = "zeroize")]
    {
        use lwc_ascon::zeroize::Zeroize;
        let mut k = [1u8; 4];
        k.zeroize();
    }
    fn output_size<T: digest::OutputSizeUser<OutputSize = digest::consts::U32>>() {}
    output_size::<AsconXof128>();
    output_size::<AsconCxof128>();
}

/// The trait sets of RustCrypto's types (checked on theirs, so the lists are complete and right)
/// hold for ours.
#[test]
fn trait_sets_are_supersets() {
    use core::fmt::Debug;
    use core::hash::Hash;
    use digest::block_api::{BufferKindUser, CoreProxy, EagerHash, FixedOutputCore, UpdateCore};
    use digest::common::BlockSizeUser;
    use digest::consts::{U16, U32, U40, U41, U48};
    use digest::{
        CollisionResistance, ExtendableOutputReset, FixedOutput, FixedOutputReset, HashMarker,
        OutputSizeUser, Reset,
    };

    fn hash<T>()
    where
        T: Debug
            + BlockSizeUser
            + OutputSizeUser<OutputSize = U32>
            + CoreProxy
            + Update
            + FixedOutput
            + AlgorithmName
            + Default
            + Clone
            + HashMarker
            + Reset
            + FixedOutputReset
            + SerializableState<SerializedStateSize = U48>
            + EagerHash
            + Send
            + Sync,
    {
    }
    fn core<T>()
    where
        T: Clone
            + Debug
            + Default
            + HashMarker
            + BlockSizeUser
            + BufferKindUser<BufferKind = digest::block_api::Eager>
            + OutputSizeUser<OutputSize = U32>
            + UpdateCore
            + FixedOutputCore
            + Reset
            + AlgorithmName
            + SerializableState<SerializedStateSize = U40>,
    {
    }
    fn xof<T, R>()
    where
        T: Clone
            + Default
            + HashMarker
            + OutputSizeUser<OutputSize = U32>
            + CollisionResistance<CollisionResistance = U16>
            + Update
            + ExtendableOutput<Reader = R>
            + ExtendableOutputReset
            + Reset
            + AlgorithmName
            + Debug
            + SerializableState<SerializedStateSize = U41>,
        R: Clone + Debug + XofReader,
    {
    }
    fn cxof<T, R, E>()
    where
        T: Clone
            + Debug
            + TryCustomizedInit<Error = E>
            + HashMarker
            + OutputSizeUser<OutputSize = U32>
            + CollisionResistance<CollisionResistance = U16>
            + Update
            + ExtendableOutput<Reader = R>
            + AlgorithmName
            + SerializableState<SerializedStateSize = U41>,
        R: Clone + Debug + XofReader,
        E: Debug + Clone + Copy + PartialEq + Eq + Hash + core::fmt::Display + core::error::Error,
    {
    }
    hash::<rc_hash::AsconHash256>();
    hash::<AsconHash256>();
    core::<rc_hash::block_api::AsconHash256Core>();
    core::<lwc_ascon::block_api::AsconHash256Core>();
    xof::<rc_xof::AsconXof128, rc_xof::AsconXof128Reader>();
    xof::<AsconXof128, lwc_ascon::AsconXof128Reader>();
    cxof::<rc_xof::AsconCxof128, rc_xof::AsconXof128Reader, _>();
    cxof::<AsconCxof128, lwc_ascon::AsconXof128Reader, _>();

    #[cfg(feature = "zeroize")]
    {
        use lwc_ascon::zeroize::ZeroizeOnDrop;
        fn z<T: ZeroizeOnDrop>() {}
        z::<AsconHash256>();
        z::<lwc_ascon::block_api::AsconHash256Core>();
        z::<AsconXof128>();
        z::<AsconCxof128>();
        z::<lwc_ascon::AsconXof128Reader>();
    }

    // ascon-aead128's AsconAead128: KeySizeUser, KeyInit, AeadCore, AeadInOut, Debug.
    use lwc_ascon::aead::{AeadCore, AeadInOut, KeyInit, KeySizeUser};
    fn aead<T>()
    where
        T: KeySizeUser<KeySize = U16>
            + KeyInit
            + AeadCore<NonceSize = U16, TagSize = U16>
            + AeadInOut
            + Debug
            + Send
            + Sync,
    {
    }
    aead::<lwc_ascon::AsconAead128>();
}
