//! The keyed operations of the trace-equivalence tests (issue 22), shared by the ptrace tracer
//! (`reliability_trace.rs`, x86_64) and the qemu-user tracer (`reliability_trace_qemu.rs`,
//! aarch64): a fixed workspace of inputs, the secret sets, and every keyed operation of the four
//! families as a `prepare` (writes a variant's inputs; for a verification it computes the valid tag)
//! and a `run` (the operation itself, the part that is traced).
#![allow(dead_code, unreachable_pub)]

use aead::array::typenum::Unsigned;
use aead::{AeadCore, AeadInOut, KeyInit, Nonce, Tag};
use digest::{ExtendableOutput, Mac, Update, XofReader};

mod controls;
mod first_difference;
pub use controls::{branchy, lengths};
pub use first_difference::first_difference;

/// The largest message/AD length a case may use.
pub const MAX: usize = 1024;

/// Inputs of one operation, always at the same (heap) address: the parent writes a run's inputs
/// here, then forks; the child's operation reads and writes its copy-on-write image.
#[derive(Clone)]
pub struct Ws {
    pub key: [u8; 64],
    pub nonce: [u8; 32],
    pub msg: [u8; MAX],
    pub msg_len: usize,
    pub ad: [u8; MAX],
    pub ad_len: usize,
    pub tag: [u8; 64],
    pub out: [u8; 256],
}

impl Ws {
    pub fn new() -> Box<Self> {
        Box::new(Ws {
            key: [0; 64],
            nonce: [0; 32],
            msg: [0; MAX],
            msg_len: 0,
            ad: [0; MAX],
            ad_len: 0,
            tag: [0; 64],
            out: [0; 256],
        })
    }
    pub fn msg(&self) -> &[u8] {
        &self.msg[..self.msg_len]
    }
    pub fn ad(&self) -> &[u8] {
        &self.ad[..self.ad_len]
    }
}

/// A byte stream from a seed (splitmix64; no dependence on the code under test).
pub fn fill(buf: &mut [u8], seed: u64) {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1234_5678;
    for b in buf.iter_mut() {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        *b = (z ^ (z >> 31)) as u8;
    }
}

/// What a run gets: which secret set, and for a verification which tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Compute (encrypt, MAC, PRF) under secret set `s`.
    Plain(u64),
    /// Verify a valid tag under secret set `s`.
    Valid(u64),
    /// Verify the valid tag of secret set `s` with byte `pos` (mod tag length) flipped.
    Tampered(u64, usize),
}

impl Variant {
    pub fn seed(self) -> u64 {
        match self {
            Variant::Plain(s) | Variant::Valid(s) | Variant::Tampered(s, _) => s,
        }
    }
}

/// Writes the secrets of `seed` (key, message and AD of length `len`, zeros after them; the nonce
/// is public and fixed).
pub fn secrets(ws: &mut Ws, seed: u64, len: usize) {
    fill(&mut ws.key, 1000 + seed);
    ws.msg = [0; MAX];
    ws.ad = [0; MAX];
    fill(&mut ws.msg[..len], 2000 + seed);
    fill(&mut ws.ad[..len], 3000 + seed);
    fill(&mut ws.nonce, 7);
    ws.tag = [0; 64];
    ws.out = [0; 256];
    ws.msg_len = len;
    ws.ad_len = len;
}

pub fn tamper(tag: &mut [u8], pos: usize) {
    let n = tag.len();
    tag[pos % n] ^= 0x10;
}

/// Writes a variant's inputs for a length.
pub type Prepare = dyn Fn(&mut Ws, Variant, usize);
/// The keyed operation itself.
pub type Run = dyn Fn(&mut Ws) -> u64;

/// One keyed operation: `prepare` writes the inputs of a variant (for a verification it computes
/// the valid tag in the parent), `run` is what the child executes between the markers; its result
/// (1 = accepted for a verification) is checked by the parent on its own copy.
pub struct Op {
    pub name: String,
    pub verify: bool,
    pub max_len: usize,
    pub prepare: Box<Prepare>,
    pub run: Box<Run>,
}

pub fn op(
    name: impl Into<String>,
    verify: bool,
    prepare: impl Fn(&mut Ws, Variant, usize) + 'static,
    run: impl Fn(&mut Ws) -> u64 + 'static,
) -> Op {
    Op {
        name: name.into(),
        verify,
        max_len: usize::MAX,
        prepare: Box::new(prepare),
        run: Box::new(run),
    }
}

pub fn plain_prepare(ws: &mut Ws, v: Variant, len: usize) {
    secrets(ws, v.seed(), len);
}

// ---------------------------------------------------------------- AEADs

pub fn aead_encrypt<A: KeyInit + AeadInOut>(ws: &mut Ws) -> u64 {
    let cipher = A::new_from_slice(&ws.key[..A::key_size()]).expect("key");
    let nonce = Nonce::<A>::try_from(&ws.nonce[..<A as AeadCore>::NonceSize::USIZE]).expect("n");
    let (msg, ad) = (&mut ws.msg[..ws.msg_len], &ws.ad[..ws.ad_len]);
    let tag = cipher
        .encrypt_inout_detached(&nonce, ad, msg.into())
        .expect("encrypt");
    ws.tag[..tag.len()].copy_from_slice(&tag);
    0
}

pub fn aead_decrypt<A: KeyInit + AeadInOut>(ws: &mut Ws) -> u64 {
    let cipher = A::new_from_slice(&ws.key[..A::key_size()]).expect("key");
    let nonce = Nonce::<A>::try_from(&ws.nonce[..<A as AeadCore>::NonceSize::USIZE]).expect("n");
    let tag = Tag::<A>::try_from(&ws.tag[..<A as AeadCore>::TagSize::USIZE]).expect("tag");
    let (msg, ad) = (&mut ws.msg[..ws.msg_len], &ws.ad[..ws.ad_len]);
    u64::from(
        cipher
            .decrypt_inout_detached(&nonce, ad, msg.into(), &tag)
            .is_ok(),
    )
}

/// The inputs of a decryption: the ciphertext and tag of the secret set, the tag tampered if asked.
pub fn aead_decrypt_prepare<A: KeyInit + AeadInOut>(ws: &mut Ws, v: Variant, len: usize) {
    secrets(ws, v.seed(), len);
    aead_encrypt::<A>(ws);
    if let Variant::Tampered(_, pos) = v {
        tamper(&mut ws.tag[..<A as AeadCore>::TagSize::USIZE], pos);
    }
}

pub fn aead<A: KeyInit + AeadInOut + 'static>(ops: &mut Vec<Op>, name: &str) {
    ops.push(op(
        format!("{name} encrypt"),
        false,
        plain_prepare,
        aead_encrypt::<A>,
    ));
    ops.push(op(
        format!("{name} decrypt"),
        true,
        aead_decrypt_prepare::<A>,
        aead_decrypt::<A>,
    ));
}

// ---------------------------------------------------------------- MACs and PRFs

pub fn mac_compute<M: Mac + KeyInit>(ws: &mut Ws, key_len: usize) -> u64 {
    let mut m = <M as KeyInit>::new_from_slice(&ws.key[..key_len]).expect("key");
    Mac::update(&mut m, &ws.msg[..ws.msg_len]);
    let t = m.finalize().into_bytes();
    ws.tag[..t.len()].copy_from_slice(&t);
    0
}

pub fn mac_verify<M: Mac + KeyInit>(ws: &mut Ws, key_len: usize) -> u64 {
    let mut m = <M as KeyInit>::new_from_slice(&ws.key[..key_len]).expect("key");
    Mac::update(&mut m, &ws.msg[..ws.msg_len]);
    u64::from(
        m.verify_slice(&ws.tag[..<M as digest::OutputSizeUser>::OutputSize::USIZE])
            .is_ok(),
    )
}

pub fn mac<M: Mac + KeyInit + 'static>(ops: &mut Vec<Op>, name: &str, key_len: usize) {
    ops.push(op(
        format!("{name} compute"),
        false,
        plain_prepare,
        move |ws| mac_compute::<M>(ws, key_len),
    ));
    ops.push(op(
        format!("{name} verify_slice"),
        true,
        move |ws, v, len| {
            secrets(ws, v.seed(), len);
            mac_compute::<M>(ws, key_len);
            if let Variant::Tampered(_, pos) = v {
                tamper(
                    &mut ws.tag[..<M as digest::OutputSizeUser>::OutputSize::USIZE],
                    pos,
                );
            }
        },
        move |ws| mac_verify::<M>(ws, key_len),
    ));
}

/// A keyed XOF: 64 bytes of output (KMACXOF, Ascon-Prf).
pub fn prf<X: KeyInit + Update + ExtendableOutput + 'static>(
    ops: &mut Vec<Op>,
    name: &str,
    key_len: usize,
) {
    ops.push(op(format!("{name} xof"), false, plain_prepare, move |ws| {
        let mut x = X::new_from_slice(&ws.key[..key_len]).expect("key");
        x.update(&ws.msg[..ws.msg_len]);
        x.finalize_xof().read(&mut ws.out[..64]);
        0
    }));
}

pub fn prf_short<const LE: bool>(ops: &mut Vec<Op>, name: &str) {
    use lwc_ascon::v12::AsconPrfShortGeneric;
    fn compute<const LE: bool>(ws: &mut Ws) -> u64 {
        let p = AsconPrfShortGeneric::<LE>::new_from_slice(&ws.key[..16]).expect("key");
        let mut out = [0u8; 16];
        p.prf(&ws.msg[..ws.msg_len], &mut out).expect("lengths");
        ws.tag[..16].copy_from_slice(&out);
        0
    }
    let mut o = op(format!("{name} prf"), false, plain_prepare, compute::<LE>);
    o.max_len = 16;
    ops.push(o);
    let mut o = op(
        format!("{name} verify"),
        true,
        |ws, v, len| {
            secrets(ws, v.seed(), len);
            compute::<LE>(ws);
            if let Variant::Tampered(_, pos) = v {
                tamper(&mut ws.tag[..16], pos);
            }
        },
        |ws| {
            let p = AsconPrfShortGeneric::<LE>::new_from_slice(&ws.key[..16]).expect("key");
            u64::from(p.verify(&ws.msg[..ws.msg_len], &ws.tag[..16]).is_ok())
        },
    );
    o.max_len = 16;
    ops.push(o);
}

pub fn kmac_custom<const RATE: usize>(ops: &mut Vec<Op>, name: &str) {
    use lwc_keccak::Kmac;
    const S: &[u8] = b"My Tagged Application";
    fn compute<const RATE: usize>(ws: &mut Ws) -> u64 {
        let mut k = Kmac::<RATE>::new_customized(&ws.key[..32], S);
        Update::update(&mut k, &ws.msg[..ws.msg_len]);
        k.finalize_into_slice(&mut ws.tag[..33]);
        0
    }
    ops.push(op(
        format!("{name} customized finalize_into_slice"),
        false,
        plain_prepare,
        compute::<RATE>,
    ));
    ops.push(op(
        format!("{name} customized verify_slice_len"),
        true,
        |ws, v, len| {
            secrets(ws, v.seed(), len);
            compute::<RATE>(ws);
            if let Variant::Tampered(_, pos) = v {
                tamper(&mut ws.tag[..33], pos);
            }
        },
        |ws| {
            let mut k = Kmac::<RATE>::new_customized(&ws.key[..32], S);
            Update::update(&mut k, &ws.msg[..ws.msg_len]);
            u64::from(k.verify_slice_len(&ws.tag[..33]).is_ok())
        },
    ));
}

macro_rules! lemac_nonce_paths {
    ($ops:expr, $t:ty, $name:literal) => {{
        fn compute(ws: &mut Ws) -> u64 {
            let key: [u8; 16] = ws.key[..16].try_into().expect("16");
            let nonce: [u8; 16] = ws.nonce[..16].try_into().expect("16");
            let m = <$t>::new_from_slice(&key).expect("key");
            let t = m.compute(&nonce, &ws.msg[..ws.msg_len]);
            ws.tag[..16].copy_from_slice(&t);
            0
        }
        $ops.push(op(
            concat!($name, " compute"),
            false,
            plain_prepare,
            compute,
        ));
        $ops.push(op(
            concat!($name, " verify_message"),
            true,
            |ws, v, len| {
                secrets(ws, v.seed(), len);
                compute(ws);
                if let Variant::Tampered(_, pos) = v {
                    tamper(&mut ws.tag[..16], pos);
                }
            },
            |ws| {
                let m = <$t>::new_from_slice(&ws.key[..16]).expect("key");
                let tag: [u8; 16] = ws.tag[..16].try_into().expect("16");
                let nonce: [u8; 16] = ws.nonce[..16].try_into().expect("16");
                u64::from(
                    m.verify_message(&nonce, &ws.msg[..ws.msg_len], &tag)
                        .is_ok(),
                )
            },
        ));
        $ops.push(op(
            concat!($name, " verify_with_nonce"),
            true,
            |ws, v, len| {
                secrets(ws, v.seed(), len);
                compute(ws);
                if let Variant::Tampered(_, pos) = v {
                    tamper(&mut ws.tag[..16], pos);
                }
            },
            |ws| {
                let key: [u8; 16] = ws.key[..16].try_into().expect("16");
                let nonce: [u8; 16] = ws.nonce[..16].try_into().expect("16");
                let mut m = <$t>::new_with_nonce(&key, &nonce);
                Mac::update(&mut m, &ws.msg[..ws.msg_len]);
                let tag: [u8; 16] = ws.tag[..16].try_into().expect("16");
                u64::from(m.verify_with_nonce(&nonce, &tag).is_ok())
            },
        ));
    }};
}

/// Every keyed operation of the four families, grouped by family.
pub fn ascon_ops() -> Vec<Op> {
    use aead::consts::{U4, U8};
    use lwc_ascon::{AsconAead128, MaskedAsconAead128, TruncatedAsconAead128, v12, v13};
    let mut ops = Vec::new();
    aead::<AsconAead128>(&mut ops, "Ascon-AEAD128");
    aead::<TruncatedAsconAead128<U8>>(&mut ops, "Ascon-AEAD128 (64-bit tag)");
    aead::<TruncatedAsconAead128<U4>>(&mut ops, "Ascon-AEAD128 (32-bit tag)");
    aead::<MaskedAsconAead128>(&mut ops, "Ascon-AEAD128 (nonce masking)");
    aead::<v12::Ascon128>(&mut ops, "Ascon-128");
    aead::<v12::Ascon128a>(&mut ops, "Ascon-128a");
    aead::<v12::Ascon80pq>(&mut ops, "Ascon-80pq");
    mac::<v12::AsconMac>(&mut ops, "Ascon-Mac", 16);
    mac::<v12::AsconMaca>(&mut ops, "Ascon-Maca", 16);
    mac::<v13::AsconMac>(&mut ops, "Ascon-Mac (v13)", 16);
    prf::<v12::AsconPrf>(&mut ops, "Ascon-Prf", 16);
    prf::<v12::AsconPrfa>(&mut ops, "Ascon-Prfa", 16);
    prf::<v13::AsconPrf>(&mut ops, "Ascon-Prf (v13)", 16);
    prf_short::<false>(&mut ops, "Ascon-PrfShort");
    prf_short::<true>(&mut ops, "Ascon-PrfShort (v13)");
    ops
}

pub fn sparkle_ops() -> Vec<Op> {
    use lwc_sparkle::{Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256};
    let mut ops = Vec::new();
    aead::<Schwaemm128_128>(&mut ops, "Schwaemm128-128");
    aead::<Schwaemm192_192>(&mut ops, "Schwaemm192-192");
    aead::<Schwaemm256_128>(&mut ops, "Schwaemm256-128");
    aead::<Schwaemm256_256>(&mut ops, "Schwaemm256-256");
    ops
}

pub fn keccak_ops() -> Vec<Op> {
    use lwc_keccak::{Kmac128, Kmac256};
    let mut ops = Vec::new();
    mac::<Kmac128>(&mut ops, "KMAC128", 32);
    mac::<Kmac256>(&mut ops, "KMAC256", 32);
    prf::<Kmac128>(&mut ops, "KMACXOF128", 32);
    prf::<Kmac256>(&mut ops, "KMACXOF256", 32);
    kmac_custom::<168>(&mut ops, "KMAC128");
    kmac_custom::<136>(&mut ops, "KMAC256");
    ops
}

pub fn lemac_ops() -> Vec<Op> {
    use lwc_lemac::{LeMac, PetitMac};
    let mut ops = Vec::new();
    mac::<LeMac>(&mut ops, "LeMac", 16);
    mac::<PetitMac>(&mut ops, "PetitMac", 16);
    lemac_nonce_paths!(ops, LeMac, "LeMac");
    lemac_nonce_paths!(ops, PetitMac, "PetitMac");
    // The two-message path (two lanes of VAES registers on X86Vaes / X86Avx512): the message and
    // the AD buffer are the two secret messages.
    ops.push(op(
        "LeMac compute_many (2 messages)",
        false,
        plain_prepare,
        |ws| {
            let m = LeMac::new_from_slice(&ws.key[..16]).expect("key");
            let n1: [u8; 16] = ws.nonce[..16].try_into().expect("16");
            let mut n2 = n1;
            n2[0] ^= 1;
            let t = m.compute_many(&[n1, n2], &[ws.msg(), ws.ad()]);
            ws.tag[..16].copy_from_slice(&t[0]);
            ws.tag[16..32].copy_from_slice(&t[1]);
            0
        },
    ));
    ops
}

/// `LWC_TRACE_SHARD=k/n` (`0 <= k < n`): the backends whose place in `Backend::ALL` is `k`
/// modulo `n`, so that `n` processes with shards `0/n .. n-1/n` together run every backend (the
/// long Keccak trace in two processes, `.ci/ct.sh`). Unset: all of them.
pub fn shard() -> (usize, usize) {
    let Ok(v) = std::env::var("LWC_TRACE_SHARD") else {
        return (0, 1);
    };
    let parsed = v
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((k, n)) if k < n => (k, n),
        _ => panic!("LWC_TRACE_SHARD={v}: expected k/n with 0 <= k < n"),
    }
}

/// Forces each supported backend of a family in turn (of the [`shard`], and only the one named
/// by `LWC_TRACE_BACKEND` if that is set) and runs `body` on it; returns the names of the backends
/// run and of those skipped.
macro_rules! each_backend {
    ($krate:ident, $body:expr) => {{
        use $krate::hazmat::{Backend, backend, force_backend};
        let mut ran = Vec::new();
        let mut skipped = Vec::new();
        let only = std::env::var("LWC_TRACE_BACKEND").ok();
        let (shard, shards) = $crate::trace_ops::shard();
        for (i, &b) in Backend::ALL.iter().enumerate() {
            if i % shards != shard || only.as_deref().is_some_and(|o| o != b.name()) {
                continue;
            }
            if !b.is_supported() {
                skipped.push(b.name());
                continue;
            }
            assert!(force_backend(b), "force_backend({b})");
            assert_eq!(backend(), b);
            $body(b.name());
            ran.push(b.name());
        }
        (ran, skipped)
    }};
}
pub(crate) use each_backend;

/// The runs of one case. A computation runs under secret sets 1, 2 (and 3 with `three`); a
/// verification gets a valid tag under each secret set, then a tampered tag under each, tampered
/// at a different byte position each time (first, last, eighth).
pub fn variants(verify: bool, three: bool) -> Vec<Variant> {
    let n = if three { 3 } else { 2 };
    let tampered_at = [0, usize::MAX, 7];
    if verify {
        let valid = (1..=n).map(Variant::Valid);
        let tampered = (1..=n).map(|s| Variant::Tampered(s, tampered_at[s as usize - 1]));
        valid.chain(tampered).collect()
    } else {
        (1..=n).map(Variant::Plain).collect()
    }
}

/// What must hold between the traces of one case, run in the order of [`variants`]: every secret
/// set gives the same trace (for a verification: among the valid tags, and among the tampered
/// ones), and for a verification the control pair, accept against reject, differs. Returns the
/// failures, each with [`first_difference`]'s description of where the traces part.
pub fn judge<T: PartialEq + AsRef<[u64]>>(verify: bool, traces: &[T]) -> Vec<String> {
    let mut fails = Vec::new();
    let mut same = |what: &str, group: &[T]| {
        for (i, t) in group.iter().enumerate().skip(1) {
            if *t != group[0] {
                fails.push(format!(
                    "{what}, secrets 1 vs {}: {}",
                    i + 1,
                    first_difference(group[0].as_ref(), t.as_ref())
                ));
            }
        }
    };
    if verify {
        let (valid, tampered) = traces.split_at(traces.len() / 2);
        same("valid tag", valid);
        same(
            "tampered tag (each secret set tampered at another byte)",
            tampered,
        );
        if valid[0] == tampered[0] {
            fails.push("control pair: accept and reject gave the same trace".into());
        }
    } else {
        same("computation", traces);
    }
    fails
}
