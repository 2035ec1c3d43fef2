//! Every backend this CPU has against the portable one (`dispatch_on`), for the permutations and
//! both hooks, on random inputs (xorshift, fixed seeds); and the forcing cfgs.

use super::portable::Portable;
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

/// The backends this CPU supports, other than portable.
fn others() -> impl Iterator<Item = Backend> {
    Backend::ALL
        .iter()
        .copied()
        .filter(|&b| b != Backend::Portable && b.is_supported())
}

fn check<const N: usize, const STEPS: usize>(seed: &mut u64) {
    let input: [u32; N] = words(seed);
    let mut expected = input;
    portable::sparkle::<N, STEPS>(&mut expected);
    let mut stepped = input;
    sparkle_steps(&mut stepped, STEPS);
    assert_eq!(
        expected, stepped,
        "run-time step count, N = {N}, steps = {STEPS}"
    );
    let mut got = input;
    dispatch(Permute::<N, STEPS>(&mut got));
    assert_eq!(
        expected,
        got,
        "dispatched backend {}, N = {N}, steps = {STEPS}",
        chosen()
    );
    for b in others() {
        let mut got = input;
        assert!(dispatch_on(b, Permute::<N, STEPS>(&mut got)).is_some());
        assert_eq!(expected, got, "{b}, N = {N}, steps = {STEPS}");
    }
    // The AVX2 kernels themselves, for every size (the dispatcher sends some sizes elsewhere).
    #[cfg(sparkle_x86)]
    if let Some(token) = avx2_token() {
        let mut got = input;
        x86_avx2::run_vectors(token, Permute::<N, STEPS>(&mut got));
        assert_eq!(expected, got, "x86_avx2 kernels, N = {N}, steps = {STEPS}");
    }
    // The AVX2 backend's four-branch vector code, which its kernels do not use.
    #[cfg(sparkle_x86)]
    if let (8, Some(token)) = (N, avx2_token()) {
        let mut got8: [u32; 8] = core::array::from_fn(|i| input[i]);
        x86_avx2::sparkle256::<STEPS>(token, &mut got8);
        assert_eq!(
            expected[..],
            got8[..],
            "x86_avx2 4-branch code, steps = {STEPS}"
        );
    }
    // The simd128 backend's four-branch vector code, which its kernels do not use.
    #[cfg(sparkle_wasm)]
    if N == 8 && STEPS <= 12 {
        let mut got8: [u32; 8] = core::array::from_fn(|i| input[i]);
        wasm_simd128::sparkle256::<STEPS>(simd128_token(), &mut got8);
        assert_eq!(
            expected[..],
            got8[..],
            "wasm_simd128 4-branch code, steps = {STEPS}"
        );
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

struct EschAbsorb<'a, const N: usize, const STEPS: usize>(&'a mut [u32; N], &'a [[u8; RATE]]);

impl<const N: usize, const STEPS: usize> Job for EschAbsorb<'_, N, STEPS> {
    const WORDS: usize = N;
    type Output = ();
    fn run<K: Kernels>(self, kernels: K) {
        kernels.esch_absorb::<N, STEPS>(self.0, self.1);
    }
}

/// Esch's block absorption (0 to 5 blocks) on every backend against the portable one.
fn check_absorb<const N: usize, const STEPS: usize>(seed: &mut u64) {
    let input: [u32; N] = words(seed);
    let mut blocks = [[0u8; RATE]; 5];
    for b in &mut blocks {
        store(&words::<4>(seed), b);
    }
    for n in 0..=blocks.len() {
        let mut expected = input;
        for block in &blocks[..n] {
            inject(&mut expected, load_block(block));
            portable::sparkle::<N, STEPS>(&mut expected);
        }
        let mut got = input;
        dispatch(EschAbsorb::<N, STEPS>(&mut got, &blocks[..n]));
        assert_eq!(
            expected,
            got,
            "dispatched {}, N = {N}, {n} blocks",
            chosen()
        );
        for b in others() {
            let mut got = input;
            assert!(dispatch_on(b, EschAbsorb::<N, STEPS>(&mut got, &blocks[..n])).is_some());
            assert_eq!(expected, got, "{b}, N = {N}, {n} blocks");
        }
        #[cfg(sparkle_x86)]
        if let Some(token) = avx2_token() {
            let mut got = input;
            x86_avx2::run_vectors(token, EschAbsorb::<N, STEPS>(&mut got, &blocks[..n]));
            assert_eq!(expected, got, "x86_avx2 kernels, N = {N}, {n} blocks");
        }
    }
}

#[test]
fn esch_absorb_agrees_with_portable() {
    let mut seed = 0x0F1E_2D3C_4B5A_6978;
    for _ in 0..if cfg!(miri) { 1 } else { 50 } {
        check_absorb::<12, 7>(&mut seed);
        check_absorb::<16, 8>(&mut seed);
        check_absorb::<8, 7>(&mut seed);
        // The big step counts too: the vector loops are generic over the step count.
        check_absorb::<12, 11>(&mut seed);
        check_absorb::<16, 12>(&mut seed);
    }
}

struct SchwaemmBlocks<'a, const N: usize, const R: usize, const STEPS: usize>(
    &'a mut [u32; N],
    InOutBuf<'a, 'a, u8>,
    bool,
);

impl<const N: usize, const R: usize, const STEPS: usize> Job for SchwaemmBlocks<'_, N, R, STEPS> {
    const WORDS: usize = N;
    type Output = ();
    fn run<K: Kernels>(self, kernels: K) {
        kernels.schwaemm_blocks::<N, R, STEPS>(self.0, self.1, self.2);
    }
}

/// How [`check_schwaemm`] runs a job.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// On the backend of this process.
    Dispatched,
    /// On this backend.
    On(Backend),
    /// On the AVX2 kernels themselves (if the CPU has AVX2), whatever the dispatcher's choice.
    Avx2Kernels,
}

/// Schwaemm's inner message loop (0 to 4 blocks, encrypt and decrypt, separate and in-place
/// buffers) on every backend against the portable words.
fn check_schwaemm<const N: usize, const R: usize, const STEPS: usize>(seed: &mut u64) {
    let input: [u32; N] = words(seed);
    let mut bytes = [0u8; 128];
    store(&words::<32>(seed), &mut bytes);
    for n in 0..=4 {
        let len = n * 4 * R;
        for decrypt in [false, true] {
            let mut expected = input;
            let mut expected_out = [0u8; 128];
            schwaemm_blocks_words::<Portable, N, R, STEPS>(
                Portable,
                &mut expected,
                InOutBuf::new(&bytes[..len], &mut expected_out[..len]).unwrap(),
                decrypt,
            );
            for in_place in [false, true] {
                // The dispatched backend; then every other one the CPU has; then the AVX2
                // kernels themselves (the dispatcher sends some sizes elsewhere).
                let runs = core::iter::once(Run::Dispatched)
                    .chain(others().map(Run::On))
                    .chain([Run::Avx2Kernels]);
                for b in runs {
                    let mut got = input;
                    let mut out = [0u8; 128];
                    let buf = if in_place {
                        out[..len].copy_from_slice(&bytes[..len]);
                        InOutBuf::from(&mut out[..len])
                    } else {
                        InOutBuf::new(&bytes[..len], &mut out[..len]).unwrap()
                    };
                    let job = SchwaemmBlocks::<N, R, STEPS>(&mut got, buf, decrypt);
                    match b {
                        Run::Dispatched => dispatch(job),
                        Run::On(b) => assert!(dispatch_on(b, job).is_some()),
                        #[cfg(sparkle_x86)]
                        Run::Avx2Kernels => match avx2_token() {
                            Some(token) => x86_avx2::run_vectors(token, job),
                            None => continue,
                        },
                        #[cfg(not(sparkle_x86))]
                        Run::Avx2Kernels => continue,
                    }
                    assert_eq!(
                        (expected, &expected_out[..len]),
                        (got, &out[..len]),
                        "N = {N}, R = {R}, {n} blocks, decrypt {decrypt}, in place {in_place}, \
                         backend {b:?}"
                    );
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
        check_schwaemm::<12, 8, 11>(&mut seed);
        check_schwaemm::<12, 6, 11>(&mut seed);
        check_schwaemm::<16, 8, 12>(&mut seed);
    }
}

/// The documented ways to force the portable backend (Miri, `--cfg lwc_force_portable`,
/// `--cfg sparkle_backend="portable"`) leave only the portable backend; without them an x86 CPU
/// gets the x86 backends (CI runs this both ways).
#[test]
fn forcing_cfgs_leave_only_portable() {
    let forced = cfg!(any(
        miri,
        lwc_force_portable,
        sparkle_backend = "portable",
        not(any(
            target_arch = "x86",
            target_arch = "x86_64",
            all(target_arch = "aarch64", target_feature = "neon"),
            all(target_arch = "wasm32", target_feature = "simd128")
        ))
    ));
    if forced {
        assert_eq!(Backend::ALL, [Backend::Portable]);
        assert_eq!(chosen(), Backend::Portable);
    } else if cfg!(any(target_arch = "aarch64", target_arch = "wasm32")) {
        assert_eq!(Backend::ALL.len(), 2, "{:?}", Backend::ALL);
    } else {
        assert!(Backend::ALL.len() >= 3, "{:?}", Backend::ALL);
    }
    assert_eq!(Backend::ALL[0], Backend::Portable);
    assert!(force(Backend::Portable));
    assert_eq!(chosen(), Backend::Portable);
    for &b in Backend::ALL {
        assert_eq!(force(b), b.is_supported(), "{b}");
    }
    #[cfg(sparkle_x86)]
    assert_eq!(
        Backend::X86Bmi.is_supported(),
        std::is_x86_feature_detected!("bmi2")
    );
    #[cfg(sparkle_aarch64)]
    assert!(Backend::Aarch64Neon.is_supported() && std::arch::is_aarch64_feature_detected!("neon"));
    #[cfg(sparkle_wasm)]
    assert!(Backend::WasmSimd128.is_supported());
}

/// Display names are the backend file names.
#[test]
fn names() {
    use std::string::ToString;
    let names: std::vec::Vec<std::string::String> =
        Backend::ALL.iter().map(|b| b.to_string()).collect();
    let mut expected = std::vec!["portable"];
    if cfg!(sparkle_x86) {
        expected.extend(["x86_bmi", "x86_avx2"]);
    }
    if cfg!(sparkle_avx512) {
        expected.push("x86_avx512");
    }
    if cfg!(sparkle_aarch64) {
        expected.push("aarch64_neon");
    }
    if cfg!(sparkle_wasm) {
        expected.push("wasm_simd128");
    }
    assert_eq!(names, expected);
}

/// The AVX2 backend's token if this CPU runs it (for its code outside the dispatched kernels).
#[cfg(sparkle_x86)]
fn avx2_token() -> Option<tokens::X86Avx2> {
    match tokens::token(Backend::X86Avx2) {
        Some(tokens::Chosen::X86Avx2(token)) => Some(token),
        _ => None,
    }
}

/// The simd128 backend's token (the target has simd128 where it is compiled in).
#[cfg(sparkle_wasm)]
fn simd128_token() -> tokens::WasmSimd128 {
    match tokens::token(Backend::WasmSimd128) {
        Some(tokens::Chosen::WasmSimd128(token)) => token,
        _ => unreachable!("simd128 is part of the target"),
    }
}
