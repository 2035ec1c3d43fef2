//! 32-bit instruction counting (issue 23): a static `no_std` program for
//! `riscv32imac-unknown-none-elf` and for `thumbv7em-none-eabihf` (Cortex-M4F, Thumb-2) with a
//! minimal `_start` that talks to Linux through the `write` and `exit` system calls, so it runs
//! under `qemu-riscv32` / `qemu-arm` user mode. Only the entry point and the two system calls
//! differ between the targets.
//!
//! ```text
//! rv32count                 checks every vector, runs every function once, prints the names
//! rv32count <name> <n>      checks every vector, runs <name> n times, checks its last output
//! ```
//!
//! Every run first checks the known-answer vectors (literal hex below: the ascon-c KATs in
//! `/work/shared/kat/ascon`, the FIPS 202 SHA3-256("abc") example) and, after the calls, the last
//! output of the function against a literal computed outside this project (RustCrypto's
//! `ascon-aead` 0.6 / `ascon-hash` 0.4 / `sha3` 0.12 and Python's `hashlib.sha3_256`, on the
//! same inputs). A wrong output prints `FAIL` and exits with status 1. The instruction count of
//! one call is the difference between the runs with `n` and `2n` calls (qemu's
//! `-singlestep -d exec,nochain` log, one line per instruction executed) over `n`.

#![no_std]
#![no_main]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs, clippy::undocumented_unsafe_blocks)]

use core::arch::{asm, global_asm};
use core::hint::black_box;

use lwc_ascon::aead::inout::InOutBuf;
use lwc_ascon::aead::{AeadInOut, KeyInit};
use lwc_ascon::{AsconAead128, AsconHash256};
use sha3::Digest as _;

// The entry point: Linux starts a static program with `sp` at `argc`, then the `argv` pointers.
#[cfg(target_arch = "riscv32")]
global_asm!(
    ".section .text._start, \"ax\"",
    ".globl _start",
    "_start:",
    "mv a0, sp",
    "andi sp, sp, -16",
    "call rv32_main",
    "unimp",
);

/// Linux `write(fd, buf, len)` (riscv32 syscall 64).
#[cfg(target_arch = "riscv32")]
fn write(fd: usize, b: &[u8]) {
    // SAFETY: the `write` system call reads `b.len()` bytes at `b.as_ptr()`, which `b` borrows;
    // it writes only `a0`.
    unsafe {
        asm!("ecall", inlateout("a0") fd => _, in("a1") b.as_ptr(), in("a2") b.len(),
             in("a7") 64, options(nostack, readonly));
    }
}

/// Linux `exit(code)` (riscv32 syscall 93).
#[cfg(target_arch = "riscv32")]
fn exit(code: usize) -> ! {
    // SAFETY: the `exit` system call ends the process; it does not return.
    unsafe { asm!("ecall", in("a0") code, in("a7") 93, options(noreturn, nostack)) }
}

// The entry point on Arm (Thumb: `.thumb_func` sets bit 0 of the entry address, so qemu-arm
// starts in Thumb state), the same as on RISC-V: `r0` = the initial `sp`, `sp` 16-byte aligned.
#[cfg(target_arch = "arm")]
global_asm!(
    ".section .text._start, \"ax\"",
    ".globl _start",
    ".type _start, %function",
    ".thumb_func",
    "_start:",
    "mov r0, sp",
    "bic r1, r0, #15",
    "mov sp, r1",
    "bl rv32_main",
    "udf #0",
);

/// Linux `write(fd, buf, len)` (Arm EABI syscall 4: `svc #0`, the number in `r7`). `r7` is the
/// Thumb frame pointer, which `asm!` cannot take as an operand: it is saved and restored around
/// the call.
#[cfg(target_arch = "arm")]
fn write(fd: usize, b: &[u8]) {
    // SAFETY: the `write` system call reads `b.len()` bytes at `b.as_ptr()`, which `b` borrows;
    // it writes only `r0`; `r7` is restored from `{saved}` before the block ends.
    unsafe {
        asm!("mov {saved}, r7", "movs r7, #4", "svc #0", "mov r7, {saved}",
             saved = out(reg) _, inlateout("r0") fd => _, in("r1") b.as_ptr(), in("r2") b.len(),
             options(nostack, readonly));
    }
}

/// Linux `exit(code)` (Arm EABI syscall 1).
#[cfg(target_arch = "arm")]
fn exit(code: usize) -> ! {
    // SAFETY: the `exit` system call ends the process; it does not return (so `r7` need not be
    // restored).
    unsafe { asm!("movs r7, #1", "svc #0", in("r0") code, options(noreturn, nostack)) }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    write(2, b"FAIL: panic\n");
    exit(101)
}

/// `N` bytes from the hex string `s` (at compile time).
const fn hex<const N: usize>(s: &str) -> [u8; N] {
    const fn nibble(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("not hex"),
        }
    }
    let s = s.as_bytes();
    assert!(s.len() == 2 * N);
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = nibble(s[2 * i]) << 4 | nibble(s[2 * i + 1]);
        i += 1;
    }
    out
}

/// A 16-byte aligned buffer.
#[repr(align(16))]
struct Aligned([u8; MAX]);

/// A 4-byte aligned buffer for the KAT.
#[repr(align(4))]
struct Aligned32([u8; 40]);

/// The largest input (SHA3-256 16 KiB).
const MAX: usize = 16 * 1024;

/// The measured inputs: `benches::input` (byte `i` is the top byte of `i * 2654435761`).
fn fill_input(buf: &mut [u8]) {
    for (i, b) in buf.iter_mut().enumerate() {
        *b = (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3];
    }
}

/// The AEAD key and nonce of the measured calls and the KAT (the ascon-c KAT pattern).
const KEY: [u8; 16] = hex("000102030405060708090A0B0C0D0E0F");
const NONCE: [u8; 16] = hex("101112131415161718191A1B1C1D1E1F");

/// One measured function: its name, input length, the measured call and the checked one.
struct Function {
    name: &'static str,
    len: usize,
    /// The measured call (input, output buffer): returns the first byte of its result (the tag
    /// or the digest), as `benches`' `oneshot` calls return one byte, so that the caller copies
    /// nothing else.
    run: fn(&[u8], &mut [u8]) -> u8,
    /// The same call returning its whole result (the tag or the digest), made once after the
    /// measured calls, so it cancels in the difference.
    full: fn(&[u8], &mut [u8]) -> [u8; 32],
    /// What is compared with `expect`: from the whole result and the output buffer.
    summary: fn([u8; 32], &[u8]) -> [u8; 32],
    /// The expected summary, computed outside this project; its first byte is also the
    /// expected result of the last measured call.
    expect: [u8; 32],
}

/// Ascon-AEAD128 encryption of `m` (key [`KEY`], nonce [`NONCE`], empty AD) into `out`: returns
/// the tag (then zeros).
#[inline(always)]
fn aead_encrypt(m: &[u8], out: &mut [u8]) -> [u8; 32] {
    let cipher = AsconAead128::new(&KEY.into());
    let out = &mut out[..m.len()];
    let tag = cipher
        .encrypt_inout_detached(&NONCE.into(), b"", InOutBuf::new(m, out).expect("lengths"))
        .expect("encrypt");
    let mut r = [0u8; 32];
    r[..16].copy_from_slice(&tag);
    r
}

/// [`aead_encrypt`], returning the first tag byte.
fn aead_encrypt_byte(m: &[u8], out: &mut [u8]) -> u8 {
    let cipher = AsconAead128::new(&KEY.into());
    let out = &mut out[..m.len()];
    let tag = cipher
        .encrypt_inout_detached(&NONCE.into(), b"", InOutBuf::new(m, out).expect("lengths"))
        .expect("encrypt");
    tag[0]
}

/// [`aead_encrypt`] out of line.
fn aead_encrypt_full(m: &[u8], out: &mut [u8]) -> [u8; 32] {
    aead_encrypt(m, out)
}

/// Tag || the first 16 bytes of the ciphertext.
fn tag_and_head(r: [u8; 32], ct: &[u8]) -> [u8; 32] {
    let mut s = r;
    s[16..].copy_from_slice(&ct[..16]);
    s
}

/// Tag || the first 16 bytes of RustCrypto's SHA3-256 of the whole ciphertext.
fn tag_and_digest(r: [u8; 32], ct: &[u8]) -> [u8; 32] {
    let mut s = r;
    s[16..].copy_from_slice(&sha3::Sha3_256::digest(ct)[..16]);
    s
}

/// The result itself.
fn result(r: [u8; 32], _: &[u8]) -> [u8; 32] {
    r
}

fn ascon_hash256(m: &[u8], _: &mut [u8]) -> [u8; 32] {
    <AsconHash256 as lwc_ascon::Digest>::digest(m).into()
}

fn ascon_hash256_byte(m: &[u8], _: &mut [u8]) -> u8 {
    <AsconHash256 as lwc_ascon::Digest>::digest(m)[0]
}

fn sha3_256_lwc(m: &[u8], _: &mut [u8]) -> [u8; 32] {
    <lwc_keccak::Sha3_256 as lwc_keccak::Digest>::digest(m).into()
}

fn sha3_256_lwc_byte(m: &[u8], _: &mut [u8]) -> u8 {
    <lwc_keccak::Sha3_256 as lwc_keccak::Digest>::digest(m)[0]
}

fn sha3_256_rustcrypto(m: &[u8], _: &mut [u8]) -> [u8; 32] {
    sha3::Sha3_256::digest(m).into()
}

fn sha3_256_rustcrypto_byte(m: &[u8], _: &mut [u8]) -> u8 {
    sha3::Sha3_256::digest(m)[0]
}

/// The measured functions. Expected values: RustCrypto `ascon-aead` 0.6 (`AsconAead128`),
/// `ascon-hash` 0.4 (`AsconHash256`) and `sha3` 0.12 on x86_64, on the same inputs; the SHA3-256
/// value also from Python's `hashlib.sha3_256`.
const FUNCTIONS: &[Function] = &[
    Function {
        name: "aead128_encrypt_64",
        len: 64,
        run: aead_encrypt_byte,
        full: aead_encrypt_full,
        summary: tag_and_head,
        expect: hex("4b89dde979bdcb60f16758111bf88557c87cc017785e569e3a4e76d67eb22bd1"),
    },
    Function {
        name: "aead128_encrypt_4096",
        len: 4096,
        run: aead_encrypt_byte,
        full: aead_encrypt_full,
        summary: tag_and_digest,
        expect: hex("f3e6d037a3213e305076d1dbf89f7dd9c02519d460a42093f46502ca65eacc8c"),
    },
    Function {
        name: "hash256_4096",
        len: 4096,
        run: ascon_hash256_byte,
        full: ascon_hash256,
        summary: result,
        expect: hex("441072005bedfe46bcad2607ece8ab7cad231d730249c7e9b9e27e6ccfecdbdd"),
    },
    Function {
        name: "sha3_256_16384_lwc",
        len: 16384,
        run: sha3_256_lwc_byte,
        full: sha3_256_lwc,
        summary: result,
        expect: hex("78c6f3742cc62757a9be4ddcaf09f2f58b82fe2e47b5ca11584fa5ad57cc1811"),
    },
    Function {
        name: "sha3_256_16384_sha3",
        len: 16384,
        run: sha3_256_rustcrypto_byte,
        full: sha3_256_rustcrypto,
        summary: result,
        expect: hex("78c6f3742cc62757a9be4ddcaf09f2f58b82fe2e47b5ca11584fa5ad57cc1811"),
    },
];

/// Prints `FAIL <what>` and exits with status 1.
fn fail(what: &str) -> ! {
    write(2, b"FAIL ");
    write(2, what.as_bytes());
    write(2, b"\n");
    exit(1)
}

/// The known-answer vectors, checked in every run.
fn check_vectors() {
    // ascon-c LWC_AEAD_KAT_128_128.txt (sp800232_aead128.txt) Count = 1089: PT 20..3F, AD 30..4F.
    let pt: [u8; 32] = hex("202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F");
    let ad: [u8; 32] = hex("303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F");
    let ct: [u8; 48] = hex(concat!(
        "CB34D04660A66DBFBE9C856601F5B8AA51A499B55AC8F7FBEFBC331A613EE9CD",
        "FD191750A47F211C0A15ED28173D7CAA"
    ));
    let cipher = AsconAead128::new(&KEY.into());
    // At a 4-byte-aligned address and at an odd one (the two paths of the block access on
    // riscv32), in place and from a separate input.
    let mut space = Aligned32([0u8; 40]);
    for offset in [0, 1] {
        let buf = &mut space.0[offset..offset + 32];
        buf.copy_from_slice(&pt);
        let tag = cipher
            .encrypt_inout_detached(&NONCE.into(), &ad, black_box(&mut *buf).into())
            .expect("encrypt");
        if buf[..] != ct[..32] || tag[..] != ct[32..] {
            fail("Ascon-AEAD128 KAT Count = 1089 (encrypt in place)");
        }
        let ok =
            cipher.decrypt_inout_detached(&NONCE.into(), &ad, black_box(&mut *buf).into(), &tag);
        if ok.is_err() || buf[..] != pt[..] {
            fail("Ascon-AEAD128 KAT Count = 1089 (decrypt in place)");
        }
        let mut out = [0u8; 33];
        let out = &mut out[1 - offset..33 - offset];
        let tag = cipher
            .encrypt_inout_detached(
                &NONCE.into(),
                &ad,
                InOutBuf::new(black_box(&pt), out).expect("lengths"),
            )
            .expect("encrypt");
        if out[..] != ct[..32] || tag[..] != ct[32..] {
            fail("Ascon-AEAD128 KAT Count = 1089 (encrypt)");
        }
    }
    // ascon-c LWC_HASH_KAT_128_256.txt (sp800232_hash256.txt) Count = 1025: 1024 bytes 00, 01, ...
    let md: [u8; 32] = hex("48140032BB7DF2E2B5C95D403C9AB69B4BC00453980BF85F15A84CAE2B09A0E9");
    let mut space = Aligned([0u8; MAX]);
    // At a 4-byte-aligned address and at an odd one (the two block-access paths on riscv32).
    for offset in [0, 1] {
        let msg = &mut space.0[offset..offset + 1024];
        for (i, b) in msg.iter_mut().enumerate() {
            *b = i as u8;
        }
        if ascon_hash256(black_box(msg), &mut []) != md {
            fail("Ascon-Hash256 KAT Count = 1025");
        }
    }
    // FIPS 202 / NIST example: SHA3-256("abc").
    let abc: [u8; 32] = hex("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    if sha3_256_lwc(black_box(b"abc"), &mut []) != abc {
        fail("SHA3-256(\"abc\"), lwc-keccak");
    }
    if sha3_256_rustcrypto(black_box(b"abc"), &mut []) != abc {
        fail("SHA3-256(\"abc\"), sha3");
    }
}

/// Runs `f` `n` times on its input, checks the last result, then checks the whole result of one
/// more call (the same in every run, so it cancels in the difference).
fn measure(f: &Function, n: u32, input: &[u8], out: &mut [u8]) {
    let m = &input[..f.len];
    let mut r = !f.expect[0];
    for _ in 0..n {
        r = black_box((f.run)(black_box(m), black_box(&mut *out)));
    }
    if r != f.expect[0] {
        fail(f.name);
    }
    let full = (f.full)(black_box(m), black_box(&mut *out));
    if (f.summary)(full, &out[..f.len]) != f.expect {
        fail(f.name);
    }
}

/// The C string at `p`.
///
/// # Safety
/// `p` points at a NUL-terminated string that lives for the whole program.
unsafe fn c_str(p: *const u8) -> &'static [u8] {
    let mut n = 0;
    // SAFETY: the caller guarantees a NUL-terminated string; every byte read is before its NUL.
    while unsafe { *p.add(n) } != 0 {
        n += 1;
    }
    // SAFETY: the `n` bytes before the NUL are part of the string.
    unsafe { core::slice::from_raw_parts(p, n) }
}

/// `s` as a decimal number.
fn parse(s: &[u8]) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    s.iter().try_fold(0u32, |a, &c| {
        c.is_ascii_digit()
            .then(|| a.checked_mul(10)?.checked_add(u32::from(c - b'0')))
            .flatten()
    })
}

/// Called by `_start` with the initial stack pointer (`argc`, then the `argv` pointers).
#[unsafe(no_mangle)]
extern "C" fn rv32_main(sp: *const usize) -> ! {
    // SAFETY: Linux starts the program with `argc` at `sp`, then `argc` pointers to
    // NUL-terminated arguments, all alive for the whole program.
    let args = |i: usize| unsafe {
        let argc = *sp;
        (i < argc).then(|| c_str(*sp.add(1 + i) as *const u8))
    };
    check_vectors();
    // 16-byte aligned, as allocators and most buffers are.
    let mut input = Aligned([0u8; MAX]);
    let mut out = Aligned([0u8; MAX]);
    let (input, out) = (&mut input.0, &mut out.0);
    fill_input(input);
    match (args(1), args(2)) {
        (None, _) => {
            for f in FUNCTIONS {
                measure(f, 1, input, out);
                write(1, f.name.as_bytes());
                write(1, b" ok\n");
            }
        }
        (Some(name), Some(n)) => {
            let Some(n) = parse(n) else {
                fail("usage: rv32count [<name> <n>]")
            };
            let Some(f) = FUNCTIONS.iter().find(|f| f.name.as_bytes() == name) else {
                fail("no such function")
            };
            measure(f, n, input, out);
        }
        _ => fail("usage: rv32count [<name> <n>]"),
    }
    exit(0)
}
