#!/usr/bin/env bash
# Keccak-family CI stages (called by .ci/run from the repo root, LWC_KAT_DIR set).
#  1. the vector/differential tests with the backend forced to `portable` (no run-time dispatch);
#  2. the same with the rolled `compact` permutation;
#  3. the `rayon` feature (KT / ParallelHash on threads, checked against k12 and the 1-thread path);
#  4. the footprint of a no_std SHA3-256-only static library for thumbv7em (opt-level "s",
#     compact backend): its .text must stay within 3 KB.
set -euo pipefail

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/keccak-ci"
tests=(--test keccak_vectors --test keccak_diff --test keccak_render)

for backend in portable compact; do
  start=$SECONDS
  RUSTFLAGS="--cfg keccak_backend=\"$backend\"" \
    cargo test -q -p lwc-tests --no-default-features --features keccak "${tests[@]}" >/tmp/keccak-ci-$backend.log 2>&1 \
    || { cat /tmp/keccak-ci-$backend.log; echo "keccak: backend=$backend tests FAILED"; exit 1; }
  RUSTFLAGS="--cfg keccak_backend=\"$backend\"" cargo test -q -p lwc-keccak >>/tmp/keccak-ci-$backend.log 2>&1 \
    || { cat /tmp/keccak-ci-$backend.log; echo "keccak: backend=$backend crate tests FAILED"; exit 1; }
  echo "keccak: backend=$backend tests ok ($((SECONDS - start)) s)"
done

start=$SECONDS
cargo test -q -p lwc-keccak --features rayon --test spot >/tmp/keccak-ci-rayon.log 2>&1 \
  || { cat /tmp/keccak-ci-rayon.log; echo "keccak: rayon tests FAILED"; exit 1; }
echo "keccak: rayon feature tests ok ($((SECONDS - start)) s)"

start=$SECONDS
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
(cd "$foot" && CARGO_TARGET_DIR="$foot/target" RUSTFLAGS='--cfg keccak_backend="compact"' \
  cargo build -q --release --target thumbv7em-none-eabihf)
# .text of the crate's own object (compiler_builtins excluded).
text=$(llvm-size -A "$foot"/target/thumbv7em-none-eabihf/release/libkeccak_footprint.a \
  | awk '/\(ex /{p = ($1 ~ /^keccak_footprint-/)} p && $1 ~ /^\.text/ {s += $2} END {print s + 0}')
rm -rf "$foot"
if [ "$text" -gt 3072 ] || [ "$text" -eq 0 ]; then
  echo "keccak: footprint .text = $text bytes (limit 3072) FAILED"
  exit 1
fi
echo "keccak: no_std SHA3-256 staticlib, thumbv7em, opt-level s, compact: .text = $text bytes ($((SECONDS - start)) s)"
