#!/usr/bin/env bash
# Python bindings stage (lwc-py, outside the workspace): a venv under target/ with maturin,
# pytest and pycryptodome (prebuilt wheels), `maturin develop --release`, then pytest (hashlib,
# pycryptodome and the official vectors under LWC_KAT_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib.sh
source .ci/lib.sh
CI_FAMILY=python
export CARGO_TARGET_DIR="$PWD/target/bindings"
VENV=$PWD/target/venv

venv() {
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check maturin==1.16.0 pytest==9.2.0 pycryptodome==4.4.0
}
step "venv (maturin, pytest, pycryptodome)" venv
step "maturin develop --release" env VIRTUAL_ENV="$VENV" PATH="$VENV/bin:$PATH" \
  "$VENV/bin/maturin" develop -q --release -m lwc-py/Cargo.toml
step "pytest" "$VENV/bin/python" -m pytest -q lwc-py/tests
