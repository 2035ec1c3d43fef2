#!/usr/bin/env bash
# Prints callgrind instruction counts (Ir) per byte for lwc-sparkle at 4096 B (and 64 B), measured over
# the whole call: Ir(ITER calls) - Ir(0 calls), divided by ITER x size. Needs valgrind.
#
# Usage: benches/sparkle_callgrind.sh [extra RUSTFLAGS]
#   e.g. benches/sparkle_callgrind.sh '--cfg sparkle_backend="portable"'   (portable backend only)
#        benches/sparkle_callgrind.sh '-C target-cpu=native'
# Columns: the backend the dispatcher picks ("auto"), then each backend forced at run time, then
# "cfg-portable": a second build with --cfg sparkle_backend="portable" (the documented way to force
# the portable backend; what the issue's targets are for). SPARKLE_BACKENDS="auto avx2 bmi2
# portable cfg-portable" by default; a backend that the CPU lacks prints "-".
# SPARKLE_ALGS selects algorithms; SPARKLE_SIZES the sizes (default "4096 64").
# Targets (issue 5, portable, default x86_64 target, 4096 B): Esch256 <= 60, Esch384 <= 95,
# Schwaemm256-128 <= 31, Schwaemm128-128 <= 41 (C++ seed: 91.2 / 142.1 / 47.5 / 62.4).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind not found" >&2; exit 1; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/sparkle-callgrind"
RUSTFLAGS="${1:-}" cargo build -q --release -p lwc-sparkle --example sparkle_callgrind
BIN="$CARGO_TARGET_DIR/release/examples/sparkle_callgrind"
ITER=20
BACKENDS=${SPARKLE_BACKENDS:-auto avx2 bmi2 portable cfg-portable}
if [[ " $BACKENDS " == *" cfg-portable "* ]]; then
    CARGO_TARGET_DIR="$CARGO_TARGET_DIR-portable" RUSTFLAGS="${1:-} --cfg sparkle_backend=\"portable\"" \
        cargo build -q --release -p lwc-sparkle --example sparkle_callgrind
fi
PORTABLE_BIN="$CARGO_TARGET_DIR-portable/release/examples/sparkle_callgrind"
SIZES=${SPARKLE_SIZES:-4096 64}
ir() { # algorithm size iterations backend
    local log rc=0 bin="$BIN"
    local args=("$1" "$2" "$3")
    case "$4" in
        auto) ;;
        cfg-portable) bin="$PORTABLE_BIN" ;;
        *) args+=("$4") ;;
    esac
    log=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "${args[@]}" 2>&1) || rc=$?
    if [ "$rc" = 3 ]; then echo unavailable; return; fi
    [ "$rc" = 0 ] || { echo "valgrind failed for $*:" >&2; echo "$log" | tail -20 >&2; exit 1; }
    echo "$log" | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
printf '%-18s' "Ir/byte"
for size in $SIZES; do for b in $BACKENDS; do printf ' %14s' "$b@$size"; done; done
echo
for alg in ${SPARKLE_ALGS:-esch256 esch384 schwaemm256_128 schwaemm128_128 xoesch256 xoesch384 schwaemm192_192 schwaemm256_256}; do
    printf '%-18s' "$alg"
    for size in $SIZES; do
        for b in $BACKENDS; do
            base=$(ir "$alg" "$size" 0 "$b")
            if [ "$base" = unavailable ]; then printf ' %14s' -; continue; fi
            full=$(ir "$alg" "$size" "$ITER" "$b")
            printf ' %14s' "$(awk -v a="$full" -v b="$base" -v n="$ITER" -v s="$size" 'BEGIN { printf "%.1f", (a - b) / (n * s) }')"
        done
    done
    echo
done
