//! Runs one function of the registry `reps` times on a `size`-byte message, for instruction counting
//! under valgrind's callgrind (`report --callgrind`): the difference between two repetition counts is the
//! cost of the calls alone, without process start-up.
//!
//! ```text
//! oneshot --list                                        every function, one a line
//! oneshot --backends <algorithm/implementation>         the backends of its family crate
//! oneshot <algorithm/implementation> <size> <reps> [--backend <name>]
//! ```
//!
//! `--backend <name>` forces that backend of the function's family crate (`hazmat::force_backend`,
//! names as `hazmat::Backend`'s `Display`) before the calls; the exit status is 3 when this CPU
//! cannot run it (under valgrind: AVX-512 and VAES), 2 when the family has no backend of that name.

// Which helpers the registry uses depends on the enabled families.
#![allow(dead_code)]

use std::hint::black_box;

use aead::{AeadInOut, KeyInit, Nonce, inout::InOutBuf};
use digest::{Digest, ExtendableOutput, Mac, Update, XofReader};

/// One measurable function: the family crate it belongs to (whose backend `--backend` forces),
/// its `algorithm/implementation` name and the call.
struct Entry {
    family: &'static str,
    name: &'static str,
    run: fn(&[u8]) -> u8,
}

/// A name and its call, as a family's block lists them.
type Named = (&'static str, fn(&[u8]) -> u8);

/// The entries of one family's block.
fn family(family: &'static str, entries: &[Named]) -> Vec<Entry> {
    entries
        .iter()
        .map(|&(name, run)| Entry { family, name, run })
        .collect()
}

fn hash<D: Digest>(m: &[u8]) -> u8 {
    D::digest(m)[0]
}

fn xof32<X: Default + Update + ExtendableOutput>(m: &[u8]) -> u8 {
    let mut x = X::default();
    x.update(m);
    let mut out = [0u8; 32];
    x.finalize_xof().read(&mut out);
    out[0]
}

fn encrypt<A: KeyInit + AeadInOut>(m: &[u8]) -> u8 {
    let key = aead::Key::<A>::default();
    let cipher = A::new(&key);
    let nonce = Nonce::<A>::default();
    let mut buf = m.to_vec();
    let tag = cipher
        .encrypt_inout_detached(&nonce, b"", InOutBuf::from(buf.as_mut_slice()))
        .expect("encrypt");
    tag[0] ^ buf.first().copied().unwrap_or(0)
}

fn mac<M: Mac + KeyInit>(m: &[u8]) -> u8 {
    let key = digest::common::Key::<M>::default();
    let mut h = <M as KeyInit>::new(&key);
    Mac::update(&mut h, m);
    h.finalize().into_bytes()[0]
}

/// The four quarters of `m` (the batch and four-state entries hash four equal-length messages).
#[cfg(feature = "keccak")]
fn quarters(m: &[u8]) -> [&[u8]; 4] {
    let q = m.len() / 4;
    [&m[..q], &m[q..2 * q], &m[2 * q..3 * q], &m[3 * q..4 * q]]
}

/// SHA3-256 of the four quarters of `m` in one `batch` call (the four-state path).
#[cfg(feature = "keccak")]
fn sha3_256_batch4(m: &[u8]) -> u8 {
    let mut outs = [[0u8; 32]; 4];
    lwc_keccak::batch::sha3_256(&quarters(m), &mut outs).expect("four outputs");
    outs[0][0] ^ outs[3][0]
}

/// SHA3-256 of the four quarters of `m`, one call each (what `sha3_256_batch4` replaces).
#[cfg(feature = "keccak")]
fn sha3_256_single4(m: &[u8]) -> u8 {
    quarters(m)
        .iter()
        .fold(0, |acc, q| acc ^ lwc_keccak::Sha3_256::digest(q)[0])
}

/// Keccak-f\[1600\] on the dispatched single-state backend, once per started 200 bytes of `m`.
#[cfg(feature = "keccak")]
fn keccak_f1600(m: &[u8]) -> u8 {
    let mut st = [0u64; 25];
    st[0] = m.len() as u64;
    for _ in 0..m.len().div_ceil(200).max(1) {
        lwc_keccak::hazmat::f1600(black_box(&mut st));
    }
    st[0] as u8
}

/// Keccak-f\[1600\] on four states (the dispatched four-state backend), once per started 800
/// bytes of `m`.
#[cfg(feature = "keccak")]
fn keccak_f1600_x4(m: &[u8]) -> u8 {
    let mut st = [[0u64; 25]; 4];
    st[0][0] = m.len() as u64;
    for _ in 0..m.len().div_ceil(800).max(1) {
        lwc_keccak::hazmat::f1600_x4(black_box(&mut st));
    }
    st[3][0] as u8
}

/// LeMac / PetitMac calls with the key setup done once per process: `compute` (one-shot),
/// `compute_many` on two copies of the message (the VAES two-lane path where the CPU has it; valgrind
/// hides VAES, so it counts the one-lane fallback), a keyed value cloned, updated and finalised.
#[cfg(feature = "lemac")]
mod lemac_calls {
    use std::sync::OnceLock;

    use lwc_lemac::digest::KeyInit;
    use lwc_lemac::{LeMac, Mac, PetitMac};

    const NONCE: [u8; 16] = [2; 16];

    fn lemac() -> &'static LeMac {
        static M: OnceLock<LeMac> = OnceLock::new();
        M.get_or_init(|| LeMac::new(&[1; 16].into()))
    }

    pub(crate) fn compute(m: &[u8]) -> u8 {
        lemac().compute(&NONCE, m)[0]
    }

    pub(crate) fn compute_many2(m: &[u8]) -> u8 {
        let t = lemac().compute_many(&[NONCE, NONCE], &[m, m]);
        t[0][0] ^ t[1][1]
    }

    pub(crate) fn stream(m: &[u8]) -> u8 {
        let mut h = lemac().clone();
        h.update(m);
        h.finalize().into_bytes()[0]
    }

    pub(crate) fn petitmac_compute(m: &[u8]) -> u8 {
        static P: OnceLock<PetitMac> = OnceLock::new();
        P.get_or_init(|| PetitMac::new(&[1; 16].into()))
            .compute(&NONCE, m)[0]
    }
}

fn registry() -> Vec<Entry> {
    #[allow(unused_mut)]
    let mut r: Vec<Entry> = Vec::new();
    #[cfg(feature = "keccak")]
    r.extend(family(
        "keccak",
        &[
            (
                "sha3_256/lwc",
                hash::<lwc_keccak::Sha3_256> as fn(&[u8]) -> u8,
            ),
            ("sha3_256/sha3", hash::<sha3::Sha3_256>),
            ("keccak256/lwc", hash::<lwc_keccak::Keccak256>),
            ("keccak256/sha3", hash::<sha3::Keccak256>),
            ("shake128/lwc", xof32::<lwc_keccak::Shake128>),
            ("shake128/shake", xof32::<shake::Shake128>),
            ("turboshake128/lwc", xof32::<lwc_keccak::TurboShake128>),
            (
                "turboshake128/turboshake",
                xof32::<turboshake::TurboShake128>,
            ),
            ("kt128/lwc", xof32::<lwc_keccak::Kt128>),
            ("kt128/k12", xof32::<k12::Kt128>),
            ("sha3_256_batch4/lwc", sha3_256_batch4),
            ("sha3_256_single4/lwc", sha3_256_single4),
            ("keccak_f1600/lwc", keccak_f1600),
            ("keccak_f1600_x4/lwc", keccak_f1600_x4),
        ],
    ));
    #[cfg(feature = "ascon")]
    {
        /// 16 bytes absorbed, `m.len()` bytes squeezed: the XOF's output loop (per output byte).
        fn xof_squeeze<X: Default + Update + ExtendableOutput>(m: &[u8]) -> u8 {
            let mut x = X::default();
            x.update(&m[..m.len().min(16)]);
            let mut out = vec![0u8; m.len()];
            x.finalize_xof().read(&mut out);
            out[0]
        }
        /// Decryption of `m` under a wrong (all-zero) tag: the whole decryption runs, then the
        /// output is zeroed.
        fn decrypt<A: KeyInit + AeadInOut>(m: &[u8]) -> u8 {
            let key = aead::Key::<A>::default();
            let cipher = A::new(&key);
            let mut buf = m.to_vec();
            let tag = aead::Tag::<A>::default();
            let r = cipher.decrypt_inout_detached(
                &Nonce::<A>::default(),
                b"",
                InOutBuf::from(buf.as_mut_slice()),
                &tag,
            );
            u8::from(r.is_ok()) ^ buf.first().copied().unwrap_or(0)
        }
        /// Ascon-CXOF128 with the customization string `ascon` and 32 bytes of output.
        fn cxof32(m: &[u8]) -> u8 {
            use digest::TryCustomizedInit;
            let mut x = lwc_ascon::AsconCxof128::try_new_customized(b"ascon").expect("short");
            x.update(m);
            let mut out = [0u8; 32];
            x.finalize_xof().read(&mut out);
            out[0]
        }
        r.extend(family(
            "ascon",
            &[
                (
                    "ascon_aead128_encrypt/lwc",
                    encrypt::<lwc_ascon::AsconAead128> as fn(&[u8]) -> u8,
                ),
                (
                    "ascon_aead128_encrypt/ascon-aead",
                    encrypt::<ascon_aead::AsconAead128>,
                ),
                ("ascon_hash256/lwc", hash::<lwc_ascon::AsconHash256>),
                ("ascon_hash256/ascon-hash", hash::<ascon_hash::AsconHash256>),
                ("ascon_xof128/lwc", xof32::<lwc_ascon::AsconXof128>),
                ("ascon_xof128/ascon-hash", xof32::<ascon_hash::AsconXof128>),
                // Customization "ascon" (ascon-hash 0.4 has no CXOF), 32 bytes out.
                ("ascon_cxof128/lwc", cxof32),
                // The XOF squeeze loop (once measured by the removed ascon/examples/callgrind.rs).
                (
                    "ascon_xof128_squeeze/lwc",
                    xof_squeeze::<lwc_ascon::AsconXof128>,
                ),
                (
                    "ascon_xof128_squeeze/ascon-hash",
                    xof_squeeze::<ascon_hash::AsconXof128>,
                ),
                // The other engine paths: decryption, the v1.2 byte order and rate-8 AEAD, and the
                // rate-32 MAC.
                (
                    "ascon_aead128_decrypt/lwc",
                    decrypt::<lwc_ascon::AsconAead128>,
                ),
                ("ascon128_encrypt/lwc", encrypt::<lwc_ascon::v12::Ascon128>),
                ("ascon_mac/lwc", mac::<lwc_ascon::v12::AsconMac>),
            ],
        ));
    }
    #[cfg(feature = "sparkle")]
    {
        /// XOEsch384 with 48 bytes of output (its digest size, as Esch384's).
        fn xof48<X: Default + Update + ExtendableOutput>(m: &[u8]) -> u8 {
            let mut x = X::default();
            x.update(m);
            let mut out = [0u8; 48];
            x.finalize_xof().read(&mut out);
            out[0]
        }
        use lwc_sparkle::{
            Esch256, Esch384, Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256,
            XoEsch256, XoEsch384,
        };
        r.extend(family(
            "sparkle",
            &[
                ("esch256/lwc", hash::<Esch256> as fn(&[u8]) -> u8),
                ("esch384/lwc", hash::<Esch384>),
                ("xoesch256/lwc", xof32::<XoEsch256>),
                ("xoesch384_48/lwc", xof48::<XoEsch384>),
                ("schwaemm256_128_encrypt/lwc", encrypt::<Schwaemm256_128>),
                ("schwaemm128_128_encrypt/lwc", encrypt::<Schwaemm128_128>),
                ("schwaemm192_192_encrypt/lwc", encrypt::<Schwaemm192_192>),
                ("schwaemm256_256_encrypt/lwc", encrypt::<Schwaemm256_256>),
            ],
        ));
    }
    #[cfg(feature = "lemac")]
    r.extend(family(
        "lemac",
        &[
            ("lemac/lwc", mac::<lwc_lemac::LeMac> as fn(&[u8]) -> u8),
            ("petitmac/lwc", mac::<lwc_lemac::PetitMac>),
            // Key setup outside the call (one keyed value per process, as the crate's users keep it).
            ("lemac_compute/lwc", lemac_calls::compute),
            ("lemac_compute_many2/lwc", lemac_calls::compute_many2),
            ("lemac_stream/lwc", lemac_calls::stream),
            ("petitmac_compute/lwc", lemac_calls::petitmac_compute),
        ],
    ));
    r
}

/// The names of the backends of `family`'s crate (`hazmat::Backend::ALL`).
fn backends_of(family: &str) -> Vec<String> {
    fn names<B: std::fmt::Display>(all: &[B]) -> Vec<String> {
        all.iter().map(ToString::to_string).collect()
    }
    match family {
        #[cfg(feature = "keccak")]
        "keccak" => names(lwc_keccak::hazmat::Backend::ALL),
        #[cfg(feature = "ascon")]
        "ascon" => names(lwc_ascon::hazmat::Backend::ALL),
        #[cfg(feature = "sparkle")]
        "sparkle" => names(lwc_sparkle::hazmat::Backend::ALL),
        #[cfg(feature = "lemac")]
        "lemac" => names(lwc_lemac::hazmat::Backend::ALL),
        _ => Vec::new(),
    }
}

/// Forces backend `name` of `family`'s crate: `None` when the family has no such backend, else
/// whether this CPU runs it (it is in force only then).
fn force(family: &str, name: &str) -> Option<bool> {
    fn by_name<B: Copy + std::fmt::Display>(
        all: &[B],
        force: fn(B) -> bool,
        name: &str,
    ) -> Option<bool> {
        let b = *all.iter().find(|b| b.to_string() == name)?;
        Some(force(b))
    }
    let _ = name;
    match family {
        #[cfg(feature = "keccak")]
        "keccak" => by_name(
            lwc_keccak::hazmat::Backend::ALL,
            lwc_keccak::hazmat::force_backend,
            name,
        ),
        #[cfg(feature = "ascon")]
        "ascon" => by_name(
            lwc_ascon::hazmat::Backend::ALL,
            lwc_ascon::hazmat::force_backend,
            name,
        ),
        #[cfg(feature = "sparkle")]
        "sparkle" => by_name(
            lwc_sparkle::hazmat::Backend::ALL,
            lwc_sparkle::hazmat::force_backend,
            name,
        ),
        #[cfg(feature = "lemac")]
        "lemac" => by_name(
            lwc_lemac::hazmat::Backend::ALL,
            lwc_lemac::hazmat::force_backend,
            name,
        ),
        _ => None,
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: oneshot --list | oneshot --backends <algorithm/implementation> | \
         oneshot <algorithm/implementation> <size> <reps> [--backend <name>]"
    );
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reg = registry();
    let find = |name: &str| {
        reg.iter().find(|e| e.name == name).unwrap_or_else(|| {
            eprintln!("oneshot: unknown function {name}");
            std::process::exit(2);
        })
    };
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["--list"] => {
            for e in &reg {
                println!("{}", e.name);
            }
        }
        ["--backends", name] => {
            for b in backends_of(find(name).family) {
                println!("{b}");
            }
        }
        [name, size, reps, rest @ ..] => {
            let entry = find(name);
            match rest {
                [] => {}
                ["--backend", b] => match force(entry.family, b) {
                    Some(true) => {}
                    Some(false) => {
                        eprintln!(
                            "oneshot: this CPU cannot run backend {b} of {}",
                            entry.family
                        );
                        std::process::exit(3);
                    }
                    None => {
                        eprintln!("oneshot: {} has no backend {b}", entry.family);
                        std::process::exit(2);
                    }
                },
                _ => usage(),
            }
            let size: usize = size.parse().unwrap_or_else(|_| usage());
            let reps: usize = reps.parse().unwrap_or_else(|_| usage());
            let msg = benches::input(size);
            let mut acc = 0u8;
            for _ in 0..reps {
                acc ^= (entry.run)(black_box(&msg));
            }
            black_box(acc);
        }
        _ => usage(),
    }
}
