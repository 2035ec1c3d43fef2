//! Every algorithm's Rust state behind the generic Python objects of [`crate::hashes`]: one enum,
//! its `update`, its output (fixed digest, SP 800-185 output of length `L`, or XOF bytes) and the
//! constant-time tag check of the MACs.

use lwc_ascon::{AsconCxof128, AsconHash256, AsconXof128};
use lwc_keccak::{
    CShake128, CShake256, Digest, DynTurboShake128, DynTurboShake256, ExtendableOutput, Keccak224,
    Keccak256, Keccak384, Keccak512, Kmac128, Kmac256, Kt128, Kt256, ParallelHash128,
    ParallelHash256, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256, TupleHash128,
    TupleHash256, Update, XofReader,
};
use lwc_lemac::{LeMac, Mac, PetitMac};
use lwc_sparkle::{Esch256, Esch384, XoEsch256, XoEsch384};

/// Every algorithm's Rust state. The SP 800-185 functions come twice: with an output length `L`
/// fixed at construction (the `*Fixed` variants: a different `L` is a different function) and as
/// their XOF (`L` = 0, any output length).
///
/// The variants' sizes differ (ParallelHash holds three sponges, LeMac its key schedule): one
/// state lives per Python object, behind its lock, so boxing the large ones would only add an
/// allocation and an indirection per object.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(crate) enum Hasher {
    Sha3_224(Sha3_224),
    Sha3_256(Sha3_256),
    Sha3_384(Sha3_384),
    Sha3_512(Sha3_512),
    Keccak224(Keccak224),
    Keccak256(Keccak256),
    Keccak384(Keccak384),
    Keccak512(Keccak512),
    AsconHash256(AsconHash256),
    Esch256(Esch256),
    Esch384(Esch384),
    Shake128(Shake128),
    Shake256(Shake256),
    CShake128(CShake128),
    CShake256(CShake256),
    TurboShake128(DynTurboShake128),
    TurboShake256(DynTurboShake256),
    Kt128(Kt128),
    Kt256(Kt256),
    AsconXof128(AsconXof128),
    AsconCxof128(AsconCxof128),
    XoEsch256(XoEsch256),
    XoEsch384(XoEsch384),
    Kmac128Fixed(Kmac128),
    Kmac256Fixed(Kmac256),
    Kmac128Xof(Kmac128),
    Kmac256Xof(Kmac256),
    /// TupleHash: each `update` is one whole item of the tuple.
    TupleHash128Fixed(TupleHash128),
    TupleHash256Fixed(TupleHash256),
    TupleHash128Xof(TupleHash128),
    TupleHash256Xof(TupleHash256),
    ParallelHash128Fixed(ParallelHash128),
    ParallelHash256Fixed(ParallelHash256),
    ParallelHash128Xof(ParallelHash128),
    ParallelHash256Xof(ParallelHash256),
    LeMac(LeMac),
    PetitMac(PetitMac),
}

impl Hasher {
    pub(crate) fn update(&mut self, data: &[u8]) {
        match self {
            Self::Sha3_224(h) => Update::update(h, data),
            Self::Sha3_256(h) => Update::update(h, data),
            Self::Sha3_384(h) => Update::update(h, data),
            Self::Sha3_512(h) => Update::update(h, data),
            Self::Keccak224(h) => Update::update(h, data),
            Self::Keccak256(h) => Update::update(h, data),
            Self::Keccak384(h) => Update::update(h, data),
            Self::Keccak512(h) => Update::update(h, data),
            Self::AsconHash256(h) => Update::update(h, data),
            Self::Esch256(h) => Update::update(h, data),
            Self::Esch384(h) => Update::update(h, data),
            Self::Shake128(h) => h.update(data),
            Self::Shake256(h) => h.update(data),
            Self::CShake128(h) => h.update(data),
            Self::CShake256(h) => h.update(data),
            Self::TurboShake128(h) => h.update(data),
            Self::TurboShake256(h) => h.update(data),
            Self::Kt128(h) => h.update(data),
            Self::Kt256(h) => h.update(data),
            Self::AsconXof128(h) => h.update(data),
            Self::AsconCxof128(h) => h.update(data),
            Self::XoEsch256(h) => h.update(data),
            Self::XoEsch384(h) => h.update(data),
            Self::Kmac128Fixed(h) | Self::Kmac128Xof(h) => Update::update(h, data),
            Self::Kmac256Fixed(h) | Self::Kmac256Xof(h) => Update::update(h, data),
            Self::TupleHash128Fixed(h) | Self::TupleHash128Xof(h) => h.update_item(data),
            Self::TupleHash256Fixed(h) | Self::TupleHash256Xof(h) => h.update_item(data),
            Self::ParallelHash128Fixed(h) | Self::ParallelHash128Xof(h) => h.update(data),
            Self::ParallelHash256Fixed(h) | Self::ParallelHash256Xof(h) => h.update(data),
            Self::LeMac(h) => Update::update(h, data),
            Self::PetitMac(h) => Update::update(h, data),
        }
    }

    /// Writes the digest (fixed-size functions, `out` of the digest's size), the output of
    /// length `L = 8 * out.len()` bits (the SP 800-185 `*Fixed` functions) or `out.len()`
    /// output bytes (XOFs) into `out`, which the caller allocated (fallibly) first.
    pub(crate) fn finalize_into(self, out: &mut [u8]) {
        fn fixed(digest: &[u8], out: &mut [u8]) {
            for (o, d) in out.iter_mut().zip(digest) {
                *o = *d;
            }
        }
        fn xof<X: ExtendableOutput>(h: X, out: &mut [u8]) {
            h.finalize_xof_into(out);
        }
        match self {
            Self::Sha3_224(h) => fixed(&h.finalize(), out),
            Self::Sha3_256(h) => fixed(&h.finalize(), out),
            Self::Sha3_384(h) => fixed(&h.finalize(), out),
            Self::Sha3_512(h) => fixed(&h.finalize(), out),
            Self::Keccak224(h) => fixed(&h.finalize(), out),
            Self::Keccak256(h) => fixed(&h.finalize(), out),
            Self::Keccak384(h) => fixed(&h.finalize(), out),
            Self::Keccak512(h) => fixed(&h.finalize(), out),
            Self::AsconHash256(h) => fixed(&h.finalize(), out),
            Self::Esch256(h) => fixed(&h.finalize(), out),
            Self::Esch384(h) => fixed(&h.finalize(), out),
            Self::Shake128(h) => xof(h, out),
            Self::Shake256(h) => xof(h, out),
            Self::CShake128(h) => xof(h, out),
            Self::CShake256(h) => xof(h, out),
            Self::TurboShake128(h) => xof(h, out),
            Self::TurboShake256(h) => xof(h, out),
            Self::Kt128(h) => xof(h, out),
            Self::Kt256(h) => xof(h, out),
            Self::AsconXof128(h) => xof(h, out),
            Self::AsconCxof128(h) => xof(h, out),
            Self::XoEsch256(h) => xof(h, out),
            Self::XoEsch384(h) => xof(h, out),
            Self::Kmac128Fixed(h) => h.finalize_into_slice(out),
            Self::Kmac256Fixed(h) => h.finalize_into_slice(out),
            Self::Kmac128Xof(h) => xof(h, out),
            Self::Kmac256Xof(h) => xof(h, out),
            Self::TupleHash128Fixed(h) => h.finalize_into_slice(out),
            Self::TupleHash256Fixed(h) => h.finalize_into_slice(out),
            Self::TupleHash128Xof(h) => h.finalize_xof().read(out),
            Self::TupleHash256Xof(h) => h.finalize_xof().read(out),
            Self::ParallelHash128Fixed(h) => h.finalize_into_slice(out),
            Self::ParallelHash256Fixed(h) => h.finalize_into_slice(out),
            Self::ParallelHash128Xof(h) => xof(h, out),
            Self::ParallelHash256Xof(h) => xof(h, out),
            Self::LeMac(h) => fixed(&Mac::finalize(h).into_bytes(), out),
            Self::PetitMac(h) => fixed(&Mac::finalize(h).into_bytes(), out),
        }
    }

    /// Whether `tag` is this MAC's tag of length `len` for the data so far, compared in constant
    /// time by the Rust crates. `None` for the states that are no MAC.
    pub(crate) fn verify(self, tag: &[u8], len: usize) -> Option<bool> {
        let right_len = tag.len() == len;
        Some(match self {
            Self::Kmac128Fixed(h) => right_len && h.verify_slice_len(tag).is_ok(),
            Self::Kmac256Fixed(h) => right_len && h.verify_slice_len(tag).is_ok(),
            Self::LeMac(h) => Mac::verify_slice(h, tag).is_ok(),
            Self::PetitMac(h) => Mac::verify_slice(h, tag).is_ok(),
            _ => return None,
        })
    }
}
