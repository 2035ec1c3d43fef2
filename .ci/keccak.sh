#!/usr/bin/env bash
# Keccak-family CI stages (called by .ci/run from the repository root, LWC_KAT_DIR set):
#   1. the crate tests and the vector tests (keccak_kat, keccak_vectors, keccak_diff,
#      keccak_permutations) with the backend forced at build time:
#      --cfg keccak_backend="portable" (no run-time dispatch), then
#      --cfg keccak_backend="compact" (the portable backend with rolled rounds);
#   2. the vector tests on every backend this CPU supports, forced at run time with
#      LWC_BACKEND=<name> (the common stages run the one the dispatch picks);
#      (the `rayon` feature's test, tests/spot.rs rayon_paths, runs in the common `test` stage:
#      lwcsum turns the feature on, and `cargo test --workspace` unifies it);
#   3. the footprint of a no_std SHA3-256-only static library for thumbv7em (opt-level "s", which
#      selects the compact backend with no flag): its .text must stay within 3 KB;
#   4. the generated aarch64 rounds (keccak/src/hazmat/backends/aarch64_{sha3,neon}/rounds.rs) are
#      what their generators write (the backends themselves run in the common stage test-aarch64).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib.sh
source .ci/lib.sh
CI_FAMILY=keccak

vector_tests=(--test keccak_kat --test keccak_vectors --test keccak_diff --test keccak_permutations)

for backend in portable compact; do
  step "backend $backend (cfg)" env CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/keccak-$backend" \
    RUSTFLAGS="--cfg keccak_backend=\"$backend\"" \
    bash -c 'cargo test -q -p lwc-keccak --all-features && cargo test -q "$@"' _ \
    -p lwc-tests --no-default-features --features keccak "${vector_tests[@]}"
done

each_backend keccak "vector tests (LWC_BACKEND)" cargo test -q $WORKSPACE_TESTS "${vector_tests[@]}"

generated_rounds() {
  local isa
  for isa in sha3 neon; do
    python3 "keccak/gen/aarch64_${isa}_rounds.py" | diff -u "keccak/src/hazmat/backends/aarch64_$isa/rounds.rs" - || return
  done
}
step "aarch64 rounds = their generator's output" generated_rounds

footprint() {
  local foot text
  foot=$(mktemp -d)
  mkdir -p "$foot/src"
  cat >"$foot/Cargo.toml" <<TOML
[package]
name = "keccak-footprint"
version = "0.0.0"
edition = "2024"
publish = false

[lib]
crate-type = ["staticlib"]

[dependencies]
lwc-keccak = { path = "$PWD/keccak", default-features = false }

[profile.release]
opt-level = "s"
panic = "abort"
codegen-units = 1
lto = true

[workspace]
TOML
  cat >"$foot/src/lib.rs" <<'RS'
#![no_std]
use lwc_keccak::{Digest, Sha3_256};

/// SHA3-256 of `len` bytes at `ptr` into 32 bytes at `out`.
///
/// # Safety
/// `ptr` must be valid for `len` bytes and `out` for 32 bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sha3_256(ptr: *const u8, len: usize, out: *mut u8) {
    // SAFETY: the caller's contract.
    let m = unsafe { core::slice::from_raw_parts(ptr, len) };
    let d = Sha3_256::digest(m);
    // SAFETY: the caller's contract.
    unsafe { core::ptr::copy_nonoverlapping(d.as_ptr(), out, 32) };
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
RS
  # No flag: opt-level "s" alone selects the compact code (keccak/build.rs).
  (cd "$foot" && CARGO_TARGET_DIR="$foot/target" \
    cargo build -q --release --target thumbv7em-none-eabihf) || { rm -rf "$foot"; return 1; }
  # .text of the crate's own object (compiler_builtins excluded).
  text=$(llvm-size -A "$foot"/target/thumbv7em-none-eabihf/release/libkeccak_footprint.a \
    | awk '/\(ex /{p = ($1 ~ /^keccak_footprint-/)} p && $1 ~ /^\.text/ {s += $2} END {print s + 0}')
  rm -rf "$foot"
  echo "no_std SHA3-256 staticlib, thumbv7em, opt-level s (no flag): .text = $text bytes (limit 3072)"
  [ "$text" -le 3072 ] && [ "$text" -gt 0 ]
}
t0=$SECONDS
if out=$(footprint 2>&1); then
  summary "footprint" "${out##*$'\n'} ($((SECONDS - t0)) s)"
else
  echo "$out"
  echo "keccak: FAILED: footprint"
  exit 1
fi
