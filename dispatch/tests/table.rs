//! The table a family crate writes, on a made-up family: what `backends!` makes from it.

/// The made-up family's job: a number the backend maps.
trait Job {
    type Output;
    fn run(self, name: &'static str) -> Self::Output;
}

struct Name;

impl Job for Name {
    type Output = &'static str;
    fn run(self, name: &'static str) -> &'static str {
        name
    }
}

mod portable {
    pub(super) fn run<J: super::Job>(_: super::tokens::Portable, job: J) -> J::Output {
        job.run("portable")
    }
}
mod never {
    pub(super) fn run<J: super::Job>(_: super::tokens::Never, job: J) -> J::Output {
        job.run("never")
    }
}
mod plain {
    pub(super) fn run<J: super::Job>(_: super::tokens::Plain, job: J) -> J::Output {
        job.run("plain")
    }
}
#[cfg(target_arch = "x86_64")]
mod x86_sse2 {
    pub(super) fn run<J: super::Job>(token: super::tokens::X86Sse2, job: J) -> J::Output {
        // The implied token converts.
        let _: super::tokens::Plain = token.into();
        job.run("x86_sse2")
    }
}

lwc_dispatch::backends! {
    /// The made-up family's backends.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum Backend {
        /// The fallback.
        Portable => portable, always;
        /// Supported, never picked by detection.
        Never => never, always if false;
        /// Supported and picked where nothing later is.
        Plain => plain, always;
        /// x86_64 (SSE2 is part of the target, so detection finds it).
        #[cfg(target_arch = "x86_64")]
        X86Sse2 => x86_sse2, cpu("sse2") implies(Plain);
    }
}

#[test]
fn the_table_makes_the_enum_its_names_and_its_order() {
    let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    let mut want = vec!["portable", "never", "plain"];
    if cfg!(target_arch = "x86_64") {
        want.push("x86_sse2");
    }
    assert_eq!(names, want);
    assert_eq!(Backend::Plain.to_string(), "plain");
    assert!(Backend::ALL.iter().all(|b| b.is_supported()));
    // The cache code of each backend is its discriminant plus one: distinct and never 0.
    let codes: Vec<u8> = Backend::ALL.iter().map(|&b| b as u8 + 1).collect();
    assert_eq!(codes, (1..=Backend::ALL.len() as u8).collect::<Vec<_>>());
}

#[test]
fn detection_picks_the_last_eligible_and_force_overrides_it() {
    // One test function: the choice is process-wide.
    let last = if cfg!(target_arch = "x86_64") {
        "x86_sse2"
    } else {
        "plain"
    };
    assert_eq!(dispatch(Name), last);
    assert_eq!(chosen().name(), last);
    assert!(force(Backend::Never), "a supported backend can be forced");
    assert_eq!(dispatch(Name), "never");
    assert_eq!(chosen(), Backend::Never);
    for &b in Backend::ALL {
        assert_eq!(dispatch_on(b, Name), Some(b.name()));
        assert!(force(b));
        assert_eq!(dispatch(Name), b.name());
    }
}
