//! digest 0.10 traits on [`LeMac`] and [`PetitMac`] (feature `digest-010`).
//!
//! Thin impls over the digest 0.11 implementation of the same types: keys and outputs are
//! converted between `GenericArray` and `hybrid_array::Array`, nothing else. With `MacMarker`,
//! `Update` and `FixedOutput` in place, digest 0.10's blanket `Mac` impl applies, and
//! `KeyInit` (crypto-common 0.1) provides `new` / `new_from_slice`. As with digest 0.11, the `Mac`
//! methods use the all-zero nonce, or the one given to `new_with_nonce`.
//!
//! Call sites that import both generations' `Mac` traits should name the trait
//! (`digest010::Mac::update(&mut m, data)`), since the method names are the same.

use digest010::consts::U16;
use digest010::{FixedOutput, FixedOutputReset, Key, KeyInit, MacMarker, Output, OutputSizeUser};
use digest010::{Reset, Update, crypto_common::KeySizeUser};

use crate::{LeMac, PetitMac};

macro_rules! digest010_mac {
    ($mac:ident) => {
        impl KeySizeUser for $mac {
            type KeySize = U16;
        }

        impl KeyInit for $mac {
            #[inline]
            fn new(key: &Key<Self>) -> Self {
                let key: &[u8; 16] = key.as_ref();
                <Self as digest::KeyInit>::new(key.into())
            }
        }

        impl OutputSizeUser for $mac {
            type OutputSize = U16;
        }

        impl MacMarker for $mac {}

        impl Update for $mac {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                digest::Update::update(self, data);
            }
        }

        impl FixedOutput for $mac {
            #[inline]
            fn finalize_into(self, out: &mut Output<Self>) {
                let out: &mut [u8; 16] = out.as_mut();
                digest::FixedOutput::finalize_into(self, out.into());
            }
        }

        impl FixedOutputReset for $mac {
            #[inline]
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                let out: &mut [u8; 16] = out.as_mut();
                digest::FixedOutputReset::finalize_into_reset(self, out.into());
            }
        }

        impl Reset for $mac {
            #[inline]
            fn reset(&mut self) {
                digest::Reset::reset(self);
            }
        }
    };
}

digest010_mac!(LeMac);
digest010_mac!(PetitMac);
