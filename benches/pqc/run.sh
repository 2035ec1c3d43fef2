#!/usr/bin/env bash
# ML-KEM-768 and ML-DSA-65 (RustCrypto's ml-kem 0.3.4 and ml-dsa 0.1.2) timed with RustCrypto's
# sha3 0.12 / shake 0.1 and with lwc-keccak swapped in, the way a user of ml-kem swaps it: the
# same program built twice, the second time from a copy whose Cargo.toml adds
#   [patch.crates-io] sha3 = { path = "<lwc>/compat/sha3-0.12" }, shake = { path = "<lwc>/compat/shake-0.1" }
# `cargo tree` must show lwc-keccak in the second graph and not in the first; both binaries must
# print the same output fingerprints; then the two alternate ROUNDS times (default 7), each run
# taking the minimum of 20 batches of about 2 ms per operation, and the table gives each side's
# minimum and the ratio (lwc-keccak / RustCrypto, time: below 1 = faster with ours).
# Usage: benches/pqc/run.sh [ROUNDS]   (RUSTFLAGS apply to both builds; PQC_BUILD_ONLY=1: build
# and check, no timing)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-7}
out="$root/target/pqc"
mkdir -p "$out/lwc-src"
cp -r "$here/src" "$here/Cargo.toml" "$here/Cargo.lock" "$out/lwc-src/"
cat >> "$out/lwc-src/Cargo.toml" <<TOML

[patch.crates-io]
sha3 = { path = "$root/compat/sha3-0.12" }
shake = { path = "$root/compat/shake-0.1" }
TOML
cargo build -q --release --manifest-path "$here/Cargo.toml" --target-dir "$out/rustcrypto"
cargo build -q --release --manifest-path "$out/lwc-src/Cargo.toml" --target-dir "$out/lwc"
if cargo tree -q --manifest-path "$here/Cargo.toml" -i lwc-keccak >/dev/null 2>&1; then
  echo "pqc: the RustCrypto build has lwc-keccak in its graph"; exit 1
fi
cargo tree -q --manifest-path "$out/lwc-src/Cargo.toml" -i lwc-keccak >/dev/null \
  || { echo "pqc: the patched build does not use lwc-keccak"; exit 1; }
rc="$out/rustcrypto/release/pqc-bench"
lwc="$out/lwc/release/pqc-bench"
if ! diff <("$rc" check) <("$lwc" check); then
  echo "pqc: the two builds compute different outputs"; exit 1
fi
# benches/portable/build.sh takes the two binaries from here.
[ -z "${PQC_BUILD_ONLY:-}" ] || exit 0
# The table: benches/portable/run.py's pqc section, on these two binaries.
mkdir -p "$out/bin"
ln -sf "$rc" "$out/bin/pqc-rustcrypto"
ln -sf "$lwc" "$out/bin/pqc-lwc"
python3 "$root/benches/portable/run.py" --only pqc --rounds "$rounds" --bin "$out/bin"
