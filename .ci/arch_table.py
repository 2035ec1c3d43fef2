#!/usr/bin/env python3
"""README.md's backend table against the code (the `layering` stage runs it).

README.md's "Backends" table has one row per family crate. Each row must say exactly what the
crate holds:

* the cfg aliases: every cfg name the crate's build.rs declares (`<family>_...` string literals);
* the backends, in the order of the crate's `lwc_dispatch::backends!` table in
  `src/hazmat/backends.rs` (a backend's `Backend::name()` is its file's name), each with the files
  of its folder in parentheses;
* the ISA helpers: every other file of `src/hazmat/backends/` except `tests.rs` and `jobs.rs`, with
  its folder's files in parentheses;
* the other files: `tests.rs`, `jobs.rs` where they exist.

Any difference fails, with a line saying what README.md says and what the code holds. The script
first checks itself on a row with one backend missing (it must be flagged).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAMILIES = {"keccak": "lwc-keccak", "ascon": "lwc-ascon", "sparkle": "lwc-sparkle", "lemac": "lwc-lemac"}
OTHER = ("tests", "jobs")
HEADER = "| crate | cfg aliases (`build.rs`) | backends"


def cfg_aliases(family):
    text = open(os.path.join(ROOT, family, "build.rs")).read()
    text = re.sub(r"//[^\n]*", "", text)
    names = set(re.findall(r'"(' + family + r'_[a-z0-9_]+)"', text))
    names |= set(re.findall(r"rustc-(?:check-)?cfg=(?:cfg\()?(" + family + r"_[a-z0-9_]+)", text))
    return names


def table_backends(family):
    text = open(os.path.join(ROOT, family, "src/hazmat/backends.rs")).read()
    table = text[text.index("\nlwc_dispatch::backends! {"):]
    table = table[:table.index("\n}\n")]
    table = re.sub(r"///[^\n]*|//[^\n]*", "", table)
    return re.findall(r"\b[A-Z][A-Za-z0-9]*\s*=>\s*([a-z0-9_]+)\s*,", table)


def folder(family):
    """{top-level module: [files of its folder]} of src/hazmat/backends/."""
    base = os.path.join(ROOT, family, "src/hazmat/backends")
    mods = {}
    for f in sorted(os.listdir(base)):
        if f.endswith(".rs"):
            mods.setdefault(f[:-3], [])
    for f in sorted(os.listdir(base)):
        path = os.path.join(base, f)
        if os.path.isdir(path):
            mods.setdefault(f, [])
            mods[f] = sorted(g[:-3] for g in os.listdir(path) if g.endswith(".rs"))
    return mods


def render(items):
    return ", ".join(f"`{m}`" + (f" ({', '.join(f'`{p}`' for p in parts)})" if parts else "")
                     for m, parts in items) or "–"


def expected_row(family):
    mods = folder(family)
    backends = table_backends(family)
    helpers = [m for m in mods if m not in backends and m not in OTHER]
    others = [m for m in OTHER if m in mods]
    cfgs = ", ".join(f"`{c}`" for c in sorted(cfg_aliases(family)))
    return [f"`{FAMILIES[family]}`", cfgs, render([(b, mods.get(b, [])) for b in backends]),
            render([(h, mods[h]) for h in helpers]), render([(o, mods[o]) for o in others])]


def readme_rows(text):
    lines = text.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith(HEADER)), None)
    if start is None:
        return None
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells
    return rows


def check(text):
    rows = readme_rows(text)
    if rows is None:
        return [f"README.md: no table starting with {HEADER!r}"]
    errors = []
    columns = ["crate", "cfg aliases", "backends", "ISA helpers", "other files"]
    for family, crate in FAMILIES.items():
        want = expected_row(family)
        got = rows.get(want[0])
        if got is None:
            errors.append(f"README.md: the backend table has no row for {want[0]}")
            continue
        for col, g, w in zip(columns, got, want):
            if g != w:
                errors.append(f"README.md, {crate}, {col}: says {g}\n    the code holds {w}")
    return errors


def selftest(text):
    rows = readme_rows(text)
    if rows is None:
        return
    row = rows.get("`lwc-lemac`")
    if row is None:
        return
    broken = row[:2] + [row[2].replace("`portable`, ", "", 1)] + row[3:]
    bad = text.replace("| " + " | ".join(row) + " |", "| " + " | ".join(broken) + " |")
    assert bad != text and any("lwc-lemac, backends" in e for e in check(bad)), "selftest: a missing backend passed"


def main():
    text = open(os.path.join(ROOT, "README.md")).read()
    selftest(text)
    errors = check(text)
    if "--print" in sys.argv:
        for family in FAMILIES:
            print("| " + " | ".join(expected_row(family)) + " |")
    for e in errors:
        print(e)
    print(f"arch_table: {len(FAMILIES)} crates, {len(errors)} difference(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
