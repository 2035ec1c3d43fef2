#!/usr/bin/env python3
"""The "Where a test goes" table of lwc-tests/src/lib.rs against the tree.

The table (rustdoc of the lwc-tests crate, section "Where a test goes") has one row per job; its
second column names the files that do the job, in backticks. This script expands the names:

* `<family>` is each family the section's text names ("`<family>` stands for each of `ascon`,
  ...") and every expansion must exist;
* `{a,b}` is each listed name, and every expansion must exist;
* `*` is any name (as in a shell glob, within one path component) and must match at least one file.

and lists the test files of the tree: in every directory holding a Cargo.toml (target/, .git and
hidden or virtual-environment directories skipped), each test target `tests/*.rs` (not the helper
modules in `tests/<name>/`) and each in-crate `src/**/tests.rs`; and every Python `tests/test_*.py`.

It fails (exit 1), listing them, if a test file stands in no row, stands in more than one row (one
place per job), or if a row names a file that does not exist or is not a test file.

Usage:
  python3 .ci/test_table.py             check the table against the tree
  python3 .ci/test_table.py --selftest  check the checker: the real table with any one row taken
                                        out must fail and name that row's files; a file added
                                        to the tree, a row naming a missing file and a file in two
                                        rows must each fail; then run the check
"""
import fnmatch
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join("lwc-tests", "src", "lib.rs")
SECTION = "# Where a test goes"
SKIP_DIRS = {"target", ".git", ".venv", "venv", "node_modules", "__pycache__", "shared"}
TICKED = re.compile(r"`([^`]+)`")
FAMILY_LINE = re.compile(r"`<family>` stands for each of ((?:`[a-z0-9_-]+`(?:, )?)+)")


def section(lib_text):
    """The lines of the section (the `//!` prefix removed), from its heading to the next one."""
    lines = [line[3:].removeprefix(" ") for line in lib_text.splitlines() if line.startswith("//!")]
    try:
        start = lines.index(SECTION)
    except ValueError:
        sys.exit(f"{LIB}: no section {SECTION!r}")
    out = []
    for line in lines[start + 1:]:
        if line.startswith("# "):
            break
        out.append(line)
    return out


def parse(lib_text):
    """(families, rows): rows as (job, [pattern, ...]) in table order."""
    lines = section(lib_text)
    text = " ".join(lines)
    m = FAMILY_LINE.search(text)
    if not m:
        sys.exit(f"{LIB}: the section does not say what `<family>` stands for")
    families = TICKED.findall(m.group(1))
    rows = []
    for line in lines:
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| job |"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) != 2:
            sys.exit(f"{LIB}: a table row without exactly two cells: {line}")
        names = [t for t in TICKED.findall(cells[1]) if "/" in t and t.endswith((".rs", ".py"))]
        rows.append((cells[0], names))
    if not rows:
        sys.exit(f"{LIB}: the section has no table rows")
    return families, rows


def expand(pattern, families):
    """The names a pattern stands for (still possibly with `*`)."""
    if "<family>" in pattern:
        return [x for f in families for x in expand(pattern.replace("<family>", f, 1), families)]
    m = re.search(r"\{([^{}]*)\}", pattern)
    if m:
        return [x for alt in m.group(1).split(",")
                for x in expand(pattern[:m.start()] + alt + pattern[m.end():], families)]
    return [pattern]


def test_files(root):
    """Every test file of the tree, as paths relative to root with `/`."""
    found = set()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        rel = os.path.relpath(dirpath, root).replace(os.sep, "/")
        rel = "" if rel == "." else rel + "/"
        if "Cargo.toml" in filenames:
            tests = os.path.join(dirpath, "tests")
            if os.path.isdir(tests):
                found |= {f"{rel}tests/{f}" for f in os.listdir(tests)
                          if f.endswith(".rs") and os.path.isfile(os.path.join(tests, f))}
            for sub, _, files in os.walk(os.path.join(dirpath, "src")):
                if "tests.rs" in files:
                    found.add((os.path.relpath(os.path.join(sub, "tests.rs"), root)).replace(os.sep, "/"))
        if os.path.basename(dirpath) == "tests":
            found |= {f"{rel}{f}" for f in filenames if f.startswith("test_") and f.endswith(".py")}
    return found


def check(lib_text, root):
    """The list of problems (empty: the table and the tree agree)."""
    families, rows = parse(lib_text)
    files = test_files(root)
    problems = []
    owner = {}
    for job, patterns in rows:
        if not patterns:
            problems.append(f"row {job!r} names no file")
        for pattern in patterns:
            for name in expand(pattern, families):
                if "*" in name or "?" in name:
                    hits = sorted(f for f in files if fnmatch.fnmatchcase(f, name)
                                  and f.count("/") == name.count("/"))
                    if not hits:
                        problems.append(f"row {job!r}: `{pattern}` matches no test file")
                elif name in files:
                    hits = [name]
                elif os.path.exists(os.path.join(root, name)):
                    problems.append(f"row {job!r}: `{name}` is not a test file (a test target "
                                    "`tests/*.rs`, an in-crate `tests.rs` or a `test_*.py`)")
                    hits = []
                else:
                    problems.append(f"row {job!r}: `{name}` does not exist")
                    hits = []
                for f in hits:
                    owner.setdefault(f, [])
                    if job not in owner[f]:
                        owner[f].append(job)
    for f in sorted(files):
        if f not in owner:
            problems.append(f"{f}: in no row of the table")
        elif len(owner[f]) > 1:
            problems.append(f"{f}: in {len(owner[f])} rows (one place per job): "
                            + "; ".join(repr(j) for j in owner[f]))
    return problems


def selftest(lib_text):
    lines = lib_text.splitlines(keepends=True)
    row_lines = [i for i, line in enumerate(lines)
                 if line.startswith("//! | ") and not line.startswith("//! | job |")]
    families, rows = parse(lib_text)
    assert len(row_lines) == len(rows), (len(row_lines), len(rows))
    # Each row taken out: the check fails and names files of that row as in no row.
    for i, (job, _) in zip(row_lines, rows):
        problems = check("".join(lines[:i] + lines[i + 1:]), ROOT)
        assert any(p.endswith(": in no row of the table") for p in problems), \
            f"selftest: taking out row {job!r} was not flagged"
    # A made-up tree: one file of each kind, and a table over it.
    table = (
        "//! # Where a test goes\n//!\n//! `<family>` stands for each of `aa`, `bb`.\n//!\n"
        "//! | job | where |\n//! |---|---|\n"
        "//! | spot | `<family>/tests/spot.rs` |\n"
        "//! | backends | `{aa,bb}/src/tests.rs` |\n"
        "//! | tool | `tool/tests/*.rs` |\n"
        "//! | python | `py/tests/test_*.py` |\n//!\n//! # Next\n")
    with tempfile.TemporaryDirectory() as tmp:
        def put(rel, text=""):
            path = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        for rel in ["aa/Cargo.toml", "aa/tests/spot.rs", "aa/src/tests.rs", "bb/Cargo.toml",
                    "bb/tests/spot.rs", "bb/src/tests.rs", "tool/Cargo.toml", "tool/tests/cli.rs",
                    "tool/tests/common/mod.rs", "py/Cargo.toml", "py/tests/test_x.py",
                    "target/debug/x/Cargo.toml", "target/debug/x/tests/stray.rs"]:
            put(rel)
        assert check(table, tmp) == [], check(table, tmp)
        put("bb/tests/extra.rs")
        p = check(table, tmp)
        assert p == ["bb/tests/extra.rs: in no row of the table"], p
        os.remove(os.path.join(tmp, "bb/tests/extra.rs"))
        os.remove(os.path.join(tmp, "bb/tests/spot.rs"))
        p = check(table, tmp)
        assert p == ["row 'spot': `bb/tests/spot.rs` does not exist"], p
        put("bb/tests/spot.rs")
        p = check(table.replace("`tool/tests/*.rs`", "`tool/tests/*.rs`, `aa/tests/spot.rs`"), tmp)
        assert len(p) == 1 and p[0].startswith("aa/tests/spot.rs: in 2 rows"), p
        p = check(table.replace("`tool/tests/*.rs`", "`tool/tests/common/mod.rs`"), tmp)
        assert any("is not a test file" in x for x in p) and \
            "tool/tests/cli.rs: in no row of the table" in p, p
        p = check(table.replace("`py/tests/test_*.py`", "`py/tests/none_*.py`"), tmp)
        assert any("matches no test file" in x for x in p), p
    print(f"test_table selftest: ok ({len(rows)} rows, each one load-bearing)")


def main():
    with open(os.path.join(ROOT, LIB)) as f:
        lib_text = f.read()
    if sys.argv[1:] == ["--selftest"]:
        selftest(lib_text)
    elif sys.argv[1:]:
        sys.exit(__doc__)
    problems = check(lib_text, ROOT)
    if problems:
        print(f"{LIB}, \"Where a test goes\": the table and the tree disagree:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    _, rows = parse(lib_text)
    print(f"test_table: ok ({len(test_files(ROOT))} test files, each in one of {len(rows)} rows)")


if __name__ == "__main__":
    main()
