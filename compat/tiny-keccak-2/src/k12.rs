//! tiny-keccak's `KangarooTwelve` over lwc-keccak's [`Kt128`]; the customization string waits in
//! the value until [`Kt128::finalize_xof_customized`] takes it.

use lwc_keccak::{Kt128, Kt128Reader, Update, XofReader};

use crate::{Hasher, IntoXof, Xof};

/// KangarooTwelve (KT128 of RFC 9861) with the customization string `T`, which is read only at
/// the end. `finalize` fills the whole output slice from the output stream. Feature `k12`.
#[derive(Clone)]
pub struct KangarooTwelve<T> {
    state: Kt128,
    custom_string: T,
}

impl<T> KangarooTwelve<T> {
    /// An empty KT128 input, `custom_string` kept for the end.
    pub fn new(custom_string: T) -> Self {
        let state = Kt128::default();
        KangarooTwelve {
            state,
            custom_string,
        }
    }
}

impl<T: AsRef<[u8]>> Hasher for KangarooTwelve<T> {
    fn update(&mut self, input: &[u8]) {
        Update::update(&mut self.state, input);
    }

    fn finalize(self, output: &mut [u8]) {
        self.into_xof().squeeze(output);
    }
}

/// The output stream of a [`KangarooTwelve`], reached only through its [`IntoXof`]; each
/// `squeeze` continues where the last stopped.
///
/// ```
/// use tiny_keccak::{IntoXof, KangarooTwelve, Xof};
///
/// // RFC 9861: KT128 of the empty message with the empty customization string.
/// let mut stream = KangarooTwelve::new(b"").into_xof();
/// let (mut head, mut tail) = ([0u8; 2], [0u8; 2]);
/// stream.squeeze(&mut head);
/// stream.squeeze(&mut tail);
/// assert_eq!([head, tail], [[0x1a, 0xc2], [0xd4, 0x50]]);
/// ```
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
