"""Second opinion on trait impls the rustdoc JSON of our side does not show (.ci/public_api.py).

Rustdoc JSON leaves out some impls that exist: one written for an alias of a generic type's
instance (`impl KeyInit for Ascon128`, Ascon128 = AsconAead<Ascon128Params>, whose struct is not
public), and it can show only what its own crate wrote. So each trait impl the original has and
our JSON lacks is tried by the compiler: a probe crate, with our side as its dependency under the
original's name, holds one `has::<Type>()` per impl, `fn has<T: ?Sized + Trait>()`. A line that
compiles is an impl we have (the difference is dropped); an error on a line keeps it.

Types with generic parameters are not probed (no instance to name), nor traits of the crate
itself (`crate::...`: only their last path segment is known).
"""

import os
import re
import subprocess
from pathlib import Path

STD_PREFIX = "core::"
AUTO = {"Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe"}


def trait_expr(label: str, deps: dict):
    """Rust text naming the trait of an impl label (`aead@0.5::AeadInPlace`), adding the
    dependency it needs to `deps`; None when the trait cannot be named from outside."""
    neg = label.startswith("!")
    if neg or label.startswith("crate::"):
        return None
    if label in AUTO:
        return {"UnwindSafe": "::std::panic::UnwindSafe",
                "RefUnwindSafe": "::std::panic::RefUnwindSafe"}.get(label, "::core::marker::" + label)
    if label.startswith(STD_PREFIX):
        return "::" + label
    m = re.match(r"([A-Za-z0-9_]+)(?:@([0-9.]+))?::(.*)$", label)
    if not m:
        return None
    crate, ver, rest = m.groups()
    alias = f"{crate}_{ver.replace('.', '_')}" if ver else crate
    deps[alias] = (crate.replace("_", "-"), ver or "*")
    return f"::{alias}::{rest}"


def probe(work: Path, tag: str, crate: str, dep_line: str, missing: list, generic: set) -> set:
    """The (path, trait) pairs of `missing` the compiler says we lack (or could not try)."""
    deps, body, tried = {}, ["#![allow(unused, deprecated)]", ""], {}
    for path, trait in missing:
        expr = trait_expr(trait, deps)
        owner = path.split("::")[0]
        if expr is None or owner in generic or path in generic:
            continue
        i = len(tried)
        # Lines 2i+3 and 2i+4 (1-based): an error there is this impl's.
        body.append(f"fn has{i}<T: ?Sized + {expr}>() {{}}")
        body.append(f"pub fn p{i}() {{ has{i}::<::{crate.replace('-', '_')}::{path}>(); }}")
        tried[i] = (path, trait)
    if not tried:
        return set(missing)
    pkg = work / "probe" / tag
    (pkg / "src").mkdir(parents=True, exist_ok=True)
    dep_text = "\n".join(f'{a} = {{ package = "{p}", version = "{v}", default-features = false }}'
                         for a, (p, v) in sorted(deps.items()))
    (pkg / "Cargo.toml").write_text(
        '[package]\nname = "public-api-probe"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        f"[workspace]\n\n[dependencies]\n{dep_line}\n{dep_text}\n")
    (pkg / "src" / "lib.rs").write_text("\n".join(body) + "\n")
    env = dict(os.environ, CARGO_TARGET_DIR=str(work / "target" / f"probe-{tag}"))
    r = subprocess.run(["cargo", "check", "--quiet", "--message-format", "short",
                        "--manifest-path", str(pkg / "Cargo.toml")],
                       env=env, capture_output=True, text=True)
    bad_lines = {int(n) for n in re.findall(r"src/lib\.rs:(\d+):\d+: error", r.stderr)}
    if r.returncode != 0 and not bad_lines:  # the crate did not build at all: keep every one
        return set(missing)
    kept = {m for m in missing if m not in tried.values()}
    for i, m in tried.items():
        if {2 * i + 3, 2 * i + 4} & bad_lines:  # lines of `has{i}` and of its call (1-based)
            kept.add(m)
    return kept
