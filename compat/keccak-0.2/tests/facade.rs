//! The facade's own checks beyond keccak 0.2.2's suite (which peer_suites.py runs): every
//! `with_p*` round count and the backend's functions against lwc-keccak's hazmat, and the
//! parallel functions against the scalar ones for every round count the backend special-cases.

use keccak::{Backend, BackendClosure, Keccak, PLEN, State1600};
use lwc_keccak::hazmat;

fn start<T: Copy>(f: impl Fn(u64) -> T) -> [T; PLEN] {
    core::array::from_fn(|i| f((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// `with_pN::<R>` against `hazmat::pN(state, R)` for the given round counts.
macro_rules! check_p {
    ($with:ident, $ours:path, $lane:ty, $($r:literal)*) => {$(
        let s0 = start(|x| x as $lane);
        let (mut a, mut b) = (s0, s0);
        Keccak::new().$with::<$r>(|p| p(&mut a));
        $ours(&mut b, $r);
        assert_eq!(a, b, concat!(stringify!($with), " ", $r));
    )*};
}

#[test]
fn with_p_every_round_count() {
    check_p!(with_p200, hazmat::p200, u8, 0 1 9 17 18);
    check_p!(with_p400, hazmat::p400, u16, 0 1 10 19 20);
    check_p!(with_p800, hazmat::p800, u32, 0 1 11 21 22);
    check_p!(with_p1600, hazmat::p1600, u64, 0 1 11 12 13 23 24);
}

#[test]
fn with_f_is_hazmat_f() {
    let (mut a, mut b) = (start(|x| x as u8), start(|x| x as u8));
    Keccak::new().with_f200(|f| f(&mut a));
    hazmat::f200(&mut b);
    assert_eq!(a, b);
    let (mut a, mut b) = (start(|x| x as u16), start(|x| x as u16));
    Keccak::new().with_f400(|f| f(&mut a));
    hazmat::f400(&mut b);
    assert_eq!(a, b);
    let (mut a, mut b) = (start(|x| x as u32), start(|x| x as u32));
    Keccak::new().with_f800(|f| f(&mut a));
    hazmat::f800(&mut b);
    assert_eq!(a, b);
    let (mut a, mut b) = (start(|x| x), start(|x| x));
    Keccak::new().with_f1600(|f| f(&mut a));
    hazmat::f1600(&mut b);
    assert_eq!(a, b);
}

/// What the backend hands out, for 24, 12 and 7 rounds, against hazmat (and, with `parallel`, the
/// four-state functions against the scalar ones).
fn check_backend<B: Backend>() {
    let s0: State1600 = start(|x| x);
    let mut a = s0;
    B::get_f1600()(&mut a);
    let mut b = s0;
    hazmat::f1600(&mut b);
    assert_eq!(a, b);
    for (got, rounds) in [
        (B::get_p1600::<24>(), 24),
        (B::get_p1600::<12>(), 12),
        (B::get_p1600::<7>(), 7),
    ] {
        let (mut a, mut b) = (s0, s0);
        got(&mut a);
        hazmat::p1600(&mut b, rounds);
        assert_eq!(a, b, "{rounds} rounds");
    }
    #[cfg(feature = "parallel")]
    {
        use keccak::ParState1600;
        let mut par: ParState1600<B> = hybrid_array::Array::from_fn(|j| {
            let mut s = s0;
            s[0] ^= j as u64;
            s
        });
        for (par_fn, rounds) in [
            (B::get_par_f1600(), 24),
            (B::get_par_p1600::<24>(), 24),
            (B::get_par_p1600::<12>(), 12),
            (B::get_par_p1600::<7>(), 7),
        ] {
            let mut expected = par.clone();
            expected.iter_mut().for_each(|s| hazmat::p1600(s, rounds));
            par_fn(&mut par);
            assert_eq!(par, expected, "parallel, {rounds} rounds");
        }
    }
}

#[test]
fn backend_functions() {
    struct Check;
    impl BackendClosure for Check {
        fn call_once<B: Backend>(self) {
            check_backend::<B>();
        }
    }
    Keccak::new().with_backend(Check);
}
