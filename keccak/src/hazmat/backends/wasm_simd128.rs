//! wasm32 with the `simd128` proposal enabled at compile time (`-C target-feature=+simd128`):
//! two states per `v128` (one lane of each, as `i64x2` elements) for the four-state calls
//! (KangarooTwelve leaves, ParallelHash blocks, [`crate::batch`]), as two pairs; one state runs
//! the scalar code ([`Portable`]).
//!
//! WebAssembly has no run-time feature detection: a module either validates with SIMD
//! instructions or is rejected as a whole, so this backend is compiled in exactly when the build
//! enables `simd128` (the build.rs alias `keccak_wasm_simd128`) and is then always supported.
//! Each rotation is `i64x2.shl` + `i64x2.shr_u` + `v128.or`, χ is `v128.andnot` + `v128.xor`.
//! The absorb loops keep both states of a pair in locals from block to block.
//!
//! The `core::arch::wasm32` intrinsics are safe functions, callable without `unsafe` wherever
//! `simd128` is enabled: this file has no unsafe code.

#[cfg(feature = "many-states")]
use core::arch::wasm32::{
    i64x2_shl, u64x2, u64x2_extract_lane, u64x2_shr, u64x2_splat, v128, v128_andnot, v128_or,
    v128_xor,
};

#[cfg(feature = "many-states")]
use super::super::RC;
use super::super::State1600;
#[cfg(keccak_many_msgs)]
use super::super::words::{by_rate, load_lane, xor_block};
use super::Kernels;
#[cfg(keccak_many_msgs)]
use super::absorb_args_ok;
use super::portable::Portable;

/// The `simd128` kernels (a unit value: the feature is a property of the build, not of the CPU).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WasmSimd128;

/// Runs `job` with these kernels (no CPU feature to enable: the build's own code).
#[inline(always)]
pub(super) fn run<J: super::Job>(_: super::tokens::WasmSimd128, job: J) -> J::Output {
    job.run(WasmSimd128)
}

impl Kernels for WasmSimd128 {
    #[cfg(feature = "many-states")]
    const SIMD_X4: bool = true;

    #[inline(always)]
    fn keccak_p<const R: usize>(self, state: &mut State1600) {
        Portable.keccak_p::<R>(state);
    }

    #[cfg(feature = "many-states")]
    #[inline(always)]
    fn keccak_p_x4<const R: usize>(self, states: &mut [State1600; 4]) {
        let (first, second) = states.split_at_mut(2);
        for pair in [first, second] {
            let (s0, s1) = pair.split_at_mut(1);
            let mut a = load_x2(&s0[0], &s1[0]);
            permute_x2::<R>(&mut a);
            store_x2(&a, &mut s0[0], &mut s1[0]);
        }
    }

    #[inline(always)]
    fn absorb<const R: usize>(self, state: &mut State1600, data: &[u8], rate: usize) {
        Portable.absorb::<R>(state, data, rate);
    }

    #[cfg(keccak_many_msgs)]
    #[inline(always)]
    fn absorb_x4<const R: usize>(self, states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
        debug_assert!(absorb_args_ok(msgs, rate));
        let (first, second) = states.split_at_mut(2);
        for (pair, m) in [first, second]
            .into_iter()
            .zip([[msgs[0], msgs[1]], [msgs[2], msgs[3]]])
        {
            let (s0, s1) = pair.split_at_mut(1);
            let (s0, s1) = (&mut s0[0], &mut s1[0]);
            by_rate!(rate, L => absorb_x2::<R, L>(s0, s1, m), _ => {
                    for (s, msg) in [(s0, m[0]), (s1, m[1])] {
                        for block in msg.chunks_exact(rate) {
                            xor_block(s, block);
                            Portable.keccak_p::<R>(s);
                        }
                    }
                }
            );
        }
    }
}

/// The absorb loop on two states with `LANES` lanes a block (`m[0]` into `s0`, `m[1]` into
/// `s1`, of equal lengths), both in locals throughout.
#[inline(always)]
#[cfg(keccak_many_msgs)]
fn absorb_x2<const R: usize, const LANES: usize>(
    s0: &mut State1600,
    s1: &mut State1600,
    m: [&[u8]; 2],
) {
    let mut a = load_x2(s0, s1);
    for (b0, b1) in m[0]
        .chunks_exact(8 * LANES)
        .zip(m[1].chunks_exact(8 * LANES))
    {
        for i in 0..LANES {
            a[i] = v128_xor(
                a[i],
                u64x2(load_lane(&b0[8 * i..]), load_lane(&b1[8 * i..])),
            );
        }
        permute_x2::<R>(&mut a);
    }
    store_x2(&a, s0, s1);
}

/// Keccak-p\[1600, R\] (the last R rounds, R = 12 or 24) on the two states in `a`, one
/// straight-line round per loop iteration.
#[inline(never)]
#[cfg(feature = "many-states")]
fn permute_x2<const R: usize>(a: &mut [v128; 25]) {
    let mut s = *a;
    for &rc in &RC[24 - R..] {
        s = round(s, u64x2_splat(rc));
    }
    *a = s;
}

/// Two states, lane `i` of `s0` and of `s1` in element 0 and 1 of `a[i]`.
#[inline(always)]
#[cfg(feature = "many-states")]
fn load_x2(s0: &State1600, s1: &State1600) -> [v128; 25] {
    core::array::from_fn(|i| u64x2(s0[i], s1[i]))
}

/// The inverse of [`load_x2`].
#[inline(always)]
#[cfg(feature = "many-states")]
fn store_x2(a: &[v128; 25], s0: &mut State1600, s1: &mut State1600) {
    for ((l0, l1), v) in s0.iter_mut().zip(s1.iter_mut()).zip(a) {
        *l0 = u64x2_extract_lane::<0>(*v);
        *l1 = u64x2_extract_lane::<1>(*v);
    }
}

/// Each element of `x` rotated left by `N` (0 < `N` < 64).
#[inline(always)]
#[cfg(feature = "many-states")]
fn rol<const N: u32>(x: v128) -> v128 {
    v128_or(i64x2_shl(x, N), u64x2_shr(x, 64 - N))
}

/// `b ^ (!c & d)` (χ on one lane).
#[inline(always)]
#[cfg(feature = "many-states")]
fn chi(b: v128, c: v128, d: v128) -> v128 {
    v128_xor(b, v128_andnot(d, c))
}

/// `a ^ b`.
#[inline(always)]
#[cfg(feature = "many-states")]
fn xor(a: v128, b: v128) -> v128 {
    v128_xor(a, b)
}

/// One Keccak round (θ, ρ, π, χ, ι) on two states, element-wise the round of
/// `portable::round` (the same ρ offsets and π moves).
#[inline(always)]
#[cfg(feature = "many-states")]
fn round(a: [v128; 25], rc: v128) -> [v128; 25] {
    let x5 = |i: usize| {
        xor(
            xor(xor(a[i], a[i + 5]), xor(a[i + 10], a[i + 15])),
            a[i + 20],
        )
    };
    let (c0, c1, c2, c3, c4) = (x5(0), x5(1), x5(2), x5(3), x5(4));
    let d0 = xor(c4, rol::<1>(c1));
    let d1 = xor(c0, rol::<1>(c2));
    let d2 = xor(c1, rol::<1>(c3));
    let d3 = xor(c2, rol::<1>(c4));
    let d4 = xor(c3, rol::<1>(c0));
    let b0 = xor(a[0], d0);
    let b10 = rol::<1>(xor(a[1], d1));
    let b20 = rol::<62>(xor(a[2], d2));
    let b5 = rol::<28>(xor(a[3], d3));
    let b15 = rol::<27>(xor(a[4], d4));
    let b16 = rol::<36>(xor(a[5], d0));
    let b1 = rol::<44>(xor(a[6], d1));
    let b11 = rol::<6>(xor(a[7], d2));
    let b21 = rol::<55>(xor(a[8], d3));
    let b6 = rol::<20>(xor(a[9], d4));
    let b7 = rol::<3>(xor(a[10], d0));
    let b17 = rol::<10>(xor(a[11], d1));
    let b2 = rol::<43>(xor(a[12], d2));
    let b12 = rol::<25>(xor(a[13], d3));
    let b22 = rol::<39>(xor(a[14], d4));
    let b23 = rol::<41>(xor(a[15], d0));
    let b8 = rol::<45>(xor(a[16], d1));
    let b18 = rol::<15>(xor(a[17], d2));
    let b3 = rol::<21>(xor(a[18], d3));
    let b13 = rol::<8>(xor(a[19], d4));
    let b14 = rol::<18>(xor(a[20], d0));
    let b24 = rol::<2>(xor(a[21], d1));
    let b9 = rol::<61>(xor(a[22], d2));
    let b19 = rol::<56>(xor(a[23], d3));
    let b4 = rol::<14>(xor(a[24], d4));
    [
        xor(chi(b0, b1, b2), rc),
        chi(b1, b2, b3),
        chi(b2, b3, b4),
        chi(b3, b4, b0),
        chi(b4, b0, b1),
        chi(b5, b6, b7),
        chi(b6, b7, b8),
        chi(b7, b8, b9),
        chi(b8, b9, b5),
        chi(b9, b5, b6),
        chi(b10, b11, b12),
        chi(b11, b12, b13),
        chi(b12, b13, b14),
        chi(b13, b14, b10),
        chi(b14, b10, b11),
        chi(b15, b16, b17),
        chi(b16, b17, b18),
        chi(b17, b18, b19),
        chi(b18, b19, b15),
        chi(b19, b15, b16),
        chi(b20, b21, b22),
        chi(b21, b22, b23),
        chi(b22, b23, b24),
        chi(b23, b24, b20),
        chi(b24, b20, b21),
    ]
}
