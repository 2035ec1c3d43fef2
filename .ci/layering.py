#!/usr/bin/env python3
"""The layering check of the family crates (README "Architecture").

Every family crate is layered one way:  modes -> engine -> backends -> words.
This script reads each crate's module tree from its files (src/lib.rs, src/a.rs or src/a/mod.rs,
src/a/b.rs ...; inline `mod x { ... }` blocks belong to their file), collects every module path a
module names (`use` trees expanded, and `crate::` / `super::` / `self::` paths anywhere in code,
comments and strings stripped), and fails on:

  1. an import cycle between modules (a module naming one of its own ancestors is Rust's nesting,
     not an import, and does not count);
  2. a backend (`hazmat::backends::<isa>` and below) naming any crate module outside
     `hazmat::backends`, other than `hazmat` itself (the state type) and `hazmat::words`;
  3. a module outside `hazmat::backends` naming a backend file (`hazmat::backends::<isa>`):
     everything else goes through `hazmat::backends` (its `dispatch`, `Job`, `Kernels`).

Usage: python3 .ci/layering.py [CRATE_DIR ...]   (default: the four family crates)
Exit status 1 with one line per violation; 0 and a summary line otherwise.
"""

import os
import re
import sys

FAMILIES = ["keccak", "ascon", "sparkle", "lemac"]


def strip_code(text):
    """Removes comments, string and char literals (keeps line structure)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            i = n if end < 0 else end + 1 + len(hashes)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]) or (c == "'" and re.match(r"'\\u\{[0-9a-fA-F]+\}'", text[i:i + 12])):
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            i += len(m.group(0))
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def modules_of(src):
    """{module path tuple: file} for every file module under src/ (lib.rs is ())."""
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel == ["lib"]:
                mods[()] = path
            elif rel[-1] == "mod":
                mods[tuple(rel[:-1])] = path
            elif rel == ["main"] or rel[0] == "bin":
                continue
            else:
                mods[tuple(rel)] = path
    return mods


def expand_use_tree(tree):
    """'a::{b, c::{d, e}}' -> ['a::b', 'a::c::d', 'a::c::e'] (as strings)."""
    tree = tree.strip()
    depth = 0
    for k, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                prefix = tree[:k]
                inner = tree[k + 1:tree.rindex("}")]
                parts, depth2, start = [], 0, 0
                for j, c2 in enumerate(inner):
                    if c2 == "{":
                        depth2 += 1
                    elif c2 == "}":
                        depth2 -= 1
                    elif c2 == "," and depth2 == 0:
                        parts.append(inner[start:j])
                        start = j + 1
                parts.append(inner[start:])
                res = []
                for p in parts:
                    if p.strip():
                        res.extend(prefix + e for e in expand_use_tree(p))
                return res
            depth += 1
    return [re.sub(r"\s+as\s+\w+$", "", tree)]


def referenced_paths(code):
    paths = []
    for m in re.finditer(r"\buse\s+([^;]*);", code):
        paths.extend(p.replace(" ", "") for p in expand_use_tree(m.group(1)))
    paths.extend(m.group(0) for m in re.finditer(r"\b(?:crate|super|self)(?:::\w+)+", code))
    return paths


def resolve(path, here, mods):
    """The known module a path names (longest module prefix), or None for external paths."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    if segs[0] == "crate":
        base, rest = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
        rest = segs
    else:
        return None
    full = base + tuple(rest)
    for k in range(len(full), -1, -1):
        if full[:k] in mods:
            return full[:k]
    return None


def name(m):
    return "crate" if not m else "::".join(m)


def check_crate(crate_dir):
    src = os.path.join(crate_dir, "src")
    mods = modules_of(src)
    edges = {m: set() for m in mods}
    for m, path in mods.items():
        code = strip_code(open(path, encoding="utf-8").read())
        for p in referenced_paths(code):
            t = resolve(p, m, mods)
            if t is None or t == m or m[:len(t)] == t:
                continue  # external, itself, or one of its ancestors (nesting)
            edges[m].add(t)
    problems = []
    backends = ("hazmat", "backends")

    def is_backend_file(x):
        return x[:2] == backends and len(x) > 2

    for m, ts in sorted(edges.items()):
        for t in sorted(ts):
            if is_backend_file(m) and not (t[:2] == backends or t in (("hazmat",), ("hazmat", "words"))):
                problems.append(f"{crate_dir}: backend {name(m)} names {name(t)} (backends may name only hazmat, hazmat::words and hazmat::backends)")
            if is_backend_file(t) and not m[:2] == backends:
                problems.append(f"{crate_dir}: {name(m)} names the backend file {name(t)} (go through hazmat::backends)")
    # Cycles (Tarjan's strongly connected components).
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    for comp in sccs:
        members = sorted(comp)
        detail = "; ".join(f"{name(a)} -> {name(b)}" for a in members for b in sorted(edges[a]) if b in comp)
        problems.append(f"{crate_dir}: import cycle between {', '.join(name(c) for c in members)} ({detail})")
    return problems, len(mods), sum(len(t) for t in edges.values())


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    crates = sys.argv[1:] or [os.path.join(root, f) for f in FAMILIES]
    all_problems, nmods, nedges = [], 0, 0
    for c in crates:
        p, m, e = check_crate(c)
        all_problems += p
        nmods += m
        nedges += e
    for p in all_problems:
        print(p)
    if all_problems:
        print(f"layering: {len(all_problems)} violation(s)")
        return 1
    print(f"layering: {len(crates)} crates, {nmods} modules, {nedges} module imports, no cycles, backends layered")
    return 0


if __name__ == "__main__":
    sys.exit(main())
