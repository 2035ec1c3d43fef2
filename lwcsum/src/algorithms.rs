//! The algorithm registry: every hash, XOF and MAC of the workspace that fits a checksum tool.
//!
//! Each family's entries are compiled in only with that family's cargo feature, so the tool grows
//! with the workspace: a family crate that is not built simply has no entries here. An entry is
//! one line of a table (name, tag, lengths, parameters it takes, constructor); the constructors
//! are small generic functions over the RustCrypto traits the family crates implement.

#![allow(dead_code)] // with no family feature on, nothing is registered

use zeroize::Zeroizing;

mod constructors;
#[allow(unused_imports)] // with no family feature on, the registry uses none of them
use constructors::*;

/// A running computation over one input.
pub(crate) trait Hasher: Send {
    /// Absorbs `data`.
    fn update(&mut self, data: &[u8]);
    /// Whether [`Hasher::update_parallel`] reads and hashes on several threads (KT128, KT256:
    /// their tree allows it).
    fn reads_in_parallel(&self) -> bool {
        false
    }
    /// Absorbs `len` bytes of `source` with every thread of the rayon pool reading and hashing
    /// its own parts. Called only where [`Hasher::reads_in_parallel`]; the others say
    /// `Unsupported`.
    fn update_parallel(
        &mut self,
        _source: &crate::source::Source<'_>,
        _len: u64,
    ) -> std::io::Result<()> {
        Err(std::io::ErrorKind::Unsupported.into())
    }
    /// Writes the digest (or tag, or XOF output) into `out`, whose length the caller chose
    /// within the algorithm's range. Fails only for inputs the function cannot take
    /// (Ascon-PrfShort's 16-byte limit).
    fn finalize_into(self: Box<Self>, out: &mut [u8]) -> Result<(), String>;
}

/// What kind of function an algorithm is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Hash (fixed length, or with the output length as an input: TupleHash, ParallelHash).
    Hash,
    /// Extendable-output function: a shorter output is a prefix of a longer one.
    Xof,
    /// Keyed function (MAC or PRF); `--key-file` supplies the key.
    Mac {
        /// Key length in bytes, or `None` when any length is accepted (KMAC).
        key_len: Option<usize>,
        /// Whether it may run without a key (all-zero key: a non-cryptographic checksum).
        keyless: bool,
    },
}

/// The parameters an algorithm takes from the command line (bit set).
pub(crate) mod takes {
    /// `--customization` / `--customization-hex`.
    pub(crate) const CUSTOM: u8 = 1;
    /// `--function-name`.
    pub(crate) const FNAME: u8 = 2;
    /// `--block-size`.
    pub(crate) const BLOCK: u8 = 4;
    /// `--domain`.
    pub(crate) const DOMAIN: u8 = 8;
    /// Each parameter with its option name, for messages and `--list`.
    pub(crate) const ALL: [(u8, &str); 4] = [
        (CUSTOM, "--customization"),
        (FNAME, "--function-name"),
        (BLOCK, "--block-size"),
        (DOMAIN, "--domain"),
    ];
}

/// ParallelHash block size when `--block-size` is not given (bytes; KT's chunk size).
pub(crate) const DEFAULT_BLOCK_SIZE: usize = 8192;

/// Command-line parameters of a computation. No `Debug`: it holds the key.
#[derive(Default)]
pub(crate) struct Params {
    /// MAC key (`--key-file`, `--keyed`), wiped when dropped.
    pub(crate) key: Option<Zeroizing<Vec<u8>>>,
    /// Customization string `S` / `C` / `Z`.
    pub(crate) customization: Option<Vec<u8>>,
    /// cSHAKE function name `N`.
    pub(crate) function_name: Option<Vec<u8>>,
    /// ParallelHash block size `B` in bytes.
    pub(crate) block_size: Option<usize>,
    /// TurboSHAKE domain byte `D`.
    pub(crate) domain: Option<u8>,
}

impl Params {
    /// Which parameters were given (a [`takes`] bit set; the key is not one of them).
    pub(crate) fn given(&self) -> u8 {
        let mut g = 0;
        for (set, bit) in [
            (self.customization.is_some(), takes::CUSTOM),
            (self.function_name.is_some(), takes::FNAME),
            (self.block_size.is_some(), takes::BLOCK),
            (self.domain.is_some(), takes::DOMAIN),
        ] {
            if set {
                g |= bit;
            }
        }
        g
    }

    fn custom(&self) -> &[u8] {
        self.customization.as_deref().unwrap_or_default()
    }

    fn fname(&self) -> &[u8] {
        self.function_name.as_deref().unwrap_or_default()
    }
}

type Ctor = fn(&Params) -> Result<Box<dyn Hasher>, String>;

/// One entry of the registry.
#[derive(Clone, Copy)]
pub(crate) struct Algorithm {
    /// Name given to `-a`, lower case.
    pub(crate) name: &'static str,
    /// Name in tagged (BSD) lines; variable-length outputs get `-<bits>` appended.
    pub(crate) tag: &'static str,
    /// The family crate it comes from.
    pub(crate) family: &'static str,
    /// One-line description for `--list`.
    pub(crate) description: &'static str,
    /// Hash, XOF or keyed.
    pub(crate) kind: Kind,
    /// Output length in bytes (the default length when it is variable).
    pub(crate) out_len: usize,
    /// Smallest and largest output length in bytes (equal when fixed).
    pub(crate) lengths: (usize, usize),
    /// The parameters it takes (a [`takes`] bit set).
    pub(crate) takes: u8,
    new: Ctor,
}

impl core::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Algorithm")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Algorithm {
    fn new(
        name: &'static str,
        tag: &'static str,
        kind: Kind,
        out_len: usize,
        new: Ctor,
        description: &'static str,
    ) -> Self {
        Self {
            name,
            tag,
            family: "",
            description,
            kind,
            out_len,
            lengths: (out_len, out_len),
            takes: 0,
            new,
        }
    }

    /// Output lengths from 1 to `max` bytes.
    fn up_to(self, max: usize) -> Self {
        Self {
            lengths: (1, max),
            ..self
        }
    }

    /// Output lengths from 1 to [`crate::MAX_LENGTH`] bytes.
    fn variable(self) -> Self {
        self.up_to(crate::MAX_LENGTH)
    }

    fn takes(self, takes: u8) -> Self {
        Self { takes, ..self }
    }

    /// Starts a computation. Fails on a missing or wrong-length key and on parameters the
    /// function rejects (a block size of 0, a domain byte out of range, ...).
    pub(crate) fn start(&self, p: &Params) -> Result<Box<dyn Hasher>, String> {
        if let Kind::Mac { key_len, keyless } = self.kind {
            match (&p.key, key_len) {
                (None, _) if !keyless => return Err(format!("{} needs --key-file", self.name)),
                (Some(k), Some(n)) if k.len() != n => {
                    return Err(format!("key must be {n} bytes, got {}", k.len()));
                }
                _ => {}
            }
        }
        (self.new)(p)
    }

    /// Whether `-l` applies.
    pub(crate) fn is_variable(&self) -> bool {
        self.lengths.0 != self.lengths.1
    }

    /// The tag (BSD) name for an output of `len` bytes.
    pub(crate) fn tag_for(&self, len: usize) -> String {
        if self.is_variable() {
            format!("{}-{}", self.tag, len * 8)
        } else {
            self.tag.to_string()
        }
    }

    /// Whether it is keyed (a MAC or PRF).
    pub(crate) fn is_mac(&self) -> bool {
        matches!(self.kind, Kind::Mac { .. })
    }
}

/// The default algorithm (see the README for the reasons).
#[cfg(feature = "keccak")]
pub(crate) const DEFAULT: &str = "kt128";
/// The default algorithm when the keccak family is not built.
#[cfg(all(not(feature = "keccak"), feature = "ascon"))]
pub(crate) const DEFAULT: &str = "ascon-hash256";
/// The default algorithm when neither keccak nor ascon is built.
#[cfg(all(not(feature = "keccak"), not(feature = "ascon"), feature = "sparkle"))]
pub(crate) const DEFAULT: &str = "esch256";
/// The default algorithm when only lemac is built.
#[cfg(all(
    not(feature = "keccak"),
    not(feature = "ascon"),
    not(feature = "sparkle"),
    feature = "lemac"
))]
pub(crate) const DEFAULT: &str = "lemac";
/// No family built: there is no default.
#[cfg(not(any(
    feature = "keccak",
    feature = "ascon",
    feature = "sparkle",
    feature = "lemac"
)))]
pub(crate) const DEFAULT: &str = "none";

/// Appends `entries` to `v` under `family`.
fn family(
    v: &mut Vec<Algorithm>,
    family: &'static str,
    entries: impl IntoIterator<Item = Algorithm>,
) {
    v.extend(entries.into_iter().map(|a| Algorithm { family, ..a }));
}

/// All algorithms compiled into this build, in `--list` order.
#[allow(unused_mut)]
#[rustfmt::skip]
pub(crate) fn registry() -> Vec<Algorithm> {
    let mut v = Vec::new();
    #[cfg(feature = "keccak")]
    {
        use lwc_keccak as k;
        use keccak::*;
        use takes::{BLOCK, CUSTOM, DOMAIN, FNAME};
        family(&mut v, "keccak", [
            var("kt128", "KT128", Kind::Xof, 32, kt::<168>, "KangarooTwelve KT128 (RFC 9861), tree-parallel", CUSTOM),
            var("kt256", "KT256", Kind::Xof, 64, kt::<136>, "KT256 (RFC 9861), tree-parallel", CUSTOM),
            var("turboshake128", "TURBOSHAKE128", Kind::Xof, 32, turboshake::<168>, "TurboSHAKE128 (RFC 9861), D=0x1F unless --domain", DOMAIN),
            var("turboshake256", "TURBOSHAKE256", Kind::Xof, 64, turboshake::<136>, "TurboSHAKE256 (RFC 9861), D=0x1F unless --domain", DOMAIN),
            hash::<k::Sha3_224>("sha3-224", "SHA3-224", "SHA3-224 (FIPS 202)"),
            hash::<k::Sha3_256>("sha3-256", "SHA3-256", "SHA3-256 (FIPS 202)"),
            hash::<k::Sha3_384>("sha3-384", "SHA3-384", "SHA3-384 (FIPS 202)"),
            hash::<k::Sha3_512>("sha3-512", "SHA3-512", "SHA3-512 (FIPS 202)"),
            xof::<k::Shake128>("shake128", "SHAKE128", 32, "SHAKE128 (FIPS 202)"),
            xof::<k::Shake256>("shake256", "SHAKE256", 64, "SHAKE256 (FIPS 202)"),
            var("cshake128", "CSHAKE128", Kind::Xof, 32, cshake::<168>, "cSHAKE128 (SP 800-185)", CUSTOM | FNAME),
            var("cshake256", "CSHAKE256", Kind::Xof, 64, cshake::<136>, "cSHAKE256 (SP 800-185)", CUSTOM | FNAME),
            hash::<k::Keccak224>("keccak224", "KECCAK-224", "Keccak-224 (original padding)"),
            hash::<k::Keccak256>("keccak256", "KECCAK-256", "Keccak-256 (original padding, Ethereum)"),
            hash::<k::Keccak384>("keccak384", "KECCAK-384", "Keccak-384 (original padding)"),
            hash::<k::Keccak512>("keccak512", "KECCAK-512", "Keccak-512 (original padding)"),
            hash::<k::Keccak256Full>("keccak256full", "KECCAK-256-FULL", "Keccak-256 with the whole 200-byte state as output (CryptoNight)"),
            var("tuplehash128", "TUPLEHASH128", Kind::Hash, 32, tuplehash::<168>, "TupleHash128 (SP 800-185) of the 1-tuple (input); L = -l", CUSTOM),
            var("tuplehash256", "TUPLEHASH256", Kind::Hash, 64, tuplehash::<136>, "TupleHash256 (SP 800-185) of the 1-tuple (input); L = -l", CUSTOM),
            var("tuplehashxof128", "TUPLEHASHXOF128", Kind::Xof, 32, tuplehashxof::<168>, "TupleHashXOF128 (SP 800-185) of the 1-tuple (input)", CUSTOM),
            var("tuplehashxof256", "TUPLEHASHXOF256", Kind::Xof, 64, tuplehashxof::<136>, "TupleHashXOF256 (SP 800-185) of the 1-tuple (input)", CUSTOM),
            var("parallelhash128", "PARALLELHASH128", Kind::Hash, 32, parallelhash::<168>, "ParallelHash128 (SP 800-185), B=8192 unless --block-size; L = -l", CUSTOM | BLOCK),
            var("parallelhash256", "PARALLELHASH256", Kind::Hash, 64, parallelhash::<136>, "ParallelHash256 (SP 800-185), B=8192 unless --block-size; L = -l", CUSTOM | BLOCK),
            var("parallelhashxof128", "PARALLELHASHXOF128", Kind::Xof, 32, parallelhashxof::<168>, "ParallelHashXOF128 (SP 800-185), B=8192 unless --block-size", CUSTOM | BLOCK),
            var("parallelhashxof256", "PARALLELHASHXOF256", Kind::Xof, 64, parallelhashxof::<136>, "ParallelHashXOF256 (SP 800-185), B=8192 unless --block-size", CUSTOM | BLOCK),
            var("kmac128", "KMAC128", ANY_KEY, 32, kmac::<168>, "KMAC128 (SP 800-185), key of any length; L = -l", CUSTOM),
            var("kmac256", "KMAC256", ANY_KEY, 64, kmac::<136>, "KMAC256 (SP 800-185), key of any length; L = -l", CUSTOM),
            var("kmacxof128", "KMACXOF128", ANY_KEY, 32, kmacxof::<168>, "KMACXOF128 (SP 800-185), key of any length", CUSTOM),
            var("kmacxof256", "KMACXOF256", ANY_KEY, 64, kmacxof::<136>, "KMACXOF256 (SP 800-185), key of any length", CUSTOM),
        ]);
    }
    #[cfg(feature = "ascon")]
    {
        use lwc_ascon::{self as a, v12, v13};
        use ascon::*;
        use takes::CUSTOM;
        family(&mut v, "ascon", [
            hash::<a::AsconHash256>("ascon-hash256", "ASCON-HASH256", "Ascon-Hash256 (SP 800-232)"),
            xof::<a::AsconXof128>("ascon-xof128", "ASCON-XOF128", 32, "Ascon-XOF128 (SP 800-232)"),
            var("ascon-cxof128", "ASCON-CXOF128", Kind::Xof, 32, cxof, "Ascon-CXOF128 (SP 800-232), customization of at most 256 bytes", CUSTOM),
            hash::<v12::AsconHash>("ascon-hash-v12", "ASCON-HASH-V12", "Ascon-Hash (v1.2, LWC finalist)"),
            hash::<v12::AsconHasha>("ascon-hasha-v12", "ASCON-HASHA-V12", "Ascon-Hasha (v1.2, LWC finalist)"),
            xof::<v12::AsconXof>("ascon-xof-v12", "ASCON-XOF-V12", 32, "Ascon-Xof (v1.2, LWC finalist)"),
            xof::<v12::AsconXofa>("ascon-xofa-v12", "ASCON-XOFA-V12", 32, "Ascon-Xofa (v1.2, LWC finalist)"),
            mac::<v12::AsconMac>("ascon-mac-v12", "ASCON-MAC-V12", false, "Ascon-Mac (v1.2), 16-byte key and tag"),
            mac::<v12::AsconMaca>("ascon-maca-v12", "ASCON-MACA-V12", false, "Ascon-Maca (v1.2), 16-byte key and tag"),
            prf::<v12::AsconPrf>("ascon-prf-v12", "ASCON-PRF-V12", 16, "Ascon-Prf (v1.2), 16-byte key, keyed XOF"),
            prf::<v12::AsconPrfa>("ascon-prfa-v12", "ASCON-PRFA-V12", 16, "Ascon-Prfa (v1.2), 16-byte key, keyed XOF"),
            Algorithm::new("ascon-prfshort-v12", "ASCON-PRFSHORT-V12", KEY16, 16, prf_short::<false>, "Ascon-PrfShort (v1.2), 16-byte key, input of at most 16 bytes; L = -l (1 to 16)").up_to(16),
            mac::<v13::AsconMac>("ascon-mac-v13", "ASCON-MAC-V13", false, "Ascon-Mac (little-endian v1.3), 16-byte key and tag"),
            prf::<v13::AsconPrf>("ascon-prf-v13", "ASCON-PRF-V13", 16, "Ascon-Prf (little-endian v1.3), 16-byte key, keyed XOF"),
            Algorithm::new("ascon-prfshort-v13", "ASCON-PRFSHORT-V13", KEY16, 16, prf_short::<true>, "Ascon-PrfShort (little-endian v1.3), 16-byte key, input of at most 16 bytes; L = -l (1 to 16)").up_to(16),
        ]);
    }
    #[cfg(feature = "sparkle")]
    {
        use lwc_sparkle as s;
        family(&mut v, "sparkle", [
            hash::<s::Esch256>("esch256", "ESCH256", "Esch256 (SPARKLE family)"),
            hash::<s::Esch384>("esch384", "ESCH384", "Esch384 (SPARKLE family)"),
            xof::<s::XoEsch256>("xoesch256", "XOESCH256", 32, "XOEsch256 (SPARKLE family)"),
            xof::<s::XoEsch384>("xoesch384", "XOESCH384", 48, "XOEsch384 (SPARKLE family)"),
        ]);
    }
    #[cfg(feature = "lemac")]
    {
        use lwc_lemac as l;
        family(&mut v, "lemac", [
            mac::<l::LeMac>("lemac", "LEMAC", true, "LeMac, zero nonce; without --key-file the zero key: lemacsum's NON-cryptographic checksum"),
            mac::<l::PetitMac>("petitmac", "PETITMAC", true, "PetitMac, zero nonce; without --key-file the zero key: a NON-cryptographic checksum"),
        ]);
    }
    v
}

/// Looks an algorithm up by its `-a` name (case-insensitive).
pub(crate) fn by_name<'a>(reg: &'a [Algorithm], name: &str) -> Option<&'a Algorithm> {
    reg.iter().find(|a| a.name.eq_ignore_ascii_case(name))
}

/// Looks up the algorithm and output length of a tag as written in a tagged line
/// (`SHA3-256`, `SHAKE128-256`, ...). Case-sensitive, as GNU is.
pub(crate) fn by_tag<'a>(reg: &'a [Algorithm], tag: &[u8]) -> Option<(&'a Algorithm, usize)> {
    for a in reg {
        if !a.is_variable() {
            if a.tag.as_bytes() == tag {
                return Some((a, a.out_len));
            }
            continue;
        }
        let Some(bits) = tag
            .strip_prefix(a.tag.as_bytes())
            .and_then(|r| r.strip_prefix(b"-"))
        else {
            continue;
        };
        if bits.is_empty()
            || bits[0] == b'0'
            || bits.len() > 9
            || !bits.iter().all(u8::is_ascii_digit)
        {
            continue;
        }
        let bits = bits
            .iter()
            .fold(0usize, |n, &d| n * 10 + usize::from(d - b'0'));
        let (lo, hi) = a.lengths;
        if bits % 8 == 0 && (lo..=hi).contains(&(bits / 8)) {
            return Some((a, bits / 8));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 21, defect 6: the key is held in memory that is wiped on drop.
    #[test]
    fn the_key_is_zeroizing() {
        fn wiped_on_drop(_: &Option<Zeroizing<Vec<u8>>>) {}
        let p = Params {
            key: Some(Zeroizing::new(vec![1, 2, 3])),
            ..Params::default()
        };
        wiped_on_drop(&p.key);
        assert_eq!(p.key.as_deref().map(Vec::len), Some(3));
    }
}
