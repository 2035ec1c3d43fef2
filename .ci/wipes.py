#!/usr/bin/env python3
"""No wipe by field name: every `Drop::drop` and `Zeroize::zeroize` in the family crates names all
fields of its type at once (`let Self { a, b, .. } = self;` without `..`), so a field added later
is a compile error there until it is wiped or explicitly skipped (`field: _`), instead of being
left unwiped in silence. A body that reaches a field through `self.` fails this check, as does a
destructuring with `..`.

Usage: python3 .ci/wipes.py            (exit 1 and file:line of each finding)
       python3 .ci/wipes.py --selftest
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from intrinsics import functions, strip_comments  # noqa: E402  (the same fn-body reader)

ROOT = Path(__file__).resolve().parent.parent
CRATES = ["keccak", "ascon", "lemac", "sparkle", "dispatch"]
WIPES = {"drop", "zeroize"}


def findings_in(path, text):
    bad = []
    for line, name, _attrs, sig, body in functions(strip_comments(text)):
        if name not in WIPES or not re.search(r"&\s*mut\s+self\b", sig):
            continue
        if re.search(r"\bself\s*\.\s*\w", body):
            bad.append(f"{path}:{line}: fn {name} reaches a field through `self.`; destructure every field")
        elif re.search(r"let\s+Self\s*\{[^}]*\.\.\s*\}", body):
            bad.append(f"{path}:{line}: fn {name} destructures with `..`; name every field")
    return bad


def selftest():
    by_name = "impl Drop for K {\n    fn drop(&mut self) {\n        self.k.zeroize();\n    }\n}\n"
    rest = "impl Drop for K {\n    fn drop(&mut self) {\n        let Self { k, .. } = self;\n    }\n}\n"
    good = "impl Drop for K {\n    fn drop(&mut self) {\n        let Self { k, n: _ } = self;\n" \
           "        k.zeroize();\n    }\n}\n"
    assert len(findings_in("a.rs", by_name)) == 1
    assert len(findings_in("b.rs", rest)) == 1
    assert findings_in("c.rs", good) == []
    print("wipes: selftest ok")


def main():
    selftest()
    if sys.argv[1:] == ["--selftest"]:
        return 0
    bad, count = [], 0
    for crate in CRATES:
        for path in sorted((ROOT / crate / "src").rglob("*.rs")):
            text = path.read_text()
            count += len([1 for f in functions(strip_comments(text)) if f[1] in WIPES])
            bad += findings_in(path.relative_to(ROOT), text)
    for b in bad:
        print(b)
    print(f"wipes: {count} drop/zeroize functions, {len(bad)} wiping by field name")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
