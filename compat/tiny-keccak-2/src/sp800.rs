//! `Kmac`, `TupleHash`, `ParallelHash` and their XOFs: lwc-keccak's SP 800-185 types, the
//! 128-bit or the 256-bit one chosen by the constructor.

use crate::{Hasher, IntoXof, Xof};
use lwc_keccak::XofReader;
#[cfg(any(feature = "kmac", feature = "parallel_hash"))]
use lwc_keccak::{ExtendableOutput, Update};

/// One of two lwc-keccak types (the 128-bit and the 256-bit variant).
#[derive(Clone)]
enum Either<A, B> {
    V128(A),
    V256(B),
}

/// Runs `$body` with `$x` bound to the variant held, whichever it is.
macro_rules! either {
    ($e:expr, $x:ident => $body:expr) => {
        match $e {
            Either::V128($x) => $body,
            Either::V256($x) => $body,
        }
    };
}

/// `Xof` for a reader type (a `XofReader` of either variant).
macro_rules! reader_xof {
    ($name:ident) => {
        impl Xof for $name {
            fn squeeze(&mut self, output: &mut [u8]) {
                either!(&mut self.reader, r => r.read(output));
            }
        }
    };
}

#[cfg(feature = "kmac")]
use lwc_keccak::{Kmac128, Kmac128Reader, Kmac256, Kmac256Reader};

/// The `KMAC` pseudo-random functions defined in [`SP800-185`].
///
/// Keys of any length. `finalize` writes `output.len()` bytes, with `L = 8 * output.len()` bits
/// encoded: altering the requested output length generates a new, unrelated output.
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["kmac"] }
/// ```
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "kmac")]
#[derive(Clone)]
pub struct Kmac {
    state: Either<Kmac128, Kmac256>,
}

#[cfg(feature = "kmac")]
impl Kmac {
    /// Creates  new [`Kmac`] hasher with a security level of 128 bits.
    pub fn v128(key: &[u8], custom_string: &[u8]) -> Kmac {
        Kmac {
            state: Either::V128(Kmac128::new_customized(key, custom_string)),
        }
    }

    /// Creates  new [`Kmac`] hasher with a security level of 256 bits.
    pub fn v256(key: &[u8], custom_string: &[u8]) -> Kmac {
        Kmac {
            state: Either::V256(Kmac256::new_customized(key, custom_string)),
        }
    }
}

#[cfg(feature = "kmac")]
impl Hasher for Kmac {
    fn update(&mut self, input: &[u8]) {
        either!(&mut self.state, k => Update::update(k, input));
    }

    fn finalize(self, output: &mut [u8]) {
        either!(self.state, k => k.finalize_into_slice(output));
    }
}

/// The `KMACXOF` extendable-output functions defined in [`SP800-185`] (`L = 0` encoded).
///
/// # Example
///
/// ```
/// # use tiny_keccak::{Kmac, Xof, IntoXof, Hasher};
/// let input = b"hello world";
/// let mut output = [0u8; 64];
/// let mut kmac = Kmac::v256(b"", b"");
/// kmac.update(input);
/// let mut xof = kmac.into_xof();
/// xof.squeeze(&mut output[..32]);
/// xof.squeeze(&mut output[32..]);
/// ```
///
/// [`KmacXof`] can be created only by using the [`IntoXof`] interface of [`Kmac`].
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "kmac")]
#[derive(Clone)]
pub struct KmacXof {
    reader: Either<Kmac128Reader, Kmac256Reader>,
}

#[cfg(feature = "kmac")]
impl IntoXof for Kmac {
    type Xof = KmacXof;

    fn into_xof(self) -> KmacXof {
        let reader = match self.state {
            Either::V128(k) => Either::V128(k.finalize_xof()),
            Either::V256(k) => Either::V256(k.finalize_xof()),
        };
        KmacXof { reader }
    }
}

#[cfg(feature = "kmac")]
reader_xof!(KmacXof);

#[cfg(feature = "tuple_hash")]
use lwc_keccak::{TupleHash128, TupleHash128Reader, TupleHash256, TupleHash256Reader};

/// The `TupleHash` hash functions defined in [`SP800-185`].
///
/// Each `update` is one item of the tuple: a `TupleHash` computed on the tuple (`"abc"`, `"d"`)
/// differs from one computed on (`"ab"`, `"cd"`). `finalize` writes `output.len()` bytes, with
/// `L = 8 * output.len()` bits encoded.
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["tuple_hash"] }
/// ```
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "tuple_hash")]
#[derive(Clone)]
pub struct TupleHash {
    state: Either<TupleHash128, TupleHash256>,
}

#[cfg(feature = "tuple_hash")]
impl TupleHash {
    /// Creates  new [`TupleHash`] hasher with a security level of 128 bits.
    pub fn v128(custom_string: &[u8]) -> TupleHash {
        TupleHash {
            state: Either::V128(TupleHash128::new(custom_string)),
        }
    }

    /// Creates  new [`TupleHash`] hasher with a security level of 256 bits.
    pub fn v256(custom_string: &[u8]) -> TupleHash {
        TupleHash {
            state: Either::V256(TupleHash256::new(custom_string)),
        }
    }
}

#[cfg(feature = "tuple_hash")]
impl Hasher for TupleHash {
    fn update(&mut self, input: &[u8]) {
        either!(&mut self.state, t => t.update_item(input));
    }

    fn finalize(self, output: &mut [u8]) {
        either!(self.state, t => t.finalize_into_slice(output));
    }
}

/// The `TupleHashXOF` extendable-output functions defined in [`SP800-185`] (`L = 0` encoded).
///
/// # Example
///
/// ```
/// # use tiny_keccak::{TupleHash, Xof, IntoXof, Hasher};
/// let input = b"hello world";
/// let mut output = [0u8; 64];
/// let mut hasher = TupleHash::v256(b"");
/// hasher.update(input);
/// let mut xof = hasher.into_xof();
/// xof.squeeze(&mut output[..32]);
/// xof.squeeze(&mut output[32..]);
/// ```
///
/// [`TupleHashXof`] can be created only by using the [`IntoXof`] interface of [`TupleHash`].
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "tuple_hash")]
#[derive(Clone)]
pub struct TupleHashXof {
    reader: Either<TupleHash128Reader, TupleHash256Reader>,
}

#[cfg(feature = "tuple_hash")]
impl IntoXof for TupleHash {
    type Xof = TupleHashXof;

    fn into_xof(self) -> TupleHashXof {
        let reader = match self.state {
            Either::V128(t) => Either::V128(t.finalize_xof()),
            Either::V256(t) => Either::V256(t.finalize_xof()),
        };
        TupleHashXof { reader }
    }
}

#[cfg(feature = "tuple_hash")]
reader_xof!(TupleHashXof);

#[cfg(feature = "parallel_hash")]
use lwc_keccak::{ParallelHash128, ParallelHash128Reader, ParallelHash256, ParallelHash256Reader};

/// The `ParallelHash` hash functions defined in [`SP800-185`].
///
/// `finalize` writes `output.len()` bytes, with `L = 8 * output.len()` bits encoded.
///
/// A block size of 0 (outside SP 800-185) is accepted by the constructors, as in tiny-keccak;
/// `update` then panics (`attempt to divide by zero`, as tiny-keccak's), and so do `finalize` and
/// `into_xof` (where tiny-keccak, given no input, returned an output).
///
/// # Usage
///
/// ```toml
/// [dependencies]
/// tiny-keccak = { version = "2.0.0", features = ["parallel_hash"] }
/// ```
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "parallel_hash")]
#[derive(Clone)]
pub struct ParallelHash {
    /// `None`: block size 0.
    state: Option<Either<ParallelHash128, ParallelHash256>>,
}

#[cfg(feature = "parallel_hash")]
impl ParallelHash {
    /// Creates  new [`ParallelHash`] hasher with a security level of 128 bits.
    pub fn v128(custom_string: &[u8], block_size: usize) -> ParallelHash {
        let state = ParallelHash128::new(block_size, custom_string).ok();
        ParallelHash {
            state: state.map(Either::V128),
        }
    }

    /// Creates  new [`ParallelHash`] hasher with a security level of 256 bits.
    pub fn v256(custom_string: &[u8], block_size: usize) -> ParallelHash {
        let state = ParallelHash256::new(block_size, custom_string).ok();
        ParallelHash {
            state: state.map(Either::V256),
        }
    }

    fn state(self) -> Either<ParallelHash128, ParallelHash256> {
        self.state
            .expect("ParallelHash with block size 0: attempt to divide by zero")
    }
}

#[cfg(feature = "parallel_hash")]
impl Hasher for ParallelHash {
    fn update(&mut self, input: &[u8]) {
        match &mut self.state {
            Some(s) => either!(s, p => Update::update(p, input)),
            None => panic!("attempt to divide by zero"),
        }
    }

    fn finalize(self, output: &mut [u8]) {
        either!(self.state(), p => p.finalize_into_slice(output));
    }
}

/// The `ParallelHashXOF` extendable-output functions defined in [`SP800-185`] (`L = 0` encoded).
///
/// # Example
///
/// ```
/// # use tiny_keccak::{ParallelHash, Xof, IntoXof, Hasher};
/// let input = b"hello world";
/// let mut output = [0u8; 64];
/// let mut hasher = ParallelHash::v256(b"", 8);
/// hasher.update(input);
/// let mut xof = hasher.into_xof();
/// xof.squeeze(&mut output[..32]);
/// xof.squeeze(&mut output[32..]);
/// ```
///
/// [`ParallelHashXof`] can be created only by using the [`IntoXof`] interface of
/// [`ParallelHash`].
///
/// [`SP800-185`]: https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-185.pdf
#[cfg(feature = "parallel_hash")]
#[derive(Clone)]
pub struct ParallelHashXof {
    reader: Either<ParallelHash128Reader, ParallelHash256Reader>,
}

#[cfg(feature = "parallel_hash")]
impl IntoXof for ParallelHash {
    type Xof = ParallelHashXof;

    fn into_xof(self) -> ParallelHashXof {
        let reader = match self.state() {
            Either::V128(p) => Either::V128(p.finalize_xof()),
            Either::V256(p) => Either::V256(p.finalize_xof()),
        };
        ParallelHashXof { reader }
    }
}

#[cfg(feature = "parallel_hash")]
reader_xof!(ParallelHashXof);
