#!/usr/bin/env bash
# The `each-feature` stage: every feature of the family crates and the facades builds on its own
# (what `cargo hack check --each-feature --no-dev-deps` does, without installing it): for each
# package, `cargo check --lib` with no features, then with each feature alone (default included),
# warnings denied, so a feature that needs another it does not enable, or code one combination
# leaves unused, fails here. Every feature together is the test-all-features and compat stages'.
# Features a facade lists as nightly-only ([package.metadata.lwc] nightly-features) are checked
# with +nightly.
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="$PWD/target"
ok=0
checks=0
for toml in dispatch/Cargo.toml keccak/Cargo.toml ascon/Cargo.toml lemac/Cargo.toml \
  sparkle/Cargo.toml compat/*/Cargo.toml; do
  # One line per feature set: "<toolchain> <features>" ("-" for none).
  while read -r toolchain feats; do
    checks=$((checks + 1))
    args=(--no-default-features)
    [ "$feats" = - ] || args+=(--features "$feats")
    if ! RUSTFLAGS="${RUSTFLAGS:-} -D warnings" cargo "+$toolchain" check -q --lib \
      --manifest-path "$toml" "${args[@]}"; then
      echo "each-feature: $toml with ${feats/#-/no features} fails"
      ok=1
    fi
  done < <(python3 - "$toml" <<'PY'
import sys, tomllib
m = tomllib.load(open(sys.argv[1], "rb"))
nightly = set(m.get("package", {}).get("metadata", {}).get("lwc", {}).get("nightly-features", []))
print("stable -")
for f in sorted(m.get("features", {})):
    print(("nightly " if f in nightly else "stable ") + f)
PY
)
done
echo "each-feature: $checks feature sets checked"
exit $ok
