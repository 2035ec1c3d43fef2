//! PetitMac, written once over the AES-round [`Kernels`]: the [`Mac`] the shared jobs of
//! [`super::jobs`] run (absorb, finalize, one-shot).

use super::backends::Kernels;
use super::finalization::{finish, nonce_mask};
use super::jobs::{Compute, Mac};
use super::words::word_at;
use super::{PetitMacContext, PetitMacState, Word};

impl Mac for PetitMacContext {
    type State = PetitMacState;

    /// Absorbs the whole 16-byte words of `data` (a trailing partial word is ignored).
    #[inline(always)]
    fn absorb<K: Kernels>(k: K, st: &mut PetitMacState, data: &[u8]) {
        let mut s = k.load(&st.s);
        let mut r = k.load_words(&st.r);
        // Two words per iteration: the delay line's copies (`R3 <- R1`, `R4 <- R2`) have period 2,
        // so the unrolled loop renames them instead of moving them (written out: LLVM does not
        // unroll around the portable backend's calls into the `aes` crate).
        let mut pairs = data.chunks_exact(32);
        for two in &mut pairs {
            word(k, &mut s, &mut r, k.load(word_at(two, 0)));
            word(k, &mut s, &mut r, k.load(word_at(two, 16)));
        }
        for w in pairs.remainder().chunks_exact(16) {
            word(k, &mut s, &mut r, k.load(word_at(w, 0)));
        }
        st.s = k.store(s);
        k.store_words(&r, &mut st.r);
    }

    /// Pads `tail` (shorter than 16 bytes), absorbs it into a copy of `st`, and returns the tag.
    #[inline(always)]
    fn finalize<K: Kernels>(
        k: K,
        ctx: &Self,
        st: &PetitMacState,
        tail: &[u8],
        nonce: &Word,
    ) -> Word {
        let mut last = [0u8; 16];
        let n = tail.len().min(15);
        last[..n].copy_from_slice(&tail[..n]);
        last[n] = 0x01;
        let mut st = *st;
        let nm = nonce_mask(k, &ctx.k2, k.load(nonce));
        Self::absorb(k, &mut st, &last);
        let x = k.load_words(&[st.s, st.r[0], st.r[1], st.r[2], st.r[3], st.r[4]]);
        let tag = k.store(finish(k, x, &ctx.subkeys, &ctx.k3, nm));
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(&mut last);
            zeroize::Zeroize::zeroize(&mut st.s);
            zeroize::Zeroize::zeroize(&mut st.r);
        }
        tag
    }

    /// One-shot PetitMac of `job.msg` under `job.nonce` from the keyed initial state.
    #[inline(always)]
    fn compute<K: Kernels>(k: K, job: &Compute<'_, Self>) -> Word {
        let mut st = PetitMacState::new(job.ctx);
        let full = job.msg.len() - job.msg.len() % 16;
        Self::absorb(k, &mut st, &job.msg[..full]);
        Self::finalize(k, job.ctx, &st, &job.msg[full..], job.nonce)
    }
}

/// One PetitMac word `m` on register-held state (all right-hand sides use the old values).
#[inline(always)]
fn word<K: Kernels>(k: K, s: &mut K::W, r: &mut [K::W; 5], m: K::W) {
    let [r0, r1, r2, r3, r4] = *r;
    let a = k.enc(*s, k.xor(m, r4));
    let n0 = k.xor(m, r3);
    *s = k.enc(a, n0);
    *r = [n0, k.xor(r4, n0), k.xor(r4, r0), r1, r2];
}
