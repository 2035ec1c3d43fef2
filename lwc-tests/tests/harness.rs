//! The harness tests itself: each runner must pass a correct toy and catch a deliberately broken one
//! (a hash that ignores the last byte, a clone or reset that loses state, an XOF whose second read
//! repeats the first, a MAC that accepts any tag, an AEAD that never checks its tag, one that leaves
//! unverified plaintext behind, one that reads its output buffer). The parsers and the LWC renderer are
//! checked on literal snippets of every format and, with `LWC_KAT_DIR`, on the real files.

#![allow(clippy::type_complexity)]

use aead::{
    AeadCore, AeadInOut, Error, Key, KeyInit, KeySizeUser, Nonce, Tag, TagPosition, inout::InOutBuf,
};
use digest::{
    ExtendableOutput, FixedOutput, HashMarker, MacMarker, Output, OutputSizeUser, Reset, Update,
    XofReader,
    consts::{U16, U32},
};
use hex_literal::hex;
use lwc_tests::{runners, text};
use sha2::{Digest as _, Sha256};

// ---------------------------------------------------------------- toy hashes

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
enum Bug {
    #[default]
    None,
    IgnoreLastByte,
    CloneForgets,
    ResetIgnored,
    ReaderRestarts,
    AcceptAnyTag,
    NeverCheckTag,
    LeavePlaintext,
    ReadsOutput,
}

#[derive(Default, Debug)]
struct ToyHash<const B: u8> {
    data: Vec<u8>,
}

const fn bug(b: u8) -> Bug {
    match b {
        1 => Bug::IgnoreLastByte,
        2 => Bug::CloneForgets,
        3 => Bug::ResetIgnored,
        4 => Bug::ReaderRestarts,
        5 => Bug::AcceptAnyTag,
        6 => Bug::NeverCheckTag,
        7 => Bug::LeavePlaintext,
        8 => Bug::ReadsOutput,
        _ => Bug::None,
    }
}

impl<const B: u8> Clone for ToyHash<B> {
    fn clone(&self) -> Self {
        if bug(B) == Bug::CloneForgets {
            Self::default()
        } else {
            Self {
                data: self.data.clone(),
            }
        }
    }
}
impl<const B: u8> HashMarker for ToyHash<B> {}
impl<const B: u8> OutputSizeUser for ToyHash<B> {
    type OutputSize = U32;
}
impl<const B: u8> Update for ToyHash<B> {
    fn update(&mut self, data: &[u8]) {
        self.data.extend_from_slice(data);
    }
}
impl<const B: u8> FixedOutput for ToyHash<B> {
    fn finalize_into(mut self, out: &mut Output<Self>) {
        if bug(B) == Bug::IgnoreLastByte {
            self.data.pop();
        }
        out.copy_from_slice(&Sha256::digest(&self.data));
    }
}
impl<const B: u8> Reset for ToyHash<B> {
    fn reset(&mut self) {
        if bug(B) != Bug::ResetIgnored {
            self.data.clear();
        }
    }
}

const SHA256_ABC: [u8; 32] =
    hex!("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
const SHA256_MILLION_A: [u8; 32] =
    hex!("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

#[test]
fn hash_runner_passes_a_correct_hash() {
    runners::hash::<ToyHash<0>>(b"abc", &SHA256_ABC).unwrap();
    runners::hash::<ToyHash<0>>(&vec![b'a'; 1_000_000], &SHA256_MILLION_A).unwrap();
}

#[test]
fn hash_runner_catches_ignored_last_byte() {
    let e = runners::hash::<ToyHash<1>>(b"abc", &SHA256_ABC).unwrap_err();
    assert!(e.contains("one-shot"), "{e}");
}

#[test]
fn hash_runner_catches_clone_and_reset_bugs() {
    let e = runners::hash::<ToyHash<2>>(b"abc", &SHA256_ABC).unwrap_err();
    assert!(e.contains("clone"), "{e}");
    let e = runners::hash::<ToyHash<3>>(b"abc", &SHA256_ABC).unwrap_err();
    assert!(e.contains("reset"), "{e}");
}

// ---------------------------------------------------------------- toy XOF: SHA-256 in counter mode

#[derive(Default, Clone, Debug)]
struct ToyXof<const B: u8> {
    data: Vec<u8>,
}
#[derive(Clone, Debug)]
struct ToyXofReader<const B: u8> {
    data: Vec<u8>,
    pos: usize,
}
impl<const B: u8> Update for ToyXof<B> {
    fn update(&mut self, data: &[u8]) {
        self.data.extend_from_slice(data);
    }
}
impl<const B: u8> Reset for ToyXof<B> {
    fn reset(&mut self) {
        self.data.clear();
    }
}
impl<const B: u8> ExtendableOutput for ToyXof<B> {
    type Reader = ToyXofReader<B>;
    fn finalize_xof(self) -> Self::Reader {
        ToyXofReader {
            data: self.data,
            pos: 0,
        }
    }
}
fn ctr_block(data: &[u8], i: u32) -> [u8; 32] {
    let mut h = Sha256::new();
    Update::update(&mut h, data);
    Update::update(&mut h, &i.to_le_bytes());
    h.finalize().into()
}
impl<const B: u8> XofReader for ToyXofReader<B> {
    fn read(&mut self, out: &mut [u8]) {
        if bug(B) == Bug::ReaderRestarts {
            self.pos = 0;
        }
        for o in out.iter_mut() {
            *o = ctr_block(&self.data, (self.pos / 32) as u32)[self.pos % 32];
            self.pos += 1;
        }
    }
}

fn ctr_expected(msg: &[u8], n: usize) -> Vec<u8> {
    (0..n.div_ceil(32))
        .flat_map(|i| ctr_block(msg, i as u32))
        .take(n)
        .collect()
}

#[test]
fn xof_runner_passes_a_correct_xof_and_catches_a_repeating_reader() {
    let exp = ctr_expected(b"xof input", 100);
    runners::xof::<ToyXof<0>>(b"xof input", &exp).unwrap();
    let e = runners::xof::<ToyXof<4>>(b"xof input", &exp).unwrap_err();
    assert!(e.contains("odd chunks") || e.contains("clone"), "{e}");
}

// ---------------------------------------------------------------- toy MAC: SHA-256(key || msg)[..16]

#[derive(Clone, Debug)]
struct ToyMac<const B: u8> {
    key: [u8; 16],
    data: Vec<u8>,
}
impl<const B: u8> KeySizeUser for ToyMac<B> {
    type KeySize = U16;
}
impl<const B: u8> KeyInit for ToyMac<B> {
    fn new(key: &Key<Self>) -> Self {
        Self {
            key: (*key).into(),
            data: Vec::new(),
        }
    }
}
impl<const B: u8> MacMarker for ToyMac<B> {}
impl<const B: u8> OutputSizeUser for ToyMac<B> {
    type OutputSize = U16;
}
impl<const B: u8> Update for ToyMac<B> {
    fn update(&mut self, data: &[u8]) {
        self.data.extend_from_slice(data);
    }
}
impl<const B: u8> FixedOutput for ToyMac<B> {
    fn finalize_into(self, out: &mut Output<Self>) {
        if bug(B) == Bug::AcceptAnyTag {
            // A MAC whose output does not depend on the message verifies any message's tag.
            out.copy_from_slice(&Sha256::digest(self.key)[..16]);
            return;
        }
        let mut h = Sha256::new();
        Update::update(&mut h, self.key.as_ref());
        Update::update(&mut h, &self.data);
        out.copy_from_slice(&h.finalize()[..16]);
    }
}

#[test]
fn mac_runner_passes_a_correct_mac_and_catches_a_message_independent_one() {
    let key = hex!("000102030405060708090a0b0c0d0e0f");
    let mut h = Sha256::new();
    Update::update(&mut h, key.as_ref());
    Update::update(&mut h, b"mac me".as_ref());
    let tag = h.finalize()[..16].to_vec();
    runners::mac::<ToyMac<0>>(&key, b"mac me", &tag).unwrap();
    assert!(runners::mac::<ToyMac<5>>(&key, b"mac me", &tag).is_err());
}

// ---------------------------------------------------------------- toy AEAD: SHA-256 counter-mode stream + SHA-256 tag

#[derive(Clone, Debug)]
struct ToyAead<const B: u8> {
    key: [u8; 16],
}
impl<const B: u8> KeySizeUser for ToyAead<B> {
    type KeySize = U16;
}
impl<const B: u8> KeyInit for ToyAead<B> {
    fn new(key: &Key<Self>) -> Self {
        Self { key: (*key).into() }
    }
}
impl<const B: u8> AeadCore for ToyAead<B> {
    type NonceSize = U16;
    type TagSize = U16;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}
impl<const B: u8> ToyAead<B> {
    fn stream(&self, nonce: &[u8], i: usize) -> u8 {
        let mut seed = self.key.to_vec();
        seed.extend_from_slice(nonce);
        ctr_block(&seed, (i / 32) as u32)[i % 32]
    }
    fn tag(&self, nonce: &[u8], ad: &[u8], ct: &[u8]) -> Tag<Self> {
        let mut h = Sha256::new();
        Update::update(&mut h, self.key.as_ref());
        Update::update(&mut h, nonce);
        Update::update(&mut h, &(ad.len() as u64).to_le_bytes());
        Update::update(&mut h, ad);
        Update::update(&mut h, ct);
        Tag::<Self>::try_from(&h.finalize()[..16]).unwrap()
    }
}
impl<const B: u8> AeadInOut for ToyAead<B> {
    fn encrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        ad: &[u8],
        mut buf: InOutBuf<'_, '_, u8>,
    ) -> Result<Tag<Self>, Error> {
        let input = buf.get_in().to_vec();
        for (i, o) in buf.get_out().iter_mut().enumerate() {
            *o = input[i] ^ self.stream(nonce, i);
        }
        Ok(self.tag(nonce, ad, buf.get_out()))
    }
    fn decrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        ad: &[u8],
        mut buf: InOutBuf<'_, '_, u8>,
        tag: &Tag<Self>,
    ) -> Result<(), Error> {
        let ct = if bug(B) == Bug::ReadsOutput {
            buf.get_out().to_vec()
        } else {
            buf.get_in().to_vec()
        };
        let ok = self.tag(nonce, ad, &ct) == *tag;
        for (i, o) in buf.get_out().iter_mut().enumerate() {
            *o = ct[i] ^ self.stream(nonce, i);
        }
        if ok || bug(B) == Bug::NeverCheckTag {
            return Ok(());
        }
        if bug(B) != Bug::LeavePlaintext {
            buf.get_out().fill(0);
        }
        Err(Error)
    }
}

fn toy_vector(pt_len: usize, ad_len: usize) -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) {
    use aead::Aead;
    let key = lwc_tests::ramp(0, 16);
    let nonce = lwc_tests::ramp(0x10, 16);
    let pt = lwc_tests::ramp(0x20, pt_len);
    let ad = lwc_tests::ramp(0x30, ad_len);
    let c = ToyAead::<0>::new_from_slice(&key).unwrap();
    let ct = c
        .encrypt(
            &Nonce::<ToyAead<0>>::try_from(nonce.as_slice()).unwrap(),
            aead::Payload { msg: &pt, aad: &ad },
        )
        .unwrap();
    (key, nonce, ad, pt, ct)
}

#[test]
fn aead_runner_passes_a_correct_aead() {
    for (p, a) in [(0, 0), (1, 0), (0, 1), (33, 17)] {
        let (k, n, ad, pt, ct) = toy_vector(p, a);
        runners::aead::<ToyAead<0>>(&k, &n, &ad, &pt, &ct).unwrap();
    }
    runners::aead_round_trips::<ToyAead<0>>(1, 40).unwrap();
}

#[test]
fn aead_runner_catches_unchecked_tag_leftover_plaintext_and_output_reads() {
    let (k, n, ad, pt, ct) = toy_vector(33, 17);
    let e = runners::aead::<ToyAead<6>>(&k, &n, &ad, &pt, &ct).unwrap_err();
    assert!(e.contains("accepted"), "{e}");
    let e = runners::aead::<ToyAead<7>>(&k, &n, &ad, &pt, &ct).unwrap_err();
    assert!(e.contains("left"), "{e}");
    let e = runners::aead::<ToyAead<8>>(&k, &n, &ad, &pt, &ct).unwrap_err();
    assert!(e.contains("PT") || e.contains("rejected a valid"), "{e}");
    assert!(runners::aead_round_trips::<ToyAead<6>>(1, 40).is_err());
}

#[test]
#[cfg_attr(
    panic = "abort",
    ignore = "catches the panic of `finish`: needs unwinding (wasm32-wasip1 aborts on panic)"
)]
fn failures_reports_file_and_count() {
    let mut f = lwc_tests::Failures::new("toy.txt");
    f.check(1, Ok(()));
    f.check(2, Err("MD: expected 00, got 01".into()));
    let msg = std::panic::catch_unwind(move || f.finish(2)).unwrap_err();
    let msg = msg.downcast_ref::<String>().unwrap();
    assert!(
        msg.contains("toy.txt: Count = 2: MD: expected 00, got 01"),
        "{msg}"
    );
    let empty = lwc_tests::Failures::new("empty.txt");
    assert!(
        std::panic::catch_unwind(move || empty.finish(1)).is_err(),
        "a file with no entries must not pass"
    );
}

// ---------------------------------------------------------------- parsers and renderer

#[test]
fn parses_lwc_kat_text_and_renders_it_back_byte_for_byte() {
    let src = "Count = 1\nKey = 000102030405060708090A0B0C0D0E0F\nNonce = 101112131415161718191A1B1C1D1E1F\nPT = \nAD = \nCT = 4F9C278211BEC9316BF68F46EE8B2EC6\n\nCount = 2\nKey = 000102030405060708090A0B0C0D0E0F\nNonce = 101112131415161718191A1B1C1D1E1F\nPT = \nAD = 30\nCT = CCCB674FE18A09A285D6AB11B35675C0\n\n";
    let recs = text::parse(src);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[1].num("Count"), 2);
    assert_eq!(recs[1].hex("AD"), vec![0x30]);
    assert!(recs[0].hex("PT").is_empty());
    let rendered = text::render_lwc(
        &recs
            .iter()
            .map(|r| {
                vec![
                    ("Count", text::Value::Num(r.num("Count"))),
                    ("Key", text::Value::Hex(r.hex("Key"))),
                    ("Nonce", text::Value::Hex(r.hex("Nonce"))),
                    ("PT", text::Value::Hex(r.hex("PT"))),
                    ("AD", text::Value::Hex(r.hex("AD"))),
                    ("CT", text::Value::Hex(r.hex("CT"))),
                ]
            })
            .collect::<Vec<_>>(),
    );
    assert_eq!(rendered, src);
}

#[test]
fn parses_cavp_rsp_with_headers_crlf_and_monte_carlo() {
    let src = "#  CAVS 19.0\r\n#  \"SHA3-256 ShortMsg\"\r\n\r\n[L = 256]\r\n\r\nLen = 0\r\nMsg = 00\r\nMD = a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a\r\n\r\nLen = 8\r\nMsg = e9\r\nMD = f0d04dd1e6cfc29a4460d521796852f25d9ef8d28b44ee91ff5b759d72c1e6d6\r\n\r\n[Outputlen = 128]\r\n\r\nSeed = 00ff\r\n\r\nCOUNT = 0\r\nMD = 01\r\n";
    let recs = text::parse(src);
    assert_eq!(recs.len(), 4);
    assert_eq!(recs[0].header("L"), Some("256"));
    assert!(recs[0].msg_by_bit_len().is_empty());
    assert_eq!(recs[1].msg_by_bit_len(), vec![0xe9]);
    assert_eq!(recs[2].header("Outputlen"), Some("128"));
    assert_eq!(
        recs[2].header("L"),
        None,
        "a new header block replaces the old one"
    );
    assert_eq!(recs[2].hex("Seed"), vec![0, 0xff]);
    assert_eq!(recs[3].num("COUNT"), 0);
}

#[test]
fn parses_keccak_team_files_and_ignores_free_text() {
    let src = "# File generated with ../../loader.py\n\nLen = 8\nMsg = CC\nMD = EEAD6DBFC7340A56CAEDC044696A168870549A6A7F6F56961E84A54BD9970B8A\n\nsome free text without an equals sign\nRepeat = 16777216\nText = abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno\nMD = 5F313C39963DCF792B5470D4ADE9F3A356A3E4021748690A958372E2B06F82A4\n";
    let recs = text::parse(src);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].msg_by_bit_len(), vec![0xcc]);
    assert_eq!(recs[1].num("Repeat"), 16_777_216);
    assert_eq!(recs[1].field("Text").len(), 64);
}

#[test]
fn hex_helpers() {
    assert_eq!(lwc_tests::unhex("0aFf 10\n"), vec![0x0a, 0xff, 0x10]);
    assert_eq!(lwc_tests::hex(&[0x0a, 0xff]), "0aff");
    assert_eq!(lwc_tests::hex_upper(&[0x0a, 0xff]), "0AFF");
    assert_eq!(lwc_tests::ramp(0xfe, 3), vec![0xfe, 0xff, 0x00]);
    assert_eq!(lwc_tests::sha256_hex(b"abc"), lwc_tests::hex(&SHA256_ABC));
}

/// With `LWC_KAT_DIR`: every LWC-layout file parses to its documented entry count, and re-rendering the
/// parsed records reproduces the official SHA-256 (so the renderer's layout is exactly the files').
#[test]
fn real_lwc_files_parse_and_rerender_to_their_official_sha256() {
    let files: &[(&str, usize, &str)] = &[
        (
            "ascon/sp800232_aead128.txt",
            1089,
            "bbbc34692fe05e5fda0a3b025585622ab3e3747495e5e3655b29aae8c2a4bd33",
        ),
        (
            "ascon/sp800232_hash256.txt",
            1025,
            "b7d6fbc51362f0d62bc7e57b21f3e83242983434a7c92320a4956d915749df17",
        ),
        (
            "ascon/v12_asconmac.txt",
            1025,
            "343b5c330b3152c49f06b869578bd3ac20a70d37cb557f11633aa9a4ce93d443",
        ),
        (
            "sparkle/schwaemm256_128.txt",
            1089,
            "1bfdd3439c0b89441d77149d28e5c13d54ddd8ca5671a5247d2d2923eae23851",
        ),
        (
            "sparkle/esch256.txt",
            1025,
            "db8aba0a6291884313c6cde340faecf49f971198205a663e34e99bbef2cad862",
        ),
        (
            "lemac/lemac_vectors.txt",
            304,
            "30ee784944adae33637a620b6832939c038c0986668b0a4c8d5a01152557575e",
        ),
    ];
    for &(name, count, sha) in files {
        let Some(src) = lwc_tests::kat::read_bytes(name) else {
            return;
        };
        assert_eq!(
            lwc_tests::sha256_hex(&src),
            sha,
            "{name}: the file itself differs from the README's SHA-256"
        );
        let recs = text::parse(std::str::from_utf8(&src).unwrap());
        assert_eq!(recs.len(), count, "{name}");
        let rows: Vec<Vec<(&str, text::Value)>> = recs
            .iter()
            .map(|r| {
                r.fields
                    .iter()
                    .map(|(k, v)| {
                        let val = if k == "Count" {
                            text::Value::Num(v.parse().unwrap())
                        } else {
                            text::Value::Hex(lwc_tests::unhex(v))
                        };
                        (k.as_str(), val)
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            lwc_tests::sha256_hex(text::render_lwc(&rows).as_bytes()),
            sha,
            "{name}: re-rendered text differs"
        );
    }
}

/// With `LWC_KAT_DIR`: every vector file of the tree parses (text formats to at least one record, JSON as JSON).
#[test]
fn every_shared_vector_file_parses() {
    let Some(dir) = lwc_tests::kat::kat_dir() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but LWC_KAT_DIR is not"
        );
        return;
    };
    let mut stack = vec![dir];
    let mut seen = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let data = std::fs::read_to_string(&p).unwrap();
            if name.ends_with(".json") {
                let _ = lwc_tests::json::parse(&data);
                seen += 1;
            } else if (name.ends_with(".txt") || name.ends_with(".rsp"))
                && name != "KangarooTwelve.txt"
                && name != "KeccakF-1600-IntermediateValues.txt"
            {
                assert!(
                    !text::parse(&data).is_empty(),
                    "{}: no records",
                    p.display()
                );
                seen += 1;
            }
        }
    }
    assert!(seen >= 80, "only {seen} vector files found");
}

// ---------------------------------------------------------------- toy serializable state

/// SHA-256 with `SerializableState` passed through, or broken: 1 = deserializing drops the buffered
/// partial block, 2 = deserializing panics on a non-canonical state, 3 = deserializing accepts any
/// state and silently starts afresh when it is not canonical.
#[derive(Clone, Default)]
struct ToySerializable<const B: u8>(Sha256);

impl<const B: u8> Update for ToySerializable<B> {
    fn update(&mut self, data: &[u8]) {
        Update::update(&mut self.0, data);
    }
}

impl<const B: u8> digest::common::hazmat::SerializableState for ToySerializable<B> {
    type SerializedStateSize =
        <Sha256 as digest::common::hazmat::SerializableState>::SerializedStateSize;
    fn serialize(&self) -> digest::common::hazmat::SerializedState<Self> {
        self.0.serialize()
    }
    fn deserialize(
        state: &digest::common::hazmat::SerializedState<Self>,
    ) -> Result<Self, digest::common::hazmat::DeserializeStateError> {
        let inner = Sha256::deserialize(state);
        match (B, inner) {
            (1, Ok(h)) => {
                // Keep only the whole blocks: re-serialize with an empty buffer.
                let mut s = h.serialize();
                let n = s.len();
                s[n - 65..].fill(0);
                Ok(Self(
                    Sha256::deserialize(&s).expect("an empty buffer is canonical"),
                ))
            }
            (2, r) => Ok(Self(r.expect("a canonical state"))),
            (3, r) => Ok(Self(r.unwrap_or_default())),
            (_, r) => r.map(Self),
        }
    }
}

fn toy_serializable_run<const B: u8>(msg: &[u8]) -> Result<(), String> {
    runners::serializable_state(
        &ToySerializable::<B>::default,
        &|h: ToySerializable<B>| h.0.finalize().to_vec(),
        msg,
        &Sha256::digest(msg),
    )
}

#[test]
fn serializable_state_runner_passes_sha256_and_catches_broken_deserializers() {
    let msg: Vec<u8> = (0..150u8).collect();
    toy_serializable_run::<0>(&msg).unwrap();
    toy_serializable_run::<0>(&[7u8; 5000]).unwrap();
    let e = toy_serializable_run::<1>(&msg).unwrap_err();
    assert!(e.contains("after 1 bytes"), "{e}");
    let e = toy_serializable_run::<3>(&msg).unwrap_err();
    assert!(e.contains("accepted, but serializes to"), "{e}");
}

#[test]
#[cfg_attr(
    panic = "abort",
    ignore = "the runner catches the deserializer's panic: needs unwinding (wasm32-wasip1 aborts on panic)"
)]
fn serializable_state_runner_catches_panicking_deserializers() {
    let msg: Vec<u8> = (0..150u8).collect();
    let e = toy_serializable_run::<2>(&msg).unwrap_err();
    assert!(e.contains("panicked with bit"), "{e}");
}
