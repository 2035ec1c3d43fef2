#!/usr/bin/env bash
# SPARKLE family CI stages (called by .ci/run from the repository root, LWC_KAT_DIR set):
#   1. the crate tests (all features: also tests/compat.rs, the digest 0.10 / aead 0.5 face) and
#      all 14 vector files with the portable backend forced at build time
#      (--cfg sparkle_backend="portable"), so the portable code is tested on every CI target even
#      where the CPU would pick an x86 backend;
#   2. all vector files again with each x86 backend forced at run time (LWC_BACKEND=x86_bmi,
#      x86_avx2, x86_avx512), where the CPU has it (the common stages run what the dispatch picks).
set -euo pipefail
cd "$(dirname "$0")/.."
CI_FAMILY=sparkle
source .ci/lib.sh

kat() { cargo test -q "$@" --test sparkle_kat; }

# In a subshell: its target directory and RUSTFLAGS stay out of the later steps.
portable() (
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/sparkle-portable"
  export RUSTFLAGS='--cfg sparkle_backend="portable"'
  cargo test -q -p lwc-sparkle --all-features
  LWC_BACKEND=portable kat -p lwc-tests --no-default-features --features sparkle
)
step "portable backend (cfg)" portable

each_backend sparkle "vectors (run time)" kat $WORKSPACE_TESTS
