//! The `bi32` word conversions for a full 16-byte AEAD block, both words in one SSE2 register:
//! four 32-bit lanes run the same delta swaps, and one 16-bit shuffle per 64-bit lane moves the
//! halves between (low 32 bits, high 32 bits) and (even bits, odd bits).
//!
//! Not a run-time backend: part of the portable kernels' `bi32` words on x86 (`Bi32Words`'
//! two-word block operations). SSE2 is part of every x86_64 target and of the `i686` targets, so
//! this needs no run-time check: the module is compiled only where `target_feature = "sse2"` is
//! enabled at compile time (`ascon_sse2`). Its `unsafe`: calling the
//! `#[target_feature(enable = "sse2")]` functions from code that has the feature through the
//! target (which the compiler does not count as enabling it).

// The intrinsics are safe to call in `#[target_feature]` functions from Rust 1.87 on; the MSRV
// (1.85) still needs the `unsafe` blocks.
#![allow(unused_unsafe)]

#[cfg(target_arch = "x86")]
use core::arch::x86::{
    __m128i, _mm_and_si128, _mm_cvtsi128_si32, _mm_set_epi32, _mm_set_epi64x, _mm_set1_epi32,
    _mm_shufflehi_epi16, _mm_shufflelo_epi16, _mm_slli_epi32, _mm_srli_epi32, _mm_srli_si128,
    _mm_xor_si128,
};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cvtsi128_si32, _mm_set_epi32, _mm_set_epi64x, _mm_set1_epi32,
    _mm_shufflehi_epi16, _mm_shufflelo_epi16, _mm_slli_epi32, _mm_srli_epi32, _mm_srli_si128,
    _mm_xor_si128,
};

/// One delta swap on each 32-bit lane: `t = (x ^ (x >> S)) & m; x ^= t ^ (t << S)`.
#[inline]
#[target_feature(enable = "sse2")]
unsafe fn swap<const S: i32>(x: __m128i, m: u32) -> __m128i {
    // SAFETY: SSE2 is enabled for this function; the intrinsics are register-only.
    unsafe {
        let t = _mm_and_si128(
            _mm_xor_si128(x, _mm_srli_epi32::<S>(x)),
            _mm_set1_epi32(m as i32),
        );
        _mm_xor_si128(x, _mm_xor_si128(t, _mm_slli_epi32::<S>(t)))
    }
}

/// 16-bit elements `[a, b, c, d]` of each 64-bit lane to `[a, c, b, d]` (its own inverse).
#[inline]
#[target_feature(enable = "sse2")]
unsafe fn mix16(x: __m128i) -> __m128i {
    // SAFETY: SSE2 is enabled for this function; the intrinsics are register-only.
    unsafe { _mm_shufflehi_epi16::<0xd8>(_mm_shufflelo_epi16::<0xd8>(x)) }
}

/// The four 32-bit lanes of `x`.
#[inline]
#[target_feature(enable = "sse2")]
unsafe fn lanes(x: __m128i) -> [u32; 4] {
    // SAFETY: SSE2 is enabled for this function; the intrinsics are register-only.
    unsafe {
        [
            _mm_cvtsi128_si32(x) as u32,
            _mm_cvtsi128_si32(_mm_srli_si128::<4>(x)) as u32,
            _mm_cvtsi128_si32(_mm_srli_si128::<8>(x)) as u32,
            _mm_cvtsi128_si32(_mm_srli_si128::<12>(x)) as u32,
        ]
    }
}

#[inline]
#[target_feature(enable = "sse2")]
unsafe fn interleave2_sse2(w: [u64; 2]) -> [u32; 4] {
    // SAFETY: SSE2 is enabled for this function; the intrinsics are register-only.
    unsafe {
        let mut x = _mm_set_epi64x(w[1] as i64, w[0] as i64);
        x = swap::<1>(x, 0x2222_2222);
        x = swap::<2>(x, 0x0c0c_0c0c);
        x = swap::<4>(x, 0x00f0_00f0);
        x = swap::<8>(x, 0x0000_ff00);
        lanes(mix16(x))
    }
}

#[inline]
#[target_feature(enable = "sse2")]
unsafe fn deinterleave2_sse2(e: [u32; 2], o: [u32; 2]) -> [u32; 4] {
    // SAFETY: SSE2 is enabled for this function; the intrinsics are register-only.
    unsafe {
        let mut x = _mm_set_epi32(o[1] as i32, e[1] as i32, o[0] as i32, e[0] as i32);
        x = mix16(x);
        x = swap::<8>(x, 0x0000_ff00);
        x = swap::<4>(x, 0x00f0_00f0);
        x = swap::<2>(x, 0x0c0c_0c0c);
        x = swap::<1>(x, 0x2222_2222);
        lanes(x)
    }
}

/// [`crate::hazmat::words::interleave`] of both words: `([e0, e1], [o0, o1])`.
#[inline(always)]
pub(super) fn interleave2(w: [u64; 2]) -> ([u32; 2], [u32; 2]) {
    // SAFETY: this module is compiled only with `target_feature = "sse2"` enabled for the whole
    // target, so every CPU this code runs on has SSE2.
    let x = unsafe { interleave2_sse2(w) };
    ([x[0], x[2]], [x[1], x[3]])
}

/// [`crate::hazmat::words::deinterleave`] of both words.
#[inline(always)]
pub(super) fn deinterleave2(e: [u32; 2], o: [u32; 2]) -> [u64; 2] {
    // SAFETY: as in `interleave2`: SSE2 is enabled for the whole target.
    let x = unsafe { deinterleave2_sse2(e, o) };
    [
        x[0] as u64 | (x[1] as u64) << 32,
        x[2] as u64 | (x[3] as u64) << 32,
    ]
}
