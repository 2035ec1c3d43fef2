//! The shared test-vector harness of the lwc-rs workspace.
//!
//! * [`kat`]: locate the official vector folder (`LWC_KAT_DIR`), fail instead of skipping under CI.
//! * [`text`]: one parser for every line-oriented vector format in `../shared/kat` (NIST LWC KAT text,
//!   NIST CAVP `.rsp`, the Keccak team's files, the LeMac files) and a renderer that writes the NIST
//!   LWC layout back, so a test can compare the SHA-256 of our regenerated text with the official one.
//! * [`runners`]: generic checks over the RustCrypto traits (`Digest`, `ExtendableOutput`, `Mac`,
//!   `AeadInOut`): one-shot, every split point, random chunkings, reset, clone mid-stream, odd-sized
//!   XOF reads, and every AEAD tampering.
//! * [`json`]: `serde_json` re-export plus small accessors for Wycheproof/ACVP/RFC 9861 sets.
//!
//! Runners return `Result<(), String>`; the message names the field, the expected and the obtained
//! value, and [`Failures`] collects the first mismatch of a whole file with its file name and count.
//!
//! # Where a test goes
//!
//! Every family follows the same rule, so a reader knows where to look and a new algorithm knows
//! where its tests belong. One row per job; every test file of the tree stands in exactly one row
//! (`.ci/test_table.py` checks both ways). In the second column, `<family>` stands for each of
//! `ascon`, `keccak`, `lemac`, `sparkle` (every one must have the file), `{a,b}` for each name
//! listed, and `*` for any name (at least one file must match).
//!
//! | job | where |
//! |---|---|
//! | literal spot vectors: a few official values written into the test, no files (`spot.rs` also runs under Miri) | `<family>/tests/spot.rs`; the narrow permutations' literal trace values, `keccak/tests/permutations.rs` |
//! | every backend the CPU has against the portable one, on random inputs | `<family>/src/hazmat/backends/tests.rs`; LeMac's whole algorithms on every backend, `lemac/src/hazmat/tests.rs` |
//! | the previous trait generation (digest 0.10 / aead 0.5), generic code over it | `{ascon,keccak,sparkle}/tests/compat.rs`; digest 0.10's `core_api` (`CoreWrapper`) face, `keccak/tests/core_api.rs`; LeMac's, which also renders the official files again, beside them: `lwc-tests/tests/lemac_compat.rs` |
//! | drop-in for the RustCrypto crates a family replaces, checked against those crates (dev-dependencies of the family crate) on the default backend: names, `AlgorithmName` and `Debug` text, serialized states both ways, trait sets, sub-APIs | `{ascon,keccak}/tests/peers.rs`; keccak's block-level cores against sha3's, `keccak/tests/block_api.rs`; kmac 0.1's API on its published vectors, `keccak/tests/kmac_api.rs` |
//! | the official vector files (`LWC_KAT_DIR`), every runner, `SerializableState` | `lwc-tests/tests/<family>_kat.rs`; the Keccak team's permutation traces, `lwc-tests/tests/keccak_permutations.rs` |
//! | JSON sets: Wycheproof, ACVP, RFC and SP 800-185 JSON | `lwc-tests/tests/{ascon,keccak}_vectors.rs` |
//! | outputs against independent implementations (RustCrypto crates, pyascon, `aes`) on random inputs, on every backend (`LWC_BACKEND`); no peer exists for SPARKLE | `lwc-tests/tests/{ascon,keccak,lemac}_diff.rs`; two keccak-only APIs on the default backend, in the crate that has their features: XOF reads in small pieces, `keccak/tests/reads.rs`, and threaded KT128/KT256, `keccak/tests/threads.rs` |
//! | constant time (valgrind, ptrace traces, qemu-user traces on aarch64), zeroize, bad input (all families) | `lwc-tests/tests/reliability_*.rs` |
//! | the harness itself, against deliberately broken toys | `lwc-tests/tests/harness.rs` |
//! | the `backends!` macro of `lwc-dispatch`, on a made-up family | `dispatch/tests/table.rs` |
//! | the `lwcsum` command line, through the built binary | `lwcsum/tests/*.rs` |
//! | the facades for older crate lines, each against its original crate (`compat/README.md`) | `compat/*/tests/*.rs` |
//! | the C API's Rust-side tests (overlapping buffers, under Miri too) | `lwc-capi/src/tests.rs` |
//! | the Python binding, against hashlib, pycryptodome and the official vectors | `lwc-py/tests/test_*.py` |
//!
//! `peers.rs` and `<family>_diff.rs` do different jobs: `peers.rs` asks whether a user can swap
//! the RustCrypto crate for ours unnoticed (the same names, printed text and state bytes; it needs
//! the replaced crates as dev-dependencies of the family crate), `_diff.rs` whether every output
//! agrees with an independent implementation, once per backend in CI. A test file is a test
//! target (`tests/*.rs`, not the helper modules in `tests/<name>/`), an in-crate `tests.rs`, or a
//! Python `test_*.py`.
//!
//! Rules: an expected value is never computed by our own code (an official file, a literal
//! official vector, or an independent peer); every type implementing `SerializableState` is checked
//! with [`runners::serializable_state`]; the vector tests run once per backend in CI by forcing it
//! with `LWC_BACKEND=<name>` ([`force_backend_from_env`]); a test reading a vector file takes the
//! folder from `LWC_KAT_DIR` and, under `CI`, fails when it is missing.

pub mod json;
pub mod kat;
pub mod runners;
pub mod text;

pub use sha2;

/// Lower-case hex of `bytes`.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// Upper-case hex of `bytes` (the NIST LWC KAT style).
#[must_use]
pub fn hex_upper(bytes: &[u8]) -> String {
    hex(bytes).to_ascii_uppercase()
}

/// Decodes hex of either case, ignoring ASCII whitespace. Panics on malformed input (test data only).
#[must_use]
pub fn unhex(s: &str) -> Vec<u8> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert!(digits.len() % 2 == 0, "odd number of hex digits in {s:?}");
    digits
        .chunks(2)
        .map(|p| {
            let v = |c: u8| -> u8 {
                match c {
                    b'0'..=b'9' => c - b'0',
                    b'a'..=b'f' => c - b'a' + 10,
                    b'A'..=b'F' => c - b'A' + 10,
                    _ => panic!("bad hex digit {:?} in {s:?}", c as char),
                }
            };
            (v(p[0]) << 4) | v(p[1])
        })
        .collect()
}

/// SHA-256 (RustCrypto `sha2`, an independent implementation) of `data`, as lower-case hex.
#[must_use]
pub fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(data))
}

/// The byte ramp `start, start+1, ...` (mod 256) of length `len`, the input pattern of the NIST LWC KATs.
#[must_use]
pub fn ramp(start: u8, len: usize) -> Vec<u8> {
    (0..len).map(|i| start.wrapping_add(i as u8)).collect()
}

/// A deterministic RNG for differential and chunking tests (seeded, so failures reproduce).
#[must_use]
pub fn rng(seed: u64) -> rand_chacha::ChaCha8Rng {
    use rand::SeedableRng;
    rand_chacha::ChaCha8Rng::seed_from_u64(seed)
}

/// `len` random bytes from `rng`.
pub fn random_bytes(rng: &mut impl rand::RngCore, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

/// Whether the reduced test sets should be used (Miri, qemu, or `LWC_TESTS_QUICK` set).
#[must_use]
pub fn quick() -> bool {
    cfg!(miri) || std::env::var_os("LWC_TESTS_QUICK").is_some()
}

/// `n` output bytes of the XOF `x` after absorbing `msg`.
pub fn xof_output<X: digest::ExtendableOutput + digest::Update>(
    mut x: X,
    msg: &[u8],
    n: usize,
) -> Vec<u8> {
    x.update(msg);
    let mut out = vec![0u8; n];
    digest::XofReader::read(&mut x.finalize_xof(), &mut out);
    out
}

/// RFC 9861's `ptn(n)`: `n` bytes of the repeating pattern `00 01 .. FA` (also the Keccak team's
/// KangarooTwelve test inputs).
#[must_use]
pub fn rfc9861_pattern(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 251) as u8).collect()
}

/// The backend named by the environment variable `LWC_BACKEND`, forced on one family crate:
/// CI runs the vector tests once per backend this way (`LWC_BACKEND=x86_avx2 cargo test ...`).
///
/// `all` is the crate's `hazmat::Backend::ALL` and `force` its `hazmat::force_backend`. Does
/// nothing when `LWC_BACKEND` is unset or names no backend of this crate; panics when it names one
/// that this CPU cannot run (a forced run that silently fell back would test nothing). Returns the
/// backend it forced.
pub fn force_backend_from_env<B: Copy + core::fmt::Display>(
    all: &[B],
    force: impl Fn(B) -> bool,
) -> Option<B> {
    let name = std::env::var("LWC_BACKEND").ok()?;
    let backend = *all.iter().find(|b| b.to_string() == name)?;
    assert!(
        force(backend),
        "LWC_BACKEND={name}: this CPU cannot run that backend"
    );
    Some(backend)
}

/// Collects mismatches over a whole vector file and reports the first ones with file and count.
#[derive(Debug)]
pub struct Failures {
    file: String,
    checked: usize,
    failed: Vec<String>,
}

impl Failures {
    /// Starts a report for `file`.
    #[must_use]
    pub fn new(file: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            checked: 0,
            failed: Vec::new(),
        }
    }

    /// Records the result of checking entry `count`.
    pub fn check(&mut self, count: impl core::fmt::Display, result: Result<(), String>) {
        self.checked += 1;
        if let Err(e) = result {
            self.failed
                .push(format!("{}: Count = {count}: {e}", self.file));
        }
    }

    /// Number of entries checked so far.
    #[must_use]
    pub fn checked(&self) -> usize {
        self.checked
    }

    /// Panics with the first mismatches if any entry failed, or if fewer than `min_entries` were checked
    /// (a parser that silently reads nothing must not pass).
    #[track_caller]
    pub fn finish(self, min_entries: usize) {
        assert!(
            self.checked >= min_entries,
            "{}: only {} entries checked, expected at least {min_entries}",
            self.file,
            self.checked
        );
        if !self.failed.is_empty() {
            let shown: Vec<&str> = self.failed.iter().take(5).map(String::as_str).collect();
            panic!(
                "{} of {} entries failed; first mismatches:\n{}",
                self.failed.len(),
                self.checked,
                shown.join("\n")
            );
        }
    }
}

/// Compares two byte strings and names the field on mismatch.
pub fn expect_eq(field: &str, expected: &[u8], got: &[u8]) -> Result<(), String> {
    if expected == got {
        Ok(())
    } else {
        Err(format!(
            "{field}: expected {}, got {}",
            hex(expected),
            hex(got)
        ))
    }
}

/// A test that never ends, compiled only with `--cfg lwc_ci_hang`: it shows that CI's time
/// limits (the stage watchdog in `.ci/run`, the per-binary limit in `.ci/runner`) fail a hung
/// test instead of stalling the run (README "CI").
#[cfg(all(test, lwc_ci_hang))]
mod deliberately_hung {
    #[test]
    fn never_ends() {
        loop {
            std::hint::spin_loop();
        }
    }
}
