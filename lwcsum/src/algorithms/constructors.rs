//! The constructors the registry's entries are made of: small generic functions over the
//! RustCrypto traits the family crates implement (one per kind of function), the key kinds, and
//! one module per family for what its types need beyond the generic ones.

use digest::{ExtendableOutput, FixedOutput, KeyInit, Update};

use super::{Algorithm, Ctor, Hasher, Kind, Params};
/// A hasher made of a state and two plain functions.
pub(super) struct Fns<S> {
    state: S,
    update: fn(&mut S, &[u8]),
    finish: fn(S, &mut [u8]) -> Result<(), String>,
}

impl<S: Send> Hasher for Fns<S> {
    fn update(&mut self, data: &[u8]) {
        (self.update)(&mut self.state, data);
    }
    fn finalize_into(self: Box<Self>, out: &mut [u8]) -> Result<(), String> {
        (self.finish)(self.state, out)
    }
}

pub(super) type Started = Result<Box<dyn Hasher>, String>;

pub(super) fn boxed<S: Send + 'static>(
    state: S,
    update: fn(&mut S, &[u8]),
    finish: fn(S, &mut [u8]) -> Result<(), String>,
) -> Started {
    Ok(Box::new(Fns {
        state,
        update,
        finish,
    }))
}

pub(super) fn fixed_out<D: FixedOutput>(d: D, out: &mut [u8]) -> Result<(), String> {
    out.copy_from_slice(&d.finalize_fixed());
    Ok(())
}

pub(super) fn xof_out<D: ExtendableOutput>(d: D, out: &mut [u8]) -> Result<(), String> {
    d.finalize_xof_into(out);
    Ok(())
}

/// A function that takes its whole input in one call: collects the pieces.
pub(super) fn collect(buf: &mut Vec<u8>, data: &[u8]) {
    buf.extend_from_slice(data);
}

pub(super) fn streaming<D: Update + Send + 'static>(
    d: D,
    finish: fn(D, &mut [u8]) -> Result<(), String>,
) -> Started {
    boxed(d, <D as Update>::update, finish)
}

pub(super) fn new_hash<D: Default + Update + FixedOutput + Send + 'static>(_: &Params) -> Started {
    streaming(D::default(), fixed_out::<D>)
}

pub(super) fn new_xof<D: Default + Update + ExtendableOutput + Send + 'static>(
    _: &Params,
) -> Started {
    streaming(D::default(), xof_out::<D>)
}

/// The key of `p`, or the all-zero key of `M`'s size (keyless MACs; `start` checked the rest).
pub(super) fn keyed<M: KeyInit>(p: &Params) -> Result<M, String> {
    let zero = vec![0u8; M::key_size()];
    let key = p.key.as_deref().map_or(zero.as_slice(), Vec::as_slice);
    M::new_from_slice(key).map_err(|_| format!("invalid key length {} bytes", key.len()))
}

pub(super) fn new_mac<M: KeyInit + Update + FixedOutput + Send + 'static>(p: &Params) -> Started {
    streaming(keyed::<M>(p)?, fixed_out::<M>)
}

pub(super) fn new_prf<M: KeyInit + Update + ExtendableOutput + Send + 'static>(
    p: &Params,
) -> Started {
    streaming(keyed::<M>(p)?, xof_out::<M>)
}

pub(super) fn hash<D: Default + Update + FixedOutput + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    description: &'static str,
) -> Algorithm {
    Algorithm::new(
        name,
        tag,
        Kind::Hash,
        D::output_size(),
        new_hash::<D>,
        description,
    )
}

pub(super) fn xof<D: Default + Update + ExtendableOutput + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    default_len: usize,
    description: &'static str,
) -> Algorithm {
    Algorithm::new(name, tag, Kind::Xof, default_len, new_xof::<D>, description).variable()
}

/// A MAC with a fixed key and tag size; `keyless` ones run with the zero key without a key file.
pub(super) fn mac<M: KeyInit + Update + FixedOutput + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    keyless: bool,
    description: &'static str,
) -> Algorithm {
    let kind = fixed_key(M::key_size(), keyless);
    Algorithm::new(name, tag, kind, M::output_size(), new_mac::<M>, description)
}

/// A keyed XOF (PRF) with a fixed key size.
pub(super) fn prf<M: KeyInit + Update + ExtendableOutput + Send + 'static>(
    name: &'static str,
    tag: &'static str,
    default_len: usize,
    description: &'static str,
) -> Algorithm {
    let kind = fixed_key(M::key_size(), false);
    Algorithm::new(name, tag, kind, default_len, new_prf::<M>, description).variable()
}

/// A variable-length entry (1 to [`crate::MAX_LENGTH`] bytes, `default_len` by default) taking
/// the parameters `takes`.
pub(super) fn var(
    name: &'static str,
    tag: &'static str,
    kind: Kind,
    default_len: usize,
    new: Ctor,
    description: &'static str,
    takes: u8,
) -> Algorithm {
    Algorithm::new(name, tag, kind, default_len, new, description)
        .variable()
        .takes(takes)
}

/// Keyed with a key of exactly `key_len` bytes.
pub(super) const fn fixed_key(key_len: usize, keyless: bool) -> Kind {
    Kind::Mac {
        key_len: Some(key_len),
        keyless,
    }
}

/// Keyed with a 16-byte key.
pub(super) const KEY16: Kind = fixed_key(16, false);

/// Keyed with a key of any length (KMAC).
pub(super) const ANY_KEY: Kind = Kind::Mac {
    key_len: None,
    keyless: false,
};

#[cfg(feature = "keccak")]
pub(super) mod keccak {
    use digest::{CustomizedInit, XofReader};
    use lwc_keccak as k;

    use super::{Hasher, Params, Started, collect, streaming, xof_out};

    /// KT128 or KT256, which also reads and hashes a file on every thread.
    struct Kt<const R: usize>(k::Kt<R>);

    impl<const R: usize> Hasher for Kt<R> {
        fn update(&mut self, data: &[u8]) {
            digest::Update::update(&mut self.0, data);
        }
        fn reads_in_parallel(&self) -> bool {
            true
        }
        fn update_parallel(
            &mut self,
            source: &crate::source::Source<'_>,
            len: u64,
        ) -> std::io::Result<()> {
            self.0.update_read_at_rayon(source, len).map(|_| ())
        }
        fn finalize_into(self: Box<Self>, out: &mut [u8]) -> Result<(), String> {
            xof_out(self.0, out)
        }
    }

    pub(in crate::algorithms) fn kt<const R: usize>(p: &Params) -> Started {
        Ok(Box::new(Kt::<R>(k::Kt::<R>::new_customized(p.custom()))))
    }

    pub(in crate::algorithms) fn turboshake<const R: usize>(p: &Params) -> Started {
        let ds = p.domain.unwrap_or(k::DEFAULT_DS);
        let t = k::TurboShake::<R>::new(ds).map_err(|e| format!("--domain {ds:#04x}: {e}"))?;
        streaming(t, xof_out)
    }

    pub(in crate::algorithms) fn cshake<const R: usize>(p: &Params) -> Started {
        streaming(
            k::CShake::<R>::new_with_function_name(p.fname(), p.custom()),
            xof_out,
        )
    }

    fn kmac_state<const R: usize>(p: &Params) -> k::Kmac<R> {
        k::Kmac::<R>::new_customized(p.key.as_deref().map_or(&[], Vec::as_slice), p.custom())
    }

    pub(in crate::algorithms) fn kmac<const R: usize>(p: &Params) -> Started {
        streaming(kmac_state::<R>(p), |m, out| {
            m.finalize_into_slice(out);
            Ok(())
        })
    }

    pub(in crate::algorithms) fn kmacxof<const R: usize>(p: &Params) -> Started {
        streaming(kmac_state::<R>(p), xof_out)
    }

    fn parallel_state<const R: usize>(p: &Params) -> Result<k::ParallelHash<R>, String> {
        let b = p
            .block_size
            .unwrap_or(crate::algorithms::DEFAULT_BLOCK_SIZE);
        k::ParallelHash::<R>::new(b, p.custom()).map_err(|e| format!("--block-size {b}: {e}"))
    }

    pub(in crate::algorithms) fn parallelhash<const R: usize>(p: &Params) -> Started {
        streaming(parallel_state::<R>(p)?, |h, out| {
            h.finalize_into_slice(out);
            Ok(())
        })
    }

    pub(in crate::algorithms) fn parallelhashxof<const R: usize>(p: &Params) -> Started {
        streaming(parallel_state::<R>(p)?, xof_out)
    }

    /// TupleHash of the 1-tuple (input): the item's length comes first, so the input is
    /// collected and hashed at the end.
    pub(in crate::algorithms) fn tuplehash<const R: usize>(p: &Params) -> Started {
        super::boxed(
            (k::TupleHash::<R>::new(p.custom()), Vec::new()),
            |s, d| collect(&mut s.1, d),
            |(t, item), out| {
                t.chain_item(&item).finalize_into_slice(out);
                Ok(())
            },
        )
    }

    pub(in crate::algorithms) fn tuplehashxof<const R: usize>(p: &Params) -> Started {
        super::boxed(
            (k::TupleHash::<R>::new(p.custom()), Vec::new()),
            |s, d| collect(&mut s.1, d),
            |(t, item), out| {
                t.chain_item(&item).finalize_xof().read(out);
                Ok(())
            },
        )
    }
}

#[cfg(feature = "ascon")]
pub(super) mod ascon {
    use digest::TryCustomizedInit;
    use lwc_ascon as a;

    use super::{Params, Started, keyed, streaming, xof_out};

    pub(in crate::algorithms) fn cxof(p: &Params) -> Started {
        let x = a::AsconCxof128::try_new_customized(p.custom())
            .map_err(|e| format!("--customization: {e}"))?;
        streaming(x, xof_out)
    }

    /// Ascon-PrfShort: at most 16 bytes of input, one call; the input is collected (17 bytes at
    /// most, enough to tell that it is too long).
    pub(in crate::algorithms) fn prf_short<const LE: bool>(p: &Params) -> Started {
        super::boxed(
            (keyed::<a::v12::AsconPrfShortGeneric<LE>>(p)?, Vec::new()),
            |s, d| {
                let room = 17usize.saturating_sub(s.1.len());
                s.1.extend_from_slice(&d[..d.len().min(room)]);
            },
            |(prf, msg), out| {
                prf.prf(&msg, out)
                    .map_err(|_| "Ascon-PrfShort takes at most 16 bytes of input".to_string())
            },
        )
    }
}
