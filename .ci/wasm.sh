#!/usr/bin/env bash
# wasm32 CI stage (called by .ci/run from the repository root, LWC_KAT_DIR set):
#   1. wasm32-wasip1: the tests of the four family crates and lwc-tests (reduced vector sets,
#      LWC_TESTS_QUICK=1) under Node's built-in WASI (.ci/runner -> .ci/wasi.mjs: the vector
#      folder preopened, the environment passed through). Tests that need unwinding are ignored
#      there with their reason (wasm32-wasip1 aborts on panic); the ptrace test is x86_64-only.
#   2. wasm32-wasip1 with simd128 (RUSTFLAGS="-C target-feature=+simd128", its own target
#      folder): clippy of the family crates for that target (their simd128 backends compile only
#      there), their tests (each crate's backends/tests.rs checks the simd128 backends against
#      portable) and the Sparkle and Keccak vector files on the dispatched (simd128) backends.
#   3. wasm32-unknown-unknown: each family crate builds alone without default features, and with
#      them (lwc-ascon: with `alloc`, see below).
# Needs: rustup targets wasm32-wasip1 and wasm32-unknown-unknown, node (18 or later) on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
CI_FAMILY=wasm
source .ci/lib.sh

FAMILIES=(lwc-keccak lwc-ascon lwc-sparkle lwc-lemac)
fams=()
for f in "${FAMILIES[@]}"; do fams+=(-p "$f"); done
export CARGO_TARGET_WASM32_WASIP1_RUNNER=".ci/runner wasm32-wasip1"
export LWC_TESTS_QUICK=1

wasip1() { cargo test -q "${fams[@]}" -p lwc-tests --target wasm32-wasip1; }
step "wasm32-wasip1 tests (node $(node --version))" wasip1

# In a subshell: its target folder and RUSTFLAGS stay out of the later steps.
simd128() (
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/wasm-simd128"
  export RUSTFLAGS="-C target-feature=+simd128"
  cargo clippy -q "${fams[@]}" --all-targets --all-features --target wasm32-wasip1 -- -D warnings
  cargo test -q "${fams[@]}" --target wasm32-wasip1
  cargo test -q -p lwc-tests --no-default-features --features sparkle,keccak --test sparkle_kat \
    --test keccak_kat --target wasm32-wasip1
)
step "wasm32-wasip1 simd128 tests" simd128

# lwc-ascon's default `getrandom` feature (random keys and nonces, as in RustCrypto's
# ascon-aead128) needs a getrandom backend chosen by the application on wasm32-unknown-unknown
# (getrandom's `wasm_js`), so that crate's second build is `alloc` alone.
unknown() {
  local f
  for f in "${FAMILIES[@]}"; do
    cargo build -q -p "$f" --no-default-features --target wasm32-unknown-unknown || return
    if [ "$f" = lwc-ascon ]; then
      cargo build -q -p "$f" --no-default-features --features alloc --target wasm32-unknown-unknown || return
    else
      cargo build -q -p "$f" --target wasm32-unknown-unknown || return
    fi
  done
}
step "wasm32-unknown-unknown builds" unknown
