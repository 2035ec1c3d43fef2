#!/usr/bin/env bash
# Python bindings stage (lwc-py, outside the workspace): the README's two blocks as written, from
# the repository root (a venv in .venv, `pip install ./lwc-py`, then maturin, pytest and
# pycryptodome from lwc-py/tests/requirements.txt, `maturin develop --release` and pytest against
# hashlib, pycryptodome and the official vectors under LWC_KAT_DIR); then the suite as a fresh
# clone runs it, without the vector folder: its vector tests skip, and fail when CI is set.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib.sh
source .ci/lib.sh
CI_FAMILY=python
export CARGO_TARGET_DIR="$PWD/target/bindings"
# SHA3-256("abc"), FIPS 202's example: what the README's install block prints.
ABC=3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT

install() {
  local block
  block=$(readme_block lwc-py/README.md install) || { echo "no install block in lwc-py/README.md"; return 1; }
  bash -euo pipefail -c "$block" >"$OUT" && cat "$OUT" && [ "$(tail -n 1 "$OUT")" = "$ABC" ]
}
step "README install (venv, pip install ./lwc-py)" install
develop() {
  local block
  block=$(readme_block lwc-py/README.md develop) || { echo "no develop block in lwc-py/README.md"; return 1; }
  [ -d "$LWC_KAT_DIR" ] || { echo "LWC_KAT_DIR=$LWC_KAT_DIR is not a folder"; return 1; }
  bash -euo pipefail -c "$block"
}
step "README develop (maturin develop, pytest with the vectors)" develop
fresh_clone() {
  env -u LWC_KAT_DIR -u CI .venv/bin/python -m pytest -q lwc-py/tests >"$OUT" 2>&1 || { cat "$OUT"; return 1; }
  grep -Eq '[0-9]+ passed, [0-9]+ skipped' "$OUT" || { cat "$OUT"; echo "no vector test was skipped"; return 1; }
  if env -u LWC_KAT_DIR CI=true .venv/bin/python -m pytest -q lwc-py/tests/test_lwc.py -k kt_official >"$OUT" 2>&1; then
    cat "$OUT"
    echo "with CI set and no LWC_KAT_DIR, the vector test passed instead of failing"
    return 1
  fi
  grep -q 'CI is set but LWC_KAT_DIR is not' "$OUT" || { cat "$OUT"; return 1; }
}
step "no vector folder: skipped, failed under CI" fresh_clone
