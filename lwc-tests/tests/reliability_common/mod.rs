//! Shared helpers of the reliability tests: a minimal valgrind memcheck client-request shim
//! (constant-time checking in the style of ctgrind) and small utilities.
//!
//! The shim issues valgrind's documented "special instruction" sequence (see
//! `/usr/include/valgrind/valgrind.h`, `VALGRIND_DO_CLIENT_REQUEST_EXPR` for amd64): four `rol`s of
//! `rdi` by 3, 13, 61 and 51 bits (a 128-bit rotation, i.e. a no-op on real hardware) followed by
//! `xchg rbx, rbx`, with `rax` pointing at the six request words and the default result in `rdx`.
//! Outside valgrind the sequence changes nothing and the request returns the default (0), so the
//! same tests run as ordinary tests. On other targets (and under Miri) every request is a no-op.
#![allow(dead_code, unreachable_pub)]

/// `VG_USERREQ_TOOL_BASE('M', 'C')`: memcheck's client requests.
const MC_BASE: usize = ((b'M' as usize) << 24) | ((b'C' as usize) << 16);
/// `VG_USERREQ__MAKE_MEM_UNDEFINED`.
const MAKE_MEM_UNDEFINED: usize = MC_BASE + 1;
/// `VG_USERREQ__MAKE_MEM_DEFINED`.
const MAKE_MEM_DEFINED: usize = MC_BASE + 2;
/// `VG_USERREQ__RUNNING_ON_VALGRIND`.
const RUNNING_ON_VALGRIND: usize = 0x1001;

#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn client_request(default: usize, request: usize, a1: usize, a2: usize) -> usize {
    let args: [usize; 6] = [request, a1, a2, 0, 0, 0];
    let result: usize;
    // SAFETY: the sequence only rotates `rdi` by a total of 128 bits (restoring it) and exchanges
    // `rbx` with itself, so on hardware it has no effect besides the declared clobbers; under
    // valgrind the core reads the six words at `rax` (a live local array) and writes the result
    // to `rdx`. Memory is declared as possibly read/written (no `nomem`/`readonly`), because
    // memcheck changes the definedness of the client memory named by the request.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") default => result,
            in("rax") args.as_ptr(),
            inout("rdi") 0usize => _,
            options(nostack, preserves_flags),
        );
    }
    result
}

#[cfg(not(all(target_arch = "x86_64", not(miri))))]
fn client_request(default: usize, _request: usize, _a1: usize, _a2: usize) -> usize {
    default
}

/// Whether the process runs under valgrind (always `false` off x86_64).
pub fn running_on_valgrind() -> bool {
    client_request(0, RUNNING_ON_VALGRIND, 0, 0) != 0
}

/// Marks `bytes` as secret: memcheck then reports every branch and memory index that depends on
/// them ("Conditional jump or move depends on uninitialised value(s)", "Use of uninitialised
/// value"). The contents are unchanged.
pub fn classify(bytes: &[u8]) {
    client_request(0, MAKE_MEM_UNDEFINED, bytes.as_ptr() as usize, bytes.len());
}

/// Marks `bytes` as public again (a value we are allowed to branch on: an output).
pub fn declassify(bytes: &[u8]) {
    client_request(0, MAKE_MEM_DEFINED, bytes.as_ptr() as usize, bytes.len());
}

/// Declassifies a decision (the outcome of a tag check): the value is stored in a local whose
/// definedness is then forced, and read back with a volatile load so the compiler cannot reuse the
/// (still undefined) register copy.
#[inline(never)]
pub fn declassify_bool(b: bool) -> bool {
    let x = [u8::from(b)];
    declassify(&x);
    // SAFETY: `x` is a live, initialised local array of one byte.
    unsafe { core::ptr::read_volatile(x.as_ptr()) != 0 }
}

/// The message/AD lengths exercised around the block boundaries of a mode with rate `rate`.
pub fn lengths_around(rate: usize) -> Vec<usize> {
    let mut v = vec![
        0,
        1,
        rate - 1,
        rate,
        rate + 1,
        2 * rate,
        2 * rate + 1,
        3 * rate - 1,
    ];
    v.sort_unstable();
    v.dedup();
    v
}

/// A byte pattern derived from `seed` (no RNG needed under valgrind).
pub fn pattern(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| {
            seed.wrapping_mul(31)
                .wrapping_add((i as u8).wrapping_mul(167))
                ^ 0x5a
        })
        .collect()
}
