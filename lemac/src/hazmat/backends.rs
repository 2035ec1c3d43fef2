//! The AES-round backends: the [`Kernels`] they implement, run-time detection (once per process,
//! cached), the tokens that prove it, and the one [`dispatch`].
//!
//! `portable` (the `aes` crate's constant-time `hazmat` rounds) is always compiled; the others
//! where build.rs sets their alias: `x86_aesni` and `x86_aesni_avx` (`lemac_x86`), `x86_vaes`
//! (`lemac_vaes`), `x86_avx512` (`lemac_avx512`), `aarch64_aes` (`lemac_aarch64`). Miri,
//! `--cfg lwc_force_portable` and `--cfg lemac_backend="portable"` leave only `portable`.
//!
//! The algorithms (`hazmat::lemac`, `hazmat::petitmac`) are written once, generic over
//! [`Kernels`], as [`Job`]s; [`dispatch`] enters the chosen backend's `#[target_feature]` function,
//! into which the whole job is inlined, so the loop over the message is compiled for that backend.

#[cfg(lemac_aarch64)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod aarch64_aes;
pub(crate) mod portable;
#[cfg(test)]
mod tests;
#[cfg(lemac_x86)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_aesni;
#[cfg(lemac_x86)]
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_aesni_avx;
#[cfg(lemac_avx512)]
#[clippy::msrv = "1.89"] // AVX-512 target features: stable from 1.89 (build.rs checks the version)
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_avx512;
#[cfg(lemac_vaes)]
#[clippy::msrv = "1.89"] // VAES intrinsics: stable from 1.89 (build.rs checks the version)
#[allow(unsafe_code)] // intrinsics, assembly and `#[target_feature]` entry points
pub(crate) mod x86_vaes;

use super::Word;

/// One AES round engine: what a backend implements. `enc` is x86's `AESENC` (SubBytes, ShiftRows,
/// MixColumns, then XOR the key), `enc_last` is `AESENCLAST` (no MixColumns).
pub(crate) trait Kernels: Copy {
    /// A 16-byte word held in a register.
    type W: Copy;
    /// The backend's two-lane kernels ([`NoLanes2`] where it has none).
    type Lanes2: Kernels2;
    /// The backend's kernels for two of LeMac's `G_i` chains in one register ([`NoLanes2`]
    /// where it has none).
    type Pairs: Pairs<Self::W>;

    /// Whether the finalisation's 10 rounds of `G_i` chains are written out (straight-line, each
    /// round's keys known at compile time) instead of a loop over the rounds (the x86 backends
    /// and `portable` keep the loop; PERFORMANCE.md, "aarch64 (issue 18)").
    const UNROLL_FINISH: bool = false;

    /// Whether the LeMac absorb loop keeps the round keys pending (`R(t ^ k)` as
    /// `enc(xor(t, k), 0)`): free where the AES instruction adds its key before SubBytes (ARMv8
    /// `AESE`), an extra XOR per round on x86, whose backends keep the plain loop.
    const FOLD_KEYS: bool = false;

    /// Whether the LeMac absorb loop runs one block per iteration instead of six written out:
    /// with 32 vector registers (EVEX) LLVM renames the rotating words of a one-block loop
    /// without a spill, and that loop measured faster than the six-block one (PERFORMANCE.md,
    /// "Issue 20: 1 KiB against the C++ seed, both built native").
    const ROLLED_ABSORB: bool = false;

    /// Loads a word.
    fn load(self, b: &Word) -> Self::W;
    /// Stores a word.
    fn store(self, w: Self::W) -> Word;
    /// `a ^ b`.
    fn xor(self, a: Self::W, b: Self::W) -> Self::W;
    /// One AES round `R(x) ^ k`.
    fn enc(self, x: Self::W, k: Self::W) -> Self::W;
    /// The last AES round (no MixColumns), then `^ k`.
    fn enc_last(self, x: Self::W, k: Self::W) -> Self::W;

    /// The word whose bytes 0..8 are `lo` and 8..16 are `hi` (little-endian).
    #[inline(always)]
    fn load_u64x2(self, lo: u64, hi: u64) -> Self::W {
        let mut w = [0u8; 16];
        w[..8].copy_from_slice(&lo.to_le_bytes());
        w[8..].copy_from_slice(&hi.to_le_bytes());
        self.load(&w)
    }

    /// Loads `N` words.
    #[inline(always)]
    fn load_words<const N: usize>(self, w: &[Word; N]) -> [Self::W; N] {
        let mut out = [self.load(&[0; 16]); N];
        for i in 0..N {
            out[i] = self.load(&w[i]);
        }
        out
    }

    /// Stores `N` words.
    #[inline(always)]
    fn store_words<const N: usize>(self, w: &[Self::W; N], out: &mut [Word; N]) {
        for i in 0..N {
            out[i] = self.store(w[i]);
        }
    }

    /// Eight independent rounds (one LeMac block).
    #[inline(always)]
    fn enc8(self, x: [Self::W; 8], k: [Self::W; 8]) -> [Self::W; 8] {
        let mut o = x;
        for i in 0..8 {
            o[i] = self.enc(x[i], k[i]);
        }
        o
    }

    /// The two-lane kernels, where the backend has them (two messages side by side: the VAES
    /// and ARMv8 paths of `LeMac::compute_many`).
    #[inline(always)]
    fn lanes2(self) -> Option<Self::Lanes2> {
        None
    }

    /// The kernels that run two `G_i` chains per instruction, where the backend has them
    /// (`x86_avx512`: one 256-bit `VAESENC` for two chains).
    #[inline(always)]
    fn pairs(self) -> Option<Self::Pairs> {
        None
    }
}

/// Two one-lane words (type `H`) as the two lanes of one word of these kernels, and back: what
/// LeMac's finalisation needs to run its `G_i` chains two to a register
/// (`finalization::tag_input_pairs`).
pub(crate) trait Pairs<H>: Kernels {
    /// `lo` in lane 0, `hi` in lane 1 (registers only, no memory).
    fn join(self, lo: H, hi: H) -> Self::W;
    /// Lane 0 XOR lane 1.
    fn fold(self, w: Self::W) -> H;
    /// `w[0]` in lane 0, `w[1]` in lane 1 (one 32-byte load).
    fn load_pair(self, w: &[Word; 2]) -> Self::W;
}

/// A two-lane round engine: lane 0 and lane 1 hold the words of two independent messages;
/// [`Kernels::load`] broadcasts one word to both lanes, [`Kernels::store`] returns lane 0.
pub(crate) trait Kernels2: Kernels {
    /// Whether `compute_many` runs each message on the one-lane kernels up to the input of the
    /// output AES-128 and only the two output AES-128s in the lanes: for lanes that are a pair of
    /// 128-bit registers, where two lanes' 26 state words with their pending round keys do not
    /// fit the register file (the absorb loop and the finalisation spill). `false` (the VAES
    /// lanes): both messages run in the lanes from the first block.
    const PAIR_OUTPUT_ONLY: bool = false;

    /// Lane 0 from `lo`, lane 1 from `hi`.
    fn load2(self, lo: &Word, hi: &Word) -> Self::W;
    /// Both lanes.
    fn store2(self, w: Self::W) -> [Word; 2];

    /// Lane 0 from the little-endian halves `l0`, lane 1 from `l1` (see [`Kernels::load_u64x2`]).
    #[inline(always)]
    fn load2_u64x2(self, l0: (u64, u64), l1: (u64, u64)) -> Self::W {
        let mut w = [[0u8; 16]; 2];
        for (wi, (lo, hi)) in w.iter_mut().zip([l0, l1]) {
            wi[..8].copy_from_slice(&lo.to_le_bytes());
            wi[8..].copy_from_slice(&hi.to_le_bytes());
        }
        self.load2(&w[0], &w[1])
    }
}

/// The [`Kernels::Lanes2`] of a backend without two-lane kernels (no value exists).
#[derive(Clone, Copy, Debug)]
pub(crate) enum NoLanes2 {}

impl Kernels for NoLanes2 {
    type W = NoLanes2;
    type Lanes2 = NoLanes2;
    type Pairs = NoLanes2;
    fn load(self, _: &Word) -> Self {
        match self {}
    }
    fn store(self, _: Self) -> Word {
        match self {}
    }
    fn xor(self, _: Self, _: Self) -> Self {
        match self {}
    }
    fn enc(self, _: Self, _: Self) -> Self {
        match self {}
    }
    fn enc_last(self, _: Self, _: Self) -> Self {
        match self {}
    }
}

impl<H> Pairs<H> for NoLanes2 {
    fn join(self, _: H, _: H) -> Self {
        match self {}
    }
    fn fold(self, _: Self) -> H {
        match self {}
    }
    fn load_pair(self, _: &[Word; 2]) -> Self {
        match self {}
    }
}

impl Kernels2 for NoLanes2 {
    fn load2(self, _: &Word, _: &Word) -> Self {
        match self {}
    }
    fn store2(self, _: Self) -> [Word; 2] {
        match self {}
    }
}

/// One whole operation generic over the backend, run by [`dispatch`] (its `run` is inlined into
/// the backend's `#[target_feature]` entry point, so the whole loop is compiled for that backend).
///
/// The algorithms implement it for a reference to the struct of their arguments
/// (`&jobs::Compute`, `&mut jobs::Absorb`, ...): a reference reaches the entry point in one
/// register, where a struct of more than two words passed by value is copied once more on the way
/// (PERFORMANCE.md, "Jobs by reference").
pub(crate) trait Job {
    /// What the job returns.
    type Output;
    /// Runs the job with `kernels`.
    fn run<K: Kernels>(self, kernels: K) -> Self::Output;
}

lwc_dispatch::backends! {
    /// A backend the AES rounds of LeMac and PetitMac can run on.
    ///
    /// Every backend computes the same function; they differ in speed only. `compute_many` runs
    /// two messages side by side on [`X86Vaes`](Backend::X86Vaes), [`X86Avx512`](Backend::X86Avx512)
    /// and `Aarch64Aes` (see [`compute_many_lanes`](crate::hazmat::compute_many_lanes)).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum Backend {
        /// The `aes` crate's constant-time `hazmat` rounds (fixsliced software AES, or that
        /// crate's own AES-NI/ARMv8 path). Always available.
        Portable => portable, always;
        /// AES-NI with SSE encoding (x86, x86_64).
        #[cfg(lemac_x86)]
        X86Aesni => x86_aesni, cpu("aes", "sse2");
        /// AES-NI with AVX: VEX three-operand encoding, fewer register copies (x86, x86_64).
        #[cfg(lemac_x86)]
        X86AesniAvx => x86_aesni_avx, cpu("aes", "avx", "sse2");
        /// AES-NI with AVX for one message, and two messages in the two 128-bit lanes of 256-bit
        /// VAES registers for `compute_many` (x86_64, AVX2 + VAES, built with Rust 1.89+).
        #[cfg(lemac_vaes)]
        X86Vaes => x86_vaes, cpu("aes", "avx", "avx2", "vaes", "sse2");
        /// [`X86Vaes`](Backend::X86Vaes) compiled with AVX-512VL: EVEX encoding gives 32 vector
        /// registers, so the 13 state words and the message words of the unrolled block loop
        /// never spill (x86_64, VAES + AVX-512F/VL, built with Rust 1.89+).
        #[cfg(lemac_avx512)]
        X86Avx512 => x86_avx512,
            cpu("aes", "avx", "avx2", "vaes", "avx512f", "avx512vl", "sse2") implies(X86Vaes);
        /// The ARMv8 crypto extensions, `AESE` + `AESMC` (aarch64, run-time detection of `aes`);
        /// for `compute_many`, the output AES-128s of two messages interleaved.
        #[cfg(lemac_aarch64)]
        Aarch64Aes => aarch64_aes, cpu("aes");
    }
}
