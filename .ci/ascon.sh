#!/usr/bin/env bash
# Family-specific CI stages for lwc-ascon (called by .ci/run from the repository root, LWC_KAT_DIR
# set; every tool is installed by `.ci/run setup`):
#  1. the pyascon (PyPI `ascon` 0.0.9, Ascon v1.2) differential test (.ci/gen/pyascon.py writes
#     the vectors);
#  2. the vector tests once per run-time backend this CPU has besides the preferred one (which the
#     workspace stage runs): LWC_BACKEND=portable, x86_bmi;
#  3. the other word representation (x86_64: --cfg ascon_backend="bi32", which also compiles out
#     x86_avx512; i686: --cfg ascon_backend="u64", crate tests), and the crate tests on x86_64 with
#     --cfg ascon_backend="u64" (x86_avx512 compiled out: the documented cfg);
#  4. x86_64 and i686 with every non-portable backend compiled out (--cfg lwc_force_portable),
#     crate tests.
set -euo pipefail
cd "$(dirname "$0")/.."
CI_FAMILY=ascon
# shellcheck source=lib.sh
source .ci/lib.sh
export LWC_KAT_DIR="${LWC_KAT_DIR:-../shared/kat}"
base="${CARGO_TARGET_DIR:-target}"
vectors=(--test ascon_kat --test ascon_vectors --test ascon_diff)

# ---- 1. pyascon ----
pyascon() {
  local vec out
  vec=$(mktemp /tmp/ascon_pyascon.XXXXXX)
  # From `/`, so `import ascon` finds the installed package, not a folder of this checkout.
  (cd / && python3 "$OLDPWD/.ci/gen/pyascon.py" "$vec")
  out=$(ASCON_PYASCON_VECTORS="$vec" cargo test -q $WORKSPACE_TESTS \
    --test ascon_diff pyascon_differential -- --nocapture 2>&1) || { echo "$out"; rm -f "$vec"; return 1; }
  rm -f "$vec"
  # The test passes without comparing anything when the variable is unset: make sure it compared.
  echo "$out" | grep -E "pyascon: [0-9]+ records agreed" || { echo "$out"; return 1; }
}
step "pyascon 0.0.9 differential" pyascon

# ---- 2. every run-time backend of this CPU ----
each_backend ascon "vectors (run time)" cargo test -q $WORKSPACE_TESTS "${vectors[@]}"

# ---- 3. the other word representation ----
forced() { # target cfg dir-suffix: crate tests and vector tests with RUSTFLAGS="--cfg $cfg"
  local target=$1 cfg=$2 dir="$base/ascon-ci-$3"
  CARGO_TARGET_DIR="$dir" RUSTFLAGS="--cfg $cfg" cargo test -q -p lwc-ascon --target "$target" &&
    CARGO_TARGET_DIR="$dir" RUSTFLAGS="--cfg $cfg" cargo test -q -p lwc-tests --no-default-features \
      --features ascon --target "$target" "${vectors[@]}"
}
step 'x86_64, ascon_backend="bi32"' forced x86_64-unknown-linux-gnu 'ascon_backend="bi32"' bi32
step 'x86_64, ascon_backend="u64"' env CARGO_TARGET_DIR="$base/ascon-ci-u64" \
  RUSTFLAGS='--cfg ascon_backend="u64"' cargo test -q -p lwc-ascon --all-features
# i686 binaries run natively where the kernel can (.ci/runner): the full vector sets; under
# qemu-i386 the reduced ones.
# i686 with u64 words: the crate tests (their spot vectors, RustCrypto peers on random inputs, every
# backend against portable). u64 words on a 32-bit target also run every vector file in test-wasm
# (wasm32's default), and bi32 on x86 every vector file in test-i686 (i686's default).
step "i686 ($(i686_how)), ascon_backend=\"u64\"" env CARGO_TARGET_DIR="$base/ascon-ci-u64-i686" \
  RUSTFLAGS='--cfg ascon_backend="u64"' cargo test -q -p lwc-ascon --target i686-unknown-linux-gnu

# ---- 4. portable only (crate tests: the same code as the dispatched paths, plain codegen) ----
# The target folder and RUSTFLAGS of the ct stage's portable memcheck (.ci/reliability.sh
# ct-portable), so the two share their dependencies' builds.
step "x86_64, lwc_force_portable" env CARGO_TARGET_DIR="$base/reliability-portable" \
  RUSTFLAGS='--cfg lwc_force_portable --cfg aes_backend="soft"' cargo test -q -p lwc-ascon
# i686 without dispatch: the plain bi32 words with the scalar two-word conversions (the default
# i686 run, in the workspace cross tests, takes the SSE2 conversions and, on BMI CPUs, x86_bmi).
step "i686 ($(i686_how)), lwc_force_portable" env CARGO_TARGET_DIR="$base/ascon-ci-portable-i686" \
  RUSTFLAGS="--cfg lwc_force_portable" cargo test -q -p lwc-ascon --target i686-unknown-linux-gnu
