#!/usr/bin/env bash
# Reliability and security CI stages (issue 9), called by .ci/run from the repository root
# (LWC_KAT_DIR set, CARGO_TARGET_DIR unset). One summary line per stage.
#   1. constant time: lwc-tests/tests/reliability_ct.rs under valgrind memcheck (key and plaintext
#      marked undefined through client requests), dispatched backends; zero memcheck errors expected.
#      The only reports declassified are the tag-decision branches of the AEAD decrypt functions, by
#      function and line (counted and printed). Negative controls: a table lookup at a secret index
#      must be reported, and so must an early-exit tag comparison patched into a copy of Ascon's
#      decrypt (the frame that holds a declassified decision).
#   2. the same with the portable code forced (--cfg lwc_force_portable, software AES in `aes`).
#   3. fuzz smoke: every cargo-fuzz target in fuzz/ for FUZZ_SECONDS (default 15) seconds each, from
#      seeds generated out of the official vectors (fuzz/seeds.py); prints executions and coverage.
# The zeroize and bad-input tests (reliability_zeroize.rs, reliability_badinput.rs) run in the
# common `cargo test --workspace` stage. valgrind, nightly and cargo-fuzz come from `.ci/run setup`.
# Usage: bash .ci/reliability.sh [ct] [ct-portable] [fuzz]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
FUZZ_SECONDS="${FUZZ_SECONDS:-15}"
STAGES=("$@")
[ ${#STAGES[@]} -gt 0 ] || STAGES=(ct ct-portable fuzz)
want() { local s; for s in "${STAGES[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
summary() { printf '%-34s %s\n' "reliability: $1" "$2"; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The declassification of the tag check: memcheck runs without suppressions and writes XML; a
# report is declassified only when it is a conditional jump whose *top* frame is one of the AEAD
# tag-decision functions below, at the line of its `if ok {` (computed from the source, so it
# follows edits). Any other report, a leak that the compiler attributes to the decrypt frame
# included, is an error. (Valgrind's own `src:` suppressions match a file's base name only, which
# several crates share (`aead.rs`, `hash.rs`), hence the filter.)
decision_line() { # decision_line FILE REGEX: the first `if ok {` line after the line matching REGEX
  awk -v fn="$2" '$0 ~ fn { f = 1 } f && /^ *if ok \{/ { print NR; exit }' "$1"
}
decisions() { # one "function|path suffix|line" per tag decision
  local a s
  a=$(decision_line ascon/src/aead_mode.rs '^fn decrypt<V: Variant>[(]')
  s=$(decision_line sparkle/src/aead.rs 'fn decrypt_inout_detached[(]')
  [ -n "$a" ] && [ -n "$s" ] || { echo "tag decision lines not found in ascon/src/aead_mode.rs, sparkle/src/aead.rs" >&2; return 1; }
  echo "lwc_ascon::aead_mode::decrypt|ascon/src/aead_mode.rs|$a"
  echo "<lwc_sparkle::aead::Schwaemm<P,Rate> as aead::AeadInOut>::decrypt_inout_detached|sparkle/src/aead.rs|$s"
}
DECISIONS=$(decisions)
cat > "$WORK/vgfilter.py" <<'EOF'
# vgfilter.py XML DECISIONS [EXPECT]: memcheck's XML reports by kind and top frame.
# DECISIONS: "fn|path suffix|line" lines, the declassified tag decisions (conditional jumps only).
# Without EXPECT: fails on any other report and when no decision was seen (the secrets must reach
# the tag check). With EXPECT ("fn|path suffix|line", the negative control): fails unless an
# undeclassified report has that top frame.
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
spec = [tuple(l.split("|")) for l in sys.argv[2].splitlines() if l]
expect = tuple(sys.argv[3].split("|")) if len(sys.argv) > 3 else None
counts = {}
for ec in root.iter("errorcounts"):
    counts = {p.findtext("unique"): int(p.findtext("count")) for p in ec.iter("pair")}


def top(e):
    f = e.find("stack/frame")
    path = (f.findtext("dir") or "") + "/" + (f.findtext("file") or "")
    return f.findtext("fn") or f.findtext("obj") or "?", path, f.findtext("line") or "?"


def matches(t, s):
    return t[0] == s[0] and t[1].endswith("/" + s[1]) and t[2] == s[2]


declassified, other, hit = {}, [], 0
for e in root.iter("error"):
    if (e.findtext("kind") or "").startswith("Leak_"):
        continue  # leaks at exit (the test harness's threads): not a timing channel
    n = counts.get(e.findtext("unique"), 1)
    t = top(e)
    d = [s for s in spec if e.findtext("kind") == "UninitCondition" and matches(t, s)]
    if d:
        declassified[d[0][1]] = declassified.get(d[0][1], 0) + n
        continue
    other.append((n, e.findtext("kind"), t))
    if expect and matches(t, expect):
        hit += n
total = sum(declassified.values())
where = ", ".join(f"{k}:{v}" for k, v in sorted(declassified.items())) or "none"
print(f"tag decisions declassified {total} ({where}), other memcheck errors {sum(n for n, _, _ in other)}")
for n, kind, (fn, path, line) in other[:20]:
    print(f"  {n} x {kind} at {fn} ({path}:{line})")
if expect:
    sys.exit(0 if hit else 1)
sys.exit(0 if total and not other else 1)
EOF

# Path of the reliability_ct test executable (built if needed) for the current RUSTFLAGS/target dir.
ct_binary() {
  cargo test -q --workspace --test reliability_ct --no-run --message-format=json 2>/dev/null \
    | python3 -c '
import json, sys
exe = ""
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == "reliability_ct" and m.get("executable"):
        exe = m["executable"]
print(exe)'
}

memcheck() { # memcheck LABEL
  local t0=$SECONDS bin log res tests backends rc=0
  bin=$(ct_binary || true)
  [ -n "$bin" ] || { echo "could not build the reliability_ct test"; cargo test --workspace --test reliability_ct --no-run; return 1; }
  log="$WORK/$1.log"
  valgrind --leak-check=no --xml=yes --xml-file="$log.xml" "$bin" --test-threads=1 --nocapture >"$log" 2>&1 || rc=$?
  if [ $rc -ne 0 ]; then
    grep -v '^--' "$log" | tail -80
    summary "$1" "FAILED (test failure under valgrind, exit $rc)"
    return 1
  fi
  if ! res=$(python3 "$WORK/vgfilter.py" "$log.xml" "$DECISIONS"); then
    echo "$res"
    summary "$1" "FAILED (memcheck errors outside the tag decisions, or no tag decision seen)"
    return 1
  fi
  tests=$(grep -o 'test result: ok\. [0-9]* passed' "$log" | grep -o '[0-9]* passed')
  backends=$(grep -o 'backends: .*' "$log" | head -1 | sed 's/ valgrind=true//')
  # Negative control: a branch on a classified byte must be reported.
  if valgrind --error-exitcode=1 "$bin" --ignored --exact ct_negative_control >"$log.neg" 2>&1 \
    || ! grep -A1 'Use of uninitialised value' "$log.neg" | grep -q 'ct_negative_control'; then
    tail -20 "$log.neg"
    summary "$1" "FAILED (negative control not detected: client requests ineffective)"
    return 1
  fi
  summary "$1" "ok: $tests tests, $res, negative control detected; $backends ($((SECONDS - t0)) s)"
}

# Negative control of the narrowing: a copy of the workspace whose Ascon decrypt compares the tag
# with an early exit (on the line of the constant-time comparison, so the decision line stays put)
# must be reported, in the decrypt frame, although that frame holds a declassified decision.
decrypt_leak_control() {
  local t0=$SECONDS src="$WORK/leaky" line bin res rc=0 label="memcheck decrypt-leak control"
  mkdir -p "$src"
  git ls-files -z | xargs -0 cp --parents -t "$src"
  line=$(grep -n 'let ok = full\[\.\.tag\.len()\]\.ct_eq(tag)\.to_bool();' "$src/ascon/src/aead_mode.rs" | cut -d: -f1)
  [ -n "$line" ] || { summary "$label" "FAILED (constant-time comparison not found in ascon/src/aead_mode.rs)"; return 1; }
  sed -i "${line}s/.*/    let ok = { let (e, t) = (\&full[..tag.len()], tag); let mut ok = true; for i in 0..t.len() { if e[i] != t[i] { ok = false; break; } } ok };/" "$src/ascon/src/aead_mode.rs"
  # Its own target directory: cargo names a workspace's path crates by their path relative to the
  # workspace root, so the patched lwc-ascon built into the main target directory would replace
  # the real one there (and later builds would take it as fresh).
  bin=$(cd "$src" && CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}" cargo test -q -p lwc-tests --no-default-features \
    --features ascon --test reliability_ct --no-run --message-format=json 2>/dev/null \
    | python3 -c 'import json, sys
for l in sys.stdin:
    m = json.loads(l) if l.startswith("{") else {}
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == "reliability_ct" and m.get("executable"):
        print(m["executable"])') || true
  [ -n "$bin" ] || { summary "$label" "FAILED (the patched copy does not build)"; return 1; }
  valgrind --leak-check=no --xml=yes --xml-file="$WORK/leaky.xml" "$bin" --test-threads=1 --exact ascon::aeads_constant_time >"$WORK/leaky.log" 2>&1 || rc=$?
  [ $rc -eq 0 ] || { tail -40 "$WORK/leaky.log"; summary "$label" "FAILED (tests failed, exit $rc)"; return 1; }
  if ! res=$(python3 "$WORK/vgfilter.py" "$WORK/leaky.xml" "$DECISIONS" "lwc_ascon::aead_mode::decrypt|ascon/src/aead_mode.rs|$line"); then
    echo "$res"
    summary "$label" "FAILED (an early-exit tag comparison in decrypt, line $line, was not reported)"
    return 1
  fi
  summary "$label" "ok: early exit at ascon/src/aead_mode.rs:$line reported, ${res%%$'\n'*} ($((SECONDS - t0)) s)"
}

if want ct; then
  memcheck "memcheck (dispatched)"
  decrypt_leak_control
fi

if want ct-portable; then
  CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/reliability-portable" \
    RUSTFLAGS='--cfg lwc_force_portable --cfg aes_backend="soft"' memcheck "memcheck (portable forced)"
fi

if want fuzz; then
  t0=$SECONDS
  python3 fuzz/seeds.py "${LWC_KAT_DIR:-$ROOT/../shared/kat}" | sed 's/^/reliability: fuzz /'
  cargo +nightly fuzz build -O --fuzz-dir fuzz >"$WORK/fuzz-build.log" 2>&1 || { tail -40 "$WORK/fuzz-build.log"; exit 1; }
  summary "fuzz build" "ok ($((SECONDS - t0)) s)"
  # fuzz_one TARGET: one smoke run; its summary line into $WORK/fuzz-TARGET.res, its status returned.
  fuzz_one() {
    local t=$1 log="$WORK/fuzz-$1.log" runs cov corpus
    if cargo +nightly fuzz run -O --fuzz-dir fuzz "$t" -- -max_total_time="$FUZZ_SECONDS" -print_final_stats=1 >"$log" 2>&1; then
      runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
      cov=$(grep -oE '(#[0-9]+|DONE) .*cov: [0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+' || true)
      corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
      summary "fuzz $t" "ok: ${runs:-?} executions in ${FUZZ_SECONDS} s, ${cov:-cov: ?} edges, corpus $corpus" >"$WORK/fuzz-$t.res"
    else
      { grep -v '^INFO' "$log" | tail -40; summary "fuzz $t" "FAILED (artifact in fuzz/artifacts/$t)"; } >"$WORK/fuzz-$t.res"
      return 1
    fi
  }
  # Two targets at a time (one core each, the machine's two): the same seconds per target in
  # half the wall-clock time.
  targets=$(cargo +nightly fuzz list --fuzz-dir fuzz)
  running=0
  for t in $targets; do
    if [ "$running" -ge 2 ]; then
      wait -n || true
      running=$((running - 1))
    fi
    fuzz_one "$t" &
    running=$((running + 1))
  done
  wait
  fail=0
  for t in $targets; do
    cat "$WORK/fuzz-$t.res" 2>/dev/null || { summary "fuzz $t" "FAILED (no result)"; fail=1; }
    grep -q "^reliability: fuzz $t .*ok: " "$WORK/fuzz-$t.res" 2>/dev/null || fail=1
  done
  [ "$fail" -eq 0 ]
fi
