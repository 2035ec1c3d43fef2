//! Portable backend: the `aes` crate's constant-time `hazmat` round functions, no `unsafe`.
//! It is the reference every other backend is tested against.

use super::{Backend, generic};
use crate::hazmat::{LeMacContext, LeMacState, PetitMacContext, PetitMacState, Word};
use aes::Block;
use aes::hazmat::{cipher_round, cipher_round_par, inv_mix_columns};

#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Backend for Portable {
    type W = Block;

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
        let mut y = aes::hazmat::Block8::from(x);
        cipher_round_par(&mut y, &aes::hazmat::Block8::from(k));
        y.0
    }
}

pub(crate) fn lemac_absorb(st: &mut LeMacState, data: &[u8]) {
    generic::lemac_absorb(Portable, st, data);
}

pub(crate) fn lemac_finalize(
    ctx: &LeMacContext,
    st: &LeMacState,
    tail: &[u8],
    nonce: &Word,
) -> Word {
    generic::lemac_finalize(Portable, ctx, st, tail, nonce)
}

pub(crate) fn lemac_mac(ctx: &LeMacContext, nonce: &Word, msg: &[u8]) -> Word {
    generic::lemac_mac(Portable, ctx, nonce, msg)
}

pub(crate) fn petitmac_absorb(st: &mut PetitMacState, data: &[u8]) {
    generic::petitmac_absorb(Portable, st, data);
}

pub(crate) fn petitmac_finalize(
    ctx: &PetitMacContext,
    st: &PetitMacState,
    tail: &[u8],
    nonce: &Word,
) -> Word {
    generic::petitmac_finalize(Portable, ctx, st, tail, nonce)
}

pub(crate) fn petitmac_mac(ctx: &PetitMacContext, nonce: &Word, msg: &[u8]) -> Word {
    generic::petitmac_mac(Portable, ctx, nonce, msg)
}
