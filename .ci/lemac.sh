#!/usr/bin/env bash
# LeMac family CI stages (called by .ci/run from the repository root, LWC_KAT_DIR set):
#   1. the crate and vector tests with only the portable backend (and the `aes` crate software-only);
#   2. aarch64 under qemu-user (-cpu max has the crypto extensions): the ARMv8 backend against the
#      portable one and every vector file.
set -euo pipefail
cd "$(dirname "$0")/.."

summary() { printf '%-28s %s\n' "lemac: $1" "$2"; }
t0=$SECONDS

# --- 1. portable backend forced -------------------------------------------------------------
BASE_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
# A separate folder: the RUSTFLAGS below would otherwise invalidate the common build.
export CARGO_TARGET_DIR="$BASE_TARGET_DIR/lemac-portable"
RUSTFLAGS='--cfg lemac_backend="portable" --cfg aes_backend="soft"' \
  cargo test -q -p lwc-lemac >/dev/null
LWC_LEMAC_EXPECT_BACKEND=Portable RUSTFLAGS='--cfg lemac_backend="portable" --cfg aes_backend="soft"' \
  cargo test -q -p lwc-tests --no-default-features --features lemac --test lemac >/dev/null
summary "portable backend" "ok ($((SECONDS - t0)) s)"
export CARGO_TARGET_DIR="$BASE_TARGET_DIR"

# --- 2. aarch64 under qemu ----------------------------------------------------------------------
t1=$SECONDS
# The aarch64 target, cross gcc and qemu-aarch64 are installed by `.ci/run setup`.
# Linker and runner (qemu-aarch64 -cpu max, under a time limit) come from .cargo/config.toml.
export LWC_TESTS_QUICK=1
out=$(cargo test -q -p lwc-lemac --target aarch64-unknown-linux-gnu -- --nocapture 2>&1) || { echo "$out"; exit 1; }
LWC_LEMAC_EXPECT_BACKEND=Armv8 cargo test -q -p lwc-tests --no-default-features --features lemac --test lemac \
  --target aarch64-unknown-linux-gnu >/dev/null
summary "aarch64 (qemu, ARMv8 AES)" "ok ($((SECONDS - t1)) s)"
