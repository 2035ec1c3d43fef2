//! AES-NI backend (x86 and x86_64): `AESENC`/`AESENCLAST` through `core::arch` intrinsics.
//!
//! Two instantiations of the generic algorithms: one compiled with AVX (VEX three-operand
//! encoding, fewer register copies) and one with plain SSE2, chosen at run time.

#[cfg(target_arch = "x86")]
use core::arch::x86::{
    __m128i, _mm_aesenc_si128, _mm_aesenclast_si128, _mm_loadu_si128, _mm_set_epi64x,
    _mm_storeu_si128, _mm_xor_si128,
};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{
    __m128i, _mm_aesenc_si128, _mm_aesenclast_si128, _mm_loadu_si128, _mm_set_epi64x,
    _mm_storeu_si128, _mm_xor_si128,
};

use super::{Backend, SelectedBackend};
use crate::hazmat::{LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word};

cpufeatures::new!(aes_avx_cpuid, "aes", "avx");
cpufeatures::new!(aes_sse_cpuid, "aes", "sse2");

/// The AES-NI round engine. Values of this type are only created inside the `#[target_feature]`
/// entry points below, which are only called after `cpufeatures` confirmed `aes` and `sse2`.
#[derive(Clone, Copy)]
pub(crate) struct AesNi(());

impl Backend for AesNi {
    type W = __m128i;

    #[inline(always)]
    fn load(self, b: &Word) -> __m128i {
        // SAFETY: `b` is 16 readable bytes; `loadu` has no alignment requirement; SSE2 is enabled
        // wherever an `AesNi` exists (see the type's docs).
        unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
    }

    #[inline(always)]
    fn load_u64x2(self, lo: u64, hi: u64) -> __m128i {
        // SAFETY: SSE2 is enabled wherever an `AesNi` exists.
        unsafe { _mm_set_epi64x(hi as i64, lo as i64) }
    }

    #[inline(always)]
    fn store(self, w: __m128i) -> Word {
        let mut out = [0u8; 16];
        // SAFETY: `out` is 16 writable bytes; `storeu` has no alignment requirement; SSE2 is enabled.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), w) };
        out
    }

    #[inline(always)]
    fn xor(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled wherever an `AesNi` exists.
        unsafe { _mm_xor_si128(a, b) }
    }

    #[inline(always)]
    fn enc(self, x: __m128i, k: __m128i) -> __m128i {
        // SAFETY: the `aes` feature was detected before any `AesNi` was created.
        unsafe { _mm_aesenc_si128(x, k) }
    }

    #[inline(always)]
    fn enc_last(self, x: __m128i, k: __m128i) -> __m128i {
        // SAFETY: the `aes` feature was detected before any `AesNi` was created.
        unsafe { _mm_aesenclast_si128(x, k) }
    }
}

/// Entry points compiled with AES-NI and AVX (VEX encoding).
pub(crate) mod avx {
    use super::AesNi;
    super::super::target_feature_entry_points!("aes,avx,sse2", AesNi(()));
}

/// Entry points compiled with AES-NI and SSE2 only.
pub(crate) mod sse {
    use super::AesNi;
    super::super::target_feature_entry_points!("aes,sse2", AesNi(()));
}

/// Entry points compiled with AES-NI, VAES and AVX-512VL (x86_64, Rust 1.89+): the same 128-bit
/// code, but EVEX encoding gives 32 vector registers, so the 9 state words, the 4 delay words and
/// the message words of the 6-block unrolled loop all stay in registers (with 16 registers a few
/// are spilled to the stack, and the reload latency lands on short messages).
#[cfg(all(target_arch = "x86_64", lemac_vaes))]
#[clippy::msrv = "1.89"]
pub(crate) mod evex {
    use super::AesNi;
    super::super::target_feature_entry_points!(
        "aes,avx,avx2,vaes,avx512f,avx512vl,sse2",
        AesNi(())
    );

    cpufeatures::new!(
        evex_cpuid, "aes", "avx", "avx2", "vaes", "avx512f", "avx512vl", "sse2"
    );

    pub(crate) fn available() -> bool {
        evex_cpuid::get()
    }
}

/// Whether the EVEX (AVX-512VL) instantiation can run here.
#[inline]
fn evex_available() -> bool {
    #[cfg(all(target_arch = "x86_64", lemac_vaes))]
    {
        evex::available()
    }
    #[cfg(not(all(target_arch = "x86_64", lemac_vaes)))]
    {
        false
    }
}

pub(crate) fn selected() -> Option<SelectedBackend> {
    if evex_available() {
        Some(SelectedBackend::AesNiEvex)
    } else if aes_avx_cpuid::get() {
        Some(SelectedBackend::AesNiAvx)
    } else if aes_sse_cpuid::get() {
        Some(SelectedBackend::AesNi)
    } else {
        None
    }
}

/// Safe wrappers: run the operation on the best detected AES-NI variant, or return `None`.
macro_rules! safe_wrappers {
    ($( $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {$(
        pub(crate) fn $name($($arg: $ty),*) -> Option<$ret> {
            #[cfg(all(target_arch = "x86_64", lemac_vaes))]
            if evex::available() {
                // SAFETY: `aes`, `avx`, `avx2`, `vaes`, `avx512f`, `avx512vl` and `sse2` were
                // detected at run time just above.
                return Some(unsafe { evex::$name($($arg),*) });
            }
            if aes_avx_cpuid::get() {
                // SAFETY: `aes`, `avx` and `sse2` were detected at run time just above.
                return Some(unsafe { avx::$name($($arg),*) });
            }
            if aes_sse_cpuid::get() {
                // SAFETY: `aes` and `sse2` were detected at run time just above.
                return Some(unsafe { sse::$name($($arg),*) });
            }
            None
        }
    )*};
}

safe_wrappers! {
    lemac_absorb(st: &mut LeMacState, data: &[u8]) -> ();
    lemac_finalize(ctx: &LeMacContext, st: &LeMacState, tail: &[u8], nonce: &Word) -> Word;
    lemac_mac(ctx: &LeMacContext, nonce: &Word, msg: &[u8]) -> Word;
    petitmac_absorb(st: &mut PetitMacState, data: &[u8]) -> ();
    petitmac_finalize(ctx: &PetitMacContext, st: &PetitMacState, tail: &[u8], nonce: &Word) -> Word;
    petitmac_mac(ctx: &PetitMacContext, nonce: &Word, msg: &[u8]) -> Word;
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        Rand, check_lemac_against_portable, check_petitmac_against_portable,
    };
    use super::*;

    #[test]
    fn sse_variant_matches_portable() {
        if !aes_sse_cpuid::get() {
            return;
        }
        let mut rng = Rand(0x5eed_0001);
        // SAFETY: `aes` and `sse2` were detected just above.
        check_lemac_against_portable(&mut rng, |c, n, m| unsafe { sse::lemac_mac(c, n, m) });
        // SAFETY: as above.
        check_petitmac_against_portable(&mut rng, |c, n, m| unsafe { sse::petitmac_mac(c, n, m) });
    }

    #[cfg(all(target_arch = "x86_64", lemac_vaes))]
    #[test]
    fn evex_variant_matches_portable() {
        if !evex::available() {
            return;
        }
        let mut rng = Rand(0x5eed_0003);
        // SAFETY: the EVEX variant's features were detected just above.
        check_lemac_against_portable(&mut rng, |c, n, m| unsafe { evex::lemac_mac(c, n, m) });
        // SAFETY: as above.
        check_petitmac_against_portable(&mut rng, |c, n, m| unsafe { evex::petitmac_mac(c, n, m) });
    }

    #[test]
    fn avx_variant_matches_portable() {
        if !aes_avx_cpuid::get() {
            return;
        }
        let mut rng = Rand(0x5eed_0002);
        // SAFETY: `aes`, `avx` and `sse2` were detected just above.
        check_lemac_against_portable(&mut rng, |c, n, m| unsafe { avx::lemac_mac(c, n, m) });
        // SAFETY: as above.
        check_petitmac_against_portable(&mut rng, |c, n, m| unsafe { avx::petitmac_mac(c, n, m) });
    }
}

/// Two messages at once in the two 128-bit lanes of a 256-bit register (VAES + AVX2), x86_64.
///
/// Needs Rust 1.89 (stable `vaes` target feature); `build.rs` sets `cfg(lemac_vaes)` then.
#[cfg(all(target_arch = "x86_64", lemac_vaes))]
#[clippy::msrv = "1.89"]
pub(crate) mod vaes {
    use core::arch::x86_64::{
        __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm256_aesenc_epi128, _mm256_aesenclast_epi128,
        _mm256_broadcastsi128_si256, _mm256_castsi128_si256, _mm256_castsi256_si128,
        _mm256_extracti128_si256, _mm256_inserti128_si256, _mm256_set_epi64x, _mm256_xor_si256,
    };

    use super::super::{Backend, Backend2, generic};
    use super::AesNi;
    use crate::hazmat::{LeMacContext, Word};

    cpufeatures::new!(vaes_cpuid, "aes", "avx", "avx2", "vaes");

    /// The VAES round engine. Values of this type are only created inside `mac2` below, which is
    /// only called after `cpufeatures` confirmed `aes`, `avx`, `avx2` and `vaes`.
    #[derive(Clone, Copy)]
    pub(crate) struct Vaes(());

    impl Backend for Vaes {
        type W = __m256i;

        #[inline(always)]
        fn load(self, b: &Word) -> __m256i {
            // SAFETY: `b` is 16 readable bytes (`loadu`: no alignment needed); AVX2 is enabled
            // wherever a `Vaes` exists.
            unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(b.as_ptr().cast())) }
        }

        #[inline(always)]
        fn store(self, w: __m256i) -> Word {
            self.store2(w)[0]
        }

        #[inline(always)]
        fn xor(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: AVX2 is enabled wherever a `Vaes` exists.
            unsafe { _mm256_xor_si256(a, b) }
        }

        #[inline(always)]
        fn enc(self, x: __m256i, k: __m256i) -> __m256i {
            // SAFETY: VAES was detected before any `Vaes` was created.
            unsafe { _mm256_aesenc_epi128(x, k) }
        }

        #[inline(always)]
        fn enc_last(self, x: __m256i, k: __m256i) -> __m256i {
            // SAFETY: VAES was detected before any `Vaes` was created.
            unsafe { _mm256_aesenclast_epi128(x, k) }
        }
    }

    impl Backend2 for Vaes {
        #[inline(always)]
        fn load2(self, lo: &Word, hi: &Word) -> __m256i {
            // SAFETY: `lo` and `hi` are 16 readable bytes each (`loadu`: no alignment needed);
            // AVX2 is enabled wherever a `Vaes` exists.
            unsafe {
                let l = _mm256_castsi128_si256(_mm_loadu_si128(lo.as_ptr().cast()));
                _mm256_inserti128_si256::<1>(l, _mm_loadu_si128(hi.as_ptr().cast()))
            }
        }

        #[inline(always)]
        fn load2_u64x2(self, l0: (u64, u64), l1: (u64, u64)) -> __m256i {
            // SAFETY: AVX is enabled wherever a `Vaes` exists.
            unsafe { _mm256_set_epi64x(l1.1 as i64, l1.0 as i64, l0.1 as i64, l0.0 as i64) }
        }

        #[inline(always)]
        fn store2(self, w: __m256i) -> [Word; 2] {
            let mut out = [[0u8; 16]; 2];
            // SAFETY: each `out[i]` is 16 writable bytes (`storeu`: no alignment needed); AVX2 is
            // enabled wherever a `Vaes` exists.
            unsafe {
                _mm_storeu_si128(out[0].as_mut_ptr().cast(), _mm256_castsi256_si128(w));
                _mm_storeu_si128(out[1].as_mut_ptr().cast(), _mm256_extracti128_si256::<1>(w));
            }
            out
        }
    }

    #[target_feature(enable = "aes,avx,avx2,vaes")]
    pub(crate) unsafe fn mac2(
        ctx: &LeMacContext,
        nonces: [&Word; 2],
        msgs: [&[u8]; 2],
    ) -> [Word; 2] {
        generic::lemac_mac2(Vaes(()), AesNi(()), ctx, nonces, msgs)
    }

    cpufeatures::new!(
        vaes512_cpuid,
        "aes",
        "avx",
        "avx2",
        "vaes",
        "avx512f",
        "avx512vl"
    );

    /// The same code with AVX-512VL enabled: EVEX encoding gives 32 vector registers, so the
    /// two-lane state (9 + 4 words) and the message words fit without spills.
    #[target_feature(enable = "aes,avx,avx2,vaes,avx512f,avx512vl")]
    pub(crate) unsafe fn mac2_evex(
        ctx: &LeMacContext,
        nonces: [&Word; 2],
        msgs: [&[u8]; 2],
    ) -> [Word; 2] {
        generic::lemac_mac2(Vaes(()), AesNi(()), ctx, nonces, msgs)
    }

    pub(crate) fn available() -> bool {
        vaes_cpuid::get()
    }

    /// Two tags on the VAES lanes, or `None` without VAES.
    pub(crate) fn lemac_mac2(
        ctx: &LeMacContext,
        nonces: [&Word; 2],
        msgs: [&[u8]; 2],
    ) -> Option<[Word; 2]> {
        if vaes512_cpuid::get() {
            // SAFETY: `aes`, `avx`, `avx2`, `vaes`, `avx512f` and `avx512vl` were detected at run
            // time just above.
            return Some(unsafe { mac2_evex(ctx, nonces, msgs) });
        }
        if vaes_cpuid::get() {
            // SAFETY: `aes`, `avx`, `avx2` and `vaes` were detected at run time just above.
            return Some(unsafe { mac2(ctx, nonces, msgs) });
        }
        None
    }

    #[cfg(test)]
    mod tests {
        use super::super::super::tests::Rand;
        use super::*;

        #[test]
        fn vaes_pairs_match_portable() {
            if !vaes_cpuid::get() {
                return;
            }
            let mut rng = Rand(0x5eed_0004);
            let mut a = [0u8; 3000];
            let mut b = [0u8; 3000];
            let fixed = [
                (0, 0),
                (1, 1),
                (64, 64),
                (65, 64),
                (200, 1000),
                (3000, 2999),
                (2999, 3000),
                (640, 0),
            ];
            // Same block count, many pairs of tail positions (the in-lane finalisation), over
            // block counts that end the 3-block unrolled loop with 0, 1 and 2 blocks left.
            let same_blocks = (0..64usize).flat_map(|t| {
                [0usize, 64, 128, 384, 1024]
                    .into_iter()
                    .flat_map(move |base| {
                        [(base + t, base + 63 - t), (base + t, base + (t * 7) % 64)]
                    })
            });
            let cases = fixed.into_iter().chain(same_blocks);
            for (la, lb) in cases {
                let ctx = LeMacContext::new(&rng.word());
                let (na, nb) = (rng.word(), rng.word());
                rng.fill(&mut a[..la]);
                rng.fill(&mut b[..lb]);
                // SAFETY: VAES and friends were detected just above.
                let got = unsafe { mac2(&ctx, [&na, &nb], [&a[..la], &b[..lb]]) };
                if vaes512_cpuid::get() {
                    // SAFETY: the EVEX variant's features were detected just above.
                    let evex = unsafe { mac2_evex(&ctx, [&na, &nb], [&a[..la], &b[..lb]]) };
                    assert_eq!(evex, got, "EVEX, lengths {la}, {lb}");
                }
                let want = [
                    super::super::super::portable::lemac_mac(&ctx, &na, &a[..la]),
                    super::super::super::portable::lemac_mac(&ctx, &nb, &b[..lb]),
                ];
                assert_eq!(got, want, "lengths {la}, {lb}");
            }
        }
    }
}
