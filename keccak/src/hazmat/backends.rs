//! Permutation backends: `portable` first, SIMD ones chosen once at run time (`cpufeatures`).
//!
//! Run-time detection is compiled only on x86/x86_64 and is disabled (portable code only) under
//! Miri, `--cfg lwc_force_portable`, `--cfg keccak_backend="portable"` and
//! `--cfg keccak_backend="compact"`.

use super::State1600;

pub(crate) mod portable;

#[cfg(keccak_backend = "compact")]
pub(crate) mod compact;

#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    not(any(
        miri,
        lwc_force_portable,
        keccak_backend = "portable",
        keccak_backend = "compact"
    ))
))]
pub(crate) mod x86_bmi;

#[cfg(all(
    target_arch = "x86_64",
    not(any(
        miri,
        lwc_force_portable,
        keccak_backend = "portable",
        keccak_backend = "compact"
    ))
))]
pub(crate) mod x86_avx2;

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
        #[cfg(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            not(any(miri, lwc_force_portable, keccak_backend = "portable"))
        ))]
        if x86_bmi::try_keccak_p::<R>(state) {
            return;
        }
        portable_out_of_line::<R>(state);
    }
}

/// Keccak-p\[1600, R\] on four independent states.
#[inline]
pub(crate) fn permute_x4<const R: usize>(states: &mut [State1600; 4]) {
    #[cfg(all(
        target_arch = "x86_64",
        not(any(
            miri,
            lwc_force_portable,
            keccak_backend = "portable",
            keccak_backend = "compact"
        ))
    ))]
    if x86_avx2::try_keccak_p_x4::<R>(states) {
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
    #[cfg(all(
        target_arch = "x86_64",
        not(any(
            miri,
            lwc_force_portable,
            keccak_backend = "portable",
            keccak_backend = "compact"
        ))
    ))]
    if x86_avx2::try_absorb_x4::<R>(states, msgs, rate) {
        return;
    }
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
    #[cfg(all(
        target_arch = "x86_64",
        not(any(
            miri,
            lwc_force_portable,
            keccak_backend = "portable",
            keccak_backend = "compact"
        ))
    ))]
    {
        x86_avx2::available()
    }
    #[cfg(not(all(
        target_arch = "x86_64",
        not(any(
            miri,
            lwc_force_portable,
            keccak_backend = "portable",
            keccak_backend = "compact"
        ))
    )))]
    {
        false
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
        #[cfg(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            not(any(miri, lwc_force_portable, keccak_backend = "portable"))
        ))]
        if x86_bmi::available() {
            return "x86_bmi";
        }
        "portable"
    }
}
