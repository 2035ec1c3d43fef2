//! The previous RustCrypto trait generation (features `digest-010`, `aead-05`) on the same types.
//!
//! Every check goes through functions generic over digest 0.10 / aead 0.5 bounds, the way a user's
//! generic code calls them:
//! * official spot vectors (ascon-c KAT files, `../shared/kat/ascon`, copied here as facts);
//! * on random inputs, agreement with the digest 0.11 / aead 0.6 path of the same type;
//! * on random inputs, agreement with RustCrypto's previous-generation crates `ascon-aead` 0.4 and
//!   `ascon-hash` 0.2 (Ascon v1.2), called through the SAME generic function as ours.

use aead05::{Aead as Aead05, AeadInPlace, KeyInit as AeadKeyInit05, Payload};
use digest010::{
    Digest as Digest010, DynDigest, ExtendableOutput, ExtendableOutputReset, KeyInit, Mac, Update,
    XofReader,
};
use hex_literal::hex;
use lwc_ascon::{
    AsconAead128, AsconCxof128, AsconHash256, AsconXof128, MaskedAsconAead128,
    TruncatedAsconAead128, v12, v13,
};

// ---------------------------------------------------------------------------------------------
// Generic functions against the previous generation's bounds.

/// Digest 0.10: one-shot, split updates, `finalize_reset` reuse and `DynDigest` must agree.
fn hash<D: Digest010 + digest010::FixedOutputReset + Clone + 'static>(msg: &[u8]) -> Vec<u8> {
    let one = D::digest(msg).to_vec();
    let mut h = D::new();
    let (a, b) = msg.split_at(msg.len() / 3);
    Digest010::update(&mut h, a);
    Digest010::update(&mut h, b);
    assert_eq!(h.finalize_reset().to_vec(), one, "split updates");
    Digest010::update(&mut h, msg);
    assert_eq!(h.finalize().to_vec(), one, "after finalize_reset");
    let mut dyn_h: Box<dyn DynDigest> = Box::new(D::new());
    dyn_h.update(msg);
    assert_eq!(dyn_h.finalize().to_vec(), one, "DynDigest");
    one
}

/// XOF 0.10: output read in uneven pieces; `finalize_xof_reset` reuse must agree.
fn xof<X: ExtendableOutput + ExtendableOutputReset + Update + Clone>(
    mut x: X,
    msg: &[u8],
    n: usize,
) -> Vec<u8> {
    let fresh = x.clone();
    x.update(msg);
    let mut out = vec![0u8; n];
    let mut r = x.finalize_xof_reset();
    let (a, b) = out.split_at_mut(n / 3);
    r.read(a);
    for chunk in b.chunks_mut(7) {
        r.read(chunk);
    }
    x.update(msg);
    let mut again = vec![0u8; n];
    x.finalize_xof().read(&mut again);
    assert_eq!(out, again, "after finalize_xof_reset");
    let mut once = vec![0u8; n];
    fresh.chain(msg).finalize_xof_into(&mut once);
    assert_eq!(out, once, "finalize_xof_into");
    out
}

fn xof_default<X: ExtendableOutput + ExtendableOutputReset + Update + Clone + Default>(
    msg: &[u8],
    n: usize,
) -> Vec<u8> {
    xof(X::default(), msg, n)
}

/// Mac 0.10: tag, `verify_slice`, a rejected wrong tag, a rejected wrong key length.
fn mac<M: Mac + KeyInit + digest010::FixedOutputReset + Clone>(key: &[u8], msg: &[u8]) -> Vec<u8> {
    assert!(<M as Mac>::new_from_slice(&key[1..]).is_err());
    let mut m = <M as Mac>::new_from_slice(key).unwrap();
    Mac::update(&mut m, msg);
    let tag = m.finalize_reset().into_bytes().to_vec();
    Mac::update(&mut m, msg);
    assert!(m.clone().verify_slice(&tag).is_ok());
    let mut bad = tag.clone();
    bad[0] ^= 1;
    assert!(m.verify_slice(&bad).is_err());
    tag
}

/// Keyed XOF (PRF) through crypto-common 0.1 `KeyInit` and digest 0.10 `ExtendableOutput`.
fn prf<P: KeyInit + ExtendableOutput + ExtendableOutputReset + Update + Clone>(
    key: &[u8],
    msg: &[u8],
    n: usize,
) -> Vec<u8> {
    xof(P::new_from_slice(key).unwrap(), msg, n)
}

/// aead 0.5 in place, detached: returns ciphertext || tag; checks the round trip, and that a
/// wrong tag gives `Err` and a zeroed buffer.
fn seal<A: AeadInPlace + AeadKeyInit05>(key: &[u8], nonce: &[u8], ad: &[u8], pt: &[u8]) -> Vec<u8> {
    let a = A::new_from_slice(key).unwrap();
    let nonce = aead05::Nonce::<A>::from_slice(nonce);
    let mut buf = pt.to_vec();
    let tag = a.encrypt_in_place_detached(nonce, ad, &mut buf).unwrap();
    let mut ct = buf.clone();
    ct.extend_from_slice(&tag);
    a.decrypt_in_place_detached(nonce, ad, &mut buf, &tag)
        .unwrap();
    assert_eq!(buf, pt, "round trip");
    let mut bad = tag.clone();
    bad[tag.len() - 1] ^= 0x80;
    let mut buf = ct[..pt.len()].to_vec();
    assert!(
        a.decrypt_in_place_detached(nonce, ad, &mut buf, &bad)
            .is_err()
    );
    assert!(buf.iter().all(|&b| b == 0), "buffer zeroed on failure");
    // The non-detached in-place form (Vec as aead 0.5 `Buffer`).
    let mut v = pt.to_vec();
    a.encrypt_in_place(nonce, ad, &mut v).unwrap();
    assert_eq!(v, ct, "encrypt_in_place");
    a.decrypt_in_place(nonce, ad, &mut v).unwrap();
    assert_eq!(v, pt, "decrypt_in_place");
    ct
}

/// aead 0.5 `Aead` (blanket over `AeadInPlace` with `alloc`).
fn seal_alloc<A: Aead05 + AeadKeyInit05>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    pt: &[u8],
) -> Vec<u8> {
    let a = A::new_from_slice(key).unwrap();
    let nonce = aead05::Nonce::<A>::from_slice(nonce);
    let ct = a.encrypt(nonce, Payload { msg: pt, aad: ad }).unwrap();
    assert_eq!(a.decrypt(nonce, Payload { msg: &ct, aad: ad }).unwrap(), pt);
    let mut bad = ct.clone();
    bad[0] ^= 1;
    assert!(a.decrypt(nonce, Payload { msg: &bad, aad: ad }).is_err());
    ct
}

// The current generation, for agreement.

fn hash11<D: digest::Digest>(msg: &[u8]) -> Vec<u8> {
    D::digest(msg).to_vec()
}

fn xof11<X: digest::ExtendableOutput + digest::Update + Default>(msg: &[u8], n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    X::default().chain(msg).finalize_xof_into(&mut out);
    out
}

fn seal11<A: aead::Aead + aead::KeyInit>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    pt: &[u8],
) -> Vec<u8> {
    let a = <A as aead::KeyInit>::new_from_slice(key).unwrap();
    let nonce = aead::Nonce::<A>::try_from(nonce).unwrap();
    aead::Aead::encrypt(&a, &nonce, aead::Payload { msg: pt, aad: ad }).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Spot vectors (ascon-c genkat files; `Count` in brackets).

fn seq(start: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| start.wrapping_add(i as u8)).collect()
}

#[test]
fn aead_spot_vectors() {
    let key = seq(0, 16);
    // sp800232_aead128.txt [1], [531], [18].
    let n = seq(0x10, 16);
    let ct = hex!("4F9C278211BEC9316BF68F46EE8B2EC6");
    assert_eq!(seal::<AsconAead128>(&key, &n, b"", b""), ct);
    assert_eq!(seal_alloc::<AsconAead128>(&key, &n, b"", b""), ct);
    let ct = hex!("30FCEFAD28275DF1A31E10C05795C7BA262BAB513A2B1149CD8F98E0A8D69CDE");
    assert_eq!(
        seal::<AsconAead128>(&key, &n, &seq(0x30, 2), &seq(0x20, 16)),
        ct
    );
    // The truncated form is the prefix of the full tag.
    assert_eq!(
        seal::<TruncatedAsconAead128<aead05::consts::U8>>(&key, &n, &seq(0x30, 2), &seq(0x20, 16)),
        ct[..24]
    );
    let ct = hex!("BD8851CD3AF9847844839A791DD70E8C");
    assert_eq!(seal::<AsconAead128>(&key, &n, &seq(0x30, 17), b""), ct);
    // v12_ascon128.txt, v12_ascon128a.txt, v12_ascon80pq.txt [1] and [531].
    let n = seq(0, 16);
    let (ad, pt) = (seq(0, 2), seq(0, 16));
    assert_eq!(
        seal::<v12::Ascon128>(&key, &n, b"", b""),
        hex!("E355159F292911F794CB1432A0103A8A")
    );
    assert_eq!(
        seal::<v12::Ascon128>(&key, &n, &ad, &pt),
        hex!("6E9F820D5468A0D476620F58650864F069895A94020C6CDCFA13D2AD695C8C83")
    );
    assert_eq!(
        seal::<v12::Ascon128a>(&key, &n, b"", b""),
        hex!("7A834E6F09210957067B10FD831F0078")
    );
    assert_eq!(
        seal_alloc::<v12::Ascon128a>(&key, &n, &ad, &pt),
        hex!("ABE4E02C2714C0BA4ABE67997F5B2A0790C89AB8188D97262BAFBEEBE729AB18")
    );
    let key20 = seq(0, 20);
    assert_eq!(
        seal::<v12::Ascon80pq>(&key20, &n, b"", b""),
        hex!("ABB688EFA0B9D56B33277A2C97D2146B")
    );
    assert_eq!(
        seal::<v12::Ascon80pq>(&key20, &n, &ad, &pt),
        hex!("623F4DD472C8FB52E694B10DD79A2204B5C5F7ED33D6E27F7F800389D99132B2")
    );
}

#[test]
fn hash_xof_spot_vectors() {
    // Count 18 of each file: the message is the 17 bytes 00..10.
    let m = seq(0, 17);
    assert_eq!(
        hash::<AsconHash256>(&m),
        hex!("F149E99DD0F429599BB89B8079BF3F4DCA3F298EFEFCF9B1EA16FE84F9B8B6E2")
    );
    assert_eq!(
        hash::<v12::AsconHash>(&m),
        hex!("91407CF08BC734CA4CAD88D6A848BF87045F56EE2DF51563B9BA59D66B489938")
    );
    assert_eq!(
        hash::<v12::AsconHasha>(&m),
        hex!("AC3C9C02679819CFC8A482ED6F57BEC790DC8054C5B4F55EECAC466844DD389B")
    );
    assert_eq!(
        xof_default::<AsconXof128>(&m, 64),
        hex!(
            "233AF64F97CA9BD97BAE06270571E57215C5CB5BA4038536C5C128DA1D3A379A"
            "E13DA3E54546A1499014CA03F2EEE10B7AA930FAA58A3994FD4BCC71F6CB1927"
        )
    );
    assert_eq!(
        xof_default::<v12::AsconXof>(&m, 32),
        hex!("604419F916E9EF78D037E624614FD5988185C6C2AA8AD9C4A35C4B9D9E15B360")
    );
    assert_eq!(
        xof_default::<v12::AsconXofa>(&m, 32),
        hex!("E559CDAF16DDD0C6E52EDE142B38A713A6A0456AE886A7CC10BAD63C554F2557")
    );
    // sp800232_cxof128.txt [18]: empty message, customization 10..20.
    let cx =
        <AsconCxof128 as digest::TryCustomizedInit>::try_new_customized(&seq(0x10, 17)).unwrap();
    assert_eq!(
        xof(cx, b"", 64),
        hex!(
            "F74D02F0215E2C5E71A89E2315A533F64843223A368DF68B0F2D3603BDBA664F"
            "2297ABD5EA4EDF25004D7C7E1093C53212EB7C231A6142AA9FBE3A74CFF7A378"
        )
    );
}

#[test]
fn mac_prf_spot_vectors() {
    let key = seq(0, 16);
    // Count 18: v12 messages 00..10, v13 messages 10..20.
    let (m12, m13) = (seq(0, 17), seq(0x10, 17));
    assert_eq!(
        mac::<v12::AsconMac>(&key, &m12),
        hex!("14B54FE404E4110951CB0BE8AB07518F")
    );
    assert_eq!(
        mac::<v12::AsconMaca>(&key, &m12),
        hex!("DA200812DEA28BC59338A3BE1B400620")
    );
    assert_eq!(
        mac::<v13::AsconMac>(&key, &m13),
        hex!("E002A492BAD3C8D67D21FB01D47C7D32")
    );
    assert_eq!(
        prf::<v12::AsconPrf>(&key, &m12, 16),
        hex!("72AF108017D004477DB3CACA1A9473AC")
    );
    assert_eq!(
        prf::<v12::AsconPrfa>(&key, &m12, 16),
        hex!("894016B8BA43CF534560B46910B80C65")
    );
    assert_eq!(
        prf::<v13::AsconPrf>(&key, &m13, 64),
        hex!(
            "92C55D005A708DFE30C73B891B8A6F09B53273C9637985941E988A47AC58BDFA"
            "C40FB0373F554F6C5D32230A5840DCA00965D469D990ECD1251470318431304A"
        )
    );
    // PrfShort through crypto-common 0.1 KeyInit ([5]: 4-byte message).
    fn short<P: KeyInit>(key: &[u8]) -> P {
        P::new_from_slice(key).unwrap()
    }
    let mut t = [0u8; 16];
    short::<v12::AsconPrfShort>(&key)
        .prf(&seq(0, 4), &mut t)
        .unwrap();
    assert_eq!(t, hex!("651C96648EE2922177E083642E62EE80"));
    short::<v13::AsconPrfShort>(&key)
        .prf(&seq(0x10, 4), &mut t)
        .unwrap();
    assert_eq!(t, hex!("4191F0BFB640092AD493627C1F313751"));
}

// ---------------------------------------------------------------------------------------------
// Random inputs.

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn lengths() -> impl Iterator<Item = usize> {
    let max = if cfg!(miri) { 3 } else { 90 };
    (0..=max).chain(if cfg!(miri) {
        vec![]
    } else {
        vec![255, 256, 257, 1000, 4099]
    })
}

#[test]
fn random_agreement_with_the_current_generation() {
    let mut r = Rng(1);
    for len in lengths() {
        let m = r.bytes(len);
        assert_eq!(
            hash::<AsconHash256>(&m),
            hash11::<AsconHash256>(&m),
            "Hash256 {len}"
        );
        assert_eq!(hash::<v12::AsconHash>(&m), hash11::<v12::AsconHash>(&m));
        assert_eq!(hash::<v12::AsconHasha>(&m), hash11::<v12::AsconHasha>(&m));
        let n = 1 + r.below(80);
        assert_eq!(
            xof_default::<AsconXof128>(&m, n),
            xof11::<AsconXof128>(&m, n)
        );
        assert_eq!(
            xof_default::<v12::AsconXof>(&m, n),
            xof11::<v12::AsconXof>(&m, n)
        );
        assert_eq!(
            xof_default::<v12::AsconXofa>(&m, n),
            xof11::<v12::AsconXofa>(&m, n)
        );

        let key = r.bytes(16);
        let mac11 = |m11: &mut dyn FnMut() -> Vec<u8>| m11();
        assert_eq!(
            mac::<v12::AsconMac>(&key, &m),
            mac11(&mut || {
                let mut x = <v12::AsconMac as digest::KeyInit>::new_from_slice(&key).unwrap();
                digest::Mac::update(&mut x, &m);
                digest::Mac::finalize(x).into_bytes().to_vec()
            })
        );
        assert_eq!(
            mac::<v12::AsconMaca>(&key, &m),
            mac11(&mut || {
                let mut x = <v12::AsconMaca as digest::KeyInit>::new_from_slice(&key).unwrap();
                digest::Mac::update(&mut x, &m);
                digest::Mac::finalize(x).into_bytes().to_vec()
            })
        );
        assert_eq!(
            mac::<v13::AsconMac>(&key, &m),
            mac11(&mut || {
                let mut x = <v13::AsconMac as digest::KeyInit>::new_from_slice(&key).unwrap();
                digest::Mac::update(&mut x, &m);
                digest::Mac::finalize(x).into_bytes().to_vec()
            })
        );
        let prf11 = |mut p: Box<dyn digest::XofReader>| {
            let mut o = vec![0u8; n];
            p.read(&mut o);
            o
        };
        macro_rules! prf_agree {
            ($t:ty) => {{
                let x = <$t as digest::KeyInit>::new_from_slice(&key).unwrap();
                let reader = digest::ExtendableOutput::finalize_xof(digest::Update::chain(x, &m));
                assert_eq!(
                    prf::<$t>(&key, &m, n),
                    prf11(Box::new(reader)),
                    stringify!($t)
                );
            }};
        }
        prf_agree!(v12::AsconPrf);
        prf_agree!(v12::AsconPrfa);
        prf_agree!(v13::AsconPrf);

        let cl = r.below(40);
        let custom = r.bytes(cl);
        let cx = <AsconCxof128 as digest::TryCustomizedInit>::try_new_customized(&custom).unwrap();
        let mut want = vec![0u8; n];
        digest::ExtendableOutput::finalize_xof_into(
            digest::Update::chain(cx.clone(), &m),
            &mut want,
        );
        assert_eq!(xof(cx, &m, n), want, "CXOF128 {len}");

        let nonce = r.bytes(16);
        let al = r.below(40);
        let ad = r.bytes(al);
        assert_eq!(
            seal::<AsconAead128>(&key, &nonce, &ad, &m),
            seal11::<AsconAead128>(&key, &nonce, &ad, &m)
        );
        assert_eq!(
            seal_alloc::<v12::Ascon128>(&key, &nonce, &ad, &m),
            seal11::<v12::Ascon128>(&key, &nonce, &ad, &m)
        );
        assert_eq!(
            seal::<v12::Ascon128a>(&key, &nonce, &ad, &m),
            seal11::<v12::Ascon128a>(&key, &nonce, &ad, &m)
        );
        let key20 = r.bytes(20);
        assert_eq!(
            seal::<v12::Ascon80pq>(&key20, &nonce, &ad, &m),
            seal11::<v12::Ascon80pq>(&key20, &nonce, &ad, &m)
        );
        type T4 = TruncatedAsconAead128<aead05::consts::U4>;
        type T13 = TruncatedAsconAead128<aead05::consts::U13>;
        assert_eq!(
            seal::<T4>(&key, &nonce, &ad, &m),
            seal11::<T4>(&key, &nonce, &ad, &m)
        );
        assert_eq!(
            seal::<T13>(&key, &nonce, &ad, &m),
            seal11::<T13>(&key, &nonce, &ad, &m)
        );
        let key32 = r.bytes(32);
        type M8 = MaskedAsconAead128<aead05::consts::U8>;
        let masked = seal::<MaskedAsconAead128>(&key32, &nonce, &ad, &m);
        assert_eq!(
            masked,
            seal11::<MaskedAsconAead128>(&key32, &nonce, &ad, &m)
        );
        assert_eq!(
            seal::<M8>(&key32, &nonce, &ad, &m),
            seal11::<M8>(&key32, &nonce, &ad, &m)
        );
        // Nonce masking by definition: Ascon-AEAD128 under K with nonce N ^ K2.
        let n2: Vec<u8> = nonce.iter().zip(&key32[16..]).map(|(a, b)| a ^ b).collect();
        assert_eq!(masked, seal::<AsconAead128>(&key32[..16], &n2, &ad, &m));
    }
}

#[test]
fn random_agreement_with_ascon_aead_04_and_ascon_hash_02() {
    let mut r = Rng(2);
    for len in lengths() {
        let m = r.bytes(len);
        // The same generic functions, instantiated with RustCrypto's v1.2 types.
        assert_eq!(
            hash::<v12::AsconHash>(&m),
            hash::<ascon_hash_v02::AsconHash>(&m),
            "Hash {len}"
        );
        assert_eq!(
            hash::<v12::AsconHasha>(&m),
            hash::<ascon_hash_v02::AsconAHash>(&m),
            "Hasha {len}"
        );
        let n = 1 + r.below(100);
        assert_eq!(
            xof_default::<v12::AsconXof>(&m, n),
            xof_default::<ascon_hash_v02::AsconXof>(&m, n),
            "Xof {len}"
        );
        assert_eq!(
            xof_default::<v12::AsconXofa>(&m, n),
            xof_default::<ascon_hash_v02::AsconAXof>(&m, n),
            "Xofa {len}"
        );
        let al = r.below(50);
        let (key, key20, nonce, ad) = (r.bytes(16), r.bytes(20), r.bytes(16), r.bytes(al));
        assert_eq!(
            seal::<v12::Ascon128>(&key, &nonce, &ad, &m),
            seal::<ascon_aead_v04::Ascon128>(&key, &nonce, &ad, &m),
            "Ascon-128 {len}"
        );
        assert_eq!(
            seal::<v12::Ascon128a>(&key, &nonce, &ad, &m),
            seal::<ascon_aead_v04::Ascon128a>(&key, &nonce, &ad, &m),
            "Ascon-128a {len}"
        );
        assert_eq!(
            seal_alloc::<v12::Ascon80pq>(&key20, &nonce, &ad, &m),
            seal_alloc::<ascon_aead_v04::Ascon80pq>(&key20, &nonce, &ad, &m),
            "Ascon-80pq {len}"
        );
    }
}

#[test]
fn generic_code_sees_the_same_sizes() {
    fn sizes<A: aead05::AeadCore + aead05::KeySizeUser>() -> (usize, usize, usize) {
        use aead05::generic_array::typenum::Unsigned;
        (A::KeySize::USIZE, A::NonceSize::USIZE, A::TagSize::USIZE)
    }
    assert_eq!(sizes::<AsconAead128>(), (16, 16, 16));
    assert_eq!(
        sizes::<TruncatedAsconAead128<aead05::consts::U4>>(),
        (16, 16, 4)
    );
    assert_eq!(sizes::<MaskedAsconAead128>(), (32, 16, 16));
    assert_eq!(sizes::<v12::Ascon80pq>(), (20, 16, 16));
    fn out<D: digest010::OutputSizeUser>() -> usize {
        use digest010::typenum::Unsigned;
        D::OutputSize::USIZE
    }
    assert_eq!(out::<AsconHash256>(), 32);
    assert_eq!(out::<v12::AsconMac>(), 16);
    fn block<D: digest010::crypto_common::BlockSizeUser>() -> usize {
        use digest010::typenum::Unsigned;
        D::BlockSize::USIZE
    }
    assert_eq!(block::<AsconHash256>(), 8);
    assert_eq!(block::<v12::AsconMaca>(), 40);
    // The re-exported crates are the ones the impls are for.
    use lwc_ascon::digest010 as reexported;
    fn via_reexport<D: reexported::MacMarker>() {}
    via_reexport::<v12::AsconMac>();
}
