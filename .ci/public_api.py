#!/usr/bin/env python3
"""The `public-api` check: each claimed line's public API, the original's against ours.

For every (crate, version, folder) of peer_suites.SUITES this script
  * unpacks the published crate (peer_suites.fetch), copies it to target/public-api/orig/ with a
    `[workspace]` of its own, and has a nightly rustdoc write its JSON (all features but the
    nightly-only ones of peer_suites.NIGHTLY_FEATURES);
  * does the same for our side: the facade (compat/<line>, plus the JSON of the family crates it
    re-exports, documented in the facade's own graph and features) or the family crate with all
    features (the main workspace);
  * reads both into a flat model (public_api_model.py): every public path reachable from the
    root, `pub use` followed, with its kind, a normalized signature, and a type's trait impls;
  * compares: each path of the original must be ours with the same kind and signature, and each
    trait impl of an original type (and each type an original trait is implemented for) ours
    too. Extra items of ours are fine. A trait impl our JSON does not show is then tried by the
    compiler (public_api_probe.py) before it counts as missing.
Each build has a target folder of its own under target/public-api/target/ (about 90 MB each).
A difference listed in .ci/public_api_allow.toml (with its reason) is reported but passes; every
allowlisted entry must name an item or reason found in the migration tables (README.md,
compat/README.md, compat/*/README.md). Exit status 1 on any other difference.

Usage: python3 .ci/public_api.py [CRATE | CRATE=VERSION ...]   (default: every line)
       PUBLIC_API_NIGHTLY=nightly-2026-05-19 python3 .ci/public_api.py   (the toolchain; default nightly)
"""

import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import peer_suites  # noqa: E402
import public_api_probe  # noqa: E402
from public_api_model import Doc, load_model  # noqa: E402

ROOT = peer_suites.ROOT
WORK = ROOT / "target" / "public-api"
ALLOW = ROOT / ".ci" / "public_api_allow.toml"
NIGHTLY = "+" + os.environ.get("PUBLIC_API_NIGHTLY", "nightly")
FAMILIES = {"keccak": "lwc-keccak", "ascon": "lwc-ascon"}
JSON_FLAGS = ["--", "-Z", "unstable-options", "--output-format", "json"]


class BuildFailed(Exception):
    """A rustdoc run that failed: the line is reported as failed, the others still run."""


def features_flags(manifest: Path, excluded: set) -> list:
    """`--all-features`, or the list of features that neither are nor enable an excluded one."""
    if not excluded:
        return ["--all-features"]
    keep = feature_list(manifest, excluded)
    return ["--features", ",".join(keep)] if keep else []


def feature_list(manifest: Path, excluded: set) -> list:
    feats = tomllib.loads(manifest.read_text()).get("features", {})
    bad = set(excluded)
    while True:  # a feature enabling an excluded one is excluded too
        more = {f for f, deps in feats.items() if f not in bad and any(d in bad for d in deps)}
        if not more:
            break
        bad |= more
    return sorted(f for f in feats if f not in bad and f != "default")


def rustdoc(manifest: Path, target: Path, package: str | None, flags: list, whole_graph=False) -> None:
    env = dict(os.environ, CARGO_TARGET_DIR=str(target), RUSTDOCFLAGS="")
    if whole_graph:
        cmd = ["cargo", NIGHTLY, "doc", "--quiet", "--manifest-path", str(manifest), "--lib"] + flags
        env["RUSTDOCFLAGS"] = " ".join(JSON_FLAGS[1:])
    else:
        cmd = ["cargo", NIGHTLY, "rustdoc", "--quiet", "--manifest-path", str(manifest), "--lib"]
        cmd += (["-p", package] if package else []) + flags + JSON_FLAGS
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error")]
        sys.stderr.write("\n".join(errors[:8] or r.stderr.splitlines()[-20:]) + "\n")
        raise BuildFailed(" ".join(cmd))


def doc_json(target: Path, package: str, dest: Path) -> Path:
    src = target / "doc" / (package.replace("-", "_") + ".json")
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)
    return dest


def original_json(name: str, ver: str, src: Path) -> Path:
    """The published crate's JSON, built from a standalone copy of it."""
    dest = WORK / "json" / f"orig-{name}-{ver}.json"
    scratch = WORK / "orig" / f"{name}-{ver}"
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(src, scratch)
    manifest = scratch / "Cargo.toml"
    text = manifest.read_text()
    if "\n[workspace]" not in "\n" + text:
        manifest.write_text(text + "\n[workspace]\n")
    flags = features_flags(manifest, peer_suites.NIGHTLY_FEATURES.get((name, ver), set()))
    # One target folder per line: cargo keeps one `doc/<crate>.json` per folder, and a build it
    # finds fresh does not write it again (so two lines sharing a folder could read each other's).
    target = WORK / "target" / f"orig-{name}-{ver}"
    rustdoc(manifest, target, None, flags)
    return doc_json(target, name, dest)


_ours_cache: dict = {}


def our_json(folder: str, excluded: set):
    """(main JSON, [family crates' JSON], family crate names) of our side of a line."""
    key = (folder, tuple(sorted(excluded)))
    if key in _ours_cache:
        return _ours_cache[key]
    tag = folder.replace("/", "-")
    target = WORK / "target" / f"ours-{tag}"
    if folder in FAMILIES:  # a family crate, all features, from the main workspace
        pkg = FAMILIES[folder]
        manifest = ROOT / folder / "Cargo.toml"
        rustdoc(ROOT / "Cargo.toml", target, pkg, features_flags(manifest, set()))
        out = (doc_json(target, pkg, WORK / "json" / f"ours-{tag}.json"), [], {pkg.replace("-", "_")})
    else:  # a facade: its JSON, then that of each family crate it depends on, same features
        manifest = ROOT / folder / "Cargo.toml"
        meta = tomllib.loads(manifest.read_text())
        flags = features_flags(manifest, excluded)
        # `cargo doc` (not `rustdoc -p`: features cannot be given to a dependency) documents the
        # whole graph with the facade's features, so the family crates' JSON is there too.
        rustdoc(manifest, target, None, flags, whole_graph=True)
        main = doc_json(target, meta["package"]["name"], WORK / "json" / f"ours-{tag}.json")
        extra = [doc_json(target, dep, WORK / "json" / f"ours-{tag}-{dep}.json")
                 for dep in meta.get("dependencies", {}) if dep in FAMILIES.values()]
        out = (main, extra, {d.replace("-", "_") for d in FAMILIES.values()})
    _ours_cache[key] = out
    return out


def compare(orig: dict, ours: dict):
    """(differences, items compared, impls compared); a difference is (path, what, detail)."""
    diffs, n_items, n_impls = [], 0, 0
    for path, a in sorted(orig.items()):
        n_items += 1
        b = ours.get(path)
        if b is None:
            diffs.append((path, "missing", a.kind))
            continue
        if a.kind != b.kind and {a.kind, b.kind} != {"method", "function"}:
            # A struct and our alias of a struct: different kinds, their trait impls compared.
            diffs.append((path, "kind", f"{a.kind} -> {b.kind}"))
        elif a.sig is not None and b.sig is not None and a.sig != b.sig:
            diffs.append((path, "signature", f"`{a.sig}` -> `{b.sig}`"))
        for imp in sorted(a.impls or ()):
            n_impls += 1
            if b.impls is not None and imp not in b.impls:
                diffs.append((path, "impl", imp))
    return diffs, n_items, n_impls


def confirm_impls(crate: str, folder: str, excluded: set, orig: dict, diffs: list) -> list:
    """Drops the impl differences the compiler finds we do have (public_api_probe.py)."""
    missing = [(d[0], d[2]) for d in diffs if d[1] == "impl"]
    if not missing:
        return diffs
    manifest = ROOT / folder / "Cargo.toml"
    feats = ", ".join(f'"{f}"' for f in feature_list(manifest, excluded))
    pkg = f'package = "{FAMILIES[folder]}", ' if folder in FAMILIES else ""
    dep_line = f'{crate} = {{ {pkg}path = "{ROOT / folder}", features = [{feats}] }}'
    generic = {p for p, i in orig.items() if i.kind in ("struct", "enum", "union", "trait")
               and i.sig and "<" in i.sig}
    tag = f"{crate}-{folder.replace('/', '-')}"
    kept = public_api_probe.probe(WORK, tag, crate, dep_line, missing, generic)
    return [d for d in diffs if d[1] != "impl" or (d[0], d[2]) in kept]


def load_allow() -> list:
    if not ALLOW.exists():
        return []
    return tomllib.loads(ALLOW.read_text()).get("allow", [])


def allowed(allow: list, crate: str, ver: str, d) -> dict | None:
    """The allowlist entry covering difference `d` of crate@ver, if any. An entry's `line` is
    `crate` or `crate@version`; `path` an item path (a trailing `*` matches a prefix); `what` one
    of missing/kind/signature/impl (any if left out); `impl` the trait, for `what = "impl"`;
    `detail` the exact detail printed for the other kinds (any if left out)."""
    path, what, detail = d
    for e in allow:
        line = e.get("line", "")
        if line not in (crate, f"{crate}@{ver}"):
            continue
        p = e.get("path", "*")
        if not (p == path or (p.endswith("*") and path.startswith(p[:-1]))):
            continue
        if e.get("what", what) != what:
            continue
        if what == "impl" and e.get("impl", detail) != detail:
            continue
        if what != "impl" and e.get("detail", detail) != detail:
            continue
        return e
    return None


def migration_text() -> str:
    parts = [ROOT / "README.md", ROOT / "compat" / "README.md", *sorted((ROOT / "compat").glob("*/README.md"))]
    return "\n".join(p.read_text() for p in parts if p.exists())


def main(argv):
    suites = peer_suites.SUITES
    if argv:
        pick = [a.split("=", 1) for a in argv]
        suites = [s for s in suites if any(s[0] == p[0] and (len(p) == 1 or s[1] == p[1]) for p in pick)]
        if not suites:
            sys.exit(f"public-api: no line matches {argv}")
    t0 = time.time()
    # Unpack into our own folder, not the one a peer-suites run may be using at the same time.
    peer_suites.WORK = WORK / "fetch"
    sources = peer_suites.fetch(suites)
    allow, used = load_allow(), set()
    total_items = total_impls = total_diffs = total_allowed = 0
    failed = []
    for name, ver, folder in suites:
        excluded = peer_suites.NIGHTLY_FEATURES.get((name, ver), set())
        try:
            orig_json = original_json(name, ver, sources[(name, ver)])
            main_json, extra, fams = our_json(folder, excluded)
        except BuildFailed as e:
            print(f"== {name} {ver} vs {folder}: BUILD FAILED ({e})", flush=True)
            failed.append((name, ver, ("", "build", str(e))))
            continue
        orig = load_model(orig_json, [], set())
        ours = load_model(main_json, extra, fams)
        diffs, n_items, n_impls = compare(orig, ours)
        diffs = confirm_impls(name, folder, excluded, orig, diffs)
        total_items += n_items
        total_impls += n_impls
        fmt, fmt_ours = Doc(orig_json).format, Doc(main_json).format
        if fmt != fmt_ours:  # one toolchain writes both; a mismatch means a stale JSON file
            print(f"   warning: rustdoc JSON format {fmt} (original) vs {fmt_ours} (ours)")
        print(f"== {name} {ver} vs {folder} (format {fmt}): {n_items} items, {n_impls} impls, "
              f"{len(diffs)} differences", flush=True)
        for d in diffs:
            e = allowed(allow, name, ver, d)
            total_diffs += 1
            if e is not None:
                total_allowed += 1
                used.add(id(e))
                print(f"   allowed  {d[0]}: {d[1]} {d[2]}  ({e.get('reason', '')})")
            else:
                failed.append((name, ver, d))
                print(f"   DIFF     {d[0]}: {d[1]} {d[2]}")
    # Each allowlisted difference must be told to users: its item or reason in a migration table.
    text = migration_text()
    undocumented = []
    for e in allow:
        keys = [e.get("doc") or e.get("path", "").rstrip("*").split("::")[-1]]
        if not any(k and k in text for k in keys):
            undocumented.append(e)
        if id(e) not in used and any(e.get("line", "").split("@")[0] == s[0] for s in suites):
            print(f"   note: allowlist entry matched nothing: {e}")
    for e in undocumented:
        print(f"   UNDOCUMENTED allowlist entry (no row in the migration tables names it): {e}")
    print(f"public-api: {time.time() - t0:.0f} s")
    print(f"public-api: {total_items} items and {total_impls} trait impls compared over "
          f"{len(suites)} lines, {total_diffs} differences ({total_allowed} allowlisted)")
    return 1 if failed or undocumented else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
