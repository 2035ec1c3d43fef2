#!/usr/bin/env bash
# SPARKLE family CI stages (called by .ci/run from the repository root, LWC_KAT_DIR set):
#   1. the crate tests (all features: also tests/compat.rs, the digest 0.10 / aead 0.5 face) and
#      all 14 vector files with the portable backend forced at build time
#      (--cfg sparkle_backend="portable"), so the portable code is tested on every CI target even
#      where the CPU would pick the AVX2 backend;
#   2. all vector files again with the BMI2 build of the portable code and with the AVX2 backend
#      forced at run time (LWC_SPARKLE_BACKEND=bmi2 / avx2), when the CPU has them (the common
#      stages run what the dispatcher picks: AVX-512 where the CPU has AVX-512F/VL).
set -euo pipefail
cd "$(dirname "$0")/.."

summary() { printf '%-34s %s\n' "sparkle: $1" "$2"; }

t0=$SECONDS
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/sparkle-portable"
RUSTFLAGS='--cfg sparkle_backend="portable"' cargo test -q -p lwc-sparkle --all-features >/dev/null
LWC_SPARKLE_BACKEND=portable RUSTFLAGS='--cfg sparkle_backend="portable"' \
  cargo test -q -p lwc-tests --no-default-features --features sparkle --test sparkle_kat >/dev/null
summary "portable backend (cfg)" "ok ($((SECONDS - t0)) s)"
unset CARGO_TARGET_DIR

t1=$SECONDS
if grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  LWC_SPARKLE_BACKEND=bmi2 cargo test -q -p lwc-tests --no-default-features --features sparkle --test sparkle_kat >/dev/null
  summary "BMI2 backend (run time)" "ok ($((SECONDS - t1)) s)"
else
  summary "BMI2 backend (run time)" "skipped: CPU has no BMI2"
fi

t2=$SECONDS
if grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  LWC_SPARKLE_BACKEND=avx2 cargo test -q -p lwc-tests --no-default-features --features sparkle --test sparkle_kat >/dev/null
  summary "AVX2 backend (run time)" "ok ($((SECONDS - t2)) s)"
else
  summary "AVX2 backend (run time)" "skipped: CPU has no AVX2/BMI2"
fi
