//! Word access to little-endian blocks on riscv32 (16-byte AEAD blocks, 8-byte hash blocks): two
//! 32-bit loads or stores per word when the block is 4-byte aligned (the RV32 base ISA does not
//! promise misaligned `lw`/`sw`, so without this the compiler reads and writes a 16-byte block a
//! byte at a time: 16 `lbu` and 12 shifts and ORs in, 16 `sb` and 12 shifts out). Not a run-time backend: the portable kernels' block
//! access on riscv32 (`ascon_riscv32`). The alignment test is on the buffer's address, never on
//! secret data. Its `unsafe`: the aligned pointer reads and writes.

/// Whether `p` is 4-byte aligned.
#[inline(always)]
fn aligned(p: *const u8) -> bool {
    (p as usize) % 4 == 0
}

/// The little-endian word of the first 8 bytes of `b`, if they are 4-byte aligned.
#[inline(always)]
pub(crate) fn load_le1(b: &[u8]) -> Option<u64> {
    let b = &b[..8];
    if !aligned(b.as_ptr()) {
        return None;
    }
    let p = b.as_ptr().cast::<u32>();
    // SAFETY: `b` holds 8 readable bytes at `p`, which is 4-byte aligned (checked above), so the
    // two `u32` reads are in bounds and aligned; every bit pattern is a valid `u32`.
    let w = unsafe { [p.read(), p.add(1).read()] };
    Some(u64::from(u32::from_le(w[0])) | (u64::from(u32::from_le(w[1])) << 32))
}

/// The two little-endian words of the first 16 bytes of `b`, if they are 4-byte aligned.
#[inline(always)]
pub(crate) fn load_le2(b: &[u8]) -> Option<[u64; 2]> {
    let b = &b[..16];
    if !aligned(b.as_ptr()) {
        return None;
    }
    let p = b.as_ptr().cast::<u32>();
    // SAFETY: `b` holds 16 readable bytes at `p`, which is 4-byte aligned (checked above), so the
    // four `u32` reads are in bounds and aligned; every bit pattern is a valid `u32`.
    let w = unsafe { [p.read(), p.add(1).read(), p.add(2).read(), p.add(3).read()] };
    let w = w.map(u32::from_le);
    Some([
        u64::from(w[0]) | (u64::from(w[1]) << 32),
        u64::from(w[2]) | (u64::from(w[3]) << 32),
    ])
}

/// Writes `w` little endian to the first 16 bytes of `out` if they are 4-byte aligned; returns
/// whether it did.
#[inline(always)]
pub(crate) fn store_le2(out: &mut [u8], w: [u64; 2]) -> bool {
    let out = &mut out[..16];
    if !aligned(out.as_ptr()) {
        return false;
    }
    let p = out.as_mut_ptr().cast::<u32>();
    let v = [
        w[0] as u32,
        (w[0] >> 32) as u32,
        w[1] as u32,
        (w[1] >> 32) as u32,
    ]
    .map(u32::to_le);
    // SAFETY: `out` holds 16 writable bytes at `p` (borrowed mutably), 4-byte aligned (checked
    // above), so the four `u32` writes are in bounds and aligned.
    unsafe {
        p.write(v[0]);
        p.add(1).write(v[1]);
        p.add(2).write(v[2]);
        p.add(3).write(v[3]);
    }
    true
}
