//! Permutation backends: `portable` first, SIMD backends chosen once at run time.
//!
//! The mode code (hashing, AEAD) is written once, generic over [`Backend`], and run through
//! [`dispatch`]: the run-time choice is made once per call, and the whole loop over the input is
//! compiled for the chosen backend (the x86 backends are entered through a `#[target_feature]`
//! function, so the inlined loop inherits the CPU features).

// Lane tables shared by the two vector backends (expanded where the x86 intrinsics are in scope).

/// The eight Alzette constants, branch `i`'s in lane `i`.
#[cfg(sparkle_x86)]
macro_rules! alzette_constants {
    () => {
        _mm256_setr_epi32(
            RCON[0] as i32,
            RCON[1] as i32,
            RCON[2] as i32,
            RCON[3] as i32,
            RCON[4] as i32,
            RCON[5] as i32,
            RCON[6] as i32,
            RCON[7] as i32,
        )
    };
}

/// The linear layer's branch rotation as a `vpermd` index, for `h` branches per half: new left
/// `j` = old right `h + (j + 1) mod h`, new right `j` = old left `j`.
#[cfg(sparkle_x86)]
macro_rules! branch_rotation {
    ($h:expr) => {
        match $h {
            2 => _mm256_setr_epi32(3, 2, 0, 1, 4, 5, 6, 7),
            3 => _mm256_setr_epi32(4, 5, 3, 0, 1, 2, 6, 7),
            _ => _mm256_setr_epi32(5, 6, 7, 4, 0, 1, 2, 3),
        }
    };
}

/// Lanes `0..h` of `$v`: old left branch `(j + 1) mod h` (an in-lane shuffle).
#[cfg(sparkle_x86)]
macro_rules! next_left {
    ($h:expr, $v:expr) => {
        match $h {
            2 => _mm256_shuffle_epi32::<0xE1>($v),
            3 => _mm256_shuffle_epi32::<0xC9>($v),
            _ => _mm256_shuffle_epi32::<0x39>($v),
        }
    };
}

#[cfg(sparkle_x86)]
pub(crate) mod avx2;
#[cfg(all(sparkle_x86, sparkle_avx512))]
pub(crate) mod avx512;
pub(crate) mod portable;

/// The round constants `C[0..8]` (Alzette constants and step constants).
pub(crate) const RCON: [u32; 8] = [
    0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738, 0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8, 0xC2B3293D,
];

/// A Sparkle implementation.
pub(crate) trait Backend: Copy {
    /// Sparkle on `N` words (4, 6 or 8 branches) with `STEPS` steps.
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]);

    /// Esch's inner-block absorption: for each block, the injection `M_h`, then Sparkle with
    /// `STEPS` steps (a backend may keep the state in registers across blocks).
    #[inline(always)]
    fn esch_absorb<const N: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: &[[u8; crate::hash::RATE]],
    ) {
        esch_absorb_words::<Self, N, STEPS>(self, state, blocks);
    }

    /// Schwaemm's inner message blocks (`blocks.len()` is a multiple of the rate, `4 R` bytes):
    /// for each, the output (input XOR the rate words), `ρ1` with the plaintext and the rate
    /// whitening, then Sparkle with `STEPS` steps.
    #[inline(always)]
    fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: aead::inout::InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) {
        schwaemm_blocks_words::<Self, N, R, STEPS>(self, state, blocks, decrypt);
    }
}

/// [`Backend::schwaemm_blocks`] on the state words, with `b`'s permutation.
#[inline(always)]
fn schwaemm_blocks_words<B: Backend, const N: usize, const R: usize, const STEPS: usize>(
    b: B,
    s: &mut [u32; N],
    mut blocks: aead::inout::InOutBuf<'_, '_, u8>,
    decrypt: bool,
) {
    let rate = 4 * R;
    let mut off = 0;
    while off < blocks.len() {
        let input: [u32; R] = crate::aead::load(&blocks.get_in()[off..off + rate]);
        let output: [u32; R] = core::array::from_fn(|j| input[j] ^ s[j]);
        for (o, w) in blocks.get_out()[off..off + rate]
            .chunks_exact_mut(4)
            .zip(&output)
        {
            o.copy_from_slice(&w.to_le_bytes());
        }
        crate::aead::rho_whiten(s, if decrypt { &output } else { &input });
        b.sparkle::<N, STEPS>(s);
        off += rate;
    }
}

/// [`Backend::esch_absorb`] on the state words: inject, then `b`'s permutation, per block.
#[inline(always)]
fn esch_absorb_words<B: Backend, const N: usize, const STEPS: usize>(
    b: B,
    state: &mut [u32; N],
    blocks: &[[u8; crate::hash::RATE]],
) {
    let mut s = *state;
    for block in blocks {
        crate::hash::inject(&mut s, crate::hash::load_block(block));
        b.sparkle::<N, STEPS>(&mut s);
    }
    *state = s;
}

/// A job generic over the backend, run by [`dispatch`].
pub(crate) trait Job {
    /// What the job returns.
    type Output;
    /// Runs the job with backend `b`.
    fn run<B: Backend>(self, b: B) -> Self::Output;
}

/// The portable backend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Backend for Portable {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        portable::sparkle::<N, STEPS>(state);
    }
}

/// The portable code in its spec form, for the `bmi2` backend (compiled with BMI2, whose `rorx`
/// makes the rotated-`y` form of [`portable`] unnecessary).
#[cfg(sparkle_x86)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rorx;

#[cfg(sparkle_x86)]
impl Backend for Rorx {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        portable::sparkle_rorx::<N, STEPS>(state);
    }
}

/// The AVX2 backend; a value exists only after run-time detection found AVX2.
#[cfg(sparkle_x86)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(x86::Avx2Token);

#[cfg(sparkle_x86)]
impl Backend for Avx2 {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        // Sparkle256 (four branches) stays scalar: its 4-lane vector code is latency-bound and
        // slower than the scalar code with BMI2, which this backend also has.
        if (N == 12 || N == 16) && STEPS <= 12 {
            // SAFETY: an `Avx2` value is only created by `x86::select` after AVX2 was detected.
            unsafe { avx2::sparkle::<N, STEPS>(state) }
        } else {
            portable::sparkle_rorx::<N, STEPS>(state);
        }
    }
}

#[cfg(all(sparkle_x86, sparkle_avx512))]
#[derive(Clone, Copy, Debug)]
/// The AVX-512 backend; a value exists only after run-time detection found AVX-512F/VL.
pub(crate) struct Avx512(x86::Avx512Token);

#[cfg(all(sparkle_x86, sparkle_avx512))]
impl Backend for Avx512 {
    #[inline(always)]
    fn sparkle<const N: usize, const STEPS: usize>(self, state: &mut [u32; N]) {
        if (N == 8 || N == 12 || N == 16) && STEPS <= 12 {
            // SAFETY: an `Avx512` value is only created by `x86::dispatch` after AVX-512F and
            // AVX-512VL were detected; N is 8, 12 or 16.
            unsafe { avx512::sparkle::<N, STEPS>(state) }
        } else {
            portable::sparkle_rorx::<N, STEPS>(state);
        }
    }

    #[inline(always)]
    fn esch_absorb<const N: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: &[[u8; crate::hash::RATE]],
    ) {
        if (N == 8 || N == 12 || N == 16) && STEPS <= 12 {
            // SAFETY: as in `sparkle` above.
            unsafe { avx512::esch_absorb::<N, STEPS>(state, blocks) }
        } else {
            esch_absorb_words::<Self, N, STEPS>(self, state, blocks);
        }
    }

    #[inline(always)]
    fn schwaemm_blocks<const N: usize, const R: usize, const STEPS: usize>(
        self,
        state: &mut [u32; N],
        blocks: aead::inout::InOutBuf<'_, '_, u8>,
        decrypt: bool,
    ) {
        if (N == 8 || N == 12 || N == 16)
            && (R == 4 || R == 8 || (R == 6 && N == 12))
            && R < N
            && STEPS <= 12
        {
            let count = blocks.len() / (4 * R);
            let (input, output) = blocks.into_raw();
            // SAFETY: AVX-512F/VL were detected (see `sparkle` above); N, R and STEPS are in the
            // supported range; `input` and `output` come from one `InOutBuf` of
            // `count * 4 * R` bytes (the caller passes whole blocks), which are either the same
            // memory or disjoint.
            unsafe {
                avx512::schwaemm_blocks::<N, R, STEPS>(state, input, output, count, decrypt);
            }
        } else {
            schwaemm_blocks_words::<Self, N, R, STEPS>(self, state, blocks, decrypt);
        }
    }
}

/// The backends the dispatcher can choose (see [`crate::hazmat::backend`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BackendKind {
    /// Plain Rust, compiled for the build target.
    Portable,
    /// The portable code compiled with BMI2 (three-operand rotates, x86 only).
    Bmi2,
    /// All branches in two AVX2 vectors (x86 only; needs AVX2 and BMI2; Sparkle256 runs the
    /// BMI2 scalar code, which is faster for four branches).
    Avx2,
    /// All branches in two 256-bit vectors with AVX-512F/VL's one-instruction rotations and
    /// three-input logic, `y` kept rotated so each Alzette round is rotate, add, XOR (x86 only;
    /// needs AVX-512F, AVX-512VL, AVX2 and BMI2, and Rust 1.89 or later at build time).
    Avx512,
}

#[cfg(sparkle_x86)]
mod x86 {
    use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

    #[cfg(sparkle_avx512)]
    use super::Avx512;
    use super::{Avx2, BackendKind, Job, Portable, Rorx};

    cpufeatures::new!(avx2_cpuid, "avx2", "bmi2");
    #[cfg(sparkle_avx512)]
    cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl", "avx2", "bmi2");
    cpufeatures::new!(bmi2_cpuid, "bmi2");

    /// Proof that AVX2 was detected (private field: only this module creates it).
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2Token(());

    /// Proof that AVX-512F/VL were detected (private field: only this module creates it).
    #[cfg(sparkle_avx512)]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx512Token(());

    /// Whether the AVX-512 backend is compiled in and the CPU has it.
    fn has_avx512() -> bool {
        #[cfg(sparkle_avx512)]
        {
            avx512_cpuid::get()
        }
        #[cfg(not(sparkle_avx512))]
        {
            false
        }
    }

    /// 0: not chosen yet, else `1 + BackendKind as u8`.
    static CHOSEN: AtomicU8 = AtomicU8::new(0);

    fn detect() -> BackendKind {
        if has_avx512() {
            BackendKind::Avx512
        } else if avx2_cpuid::get() {
            BackendKind::Avx2
        } else if bmi2_cpuid::get() {
            BackendKind::Bmi2
        } else {
            BackendKind::Portable
        }
    }

    fn encode(k: BackendKind) -> u8 {
        match k {
            BackendKind::Portable => 1,
            BackendKind::Bmi2 => 2,
            BackendKind::Avx2 => 3,
            BackendKind::Avx512 => 4,
        }
    }

    #[inline]
    pub(super) fn chosen() -> BackendKind {
        match CHOSEN.load(Relaxed) {
            1 => BackendKind::Portable,
            2 => BackendKind::Bmi2,
            3 => BackendKind::Avx2,
            4 => BackendKind::Avx512,
            _ => {
                let k = detect();
                CHOSEN.store(encode(k), Relaxed);
                k
            }
        }
    }

    /// Forces `k` if this CPU supports it; returns whether it did.
    pub(super) fn force(k: BackendKind) -> bool {
        let ok = match k {
            BackendKind::Portable => true,
            BackendKind::Bmi2 => bmi2_cpuid::get(),
            BackendKind::Avx2 => avx2_cpuid::get(),
            BackendKind::Avx512 => has_avx512(),
        };
        if ok {
            CHOSEN.store(encode(k), Relaxed);
        }
        ok
    }

    /// # Safety
    /// The CPU must support AVX2 and BMI2.
    #[target_feature(enable = "avx2,bmi2")]
    unsafe fn run_avx2<J: Job>(job: J) -> J::Output {
        job.run(Avx2(Avx2Token(())))
    }

    /// # Safety
    /// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
    #[cfg(sparkle_avx512)]
    #[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
    unsafe fn run_avx512<J: Job>(job: J) -> J::Output {
        job.run(Avx512(Avx512Token(())))
    }

    /// # Safety
    /// The CPU must support BMI2.
    #[target_feature(enable = "bmi2")]
    unsafe fn run_bmi2<J: Job>(job: J) -> J::Output {
        job.run(Rorx)
    }

    #[inline]
    pub(super) fn dispatch<J: Job>(job: J) -> J::Output {
        match chosen() {
            // SAFETY: `chosen` returns Avx512 only when `avx512_cpuid` detected AVX-512F/VL, AVX2
            // and BMI2 (and only when the backend is compiled in).
            #[cfg(sparkle_avx512)]
            BackendKind::Avx512 => unsafe { run_avx512(job) },
            // Never chosen when the backend is not compiled in (`has_avx512` is false then).
            #[cfg(not(sparkle_avx512))]
            BackendKind::Avx512 => job.run(Portable),
            // SAFETY: `chosen` returns Avx2 only when `avx2_cpuid` detected AVX2 and BMI2.
            BackendKind::Avx2 => unsafe { run_avx2(job) },
            // SAFETY: `chosen` returns Bmi2 only when `bmi2_cpuid` detected BMI2.
            BackendKind::Bmi2 => unsafe { run_bmi2(job) },
            BackendKind::Portable => job.run(Portable),
        }
    }

    /// Runs the 4-branch AVX2 code (not used by the dispatcher) if the CPU has AVX2.
    #[cfg(test)]
    pub(crate) fn avx2_sparkle256<const STEPS: usize>(state: &mut [u32; 8]) -> bool {
        if !avx2_cpuid::get() {
            return false;
        }
        // SAFETY: AVX2 was detected just above; N = 8 is a supported size.
        unsafe { super::avx2::sparkle::<8, STEPS>(state) };
        true
    }

    /// Runs `job` with the AVX-512 backend if it is compiled in and the CPU has it (tests against
    /// portable).
    #[cfg(test)]
    pub(crate) fn with_avx512<J: Job>(job: J) -> Option<J::Output> {
        #[cfg(sparkle_avx512)]
        {
            // SAFETY: AVX-512F/VL, AVX2 and BMI2 were detected just before the call.
            avx512_cpuid::get().then(|| unsafe { run_avx512(job) })
        }
        #[cfg(not(sparkle_avx512))]
        {
            let _ = job;
            None
        }
    }

    /// Runs `job` with the AVX2 backend if the CPU has AVX2 (tests against portable).
    #[cfg(test)]
    pub(crate) fn with_avx2<J: Job>(job: J) -> Option<J::Output> {
        // SAFETY: AVX2 and BMI2 were detected just before the call.
        avx2_cpuid::get().then(|| unsafe { run_avx2(job) })
    }
}

#[cfg(sparkle_x86)]
#[cfg(test)]
pub(crate) use x86::{avx2_sparkle256, with_avx2, with_avx512};

/// Runs `job` with the best backend for this CPU (chosen once, on first use).
#[inline]
pub(crate) fn dispatch<J: Job>(job: J) -> J::Output {
    #[cfg(sparkle_x86)]
    {
        x86::dispatch(job)
    }
    #[cfg(not(sparkle_x86))]
    {
        job.run(Portable)
    }
}

/// The backend the dispatcher uses.
pub(crate) fn chosen() -> BackendKind {
    #[cfg(sparkle_x86)]
    {
        x86::chosen()
    }
    #[cfg(not(sparkle_x86))]
    {
        BackendKind::Portable
    }
}

/// Forces backend `k` for the whole process if it is available; returns whether it was.
pub(crate) fn force(k: BackendKind) -> bool {
    #[cfg(sparkle_x86)]
    {
        x86::force(k)
    }
    #[cfg(not(sparkle_x86))]
    {
        k == BackendKind::Portable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64*, enough for test inputs.
    fn words<const N: usize>(seed: &mut u64) -> [u32; N] {
        core::array::from_fn(|_| {
            *seed ^= *seed >> 12;
            *seed ^= *seed << 25;
            *seed ^= *seed >> 27;
            (seed.wrapping_mul(0x2545F4914F6CDD1D) >> 32) as u32
        })
    }

    struct Both<'a, const N: usize, const STEPS: usize>(&'a mut [u32; N]);
    impl<const N: usize, const STEPS: usize> Job for Both<'_, N, STEPS> {
        type Output = ();
        fn run<B: Backend>(self, b: B) {
            b.sparkle::<N, STEPS>(self.0);
        }
    }

    fn check<const N: usize, const STEPS: usize>(seed: &mut u64) {
        let input: [u32; N] = words(seed);
        let mut expected = input;
        portable::sparkle::<N, STEPS>(&mut expected);
        let mut stepped = input;
        portable::sparkle_steps(&mut stepped, STEPS);
        assert_eq!(expected, stepped);
        let mut got = input;
        dispatch(Both::<N, STEPS>(&mut got));
        assert_eq!(
            expected,
            got,
            "dispatched backend {:?}, N = {N}, steps = {STEPS}",
            chosen()
        );
        #[cfg(sparkle_x86)]
        {
            let mut got = input;
            if with_avx512(Both::<N, STEPS>(&mut got)).is_some() {
                assert_eq!(expected, got, "avx512, N = {N}, steps = {STEPS}");
            }
            let mut got = input;
            if with_avx2(Both::<N, STEPS>(&mut got)).is_some() {
                assert_eq!(expected, got, "avx2, N = {N}, steps = {STEPS}");
            }
            if N == 8 {
                let mut got8 = [0u32; 8];
                got8.copy_from_slice(&input[..8]);
                if avx2_sparkle256::<STEPS>(&mut got8) {
                    assert_eq!(
                        expected[..],
                        got8[..],
                        "avx2 4-branch code, steps = {STEPS}"
                    );
                }
            }
        }
    }

    struct EschAbsorb<'a, const N: usize, const STEPS: usize>(
        &'a mut [u32; N],
        &'a [[u8; crate::hash::RATE]],
    );
    impl<const N: usize, const STEPS: usize> Job for EschAbsorb<'_, N, STEPS> {
        type Output = ();
        fn run<B: Backend>(self, b: B) {
            b.esch_absorb::<N, STEPS>(self.0, self.1);
        }
    }

    /// Esch's block absorption (0 to 5 blocks) on every backend against the portable one.
    fn check_absorb<const N: usize, const STEPS: usize>(seed: &mut u64) {
        let input: [u32; N] = words(seed);
        let mut blocks = [[0u8; crate::hash::RATE]; 5];
        for b in &mut blocks {
            let w: [u32; 4] = words(seed);
            for (o, v) in b.chunks_exact_mut(4).zip(w) {
                o.copy_from_slice(&v.to_le_bytes());
            }
        }
        for n in 0..=blocks.len() {
            let mut expected = input;
            for block in &blocks[..n] {
                crate::hash::inject(&mut expected, crate::hash::load_block(block));
                portable::sparkle::<N, STEPS>(&mut expected);
            }
            let mut got = input;
            dispatch(EschAbsorb::<N, STEPS>(&mut got, &blocks[..n]));
            assert_eq!(
                expected,
                got,
                "dispatched {:?}, N = {N}, {n} blocks",
                chosen()
            );
            #[cfg(sparkle_x86)]
            {
                let mut got = input;
                if with_avx512(EschAbsorb::<N, STEPS>(&mut got, &blocks[..n])).is_some() {
                    assert_eq!(expected, got, "avx512, N = {N}, {n} blocks");
                }
                let mut got = input;
                if with_avx2(EschAbsorb::<N, STEPS>(&mut got, &blocks[..n])).is_some() {
                    assert_eq!(expected, got, "avx2, N = {N}, {n} blocks");
                }
            }
        }
    }

    struct SchwaemmBlocks<'a, const N: usize, const R: usize, const STEPS: usize>(
        &'a mut [u32; N],
        aead::inout::InOutBuf<'a, 'a, u8>,
        bool,
    );
    impl<const N: usize, const R: usize, const STEPS: usize> Job for SchwaemmBlocks<'_, N, R, STEPS> {
        type Output = ();
        fn run<B: Backend>(self, b: B) {
            b.schwaemm_blocks::<N, R, STEPS>(self.0, self.1, self.2);
        }
    }

    /// Schwaemm's inner message loop (0 to 4 blocks, encrypt and decrypt, separate and in-place
    /// buffers) on every backend against the portable words.
    fn check_schwaemm<const N: usize, const R: usize, const STEPS: usize>(seed: &mut u64) {
        let input: [u32; N] = words(seed);
        let data: [u32; 32] = words(seed);
        let mut bytes = [0u8; 128];
        for (o, w) in bytes.chunks_exact_mut(4).zip(data) {
            o.copy_from_slice(&w.to_le_bytes());
        }
        for n in 0..=4 {
            let len = n * 4 * R;
            for decrypt in [false, true] {
                let mut expected = input;
                let mut expected_out = [0u8; 128];
                schwaemm_blocks_words::<Portable, N, R, STEPS>(
                    Portable,
                    &mut expected,
                    aead::inout::InOutBuf::new(&bytes[..len], &mut expected_out[..len]).unwrap(),
                    decrypt,
                );
                for in_place in [false, true] {
                    // 0: the dispatched backend, 1: AVX-512, 2: AVX2 (where the CPU has them).
                    for with in 0..3 {
                        let mut got = input;
                        let mut out = [0u8; 128];
                        let buf = if in_place {
                            out[..len].copy_from_slice(&bytes[..len]);
                            aead::inout::InOutBuf::from(&mut out[..len])
                        } else {
                            aead::inout::InOutBuf::new(&bytes[..len], &mut out[..len]).unwrap()
                        };
                        let job = SchwaemmBlocks::<N, R, STEPS>(&mut got, buf, decrypt);
                        let ran = match with {
                            0 => {
                                dispatch(job);
                                true
                            }
                            #[cfg(sparkle_x86)]
                            1 => with_avx512(job).is_some(),
                            #[cfg(sparkle_x86)]
                            _ => with_avx2(job).is_some(),
                            #[cfg(not(sparkle_x86))]
                            _ => false,
                        };
                        if ran {
                            assert_eq!(
                                (expected, &expected_out[..len]),
                                (got, &out[..len]),
                                "N = {N}, R = {R}, {n} blocks, decrypt {decrypt}, in place \
                                 {in_place}, backend {with}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn schwaemm_blocks_agree_with_portable() {
        let mut seed = 0x1357_9BDF_0246_8ACE;
        for _ in 0..if cfg!(miri) { 1 } else { 30 } {
            check_schwaemm::<8, 4, 7>(&mut seed);
            check_schwaemm::<12, 8, 7>(&mut seed);
            check_schwaemm::<12, 6, 7>(&mut seed);
            check_schwaemm::<16, 8, 8>(&mut seed);
        }
    }

    #[test]
    fn esch_absorb_agrees_with_portable() {
        let mut seed = 0x0F1E_2D3C_4B5A_6978;
        for _ in 0..if cfg!(miri) { 1 } else { 50 } {
            check_absorb::<12, 7>(&mut seed);
            check_absorb::<16, 8>(&mut seed);
            check_absorb::<8, 7>(&mut seed);
        }
    }

    #[test]
    fn backends_agree_with_portable() {
        let mut seed = 0x0123_4567_89AB_CDEF;
        let rounds = if cfg!(miri) { 2 } else { 200 };
        for _ in 0..rounds {
            check::<8, 7>(&mut seed);
            check::<8, 10>(&mut seed);
            check::<12, 7>(&mut seed);
            check::<12, 11>(&mut seed);
            check::<16, 8>(&mut seed);
            check::<16, 12>(&mut seed);
            check::<8, 1>(&mut seed);
            check::<12, 3>(&mut seed);
            check::<16, 5>(&mut seed);
        }
    }
}
