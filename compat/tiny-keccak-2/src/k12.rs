//! `KangarooTwelve`: lwc-keccak's [`Kt128`], the customization string given at the end
//! ([`Kt128::finalize_xof_customized`]).

use lwc_keccak::{Kt128, Kt128Reader, Update, XofReader};

use crate::{Hasher, IntoXof, Xof};

/// The `KangarooTwelve` hash function defined [`here`] (KT128 of RFC 9861), with customization
/// string `T`.
///
/// `finalize` writes `output.len()` bytes of the output stream.
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["k12"] }
/// ```
///
/// [`here`]: https://eprint.iacr.org/2016/770.pdf
#[derive(Clone)]
pub struct KangarooTwelve<T> {
    state: Kt128,
    custom_string: T,
}

impl<T> KangarooTwelve<T> {
    /// Creates  new [`KangarooTwelve`] hasher with a security level of 128 bits.
    pub fn new(custom_string: T) -> Self {
        KangarooTwelve {
            state: Kt128::default(),
            custom_string,
        }
    }
}

impl<T: AsRef<[u8]>> Hasher for KangarooTwelve<T> {
    fn update(&mut self, input: &[u8]) {
        Update::update(&mut self.state, input);
    }

    fn finalize(self, output: &mut [u8]) {
        let mut xof = self.into_xof();
        xof.squeeze(output);
    }
}

/// The `KangarooTwelve` extendable-output function defined [`here`].
///
/// # Example
///
/// ```
/// # use tiny_keccak::{KangarooTwelve, Xof, IntoXof, Hasher};
/// let input = b"hello world";
/// let mut output = [0u8; 64];
/// let mut hasher = KangarooTwelve::new(b"");
/// hasher.update(input);
/// let mut xof = hasher.into_xof();
/// xof.squeeze(&mut output[..32]);
/// xof.squeeze(&mut output[32..]);
/// ```
///
/// [`KangarooTwelveXof`] can be created only by using the [`IntoXof`] interface of
/// [`KangarooTwelve`].
///
/// [`here`]: https://eprint.iacr.org/2016/770.pdf
#[derive(Clone)]
pub struct KangarooTwelveXof {
    reader: Kt128Reader,
}

impl<T: AsRef<[u8]>> IntoXof for KangarooTwelve<T> {
    type Xof = KangarooTwelveXof;

    fn into_xof(self) -> KangarooTwelveXof {
        let reader = self
            .state
            .finalize_xof_customized(self.custom_string.as_ref());
        KangarooTwelveXof { reader }
    }
}

impl Xof for KangarooTwelveXof {
    fn squeeze(&mut self, output: &mut [u8]) {
        self.reader.read(output);
    }
}
