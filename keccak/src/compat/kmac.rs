//! KMAC under digest 0.10: `Mac` through `MacMarker + KeyInit + Update + FixedOutput`, and
//! KMACXOF as `ExtendableOutput`.

use digest010 as d10;
use digest010::consts::{U32, U64};

use crate::mac::{Kmac, Kmac128, Kmac256, KmacReader};
use digest010::crypto_common::AlgorithmName;

alg_name!([const RATE: usize] Kmac<RATE>);
reader!(KmacReader);

impl d10::crypto_common::KeySizeUser for Kmac128 {
    type KeySize = U32;
}
impl d10::crypto_common::KeySizeUser for Kmac256 {
    type KeySize = U64;
}
impl d10::OutputSizeUser for Kmac128 {
    type OutputSize = U32;
}
impl d10::OutputSizeUser for Kmac256 {
    type OutputSize = U64;
}

impl<const RATE: usize> d10::KeyInit for Kmac<RATE>
where
    Self: d10::crypto_common::KeySizeUser,
{
    #[inline]
    fn new(key: &d10::Key<Self>) -> Self {
        Self::new_customized(key, &[])
    }

    /// Accepts keys of any length, as the digest 0.11 impl.
    #[inline]
    fn new_from_slice(key: &[u8]) -> Result<Self, d10::InvalidLength> {
        Ok(Self::new_customized(key, &[]))
    }
}

impl<const RATE: usize> d10::MacMarker for Kmac<RATE> {}

update_reset!([const RATE: usize] Kmac<RATE>);

impl<const RATE: usize> d10::FixedOutput for Kmac<RATE>
where
    Self: d10::OutputSizeUser,
{
    #[inline]
    fn finalize_into(self, out: &mut d10::Output<Self>) {
        self.finalize_into_slice(out);
    }
}

impl<const RATE: usize> d10::FixedOutputReset for Kmac<RATE>
where
    Self: d10::OutputSizeUser,
{
    #[inline]
    fn finalize_into_reset(&mut self, out: &mut d10::Output<Self>) {
        self.clone().finalize_into_slice(out);
        digest::Reset::reset(self);
    }
}

impl<const RATE: usize> d10::ExtendableOutput for Kmac<RATE> {
    type Reader = KmacReader<RATE>;

    /// KMACXOF.
    #[inline]
    fn finalize_xof(self) -> Self::Reader {
        digest::ExtendableOutput::finalize_xof(self)
    }
}
