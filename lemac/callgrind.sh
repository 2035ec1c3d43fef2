#!/usr/bin/env bash
# Callgrind instruction counts (Ir) per byte of lwc-lemac calls: Ir(ITER calls) - Ir(0 calls),
# divided by ITER x size (key setup excluded). Needs valgrind. Valgrind hides VAES (CPUID), so
# the two-message path is counted on its AES-NI fallback.
# Usage: lemac/callgrind.sh [extra RUSTFLAGS]    e.g. '-C target-cpu=native'
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/lemac-callgrind"
RUSTFLAGS="${1:-}" cargo build -q --release -p lwc-lemac --example lemac_callgrind
BIN="$CARGO_TARGET_DIR/release/examples/lemac_callgrind"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" "$3" 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'; }
printf '%-8s %10s %12s\n' call size "Ir/B"
for call in ${LEMAC_CALLS:-compute stream petit}; do
  for size in ${LEMAC_SIZES:-64 1024 16384 1048576}; do
    n=$(( size >= 1048576 ? 3 : 20 ))
    base=$(ir "$call" "$size" 0); full=$(ir "$call" "$size" "$n")
    printf '%-8s %10s %12s\n' "$call" "$size" "$(awk -v a="$full" -v b="$base" -v n="$n" -v s="$size" 'BEGIN { printf "%.4f", (a - b) / (n * s) }')"
  done
done
