//! Ascon-AEAD128 (NIST SP 800-232): detached-tag encryption and decryption.

use crate::{LWC_ERR_NULL, LWC_ERR_TAG, LWC_OK, check, input};
use lwc_ascon::{AeadInOut, AsconAead128, KeyInit};

/// Ascon-AEAD128 key length in bytes.
pub const LWC_ASCON_AEAD128_KEY_BYTES: usize = 16;
/// Ascon-AEAD128 nonce length in bytes.
pub const LWC_ASCON_AEAD128_NONCE_BYTES: usize = 16;
/// Ascon-AEAD128 tag length in bytes.
pub const LWC_ASCON_AEAD128_TAG_BYTES: usize = 16;

/// Copies `len` bytes from `src` (which may equal or overlap `dst`) into `dst` and returns `dst`
/// as a slice; the error code of [`check`] for a NULL pointer with `len > 0` or a `len` above
/// `PTRDIFF_MAX`.
///
/// # Safety
/// Unless NULL, `src` has `len` readable and `dst` `len` writable bytes.
unsafe fn copy_to_out<'a>(src: *const u8, dst: *mut u8, len: usize) -> Result<&'a mut [u8], i32> {
    if !(check(src, len)? && check(dst, len)?) {
        return Ok(&mut []);
    }
    // SAFETY: both non-NULL with `len <= isize::MAX` bytes (caller); `copy` allows overlap.
    unsafe { core::ptr::copy(src, dst, len) };
    // SAFETY: `dst` has `len` writable bytes, not otherwise accessed during this call.
    Ok(unsafe { core::slice::from_raw_parts_mut(dst, len) })
}

/// Reads a 16-byte array from a non-NULL pointer.
///
/// # Safety
/// Unless NULL, `ptr` points to 16 readable bytes.
unsafe fn array16(ptr: *const u8) -> Option<[u8; 16]> {
    if ptr.is_null() {
        return None;
    }
    let mut a = [0u8; 16];
    // SAFETY: `ptr` has 16 readable bytes (caller); `a` is a separate local.
    unsafe { core::ptr::copy_nonoverlapping(ptr, a.as_mut_ptr(), 16) };
    Some(a)
}

/// Ascon-AEAD128 encryption: `out[0..len]` = ciphertext of `in[0..len]` (`out` may equal `in`),
/// `tag[0..16]` = the tag. `key` and `nonce` are 16 bytes each. Returns `LWC_OK`, `LWC_ERR_NULL`
/// or `LWC_ERR_LENGTH` (`ad_len` or `len` above `PTRDIFF_MAX`).
///
/// # Safety
/// `key`, `nonce` and `tag` point to 16 bytes each; `ad`, `in`, `out` to `ad_len`, `len`, `len`
/// bytes (NULL allowed for a length of 0); `out` equals `in` or does not overlap it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_ascon_aead128_encrypt(
    key: *const u8,
    nonce: *const u8,
    ad: *const u8,
    ad_len: usize,
    r#in: *const u8,
    len: usize,
    out: *mut u8,
    tag: *mut u8,
) -> i32 {
    // SAFETY: the pointers carry the lengths documented above (caller).
    let ad = match unsafe { input(ad, ad_len) } {
        Ok(ad) => ad,
        Err(e) => return e,
    };
    // SAFETY: as above.
    let (Some(k), Some(n)) = (unsafe { array16(key) }, unsafe { array16(nonce) }) else {
        return LWC_ERR_NULL;
    };
    if tag.is_null() {
        return LWC_ERR_NULL;
    }
    // SAFETY: `in`/`out` carry `len` bytes (caller).
    let buf = match unsafe { copy_to_out(r#in, out, len) } {
        Ok(buf) => buf,
        Err(e) => return e,
    };
    let cipher = AsconAead128::new(&k.into());
    let Ok(t) = cipher.encrypt_inout_detached(&n.into(), ad, buf.into()) else {
        return LWC_ERR_NULL;
    };
    // SAFETY: `tag` is non-NULL with 16 writable bytes (caller).
    unsafe { core::ptr::copy_nonoverlapping(t.as_ptr(), tag, 16) };
    LWC_OK
}

/// Ascon-AEAD128 decryption of `in[0..len]` into `out[0..len]` (`out` may equal `in`) with the
/// 16-byte `tag`. Returns `LWC_OK`, `LWC_ERR_TAG` (with `out` zeroed), `LWC_ERR_NULL` or
/// `LWC_ERR_LENGTH` (`ad_len` or `len` above `PTRDIFF_MAX`).
///
/// # Safety
/// As [`lwc_ascon_aead128_encrypt`], with `tag` 16 readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lwc_ascon_aead128_decrypt(
    key: *const u8,
    nonce: *const u8,
    ad: *const u8,
    ad_len: usize,
    r#in: *const u8,
    len: usize,
    out: *mut u8,
    tag: *const u8,
) -> i32 {
    // SAFETY: the pointers carry the lengths documented above (caller).
    let ad = match unsafe { input(ad, ad_len) } {
        Ok(ad) => ad,
        Err(e) => return e,
    };
    // SAFETY: as above.
    let (Some(k), Some(n), Some(t)) =
        (unsafe { array16(key) }, unsafe { array16(nonce) }, unsafe {
            array16(tag)
        })
    else {
        return LWC_ERR_NULL;
    };
    // SAFETY: `in`/`out` carry `len` bytes (caller).
    let buf = match unsafe { copy_to_out(r#in, out, len) } {
        Ok(buf) => buf,
        Err(e) => return e,
    };
    let cipher = AsconAead128::new(&k.into());
    match cipher.decrypt_inout_detached(&n.into(), ad, (&mut *buf).into(), &t.into()) {
        Ok(()) => LWC_OK,
        Err(_) => {
            buf.fill(0);
            LWC_ERR_TAG
        }
    }
}
