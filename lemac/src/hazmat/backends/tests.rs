//! Every backend this CPU has against the portable one, kernel by kernel (BLAKE3 `test.rs`
//! style): each [`Kernels`] method and, where the backend has two lanes, each [`Kernels2`]
//! method, and, where the backend runs two `G_i` chains per instruction, each [`Pairs`] method,
//! on random words. The whole algorithms on every backend are tested in
//! `hazmat/tests.rs` (a backend module does not name the algorithms).

use super::{Job, Kernels, Kernels2, Pairs, dispatch_on};
use crate::hazmat::words::TestRng;
use crate::hazmat::{Backend, Word, backend, force_backend};

/// Random inputs of the kernel tests.
#[derive(Clone, Copy)]
struct Inputs {
    x: [Word; 8],
    k: [Word; 8],
    lo: u64,
    hi: u64,
}

impl Inputs {
    fn random(rng: &mut TestRng) -> Self {
        let mut x = [[0; 16]; 8];
        let mut k = [[0; 16]; 8];
        for i in 0..8 {
            x[i] = rng.word();
            k[i] = rng.word();
        }
        Self {
            x,
            k,
            lo: rng.next(),
            hi: rng.next(),
        }
    }
}

/// What each one-lane kernel returns on [`Inputs`].
#[derive(Debug, PartialEq, Eq)]
struct Outputs {
    load_store: [Word; 8],
    xor: [Word; 8],
    enc: [Word; 8],
    enc_last: [Word; 8],
    enc8: [Word; 8],
    load_u64x2: Word,
    load_store_words: [Word; 8],
}

/// Runs every one-lane kernel of a backend.
struct OneLane(Inputs);

impl Job for OneLane {
    type Output = Outputs;
    fn run<K: Kernels>(self, k: K) -> Outputs {
        let Inputs { x, k: keys, lo, hi } = self.0;
        let mut o = Outputs {
            load_store: [[0; 16]; 8],
            xor: [[0; 16]; 8],
            enc: [[0; 16]; 8],
            enc_last: [[0; 16]; 8],
            enc8: [[0; 16]; 8],
            load_u64x2: k.store(k.load_u64x2(lo, hi)),
            load_store_words: [[0; 16]; 8],
        };
        let (xs, ks) = (k.load_words(&x), k.load_words(&keys));
        for i in 0..8 {
            o.load_store[i] = k.store(k.load(&x[i]));
            o.xor[i] = k.store(k.xor(xs[i], ks[i]));
            o.enc[i] = k.store(k.enc(xs[i], ks[i]));
            o.enc_last[i] = k.store(k.enc_last(xs[i], ks[i]));
        }
        k.store_words(&k.enc8(xs, ks), &mut o.enc8);
        k.store_words(&xs, &mut o.load_store_words);
        o
    }
}

/// Runs every kernel of a backend's two-lane kernels (lane 0 on `x[i]`, lane 1 on `x[7 - i]`),
/// or `None` where it has none.
struct TwoLanes(Inputs);

/// What the two-lane kernels return: lane by lane, in the order of [`Outputs`], plus the
/// broadcast load.
type LaneOutputs = ([Outputs; 2], [Word; 2]);

impl Job for TwoLanes {
    type Output = Option<LaneOutputs>;
    fn run<K: Kernels>(self, k: K) -> Option<LaneOutputs> {
        let l = k.lanes2()?;
        Some(lanes(l, self.0))
    }
}

fn lanes<L: Kernels2>(l: L, inp: Inputs) -> LaneOutputs {
    let Inputs { x, k: keys, lo, hi } = inp;
    let empty = || Outputs {
        load_store: [[0; 16]; 8],
        xor: [[0; 16]; 8],
        enc: [[0; 16]; 8],
        enc_last: [[0; 16]; 8],
        enc8: [[0; 16]; 8],
        load_u64x2: [0; 16],
        load_store_words: [[0; 16]; 8],
    };
    let mut o = [empty(), empty()];
    let zero = l.load(&[0; 16]);
    let (mut xs, mut ks) = ([zero; 8], [zero; 8]);
    for i in 0..8 {
        xs[i] = l.load2(&x[i], &x[7 - i]);
        ks[i] = l.load2(&keys[i], &keys[7 - i]);
    }
    let e8 = l.enc8(xs, ks);
    for i in 0..8 {
        let pairs = [
            l.store2(xs[i]),
            l.store2(l.xor(xs[i], ks[i])),
            l.store2(l.enc(xs[i], ks[i])),
            l.store2(l.enc_last(xs[i], ks[i])),
            l.store2(e8[i]),
        ];
        for lane in 0..2 {
            o[lane].load_store[i] = pairs[0][lane];
            o[lane].xor[i] = pairs[1][lane];
            o[lane].enc[i] = pairs[2][lane];
            o[lane].enc_last[i] = pairs[3][lane];
            o[lane].enc8[i] = pairs[4][lane];
            o[lane].load_store_words[i] = pairs[0][lane];
        }
    }
    [o[0].load_u64x2, o[1].load_u64x2] = l.store2(l.load2_u64x2((lo, hi), (hi, lo)));
    let broadcast = l.store2(l.load(&x[0]));
    assert_eq!(l.store(xs[3]), x[3], "store returns lane 0");
    (o, broadcast)
}

fn supported() -> impl Iterator<Item = Backend> {
    Backend::ALL.iter().copied().filter(|b| b.is_supported())
}

#[test]
fn every_kernel_matches_portable() {
    let mut rng = TestRng(0x5eed_0101);
    for _ in 0..if cfg!(miri) { 2 } else { 200 } {
        let inp = Inputs::random(&mut rng);
        let want = dispatch_on(Backend::Portable, OneLane(inp)).expect("portable");
        for b in supported() {
            assert_eq!(dispatch_on(b, OneLane(inp)).as_ref(), Some(&want), "{b}");
        }
    }
}

#[test]
fn every_two_lane_kernel_matches_portable_per_lane() {
    let mut rng = TestRng(0x5eed_0102);
    for _ in 0..if cfg!(miri) { 2 } else { 200 } {
        let inp = Inputs::random(&mut rng);
        let mut flipped = inp;
        flipped.x.reverse();
        flipped.k.reverse();
        [flipped.lo, flipped.hi] = [inp.hi, inp.lo];
        let want = [
            dispatch_on(Backend::Portable, OneLane(inp)).expect("portable"),
            dispatch_on(Backend::Portable, OneLane(flipped)).expect("portable"),
        ];
        for b in supported() {
            let got = dispatch_on(b, TwoLanes(inp)).expect("supported");
            // The two-lane path of `compute_many` (documented on `Backend`).
            let has_lanes = matches!(b.name(), "x86_vaes" | "x86_avx512" | "aarch64_aes");
            assert_eq!(got.is_some(), has_lanes, "{b}: two lanes");
            let Some((got, broadcast)) = got else {
                continue;
            };
            assert_eq!(got, want, "{b}");
            assert_eq!(broadcast, [inp.x[0]; 2], "{b}: broadcast load");
        }
    }
}

/// What the chain-pair kernels return on [`Inputs`] (pair `i` = lanes `x[i]`, `x[i + 1]` with
/// keys `k[i]`, `k[i + 1]`): lane 0 of the joined word, the folded (lane 0 XOR lane 1) joined
/// word, the folded pair load, and the folded round of the joined word under the pair load.
type PairOutputs = [[Word; 4]; 7];

/// Runs every chain-pair kernel of a backend, or `None` where it has none.
struct ChainPairs(Inputs);

impl Job for ChainPairs {
    type Output = Option<PairOutputs>;
    fn run<K: Kernels>(self, k: K) -> Option<PairOutputs> {
        let p = k.pairs()?;
        Some(chain_pairs(k, p, self.0))
    }
}

fn chain_pairs<K: Kernels, P: Pairs<K::W>>(k: K, p: P, inp: Inputs) -> PairOutputs {
    let Inputs { x, k: keys, .. } = inp;
    let mut o = [[[0; 16]; 4]; 7];
    for i in 0..7 {
        let joined = p.join(k.load(&x[i]), k.load(&x[i + 1]));
        let key = p.load_pair(&[keys[i], keys[i + 1]]);
        o[i] = [
            p.store(joined),
            k.store(p.fold(joined)),
            k.store(p.fold(key)),
            k.store(p.fold(p.enc(joined, key))),
        ];
    }
    o
}

/// [`PairOutputs`] from the portable one-lane kernels.
fn chain_pairs_portable(inp: Inputs) -> PairOutputs {
    let one = dispatch_on(Backend::Portable, OneLane(inp)).expect("portable");
    let xor = |a: Word, b: Word| -> Word {
        let mut o = a;
        for (o, b) in o.iter_mut().zip(b) {
            *o ^= b;
        }
        o
    };
    let mut o = [[[0; 16]; 4]; 7];
    for i in 0..7 {
        o[i] = [
            inp.x[i],
            xor(inp.x[i], inp.x[i + 1]),
            xor(inp.k[i], inp.k[i + 1]),
            xor(one.enc[i], one.enc[i + 1]),
        ];
    }
    o
}

#[test]
fn every_chain_pair_kernel_matches_portable() {
    let mut rng = TestRng(0x5eed_0103);
    for _ in 0..if cfg!(miri) { 2 } else { 200 } {
        let inp = Inputs::random(&mut rng);
        let want = chain_pairs_portable(inp);
        for b in supported() {
            let got = dispatch_on(b, ChainPairs(inp)).expect("supported");
            // LeMac's finalisation runs its chains in pairs on the AVX-512 backend only.
            let has_pairs = b.name() == "x86_avx512";
            assert_eq!(got.is_some(), has_pairs, "{b}: chain pairs");
            if let Some(got) = got {
                assert_eq!(got, want, "{b}");
            }
        }
    }
}

#[test]
fn all_is_in_discriminant_order_and_named_like_its_files() {
    // The backend table declares `ALL` in the enum's order (its cache code is `1 + discriminant`).
    for (i, b) in Backend::ALL.iter().enumerate() {
        assert_eq!(*b as usize, i, "{b:?}");
    }
    assert_eq!(Backend::ALL[0], Backend::Portable);
    assert!(Backend::Portable.is_supported());
    let names: [&str; 6] = [
        "portable",
        "x86_aesni",
        "x86_aesni_avx",
        "x86_vaes",
        "x86_avx512",
        "aarch64_aes",
    ];
    for b in Backend::ALL {
        assert!(names.contains(&b.name()), "{b:?}");
        assert_eq!(Displayed::of(b).as_str(), b.name());
    }
}

#[test]
fn detection_picks_the_last_supported_and_forcing_works() {
    let best = backend();
    assert_eq!(Some(best), supported().last());
    for b in supported() {
        assert!(force_backend(b));
        assert_eq!(backend(), b);
    }
    for b in Backend::ALL.iter().filter(|b| !b.is_supported()) {
        assert!(!force_backend(*b));
    }
    assert!(force_backend(best));
    assert_eq!(backend(), best);
}

#[test]
fn forcing_cfgs_leave_only_portable() {
    // Miri, `--cfg lwc_force_portable` and `--cfg lemac_backend="portable"` (build.rs).
    if cfg!(any(miri, lwc_force_portable, lemac_backend = "portable")) {
        assert_eq!(Backend::ALL, [Backend::Portable]);
    } else if cfg!(any(
        target_arch = "x86",
        target_arch = "x86_64",
        target_arch = "aarch64"
    )) {
        assert!(Backend::ALL.len() > 1);
    }
}

/// A `Display` value written into a small buffer (the crate is `no_std`, with or without alloc).
struct Displayed {
    buf: [u8; 32],
    len: usize,
}

impl Displayed {
    fn of(v: impl core::fmt::Display) -> Self {
        let mut d = Self {
            buf: [0; 32],
            len: 0,
        };
        core::fmt::write(&mut d, format_args!("{v}")).expect("fits");
        d
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).expect("UTF-8")
    }
}

impl core::fmt::Write for Displayed {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(core::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
