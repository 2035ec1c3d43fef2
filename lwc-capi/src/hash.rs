//! Hashes and XOFs: one-shot functions and the streaming `lwc_hash_state`.

use crate::{
    LWC_ERR_ALGORITHM, LWC_ERR_DOMAIN, LWC_ERR_LENGTH, LWC_ERR_NULL, LWC_ERR_STATE, LWC_OK, check,
    input, output,
};
use lwc_ascon::{AsconHash256, AsconXof128};
use lwc_keccak::{
    Digest, DynTurboShake128, DynTurboShake256, ExtendableOutput, Keccak224, Keccak256, Keccak384,
    Keccak512, Kt128, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256, Update,
    XofReader,
};

/// SHA3-224 (FIPS 202), 28-byte digest.
pub const LWC_SHA3_224: u32 = 1;
/// SHA3-256 (FIPS 202), 32-byte digest.
pub const LWC_SHA3_256: u32 = 2;
/// SHA3-384 (FIPS 202), 48-byte digest.
pub const LWC_SHA3_384: u32 = 3;
/// SHA3-512 (FIPS 202), 64-byte digest.
pub const LWC_SHA3_512: u32 = 4;
/// Keccak-224 (original padding), 28-byte digest.
pub const LWC_KECCAK_224: u32 = 5;
/// Keccak-256 (original padding, as Ethereum), 32-byte digest.
pub const LWC_KECCAK_256: u32 = 6;
/// Keccak-384 (original padding), 48-byte digest.
pub const LWC_KECCAK_384: u32 = 7;
/// Keccak-512 (original padding), 64-byte digest.
pub const LWC_KECCAK_512: u32 = 8;
/// SHAKE128 (FIPS 202), any output length.
pub const LWC_SHAKE128: u32 = 9;
/// SHAKE256 (FIPS 202), any output length.
pub const LWC_SHAKE256: u32 = 10;
/// TurboSHAKE128 (RFC 9861), domain byte 0x1F unless set with `lwc_turboshake_init`.
pub const LWC_TURBOSHAKE128: u32 = 11;
/// TurboSHAKE256 (RFC 9861), domain byte 0x1F unless set with `lwc_turboshake_init`.
pub const LWC_TURBOSHAKE256: u32 = 12;
/// KangarooTwelve KT128 (RFC 9861), empty customization string, any output length.
pub const LWC_KT128: u32 = 13;
/// Ascon-Hash256 (NIST SP 800-232), 32-byte digest.
pub const LWC_ASCON_HASH256: u32 = 14;
/// Ascon-XOF128 (NIST SP 800-232), any output length.
pub const LWC_ASCON_XOF128: u32 = 15;

/// Words of [`lwc_hash_state`]'s storage (8 bytes each).
pub const LWC_HASH_STATE_WORDS: usize = 64;

/// A streaming hash or XOF state, of fixed size, owned by the caller (stack or static storage,
/// no allocation): `lwc_hash_init`, any number of `lwc_hash_update`, one `lwc_hash_final` (or
/// `lwc_hash_free` to abandon it). Its contents are private.
///
/// `lwc_hash_final` and `lwc_hash_free` wipe the whole state (the absorbed input and keys do not
/// stay in it). The live marker is bound to the state's address. `LWC_ERR_STATE` is therefore
/// guaranteed for a state that is zeroed (`lwc_hash_state st = {0};`), finalised, freed, or
/// copied to another address after `lwc_hash_init`. It is not guaranteed for uninitialised
/// memory that still holds a live state abandoned at the same address (a stack slot of an
/// earlier call whose state was neither finalised nor freed): that continues the old hash.
/// Initialise every state (`lwc_hash_init` or `= {0}`) and end every one with `lwc_hash_final`
/// or `lwc_hash_free`.
#[repr(C)]
pub struct lwc_hash_state {
    _opaque: [u64; LWC_HASH_STATE_WORDS],
}

/// Marks a live state in its first word, XORed with the state's address ([`marker`]).
const LIVE: u64 = 0x6c77_632d_6861_7368;

/// The first word of a live state at `st`: a state copied to another address is not live.
fn marker(st: *const lwc_hash_state) -> u64 {
    LIVE ^ st as usize as u64
}

/// Overwrites the whole state at `st` with zeros through volatile writes (not elided as dead
/// stores before the caller's storage goes out of scope).
///
/// # Safety
/// `st` is non-NULL and points to a writable `lwc_hash_state`.
unsafe fn wipe(st: *mut lwc_hash_state) {
    let words = st.cast::<u64>();
    for i in 0..LWC_HASH_STATE_WORDS {
        // SAFETY: `i` is within the state's `LWC_HASH_STATE_WORDS` aligned words (caller).
        unsafe { words.add(i).write_volatile(0) };
    }
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

/// The Rust side of a live state (held inline in the caller's fixed-size storage: no boxing).
#[allow(clippy::large_enum_variant)]
enum Hasher {
    Sha3_224(Sha3_224),
    Sha3_256(Sha3_256),
    Sha3_384(Sha3_384),
    Sha3_512(Sha3_512),
    Keccak224(Keccak224),
    Keccak256(Keccak256),
    Keccak384(Keccak384),
    Keccak512(Keccak512),
    Shake128(Shake128),
    Shake256(Shake256),
    TurboShake128(DynTurboShake128),
    TurboShake256(DynTurboShake256),
    Kt128(Kt128),
    AsconHash256(AsconHash256),
    AsconXof128(AsconXof128),
}

/// The layout inside `lwc_hash_state::opaque`.
#[repr(C)]
struct Live {
    tag: u64,
    hasher: Hasher,
}

const _: () = assert!(size_of::<Live>() <= size_of::<lwc_hash_state>());
const _: () = assert!(align_of::<Live>() <= align_of::<lwc_hash_state>());

impl Hasher {
    fn new(alg: u32) -> Option<Self> {
        Some(match alg {
            LWC_SHA3_224 => Self::Sha3_224(Default::default()),
            LWC_SHA3_256 => Self::Sha3_256(Default::default()),
            LWC_SHA3_384 => Self::Sha3_384(Default::default()),
            LWC_SHA3_512 => Self::Sha3_512(Default::default()),
            LWC_KECCAK_224 => Self::Keccak224(Default::default()),
            LWC_KECCAK_256 => Self::Keccak256(Default::default()),
            LWC_KECCAK_384 => Self::Keccak384(Default::default()),
            LWC_KECCAK_512 => Self::Keccak512(Default::default()),
            LWC_SHAKE128 => Self::Shake128(Default::default()),
            LWC_SHAKE256 => Self::Shake256(Default::default()),
            LWC_TURBOSHAKE128 => Self::TurboShake128(DynTurboShake128::new(0x1F).ok()?),
            LWC_TURBOSHAKE256 => Self::TurboShake256(DynTurboShake256::new(0x1F).ok()?),
            LWC_KT128 => Self::Kt128(Default::default()),
            LWC_ASCON_HASH256 => Self::AsconHash256(Default::default()),
            LWC_ASCON_XOF128 => Self::AsconXof128(Default::default()),
            _ => return None,
        })
    }

    fn update(&mut self, data: &[u8]) {
        match self {
            Self::Sha3_224(h) => Update::update(h, data),
            Self::Sha3_256(h) => Update::update(h, data),
            Self::Sha3_384(h) => Update::update(h, data),
            Self::Sha3_512(h) => Update::update(h, data),
            Self::Keccak224(h) => Update::update(h, data),
            Self::Keccak256(h) => Update::update(h, data),
            Self::Keccak384(h) => Update::update(h, data),
            Self::Keccak512(h) => Update::update(h, data),
            Self::Shake128(h) => h.update(data),
            Self::Shake256(h) => h.update(data),
            Self::TurboShake128(h) => h.update(data),
            Self::TurboShake256(h) => h.update(data),
            Self::Kt128(h) => h.update(data),
            Self::AsconHash256(h) => Update::update(h, data),
            Self::AsconXof128(h) => h.update(data),
        }
    }

    /// Writes the digest or XOF output; `Err(())` when a fixed digest's length differs.
    fn finalize(self, out: &mut [u8]) -> Result<(), ()> {
        fn fixed<D: Digest>(h: D, out: &mut [u8]) -> Result<(), ()> {
            if out.len() != <D as Digest>::output_size() {
                return Err(());
            }
            out.copy_from_slice(&h.finalize());
            Ok(())
        }
        fn xof<X: ExtendableOutput>(h: X, out: &mut [u8]) -> Result<(), ()> {
            h.finalize_xof_into(out);
            Ok(())
        }
        match self {
            Self::Sha3_224(h) => fixed(h, out),
            Self::Sha3_256(h) => fixed(h, out),
            Self::Sha3_384(h) => fixed(h, out),
            Self::Sha3_512(h) => fixed(h, out),
            Self::Keccak224(h) => fixed(h, out),
            Self::Keccak256(h) => fixed(h, out),
            Self::Keccak384(h) => fixed(h, out),
            Self::Keccak512(h) => fixed(h, out),
            Self::Shake128(h) => xof(h, out),
            Self::Shake256(h) => xof(h, out),
            Self::TurboShake128(h) => xof(h, out),
            Self::TurboShake256(h) => xof(h, out),
            Self::Kt128(h) => xof(h, out),
            Self::AsconHash256(h) => fixed(h, out),
            Self::AsconXof128(h) => xof(h, out),
        }
    }
}

/// Digest size in bytes of algorithm `alg`; 0 for an XOF or an unknown identifier.
#[unsafe(no_mangle)]
pub extern "C" fn lwc_hash_digest_size(alg: u32) -> usize {
    match alg {
        LWC_SHA3_224 | LWC_KECCAK_224 => 28,
        LWC_SHA3_256 | LWC_KECCAK_256 | LWC_ASCON_HASH256 => 32,
        LWC_SHA3_384 | LWC_KECCAK_384 => 48,
        LWC_SHA3_512 | LWC_KECCAK_512 => 64,
        _ => 0,
    }
}

/// Stores `hasher` in `st` (overwriting whatever was there; a state holds no resources).
///
/// # Safety
/// `st` is non-NULL and points to a writable `lwc_hash_state`.
unsafe fn store(st: *mut lwc_hash_state, hasher: Hasher) {
    // SAFETY: `st` is writable with room and alignment for `Live` (the const asserts above).
    unsafe {
        st.cast::<Live>().write(Live {
            tag: marker(st),
            hasher,
        })
    };
}

/// Starts a streaming hash of algorithm `alg` (an `LWC_*` identifier) in `st`.
/// Returns `LWC_OK`, `LWC_ERR_NULL` or `LWC_ERR_ALGORITHM`.
///
/// # Safety
/// `st` is NULL or points to a writable `lwc_hash_state`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_hash_init(st: *mut lwc_hash_state, alg: u32) -> i32 {
    if st.is_null() {
        return LWC_ERR_NULL;
    }
    let Some(hasher) = Hasher::new(alg) else {
        return LWC_ERR_ALGORITHM;
    };
    // SAFETY: `st` is non-NULL and writable (caller).
    unsafe { store(st, hasher) };
    LWC_OK
}

/// Starts TurboSHAKE128 or TurboSHAKE256 (`alg`) with domain byte `ds` (`0x01..=0x7F`) in `st`.
/// Returns `LWC_OK`, `LWC_ERR_NULL`, `LWC_ERR_ALGORITHM` or `LWC_ERR_DOMAIN`.
///
/// # Safety
/// `st` is NULL or points to a writable `lwc_hash_state`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_turboshake_init(st: *mut lwc_hash_state, alg: u32, ds: u8) -> i32 {
    if st.is_null() {
        return LWC_ERR_NULL;
    }
    let hasher = match alg {
        LWC_TURBOSHAKE128 => DynTurboShake128::new(ds).map(Hasher::TurboShake128),
        LWC_TURBOSHAKE256 => DynTurboShake256::new(ds).map(Hasher::TurboShake256),
        _ => return LWC_ERR_ALGORITHM,
    };
    let Ok(hasher) = hasher else {
        return LWC_ERR_DOMAIN;
    };
    // SAFETY: `st` is non-NULL and writable (caller).
    unsafe { store(st, hasher) };
    LWC_OK
}

/// The live hasher in `st`, or an error code. A raw pointer, not a reference: the caller forms
/// one only while no slice of the caller's buffers may cover the same bytes.
///
/// # Safety
/// `st` is NULL or points to an initialised `lwc_hash_state` (zeroed, or through
/// `lwc_hash_init` / `lwc_turboshake_init`); its first word is read to tell whether it is live.
unsafe fn live(st: *mut lwc_hash_state) -> Result<*mut Live, i32> {
    if st.is_null() {
        return Err(LWC_ERR_NULL);
    }
    // SAFETY: `st` is non-NULL and aligned; its first word is initialised (caller).
    if unsafe { st.cast::<u64>().read() } != marker(st) {
        return Err(LWC_ERR_STATE);
    }
    // A state whose first word is its marker holds a `Live` written by `store` at this address.
    Ok(st.cast::<Live>())
}

/// Absorbs `in[0..len]` into the live state `st`. Returns `LWC_OK`, `LWC_ERR_NULL`,
/// `LWC_ERR_STATE` or `LWC_ERR_LENGTH` (`len` above `PTRDIFF_MAX`).
///
/// # Safety
/// `st` as for `lwc_hash_final`; `in` is NULL (only with `len == 0`) or has `len` readable bytes,
/// none of them inside `*st` (the state is written while `in` is read).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_hash_update(
    st: *mut lwc_hash_state,
    r#in: *const u8,
    len: usize,
) -> i32 {
    // SAFETY: forwarded caller guarantees.
    let (state, data) = match (unsafe { live(st) }, unsafe { input(r#in, len) }) {
        (Ok(s), Ok(d)) => (s, d),
        (Err(e), _) | (_, Err(e)) => return e,
    };
    // SAFETY: `state` is live, and `data` lies outside it (caller): the only reference to it.
    unsafe { (*state).hasher.update(data) };
    LWC_OK
}

/// Writes the digest (exactly `lwc_hash_digest_size` bytes) or `out_len` XOF bytes of `st` to
/// `out`, then wipes the whole state (zeros: a new `lwc_hash_init` reuses it). Returns `LWC_OK`,
/// `LWC_ERR_NULL`, `LWC_ERR_STATE` or `LWC_ERR_LENGTH` (the state is then left live). `out` may
/// overlap `*st`: the output is written after the state is wiped.
///
/// # Safety
/// `st` is NULL or an initialised `lwc_hash_state`; `out` is NULL (only with `out_len == 0`) or
/// has `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_hash_final(
    st: *mut lwc_hash_state,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    // SAFETY: forwarded caller guarantee.
    let (state, checked) = (unsafe { live(st) }, check(out, out_len));
    let state = match (state, checked) {
        (Ok(s), Ok(_)) => s,
        (Err(e), _) | (_, Err(e)) => return e,
    };
    // SAFETY: `state` is live; no slice of `out` exists yet, so this borrow aliases nothing.
    let size = match unsafe { &(*state).hasher } {
        Hasher::Sha3_224(_) | Hasher::Keccak224(_) => 28,
        Hasher::Sha3_256(_) | Hasher::Keccak256(_) | Hasher::AsconHash256(_) => 32,
        Hasher::Sha3_384(_) | Hasher::Keccak384(_) => 48,
        Hasher::Sha3_512(_) | Hasher::Keccak512(_) => 64,
        _ => out_len,
    };
    if size != out_len {
        return LWC_ERR_LENGTH;
    }
    // SAFETY: the state was live; it is wiped right after, so the moved-out hasher is never read
    // from it again (a new init overwrites it).
    let hasher = unsafe { core::ptr::addr_of!((*state).hasher).read() };
    // SAFETY: `st` is non-NULL and writable (caller); `state` is not used after this.
    unsafe { wipe(st) };
    // The hasher is a local now, so `out` may cover the state's bytes.
    // SAFETY: forwarded caller guarantee; `check` passed above.
    let out = match unsafe { output(out, out_len) } {
        Ok(o) => o,
        Err(e) => return e,
    };
    match hasher.finalize(out) {
        Ok(()) => LWC_OK,
        Err(()) => LWC_ERR_LENGTH,
    }
}

/// Wipes the whole state `st` (zeros), live or not, so that an abandoned state keeps no input or
/// key and later calls on it return `LWC_ERR_STATE`. Returns `LWC_OK` or `LWC_ERR_NULL`. The
/// storage stays the caller's (nothing is deallocated).
///
/// # Safety
/// `st` is NULL or points to a writable `lwc_hash_state` (initialised or not).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_hash_free(st: *mut lwc_hash_state) -> i32 {
    if st.is_null() {
        return LWC_ERR_NULL;
    }
    // SAFETY: `st` is non-NULL and writable (caller).
    unsafe { wipe(st) };
    LWC_OK
}

/// One-shot hash or XOF of `in[0..len]` with algorithm `alg` into `out[0..out_len]` (a fixed
/// digest takes exactly its size). Returns `LWC_OK` or an `LWC_ERR_*` code. `out` may overlap
/// `in`: all of `in` is read before `out` is written.
///
/// # Safety
/// `in` / `out` are NULL (only with a length of 0) or have `len` readable / `out_len` writable
/// bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_hash(
    alg: u32,
    r#in: *const u8,
    len: usize,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    // SAFETY: forwarded caller guarantee.
    let (data, checked) = (unsafe { input(r#in, len) }, check(out, out_len));
    let data = match (data, checked) {
        (Ok(d), Ok(_)) => d,
        (Err(e), _) | (_, Err(e)) => return e,
    };
    let Some(mut hasher) = Hasher::new(alg) else {
        return LWC_ERR_ALGORITHM;
    };
    hasher.update(data);
    // `data` is not used again: `out` may now cover the same bytes.
    // SAFETY: forwarded caller guarantee; `check` passed above.
    let out = match unsafe { output(out, out_len) } {
        Ok(o) => o,
        Err(e) => return e,
    };
    match hasher.finalize(out) {
        Ok(()) => LWC_OK,
        Err(()) => LWC_ERR_LENGTH,
    }
}

/// Fixed-size one-shot helper behind `lwc_sha3_256` (`D` = `Sha3_256`, `ds` = 0x06) and
/// `lwc_keccak_256` (`Keccak256`, 0x01); only their own code links in. The size build
/// (`--cfg keccak_backend="compact"`) runs the panic-free sponge of `oneshot.rs` instead of `D`.
///
/// # Safety
/// As `lwc_sha3_256`.
#[cfg_attr(
    keccak_backend = "compact",
    allow(clippy::extra_unused_type_parameters)
)]
unsafe fn oneshot32<D: Digest>(r#in: *const u8, len: usize, out: *mut u8, ds: u8) -> i32 {
    // SAFETY: forwarded caller guarantee.
    let data = match (unsafe { input(r#in, len) }, check(out, 32)) {
        (Ok(d), Ok(_)) => d,
        (Err(e), _) | (_, Err(e)) => return e,
    };
    // The digest goes to a local first, so that `out` may overlap `in`.
    let mut digest = [0u8; 32];
    #[cfg(keccak_backend = "compact")]
    crate::oneshot::sponge256(data, ds, &mut digest);
    #[cfg(not(keccak_backend = "compact"))]
    {
        let _ = ds;
        digest.copy_from_slice(&D::digest(data));
    }
    // SAFETY: `out` is non-NULL with 32 writable bytes (caller), `digest` a separate local;
    // `data` is not used again.
    unsafe { core::ptr::copy_nonoverlapping(digest.as_ptr(), out, 32) };
    LWC_OK
}

/// SHA3-256 of `in[0..len]` into `out[0..32]`. Returns `LWC_OK`, `LWC_ERR_NULL` or
/// `LWC_ERR_LENGTH` (`len` above `PTRDIFF_MAX`). `out` may overlap `in`.
///
/// # Safety
/// `in` is NULL (only with `len == 0`) or has `len` readable bytes; `out` has 32 writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_sha3_256(r#in: *const u8, len: usize, out: *mut u8) -> i32 {
    // SAFETY: forwarded caller guarantees.
    unsafe { oneshot32::<Sha3_256>(r#in, len, out, 0x06) }
}

/// Keccak-256 (original padding, as Ethereum) of `in[0..len]` into `out[0..32]`.
/// Returns `LWC_OK`, `LWC_ERR_NULL` or `LWC_ERR_LENGTH`. `out` may overlap `in`.
///
/// # Safety
/// As `lwc_sha3_256`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_keccak_256(r#in: *const u8, len: usize, out: *mut u8) -> i32 {
    // SAFETY: forwarded caller guarantees.
    unsafe { oneshot32::<Keccak256>(r#in, len, out, 0x01) }
}

/// KT128 (RFC 9861) of `in[0..len]` with customization string `custom[0..custom_len]` into
/// `out[0..out_len]`. Returns `LWC_OK`, `LWC_ERR_NULL` or `LWC_ERR_LENGTH` (a length above
/// `PTRDIFF_MAX`). `out` may overlap `in` and `custom`: both are read before `out` is written.
///
/// # Safety
/// Each pointer is NULL (only with its length 0) or has its length of readable/writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_kt128(
    r#in: *const u8,
    len: usize,
    custom: *const u8,
    custom_len: usize,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    // SAFETY: forwarded caller guarantees.
    let (data, c) = match (
        unsafe { input(r#in, len) },
        unsafe { input(custom, custom_len) },
        check(out, out_len),
    ) {
        (Ok(d), Ok(c), Ok(_)) => (d, c),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return e,
    };
    let mut h = Kt128::default();
    h.update(data);
    // The reader owns its state: neither `data` nor `c` is read after this.
    let mut reader = h.finalize_xof_customized(c);
    // SAFETY: forwarded caller guarantee; `check` passed above.
    let out = match unsafe { output(out, out_len) } {
        Ok(o) => o,
        Err(e) => return e,
    };
    reader.read(out);
    LWC_OK
}
