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
python3 - "$rc" "$lwc" "$rounds" <<'PY'
import subprocess, sys, time, platform
rc, lwc, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
best = {}
order = []
for _ in range(rounds):
    for side, exe in (("rc", rc), ("lwc", lwc)):
        for line in subprocess.run([exe, "time", "20"], check=True, capture_output=True, text=True).stdout.splitlines():
            ns, name = line.split(" ", 1)
            if name not in order:
                order.append(name)
            key = (name, side)
            best[key] = min(best.get(key, float("inf")), float(ns))
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu}, {rounds} alternated rounds, minimum per side")
print()
print("| operation | RustCrypto sha3/shake (µs) | lwc-keccak (µs) | lwc / RustCrypto |")
print("|---|---:|---:|---:|")
tot = {"rc": 0.0, "lwc": 0.0}
for name in order:
    a, b = best[(name, "rc")], best[(name, "lwc")]
    print(f"| {name} | {a / 1e3:.2f} | {b / 1e3:.2f} | {b / a:.3f} |")
for group in ("ML-KEM-768", "ML-DSA-65"):
    a = sum(best[(n, "rc")] for n in order if n.startswith(group))
    b = sum(best[(n, "lwc")] for n in order if n.startswith(group))
    print(f"| {group}: the three together | {a / 1e3:.2f} | {b / 1e3:.2f} | {b / a:.3f} |")
PY
