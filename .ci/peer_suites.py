#!/usr/bin/env python3
"""The `peer-suites` CI stage: RustCrypto's own test suites, run unchanged against our crates.

For each pinned RustCrypto crate below, cargo downloads its published `.crate` file from the
registry; this script unpacks it and builds a package `peer-<crate>-<version>` in a generated
workspace (target/peer-suites/ws/peer-<crate>-<version>, a workspace of its own) that holds:
  * the crate's `tests/` (with `tests/data`), byte for byte, and its `[[test]]` targets;
  * `src/lib.rs` with only the crate's crate-level docs (its README through
    `#![doc = include_str!("../README.md")]` and the `//!` lines of its lib.rs) plus the code
    examples of the `///` docs in its lib.rs, so `cargo test` runs the README and lib.rs examples;
  * the dependency line a user would write, `<crate> = { package = "lwc-<family>", path = ... }`
    with our default features: the only change to the suite;
  * the crate's own dev-dependencies, and those of its normal dependencies its tests or docs name;
  * one feature per feature of the crate, forwarding to ours (`F = ["<crate>/F"]`, `default` as
    the crate's), so `#[cfg(feature = ...)]` in its tests means what it meant there, and a
    feature we lack fails the build.
Each suite runs with its default features and, if the crate has other features, once more with
all of them. A suite of an older line runs against its facade in compat/ (a package named as the
original crate), and then a second time as `patch-<crate>-<version>`: the dependency line exactly
the crate's own (`sha3 = "0.10.8"`, from the registry) and `[patch.crates-io]` pointing it at the
facade, as a user replaces a transitive dependency; `cargo tree` must show the facade in the graph. The script also checks that our default features include the crate's defaults (a
user who swaps the crate keeps every default item). The workspace starts from the main
Cargo.lock, so shared dependencies resolve to the same versions, and builds in the main target
directory (one shared target dir), in release (see below).

Usage: python3 .ci/peer_suites.py [CRATE | CRATE=VERSION ...]     (default: every suite below)
       LWC_ROOT=/path/to/checkout python3 .ci/peer_suites.py ...   (test another checkout)

To add a suite, or move one to a version RustCrypto has published: edit SUITES (crate, exact
version, our family crate's folder). Nothing else is needed; the test files come from the registry.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

# (published crate, exact version, our folder). The folder is a family crate (`keccak`: the
# dependency line renames `lwc-keccak`) or a facade under compat/ (`compat/sha3-0.10`: a package
# named as the original, so the line is a plain path dependency, and the suite runs a second time
# through `[patch.crates-io]`, the dependency line left exactly as the crate's own).
SUITES = [
    ("sha3", "0.12.0", "keccak"),
    ("shake", "0.1.0", "keccak"),
    ("cshake", "0.2.1", "keccak"),
    ("turboshake", "0.7.1", "keccak"),
    ("k12", "0.5.1", "keccak"),
    ("ascon-hash256", "0.1.0", "ascon"),
    ("ascon-xof128", "0.2.1", "ascon"),
    ("ascon-aead128", "0.1.1", "ascon"),
]
# Older lines, through the facades of compat/ (compat/README.md).
SUITES += [
    ("sha3", "0.10.8", "compat/sha3-0.10"),
    ("sha3", "0.10.9", "compat/sha3-0.10"),
    ("sha3", "0.11.0", "compat/sha3-0.11"),
    ("k12", "0.3.0", "compat/k12-0.3"),
    ("ascon", "0.4.0", "compat/ascon-0.4"),
    ("ascon-hash", "0.2.0", "compat/ascon-hash-0.2"),
    ("ascon-hash", "0.2.1", "compat/ascon-hash-0.2"),
    ("ascon-aead", "0.4.4", "compat/ascon-aead-0.4"),
    ("tiny-keccak", "2.0.2", "compat/tiny-keccak-2"),
    # The newest lines under their own names, for a dependency of a dependency (ml-kem's).
    ("sha3", "0.12.0", "compat/sha3-0.12"),
    ("shake", "0.1.0", "compat/shake-0.1"),
    ("keccak", "0.1.6", "compat/keccak-0.1"),
    ("keccak", "0.2.2", "compat/keccak-0.2"),
]
# Published crates that depend on a line we claim, each built and tested as released (its own
# Cargo.lock) with our facades patched in through [patch.crates-io]: (crate, exact version,
# {dependency: facade folder}). Their `wycheproof` tests read a git submodule that the published
# package does not ship (they fail the same way without our facades), so those targets are left
# out; every other test target runs.
DEPENDENTS = [
    ("ml-kem", "0.2.3", {"sha3": "compat/sha3-0.10"}),
    ("ml-kem", "0.3.4", {"sha3": "compat/sha3-0.12", "shake": "compat/shake-0.1"}),
    ("ml-dsa", "0.1.2", {"shake": "compat/shake-0.1"}),
]
DEPENDENT_TESTS_WITHOUT_DATA = {"wycheproof"}
# Features that build only on a nightly compiler (`#![feature(...)]` in the crate, and in the
# crate's own tests): left out of the all-features run, which lists the other features instead.
# The facade's own tests cover them (`cargo +nightly test --features simd` in compat/keccak-0.1).
NIGHTLY_FEATURES = {
    ("keccak", "0.1.6"): {"simd"},
}

# LWC_ROOT: the checkout whose crates are tested (default: the one holding this script).
ROOT = Path(os.environ.get("LWC_ROOT") or Path(__file__).resolve().parent.parent).resolve()
WORK = ROOT / "target" / "peer-suites"


def run(cmd, **kw):
    print("+ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, **kw)


def toml_value(v):
    """A TOML literal for the values Cargo.toml tables hold (strings, bools, lists, tables)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def fetch(suites):
    """Downloads the pinned .crate files through cargo and unpacks each; returns {(crate, version): dir}.

    Two versions of one crate line (sha3 0.10.8 and 0.10.9) cannot sit in one dependency graph, so
    the suites are fetched in groups, each holding a crate name at most once."""
    groups = []
    for suite in suites:
        group = next((g for g in groups if suite[0] not in {s[0] for s in g}), None)
        if group is None:
            groups.append(group := [])
        group.append(suite)
    for i, group in enumerate(groups):
        fetcher = WORK / f"fetch-{i}"
        (fetcher / "src").mkdir(parents=True, exist_ok=True)
        (fetcher / "src" / "lib.rs").write_text("")
        deps = "\n".join(f'{name.replace("-", "_")}_{ver.replace(".", "_")} = '
                         f'{{ package = "{name}", version = "={ver}" }}' for name, ver, _ in group)
        (fetcher / "Cargo.toml").write_text(
            '[package]\nname = "peer-suites-fetch"\nversion = "0.0.0"\nedition = "2021"\n'
            f"publish = false\n\n[workspace]\n\n[dependencies]\n{deps}\n"
        )
        if run(["cargo", "fetch", "--manifest-path", fetcher / "Cargo.toml"]).returncode != 0:
            sys.exit("peer-suites: cargo fetch failed")
    cargo_home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    out = {}
    for name, ver, _ in suites:
        found = sorted(cargo_home.glob(f"registry/cache/*/{name}-{ver}.crate"))
        if not found:
            sys.exit(f"peer-suites: {name}-{ver}.crate not in {cargo_home}/registry/cache")
        dest = WORK / "src"
        shutil.rmtree(dest / f"{name}-{ver}", ignore_errors=True)
        with tarfile.open(found[0]) as tar:
            tar.extractall(dest, filter="data")
        out[(name, ver)] = dest / f"{name}-{ver}"
    return out


def is_doc_attr(attr: str) -> bool:
    """The inner attributes that are crate docs: `#![doc = include_str!("../README.md")]` and
    `#![cfg_attr(<features>, doc = "...")]` (e.g. a code fence that is `ignore` without a
    feature); not `#![doc(html_logo_url = ...)]`."""
    return bool(
        re.fullmatch(r'#!\[doc\s*=\s*include_str!\("\.\./README\.md"\)\]', attr)
        or re.fullmatch(r"#!\[cfg_attr\(.*,\s*doc\s*=\s*\".*\"\s*,?\s*\)\]", attr)
    )


def crate_docs(lib_rs: str) -> str:
    """The crate-level docs of a lib.rs, plus the code examples of its item (`///`) docs."""
    keep, attr = [], None
    for line in lib_rs.splitlines():
        s = line.strip()
        if attr is not None:  # an inner attribute spanning lines: keep collecting it
            attr.append(s)
            text = " ".join(attr)
            if text.count("[") == text.count("]"):
                if is_doc_attr(text):
                    keep.append(text)
                attr = None
        elif s.startswith("//!"):
            keep.append(s)
        elif s.startswith("#!["):
            if s.count("[") == s.count("]"):
                if is_doc_attr(s):
                    keep.append(s)
            else:
                attr = [s]
    # Code blocks of `///` comments, appended as crate-level doc examples.
    block, fence = [], None
    for line in lib_rs.splitlines():
        s = line.strip()
        if not s.startswith("///"):
            fence = None
            block = []
            continue
        text = s[3:][1:] if s[3:].startswith(" ") else s[3:]
        if fence is None and text.startswith("```"):
            fence, block = text, [text]
        elif fence is not None:
            block.append(text)
            if text.startswith("```"):
                keep.append("//!")
                keep.extend("//! " + t if t else "//!" for t in block)
                fence, block = None, []
    return "\n".join(keep) + "\n"


def is_facade(folder):
    """A facade of compat/ (a package named as the crate it stands in for), not a family crate."""
    return folder.startswith("compat/")


def ways(name, ver, folder):
    """How a suite runs: `False` renamed / as a path dependency, `True` through
    `[patch.crates-io]`. A facade runs both ways, except a facade of a line that a family crate
    serves by renaming (sha3 0.12, shake 0.1): its renamed run is the family crate's, so only the
    patch way is its own."""
    if not is_facade(folder):
        return [False]
    if any(n == name and v == ver and not is_facade(f) for n, v, f in SUITES):
        return [True]
    return [False, True]


def suite_key(name, ver, patch=False):
    """The generated package's name: `peer-sha3-0_10_8`, `patch-sha3-0_10_8`."""
    return f"{'patch' if patch else 'peer'}-{name}-{ver.replace('.', '_')}"


def lib_name(manifest, name):
    return manifest.get("lib", {}).get("name", name.replace("-", "_"))


def lib_unit_tests(lib_rs: str, crate: str) -> str:
    """For a crate without a tests/ folder: the `#[cfg(test)] mod ... { }` of its lib.rs as an
    integration test, its `crate::` and `super::` paths read as `<crate>::` (what they named)."""
    lines = lib_rs.splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.strip() == "#[cfg(test)]" and re.match(r"mod \w+ \{$", lines[i + 1]):
            end = next(j for j in range(i + 2, len(lines)) if lines[j] == "}")
            body = "\n".join(lines[i + 1 : end + 1])
            body = re.sub(r"\b(crate|super)::", f"{crate}::", body)
            return ("// Generated by .ci/peer_suites.py: the unit tests of the crate's src/lib.rs,\n"
                    f"// `crate::` and `super::` read as `{crate}::`.\n" + body + "\n")
    return ""


def generate(suites, sources, patch=False):
    """Writes the peer packages (with `patch`, the `[patch.crates-io]` ones); returns their names."""
    ws = WORK / "ws"
    ws.mkdir(parents=True, exist_ok=True)
    members = []
    for name, ver, family in suites:
        src = sources[(name, ver)]
        manifest = tomllib.loads((src / "Cargo.toml").read_text())
        pkg = suite_key(name, ver, patch)
        shutil.rmtree(ws / pkg, ignore_errors=True)
        dst = ws / pkg
        if (src / "tests").is_dir():
            shutil.copytree(src / "tests", dst / "tests")
        else:
            (dst / "tests").mkdir(parents=True)
            unit = lib_unit_tests((src / "src" / "lib.rs").read_text(), lib_name(manifest, name))
            if unit:
                (dst / "tests" / "lib_unit.rs").write_text(unit)
        if (src / "README.md").exists():
            shutil.copy(src / "README.md", dst / "README.md")
        (dst / "src").mkdir()
        (dst / "src" / "lib.rs").write_text(
            f"// Generated by .ci/peer_suites.py: the crate docs of {name} {ver}.\n"
            + crate_docs((src / "src" / "lib.rs").read_text())
        )
        text_used = "\n".join(p.read_text(errors="replace") for p in (dst / "tests").rglob("*.rs"))
        text_used += (dst / "src" / "lib.rs").read_text()
        text_used += (dst / "README.md").read_text() if (dst / "README.md").exists() else ""

        lines = [
            "[package]",
            f'name = "{pkg}"',
            'version = "0.0.0"',
            f'edition = "{manifest["package"].get("edition", "2021")}"',
            "publish = false",
            "autotests = false",
            "autobenches = false",
            "autoexamples = false",
            "autobins = false",
            "",
            "[lib]",
            'path = "src/lib.rs"',
            "",
        ]
        # Crates packaged before cargo listed the test targets in the manifest: one per file.
        tests = manifest.get("test") or [
            {"name": f.stem, "path": f"tests/{f.name}"} for f in sorted((dst / "tests").glob("*.rs"))
        ]
        for t in tests:
            lines += ["[[test]]"] + [f"{k} = {toml_value(v)}" for k, v in t.items()] + [""]
        lines += ["[dependencies]"]
        if patch:
            # The user's line as written for that release (a caret requirement): the facade, at
            # the line's newest version, must match it for cargo to use the patch.
            lines.append(f'{name} = "{ver}"')
        elif is_facade(family):
            lines.append(f"{name} = {{ path = {json.dumps(str(ROOT / family))} }}")
        else:
            lines.append(
                f'{name} = {{ package = "lwc-{family}", path = {json.dumps(str(ROOT / family))} }}'
            )
        dev = dict(manifest.get("dev-dependencies", {}))
        for dep, spec in manifest.get("dependencies", {}).items():
            if dep in dev:
                continue
            crate_name = (spec.get("package", dep) if isinstance(spec, dict) else dep).replace("-", "_")
            if re.search(rf"\b{re.escape(crate_name)}::", text_used):
                dev[dep] = spec
        lines += ["", "[dev-dependencies]"]
        for dep, spec in dev.items():
            if isinstance(spec, dict):
                spec = {k: v for k, v in spec.items() if k != "optional"}
            lines.append(f"{json.dumps(dep)} = {toml_value(spec)}")
        lines += ["", "[features]"]
        features = manifest.get("features", {})
        for feat in features:
            if feat == "default":
                # `dep:x` in a default list enables an optional dependency the suite does not have.
                default = [f for f in features["default"] if not f.startswith("dep:")]
                lines.append(f"default = {toml_value(default)}")
            else:
                lines.append(f'{json.dumps(feat)} = ["{name}/{feat}"]')
        # Each suite is a workspace of its own (a feature one suite lacks must not stop the
        # others from resolving), all building into the one shared target directory.
        lines += ["", "[workspace]"]
        if patch:
            lines += ["", "[patch.crates-io]", f"{name} = {{ path = {json.dumps(str(ROOT / family))} }}"]
        (dst / "Cargo.toml").write_text(
            "# Generated by .ci/peer_suites.py\n" + "\n".join(lines) + "\n"
        )
        # Through [patch], the crate's own published lock where it ships one (the graph a user
        # of that release has), else the main one; run_suite then takes the facade on with the
        # one `cargo update -p <crate>` cargo's warning asks for.
        own_lock = src / "Cargo.lock"
        shutil.copy(own_lock if patch and own_lock.exists() else ROOT / "Cargo.lock", dst / "Cargo.lock")
        members.append(pkg)
    return members


def our_defaults(family):
    """The features our crate's default feature set turns on (transitively, within the crate)."""
    manifest = tomllib.loads((ROOT / family / "Cargo.toml").read_text())
    feats = manifest.get("features", {})
    on, todo = set(), list(feats.get("default", []))
    while todo:
        f = todo.pop()
        if f in on or "/" in f or f.startswith("dep:"):
            continue
        on.add(f)
        todo.extend(feats.get(f, []))
    return on


def test_counts(output):
    passed = sum(int(m) for m in re.findall(r"test result: \w+\. (\d+) passed", output))
    failed = sum(int(m) for m in re.findall(r"(\d+) failed;", output))
    return passed, failed


def take_on_lock(toml, patches, env):
    """Makes a locked graph use the facades of `patches` ({crate: folder}) as a user would: where
    cargo warns that a patch was not used (the lock holds the original), one `cargo update -p
    <crate>` per patched crate, nothing else; then each facade must be in the graph. Returns the
    problems."""
    def tree():
        p = run(["cargo", "tree", "--manifest-path", toml, "-e", "normal", "--depth", "1"],
                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        sys.stdout.write(p.stdout)
        return p
    p = tree()
    if p.returncode == 0 and "was not used" in p.stdout:
        for crate in patches:
            u = run(["cargo", "update", "--manifest-path", toml, "-p", crate], env=env)
            if u.returncode != 0:
                return [f"cargo update -p {crate} cannot take the facade into the locked graph"]
        p = tree()
    problems = []
    for crate, folder in patches.items():
        if p.returncode != 0 or str(ROOT / folder) not in p.stdout or "was not used" in p.stdout:
            problems.append(f"[patch.crates-io] {crate} -> {folder} not used")
    return problems


def run_suite(name, ver, family, manifest, patch, env):
    """Runs one generated package's tests; returns (passed count, [count texts], [problems])."""
    features = manifest.get("features", {})
    problems = []
    configs = [[]]
    if set(features) - {"default"} - set(features.get("default", [])):
        nightly = NIGHTLY_FEATURES.get((name, ver), set())
        if nightly:
            stable = sorted(set(features) - {"default"} - nightly)
            configs.append(["--features", ",".join(stable)])
        else:
            configs.append(["--all-features"])
    if patch:
        # Through [patch], one run: with every (stable) feature where the crate has more, as the
        # most of its tests run there; the renamed runs above covered the defaults.
        configs = configs[-1:]
    toml = WORK / "ws" / suite_key(name, ver, patch) / "Cargo.toml"
    passed, counts = 0, []
    if patch:
        problems += take_on_lock(toml, {name: family}, env)
    for extra in configs:
        # --release: turboshake's tests feed about 24 MB in 1-16-byte pieces, minutes in a
        # debug build (RustCrypto's own crate takes longer still).
        cmd = ["cargo", "test", "--release", "--manifest-path", toml] + extra
        p = run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        sys.stdout.write(p.stdout)
        np, nf = test_counts(p.stdout)
        passed += np
        what = ("patched, " if patch else "") + (
            "all features" if extra == ["--all-features"]
            else f"features {extra[1]}" if extra else "default features")
        counts.append(f"{what} {np} passed, {nf} failed")
        if p.returncode != 0:
            problems.append(f"cargo test ({what}) failed" + ("" if np or nf else " to build"))
        if "was not used in the crate graph" in p.stdout:
            problems.append(f"cargo test ({what}): a patch was not used")
    if passed == 0:
        problems.append("no test ran" + (" (patched)" if patch else ""))
    return passed, counts, problems


def run_dependents(dependents, env):
    """Each dependent as published, its own lock, the facades patched in (take_on_lock), then its
    own tests in release; returns (result lines, number failed)."""
    sources = fetch([(name, ver, "") for name, ver, _ in dependents])
    results, bad = [], 0
    for name, ver, patches in dependents:
        dst = WORK / "dependents" / f"{name}-{ver}"
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(sources[(name, ver)], dst)
        toml = dst / "Cargo.toml"
        lines = ["", "[workspace]", "", "[patch.crates-io]"]
        lines += [f"{c} = {{ path = {json.dumps(str(ROOT / f))} }}" for c, f in patches.items()]
        toml.write_text(toml.read_text() + "\n".join(lines) + "\n")
        problems = [] if (dst / "Cargo.lock").exists() else ["no Cargo.lock in the package"]
        problems += take_on_lock(toml, patches, env)
        manifest = tomllib.loads(toml.read_text())
        targets = [t["name"] for t in manifest.get("test", [])] or [
            f.stem for f in sorted((dst / "tests").glob("*.rs"))]
        chosen = [a for t in targets if t not in DEPENDENT_TESTS_WITHOUT_DATA for a in ("--test", t)]
        p = run(["cargo", "test", "--release", "--manifest-path", toml, "--lib"] + chosen,
                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        sys.stdout.write(p.stdout)
        np, nf = test_counts(p.stdout)
        if p.returncode != 0 or np == 0:
            problems.append(f"cargo test: {np} passed, {nf} failed, exit {p.returncode}")
        bad += bool(problems)
        via = ", ".join(f"{c} -> {f}" for c, f in patches.items())
        results.append(f"{name} {ver} (its own lock; {via}): {np} passed, {nf} failed"
                       + (f"; FAILED: {'; '.join(problems)}" if problems else ""))
    return results, bad


def main():
    # Arguments: crate names (every version of each) or name=version.
    wanted = sys.argv[1:]
    suites = [s for s in SUITES
              if not wanted or s[0] in wanted or f"{s[0]}={s[1]}" in wanted]
    known = {s[0] for s in SUITES} | {f"{s[0]}={s[1]}" for s in SUITES} | {d[0] for d in DEPENDENTS}
    if set(wanted) - known:
        sys.exit(f"peer-suites: unknown suite in {wanted}; known: {sorted(known)}")
    t0 = time.time()
    sources = fetch(suites)
    shutil.rmtree(WORK / "ws", ignore_errors=True)
    generate([s for s in suites if False in ways(*s)], sources)
    generate([s for s in suites if True in ways(*s)], sources, patch=True)
    env = dict(os.environ, CARGO_TARGET_DIR=str(ROOT / "target"))
    env.pop("RUSTFLAGS", None)
    results, bad = [], 0
    for name, ver, family in suites:
        manifest = tomllib.loads((sources[(name, ver)] / "Cargo.toml").read_text())
        features = manifest.get("features", {})
        problems, counts = [], []
        defaults = {f for f in features.get("default", []) if not f.startswith("dep:")}
        missing = sorted(defaults - our_defaults(family))
        if missing:
            problems.append(f"our default features lack {missing} (default in {name})")
        for patch in ways(name, ver, family):
            _, c, p = run_suite(name, ver, family, manifest, patch, env)
            counts += c
            problems += p
        bad += bool(problems)
        target = family if is_facade(family) else f"lwc-{family}"
        results.append(f"{name} {ver} (-> {target}): {', '.join(counts)}"
                       + (f"; FAILED: {'; '.join(problems)}" if problems else ""))
    dependents = [d for d in DEPENDENTS if not wanted or d[0] in wanted]
    dep_results, dep_bad = run_dependents(dependents, env) if dependents else ([], 0)
    print(f"\npeer suites ({time.time() - t0:.0f} s):")
    for r in results:
        print("  " + r)
    print(f"{len(suites) - bad} of {len(suites)} suites pass unchanged")
    for r in dep_results:
        print("  dependent " + r)
    print(f"{len(dependents) - dep_bad} of {len(dependents)} dependents pass with the facades patched in")
    sys.exit(1 if bad or dep_bad else 0)


if __name__ == "__main__":
    main()
