#!/usr/bin/env bash
# Reliability and security CI stages (issue 9), called by .ci/run from the repository root
# (LWC_KAT_DIR set, CARGO_TARGET_DIR unset). One summary line per stage.
#   1. constant time: lwc-tests/tests/reliability_ct.rs under valgrind memcheck (key and plaintext
#      marked undefined through client requests), dispatched backends; zero memcheck errors expected.
#      The only suppressions are the tag-decision branches of the AEAD decrypt functions (counted and
#      printed). A negative control (a table lookup at a secret index) must be reported.
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

# The declassification of the tag check: the secret-dependent "tag right?" branch inside each
# AEAD's decrypt function (the top frame must be that function itself, not an inlined callee).
# Symbol names are matched mangled (valgrind matches suppressions against mangled names).
cat > "$WORK/ct.supp" <<'EOF'
{
   ascon-aead-tag-decision
   Memcheck:Cond
   fun:_ZN9lwc_ascon9aead_mode7decrypt17h*
}
{
   sparkle-schwaemm-tag-decision
   Memcheck:Cond
   fun:_ZN*lwc_sparkle..aead..Schwaemm*$u20$as$u20$aead..AeadInOut$GT$22decrypt_inout_detached17h*
}
EOF

# Path of the reliability_ct test executable (built if needed) for the current RUSTFLAGS/target dir.
ct_binary() {
  cargo test -q -p lwc-tests --test reliability_ct --no-run --message-format=json 2>/dev/null \
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
  local t0=$SECONDS bin log
  bin=$(ct_binary || true)
  [ -n "$bin" ] || { echo "could not build the reliability_ct test"; cargo test -p lwc-tests --test reliability_ct --no-run; return 1; }
  log="$WORK/$1.log"
  if ! valgrind -v --error-exitcode=1 --suppressions="$WORK/ct.supp" "$bin" --test-threads=1 --nocapture >"$log" 2>&1; then
    grep -v '^--' "$log" | tail -80
    summary "$1" "FAILED (memcheck errors or test failure)"
    return 1
  fi
  local errors supp tests backends
  errors=$(grep -m1 'ERROR SUMMARY' "$log" | sed 's/.*SUMMARY: \([0-9]*\) errors.*/\1/')
  supp=$(grep 'used_suppression' "$log" | awk '{s += $3} END {print s + 0}')
  tests=$(grep -o 'test result: ok\. [0-9]* passed' "$log" | grep -o '[0-9]* passed')
  backends=$(grep -o 'backends: .*' "$log" | head -1 | sed 's/ valgrind=true//')
  # Negative control: a branch on a classified byte must be reported.
  if valgrind --error-exitcode=1 "$bin" --ignored --exact ct_negative_control >"$log.neg" 2>&1 \
    || ! grep -A1 'Use of uninitialised value' "$log.neg" | grep -q 'ct_negative_control'; then
    tail -20 "$log.neg"
    summary "$1" "FAILED (negative control not detected: client requests ineffective)"
    return 1
  fi
  summary "$1" "ok: $tests tests, memcheck errors $errors, tag decisions declassified $supp, negative control detected; $backends ($((SECONDS - t0)) s)"
}

if want ct; then
  memcheck "memcheck (dispatched)"
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
  fail=0
  for t in $(cargo +nightly fuzz list --fuzz-dir fuzz); do
    log="$WORK/fuzz-$t.log"
    if cargo +nightly fuzz run -O --fuzz-dir fuzz "$t" -- -max_total_time="$FUZZ_SECONDS" -print_final_stats=1 >"$log" 2>&1; then
      runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
      cov=$(grep -oE '(#[0-9]+|DONE) .*cov: [0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+' || true)
      corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
      summary "fuzz $t" "ok: ${runs:-?} executions in ${FUZZ_SECONDS} s, ${cov:-cov: ?} edges, corpus $corpus"
    else
      grep -v '^INFO' "$log" | tail -40
      summary "fuzz $t" "FAILED (artifact in fuzz/artifacts/$t)"
      fail=1
    fi
  done
  [ "$fail" -eq 0 ]
fi
