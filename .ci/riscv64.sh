#!/usr/bin/env bash
# riscv64 CI stage (called by .ci/run from the repository root, LWC_KAT_DIR set): the tests of
# the four family crates and lwc-tests for riscv64gc-unknown-linux-gnu under qemu-riscv64
# (.ci/runner), linked with Debian's riscv64-linux-gnu-gcc. All vector files by default; set
# LWC_TESTS_QUICK=1 for the reduced sets (see the report of the stage's times).
# Needs: rustup target riscv64gc-unknown-linux-gnu; Debian gcc-riscv64-linux-gnu,
# libc6-dev-riscv64-cross, qemu-user.
set -euo pipefail
cd "$(dirname "$0")/.."
CI_FAMILY=riscv64
source .ci/lib.sh

export CARGO_TARGET_RISCV64GC_UNKNOWN_LINUX_GNU_LINKER=riscv64-linux-gnu-gcc
export CARGO_TARGET_RISCV64GC_UNKNOWN_LINUX_GNU_RUNNER=".ci/runner riscv64gc-unknown-linux-gnu"

tests() {
  cargo test -q -p lwc-keccak -p lwc-ascon -p lwc-sparkle -p lwc-lemac -p lwc-tests \
    --target riscv64gc-unknown-linux-gnu
}
step "riscv64gc tests (qemu, LWC_TESTS_QUICK=${LWC_TESTS_QUICK:-unset})" tests
