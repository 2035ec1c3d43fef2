//! `lwc_keccak::block_api`: our digest 0.11 block-level cores against sha3 0.11.0's, block for
//! block: the same serialized state after every run of blocks, the same output after the padded
//! last block, the same reader blocks; and a state saved by either loads in the other.

use digest::Output;
use digest::block_api::{Buffer, ExtendableOutputCore, FixedOutputCore, UpdateCore, XofReaderCore};
use digest::common::hazmat::SerializableState;
use digest::consts::{U0, U28, U32, U64, U72, U136, U144, U168, U200};
use lwc_keccak::block_api::{Sha3HasherCore as Ours, Sha3HasherCore};
use sha3_v011::block_api::Sha3HasherCore as Peer;

mod common;
use common::Rng;

fn blocks<B: digest::array::ArraySize>(
    rng: &mut Rng,
    n: usize,
) -> Vec<digest::array::Array<u8, B>> {
    (0..n)
        .map(|_| {
            let mut b = digest::array::Array::<u8, B>::default();
            b.iter_mut().for_each(|x| *x = rng.next() as u8);
            b
        })
        .collect()
}

macro_rules! fixed_case {
    ($rate:ty, $out:ty, $pad:literal, $seed:literal) => {{
        let mut rng = Rng($seed);
        // Every length of the last block (so every position of the padding).
        for tail in 0..<$rate as digest::typenum::Unsigned>::USIZE {
            let mut ours = Ours::<$rate, $out, $pad>::default();
            let mut peer = Peer::<$rate, $out, $pad>::default();
            for _ in 0..rng.below(4) {
                let n = rng.below(5);
                let bs = blocks::<$rate>(&mut rng, n);
                ours.update_blocks(&bs);
                peer.update_blocks(&bs);
                assert_eq!(ours.serialize(), peer.serialize());
            }
            // A state saved by sha3 0.11 continues here, and ours there.
            let mut ours = Ours::<$rate, $out, $pad>::deserialize(&peer.serialize()).unwrap();
            let mut peer = Peer::<$rate, $out, $pad>::deserialize(&ours.serialize()).unwrap();
            let tail_bytes: Vec<u8> = (0..tail).map(|_| rng.next() as u8).collect();
            let mut buf_a = Buffer::<Ours<$rate, $out, $pad>>::default();
            buf_a.digest_blocks(&tail_bytes, |_| unreachable!());
            let mut buf_b = Buffer::<Peer<$rate, $out, $pad>>::default();
            buf_b.digest_blocks(&tail_bytes, |_| unreachable!());
            let mut out_a = Output::<Ours<$rate, $out, $pad>>::default();
            let mut out_b = Output::<Peer<$rate, $out, $pad>>::default();
            ours.finalize_fixed_core(&mut buf_a, &mut out_a);
            peer.finalize_fixed_core(&mut buf_b, &mut out_b);
            assert_eq!(out_a, out_b, "tail {tail}");
        }
    }};
}

#[test]
fn fixed_cores_agree_with_sha3_011() {
    fixed_case!(U144, U28, 0x06, 1);
    fixed_case!(U136, U32, 0x06, 2);
    fixed_case!(U72, U64, 0x06, 3);
    fixed_case!(U136, U32, 0x01, 4);
    fixed_case!(U136, U200, 0x01, 5);
}

#[test]
fn xof_cores_agree_with_sha3_011() {
    let mut rng = Rng(6);
    for _ in 0..20 {
        let mut ours = Ours::<U168, U0, 0x1f>::default();
        let mut peer = Peer::<U168, U0, 0x1f>::default();
        let n = rng.below(6);
        let bs = blocks::<U168>(&mut rng, n);
        ours.update_blocks(&bs);
        peer.update_blocks(&bs);
        let tail = rng.below(168);
        let tail_bytes: Vec<u8> = (0..tail).map(|_| rng.next() as u8).collect();
        let mut buf_a = Buffer::<Ours<U168, U0, 0x1f>>::default();
        buf_a.digest_blocks(&tail_bytes, |_| unreachable!());
        let mut buf_b = Buffer::<Peer<U168, U0, 0x1f>>::default();
        buf_b.digest_blocks(&tail_bytes, |_| unreachable!());
        let mut ra = ours.finalize_xof_core(&mut buf_a);
        let mut rb = peer.finalize_xof_core(&mut buf_b);
        for _ in 0..3 {
            let a = ra.read_block();
            let b = rb.read_block();
            assert_eq!(a[..], b[..]);
        }
    }
}

#[test]
fn debug_prints_no_state() {
    let mut core = Sha3HasherCore::<U136, U32, 0x06>::default();
    core.update_blocks(&blocks::<U136>(&mut Rng(7), 1));
    assert_eq!(
        format!("{core:?}"),
        "Sha3FixedCore<Rate, OutputSize, PAD, ROUNDS> { ... }"
    );
}
