#!/usr/bin/env bash
# Prints callgrind instruction counts (Ir) per byte for lwc-sparkle at 4096 B (and 64 B), measured over
# the whole call: Ir(ITER calls) - Ir(0 calls), divided by ITER x size. Needs valgrind.
#
# Usage: benches/sparkle_callgrind.sh [extra RUSTFLAGS]
#   e.g. benches/sparkle_callgrind.sh '--cfg sparkle_backend="portable"'   (portable backend only)
#        benches/sparkle_callgrind.sh '-C target-cpu=native'
# Targets (issue 5, portable, default x86_64 target, 4096 B): Esch256 <= 60, Esch384 <= 95,
# Schwaemm256-128 <= 31, Schwaemm128-128 <= 41 (C++ seed: 91.2 / 142.1 / 47.5 / 62.4).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind not found" >&2; exit 1; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/sparkle-callgrind"
RUSTFLAGS="${1:-}" cargo build -q --release -p lwc-sparkle --example sparkle_callgrind
BIN="$CARGO_TARGET_DIR/release/examples/sparkle_callgrind"
ITER=20
ir() { # algorithm size iterations
    local log
    log=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" "$3" 2>&1) \
        || { echo "valgrind failed for $*:" >&2; echo "$log" | tail -20 >&2; exit 1; }
    echo "$log" | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
printf '%-18s %10s %10s\n' algorithm "Ir/B@4096" "Ir/B@64"
for alg in ${SPARKLE_ALGS:-esch256 esch384 schwaemm256_128 schwaemm128_128 xoesch256 xoesch384 schwaemm192_192 schwaemm256_256}; do
    row=()
    for size in 4096 64; do
        base=$(ir "$alg" "$size" 0)
        full=$(ir "$alg" "$size" "$ITER")
        row+=("$(awk -v a="$full" -v b="$base" -v n="$ITER" -v s="$size" 'BEGIN { printf "%.1f", (a - b) / (n * s) }')")
    done
    printf '%-18s %10s %10s\n' "$alg" "${row[0]}" "${row[1]}"
done
