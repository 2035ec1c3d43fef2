#!/usr/bin/env bash
# The `minimal-versions` stage: every dependency requirement of lwc-dispatch, the family crates
# and the facades is a version that works. For each family crate, a copy of it and lwc-dispatch
# (target/minimal-versions/<crate>: the main Cargo.toml's [workspace] tables with only those two
# as members) resolves its direct dependencies to the lowest versions the requirements allow
# (`cargo +nightly update -Z direct-minimal-versions`, as RustCrypto's CI does), and must then
# build with every feature and with none, and pass its library tests. Each facade of compat/ over
# that family crate then does the same as a workspace of its own (build only: its tests are the
# peer-suites stage's). One workspace per family crate, so that one crate's higher floor (ascon's
# digest 0.11.3) does not hide a lower one that another crate claims.
#
# The test peers (dev-dependencies) pin the newest of their lines and would hold shared crates
# (digest 0.10) above our floors: they are left out of the copies, as `cargo hack
# --remove-dev-deps` does, except hex-literal, which the library tests use.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/target/minimal-versions
export CARGO_TARGET_DIR=$OUT/target
ok=0
fail() { echo "minimal-versions: $*"; ok=1; }

# strip_dev_deps MANIFEST [KEEP]: removes [dev-dependencies] (keeping line KEEP) and [[test]] tables.
strip_dev_deps() {
  python3 - "$1" "${2:-}" <<'PY'
import re, sys
path, keep = sys.argv[1], sys.argv[2]
text = open(path).read() + "\n"
dev = f"[dev-dependencies]\n{keep}\n\n" if keep else ""
text = re.sub(r"(?ms)^\[dev-dependencies\]\n.*?(?=^\[|\Z)", dev, text)
text = re.sub(r"(?ms)^\[\[test\]\]\n.*?(?=^\[|\Z)", "", text)
open(path, "w").write(text)
PY
}

# stable_features MANIFEST: the features but `default` and the nightly-only ones, comma-separated.
stable_features() {
  python3 - "$1" <<'PY'
import sys, tomllib
m = tomllib.load(open(sys.argv[1], "rb"))
nightly = set(m.get("package", {}).get("metadata", {}).get("lwc", {}).get("nightly-features", []))
print(",".join(sorted(set(m.get("features", {})) - {"default"} - nightly)))
PY
}

for crate in keccak ascon lemac sparkle; do
  ws=$OUT/$crate
  rm -rf "$ws" && mkdir -p "$ws/compat"
  cp -r dispatch "$crate" "$ws/"
  python3 - "$ROOT/Cargo.toml" "$ws/Cargo.toml" "$crate" <<'PY'
import re, sys
src, dst, crate = sys.argv[1:]
text = open(src).read()
text = re.sub(r"(?ms)^members = \[.*?\]", f'members = ["dispatch", "{crate}"]', text, count=1)
text = re.sub(r"(?ms)^exclude = \[.*?\]\n", 'exclude = ["compat"]\n', text, count=1)
open(dst, "w").write(text)
PY
  strip_dev_deps "$ws/$crate/Cargo.toml" "hex-literal = { workspace = true }"
  pkg=lwc-$crate
  echo "== $pkg"
  if ! (cd "$ws" && cargo +nightly update -Z direct-minimal-versions); then
    fail "$pkg: no resolution at the lowest versions"
    continue
  fi
  (cd "$ws" && cargo tree -p "$pkg" --all-features -e normal,build --depth 1)
  (cd "$ws" && cargo build -p "$pkg" --all-features) || fail "$pkg does not build at the lowest versions"
  (cd "$ws" && cargo build -p "$pkg" --no-default-features) \
    || fail "$pkg does not build at the lowest versions without default features"
  (cd "$ws" && cargo test -p "$pkg" --all-features --lib) \
    || fail "$pkg's library tests fail at the lowest versions"
  # The facades over this family crate (their manifests name it by path).
  for dir in "$ROOT"/compat/*/; do
    name=$(basename "$dir")
    grep -q "path = \"../../$crate\"" "$dir/Cargo.toml" || continue
    cp -r "$dir" "$ws/compat/$name"
    toml=$ws/compat/$name/Cargo.toml
    strip_dev_deps "$toml"
    echo "== compat/$name"
    if ! (cd "$ws/compat/$name" && cargo +nightly update -Z direct-minimal-versions); then
      fail "compat/$name: no resolution at the lowest versions"
      continue
    fi
    cargo build --manifest-path "$toml" --features "$(stable_features "$toml")" \
      || fail "compat/$name does not build at the lowest versions"
    cargo build --manifest-path "$toml" --no-default-features \
      || fail "compat/$name does not build at the lowest versions without default features"
  done
done
[ $ok = 0 ] && echo "minimal-versions: every crate builds and tests at its lowest versions"
exit $ok
