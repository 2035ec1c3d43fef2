#!/usr/bin/env bash
# Builds every timing program once into a folder (the kit) that runs where there is no Rust and no
# network, with only python3 and a shell: copy it there and run `python3 run.py`.
#
#   bin/anchors-default, bin/anchors-x86-64-v4   benches' `anchors` program (ours, RustCrypto,
#       keccak-asm, XKCP, tiny-keccak in one binary; it compares every output before timing),
#       built by default and with RUSTFLAGS='-C target-cpu=x86-64-v4' CFLAGS='-march=x86-64-v4'
#       (the anchors choose their code at build time, ours at run time)
#   bin/kt_threads-default, bin/kt_threads-x86-64-v4   the threaded KT128 against the serial path
#   bin/pqc-rustcrypto, bin/pqc-lwc   benches/pqc built with RustCrypto's sha3/shake and with ours
#   bin/lwcsum, bin/b3sum   lwcsum (default build) and b3sum at its newest release
#   run.py   runs them all and prints the tables (python3 run.py --help)
#
# Usage: benches/portable/build.sh [KIT]   (default target/portable-kit). Needs what the
# `anchors` feature needs (benches/setup-anchors.sh) and the network for b3sum.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kit=${1:-$root/target/portable-kit}
work="$root/target/portable"
rm -rf "$kit"
mkdir -p "$kit/bin" "$work"
for build in default x86-64-v4; do
  if [ "$build" = default ]; then rust="" c=""; else rust="-C target-cpu=$build" c="-march=$build"; fi
  env RUSTFLAGS="$rust" CFLAGS="$c" cargo build -q --release --manifest-path "$root/Cargo.toml" \
    -p benches --features anchors --bin anchors --bin kt_threads --target-dir "$work/$build"
  cp "$work/$build/release/anchors" "$kit/bin/anchors-$build"
  cp "$work/$build/release/kt_threads" "$kit/bin/kt_threads-$build"
done
cargo build -q --release --manifest-path "$root/Cargo.toml" -p lwcsum --target-dir "$work/default"
cp "$work/default/release/lwcsum" "$kit/bin/lwcsum"
cargo install -q --locked b3sum --root "$work/b3sum"
cp "$work/b3sum/bin/b3sum" "$kit/bin/b3sum"
PQC_BUILD_ONLY=1 bash "$root/benches/pqc/run.sh"
cp "$root/target/pqc/rustcrypto/release/pqc-bench" "$kit/bin/pqc-rustcrypto"
cp "$root/target/pqc/lwc/release/pqc-bench" "$kit/bin/pqc-lwc"
cp "$here/run.py" "$kit/run.py"
git -C "$root" describe --always --dirty > "$kit/COMMIT"
echo "kit: $kit ($(du -sh "$kit" | cut -f1)); run: python3 $kit/run.py"
