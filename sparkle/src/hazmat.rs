//! The raw Sparkle permutations, with their backends side by side.
//!
//! **Hazardous**: these are building blocks, not finished constructions. Use [`crate::Esch256`],
//! [`crate::XoEsch256`] or [`crate::Schwaemm256_128`] (and siblings) unless you are building a new
//! mode on top of Sparkle.
//!
//! The state is an array of 32-bit words `x0, y0, x1, y1, ...` (branch `i` is the word pair
//! `(2i, 2i + 1)`); byte strings map to it in little-endian order. Each permutation comes with the
//! two step counts of the specification (`slim`, `big`) and a run-time step count (`permute`).
//!
//! ```
//! use lwc_sparkle::hazmat::Sparkle256;
//!
//! let mut state = [0u32; 8];
//! Sparkle256::slim(&mut state);
//! assert_eq!(state[0], 0x55ce325e);
//! ```

pub(crate) mod backends;

use backends::{Backend, Job, dispatch};

pub use backends::BackendKind;

/// The backend every permutation call of this process uses, chosen once at run time: AVX-512
/// (AVX-512F/VL, built with Rust 1.89 or later) where the CPU has it, else AVX2, else the portable
/// code compiled with BMI2 where available, else portable. The cfgs `sparkle_backend="portable"`
/// and `lwc_force_portable` (and Miri) force portable at build time.
#[must_use]
pub fn backend() -> BackendKind {
    backends::chosen()
}

/// Forces backend `kind` for the whole process if the CPU supports it (returns whether it did).
///
/// Meant for benchmarks and tests that compare backends in one run; all backends compute the
/// same function.
#[doc(hidden)]
pub fn force_backend(kind: BackendKind) -> bool {
    backends::force(kind)
}

struct Perm<'a, const N: usize, const STEPS: usize>(&'a mut [u32; N]);

impl<const N: usize, const STEPS: usize> Job for Perm<'_, N, STEPS> {
    type Output = ();
    #[inline(always)]
    fn run<B: Backend>(self, b: B) {
        b.sparkle::<N, STEPS>(self.0);
    }
}

macro_rules! permutation {
    ($(#[$doc:meta])* $name:ident, $words:literal, $slim:literal, $big:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;

        impl $name {
            /// Number of 32-bit state words.
            pub const WORDS: usize = $words;
            /// Number of branches (word pairs).
            pub const BRANCHES: usize = $words / 2;
            /// Step count of the slim permutation.
            pub const SLIM_STEPS: usize = $slim;
            /// Step count of the big permutation.
            pub const BIG_STEPS: usize = $big;

            /// The slim permutation (the specification's smaller step count).
            #[inline]
            pub fn slim(state: &mut [u32; $words]) {
                dispatch(Perm::<$words, $slim>(state));
            }

            /// The big permutation (the specification's larger step count).
            #[inline]
            pub fn big(state: &mut [u32; $words]) {
                dispatch(Perm::<$words, $big>(state));
            }

            /// The permutation with `steps` steps (portable code; step `s` uses constant `C[s mod 8]`).
            pub fn permute(state: &mut [u32; $words], steps: usize) {
                backends::portable::sparkle_steps(state, steps);
            }
        }
    };
}

permutation!(
    /// Sparkle256: 4 branches (8 words, 256 bits), 7 slim / 10 big steps (Schwaemm128-128).
    Sparkle256, 8, 7, 10
);
permutation!(
    /// Sparkle384: 6 branches (12 words, 384 bits), 7 slim / 11 big steps (Esch256, XOEsch256,
    /// Schwaemm256-128, Schwaemm192-192).
    Sparkle384, 12, 7, 11
);
permutation!(
    /// Sparkle512: 8 branches (16 words, 512 bits), 8 slim / 12 big steps (Esch384, XOEsch384,
    /// Schwaemm256-256).
    Sparkle512, 16, 8, 12
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The documented ways to force the portable backend (Miri, `--cfg lwc_force_portable`,
    /// `--cfg sparkle_backend="portable"`) leave only the portable backend; without them an x86 CPU
    /// gets the dispatcher (CI runs this both ways).
    #[test]
    fn forcing_cfgs_are_honoured() {
        let forced = cfg!(any(
            miri,
            lwc_force_portable,
            sparkle_backend = "portable",
            not(any(target_arch = "x86", target_arch = "x86_64"))
        ));
        if forced {
            assert_eq!(backend(), BackendKind::Portable);
            for k in [BackendKind::Bmi2, BackendKind::Avx2, BackendKind::Avx512] {
                assert!(
                    !force_backend(k),
                    "{k:?} available in a portable-only build"
                );
            }
        }
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if !forced {
            assert!(force_backend(BackendKind::Portable));
            assert_eq!(backend(), BackendKind::Portable);
            let bmi2 = std::is_x86_feature_detected!("bmi2");
            assert_eq!(force_backend(BackendKind::Bmi2), bmi2);
        }
    }

    fn le(words: &[u32]) -> [u8; 64] {
        let mut out = [0u8; 64];
        for (o, w) in out.chunks_exact_mut(4).zip(words) {
            o.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    // Self-check values from ../shared/notes/sparkle.md section 3.3 (model, confirmed against rweather's C).
    #[test]
    fn zero_state() {
        let mut s = [0u32; 8];
        Sparkle256::slim(&mut s);
        assert_eq!(
            le(&s)[..32],
            hex_literal::hex!("5E32CE55527699B650F0533A366F54497B2DC386DBB844EE45B3A55D1FAF7257")
        );
        let mut s = [0u32; 8];
        Sparkle256::big(&mut s);
        assert_eq!(
            le(&s)[..32],
            hex_literal::hex!("7ED456C031AF461CBE53B3BF8A114CEB569BAB606A87FC0F81861D8CB2D026D6")
        );
        let mut s = [0u32; 12];
        Sparkle384::slim(&mut s);
        assert_eq!(
            le(&s)[..48],
            hex_literal::hex!(
                "7968F94D332C7C8C4A6B2382D74D4F90E830A0D6AA093BF034BBC3C4F9DF63F0FFCEF961FA1FC28E0F37DF93E2F1AC83"
            )
        );
        let mut s = [0u32; 12];
        Sparkle384::big(&mut s);
        assert_eq!(
            le(&s)[..48],
            hex_literal::hex!(
                "25BFC2F355DD53FC0654D6CA17F9AF9E8C64A53F48F2A2E1EEFC41583C7E933A442CF761DA73662BA5198416226B9EFF"
            )
        );
        let mut s = [0u32; 16];
        Sparkle512::slim(&mut s);
        assert_eq!(
            le(&s),
            hex_literal::hex!(
                "47079EE474E39E9542EEDD6033FD351B97A62956420BA6D66492B6D2AD3D9FE8EA9C6A5F91EB1529255850FF01C4A5ED82798D09A0B02BC6EBD3A15A01C08500"
            )
        );
        let mut s = [0u32; 16];
        Sparkle512::big(&mut s);
        assert_eq!(
            le(&s),
            hex_literal::hex!(
                "4005224EA9A4C139EC0751B8DE6955D91E71087EB1991924D676F53C7B5906DC68742EFB4D38F1B7F6BB41A8D0169379F019A57FE7C86A0BE5DEC146C8FA2EB6"
            )
        );
    }

    #[test]
    fn counting_state() {
        let mut s: [u32; 8] = core::array::from_fn(|k| k as u32);
        Sparkle256::slim(&mut s);
        assert_eq!(
            le(&s)[..32],
            hex_literal::hex!("E511ECDBF54D89CA6221F596EAB07CACF222978BF4BCAD4FA5FCE77005F2BD3C")
        );
        let mut s: [u32; 12] = core::array::from_fn(|k| k as u32);
        Sparkle384::slim(&mut s);
        assert_eq!(
            le(&s)[..48],
            hex_literal::hex!(
                "D060E9421B763481D5239D0993D81B1EAEBB57E593AAA3D5EB65C982C6197128894D5EB1D78FA577B2C2003205982FD8"
            )
        );
    }

    #[test]
    fn run_time_step_count_matches() {
        let mut a: [u32; 16] = core::array::from_fn(|k| (k as u32).wrapping_mul(0x9E3779B9));
        let mut b = a;
        Sparkle512::big(&mut a);
        Sparkle512::permute(&mut b, 12);
        assert_eq!(a, b);
    }
}
