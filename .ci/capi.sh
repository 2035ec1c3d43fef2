#!/usr/bin/env bash
# C bindings stage (lwc-capi, outside the workspace): lwc-capi/build.sh (cargo's release build,
# then the static library reduced to one object whose only global symbols are lwc_*, and the
# shared library with its SONAME); the crate's Rust unit tests, also under Miri; the committed header = cbindgen's output (when cbindgen is
# installed: `cargo install cbindgen --locked` took 9.6 min here on 2 busy cores, so CI setup
# must cache it or skip the diff); the header alone under -Wredundant-decls in C and C++; the C
# test (official vectors as literal hex) linked statically, dynamically and under ASan/UBSan;
# the exported symbols; liblwc.a beside another Rust staticlib built with std, in both link
# orders; the README's quick-start commands as written; then the size build (`small`, its C
# test and the size of a SHA3-256-only program, gated at SIZE_LIMIT bytes: README "Size").
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib.sh
source .ci/lib.sh
CI_FAMILY=capi
ROOT=$PWD
export CARGO_TARGET_DIR="$PWD/target/bindings"
L=$CARGO_TARGET_DIR/release/dist
W=(-Wall -Wextra -Werror -Ilwc-capi/include)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

step "build.sh (staticlib + cdylib, lwc_* only)" bash lwc-capi/build.sh
# The crate's own Rust tests (src/tests.rs: the hash functions with output overlapping input or
# state), natively and under Miri, which reports the aliasing of a shared and a mutable slice.
step "Rust unit tests" cargo test -q --manifest-path lwc-capi/Cargo.toml --lib
step "Rust unit tests under Miri" env CARGO_TARGET_DIR="$PWD/target/bindings-miri" \
  MIRIFLAGS=-Zmiri-strict-provenance cargo +nightly miri test -q --manifest-path lwc-capi/Cargo.toml --lib
header_diff() {
  (cd lwc-capi && cbindgen --quiet --config cbindgen.toml --crate lwc-capi --output "$CARGO_TARGET_DIR/lwc.h") &&
    diff -u lwc-capi/include/lwc.h "$CARGO_TARGET_DIR/lwc.h"
}
if command -v cbindgen >/dev/null; then
  step "lwc.h = cbindgen output" header_diff
else
  summary "lwc.h = cbindgen output" "skipped: cbindgen not installed"
fi
header_check() {
  gcc -x c "${W[@]}" -Wredundant-decls lwc-capi/c/header.c -x none "$L/liblwc.a" -o "$TMP/header-c" &&
    "$TMP/header-c" &&
    g++ -x c++ "${W[@]}" -Wredundant-decls lwc-capi/c/header.c -x none "$L/liblwc.a" -o "$TMP/header-cpp" &&
    "$TMP/header-cpp"
}
step "lwc.h in C and C++ (-Wredundant-decls)" header_check
c_test() {
  gcc -O2 "${W[@]}" lwc-capi/c/test.c "$L/liblwc.a" -o "$TMP/lwc-test" && "$TMP/lwc-test" &&
    gcc -O2 "${W[@]}" lwc-capi/c/test.c -L"$L" -llwc -Wl,-rpath,"$L" -o "$TMP/lwc-test-shared" &&
    "$TMP/lwc-test-shared" &&
    gcc -O2 "${W[@]}" lwc-capi/c/example.c "$L/liblwc.a" -o "$TMP/lwc-example" &&
    [ "$("$TMP/lwc-example" foo)" = 76d3bc41c9f588f7fcd0d5bf4718f8f84b1c41b20882703100b9eb9413807c01 ]
}
step "C test and example (gcc, static and shared)" c_test
sanitized() {
  gcc -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all "${W[@]}" lwc-capi/c/test.c \
    "$L/liblwc.a" -o "$TMP/lwc-test-asan" && "$TMP/lwc-test-asan"
}
step "C test under ASan and UBSan" sanitized
symbols() {
  local extra
  readelf -d "$L/liblwc.so" | grep -q 'Library soname: \[liblwc.so.0\]' ||
    { echo "liblwc.so has no SONAME liblwc.so.0"; return 1; }
  extra=$(nm -D --defined-only "$L/liblwc.so" | awk '$3 !~ /^lwc_/')
  [ -z "$extra" ] || { echo "liblwc.so exports more than lwc_*: $extra"; return 1; }
  extra=$(readelf -sW "$L/liblwc.a" | awk '($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" && $8 !~ /^lwc_/')
  [ -z "$extra" ] || { echo "liblwc.a defines more than lwc_*: $extra"; return 1; }
}
step "SONAME, only lwc_* exported (.so and .a)" symbols
# A second Rust staticlib built with std (a Vec, so the allocator and std's panic runtime and
# personality link in), made here with cargo (std only: no registry access): liblwc.a must link
# before and after it, and both must work.
beside() {
  mkdir -p "$TMP/other/src" &&
    printf '[package]\nname = "other"\nversion = "0.1.0"\nedition = "2021"\n[lib]\ncrate-type = ["staticlib"]\n[workspace]\n' \
      >"$TMP/other/Cargo.toml" &&
    printf '#[no_mangle]\npub extern "C" fn other_sum(n: usize) -> usize {\n    let v: Vec<usize> = (1..=n).collect();\n    v.iter().sum()\n}\n' \
      >"$TMP/other/src/lib.rs" &&
    CARGO_TARGET_DIR="$TMP/other/target" cargo build -q --offline --release --manifest-path "$TMP/other/Cargo.toml" &&
    local o=$TMP/other/target/release/libother.a sys=(-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc) &&
    gcc "${W[@]}" lwc-capi/c/beside.c "$L/liblwc.a" "$o" "${sys[@]}" -o "$TMP/beside1" && "$TMP/beside1" &&
    gcc "${W[@]}" lwc-capi/c/beside.c "$o" "$L/liblwc.a" "${sys[@]}" -o "$TMP/beside2" && "$TMP/beside2"
}
step "liblwc.a beside a std Rust staticlib, both orders" beside
# The README's quick start, as a new user types it (from a folder holding only lwc-capi, so its
# programs land there, not in the checkout).
readme() {
  local block
  block=$(readme_block lwc-capi/README.md quickstart) || { echo "no quickstart block in lwc-capi/README.md"; return 1; }
  mkdir -p "$TMP/user" && ln -s "$ROOT/lwc-capi" "$TMP/user/lwc-capi" &&
    (cd "$TMP/user" && bash -euo pipefail -c "$block") >"$TMP/readme.out" &&
    cat "$TMP/readme.out" &&
    [ "$(grep -c '^76d3bc41c9f588f7fcd0d5bf4718f8f84b1c41b20882703100b9eb9413807c01$' "$TMP/readme.out")" -eq 3 ]
}
step "README quick start (static, rpath, LD_LIBRARY_PATH)" readme
SIZE_FLAGS=(-Os -Ilwc-capi/include -ffunction-sections -fdata-sections -Wl,--gc-sections -s)
gcc "${SIZE_FLAGS[@]}" lwc-capi/c/example.c "$L/liblwc.a" -o "$TMP/lwc-example-small"
summary "SHA3-256-only program (stable, release)" "$(stat -c %s "$TMP/lwc-example-small") bytes"

SIZE_LIMIT=16600
S=$CARGO_TARGET_DIR/small/dist
step "size build (build.sh small: compact)" bash lwc-capi/build.sh small
small_test() {
  gcc -O2 "${W[@]}" lwc-capi/c/test.c "$S/liblwc.a" -o "$TMP/lwc-test-small" && "$TMP/lwc-test-small"
}
step "C test (size build)" small_test
size_gate() {
  gcc "${SIZE_FLAGS[@]}" lwc-capi/c/example.c "$S/liblwc.a" -o "$TMP/lwc-example-small" &&
    [ "$("$TMP/lwc-example-small" foo)" = 76d3bc41c9f588f7fcd0d5bf4718f8f84b1c41b20882703100b9eb9413807c01 ] &&
    local size && size=$(stat -c %s "$TMP/lwc-example-small") &&
    summary "SHA3-256-only program (stable, small)" "$size bytes (limit $SIZE_LIMIT)" &&
    if [ "$size" -gt "$SIZE_LIMIT" ]; then
      echo "capi: SHA3-256-only program is $size bytes, over $SIZE_LIMIT"
      return 1
    fi
}
size_gate
