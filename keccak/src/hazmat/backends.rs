//! Permutation backends: `portable` first, SIMD ones chosen once at run time (`cpufeatures`).
//!
//! Single state: `x86_avx512` (one lane per 128-bit register), else `x86_bmi`, else `portable`.
//! Four states: `x86_avx512` (256-bit registers), else `x86_avx2`, else one state after another.
//!
//! Run-time detection is compiled only on x86/x86_64 and is disabled (portable code only) under
//! Miri, `--cfg lwc_force_portable`, `--cfg keccak_backend="portable"` and
//! `--cfg keccak_backend="compact"`: build.rs folds that condition into the cfgs `keccak_x86`
//! (x86 or x86_64) and `keccak_x86_64`.

use super::State1600;

pub(crate) mod portable;

#[cfg(keccak_backend = "compact")]
pub(crate) mod compact;

#[cfg(keccak_x86)]
pub(crate) mod x86_bmi;

#[cfg(keccak_x86_64)]
pub(crate) mod x86_avx2;

#[cfg(all(keccak_x86_64, keccak_avx512))]
pub(crate) mod x86_avx512;

/// Runs `$body` (an expression returning `bool`, "done") when the AVX-512 four-state backend is
/// compiled in; otherwise `false`.
macro_rules! with_avx512 {
    ($body:expr) => {{
        #[cfg(all(keccak_x86_64, keccak_avx512))]
        let done: bool = $body;
        #[cfg(not(all(keccak_x86_64, keccak_avx512)))]
        let done = false;
        done
    }};
}

/// As [`with_avx512`], for the AVX2 four-state backend.
macro_rules! with_avx2 {
    ($body:expr) => {{
        #[cfg(keccak_x86_64)]
        let done: bool = $body;
        #[cfg(not(keccak_x86_64))]
        let done = false;
        done
    }};
}

/// The portable permutation, out of line so its unrolled body exists once per round count.
#[cfg(not(keccak_backend = "compact"))]
#[inline(never)]
fn portable_out_of_line<const R: usize>(state: &mut State1600) {
    portable::keccak_p::<R>(state);
}

/// Keccak-p\[1600, R\] (R = 12 or 24) on the backend chosen for this process.
#[inline]
pub(crate) fn permute<const R: usize>(state: &mut State1600) {
    #[cfg(keccak_backend = "compact")]
    {
        compact::keccak_p::<R>(state);
    }
    #[cfg(not(keccak_backend = "compact"))]
    {
        if with_avx512!(x86_avx512::try_keccak_p::<R>(state)) {
            return;
        }
        #[cfg(keccak_x86)]
        if x86_bmi::try_keccak_p::<R>(state) {
            return;
        }
        portable_out_of_line::<R>(state);
    }
}

/// Keccak-p\[1600, R\] on four independent states (AVX-512VL, else AVX2, else one by one).
#[inline]
pub(crate) fn permute_x4<const R: usize>(states: &mut [State1600; 4]) {
    if with_avx512!(x86_avx512::try_keccak_p_x4::<R>(states)) {
        return;
    }
    if with_avx2!(x86_avx2::try_keccak_p_x4::<R>(states)) {
        return;
    }
    for s in states.iter_mut() {
        permute::<R>(s);
    }
}

/// XORs the whole `rate`-byte blocks of four equal-length messages into four states, permuting
/// after each block.
#[inline]
pub(crate) fn absorb_x4<const R: usize>(
    states: &mut [State1600; 4],
    msgs: [&[u8]; 4],
    rate: usize,
) {
    if msgs[0].len() < rate {
        return;
    }
    if with_avx512!(x86_avx512::try_absorb_x4::<R>(states, msgs, rate)) {
        return;
    }
    if with_avx2!(x86_avx2::try_absorb_x4::<R>(states, msgs, rate)) {
        return;
    }
    absorb_x4_portable::<R>(states, msgs, rate);
}

/// [`absorb_x4`] with one state after another.
fn absorb_x4_portable<const R: usize>(states: &mut [State1600; 4], msgs: [&[u8]; 4], rate: usize) {
    let blocks = msgs[0].len() / rate;
    for b in 0..blocks {
        for k in 0..4 {
            crate::sponge::xor_block(&mut states[k], &msgs[k][b * rate..(b + 1) * rate]);
        }
        permute_x4::<R>(states);
    }
}

/// Whether [`permute_x4`] runs on SIMD.
pub(crate) fn has_x4() -> bool {
    x4_name() != "portable"
}

/// Name of the four-state backend in use.
pub(crate) fn x4_name() -> &'static str {
    if with_avx512!(x86_avx512::available()) {
        "x86_avx512"
    } else if with_avx2!(x86_avx2::available()) {
        "x86_avx2"
    } else {
        "portable"
    }
}

/// Testing aid: one named single-state backend (`"x86_avx512"`, `"x86_bmi"`), if compiled in and
/// supported by the CPU, permutes; `false` otherwise.
#[allow(unused_variables)] // the arguments when no backend is compiled in
pub(crate) fn x1_backend<const R: usize>(name: &str, state: &mut State1600) -> bool {
    match name {
        "x86_avx512" => with_avx512!(x86_avx512::try_keccak_p::<R>(state)),
        #[cfg(keccak_x86)]
        "x86_bmi" => x86_bmi::try_keccak_p::<R>(state),
        _ => false,
    }
}

/// Testing aid: one named four-state backend (`"x86_avx512"`, `"x86_avx2"`), if compiled in and
/// supported by the CPU, permutes (`msgs` empty) or absorbs (`msgs` given); `false` otherwise.
#[allow(unused_variables)] // the bindings of a backend that is not compiled in
pub(crate) fn x4_backend<const R: usize>(
    name: &str,
    states: &mut [State1600; 4],
    msgs: Option<([&[u8]; 4], usize)>,
) -> bool {
    match (name, msgs) {
        ("x86_avx512", None) => with_avx512!(x86_avx512::try_keccak_p_x4::<R>(states)),
        ("x86_avx512", Some((m, rate))) => {
            with_avx512!(x86_avx512::try_absorb_x4::<R>(states, m, rate))
        }
        ("x86_avx2", None) => with_avx2!(x86_avx2::try_keccak_p_x4::<R>(states)),
        ("x86_avx2", Some((m, rate))) => with_avx2!(x86_avx2::try_absorb_x4::<R>(states, m, rate)),
        _ => false,
    }
}

/// Name of the single-state backend in use.
pub(crate) fn name() -> &'static str {
    #[cfg(keccak_backend = "compact")]
    {
        "compact"
    }
    #[cfg(not(keccak_backend = "compact"))]
    {
        if with_avx512!(x86_avx512::available()) {
            return "x86_avx512";
        }
        #[cfg(keccak_x86)]
        if x86_bmi::available() {
            return "x86_bmi";
        }
        "portable"
    }
}

#[cfg(test)]
mod tests {
    /// The documented ways to force portable code (Miri, `--cfg lwc_force_portable`,
    /// `--cfg keccak_backend="portable"` / `"compact"`) leave no x86 backend; without them an x86
    /// CPU with BMI1/BMI2 gets one (CI runs the crate tests both ways).
    #[test]
    fn forcing_cfgs_are_honoured() {
        let forced = cfg!(any(
            miri,
            lwc_force_portable,
            keccak_backend = "portable",
            keccak_backend = "compact",
            not(any(target_arch = "x86", target_arch = "x86_64"))
        ));
        let expected = if cfg!(keccak_backend = "compact") {
            "compact"
        } else {
            "portable"
        };
        if forced {
            assert_eq!(super::name(), expected);
            assert_eq!(super::x4_name(), "portable");
            assert!(!super::has_x4());
        }
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if !forced {
            cpufeatures::new!(bmi, "bmi1", "bmi2");
            if bmi::get() {
                assert_ne!(super::name(), "portable", "x86 backends not compiled in");
            }
        }
    }
}
