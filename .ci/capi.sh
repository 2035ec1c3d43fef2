#!/usr/bin/env bash
# C bindings stage (lwc-capi, outside the workspace): release build of the static and shared
# library, the committed header = cbindgen's output (when cbindgen is installed: `cargo install
# cbindgen --locked` took 9.6 min here on 2 busy cores, so CI setup must cache it or skip the
# diff), the C test (official vectors as literal hex) linked statically and dynamically with the
# system gcc, the example; then the size build (`--profile small`, `--cfg keccak_backend="compact"`,
# in target/bindings/small), its C test, and the size of a SHA3-256-only program built with it,
# gated at SIZE_LIMIT bytes (tiny_sha3's own executable, lwc-capi/README.md "Size").
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib.sh
source .ci/lib.sh
CI_FAMILY=capi
export CARGO_TARGET_DIR="$PWD/target/bindings"
L=$CARGO_TARGET_DIR/release

step "build (staticlib + cdylib)" cargo build -q --release --manifest-path lwc-capi/Cargo.toml
header_diff() {
  (cd lwc-capi && cbindgen --quiet --config cbindgen.toml --crate lwc-capi --output "$CARGO_TARGET_DIR/lwc.h") &&
    diff -u lwc-capi/include/lwc.h "$CARGO_TARGET_DIR/lwc.h"
}
if command -v cbindgen >/dev/null; then
  step "lwc.h = cbindgen output" header_diff
else
  summary "lwc.h = cbindgen output" "skipped: cbindgen not installed"
fi
c_test() {
  gcc -O2 -Wall -Wextra -Werror -Ilwc-capi/include lwc-capi/c/test.c "$L/liblwc.a" -o "$L/lwc-test" && "$L/lwc-test" &&
    gcc -O2 -Wall -Wextra -Werror -Ilwc-capi/include lwc-capi/c/test.c -L"$L" -llwc -Wl,-rpath,"$L" -o "$L/lwc-test-shared" &&
    "$L/lwc-test-shared" &&
    gcc -O2 -Wall -Wextra -Werror -Ilwc-capi/include lwc-capi/c/example.c "$L/liblwc.a" -o "$L/lwc-example" &&
    [ "$("$L/lwc-example" foo)" = 76d3bc41c9f588f7fcd0d5bf4718f8f84b1c41b20882703100b9eb9413807c01 ]
}
step "C test and example (gcc, static and shared)" c_test
SIZE_FLAGS=(-Os -Ilwc-capi/include -ffunction-sections -fdata-sections -Wl,--gc-sections -s)
gcc "${SIZE_FLAGS[@]}" lwc-capi/c/example.c "$L/liblwc.a" -o "$L/lwc-example-small"
summary "SHA3-256-only program (stable, release)" "$(stat -c %s "$L/lwc-example-small") bytes"

SIZE_LIMIT=16600
S=$CARGO_TARGET_DIR/small
small_build() {
  RUSTFLAGS='--cfg keccak_backend="compact"' cargo build -q --profile small --manifest-path lwc-capi/Cargo.toml
}
step "size build (small, compact)" small_build
small_test() {
  gcc -O2 -Wall -Wextra -Werror -Ilwc-capi/include lwc-capi/c/test.c "$S/liblwc.a" -o "$S/lwc-test" && "$S/lwc-test"
}
step "C test (size build)" small_test
size_gate() {
  gcc "${SIZE_FLAGS[@]}" lwc-capi/c/example.c "$S/liblwc.a" -o "$S/lwc-example-small" &&
    [ "$("$S/lwc-example-small" foo)" = 76d3bc41c9f588f7fcd0d5bf4718f8f84b1c41b20882703100b9eb9413807c01 ] &&
    local size && size=$(stat -c %s "$S/lwc-example-small") &&
    summary "SHA3-256-only program (stable, small)" "$size bytes (limit $SIZE_LIMIT)" &&
    if [ "$size" -gt "$SIZE_LIMIT" ]; then
      echo "capi: SHA3-256-only program is $size bytes, over $SIZE_LIMIT"
      return 1
    fi
}
size_gate
