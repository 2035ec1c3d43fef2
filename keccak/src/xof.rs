//! Extendable-output functions, one module per RustCrypto crate of the same name: `shake`
//! (SHAKE128/256, FIPS 202), `cshake` (cSHAKE128/256, SP 800-185) and `turboshake`
//! (TurboSHAKE128/256, RFC 9861), re-exported here; and the reader-type macro they and the
//! crate's other XOFs share.

#[cfg(feature = "cshake")]
mod cshake;
mod shake;
#[cfg(feature = "turboshake")]
mod turboshake;

#[cfg(feature = "cshake")]
pub use cshake::{CShake, CShake128, CShake128Reader, CShake256, CShake256Reader, CShakeReader};
pub use shake::{Shake, Shake128, Shake128Reader, Shake256, Shake256Reader, ShakeReader};
#[cfg(feature = "turboshake")]
pub use turboshake::{
    CTurboShake, CTurboShake128, CTurboShake256, DEFAULT_DS, DynTurboShake, DynTurboShake128,
    DynTurboShake256, InvalidDomainByte, TurboShake, TurboShake128, TurboShake128Reader,
    TurboShake256, TurboShake256Reader, TurboShakeReader,
};

/// Defines a public XOF reader type over the shared sponge.
macro_rules! reader {
    ($(#[$attr:meta])* $name:ident, $rounds:expr) => {
        $crate::xof::reader!(@def $(#[$attr])* $name, $rounds);

        impl<const RATE: usize> core::fmt::Debug for $name<RATE> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }
    };
    // `Debug` prints `$d168` / `$d256` (RATE 168 / 136) followed by ` { ... }`, as RustCrypto.
    ($(#[$attr:meta])* $name:ident, $rounds:expr, $d168:literal, $d256:literal) => {
        $crate::xof::reader!(@def $(#[$attr])* $name, $rounds);

        impl<const RATE: usize> core::fmt::Debug for $name<RATE> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(if RATE == 168 {
                    concat!($d168, " { ... }")
                } else {
                    concat!($d256, " { ... }")
                })
            }
        }
    };
    (@def $(#[$attr:meta])* $name:ident, $rounds:expr) => {
        $(#[$attr])*
        #[derive(Clone)]
        pub struct $name<const RATE: usize> {
            pub(crate) sponge: $crate::hazmat::sponge::Sponge<RATE, $rounds>,
        }

        impl<const RATE: usize> digest::XofReader for $name<RATE> {
            #[inline]
            fn read(&mut self, buf: &mut [u8]) {
                self.sponge.squeeze(buf);
            }
        }

        #[cfg(feature = "zeroize")]
        impl<const RATE: usize> zeroize::ZeroizeOnDrop for $name<RATE> {}
    };
}
pub(crate) use reader;
