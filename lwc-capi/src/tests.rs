//! The hash functions called as C may call them with output overlapping input or state (issue
//! 51, F8), each against the same call on separate buffers. Under Miri (`cargo +nightly miri
//! test --lib`) these also check that no slice made from one pointer aliases another's.

use crate::*;

/// Input bytes: `len` bytes of a fixed pattern.
fn pattern(len: usize) -> [u8; 600] {
    let mut b = [0u8; 600];
    for (i, x) in b.iter_mut().take(len).enumerate() {
        *x = (i * 7 + 3) as u8;
    }
    b
}

/// Fixed digests and XOFs (with an output length of the test's choosing).
const ALGS: [(u32, usize); 6] = [
    (LWC_SHA3_256, 32),
    (LWC_KECCAK_512, 64),
    (LWC_SHAKE128, 200),
    (LWC_TURBOSHAKE256, 70),
    (LWC_ASCON_HASH256, 32),
    (LWC_ASCON_XOF128, 90),
];

/// (input offset, output offset) in one buffer: equal, output inside the input, input inside
/// the output.
const OFFSETS: [(usize, usize); 3] = [(0, 0), (0, 50), (40, 0)];

/// Input length: more than one Keccak or Ascon block.
const LEN: usize = 150;

#[test]
fn lwc_hash_output_overlapping_input() {
    for (alg, out_len) in ALGS {
        let msg = pattern(LEN);
        let mut want = [0u8; 200];
        // SAFETY: separate buffers of the lengths given.
        let rc = unsafe { lwc_hash(alg, msg.as_ptr(), LEN, want.as_mut_ptr(), out_len) };
        assert_eq!(rc, LWC_OK);
        for (at_in, at_out) in OFFSETS {
            let mut buf = [0u8; 600];
            buf[at_in..at_in + LEN].copy_from_slice(&msg[..LEN]);
            // Both pointers from one raw pointer: the test itself makes no overlapping slices.
            let p = buf.as_mut_ptr();
            // SAFETY: both ranges lie inside `buf` (offsets + lengths <= 600).
            let rc = unsafe { lwc_hash(alg, p.add(at_in), LEN, p.add(at_out), out_len) };
            assert_eq!(rc, LWC_OK);
            assert_eq!(
                buf[at_out..at_out + out_len],
                want[..out_len],
                "{alg} {at_in} {at_out}"
            );
        }
    }
}

#[test]
fn sha3_256_and_keccak_256_output_overlapping_input() {
    type OneShot = unsafe extern "C" fn(*const u8, usize, *mut u8) -> i32;
    for f in [lwc_sha3_256 as OneShot, lwc_keccak_256] {
        let msg = pattern(LEN);
        let mut want = [0u8; 32];
        // SAFETY: separate buffers: `LEN` readable, 32 writable bytes.
        assert_eq!(unsafe { f(msg.as_ptr(), LEN, want.as_mut_ptr()) }, LWC_OK);
        for (at_in, at_out) in OFFSETS {
            let mut buf = [0u8; 600];
            buf[at_in..at_in + LEN].copy_from_slice(&msg[..LEN]);
            let p = buf.as_mut_ptr();
            // SAFETY: both ranges lie inside `buf`.
            assert_eq!(unsafe { f(p.add(at_in), LEN, p.add(at_out)) }, LWC_OK);
            assert_eq!(buf[at_out..at_out + 32], want);
        }
    }
}

#[test]
fn kt128_output_overlapping_input_and_customization() {
    const C: usize = 20;
    let msg = pattern(LEN + C);
    let (data, custom) = msg.split_at(LEN);
    let mut want = [0u8; 100];
    // SAFETY: separate buffers of the lengths given.
    let rc = unsafe {
        lwc_kt128(
            data.as_ptr(),
            LEN,
            custom.as_ptr(),
            C,
            want.as_mut_ptr(),
            100,
        )
    };
    assert_eq!(rc, LWC_OK);
    // Input at 0, customization right after it; the output over both, over the input only, over
    // the customization only.
    for at_out in [0, 30, LEN] {
        let mut buf = [0u8; 600];
        buf[..LEN + C].copy_from_slice(&msg[..LEN + C]);
        let p = buf.as_mut_ptr();
        // SAFETY: every range lies inside `buf`.
        let rc = unsafe { lwc_kt128(p, LEN, p.add(LEN), C, p.add(at_out), 100) };
        assert_eq!(rc, LWC_OK);
        assert_eq!(buf[at_out..at_out + 100], want, "{at_out}");
    }
}

#[test]
fn final_output_overlapping_the_state() {
    const STATE: usize = size_of::<lwc_hash_state>();
    // (algorithm, output offset in the state, output length): from the first byte (the live
    // marker), in the middle, and the whole state.
    let cases = [
        (LWC_SHA3_512, 0, 64),
        (LWC_SHA3_256, 200, 32),
        (LWC_SHAKE128, 0, STATE),
        (LWC_ASCON_XOF128, 100, 300),
    ];
    let msg = pattern(LEN);
    for (alg, at, out_len) in cases {
        let mut want = [0u8; STATE];
        // SAFETY: separate buffers of the lengths given.
        let rc = unsafe { lwc_hash(alg, msg.as_ptr(), LEN, want.as_mut_ptr(), out_len) };
        assert_eq!(rc, LWC_OK);
        // SAFETY: an all-zero `lwc_hash_state` is valid (integers only) and not live.
        let mut st: lwc_hash_state = unsafe { core::mem::zeroed() };
        let st = &raw mut st;
        // SAFETY: `st` is a writable state; `msg` has `LEN` bytes outside it.
        unsafe {
            assert_eq!(lwc_hash_init(st, alg), LWC_OK);
            assert_eq!(lwc_hash_update(st, msg.as_ptr(), LEN), LWC_OK);
        }
        // SAFETY: the output range lies inside the state (`at + out_len <= STATE`).
        let rc = unsafe { lwc_hash_final(st, st.cast::<u8>().add(at), out_len) };
        assert_eq!(rc, LWC_OK);
        // SAFETY: the state's bytes, all initialised (wiped, then the output written).
        let bytes = unsafe { core::slice::from_raw_parts(st.cast::<u8>(), STATE) };
        assert_eq!(bytes[at..at + out_len], want[..out_len], "{alg}");
        // Wiped first, then written: every byte outside the output is zero.
        assert!(
            bytes[..at]
                .iter()
                .chain(&bytes[at + out_len..])
                .all(|&b| b == 0)
        );
    }
}
