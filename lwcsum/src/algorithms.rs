//! The algorithm registry: every hash, XOF and MAC of the workspace that fits a checksum tool.
//!
//! Each family's entries are compiled in only with that family's cargo feature, so the tool grows
//! with the workspace: a family crate that is not built simply has no entries here.

use digest::{ExtendableOutput, FixedOutput, KeyInit, OutputSizeUser, Update};

/// A running computation over one input.
pub(crate) trait Hasher: Send {
    /// Absorbs `data`.
    fn update(&mut self, data: &[u8]);
    /// Writes the digest (or tag, or XOF output) into `out`, whose length the registry chose.
    fn finalize_into(self: Box<Self>, out: &mut [u8]);
}

/// What kind of function an algorithm is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Fixed-length hash.
    Hash,
    /// Extendable-output function; `-l` picks the output length.
    Xof,
    /// Message authentication code; `--key-file` supplies the key.
    Mac {
        /// Key length in bytes, or `None` when any length is accepted (KMAC).
        key_len: Option<usize>,
        /// Whether the MAC may run without a key (all-zero key: a non-cryptographic checksum).
        keyless: bool,
    },
}

type Ctor = fn(Option<&[u8]>) -> Result<Box<dyn Hasher>, String>;

/// One entry of the registry.
#[derive(Clone, Copy)]
pub(crate) struct Algorithm {
    /// Name given to `-a`, lower case.
    pub(crate) name: &'static str,
    /// Name in tagged (BSD) lines; XOFs get `-<bits>` appended.
    pub(crate) tag: &'static str,
    /// The family crate it comes from.
    pub(crate) family: &'static str,
    /// One-line description for `--list`.
    pub(crate) description: &'static str,
    /// Hash, XOF or MAC.
    pub(crate) kind: Kind,
    /// Output length in bytes (the default length for XOFs).
    pub(crate) out_len: usize,
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
    /// Starts a computation; `key` must be `Some` for keyed MACs (the caller checks the kind).
    pub(crate) fn start(&self, key: Option<&[u8]>) -> Result<Box<dyn Hasher>, String> {
        (self.new)(key)
    }

    /// The tag (BSD) name for an output of `len` bytes.
    pub(crate) fn tag_for(&self, len: usize) -> String {
        match self.kind {
            Kind::Xof => format!("{}-{}", self.tag, len * 8),
            _ => self.tag.to_string(),
        }
    }

    /// Whether the output of this algorithm without a key is only a checksum.
    pub(crate) fn is_mac(&self) -> bool {
        matches!(self.kind, Kind::Mac { .. })
    }
}

struct FixedHasher<D>(D);

impl<D: Update + FixedOutput + Send> Hasher for FixedHasher<D> {
    fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
    fn finalize_into(self: Box<Self>, out: &mut [u8]) {
        out.copy_from_slice(&self.0.finalize_fixed());
    }
}

struct XofHasher<D>(D);

impl<D: Update + ExtendableOutput + Send> Hasher for XofHasher<D> {
    fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
    fn finalize_into(self: Box<Self>, out: &mut [u8]) {
        self.0.finalize_xof_into(out);
    }
}

fn new_fixed<D: Default + Update + FixedOutput + Send + 'static>(
    _key: Option<&[u8]>,
) -> Result<Box<dyn Hasher>, String> {
    Ok(Box::new(FixedHasher(D::default())))
}

fn new_xof<D: Default + Update + ExtendableOutput + Send + 'static>(
    _key: Option<&[u8]>,
) -> Result<Box<dyn Hasher>, String> {
    Ok(Box::new(XofHasher(D::default())))
}

fn new_mac<M: KeyInit + Update + FixedOutput + Send + 'static>(
    key: Option<&[u8]>,
) -> Result<Box<dyn Hasher>, String> {
    let zero;
    let key = match key {
        Some(k) => k,
        None => {
            zero = vec![0u8; M::key_size()];
            &zero
        }
    };
    match M::new_from_slice(key) {
        Ok(m) => Ok(Box::new(FixedHasher(m))),
        Err(_) => Err(format!("invalid key length {} bytes", key.len())),
    }
}

#[allow(dead_code)] // unused when no family feature is on
fn fixed<D: Default + Update + FixedOutput + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    family: &'static str,
    description: &'static str,
) -> Algorithm {
    Algorithm {
        name,
        tag,
        family,
        description,
        kind: Kind::Hash,
        out_len: D::output_size(),
        new: new_fixed::<D>,
    }
}

#[allow(dead_code)] // unused when no family feature is on
fn xof<D: Default + Update + ExtendableOutput + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    family: &'static str,
    description: &'static str,
    default_len: usize,
) -> Algorithm {
    Algorithm {
        name,
        tag,
        family,
        description,
        kind: Kind::Xof,
        out_len: default_len,
        new: new_xof::<D>,
    }
}

#[allow(dead_code)] // unused when no family feature is on
fn mac<M: KeyInit + Update + FixedOutput + OutputSizeUser + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    family: &'static str,
    description: &'static str,
    any_key_len: bool,
    keyless: bool,
) -> Algorithm {
    let key_len = if any_key_len {
        None
    } else {
        Some(M::key_size())
    };
    Algorithm {
        name,
        tag,
        family,
        description,
        kind: Kind::Mac { key_len, keyless },
        out_len: M::output_size(),
        new: new_mac::<M>,
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

/// All algorithms compiled into this build, in `--list` order.
#[allow(unused_mut, clippy::vec_init_then_push)]
pub(crate) fn registry() -> Vec<Algorithm> {
    let mut v = Vec::new();
    #[cfg(feature = "keccak")]
    {
        use lwc_keccak as k;
        const F: &str = "keccak";
        v.push(xof::<k::Kt128>(
            "kt128",
            "KT128",
            F,
            "KangarooTWELVE KT128 (RFC 9861), tree-parallel",
            32,
        ));
        v.push(xof::<k::Kt256>(
            "kt256",
            "KT256",
            F,
            "KT256 (RFC 9861), tree-parallel",
            64,
        ));
        v.push(xof::<k::TurboShake128>(
            "turboshake128",
            "TURBOSHAKE128",
            F,
            "TurboSHAKE128 (RFC 9861), D=0x1F",
            32,
        ));
        v.push(xof::<k::TurboShake256>(
            "turboshake256",
            "TURBOSHAKE256",
            F,
            "TurboSHAKE256 (RFC 9861), D=0x1F",
            64,
        ));
        v.push(fixed::<k::Sha3_224>(
            "sha3-224",
            "SHA3-224",
            F,
            "SHA3-224 (FIPS 202)",
        ));
        v.push(fixed::<k::Sha3_256>(
            "sha3-256",
            "SHA3-256",
            F,
            "SHA3-256 (FIPS 202)",
        ));
        v.push(fixed::<k::Sha3_384>(
            "sha3-384",
            "SHA3-384",
            F,
            "SHA3-384 (FIPS 202)",
        ));
        v.push(fixed::<k::Sha3_512>(
            "sha3-512",
            "SHA3-512",
            F,
            "SHA3-512 (FIPS 202)",
        ));
        v.push(xof::<k::Shake128>(
            "shake128",
            "SHAKE128",
            F,
            "SHAKE128 (FIPS 202)",
            32,
        ));
        v.push(xof::<k::Shake256>(
            "shake256",
            "SHAKE256",
            F,
            "SHAKE256 (FIPS 202)",
            64,
        ));
        v.push(fixed::<k::Keccak224>(
            "keccak224",
            "KECCAK-224",
            F,
            "Keccak-224 (original padding)",
        ));
        v.push(fixed::<k::Keccak256>(
            "keccak256",
            "KECCAK-256",
            F,
            "Keccak-256 (original padding, Ethereum)",
        ));
        v.push(fixed::<k::Keccak384>(
            "keccak384",
            "KECCAK-384",
            F,
            "Keccak-384 (original padding)",
        ));
        v.push(fixed::<k::Keccak512>(
            "keccak512",
            "KECCAK-512",
            F,
            "Keccak-512 (original padding)",
        ));
        v.push(mac::<k::Kmac128>(
            "kmac128",
            "KMAC128",
            F,
            "KMAC128 (SP 800-185), key of any length, 32-byte tag",
            true,
            false,
        ));
        v.push(mac::<k::Kmac256>(
            "kmac256",
            "KMAC256",
            F,
            "KMAC256 (SP 800-185), key of any length, 64-byte tag",
            true,
            false,
        ));
    }
    #[cfg(feature = "ascon")]
    {
        use lwc_ascon as a;
        const F: &str = "ascon";
        v.push(fixed::<a::AsconHash256>(
            "ascon-hash256",
            "ASCON-HASH256",
            F,
            "Ascon-Hash256 (SP 800-232)",
        ));
        v.push(xof::<a::AsconXof128>(
            "ascon-xof128",
            "ASCON-XOF128",
            F,
            "Ascon-XOF128 (SP 800-232)",
            32,
        ));
        v.push(fixed::<a::v12::AsconHash>(
            "ascon-hash-v12",
            "ASCON-HASH-V12",
            F,
            "Ascon-Hash (v1.2, LWC finalist)",
        ));
        v.push(fixed::<a::v12::AsconHasha>(
            "ascon-hasha-v12",
            "ASCON-HASHA-V12",
            F,
            "Ascon-Hasha (v1.2, LWC finalist)",
        ));
        v.push(xof::<a::v12::AsconXof>(
            "ascon-xof-v12",
            "ASCON-XOF-V12",
            F,
            "Ascon-Xof (v1.2, LWC finalist)",
            32,
        ));
        v.push(xof::<a::v12::AsconXofa>(
            "ascon-xofa-v12",
            "ASCON-XOFA-V12",
            F,
            "Ascon-Xofa (v1.2, LWC finalist)",
            32,
        ));
        v.push(mac::<a::v12::AsconMac>(
            "ascon-mac-v12",
            "ASCON-MAC-V12",
            F,
            "Ascon-Mac (v1.2), 16-byte key and tag",
            false,
            false,
        ));
        v.push(mac::<a::v12::AsconMaca>(
            "ascon-maca-v12",
            "ASCON-MACA-V12",
            F,
            "Ascon-Maca (v1.2), 16-byte key and tag",
            false,
            false,
        ));
        v.push(mac::<a::v13::AsconMac>(
            "ascon-mac-v13",
            "ASCON-MAC-V13",
            F,
            "Ascon-Mac (little-endian v1.3), 16-byte key and tag",
            false,
            false,
        ));
    }
    #[cfg(feature = "sparkle")]
    {
        use lwc_sparkle as s;
        const F: &str = "sparkle";
        v.push(fixed::<s::Esch256>(
            "esch256",
            "ESCH256",
            F,
            "Esch256 (SPARKLE family)",
        ));
        v.push(fixed::<s::Esch384>(
            "esch384",
            "ESCH384",
            F,
            "Esch384 (SPARKLE family)",
        ));
        v.push(xof::<s::XoEsch256>(
            "xoesch256",
            "XOESCH256",
            F,
            "XOEsch256 (SPARKLE family)",
            32,
        ));
        v.push(xof::<s::XoEsch384>(
            "xoesch384",
            "XOESCH384",
            F,
            "XOEsch384 (SPARKLE family)",
            48,
        ));
    }
    #[cfg(feature = "lemac")]
    {
        use lwc_lemac as l;
        const F: &str = "lemac";
        v.push(mac::<l::LeMac>(
            "lemac",
            "LEMAC",
            F,
            "LeMac, zero nonce; without --key-file the zero key: lemacsum's NON-cryptographic checksum",
            false,
            true,
        ));
        v.push(mac::<l::PetitMac>(
            "petitmac",
            "PETITMAC",
            F,
            "PetitMac, zero nonce; without --key-file the zero key: a NON-cryptographic checksum",
            false,
            true,
        ));
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
        match a.kind {
            Kind::Xof => {
                let base = a.tag.as_bytes();
                if tag.len() > base.len() + 1 && tag.starts_with(base) && tag[base.len()] == b'-' {
                    let bits = core::str::from_utf8(&tag[base.len() + 1..]).ok()?;
                    if !bits.bytes().all(|b| b.is_ascii_digit()) || bits.starts_with('0') {
                        continue;
                    }
                    let bits: usize = bits.parse().ok()?;
                    if bits % 8 == 0 && bits > 0 && bits / 8 <= crate::MAX_LENGTH {
                        return Some((a, bits / 8));
                    }
                }
            }
            _ => {
                if a.tag.as_bytes() == tag {
                    return Some((a, a.out_len));
                }
            }
        }
    }
    None
}
