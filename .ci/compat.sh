#!/usr/bin/env bash
# The `compat` stage: each facade of compat/ (a package of its own, outside the workspace) is
# formatted, clippy-clean with every feature and with none, builds without std for a bare-metal
# target, passes its own tests (tiny-keccak-2's agreement with the real crate, ...) and its docs
# build without warnings. Features a facade lists under [package.metadata.lwc] nightly-features
# (keccak 0.1's `simd`, nightly-only as in the original) are left out of the stable runs and
# tested once with +nightly; .ci/copied_text.py finds prose or code shared word for word with a
# crate a facade mirrors. The published suites run in the peer-suites stage (.ci/peer_suites.py).
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="$PWD/target"
ok=0
fail() { echo "compat: $*"; ok=1; }
for toml in compat/*/Cargo.toml; do
  dir=$(dirname "$toml")
  echo "== $dir"
  # Every feature but the nightly ones, as a --features list (empty: none to add).
  read -r stable nightly < <(python3 - "$toml" <<'PY'
import sys, tomllib
m = tomllib.load(open(sys.argv[1], "rb"))
nightly = set(m.get("package", {}).get("metadata", {}).get("lwc", {}).get("nightly-features", []))
feats = sorted(set(m.get("features", {})) - {"default"} - nightly)
print(",".join(feats) or "-", ",".join(sorted(nightly)) or "-")
PY
)
  all=(--features "${stable/#-/}")
  cargo fmt --manifest-path "$toml" -- --check || fail "$dir is not formatted"
  cargo clippy -q --manifest-path "$toml" --all-targets "${all[@]}" -- -D warnings -D missing_docs \
    || fail "clippy (every stable feature) failed in $dir"
  cargo clippy -q --manifest-path "$toml" --no-default-features -- -D warnings \
    || fail "clippy (no default features) failed in $dir"
  cargo build -q --manifest-path "$toml" --no-default-features --target thumbv7em-none-eabihf \
    || fail "the no_std build failed in $dir"
  cargo test -q --manifest-path "$toml" "${all[@]}" || fail "the tests of $dir failed"
  if [ "$nightly" != - ]; then
    cargo +nightly test -q --manifest-path "$toml" --all-features || fail "the nightly tests of $dir failed"
  fi
  RUSTDOCFLAGS=-Dwarnings cargo doc -q --manifest-path "$toml" --no-deps "${all[@]}" \
    || fail "docs failed in $dir"
done
# No sentence or code of a mirrored crate in a facade or family crate (facts only: names,
# signatures, constants, behaviour).
python3 .ci/copied_text.py || fail "text copied from a mirrored crate (above)"
exit $ok
