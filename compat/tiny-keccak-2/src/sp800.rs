//! tiny-keccak's SP 800-185 group (`Kmac`, `TupleHash`, `ParallelHash` and their output
//! streams). Each value holds lwc-keccak's 128-bit or 256-bit type, whichever `v128`/`v256` made.

use crate::{Hasher, IntoXof, Xof};
use lwc_keccak::XofReader;
#[cfg(any(feature = "kmac", feature = "parallel_hash"))]
use lwc_keccak::{ExtendableOutput, Update};

/// The lwc-keccak value behind a facade type: its 128-bit or its 256-bit instance.
#[derive(Clone)]
enum Either<A, B> {
    V128(A),
    V256(B),
}

/// Evaluates `$body` on the instance inside, named `$x`, for either width.
macro_rules! either {
    ($e:expr, $x:ident => $body:expr) => {
        match $e {
            Either::V128($x) => $body,
            Either::V256($x) => $body,
        }
    };
}

/// Implements `Xof` for a facade stream whose `reader` field is an `Either` of two readers.
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

/// KMAC128 and KMAC256 of SP 800-185: a keyed PRF taking a key and a customization string of
/// any length.
///
/// `finalize` encodes the output length (`L = 8 * output.len()` bits) before squeezing, so two
/// lengths give unrelated outputs, not one the prefix of the other. Feature `kmac`.
#[cfg(feature = "kmac")]
#[derive(Clone)]
pub struct Kmac {
    state: Either<Kmac128, Kmac256>,
}

#[cfg(feature = "kmac")]
impl Kmac {
    /// KMAC128 keyed with `key`, customization `custom_string`.
    pub fn v128(key: &[u8], custom_string: &[u8]) -> Kmac {
        let inner = Kmac128::new_customized(key, custom_string);
        Kmac {
            state: Either::V128(inner),
        }
    }

    /// KMAC256 keyed with `key`, customization `custom_string`.
    pub fn v256(key: &[u8], custom_string: &[u8]) -> Kmac {
        let inner = Kmac256::new_customized(key, custom_string);
        Kmac {
            state: Either::V256(inner),
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

/// KMACXOF128/256: a [`Kmac`] turned by [`IntoXof`] into an output stream, with `L = 0`
/// encoded (its bytes do not depend on how many are read).
///
/// ```
/// use tiny_keccak::{Hasher, IntoXof, Kmac, Xof};
///
/// let mut mac = Kmac::v128(b"key", b"app");
/// mac.update(b"message");
/// let (mut whole, mut pieces) = ([0u8; 40], [0u8; 40]);
/// mac.clone().into_xof().squeeze(&mut whole);
/// let mut stream = mac.into_xof();
/// stream.squeeze(&mut pieces[..7]);
/// stream.squeeze(&mut pieces[7..]);
/// assert_eq!(whole, pieces);
/// ```
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

/// TupleHash128 and TupleHash256 of SP 800-185: a hash of a sequence of strings.
///
/// One `update` call adds one whole string to the sequence, so the boundaries count:
///
/// ```
/// use tiny_keccak::{Hasher, TupleHash};
///
/// let hash = |items: &[&[u8]]| {
///     let mut t = TupleHash::v128(b"");
///     items.iter().for_each(|item| t.update(item));
///     let mut out = [0u8; 32];
///     t.finalize(&mut out);
///     out
/// };
/// assert_ne!(hash(&[b"ab", b"cd"]), hash(&[b"a", b"bcd"]));
/// ```
///
/// `finalize` encodes `L = 8 * output.len()` bits, as [`Kmac`]'s. Feature `tuple_hash`.
#[cfg(feature = "tuple_hash")]
#[derive(Clone)]
pub struct TupleHash {
    state: Either<TupleHash128, TupleHash256>,
}

#[cfg(feature = "tuple_hash")]
impl TupleHash {
    /// TupleHash128 with customization `custom_string`.
    pub fn v128(custom_string: &[u8]) -> TupleHash {
        let inner = TupleHash128::new(custom_string);
        TupleHash {
            state: Either::V128(inner),
        }
    }

    /// TupleHash256 with customization `custom_string`.
    pub fn v256(custom_string: &[u8]) -> TupleHash {
        let inner = TupleHash256::new(custom_string);
        TupleHash {
            state: Either::V256(inner),
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

/// TupleHashXOF128/256: a [`TupleHash`] turned by [`IntoXof`] into an output stream (`L = 0`).
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

/// ParallelHash128 and ParallelHash256 of SP 800-185: the input cut into blocks of a size fixed
/// at construction, each hashed on its own.
///
/// `finalize` encodes `L = 8 * output.len()` bits, as [`Kmac`]'s. Feature `parallel_hash`.
///
/// Block size 0 lies outside SP 800-185. The constructors take it, as tiny-keccak's did, and
/// then `update` panics with tiny-keccak's message (`attempt to divide by zero`); `finalize` and
/// `into_xof` panic too, where tiny-keccak returned an output for an input never updated.
#[cfg(feature = "parallel_hash")]
#[derive(Clone)]
pub struct ParallelHash {
    /// `None` for block size 0.
    state: Option<Either<ParallelHash128, ParallelHash256>>,
}

#[cfg(feature = "parallel_hash")]
impl ParallelHash {
    /// ParallelHash128 over blocks of `block_size` bytes, customization `custom_string`.
    pub fn v128(custom_string: &[u8], block_size: usize) -> ParallelHash {
        let state = ParallelHash128::new(block_size, custom_string).ok();
        ParallelHash {
            state: state.map(Either::V128),
        }
    }

    /// ParallelHash256 over blocks of `block_size` bytes, customization `custom_string`.
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

/// ParallelHashXOF128/256: a [`ParallelHash`] turned by [`IntoXof`] into an output stream
/// (`L = 0`).
///
/// ```
/// use tiny_keccak::{Hasher, IntoXof, ParallelHash, Xof};
///
/// // Blocks of 4 bytes: "0123" and "4567" are hashed apart, then joined.
/// let mut ph = ParallelHash::v256(b"", 4);
/// ph.update(b"01234567");
/// let mut first = [0u8; 16];
/// ph.into_xof().squeeze(&mut first);
/// assert_ne!(first, [0u8; 16]);
/// ```
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
