//! The portable backend: the `aes` crate's constant-time `hazmat` round functions, no `unsafe`.
//! It is the reference every other backend is tested against.

use aes::Block;
use aes::hazmat::{Block8, cipher_round, cipher_round_par, inv_mix_columns};

use super::{Job, Kernels, NoLanes2};
use crate::hazmat::Word;

/// The portable kernels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

/// Runs `job` with the portable kernels. Where SIMD backends are compiled in, never inlined,
/// like their `#[target_feature]` entry points (inlined, the job would make every `dispatch`
/// large and each call pay for its stack frame); where `portable` is the only backend, always
/// inlined (the job then runs in the caller, whose references are function arguments).
#[cfg_attr(any(lemac_x86, lemac_aarch64), inline(never))]
#[cfg_attr(not(any(lemac_x86, lemac_aarch64)), inline(always))]
pub(super) fn run<J: Job>(_: super::tokens::Portable, job: J) -> J::Output {
    job.run(Portable)
}

impl Kernels for Portable {
    type W = Block;
    type Lanes2 = NoLanes2;
    type Pairs = NoLanes2;

    #[inline(always)]
    fn load(self, b: &Word) -> Block {
        Block::from(*b)
    }

    #[inline(always)]
    fn store(self, w: Block) -> Word {
        w.0
    }

    #[inline(always)]
    fn xor(self, a: Block, b: Block) -> Block {
        Block::from((u128::from_ne_bytes(a.0) ^ u128::from_ne_bytes(b.0)).to_ne_bytes())
    }

    #[inline(always)]
    fn enc(self, x: Block, k: Block) -> Block {
        let mut y = x;
        cipher_round(&mut y, &k);
        y
    }

    #[inline(always)]
    fn enc_last(self, x: Block, k: Block) -> Block {
        let mut y = x;
        cipher_round(&mut y, &Block::default());
        inv_mix_columns(&mut y);
        self.xor(y, k)
    }

    #[inline(always)]
    fn enc8(self, x: [Block; 8], k: [Block; 8]) -> [Block; 8] {
        let mut y = Block8::from(x);
        cipher_round_par(&mut y, &Block8::from(k));
        y.0
    }
}
