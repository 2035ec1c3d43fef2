//! The backend table of the lwc-rs family crates (`lwc-keccak`, `lwc-ascon`, `lwc-sparkle`,
//! `lwc-lemac`): one dialect of run-time dispatch, written once.
//!
//! Each family crate lists its backends in one [`backends!`] table in its `hazmat/backends.rs`:
//! per backend its variant, its file (the module with its `run` entry point) and how the CPU is
//! asked for it (a [`cpufeatures`](https://docs.rs/cpufeatures) feature list, or `always` where the
//! build target guarantees it). The table makes everything else:
//!
//! * the public `Backend` enum (`#[repr(u8)]`), its `ALL` (the table's order is the order of
//!   preference: detection picks the last backend the CPU supports), `name()` (the file's name),
//!   `is_supported()` and `Display`;
//! * a module `tokens`: one zero-sized token type per backend, named as its variant, which only
//!   this module creates, and only after detection found the backend's features (so an entry point
//!   that takes a token cannot be reached on a CPU without them); `tokens::Chosen`, a backend with
//!   its token; the cached choice of the process (one `AtomicU8` holding `Backend as u8 + 1`, so a
//!   code cannot drift from its backend);
//! * `dispatch(job)` (the job on the backend of the process), `dispatch_on(backend, job)` (tests),
//!   `chosen()` and `force(backend)`.
//!
//! Adding a backend is its file (with `pub(super) fn run(token, job)`), its `mod` line, and its row
//! in the table (and, for a new target condition, its cfg alias in `build.rs`); the tests that
//! compare every backend with `portable` iterate `Backend::ALL` and pick it up by themselves.
//!
//! [`x86`] identifies the CPU's vendor and family (for choices that depend on the CPU model, which
//! each crate makes in one place of its `backends.rs`).

#![no_std]
#![deny(unsafe_code)]

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub mod x86;

/// What the [`backends!`] expansion names (not a public API).
#[doc(hidden)]
pub mod __private {
    pub use core;
    #[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
    pub use cpufeatures;
}

/// The backend table of a family crate: see the [crate docs](crate).
///
/// ```ignore
/// lwc_dispatch::backends! {
///     /// A backend: the code that runs the permutation.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
///     #[non_exhaustive]
///     pub enum Backend {
///         /// Plain Rust, compiled for the build target. Always available.
///         Portable => portable, always;
///         /// x86/x86_64 with BMI1 and BMI2.
///         #[cfg(family_x86)]
///         X86Bmi => x86_bmi, cpu("bmi1", "bmi2");
///         /// x86_64 with AVX-512F/VL (which include what `X86Bmi` needs, as its token says).
///         #[cfg(family_avx512)]
///         X86Avx512 => x86_avx512, cpu("avx512f", "avx512vl", "bmi1", "bmi2") implies(X86Bmi);
///         /// Bit-interleaved plain Rust: detection picks it only where the expression holds.
///         #[cfg(family_bi32)]
///         Bi32 => bi32, always if cfg!(family_bi32_default);
///     }
/// }
/// ```
///
/// The first row must be `Portable` (the fallback, without a cfg). Each row's module has an entry
/// point `pub(super) fn run<J: Job>(token: tokens::<Variant>, job: J) -> J::Output`, where `Job`
/// is the crate's job trait (in scope where the macro is invoked, with an associated `Output`).
/// `implies(A, B)` gives the row's token `From` conversions into the tokens of `A` and `B`:
/// write it only where the row's detected features include theirs.
#[macro_export]
macro_rules! backends {
    (
        $(#[$enum_attr:meta])*
        pub enum Backend {
            $(#[doc = $pdoc:expr])*
            Portable => $pmodule:ident, always;
            $(
                $(#[doc = $doc:expr])*
                $(#[cfg($cfg:meta)])?
                $variant:ident => $module:ident, $how:ident $( ( $($feature:tt),* ) )?
                    $( implies( $($implied:ident),+ ) )?
                    $( if $eligible:expr )?;
            )*
        }
    ) => {
        $(#[$enum_attr])*
        #[repr(u8)]
        pub enum Backend {
            $(#[doc = $pdoc])*
            Portable,
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                $variant,
            )*
        }

        impl Backend {
            /// Every backend compiled into this build, in ascending order of preference:
            /// `Portable` first; detection picks the last one this CPU supports (among those the
            /// build lets it pick).
            pub const ALL: &'static [Backend] = &[
                Backend::Portable,
                $( $(#[cfg($cfg)])? Backend::$variant, )*
            ];

            /// The lower-case name, the same as the backend's file in `src/hazmat/backends/`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    Backend::Portable => stringify!($pmodule),
                    $( $(#[cfg($cfg)])? Backend::$variant => stringify!($module), )*
                }
            }

            /// Whether this CPU can run it (run-time detection, cached; `Portable`: always true).
            #[must_use]
            pub fn is_supported(self) -> bool {
                tokens::token(self).is_some()
            }
        }

        impl $crate::__private::core::fmt::Display for Backend {
            fn fmt(
                &self,
                f: &mut $crate::__private::core::fmt::Formatter<'_>,
            ) -> $crate::__private::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        /// The tokens (one zero-sized proof per backend that this CPU runs it), the only code that
        /// creates them (run-time detection), and the cached choice of the process.
        pub(crate) mod tokens {
            use $crate::__private::core::sync::atomic::{AtomicU8, Ordering::Relaxed};

            use super::Backend;

            // The `cpufeatures` detector of each backend that asks the CPU (a module named as
            // the backend's file).
            $( $crate::__backend_cpuid!($(#[cfg($cfg)])? $module $how $( ( $($feature),* ) )?); )*

            /// Proof that this CPU runs `Portable` (every CPU does).
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct Portable(());

            $(
                #[doc = concat!("Proof that this CPU runs `", stringify!($variant), "`.")]
                $(#[cfg($cfg)])?
                #[derive(Clone, Copy, Debug)]
                pub(crate) struct $variant(());

                $crate::__backend_implies!($(#[cfg($cfg)])? $variant [$($($implied),+)?]);
            )*

            /// A backend with its token.
            #[derive(Clone, Copy, Debug)]
            pub(crate) enum Chosen {
                Portable(Portable),
                $( $(#[cfg($cfg)])? $variant($variant), )*
            }

            impl Chosen {
                /// The backend.
                #[inline(always)]
                pub(crate) fn backend(self) -> Backend {
                    match self {
                        Chosen::Portable(_) => Backend::Portable,
                        $( $(#[cfg($cfg)])? Chosen::$variant(_) => Backend::$variant, )*
                    }
                }
            }

            /// `backend` with its token, if this CPU supports it (each feature set detected once,
            /// then cached by `cpufeatures`).
            #[inline]
            pub(crate) fn token(backend: Backend) -> Option<Chosen> {
                match backend {
                    Backend::Portable => Some(Chosen::Portable(Portable(()))),
                    $(
                        $(#[cfg($cfg)])?
                        Backend::$variant => $crate::__backend_detected!($module $how)
                            .then_some(Chosen::$variant($variant(()))),
                    )*
                }
            }

            /// Whether detection may pick `backend` (a row's `if`; every backend without one).
            fn eligible(backend: Backend) -> bool {
                match backend {
                    Backend::Portable => true,
                    $( $(#[cfg($cfg)])? Backend::$variant => $crate::__backend_eligible!($($eligible)?), )*
                }
            }

            /// The backend of this process: 0 while not chosen yet, else `backend as u8 + 1`,
            /// stored only by [`choose`] and [`force`], each after [`token`] returned the backend.
            static CHOSEN: AtomicU8 = AtomicU8::new(0);

            /// The backend of this process with its token (detected on first use).
            #[inline(always)]
            pub(crate) fn chosen() -> Chosen {
                if Backend::ALL.len() == 1 {
                    // Only `Portable` is compiled in: nothing to choose.
                    return Chosen::Portable(Portable(()));
                }
                // Each code was stored only after detection found its backend (see `CHOSEN`).
                match CHOSEN.load(Relaxed) {
                    $(
                        $(#[cfg($cfg)])?
                        code if code == Backend::$variant as u8 + 1 => Chosen::$variant($variant(())),
                    )*
                    code if code == Backend::Portable as u8 + 1 => Chosen::Portable(Portable(())),
                    _ => choose(),
                }
            }

            /// First use: the last eligible backend of `Backend::ALL` this CPU supports.
            #[cold]
            #[inline(never)]
            fn choose() -> Chosen {
                let chosen = Backend::ALL
                    .iter()
                    .rev()
                    .filter(|&&b| eligible(b))
                    .find_map(|&b| token(b))
                    .unwrap_or(Chosen::Portable(Portable(())));
                CHOSEN.store(chosen.backend() as u8 + 1, Relaxed);
                chosen
            }

            /// Makes `backend` the backend of this process if this CPU supports it.
            pub(crate) fn force(backend: Backend) -> bool {
                match token(backend) {
                    Some(chosen) => {
                        CHOSEN.store(chosen.backend() as u8 + 1, Relaxed);
                        true
                    }
                    None => false,
                }
            }
        }

        /// Enters `chosen`'s backend (its file's `run`) with its token.
        #[inline(always)]
        fn run_on<J: Job>(chosen: tokens::Chosen, job: J) -> J::Output {
            match chosen {
                tokens::Chosen::Portable(token) => $pmodule::run(token, job),
                $( $(#[cfg($cfg)])? tokens::Chosen::$variant(token) => $module::run(token, job), )*
            }
        }

        /// Runs `job` on the backend of this process ([`crate::hazmat::backend`]).
        #[inline(always)]
        pub(crate) fn dispatch<J: Job>(job: J) -> J::Output {
            run_on(tokens::chosen(), job)
        }

        /// Runs `job` on `backend` if this CPU supports it (the tests compare every backend so).
        #[cfg(test)]
        pub(crate) fn dispatch_on<J: Job>(backend: Backend, job: J) -> Option<J::Output> {
            tokens::token(backend).map(|chosen| run_on(chosen, job))
        }

        /// The backend of this process (chosen on first use).
        pub(crate) fn chosen() -> Backend {
            tokens::chosen().backend()
        }

        /// Makes `backend` the backend of this process if this CPU supports it; returns whether
        /// it did.
        pub(crate) fn force(backend: Backend) -> bool {
            tokens::force(backend)
        }
    };
}

/// A `backends!` row's detector: a `cpufeatures` module named as the backend's file (`cpu(...)`),
/// or nothing (`always`).
#[doc(hidden)]
#[macro_export]
macro_rules! __backend_cpuid {
    ($(#[$cfg:meta])? $module:ident always) => {};
    ($(#[$cfg:meta])? $module:ident cpu ($($feature:tt),+)) => {
        $(#[$cfg])?
        $crate::__private::cpufeatures::new!($module, $($feature),+);
    };
}

/// A `backends!` row's `implies(...)`: `From` conversions of its token into the implied tokens,
/// one at a time.
#[doc(hidden)]
#[macro_export]
macro_rules! __backend_implies {
    ($(#[$cfg:meta])? $variant:ident []) => {};
    ($(#[$cfg:meta])? $variant:ident [$first:ident $(, $rest:ident)*]) => {
        $(#[$cfg])?
        impl From<$variant> for $first {
            #[inline(always)]
            fn from(_: $variant) -> $first {
                $first(())
            }
        }
        $crate::__backend_implies!($(#[$cfg])? $variant [$($rest),*]);
    };
}

/// A `backends!` row's detection: its `cpufeatures` module's cached answer, or `true` (`always`).
#[doc(hidden)]
#[macro_export]
macro_rules! __backend_detected {
    ($module:ident always) => {
        true
    };
    ($module:ident cpu) => {
        $module::get()
    };
}

/// A `backends!` row's eligibility: its `if` expression, else `true`.
#[doc(hidden)]
#[macro_export]
macro_rules! __backend_eligible {
    () => {
        true
    };
    ($eligible:expr) => {
        $eligible
    };
}
