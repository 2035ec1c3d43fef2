//! The portable backend: the compile-time word representation ([`super::Words`]) as compiled for
//! the build target. Always compiled, no `unsafe` (on x86 the `bi32` words convert the two words
//! of a full AEAD block in one SSE2 register, which `x86_sse2.rs` holds).
//!
//! * [`U64Words`] (`u64_words.rs`): five `u64`, rounds unrolled, the S-box with and-not.
//! * [`Bi32Words`] (`bi32_words.rs`): bit-interleaved, each word as two `u32` (even bits, odd
//!   bits).
//!
//! Both are always compiled (and tested against each other); [`super::Words`] names the one the
//! build uses, and the x86 backends build on the same code.

use super::{Kernels, Words};

// One of the two representations is unused in any given build (the other is `Words`); both stay
// compiled so the backend tests can compare them.
#[allow(dead_code)]
mod bi32_words;
#[allow(dead_code)]
mod u64_words;

#[cfg(any(ascon_bi32, test))]
pub(crate) use bi32_words::Bi32Words;
#[cfg(test)]
pub(crate) use bi32_words::{deinterleave2 as bi32_deinterleave2, interleave2 as bi32_interleave2};
#[cfg(any(not(ascon_bi32), test))]
pub(crate) use u64_words::U64Words;
pub(crate) use u64_words::permute as permute_u64;

/// The portable kernels: the state is [`Words`] itself.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

/// Runs `job` with the portable kernels.
#[inline(always)]
pub(super) fn run<J: super::Job>(_: super::tokens::Portable, job: J) -> J::Output {
    job.run(Portable)
}

impl Kernels for Portable {
    type State = Words;

    #[inline(always)]
    fn load(self, words: &Words) -> Words {
        words.clone()
    }

    #[inline(always)]
    fn load_words(self, w: [u64; 5]) -> Words {
        Words::from_words(w)
    }
}
