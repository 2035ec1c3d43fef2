#!/usr/bin/env bash
# The `compat` stage: each facade of compat/ (a package of its own, outside the workspace) is
# formatted, clippy-clean with every feature and with none, builds without std for a bare-metal
# target, and its docs build without warnings. Its behaviour is proven by the published suites
# in the peer-suites stage (.ci/peer_suites.py).
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="$PWD/target"
ok=0
for toml in compat/*/Cargo.toml; do
  dir=$(dirname "$toml")
  echo "== $dir"
  cargo fmt --manifest-path "$toml" -- --check || { echo "compat: $dir is not formatted"; ok=1; }
  cargo clippy -q --manifest-path "$toml" --all-targets --all-features -- -D warnings -D missing_docs \
    || { echo "compat: clippy (all features) failed in $dir"; ok=1; }
  cargo clippy -q --manifest-path "$toml" --no-default-features -- -D warnings \
    || { echo "compat: clippy (no default features) failed in $dir"; ok=1; }
  cargo build -q --manifest-path "$toml" --no-default-features --target thumbv7em-none-eabihf \
    || { echo "compat: the no_std build failed in $dir"; ok=1; }
  RUSTDOCFLAGS=-Dwarnings cargo doc -q --manifest-path "$toml" --no-deps --all-features \
    || { echo "compat: docs failed in $dir"; ok=1; }
done
exit $ok
