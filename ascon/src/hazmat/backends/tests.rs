//! Every backend this CPU has against the portable one (BLAKE3 `test.rs` style): the same
//! operations through [`dispatch_on`] on random inputs (xorshift, fixed seeds), and the two word
//! representations and their conversions against each other and a naive reference. Which
//! backends exist in a build is checked against the documented cfgs.

use super::Backend;
use super::portable::{Bi32Words, U64Words};
use super::{Job, KernelState, Kernels, Words, dispatch_on};
use crate::hazmat::words::{deinterleave, deinterleave2_scalar, interleave, interleave2_scalar};

/// xorshift64*: a fixed-seed generator, enough for backend comparison.
fn next(x: &mut u64) -> u64 {
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    x.wrapping_mul(0x2545F4914F6CDD1D)
}

fn words(seed: &mut u64) -> [u64; 5] {
    core::array::from_fn(|_| next(seed))
}

/// Random states per test (fewer under Miri).
const N: usize = if cfg!(miri) { 4 } else { 300 };

/// The number of results [`AllOps`] records.
const OPS: usize = 24;

/// Every kernel operation in turn on one state, each result recorded as five words.
#[derive(Clone, Copy)]
struct AllOps {
    w: [u64; 5],
    m: [u64; 2],
    x: u64,
}

impl Job for AllOps {
    type Output = [[u64; 5]; OPS];

    fn run<K: Kernels>(self, kernels: K) -> Self::Output {
        let mut out = [[0u64; 5]; OPS];
        let mut k = 0;
        let mut rec = |w: [u64; 5]| {
            out[k] = w;
            k += 1;
        };
        let mut s = kernels.load_words(self.w);
        rec(s.to_words());
        rec(core::array::from_fn(|i| s.get(i)));
        s.xor(4, self.x);
        s.set(1, !self.x);
        rec(s.to_words());
        let c = s.xor_get2(self.m);
        rec([c[0], c[1], 0, 0, 0]);
        rec(s.to_words());
        let p = s.swap2(self.m);
        rec([p[0], p[1], 0, 0, 0]);
        rec(s.to_words());
        s.permute::<12>();
        rec(s.to_words());
        s.permute::<8>();
        rec(s.to_words());
        s.permute::<6>();
        rec(s.to_words());
        for r in 0..=12 {
            s.permute_n(r);
            rec(s.to_words());
        }
        // Through the persistent words and back.
        let mut w = Words::from_words([0; 5]);
        s.store(&mut w);
        let t = kernels.load(&w);
        rec(t.to_words());
        assert_eq!(k, OPS);
        out
    }
}

/// [`AllOps`] on the `u64` words, written out directly (the reference).
fn reference(op: AllOps) -> [[u64; 5]; OPS] {
    let mut out = [[0u64; 5]; OPS];
    let mut k = 0;
    let mut rec = |w: [u64; 5]| {
        out[k] = w;
        k += 1;
    };
    rec(U64Words::from_words(op.w).to_words());
    rec(op.w);
    let mut w = op.w;
    w[4] ^= op.x;
    w[1] = !op.x;
    rec(w);
    w[0] ^= op.m[0];
    w[1] ^= op.m[1];
    rec([w[0], w[1], 0, 0, 0]);
    rec(w);
    rec([w[0] ^ op.m[0], w[1] ^ op.m[1], 0, 0, 0]);
    w[0] = op.m[0];
    w[1] = op.m[1];
    rec(w);
    let mut s = U64Words::from_words(w);
    s.permute_n(12);
    rec(s.to_words());
    s.permute_n(8);
    rec(s.to_words());
    s.permute_n(6);
    rec(s.to_words());
    for r in 0..=12 {
        s.permute_n(r);
        rec(s.to_words());
    }
    rec(s.to_words());
    out
}

#[test]
fn every_backend_matches_portable_through_every_operation() {
    let mut seed = 0x0bad_cafe_u64;
    let mut ran = [false; 3];
    for i in 0..N {
        let op = AllOps {
            w: words(&mut seed),
            m: [next(&mut seed), next(&mut seed)],
            x: next(&mut seed),
        };
        let want = reference(op);
        for (j, &b) in Backend::ALL.iter().enumerate() {
            let Some(got) = dispatch_on(b, op) else {
                continue;
            };
            ran[j] = true;
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "{b}, state {i}, operation {k}");
            }
        }
    }
    assert!(ran[0], "the portable backend always runs");
    for (j, b) in Backend::ALL.iter().enumerate() {
        assert_eq!(ran[j], b.is_supported(), "{b}");
    }
}

/// The unrolled permutations (deferred complement) of both word representations against the
/// plain round loop, and the representations against each other, without dispatch.
#[test]
fn word_representations_agree() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    for i in 0..N {
        let w = words(&mut seed);
        for r in [12usize, 8, 6, 1, 0] {
            let mut a = U64Words::from_words(w);
            a.permute_n(r);
            let mut b = Bi32Words::from_words(w);
            b.permute_n(r);
            assert_eq!(a.to_words(), b.to_words(), "state {i}, {r} rounds");
        }
        let mut loops = U64Words::from_words(w);
        let mut u = U64Words::from_words(w);
        let mut b = Bi32Words::from_words(w);
        loops.permute_n(12);
        u.permute::<12>();
        b.permute::<12>();
        assert_eq!(u.to_words(), loops.to_words(), "unrolled p12, state {i}");
        assert_eq!(b.to_words(), loops.to_words(), "bi32 p12, state {i}");
        loops.permute_n(8);
        u.permute::<8>();
        b.permute::<8>();
        assert_eq!(u.to_words(), loops.to_words(), "unrolled p8, state {i}");
        assert_eq!(b.to_words(), loops.to_words(), "bi32 p8, state {i}");
        loops.permute_n(6);
        u.permute::<6>();
        b.permute::<6>();
        assert_eq!(u.to_words(), loops.to_words(), "unrolled p6, state {i}");
        assert_eq!(b.to_words(), loops.to_words(), "bi32 p6, state {i}");
        // Word access and the two-word block operations.
        let (m, x) = ([next(&mut seed), next(&mut seed)], next(&mut seed));
        u.xor(3, x);
        b.xor(3, x);
        u.set(1, x);
        b.set(1, x);
        assert_eq!(b.get(3), u.get(3));
        assert_eq!(b.xor_get2(m), u.xor_get2(m), "xor_get2, state {i}");
        assert_eq!(b.to_words(), u.to_words());
        assert_eq!(b.swap2(m), u.swap2(m), "swap2, state {i}");
        assert_eq!(b.to_words(), u.to_words());
        // Both persist through `Words`.
        let mut p = Words::from_words([0; 5]);
        b.store(&mut p);
        assert_eq!(p.to_words(), u.to_words());
        u.store(&mut p);
        assert_eq!(p.to_words(), u.to_words());
    }
}

/// The bit-interleaving conversions against a naive reference, the two-word ones (SSE2 on x86)
/// against the word-by-word ones, and `pext`/`pdep` where the BMI backend is compiled in and the
/// CPU has it.
#[test]
fn interleaving_conversions() {
    let mut seed = 77u64;
    for _ in 0..if cfg!(miri) { 10 } else { 1000 } {
        let x = next(&mut seed);
        let (e, o) = interleave(x);
        // Naive reference: even bits to e, odd bits to o.
        let (mut re, mut ro) = (0u32, 0u32);
        for j in 0..32 {
            re |= (((x >> (2 * j)) & 1) as u32) << j;
            ro |= (((x >> (2 * j + 1)) & 1) as u32) << j;
        }
        assert_eq!((e, o), (re, ro));
        assert_eq!(deinterleave(e, o), x);
        let w = [x, next(&mut seed)];
        let (e2, o2) = super::portable::bi32_interleave2(w);
        assert_eq!((e2, o2), interleave2_scalar(w));
        assert_eq!(super::portable::bi32_deinterleave2(e2, o2), w);
        assert_eq!(deinterleave2_scalar(e2, o2), w);
        #[cfg(all(ascon_x86, ascon_bi32))]
        if let Some(super::tokens::Chosen::X86Bmi(t)) = super::tokens::token(Backend::X86Bmi) {
            assert_eq!(super::x86_bmi::interleave_pext(t, x), (re, ro), "pext");
            assert_eq!(super::x86_bmi::deinterleave_pdep(t, re, ro), x, "pdep");
        }
    }
}

/// The BMI backend's `bi32` words with and without `pext`/`pdep` (both paths on a CPU that has
/// them fast) against the `u64` words, through every operation.
#[cfg(all(ascon_x86, ascon_bi32))]
#[test]
fn bmi_bi32_words_with_and_without_pext() {
    use super::fast_pext;
    use super::x86_bmi::X86Bmi;
    let Some(super::tokens::Chosen::X86Bmi(t)) = super::tokens::token(Backend::X86Bmi) else {
        return;
    };
    let k = X86Bmi(t);
    let l0 = Words::from_words([0; 5]);
    assert_eq!(k.load(&l0).has_pext(), fast_pext());
    // Every Intel CPU with BMI2 has fast `pext`/`pdep`.
    if lwc_dispatch::x86::cpu().vendor == lwc_dispatch::x86::Vendor::Intel {
        assert!(k.load(&l0).has_pext(), "GenuineIntel with BMI2");
    }
    let mut seed = 0xb312_0bd2_u64;
    for i in 0..N {
        let w = words(&mut seed);
        let m = [next(&mut seed), next(&mut seed)];
        let x = next(&mut seed);
        for plain in [false, true] {
            let f = |w: [u64; 5]| {
                let s = k.load_words(w);
                if plain { s.without_pext() } else { s }
            };
            let mut a = U64Words::from_words(w);
            let mut b = f(w);
            assert_eq!(b.to_words(), w, "words, state {i}, plain {plain}");
            assert_eq!(b.xor_get2(m), a.xor_get2(m), "xor_get2, state {i}");
            assert_eq!(b.swap2(m), a.swap2(m), "swap2, state {i}");
            a.xor(4, x);
            b.xor(4, x);
            a.set(2, !x);
            b.set(2, !x);
            assert_eq!(b.get(2), a.get(2));
            a.permute::<12>();
            b.permute::<12>();
            assert_eq!(b.to_words(), a.to_words(), "p12, state {i}, plain {plain}");
            let mut p = Words::from_words([0; 5]);
            b.store(&mut p);
            assert_eq!(p.to_words(), a.to_words());
        }
    }
}

#[test]
fn the_documented_backends_are_compiled_in() {
    assert_eq!(Backend::ALL[0], Backend::Portable);
    let x86 = cfg!(any(target_arch = "x86", target_arch = "x86_64"));
    let forced_portable = cfg!(any(miri, lwc_force_portable));
    if forced_portable || !x86 {
        assert_eq!(Backend::ALL, [Backend::Portable]);
    }
    let names: [&str; 3] = ["portable", "x86_bmi", "x86_avx512"];
    for b in Backend::ALL {
        assert!(names.contains(&b.name()), "{b}");
    }
    let has = |n: &str| Backend::ALL.iter().any(|b| b.name() == n);
    assert_eq!(has("x86_bmi"), x86 && !forced_portable);
    // AVX-512: x86_64 only, and off with any `ascon_backend` (and before Rust 1.89).
    if cfg!(any(ascon_backend = "u64", ascon_backend = "bi32")) || !cfg!(target_arch = "x86_64") {
        assert!(!has("x86_avx512"));
    }
    let expected_words = if cfg!(ascon_backend = "bi32") {
        "bi32"
    } else if cfg!(any(
        ascon_backend = "u64",
        target_pointer_width = "64",
        target_arch = "wasm32",
        all(
            target_arch = "riscv32",
            not(any(target_feature = "zbb", target_feature = "zbkb"))
        )
    )) {
        "u64"
    } else {
        "bi32"
    };
    assert_eq!(crate::hazmat::WORDS, expected_words);
}

#[test]
fn detection_picks_the_preferred_backend_and_forcing_works() {
    let preferred = *Backend::ALL
        .iter()
        .rev()
        .find(|b| b.is_supported())
        .expect("portable is always supported");
    assert!(Backend::Portable.is_supported());
    assert_eq!(crate::hazmat::backend(), preferred);
    for &b in Backend::ALL {
        assert_eq!(crate::hazmat::force_backend(b), b.is_supported(), "{b}");
        if b.is_supported() {
            assert_eq!(crate::hazmat::backend(), b);
        }
    }
    assert!(crate::hazmat::force_backend(preferred));
    assert_eq!(crate::hazmat::backend(), preferred);
}
