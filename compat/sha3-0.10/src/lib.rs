#![no_std]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use digest::{self, Digest};

use digest::core_api::{CoreWrapper, XofReaderCoreWrapper};
pub use lwc_keccak::core_api::{
    CShake128Core, CShake128ReaderCore, CShake256Core, CShake256ReaderCore, Keccak224Core,
    Keccak256Core, Keccak256FullCore, Keccak384Core, Keccak512Core, Sha3_224Core, Sha3_256Core,
    Sha3_384Core, Sha3_512Core, Shake128Core, Shake128ReaderCore, Shake256Core, Shake256ReaderCore,
    TurboShake128Core, TurboShake128ReaderCore, TurboShake256Core, TurboShake256ReaderCore,
};

/// Keccak-224 hasher (pre-FIPS `0x01` padding).
pub type Keccak224 = CoreWrapper<Keccak224Core>;
/// Keccak-256 hasher (pre-FIPS `0x01` padding; Ethereum's keccak256).
pub type Keccak256 = CoreWrapper<Keccak256Core>;
/// Keccak-384 hasher (pre-FIPS `0x01` padding).
pub type Keccak384 = CoreWrapper<Keccak384Core>;
/// Keccak-512 hasher (pre-FIPS `0x01` padding).
pub type Keccak512 = CoreWrapper<Keccak512Core>;
/// SHA-3 CryptoNight variant: Keccak-256 with the whole 200-byte state as output.
pub type Keccak256Full = CoreWrapper<Keccak256FullCore>;
/// SHA3-224 hasher.
pub type Sha3_224 = CoreWrapper<Sha3_224Core>;
/// SHA3-256 hasher.
pub type Sha3_256 = CoreWrapper<Sha3_256Core>;
/// SHA3-384 hasher.
pub type Sha3_384 = CoreWrapper<Sha3_384Core>;
/// SHA3-512 hasher.
pub type Sha3_512 = CoreWrapper<Sha3_512Core>;
/// SHAKE128 hasher.
pub type Shake128 = CoreWrapper<Shake128Core>;
/// SHAKE128 reader.
pub type Shake128Reader = XofReaderCoreWrapper<Shake128ReaderCore>;
/// SHAKE256 hasher.
pub type Shake256 = CoreWrapper<Shake256Core>;
/// SHAKE256 reader.
pub type Shake256Reader = XofReaderCoreWrapper<Shake256ReaderCore>;
/// TurboSHAKE128 hasher: `TurboShake128::from_core(TurboShake128Core::new(domain_separation))`.
pub type TurboShake128 = CoreWrapper<TurboShake128Core>;
/// TurboSHAKE128 reader.
pub type TurboShake128Reader = XofReaderCoreWrapper<TurboShake128ReaderCore>;
/// TurboSHAKE256 hasher: `TurboShake256::from_core(TurboShake256Core::new(domain_separation))`.
pub type TurboShake256 = CoreWrapper<TurboShake256Core>;
/// TurboSHAKE256 reader.
pub type TurboShake256Reader = XofReaderCoreWrapper<TurboShake256ReaderCore>;
/// cSHAKE128 hasher: `CShake128::from_core(CShake128Core::new(customization))`.
pub type CShake128 = CoreWrapper<CShake128Core>;
/// cSHAKE128 reader.
pub type CShake128Reader = XofReaderCoreWrapper<CShake128ReaderCore>;
/// cSHAKE256 hasher: `CShake256::from_core(CShake256Core::new(customization))`.
pub type CShake256 = CoreWrapper<CShake256Core>;
/// cSHAKE256 reader.
pub type CShake256Reader = XofReaderCoreWrapper<CShake256ReaderCore>;
