#!/usr/bin/env bash
# The `package` CI stage: the six published crates are publishable and their packages work alone.
#   1. `cargo publish --dry-run --no-verify`: packages lwc-dispatch (the backend table the family
#      crates share), lwc-sparkle, lwc-ascon, lwc-lemac, lwc-keccak and lwcsum in dependency order
#      (cargo resolves the unpublished workspace crates from a local
#      overlay of the packages it just made) and checks what crates.io would check of the manifests;
#      the build cargo publish would verify with is step 2's build of the same packages (building
#      them twice cost this stage about 90 s);
#   2. each packaged crate, unpacked from its .crate file, builds and passes its own tests (all
#      features for the libraries, so the digest 0.10 / aead 0.5 tests run too), with the sibling
#      crates lwcsum needs patched to their unpacked packages, not the workspace folders: what a user
#      downloads from crates.io is what is tested;
#   3. every package holds LICENSE-MIT, LICENSE-APACHE and README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib.sh
source .ci/lib.sh
CI_FAMILY=package

CRATES=(lwc-dispatch lwc-sparkle lwc-ascon lwc-lemac lwc-keccak lwcsum)
VERSION=$(cargo metadata --no-deps --format-version 1 \
  | python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "lwc-keccak"))')
BASE_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
UNPACKED="$BASE_TARGET_DIR/package-unpacked"

dry_run() {
  local args=()
  for c in "${CRATES[@]}"; do args+=(-p "$c"); done
  cargo publish --dry-run --no-verify ${PACKAGE_ALLOW_DIRTY:+--allow-dirty} "${args[@]}"
}
step "cargo publish --dry-run (${CRATES[*]})" dry_run
# The .crate files themselves (the dry run keeps them in a scratch folder): the same packaging,
# without building again.
package_files() {
  local args=()
  for c in "${CRATES[@]}"; do args+=(-p "$c"); done
  cargo package -q --no-verify ${PACKAGE_ALLOW_DIRTY:+--allow-dirty} "${args[@]}"
}
step "cargo package (.crate files)" package_files

rm -rf "$UNPACKED"
mkdir -p "$UNPACKED"
for c in "${CRATES[@]}"; do
  tar -xzf "$BASE_TARGET_DIR/package/$c-$VERSION.crate" -C "$UNPACKED"
  for f in LICENSE-MIT LICENSE-APACHE README.md; do
    [ -f "$UNPACKED/$c-$VERSION/$f" ] || { echo "package: $c-$VERSION.crate has no $f"; exit 1; }
  done
done
summary "packages hold LICENSE-MIT, LICENSE-APACHE, README.md" ok

# The unpacked packages instead of crates.io for the workspace crates (not published yet).
PATCHES=()
for c in lwc-dispatch lwc-sparkle lwc-ascon lwc-lemac lwc-keccak; do
  PATCHES+=(--config "patch.crates-io.$c.path=\"$UNPACKED/$c-$VERSION\"")
done
package_tests() {
  local c=$1 features=$2
  # The workspace's target folder: the registry dependencies the other stages built with the same
  # features are reused (the unpacked packages themselves, other sources, build apart).
  (cd "$UNPACKED/$c-$VERSION" && CARGO_TARGET_DIR="$BASE_TARGET_DIR" \
    cargo test -q "${PATCHES[@]}" $features)
}
step "lwc-dispatch package: cargo test" package_tests lwc-dispatch ""
for c in lwc-sparkle lwc-ascon lwc-lemac lwc-keccak; do
  step "$c package: cargo test --all-features" package_tests "$c" --all-features
done
step "lwcsum package: cargo test" package_tests lwcsum ""
