#!/usr/bin/env python3
"""Every function that calls a SIMD intrinsic holds the proof that the CPU has it.

A backend helper that calls an intrinsic is sound only where the instruction exists. The proof
is the compiler's when the function carries `#[target_feature(enable = ...)]` (then only
callers with the same features, or `unsafe` code that checked, can reach it) or takes the
backend's token as a parameter (a zero-sized value only detection makes). A plain helper that
is merely inlined into such functions holds nothing: a later caller elsewhere compiles and runs
the instruction on any CPU. This check fails on any function under the family crates' `src/`
whose body calls an x86 (`_mm*`, `_pdep`/`_pext`, ...), aarch64 NEON (`v...q_u64` and kin) or
wasm SIMD (`u64x2_...`, `v128_...`) intrinsic and has neither.

Closures and nested functions count as part of the function they stand in. Test modules are
checked as well: a test helper is code too.

Usage: python3 .ci/intrinsics.py        (exit 1 and a list of file:line fn on a finding)
       python3 .ci/intrinsics.py --selftest
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATES = ["keccak", "ascon", "lemac", "sparkle", "dispatch"]

INTRINSIC = re.compile(
    r"\b(?:_mm\d*_\w+|_pdep_u\d+|_pext_u\d+|_andn_u\d+|_bextr_u\d+|_blsr_u\d+|"
    r"v[a-z0-9_]*_[psuf](?:8|16|32|64)|"
    r"(?:[iuf]\d+x\d+|v128)_\w+)\s*(?:::<[^>]*>)?\s*\("
)
FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:unsafe\s+)?(?:extern\s+\"C\"\s+)?fn\s+(\w+)")
# A parameter whose type is a token: `_: Token`, `token: Avx2Token`, `t: super::Token`.
TOKEN_PARAM = re.compile(r"\w+\s*:\s*(?:[\w:]+::)?\w*Token\b")
# A method: `self` is a backend's kernel type, which holds its token (each such type's only
# constructor takes one), or a token itself.
SELF_PARAM = re.compile(r"\(\s*(?:&\s*(?:mut\s+)?)?self\b")
# A parameter of a generic type bound by a proof trait (`fn f<T: Round4>(_: T, ...)`): the
# trait is `unsafe` to implement, for tokens only.
GENERIC_PROOF = re.compile(r"\b([A-Z]\w*)\s*:\s*[A-Z][\w:]*")
# Features every build of a file's target has, so no proof is needed: NEON on aarch64 (the
# crates compile NEON code only for aarch64 targets, whose ABI includes it), and simd128 in the
# wasm backends (compiled in only when the build enables it; wasm has no run-time detection).
# The aarch64 SHA-3 and AES instructions are not baseline and need their token.
BASELINE = [
    (re.compile(r"aarch64_\w+(/|\.rs)"), re.compile(r"\bv(?!eor3q|bcaxq|rax1q|xarq|aes)[a-z0-9_]*_[psuf](?:8|16|32|64)\b")),
    (re.compile(r"wasm_simd128(/|\.rs)"), re.compile(r"\b(?:[iuf]\d+x\d+|v128)_\w+")),
]


def strip_comments(text):
    """The text with // comments and string literals blanked (lines kept)."""
    out = []
    for line in text.splitlines():
        line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
        i = line.find("//")
        out.append(line if i < 0 else line[:i])
    return out


def functions(lines):
    """(line number, name, attributes text, signature text, body text) of every fn with a body."""
    found = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        # The attributes just above (contiguous attribute lines).
        j, attrs = i - 1, []
        while j >= 0 and lines[j].strip().startswith("#["):
            attrs.append(lines[j])
            j -= 1
        # Signature up to the body's `{` (or `;` for a declaration).
        sig, k = "", i
        while k < len(lines):
            sig += lines[k] + "\n"
            if "{" in lines[k] or lines[k].rstrip().endswith(";"):
                break
            k += 1
        if "{" not in sig:
            continue
        depth, body, started = 0, [], False
        for n in range(k, len(lines)):
            segment = lines[n] if n != k else lines[n][lines[n].index("{"):]
            body.append(segment)
            depth += segment.count("{") - segment.count("}")
            started = started or "{" in segment
            if started and depth <= 0:
                break
        found.append((i + 1, m.group(1), "\n".join(attrs), sig, "\n".join(body)))
    return found


def findings_in(path, text):
    bad = []
    baseline = [b for f, b in BASELINE if f.search(str(path))]
    for line, name, attrs, sig, body in functions(strip_comments(text)):
        calls = [m.group(0) for m in INTRINSIC.finditer(body)]
        calls = [c for c in calls if not any(b.match(c) for b in baseline)]
        if not calls:
            continue
        if "target_feature" in attrs or TOKEN_PARAM.search(sig) or SELF_PARAM.search(sig):
            continue
        if re.search(r"\bunsafe\s+fn\b", sig):
            # The proof is the caller's, by the contract of an `unsafe fn`.
            continue
        if any(re.search(rf"\w+\s*:\s*{g}\b\s*[,)]", sig) for g in GENERIC_PROOF.findall(sig)):
            continue
        bad.append(f"{path}:{line}: fn {name} calls an intrinsic with neither a token nor #[target_feature]")
    return bad


def selftest():
    good = (
        "#[target_feature(enable = \"avx2\")]\nunsafe fn a(x: __m256i) -> __m256i {\n"
        "    _mm256_xor_si256(x, x)\n}\n"
        "fn b(_: Token, x: __m128i) -> __m128i {\n    unsafe { _mm_blend_epi32::<3>(x, x) }\n}\n"
        "fn c(x: u64) -> u64 {\n    x.rotate_left(1)\n}\n"
    )
    bad = "#[inline(always)]\nfn low_high(a: __m128i, b: __m128i) -> __m128i {\n" \
          "    unsafe { _mm_blend_epi32::<0b1100>(a, b) }\n}\n"
    neon = "fn n(a: uint64x2_t) -> uint64x2_t {\n    unsafe { veorq_u64(a, a) }\n}\n"
    assert findings_in("good.rs", good) == [], findings_in("good.rs", good)
    assert len(findings_in("bad.rs", bad)) == 1
    assert len(findings_in("neon.rs", neon)) == 1
    assert findings_in("aarch64_neon.rs", neon) == []
    sha3 = "fn s(a: uint64x2_t) -> uint64x2_t {\n    unsafe { veor3q_u64(a, a, a) }\n}\n"
    assert len(findings_in("aarch64_sha3.rs", sha3)) == 1
    print("intrinsics: selftest ok")


def main():
    if sys.argv[1:] == ["--selftest"]:
        selftest()
        return 0
    selftest()
    bad, files = [], 0
    for crate in CRATES:
        for path in sorted((ROOT / crate / "src").rglob("*.rs")):
            files += 1
            bad += findings_in(path.relative_to(ROOT), path.read_text())
    for b in bad:
        print(b)
    print(f"intrinsics: {files} files, {len(bad)} functions calling intrinsics without a proof")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
