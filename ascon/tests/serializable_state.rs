//! `SerializableState` on the unkeyed rate-8 hashes and XOFs, in the format of RustCrypto's
//! `ascon-hash` 0.4 (checked against it both ways), resuming to the official digests.

use digest::common::hazmat::SerializableState;
use digest::{Digest, ExtendableOutput, Update, XofReader};
use hex_literal::hex;
use lwc_ascon::{AsconHash256, AsconXof128, v12};

/// The message of `Count = 18` in every ascon-c hash KAT file: the 17 bytes 00..10.
fn msg18() -> Vec<u8> {
    (0u8..17).collect()
}

/// Absorbs `msg[..k]`, serializes, deserializes, absorbs the rest: for every split point the
/// result must be the official digest, and serialization must round-trip byte for byte.
fn resume_hash<D: Digest + SerializableState + Update>(msg: &[u8], want: &[u8]) {
    for k in 0..=msg.len() {
        let mut h = D::new();
        Digest::update(&mut h, &msg[..k]);
        let s = h.serialize();
        let mut back = D::deserialize(&s).expect("canonical state");
        assert_eq!(back.serialize(), s, "round trip at {k}");
        Digest::update(&mut back, &msg[k..]);
        assert_eq!(back.finalize().as_slice(), want, "resumed at {k}");
    }
}

fn resume_xof<X: Default + Update + ExtendableOutput + SerializableState>(msg: &[u8], want: &[u8]) {
    for k in 0..=msg.len() {
        let mut x = X::default();
        x.update(&msg[..k]);
        let s = x.serialize();
        let mut back = X::deserialize(&s).expect("canonical state");
        assert_eq!(back.serialize(), s, "round trip at {k}");
        back.update(&msg[k..]);
        let mut out = vec![0u8; want.len()];
        back.finalize_xof().read(&mut out);
        assert_eq!(out, want, "resumed at {k}");
    }
}

#[test]
fn deserialized_states_continue_to_the_official_digests() {
    let m = msg18();
    resume_hash::<AsconHash256>(
        &m,
        &hex!("F149E99DD0F429599BB89B8079BF3F4DCA3F298EFEFCF9B1EA16FE84F9B8B6E2"),
    );
    resume_hash::<v12::AsconHash>(
        &m,
        &hex!("91407CF08BC734CA4CAD88D6A848BF87045F56EE2DF51563B9BA59D66B489938"),
    );
    resume_hash::<v12::AsconHasha>(
        &m,
        &hex!("AC3C9C02679819CFC8A482ED6F57BEC790DC8054C5B4F55EECAC466844DD389B"),
    );
    resume_xof::<AsconXof128>(
        &m,
        &hex!(
            "233AF64F97CA9BD97BAE06270571E57215C5CB5BA4038536C5C128DA1D3A379A"
            "E13DA3E54546A1499014CA03F2EEE10B7AA930FAA58A3994FD4BCC71F6CB1927"
        ),
    );
    resume_xof::<v12::AsconXof>(
        &m,
        &hex!("604419F916E9EF78D037E624614FD5988185C6C2AA8AD9C4A35C4B9D9E15B360"),
    );
    resume_xof::<v12::AsconXofa>(
        &m,
        &hex!("E559CDAF16DDD0C6E52EDE142B38A713A6A0456AE886A7CC10BAD63C554F2557"),
    );
}

#[test]
fn the_initial_state_serializes_to_the_published_iv_words() {
    // Ascon-Hash256's precomputed initial state (SP 800-232), big endian, then an empty buffer.
    let s = AsconHash256::new().serialize();
    assert_eq!(
        s[..40],
        hex!(
            "9b1e5494e934d681 4bc3a01e333751d2 ae65396c6b34b81a 3c7fd4a4d56a4db3 1a5c464906c5976d"
        )
    );
    assert_eq!(s[40..], [0u8; 8]);
    let mut h = AsconHash256::new();
    Digest::update(&mut h, b"abc");
    let s = h.serialize();
    assert_eq!(s[40..], [3, b'a', b'b', b'c', 0, 0, 0, 0]);
}

#[test]
fn non_canonical_states_are_rejected() {
    let mut h = AsconHash256::new();
    Digest::update(&mut h, b"abc");
    let good = h.serialize();
    assert!(AsconHash256::deserialize(&good).is_ok());
    for pos in [8u8, 9, 200, 255] {
        let mut bad = good;
        bad[40] = pos;
        assert!(AsconHash256::deserialize(&bad).is_err(), "position {pos}");
        assert!(AsconXof128::deserialize(&bad).is_err(), "position {pos}");
    }
    for i in 44..48 {
        let mut bad = good;
        bad[i] = 1;
        assert!(AsconHash256::deserialize(&bad).is_err(), "garbage at {i}");
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

#[test]
fn states_move_between_lwc_ascon_and_ascon_hash_04() {
    let mut r = Rng(3);
    let n = if cfg!(miri) { 4 } else { 150 };
    for len in 0..n {
        let m = r.bytes(len);
        let k = (r.next() as usize) % (len + 1);
        let (a, b) = m.split_at(k);
        let full = ascon_hash::AsconHash256::digest(&m);

        // RustCrypto -> us.
        let mut theirs = ascon_hash::AsconHash256::new();
        Digest::update(&mut theirs, a);
        let st = theirs.serialize();
        let mut ours = AsconHash256::new();
        Digest::update(&mut ours, a);
        assert_eq!(
            ours.serialize().as_slice(),
            st.as_slice(),
            "same bytes, len {len} at {k}"
        );
        let mut resumed = AsconHash256::deserialize(st.as_slice().try_into().unwrap()).unwrap();
        Digest::update(&mut resumed, b);
        assert_eq!(
            resumed.finalize().as_slice(),
            full.as_slice(),
            "theirs -> ours, {len}"
        );

        // Us -> RustCrypto, on the XOF.
        let mut x = AsconXof128::default();
        x.update(a);
        let st = x.serialize();
        let mut peer =
            ascon_hash::AsconXof128::deserialize(st.as_slice().try_into().unwrap()).unwrap();
        peer.update(b);
        let (mut o1, mut o2) = ([0u8; 40], [0u8; 40]);
        peer.finalize_xof().read(&mut o1);
        AsconXof128::default()
            .chain(&m)
            .finalize_xof()
            .read(&mut o2);
        assert_eq!(o1, o2, "ours -> theirs, {len}");
    }
}
