#!/usr/bin/env bash
# Constant-time evidence (issue 22): the `ct` stage of .ci/run, from the repository root. One
# summary line per step, then the stage's time.
#   1. trace equivalence (x86_64 Linux): lwc-tests/tests/reliability_trace.rs, release build. Its
#      negative controls (a secret-dependent branch and an early-exit comparison must be seen; they
#      must not be skipped here), then the ignored full matrix: every keyed operation of the four
#      families, every backend this CPU supports (forced one by one; the AVX-512 and VAES ones that
#      valgrind cannot run included), the lengths TRACE_LENGTHS below, under ptrace single-stepping; one process per
#      family, Keccak's in two (half of its backends each), in parallel. Elsewhere: a "skipped" line.
#   2. memcheck (.ci/reliability.sh ct ct-portable): the ctgrind-style check of
#      lwc-tests/tests/reliability_ct.rs on the dispatched and the portable backends, with its two
#      negative controls (a secret table index; an early-exit tag comparison patched into Ascon's
#      decrypt).
#   3. trace-aarch64 (not in the default steps: its own stage, `bash .ci/ct.sh trace-aarch64`):
#      lwc-tests/tests/reliability_trace_qemu.rs built for aarch64-unknown-linux-gnu (release: the
#      code that ships; the binary the test-aarch64 stage's release build already made), run under qemu-user by
#      .ci/runner; it traces children under `qemu-aarch64 -singlestep -d exec,nochain`, -cpu max and
#      cortex-a72, every aarch64 backend, three secret sets, lengths TRACE_LENGTHS_AARCH64; one
#      process per family, in parallel.
# valgrind comes from `.ci/run setup`. Usage: bash .ci/ct.sh [trace] [memcheck] [trace-aarch64]
# (default: trace memcheck)
set -euo pipefail
cd "$(dirname "$0")/.."
export CI_FAMILY=ct
# shellcheck source=lib.sh
source .ci/lib.sh
T0=$SECONDS
# The lengths CI traces: empty, one byte, one block and one block plus a byte at 16 and 64 bytes (the
# four families' rates and LeMac's block), and 170 bytes (two Keccak blocks at rate 168, many for the
# others). With keccak's bi32 backend traced too the earlier list (0, 1, 15..17, 63..65, 200) took
# the x86 trace about 1000 s of the CI run; set LWC_TRACE_LENGTHS to trace more. Single-stepping runs about 25 000
# instructions a second here, and the test's own default list ends at 1000 bytes, which alone made
# the stage about 20 minutes: LWC_TRACE_LENGTHS=0,1,15,16,17,63,64,65,1000 bash .ci/ct.sh trace
# runs that full list.
TRACE_LENGTHS=${LWC_TRACE_LENGTHS:-0,1,16,17,64,65,170}
# Keccak (KMAC at rates 168 and 136, absorbed in 8-byte lanes): the 64/65-byte edges are no edges for
# it; and its trace is the stage's long pole (22.8 million single-stepped instructions, 537 s,
# against at most 7.3 million and 210 s for each other family at the full list): 0, 1, 16, 17, 170.
TRACE_LENGTHS_KECCAK=${LWC_TRACE_LENGTHS:-0,1,16,17,170}
# Under qemu: the edges of the 16- and 64-byte blocks (every length costs a child's log).
TRACE_LENGTHS_AARCH64=${LWC_TRACE_LENGTHS_AARCH64:-0,1,16,17,64,65}
# Keccak there too without the 64/65 edges (its 17.5 + 15.4 million logged instructions on the two
# CPUs, 210 + 115 s, were the aarch64 stage's long pole).
TRACE_LENGTHS_AARCH64_KECCAK=${LWC_TRACE_LENGTHS_AARCH64:-0,1,16,17}
STEPS=("$@")
[ ${#STEPS[@]} -gt 0 ] || STEPS=(trace memcheck)
want() { local s; for s in "${STEPS[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Path of the release executable of lwc-tests' test TEST (built if needed); further arguments go to
# cargo (e.g. --target).
test_binary() {
  local test=$1; shift
  cargo test -q --release -p lwc-tests --test "$test" "$@" --no-run --message-format=json 2>/dev/null \
    | TEST=$test python3 -c '
import json, os, sys
for line in sys.stdin:
    m = json.loads(line) if line.startswith("{") else {}
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == os.environ["TEST"] and m.get("executable"):
        print(m["executable"])'
}

trace_controls() { # the default-run tests, required to run (not "skipped") here
  local out
  out=$("$1" --test-threads=1 --nocapture 2>&1) || { echo "$out"; return 1; }
  if grep -q '^skipped' <<<"$out"; then
    echo "$out"
    echo "ptrace single-stepping is unavailable on this machine"
    return 1
  fi
}

trace_equivalence() {
  local bin fam lengths rc=0 t0=$SECONDS
  local -A pid
  bin=$(test_binary reliability_trace || true)
  [ -n "$bin" ] || { cargo test --release -p lwc-tests --test reliability_trace --no-run; return 1; }
  summary "trace test build" "ok ($((SECONDS - t0)) s)"
  step "trace negative controls and smoke test" trace_controls "$bin" || return
  t0=$SECONDS
  # One process per family, Keccak's (the long pole: about 1100 s alone, the others about 230 s
  # each) split over its backends in two halves (LWC_TRACE_SHARD: places 0, 2, 4 of its backend
  # list, portable x86_bmi x86_avx512, and 1, 3, bi32 x86_avx2), so that both cores stay busy.
  local jobs=(ascon sparkle keccak:0/2 keccak:1/2 lemac) job fam shard
  for job in "${jobs[@]}"; do
    fam=${job%%:*}
    shard=${job#*:}
    [ "$shard" = "$job" ] && shard=0/1
    lengths=$TRACE_LENGTHS
    [ "$fam" = keccak ] && lengths=$TRACE_LENGTHS_KECCAK
    LWC_TRACE_FAMILY=$fam LWC_TRACE_SHARD=$shard LWC_TRACE_LENGTHS="$lengths" \
      "$bin" --ignored --exact full_trace_equivalence --nocapture \
      >"$WORK/trace-${job//\//-}.log" 2>&1 &
    pid[$job]=$!
  done
  for job in "${jobs[@]}"; do
    local log="$WORK/trace-${job//\//-}.log" name="trace ${job/:/ backends }"
    fam=${job%%:*}
    if wait "${pid[$job]}"; then
      summary "$name" "ok: $(grep -o '^trace: '"$fam"' (.*' "$log" | sed 's/^trace: [a-z]* //')"
      summary "$name" "$(grep -o '^trace equivalence: .*' "$log" | sed 's/^trace equivalence: //')"
    else
      grep -v '^   \|^  [0-9]*: \|^note: ' "$log" | tail -60
      summary "$name" "FAILED (secret-dependent control flow, a control pair that did not differ, or a tracer error)"
      rc=1
    fi
  done
  summary "trace equivalence" "$([ $rc -eq 0 ] && echo ok || echo FAILED) ($((SECONDS - t0)) s)"
  return $rc
}

trace_aarch64() {
  local bin fam lengths rc=0 t0=$SECONDS
  local -A pid
  # The package set of the test-aarch64 stage (its release build, features unified the same way):
  # the binary that stage built, nothing compiled again.
  local same=(-p lwc-keccak -p lwc-ascon -p lwc-sparkle -p lwc-lemac --target aarch64-unknown-linux-gnu)
  bin=$(test_binary reliability_trace_qemu "${same[@]}" || true)
  [ -n "$bin" ] || { cargo test --release -p lwc-tests "${same[@]}" --test reliability_trace_qemu --no-run; return 1; }
  summary "aarch64 trace test build" "ok ($((SECONDS - t0)) s)"
  t0=$SECONDS
  for fam in ascon sparkle keccak lemac; do
    lengths=$TRACE_LENGTHS_AARCH64
    [ "$fam" = keccak ] && lengths=$TRACE_LENGTHS_AARCH64_KECCAK
    LWC_TRACE_FAMILY=$fam LWC_TRACE_LENGTHS="$lengths" LWC_RUNNER_TIMEOUT=${LWC_RUNNER_TIMEOUT:-900} \
      .ci/runner aarch64-unknown-linux-gnu "$bin" --ignored --exact qemu_trace_equivalence --nocapture \
      >"$WORK/trace-aarch64-$fam.log" 2>&1 &
    pid[$fam]=$!
  done
  for fam in ascon sparkle keccak lemac; do
    if wait "${pid[$fam]}"; then
      while read -r line; do summary "trace aarch64 $fam" "ok: $line"; done \
        < <(grep -o '^trace-qemu: -cpu .*' "$WORK/trace-aarch64-$fam.log" | sed 's/^trace-qemu: [a-z]* *//')
    else
      tail -60 "$WORK/trace-aarch64-$fam.log"
      summary "trace aarch64 $fam" "FAILED (secret-dependent control flow, a control that did not differ, or a tracer error)"
      rc=1
    fi
  done
  summary "trace equivalence aarch64" "$([ $rc -eq 0 ] && echo ok || echo FAILED) ($((SECONDS - t0)) s)"
  return $rc
}

rc=0
if want trace-aarch64; then
  trace_aarch64 || rc=1
fi
if want trace; then
  if [ "$(uname -s)-$(uname -m)" = Linux-x86_64 ]; then
    trace_equivalence || rc=1
  else
    summary "trace equivalence" "skipped: x86_64 Linux only (this is $(uname -s)-$(uname -m))"
  fi
fi
if want memcheck; then
  bash .ci/reliability.sh ct ct-portable || rc=1
fi
summary "total" "$([ $rc -eq 0 ] && echo ok || echo FAILED) ($((SECONDS - T0)) s)"
exit $rc
