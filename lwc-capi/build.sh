#!/usr/bin/env bash
# Builds liblwc for C: `bash lwc-capi/build.sh [PROFILE]` (PROFILE `release`, the default, or
# `small`, the size build of README "Size"). Prints the folder it wrote, and only that, on
# standard output: <cargo target dir>/<PROFILE>/dist, by default lwc-capi/target/release/dist
# (CARGO_TARGET_DIR moves it). The folder holds
#   liblwc.a        the static library, one object whose only global symbols are `lwc_*` (so it
#                   links beside any other Rust static library: see below)
#   liblwc.so.0     the shared library (SONAME liblwc.so.0), and liblwc.so, a link to it for `-llwc`
# and the header is lwc-capi/include/lwc.h.
#
# Why the extra step after cargo: a Rust staticlib carries its own copy of `core` and the
# panic-handler and personality symbols (`rust_begin_unwind`, `rust_eh_personality`) as global
# symbols, which collide with those of any other Rust staticlib built with std
# ("multiple definition of rust_eh_personality"). `ld -r` joins the members a program of the
# `lwc_*` functions would pull into one relocatable object, and `objcopy --keep-global-symbol`
# makes every other symbol in it local; undefined references to the C library stay as they are.
set -euo pipefail
PROFILE=${1:-release}
case $PROFILE in
  release) ;;
  small) export RUSTFLAGS="${RUSTFLAGS:-} --cfg keccak_backend=\"compact\"" ;;
  *) echo "usage: bash lwc-capi/build.sh [release|small]" >&2; exit 2 ;;
esac
HERE=$(cd "$(dirname "$0")" && pwd -P)
TARGET=${CARGO_TARGET_DIR:-$HERE/target}
cargo build -q --profile "$PROFILE" --manifest-path "$HERE/Cargo.toml" >&2
LIB=$TARGET/$PROFILE
OUT=$LIB/dist
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd -P)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The library's own functions: the global, defined `lwc_*` symbols of cargo's archive.
readelf -sW "$LIB/liblwc.a" | awk '$5 == "GLOBAL" && $7 != "UND" && $8 ~ /^lwc_/ { print $8 }' |
  sort -u >"$TMP/keep"
[ -s "$TMP/keep" ] || { echo "build.sh: no lwc_* symbols in $LIB/liblwc.a" >&2; exit 1; }
undef=()
while read -r s; do undef+=(-u "$s"); done <"$TMP/keep"
ld -r "${undef[@]}" "$LIB/liblwc.a" -o "$TMP/lwc.o"
# COMDAT groups (core's `DW.ref.rust_eh_personality`) are merged by name across objects: the
# other library's copy would be dropped for ours, whose symbol is local, leaving its references
# undefined. Each group signature gets an `lwc.` prefix, so no group is shared.
renames=()
while read -r g; do renames+=(--redefine-sym "$g=lwc.$g"); done < <(
  readelf -gW "$TMP/lwc.o" | sed -n 's/^COMDAT group section .*\[\(.*\)\] contains.*/\1/p' | sort -u)
objcopy "${renames[@]}" --keep-global-symbols="$TMP/keep" --remove-section=.llvmbc \
  --remove-section=.llvmcmd "$TMP/lwc.o" "$TMP/liblwc.o"
rm -f "$OUT/liblwc.a"
ar rcs "$OUT/liblwc.a" "$TMP/liblwc.o"

# Check: nothing but lwc_* is global and defined.
if readelf -sW "$OUT/liblwc.a" | awk '($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" && $8 !~ /^lwc_/' | grep -q .; then
  echo "build.sh: $OUT/liblwc.a defines global symbols other than lwc_*:" >&2
  readelf -sW "$OUT/liblwc.a" | awk '($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" && $8 !~ /^lwc_/' >&2
  exit 1
fi

cp "$LIB/liblwc.so" "$OUT/liblwc.so.0"
ln -sf liblwc.so.0 "$OUT/liblwc.so"
echo "$OUT"
