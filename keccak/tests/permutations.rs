//! Keccak-f\[200\], \[400\], \[800\] and Keccak-p with a round count (`hazmat::f200` ..
//! `hazmat::p1600`): self-contained literal vectors (no file I/O). The
//! values are copied from the Keccak team's traces (XKCP `tests/TestVectors/KeccakF-{200,400,800,
//! 1600}-IntermediateValues.txt`, lanes `x + 5 y`), not computed by this crate; the whole trace
//! files run in `lwc-tests/tests/keccak_permutations.rs`.

use lwc_keccak::hazmat::{self, State200, State400, State800, State1600};

/// Keccak-f\[200\] applied once and twice to the zero state ("State after permutation" of the two
/// examples of KeccakF-200-IntermediateValues.txt).
const F200: [State200; 2] = [
    [
        0x3c, 0x28, 0x26, 0x84, 0x1c, 0xb3, 0x5c, 0x17, 0x1e, 0xaa, 0xe9, 0xb8, 0x11, 0x13, 0x4c,
        0xea, 0xa3, 0x85, 0x2c, 0x69, 0xd2, 0xc5, 0xab, 0xaf, 0xea,
    ],
    [
        0x1b, 0xef, 0x68, 0x94, 0x92, 0xa8, 0xa5, 0x43, 0xa5, 0x99, 0x9f, 0xdb, 0x83, 0x4e, 0x31,
        0x66, 0xa1, 0x4b, 0xe8, 0x27, 0xd9, 0x50, 0x40, 0x47, 0x9e,
    ],
];

/// Keccak-f\[400\] once and twice on the zero state (KeccakF-400-IntermediateValues.txt).
const F400: [State400; 2] = [
    [
        0x09f5, 0x40ac, 0x0fa9, 0x14f5, 0xe89f, 0xeca0, 0x5bd1, 0x7870, 0xeff0, 0xbf8f, 0x0337,
        0x6052, 0xdc75, 0x0ec9, 0xe776, 0x5246, 0x59a1, 0x5d81, 0x6d95, 0x6e14, 0x633e, 0x58ee,
        0x71ff, 0x714c, 0xb38e,
    ],
    [
        0xe537, 0xd5d6, 0xdbe7, 0xaaf3, 0x9bc7, 0xca7d, 0x86b2, 0xfdec, 0x692c, 0x4e5b, 0x67b1,
        0x15ad, 0xa7f7, 0xa66f, 0x67ff, 0x3f8a, 0x2f99, 0xe2c2, 0x656b, 0x5f31, 0x5ba6, 0xca29,
        0xc224, 0xb85c, 0x097c,
    ],
];

/// Keccak-f\[800\] once and twice on the zero state (KeccakF-800-IntermediateValues.txt).
const F800: [State800; 2] = [
    [
        0xe531d45d, 0xf404c6fb, 0x23a0bf99, 0xf1f8452f, 0x51ffd042, 0xe539f578, 0xf00b80a7,
        0xaf973664, 0xbf5af34c, 0x227a2424, 0x88172715, 0x9f685884, 0xb15cd054, 0x1bf4fc0e,
        0x6166fa91, 0x1a9e599a, 0xa3970a1f, 0xab659687, 0xafab8d68, 0xe74b1015, 0x34001a98,
        0x4119eff3, 0x930a0e76, 0x87b28070, 0x11efe996,
    ],
    [
        0x75bf2d0d, 0x9b610e89, 0xc826af40, 0x64cd84ab, 0xf905bdd6, 0xbc832835, 0x5f8001b9,
        0x15662cce, 0x8e38c95e, 0x701fe543, 0x1b544380, 0x89acdeff, 0x51edb5de, 0x0e9702d9,
        0x6c19aa16, 0xa2913eee, 0x60754e9a, 0x9819063c, 0xf4709254, 0xd09f9084, 0x772da259,
        0x1db35df7, 0x5aa60162, 0x358825d5, 0xb3783bab,
    ],
];

/// Lanes 0, 1 and 24 of Keccak-f\[1600\] on the zero state (KeccakF-1600-IntermediateValues.txt).
const F1600_ONCE: [u64; 3] = [0xf1258f7940e1dde7, 0x84d5ccf933c0478a, 0xeaf1ff7b5ceca249];

/// Mid-trace states of the first (all-zero input) example of each file, "After iota" of round
/// `k`: the remaining rounds, Keccak-p\[b, rounds - k - 1\], must give the example's output.
const F200_AFTER_ROUND_8: State200 = [
    0x23, 0xad, 0x9e, 0x53, 0xad, 0x8c, 0x53, 0xd5, 0xd8, 0x95, 0x24, 0xbe, 0xcf, 0x3f, 0xe8, 0x0b,
    0x5d, 0x77, 0x4a, 0xe3, 0xad, 0xb3, 0x6a, 0x44, 0x89,
];
const F400_AFTER_ROUND_9: State400 = [
    0x1968, 0x2bf2, 0x44ad, 0x2c2d, 0x5cde, 0x8623, 0xac76, 0xabe5, 0xeb1b, 0x5d20, 0xb3b4, 0xef95,
    0xeeb2, 0x0a0b, 0x8c50, 0x44b1, 0x942d, 0xc5b2, 0xc803, 0x682c, 0x440f, 0x295d, 0x6ea5, 0x431a,
    0x54c7,
];
const F800_AFTER_ROUND_10: State800 = [
    0x53714955, 0xccae8c01, 0xca455f06, 0x28df73dd, 0x6b448223, 0x530d90e0, 0x08dce526, 0x2f330d74,
    0x3bf14770, 0xe743c86e, 0x376d4638, 0x3c64e94e, 0x99254e5e, 0xd1a0c034, 0xf1f2711a, 0x634aa08b,
    0x4ef8ccfc, 0x2f2de677, 0x309e1442, 0xbe0173eb, 0xb3ceeb6a, 0xf4f8203f, 0xf46e70bf, 0x3e32f889,
    0xacb1e0e6,
];
const F1600_AFTER_ROUND_14: State1600 = [
    0x06ee364e771b6bcf,
    0xe658feaa402f4bd5,
    0xd9c51e50969aab69,
    0x9473996fe1bb4ceb,
    0xf51cb0626da6f085,
    0xd2ea3cac414eb63b,
    0xf55fd4ddbf081e7d,
    0xf666c3286f380b1d,
    0xc9e47ebe6f50efb2,
    0xd19df82730ea16b5,
    0x03fb7294d1438d9b,
    0x40b5bb60943d81fe,
    0x65dee655c35a4195,
    0x53e3c5f2892e6bdb,
    0x908c33b016575e0b,
    0xf135e2a8960f74e2,
    0x4c225dea370a687d,
    0x46230e694915f13e,
    0x11c0069f4d346280,
    0x50b4ad11e821c365,
    0xa027d4e0e1cd84da,
    0x29ff28d8da171496,
    0xe5800698cb3ae5b5,
    0x637658693c47003f,
    0x8cbcfd35e82d3301,
];

#[test]
fn f200_zero_state() {
    let mut s = [0u8; 25];
    hazmat::f200(&mut s);
    assert_eq!(s, F200[0]);
    hazmat::f200(&mut s);
    assert_eq!(s, F200[1]);
}

#[test]
fn f400_zero_state() {
    let mut s = [0u16; 25];
    hazmat::f400(&mut s);
    assert_eq!(s, F400[0]);
    hazmat::f400(&mut s);
    assert_eq!(s, F400[1]);
}

#[test]
fn f800_zero_state() {
    let mut s = [0u32; 25];
    hazmat::f800(&mut s);
    assert_eq!(s, F800[0]);
    hazmat::f800(&mut s);
    assert_eq!(s, F800[1]);
}

/// The last rounds alone, from a mid-trace state, end where the full permutation does.
#[test]
fn p_last_rounds_from_the_trace() {
    let mut s = F200_AFTER_ROUND_8;
    hazmat::p200(&mut s, 18 - 9);
    assert_eq!(s, F200[0]);
    let mut s = F400_AFTER_ROUND_9;
    hazmat::p400(&mut s, 20 - 10);
    assert_eq!(s, F400[0]);
    let mut s = F800_AFTER_ROUND_10;
    hazmat::p800(&mut s, 22 - 11);
    assert_eq!(s, F800[0]);
    // Nine rounds: neither 24 nor 12, the portable path of p1600.
    let mut s = F1600_AFTER_ROUND_14;
    hazmat::p1600(&mut s, 24 - 15);
    assert_eq!([s[0], s[1], s[24]], F1600_ONCE);
}

/// xorshift64 states, to run the round-count checks on something other than zero.
fn states<const N: usize>(seed: u64) -> [State1600; N] {
    let mut x = seed;
    core::array::from_fn(|_| {
        core::array::from_fn(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
    })
}

/// Keccak-p with Keccak-f's round count is Keccak-f; zero rounds is the identity; Keccak-p\[1600,
/// 12\] is `p1600_12`.
#[test]
fn p_round_counts() {
    for start in states::<4>(0x9e37_79b9_7f4a_7c15) {
        let s8: State200 = core::array::from_fn(|i| start[i] as u8);
        let s16: State400 = core::array::from_fn(|i| start[i] as u16);
        let s32: State800 = core::array::from_fn(|i| start[i] as u32);

        let (mut a, mut b) = (s8, s8);
        hazmat::p200(&mut a, 18);
        hazmat::f200(&mut b);
        assert_eq!(a, b);
        let (mut a, mut b) = (s16, s16);
        hazmat::p400(&mut a, 20);
        hazmat::f400(&mut b);
        assert_eq!(a, b);
        let (mut a, mut b) = (s32, s32);
        hazmat::p800(&mut a, 22);
        hazmat::f800(&mut b);
        assert_eq!(a, b);
        let (mut a, mut b) = (start, start);
        hazmat::p1600(&mut a, 24);
        hazmat::f1600(&mut b);
        assert_eq!(a, b);
        let (mut a, mut b) = (start, start);
        hazmat::p1600(&mut a, 12);
        hazmat::p1600_12(&mut b);
        assert_eq!(a, b);

        let (mut a, mut b, mut c, mut d) = (s8, s16, s32, start);
        hazmat::p200(&mut a, 0);
        hazmat::p400(&mut b, 0);
        hazmat::p800(&mut c, 0);
        hazmat::p1600(&mut d, 0);
        assert_eq!((a, b, c, d), (s8, s16, s32, start));

        // One round is not the identity.
        let mut a = s8;
        hazmat::p200(&mut a, 1);
        assert_ne!(a, s8);
    }
}

/// `p1600` runs the backend for 24 and 12 rounds and the generic round on `u64` lanes for the other
/// counts: the two agree on 24 and 12 (and every count runs). The official values of every count
/// are checked in `lwc-tests/tests/keccak_permutations.rs`.
#[test]
fn p1600_every_round_count_runs_and_agrees_with_the_generic_round() {
    let [start] = states::<1>(0x0123_4567_89ab_cdef);
    for rounds in 0..=24 {
        let (mut a, mut b) = (start, start);
        hazmat::p1600(&mut a, rounds);
        hazmat::keccak_p_generic(&mut b, rounds);
        assert_eq!(a, b, "{rounds} rounds");
    }
    let mut a = [0u8; 25];
    hazmat::keccak_p_generic(&mut a, 18);
    assert_eq!(a, F200[0]);
}

#[test]
#[should_panic(expected = "19 rounds requested")]
fn p200_more_rounds_than_f200_panics() {
    hazmat::p200(&mut [0; 25], 19);
}

#[test]
#[should_panic(expected = "21 rounds requested")]
fn p400_more_rounds_than_f400_panics() {
    hazmat::p400(&mut [0; 25], 21);
}

#[test]
#[should_panic(expected = "23 rounds requested")]
fn p800_more_rounds_than_f800_panics() {
    hazmat::p800(&mut [0; 25], 23);
}

#[test]
#[should_panic(expected = "25 rounds requested")]
fn p1600_more_rounds_than_f1600_panics() {
    hazmat::p1600(&mut [0; 25], 25);
}
