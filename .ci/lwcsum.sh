#!/usr/bin/env bash
# lwcsum: the tool has one cargo feature per family; check that every single-family build (and
# the build with no family) compiles without warnings, so a family can land late or alone.
set -euo pipefail
for f in "" keccak ascon sparkle lemac; do
  start=$SECONDS
  cargo clippy -q -p lwcsum --no-deps --all-targets --no-default-features ${f:+--features "$f"} -- -D warnings
  echo "lwcsum: clippy --no-default-features ${f:+--features $f} ok ($((SECONDS - start)) s)"
done
