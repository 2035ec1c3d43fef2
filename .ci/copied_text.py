#!/usr/bin/env python3
"""Finds prose and code that a facade of compat/ (or a family crate) shares word for word with a
crate whose API it mirrors.

A facade may carry over facts (names, signatures, constants, behaviour) but not sentences or code.
For every facade this reads the published crate of each version it stands in for (fetched from the
registry through cargo, as the peer-suites stage does), and reports:
  * every comment or doc line of the facade (`//`, `///`, `//!`, README prose) of MIN_CHARS or
    more characters whose text, white space folded, stands in the original crate;
  * every run of RUN_LINES or more consecutive code lines that stands in the original in the same
    order (a lone signature is a fact; a copied body is not).
Exits 1 when anything is found, listing file:line and the text.

Usage: python3 .ci/copied_text.py            (every facade)
       python3 .ci/copied_text.py --count    (also print the per-facade counts when clean)
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import peer_suites  # noqa: E402  (its fetch(): the published .crate files through cargo)

ROOT = peer_suites.ROOT
MIN_CHARS = 25
RUN_LINES = 4

# Folder -> the published (crate, version) pairs whose text it must not share: each facade and
# each family crate against every crate whose API it mirrors (the peer-suites list).
MIRRORS = {}
for crate, ver, folder in peer_suites.SUITES:
    MIRRORS.setdefault(folder, []).append((crate, ver))


def fold(text):
    return re.sub(r"\s+", " ", text).strip()


# Lines that declare the API (a fact a facade must repeat), not code that implements it: item
# headers and signatures, imports, attributes, trait bounds, feature lists.
DECLARATION = re.compile(
    r"^(pub(\(\w+\))? |use |impl\b|#!?\[|mod |type |const |static |fn |unsafe fn |struct |"
    r"enum |trait |where\b|\+ |feature = |macro_rules!|\$\w+:|\)|\]|\}|\w+: [\w&<>\[\]; ]+,$)")


def comment_text(line):
    """The prose of a comment or doc line (markers removed), a trailing comment's included;
    None where the line has no comment."""
    s = line.strip()
    m = re.match(r"^(?://[/!]?|/\*+|\*+/?)\s?(.*)$", s)
    if m:
        return fold(m.group(1))
    before, sep, after = s.partition(" //")
    if sep and before.count('"') % 2 == 0:
        return fold(after.lstrip("/!"))
    return None


def code_text(line):
    """The code of a line (a trailing comment removed), or None for a comment line or one too
    thin to mean anything alone (braces, `} else {`, `Ok(())`)."""
    s = line.strip()
    if re.match(r"^(//|/\*|\*)", s):
        return None
    before, sep, _ = s.partition(" //")
    if sep and before.count('"') % 2 == 0:
        s = before
    s = fold(s)
    if DECLARATION.match(s):
        return None
    return s if len(re.sub(r"[^A-Za-z0-9]", "", s)) >= 8 else None


def source_files(folder):
    return sorted(p for p in folder.rglob("*")
                  if p.is_file() and p.suffix in {".rs", ".md"}
                  and "target" not in p.relative_to(folder).parts)


def original_index(dirs):
    """All folded lines of the originals (prose and code), and their code lines in order."""
    lines, code_seqs = set(), []
    for d in dirs:
        for p in source_files(d):
            text = p.read_text(errors="replace").splitlines()
            seq = []
            for line in text:
                c = comment_text(line) if p.suffix == ".rs" else fold(line.lstrip("#>-* "))
                if c:
                    lines.add(c)
                k = code_text(line) if p.suffix == ".rs" else None
                if k:
                    seq.append(k)
            code_seqs.append(seq)
    runs = set()
    for seq in code_seqs:
        for i in range(len(seq) - RUN_LINES + 1):
            runs.add(tuple(seq[i:i + RUN_LINES]))
    return lines, runs


def check(folder, originals):
    prose, runs = original_index(originals)
    found = []
    for p in source_files(ROOT / folder):
        rel = p.relative_to(ROOT)
        text = p.read_text(errors="replace").splitlines()
        seq = []
        for n, line in enumerate(text, 1):
            c = comment_text(line) if p.suffix == ".rs" else fold(line.lstrip("#>-* "))
            if c and len(c) >= MIN_CHARS and c in prose:
                found.append(f"{rel}:{n}: {c}")
            k = code_text(line) if p.suffix == ".rs" else None
            if k:
                seq.append((n, k))
        reported = set()
        for i in range(len(seq) - RUN_LINES + 1):
            window = tuple(k for _, k in seq[i:i + RUN_LINES])
            if window in runs and seq[i][0] not in reported:
                found.append(f"{rel}:{seq[i][0]}-{seq[i + RUN_LINES - 1][0]}: code run: "
                             + " | ".join(window))
                reported.update(n for n, _ in seq[i:i + RUN_LINES])
    return found


def main():
    suites = [(c, v, f) for f, pairs in MIRRORS.items() for c, v in pairs]
    sources = peer_suites.fetch(suites)
    total = 0
    for folder, pairs in sorted(MIRRORS.items()):
        found = check(folder, [sources[p] for p in pairs])
        total += len(found)
        names = ", ".join(f"{c} {v}" for c, v in pairs)
        print(f"copied-text: {folder} against {names}: {len(found)} shared lines")
        for f in found:
            print("  " + f)
    print(f"copied-text: {total} lines shared with a mirrored crate")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
