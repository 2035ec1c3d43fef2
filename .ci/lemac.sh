#!/usr/bin/env bash
# LeMac family CI stages (called by .ci/run from the repository root, LWC_KAT_DIR set):
#   1. the crate tests and the vector files with only the portable backend compiled
#      (--cfg lemac_backend="portable", and the `aes` crate software-only);
#   2. the vector files once per backend this CPU has, forced at run time (LWC_BACKEND=<name>:
#      portable, x86_aesni, x86_aesni_avx, x86_vaes, x86_avx512; the common stages run what
#      detection picks);
# (aarch64 under qemu, where the aarch64_aes backend runs, is the common stage test-aarch64 of
# .ci/run: the crate tests on -cpu max and cortex-a72, and the vector files with the dispatched
# backend and with portable forced.)
set -euo pipefail
cd "$(dirname "$0")/.."
CI_FAMILY=lemac
source .ci/lib.sh

KAT=(cargo test -q --test lemac_kat --test lemac_diff --test lemac_compat)

# --- 1. portable backend only (build time) ------------------------------------------------------
BASE_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
# A separate folder: the RUSTFLAGS below would otherwise invalidate the common build.
portable_only() {
  CARGO_TARGET_DIR="$BASE_TARGET_DIR/lemac-portable" \
    RUSTFLAGS='--cfg lemac_backend="portable" --cfg aes_backend="soft"' "$@"
}
step "portable only (cfg): crate" portable_only cargo test -q -p lwc-lemac --all-features
step "portable only (cfg): vectors" portable_only env LWC_BACKEND=portable "${KAT[@]}" -p lwc-tests --no-default-features --features lemac

# --- 2. every backend this CPU has (run time) --------------------------------------------------
each_backend lemac "vectors (run time)" "${KAT[@]}" $WORKSPACE_TESTS
