//! The MAC modes: [`LeMac`] and [`PetitMac`] behind digest 0.11's `Mac`, with explicit-nonce
//! inherent methods, plus the keyless LeMac checksum.

use core::fmt;

use ctutils::CtEq;
use digest::array::Array;
use digest::block_api::{
    AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, Eager, FixedOutputCore,
    OutputSizeUser, UpdateCore,
};
use digest::common::{Key, KeyInit, KeySizeUser};
use digest::consts::{U16, U64};
use digest::{CtOutput, MacError, MacMarker, Output, Reset};

use crate::hazmat::backends::dispatch;
use crate::hazmat::{LeMacContext, LeMacState, PetitMacContext, PetitMacState, jobs, lemac};

/// A 16-byte nonce.
pub type Nonce = [u8; 16];
/// A 16-byte tag.
pub type Tag = [u8; 16];
/// The nonce the `Mac` trait methods use (16 zero bytes, as the `lemacsum` tool does).
pub const ZERO_NONCE: Nonce = [0; 16];

/// Compares the computed tag with `b` in constant time, then wipes the computed tag (under `zeroize`):
/// the correct tag of a rejected message is a forgery for it.
#[cfg_attr(not(feature = "zeroize"), allow(unused_mut))]
fn tag_eq(mut computed: Tag, b: &Tag) -> Result<(), MacError> {
    let ok = computed.ct_eq(b).to_bool();
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(&mut computed);
    if ok { Ok(()) } else { Err(MacError) }
}

macro_rules! mac_core {
    (
        $(#[$cattr:meta])* $core:ident, $ctx:ty, $state:ty, $bs:ty, $name:literal
    ) => {
        $(#[$cattr])*
        #[derive(Clone)]
        pub struct $core {
            ctx: $ctx,
            state: $state,
            nonce: Nonce,
        }

        impl $core {
            /// The tag of the absorbed blocks plus `tail` (shorter than a block) under `nonce`;
            /// the state is left unchanged.
            fn tag(&self, tail: &[u8], nonce: &Nonce) -> Tag {
                dispatch(&jobs::Finalize { ctx: &self.ctx, state: &self.state, tail, nonce })
            }
        }

        impl KeySizeUser for $core {
            type KeySize = U16;
        }

        impl KeyInit for $core {
            #[inline]
            fn new(key: &Key<Self>) -> Self {
                let ctx = <$ctx>::new(&key.0);
                let state = <$state>::new(&ctx);
                Self { ctx, state, nonce: ZERO_NONCE }
            }
        }

        impl BlockSizeUser for $core {
            type BlockSize = $bs;
        }

        impl BufferKindUser for $core {
            type BufferKind = Eager;
        }

        impl OutputSizeUser for $core {
            type OutputSize = U16;
        }

        impl MacMarker for $core {}

        impl UpdateCore for $core {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                let data = Array::slice_as_flattened(blocks);
                dispatch(&mut jobs::Absorb::<$ctx> { state: &mut self.state, data });
            }
        }

        impl FixedOutputCore for $core {
            #[inline]
            fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
                out.copy_from_slice(&self.tag(buffer.get_data(), &self.nonce));
            }
        }

        impl Reset for $core {
            #[inline]
            fn reset(&mut self) {
                self.state = <$state>::new(&self.ctx);
            }
        }

        impl AlgorithmName for $core {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($name)
            }
        }

        impl fmt::Debug for $core {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($core)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        impl Drop for $core {
            fn drop(&mut self) {
                use zeroize::Zeroize;
                // Every field by name (the context wipes itself): one added later does not
                // compile here until it is wiped.
                let Self { ctx: _, state, nonce } = self;
                state.zeroize();
                nonce.zeroize();
            }
        }

        #[cfg(feature = "zeroize")]
        impl zeroize::ZeroizeOnDrop for $core {}
    };
}

macro_rules! mac_inherent {
    ($mac:ident, $ctx:ty) => {
        impl $mac {
            /// Keys a MAC whose `Mac` trait methods (`finalize`, `verify`, ...) use `nonce` instead
            /// of [`ZERO_NONCE`]; [`Reset`] keeps the nonce. Never reuse a nonce across messages
            /// under one key if you rely on the 128-bit bound.
            #[must_use]
            pub fn new_with_nonce(key: &[u8; 16], nonce: &Nonce) -> Self {
                let mut m = <Self as KeyInit>::new(&(*key).into());
                m.core.nonce = *nonce;
                m
            }

            /// The key-derived context (hazardous: for tests and experiments).
            #[must_use]
            pub fn context(&self) -> &$ctx {
                &self.core.ctx
            }

            /// One-shot tag of `msg` under `nonce`, from the keyed initial state.
            ///
            /// Uses only the key: data fed through `update` is neither included nor disturbed, so a
            /// keyed value can serve many messages (or be cloned across threads) without re-keying.
            #[must_use]
            pub fn compute(&self, nonce: &Nonce, msg: &[u8]) -> Tag {
                dispatch(&jobs::Compute {
                    ctx: &self.core.ctx,
                    nonce,
                    msg,
                })
            }

            /// One-shot verification of `tag` for `msg` under `nonce` (constant-time comparison).
            ///
            /// The counterpart of [`compute`](Self::compute); it is not called `verify` because
            /// `Mac::verify(self, &tag)` already has that name.
            ///
            /// # Errors
            /// [`MacError`] if the tag does not match.
            pub fn verify_message(
                &self,
                nonce: &Nonce,
                msg: &[u8],
                tag: &Tag,
            ) -> Result<(), MacError> {
                tag_eq(self.compute(nonce, msg), tag)
            }

            /// Finishes the streamed message under `nonce` (the `Mac` trait's `finalize` uses
            /// [`ZERO_NONCE`], or the nonce given to [`new_with_nonce`](Self::new_with_nonce)).
            #[must_use]
            pub fn finalize_with_nonce(self, nonce: &Nonce) -> CtOutput<Self> {
                let tag = self.core.tag(self.buffer.get_data(), nonce);
                CtOutput::new(tag.into())
            }

            /// Like [`finalize_with_nonce`](Self::finalize_with_nonce), then resets to the keyed
            /// initial state (the key setup is kept).
            #[must_use]
            pub fn finalize_with_nonce_reset(&mut self, nonce: &Nonce) -> CtOutput<Self> {
                let tag = self.core.tag(self.buffer.get_data(), nonce);
                Reset::reset(&mut self.core);
                self.buffer.reset();
                CtOutput::new(tag.into())
            }

            /// Finishes the streamed message under `nonce` and checks `tag` in constant time.
            ///
            /// # Errors
            /// [`MacError`] if the tag does not match.
            pub fn verify_with_nonce(self, nonce: &Nonce, tag: &Tag) -> Result<(), MacError> {
                tag_eq(self.core.tag(self.buffer.get_data(), nonce), tag)
            }
        }
    };
}

mac_core!(
    /// Block-level LeMac core (64-byte blocks); use [`LeMac`].
    LeMacCore, LeMacContext, LeMacState, U64, "LeMac"
);

mac_core!(
    /// Block-level PetitMac core (16-byte blocks); use [`PetitMac`].
    PetitMacCore, PetitMacContext, PetitMacState, U16, "PetitMac"
);

digest::buffer_fixed!(
    /// LeMac (the corrected design with the `RR` delay register and 4 blank blocks): 16-byte key,
    /// 16-byte nonce, 16-byte tag.
    ///
    /// * `KeyInit::new(&key)` does the key setup (29 AES-128 calls) once; the value is `Clone`.
    /// * The `Mac` trait (digest 0.11) works with the nonce fixed to [`ZERO_NONCE`]
    ///   (`KeyInit`, not `KeyIvInit`: this is what `lemacsum` and the C++ library compute, and it
    ///   keeps `LeMac` usable wherever `Mac + KeyInit` is expected). A fixed nonce is still a MAC,
    ///   with security up to about 2^64 messages per key; unique nonces give 128-bit security.
    /// * Explicit nonces: [`compute`](Self::compute) / [`verify_message`](Self::verify_message)
    ///   (one-shot), [`finalize_with_nonce`](Self::finalize_with_nonce) /
    ///   [`verify_with_nonce`](Self::verify_with_nonce) (streaming).
    pub struct LeMac(LeMacCore);
    impl: ResetMacTraits AlgorithmName KeyInit Clone ZeroizeOnDrop;
);

digest::buffer_fixed!(
    /// PetitMac: the small-state AES-round MAC of the LeMac paper (16-byte key, nonce and tag),
    /// with the same API as [`LeMac`]. Its rounds are serial, so it is latency-bound and slower
    /// than LeMac.
    pub struct PetitMac(PetitMacCore);
    impl: ResetMacTraits AlgorithmName KeyInit Clone ZeroizeOnDrop;
);

mac_inherent!(LeMac, LeMacContext);
mac_inherent!(PetitMac, PetitMacContext);

impl LeMac {
    /// LeMac under the all-zero key: the keyless checksum (see [`keyless_checksum`]).
    #[must_use]
    pub fn keyless() -> Self {
        <Self as KeyInit>::new(&Key::<Self>::default())
    }

    /// Tags of several independent messages under this key, each with its own nonce
    /// (`tags[i] = compute(&nonces[i], msgs[i])`). Messages of any lengths are accepted.
    ///
    /// On the backends with two lanes (`x86_vaes`, `x86_avx512`: x86_64 with VAES, built with
    /// Rust 1.89+; see [`hazmat::compute_many_lanes`](crate::hazmat::compute_many_lanes)),
    /// messages are processed in pairs, one per 128-bit lane of a 256-bit register (the common
    /// whole blocks run in the lanes, the rest of the longer message one lane at a time; messages
    /// with the same number of whole blocks also finish in the lanes); its throughput against one
    /// [`compute`](Self::compute) after another, by message size, is in PERFORMANCE.md ("Speed").
    /// On `aarch64_aes` (no AES instruction wider than 128 bits) each message of a pair runs on
    /// its own up to the output AES-128, then the two output AES-128s run interleaved (any two
    /// lengths). Elsewhere this is a loop.
    #[must_use]
    pub fn compute_many<const N: usize>(&self, nonces: &[Nonce; N], msgs: &[&[u8]; N]) -> [Tag; N] {
        let mut out = [[0u8; 16]; N];
        let mut i = 0;
        if crate::hazmat::compute_many_lanes() == 2 {
            while i + 2 <= N {
                let pair = dispatch(&lemac::Compute2 {
                    ctx: &self.core.ctx,
                    nonces: [&nonces[i], &nonces[i + 1]],
                    msgs: [msgs[i], msgs[i + 1]],
                });
                // `None` only on a backend without two lanes (not the case here).
                [out[i], out[i + 1]] = pair.unwrap_or_else(|| {
                    [
                        self.compute(&nonces[i], msgs[i]),
                        self.compute(&nonces[i + 1], msgs[i + 1]),
                    ]
                });
                i += 2;
            }
        }
        while i < N {
            out[i] = self.compute(&nonces[i], msgs[i]);
            i += 1;
        }
        out
    }
}

/// The keyless LeMac checksum of `data`: LeMac with the all-zero key and the all-zero nonce,
/// exactly what the C++ `lemacsum` tool prints (as lower-case hex).
///
/// Without a secret key this is a fast checksum for detecting accidental corruption, **not** a
/// cryptographic hash: nobody claims collision or preimage resistance for a public key.
#[must_use]
pub fn keyless_checksum(data: &[u8]) -> Tag {
    let ctx = LeMacContext::new(&[0; 16]);
    dispatch(&jobs::Compute {
        ctx: &ctx,
        nonce: &ZERO_NONCE,
        msg: data,
    })
}
