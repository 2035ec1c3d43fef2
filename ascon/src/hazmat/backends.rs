//! Permutation backends, side by side.
//!
//! * [`portable`]: the 64-bit backend (five `u64`s, rounds unrolled, and-not S-box); the default on
//!   64-bit targets. It is also the reference the others are tested against.
//! * [`bi32`]: the 32-bit bit-interleaved backend (each word as two `u32` halves holding its even and
//!   odd bits, so every 64-bit rotation is two 32-bit rotations); the default on other targets.
//!   Words are interleaved when they are absorbed and de-interleaved when they are read, once per
//!   word, never per round.
//! * `x86_avx512` (x86_64 only): each word in its own `xmm` register, rounds with `vpternlogq` and
//!   `vprorq` (inline assembly); selected once at run time with `cpufeatures` for the hot loops
//!   (AEAD calls, absorbing, squeezing), which are generic over [`Perm`] and run through
//!   [`with_backend!`].
//! * `x86_bmi` (x86_64 and 32-bit x86): the word backend compiled with `bmi1,bmi2` (`andn`,
//!   `rorx`), selected once at run time with `cpufeatures` when AVX-512 is not; whole mode
//!   operations run inside it ([`with_lanes!`]) so the state stays in registers. With [`bi32`] the
//!   modes' BMI copy uses [`BmiLanes`] (`bi32::LanesBmi`): the same state, its words converted with
//!   BMI2's `pext`/`pdep` (not on AMD CPUs before Zen 3, where they are microcoded).
//! * `x86_sse2` (x86 with SSE2, i.e. x86_64 and the `i686` targets): [`bi32`]'s conversion of the
//!   two words of a full 16-byte AEAD block, both at once in one SSE2 register.
//!
//! Overrides: `--cfg ascon_backend="u64"` or `--cfg ascon_backend="bi32"` picks the word backend on
//! any target (and turns the AVX-512 backend off, so the chosen word backend is what runs);
//! `--cfg lwc_force_portable` (and Miri) disables every run-time dispatch.

// Both word backends are always compiled (and tested against each other); one is selected.
#[allow(dead_code)]
pub(crate) mod bi32;
#[allow(dead_code)]
pub(crate) mod portable;
#[cfg(all(
    ascon_x86,
    target_arch = "x86_64",
    not(any(ascon_backend = "u64", ascon_backend = "bi32"))
))]
pub(crate) mod x86_avx512;
#[cfg(ascon_x86)]
mod x86_bmi;
#[cfg(all(ascon_x86, target_feature = "sse2"))]
mod x86_sse2;

/// Whether the AVX-512 backend is compiled in and this CPU supports it.
#[inline(always)]
pub(crate) fn avx512_available() -> bool {
    #[cfg(all(
        ascon_x86,
        target_arch = "x86_64",
        not(any(ascon_backend = "u64", ascon_backend = "bi32"))
    ))]
    {
        x86_avx512::available()
    }
    #[cfg(not(all(
        ascon_x86,
        target_arch = "x86_64",
        not(any(ascon_backend = "u64", ascon_backend = "bi32"))
    )))]
    {
        false
    }
}

/// The operations the modes need from a state representation; implemented by the compile-time
/// word backend [`Lanes`] and by the run-time-selected AVX-512 backend.
pub(crate) trait Perm: Clone {
    /// From the standard word representation.
    fn from_words(w: [u64; 5]) -> Self;
    /// To the standard word representation.
    // Called through the trait only where the AVX-512 backend is compiled in (elsewhere the
    // `with_backend!` bodies resolve to `Lanes`' inherent methods).
    #[allow(dead_code)]
    fn to_words(&self) -> [u64; 5];
    /// Word `i`.
    fn get(&self, i: usize) -> u64;
    /// Sets word `i`.
    #[allow(dead_code)] // as `to_words`
    fn set(&mut self, i: usize, v: u64);
    /// XORs `v` into word `i`.
    fn xor(&mut self, i: usize, v: u64);
    /// XORs `m` into words 0 and 1 and returns their new values (AEAD encryption of a full
    /// 16-byte block).
    #[allow(dead_code)] // as `to_words`
    #[inline(always)]
    fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        self.xor(0, m[0]);
        self.xor(1, m[1]);
        [self.get(0), self.get(1)]
    }
    /// Returns words 0 and 1 XORed with `c` and sets them to `c` (AEAD decryption of a full
    /// 16-byte block).
    #[allow(dead_code)] // as `to_words`
    #[inline(always)]
    fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        let p = [self.get(0) ^ c[0], self.get(1) ^ c[1]];
        self.set(0, c[0]);
        self.set(1, c[1]);
        p
    }
    /// `p[R]`, `R` in {6, 8, 12}.
    fn permute<const R: usize>(&mut self);
    /// From the persistent representation ([`Lanes`]).
    fn from_lanes(l: &Lanes) -> Self;
    /// Back to the persistent representation.
    fn store_lanes(&self, l: &mut Lanes);
    /// Overwrites the state with zeros.
    #[cfg(feature = "zeroize")]
    #[allow(dead_code)] // as `to_words`
    fn wipe(&mut self);
}

impl Perm for Lanes {
    #[inline(always)]
    fn from_words(w: [u64; 5]) -> Self {
        Lanes::from_words(w)
    }
    #[inline(always)]
    fn to_words(&self) -> [u64; 5] {
        Lanes::to_words(self)
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        Lanes::get(self, i)
    }
    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        Lanes::set(self, i, v);
    }
    #[inline(always)]
    fn xor(&mut self, i: usize, v: u64) {
        Lanes::xor(self, i, v);
    }
    #[inline(always)]
    fn xor_get2(&mut self, m: [u64; 2]) -> [u64; 2] {
        Lanes::xor_get2(self, m)
    }
    #[inline(always)]
    fn swap2(&mut self, c: [u64; 2]) -> [u64; 2] {
        Lanes::swap2(self, c)
    }
    #[inline(always)]
    fn permute<const R: usize>(&mut self) {
        Lanes::permute::<R>(self);
    }
    #[inline(always)]
    fn from_lanes(l: &Lanes) -> Self {
        l.clone()
    }
    #[inline(always)]
    fn store_lanes(&self, l: &mut Lanes) {
        *l = self.clone();
    }
    #[cfg(feature = "zeroize")]
    #[inline(always)]
    fn wipe(&mut self) {
        Lanes::wipe(self);
    }
}

/// Runs `$body` (a whole mode operation, generic over [`Perm`] through the type name `$L`) with
/// the best backend of this CPU: AVX-512 where compiled in and supported, otherwise [`Lanes`]
/// through [`dispatch`] (BMI1/BMI2 where available). The decision is one cached CPUID check per
/// call, outside every block loop.
macro_rules! with_backend {
    (|$L:ident| $body:expr) => {{
        #[cfg(all(
            ascon_x86,
            target_arch = "x86_64",
            not(any(ascon_backend = "u64", ascon_backend = "bi32"))
        ))]
        let r = if $crate::hazmat::backends::avx512_available() {
            #[allow(clippy::redundant_closure_call)]
            (|| {
                type $L = $crate::hazmat::backends::x86_avx512::Lanes512;
                $body
            })()
        } else {
            $crate::hazmat::backends::with_lanes!(|$L| $body)
        };
        #[cfg(not(all(
            ascon_x86,
            target_arch = "x86_64",
            not(any(ascon_backend = "u64", ascon_backend = "bi32"))
        )))]
        let r = $crate::hazmat::backends::with_lanes!(|$L| $body);
        r
    }};
}
pub(crate) use with_backend;

/// Runs `$body` with [`Lanes`] (through the type name `$L`) on the best code path of this CPU,
/// as [`dispatch`] does, but with the body written out once per path: the BMI1/BMI2 copy and the
/// plain copy are two closures, each called from one place, so the compiler inlines each whole
/// into its caller. (One closure called from both paths stays an out-of-line function, compiled
/// without BMI, when it is as large as an AEAD operation; so may a closure in another codegen
/// unit, hence `#[inline(always)]`.)
macro_rules! with_lanes {
    (|$L:ident| $body:expr) => {{
        #[cfg(ascon_x86)]
        let r = if let Some(bmi) = $crate::hazmat::backends::bmi() {
            bmi.run(
                #[inline(always)]
                || {
                    type $L = $crate::hazmat::backends::BmiLanes;
                    $body
                },
            )
        } else {
            #[allow(clippy::redundant_closure_call)]
            (|| {
                type $L = $crate::hazmat::backends::Lanes;
                $body
            })()
        };
        #[cfg(not(ascon_x86))]
        #[allow(clippy::redundant_closure_call)]
        let r = (|| {
            type $L = $crate::hazmat::backends::Lanes;
            $body
        })();
        r
    }};
}
pub(crate) use with_lanes;

/// Proof that this CPU has BMI1 and BMI2, when it does.
#[cfg(ascon_x86)]
#[inline(always)]
pub(crate) fn bmi() -> Option<x86_bmi::Bmi> {
    x86_bmi::Bmi::get()
}

/// The word backend of the modes' BMI1/BMI2 copy: [`Lanes`], with `pext`/`pdep` word conversions
/// for `bi32`.
#[cfg(all(ascon_x86, ascon_bi32))]
pub(crate) type BmiLanes = bi32::LanesBmi;
/// The word backend of the modes' BMI1/BMI2 copy: [`Lanes`], with `pext`/`pdep` word conversions
/// for `bi32`.
#[cfg(all(ascon_x86, not(ascon_bi32)))]
pub(crate) type BmiLanes = Lanes;

/// The word backend used by every mode.
#[cfg(ascon_bi32)]
pub(crate) use bi32::Lanes;
/// The word backend used by every mode.
#[cfg(not(ascon_bi32))]
pub(crate) use portable::Lanes;

/// Runs `f` (a whole mode operation) with the best code path of this CPU.
///
/// On x86_64 with BMI1/BMI2 `f` is inlined into a function compiled with those features, so the
/// permutation inside uses `andn`/`rorx`; elsewhere `f` runs as is.
#[inline(always)]
pub(crate) fn dispatch<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(ascon_x86)]
    {
        x86_bmi::run(f)
    }
    #[cfg(not(ascon_x86))]
    {
        f()
    }
}

/// Runs `f` on the plain code path, never the run-time-selected one (for tests comparing them).
#[cfg(test)]
pub(crate) fn dispatch_plain<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// The name of the code path [`dispatch`] takes on this CPU (for docs, tests and benches).
#[must_use]
pub(crate) fn name() -> &'static str {
    if avx512_available() {
        return "u64+avx512";
    }
    #[cfg(ascon_x86)]
    {
        if x86_bmi::available() {
            return if Lanes::NAME == "bi32" {
                "bi32+bmi"
            } else {
                "u64+bmi"
            };
        }
    }
    Lanes::NAME
}

#[cfg(test)]
mod tests {
    use super::{bi32, portable};

    fn next(x: &mut u64) -> u64 {
        // xorshift64*: a fixed-seed generator, enough for backend comparison.
        *x ^= *x >> 12;
        *x ^= *x << 25;
        *x ^= *x >> 27;
        x.wrapping_mul(0x2545F4914F6CDD1D)
    }

    #[test]
    fn backends_agree_on_random_states() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let n = if cfg!(miri) { 4 } else { 500 };
        for i in 0..n {
            let w = [
                next(&mut seed),
                next(&mut seed),
                next(&mut seed),
                next(&mut seed),
                next(&mut seed),
            ];
            for r in [12usize, 8, 6, 1, 0] {
                let mut a = portable::Lanes::from_words(w);
                a.permute_n(r);
                let mut b = bi32::Lanes::from_words(w);
                b.permute_n(r);
                assert_eq!(a.to_words(), b.to_words(), "state {i}, {r} rounds");
                let mut c = w;
                super::dispatch(|| {
                    let mut s = super::Lanes::from_words(c);
                    s.permute_n(r);
                    c = s.to_words();
                });
                let mut d = w;
                super::dispatch_plain(|| {
                    let mut s = portable::Lanes::from_words(d);
                    s.permute_n(r);
                    d = s.to_words();
                });
                assert_eq!(a.to_words(), c, "dispatched path, state {i}, {r} rounds");
                assert_eq!(a.to_words(), d, "plain path, state {i}, {r} rounds");
            }
            // The unrolled permutations (deferred complement) against the plain round loop.
            for r in [12usize, 8, 6] {
                let mut u = portable::Lanes::from_words(w);
                match r {
                    12 => u.permute::<12>(),
                    8 => u.permute::<8>(),
                    _ => u.permute::<6>(),
                }
                let mut l = portable::Lanes::from_words(w);
                l.permute_n(r);
                assert_eq!(u.to_words(), l.to_words(), "unrolled p{r}, state {i}");
            }
            let mut a = portable::Lanes::from_words(w);
            a.permute::<12>();
            let mut b = bi32::Lanes::from_words(w);
            b.permute::<12>();
            assert_eq!(a.to_words(), b.to_words());
            a.permute::<8>();
            b.permute::<8>();
            a.permute::<6>();
            b.permute::<6>();
            assert_eq!(a.to_words(), b.to_words());
            // Word access.
            let v = next(&mut seed);
            a.xor(3, v);
            b.xor(3, v);
            a.set(1, v);
            b.set(1, v);
            assert_eq!(a.get(3), b.get(3));
            assert_eq!(a.to_words(), b.to_words());
        }
    }

    /// The AVX-512 backend against the portable one, on random states (nothing to check on CPUs
    /// without AVX-512F/VL).
    #[cfg(all(
        ascon_x86,
        target_arch = "x86_64",
        not(any(ascon_backend = "u64", ascon_backend = "bi32"))
    ))]
    #[test]
    fn avx512_agrees_with_portable() {
        use super::{Perm, x86_avx512::Lanes512};
        if !super::avx512_available() {
            return;
        }
        let mut seed = 0x0bad_cafe_u64;
        for i in 0..500 {
            let w: [u64; 5] = core::array::from_fn(|_| next(&mut seed));
            for r in [12usize, 8, 6] {
                let mut a = portable::Lanes::from_words(w);
                let mut v = <Lanes512 as Perm>::from_words(w);
                assert_eq!(v.to_words(), w);
                match r {
                    12 => {
                        a.permute::<12>();
                        v.permute::<12>();
                    }
                    8 => {
                        a.permute::<8>();
                        v.permute::<8>();
                    }
                    _ => {
                        a.permute::<6>();
                        v.permute::<6>();
                    }
                }
                assert_eq!(a.to_words(), v.to_words(), "p{r}, state {i}");
            }
            let x = next(&mut seed);
            let mut a = portable::Lanes::from_words(w);
            let mut v = <Lanes512 as Perm>::from_words(w);
            a.xor(4, x);
            v.xor(4, x);
            a.set(1, !x);
            v.set(1, !x);
            assert_eq!(a.get(4), v.get(4));
            assert_eq!(a.to_words(), v.to_words());
            let mut l = super::Lanes::from_words([0; 5]);
            v.store_lanes(&mut l);
            assert_eq!(l.to_words(), a.to_words());
            assert_eq!(Lanes512::from_lanes(&l).to_words(), a.to_words());
        }
    }

    #[test]
    fn the_documented_backend_is_selected() {
        let expected = if cfg!(ascon_backend = "bi32") {
            "bi32"
        } else if cfg!(ascon_backend = "u64") || cfg!(target_pointer_width = "64") {
            "u64"
        } else {
            "bi32"
        };
        assert_eq!(super::Lanes::NAME, expected);
        assert!(super::name().starts_with(expected));
    }

    /// The two-word conversions (SSE2 on x86 unless Miri or `lwc_force_portable`) against the
    /// word-by-word ones, and the two-word AEAD block operations of both word backends against
    /// their definitions through `xor`, `get` and `set`.
    #[test]
    fn two_word_block_operations() {
        let mut seed = 0x5eed_0fb1_0c00_u64;
        for _ in 0..if cfg!(miri) { 10 } else { 1000 } {
            let w = [next(&mut seed), next(&mut seed)];
            let (e, o) = bi32::interleave2(w);
            assert_eq!((e, o), bi32::interleave2_scalar(w));
            let (e0, o0) = bi32::interleave(w[0]);
            let (e1, o1) = bi32::interleave(w[1]);
            assert_eq!((e, o), ([e0, e1], [o0, o1]));
            assert_eq!(bi32::deinterleave2(e, o), w);
            assert_eq!(bi32::deinterleave2_scalar(e, o), w);
            let st: [u64; 5] = core::array::from_fn(|_| next(&mut seed));
            let m = [next(&mut seed), next(&mut seed)];
            // Encryption block: state ^= m, returns the new words 0 and 1.
            let mut want = st;
            want[0] ^= m[0];
            want[1] ^= m[1];
            let mut a = portable::Lanes::from_words(st);
            let mut b = bi32::Lanes::from_words(st);
            assert_eq!(a.xor_get2(m), [want[0], want[1]]);
            assert_eq!(b.xor_get2(m), [want[0], want[1]]);
            assert_eq!(a.to_words(), want);
            assert_eq!(b.to_words(), want);
            // Decryption block: returns state ^ c, the state words become c.
            let mut want = st;
            want[0] = m[0];
            want[1] = m[1];
            let mut a = portable::Lanes::from_words(st);
            let mut b = bi32::Lanes::from_words(st);
            assert_eq!(a.swap2(m), [st[0] ^ m[0], st[1] ^ m[1]]);
            assert_eq!(b.swap2(m), [st[0] ^ m[0], st[1] ^ m[1]]);
            assert_eq!(a.to_words(), want);
            assert_eq!(b.to_words(), want);
        }
    }

    /// The BMI copy's `bi32` state ([`bi32::LanesBmi`], `pext`/`pdep` conversions) against the
    /// 64-bit backend through every [`Perm`] operation, with and without BMI2, on random states.
    #[cfg(all(ascon_x86, ascon_bi32))]
    #[test]
    fn bi32_bmi_lanes_agree_with_portable() {
        use super::{Perm, bi32::LanesBmi};
        let mut seed = 0xb312_0bd2_u64;
        let l0 = bi32::Lanes::from_words([0; 5]);
        assert_eq!(
            LanesBmi::from_lanes(&l0).has_bmi2(),
            super::x86_bmi::Bmi::get_fast_pext().is_some()
        );
        // Every Intel CPU with BMI2 has fast `pext`/`pdep`.
        if super::x86_bmi::available() && super::x86_bmi::genuine_intel() {
            assert!(
                LanesBmi::from_lanes(&l0).has_bmi2(),
                "GenuineIntel with BMI2"
            );
        }
        for i in 0..1000 {
            let w: [u64; 5] = core::array::from_fn(|_| next(&mut seed));
            let m = [next(&mut seed), next(&mut seed)];
            let x = next(&mut seed);
            for plain in [false, true] {
                let f = |w: [u64; 5]| {
                    let s = LanesBmi::from_words(w);
                    if plain { s.without_bmi2() } else { s }
                };
                let mut a = portable::Lanes::from_words(w);
                let mut b = f(w);
                assert_eq!(b.to_words(), w, "words, state {i}, plain {plain}");
                for j in 0..5 {
                    assert_eq!(b.get(j), w[j]);
                }
                // Encryption and decryption blocks, as in `two_word_block_operations`.
                assert_eq!(b.xor_get2(m), a.xor_get2(m), "xor_get2, state {i}");
                assert_eq!(b.to_words(), a.to_words());
                assert_eq!(b.swap2(m), a.swap2(m), "swap2, state {i}");
                assert_eq!(b.to_words(), a.to_words());
                a.xor(4, x);
                b.xor(4, x);
                a.set(2, !x);
                b.set(2, !x);
                assert_eq!(b.to_words(), a.to_words());
                a.permute::<12>();
                b.permute::<12>();
                assert_eq!(b.to_words(), a.to_words(), "p12, state {i}");
                a.permute::<8>();
                b.permute::<8>();
                a.permute::<6>();
                b.permute::<6>();
                assert_eq!(b.to_words(), a.to_words(), "p8, p6, state {i}");
                // Through the persistent representation.
                let mut l = bi32::Lanes::from_words([0; 5]);
                b.store_lanes(&mut l);
                assert_eq!(l.to_words(), a.to_words());
                assert_eq!(LanesBmi::from_lanes(&l).to_words(), a.to_words());
            }
        }
    }

    #[test]
    fn interleave_round_trips() {
        let mut seed = 77u64;
        for _ in 0..if cfg!(miri) { 10 } else { 1000 } {
            let x = next(&mut seed);
            let (e, o) = bi32::interleave(x);
            // Naive reference: even bits to e, odd bits to o.
            let (mut re, mut ro) = (0u32, 0u32);
            for j in 0..32 {
                re |= (((x >> (2 * j)) & 1) as u32) << j;
                ro |= (((x >> (2 * j + 1)) & 1) as u32) << j;
            }
            assert_eq!((e, o), (re, ro));
            assert_eq!(bi32::deinterleave(e, o), x);
            #[cfg(ascon_x86)]
            if let Some(bmi) = super::x86_bmi::Bmi::get() {
                assert_eq!(bmi.interleave(x), (re, ro), "pext");
                assert_eq!(bmi.deinterleave(re, ro), x, "pdep");
            }
        }
    }
}
