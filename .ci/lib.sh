# Shared helpers of the family CI scripts (.ci/<family>.sh): `source "$(dirname "$0")/lib.sh"`.
# The scripts run from the repository root with LWC_KAT_DIR set; every tool they need is installed
# by `.ci/run setup`, never here.

# summary LABEL TEXT: one aligned result line, "<family>: <label>  <text>".
summary() { printf '%-40s %s\n' "${CI_FAMILY:-ci}: $1" "$2"; }

# quiet COMMAND...: runs COMMAND with its output kept aside; prints the last 200 lines of it and
# names the command when it fails (and returns its status), prints nothing when it passes.
quiet() {
  local log rc=0
  log=$(mktemp /tmp/lwc-ci-quiet.XXXXXX)
  "$@" >"$log" 2>&1 || rc=$?
  if [ $rc -ne 0 ]; then
    tail -n 200 "$log"
    echo "${CI_FAMILY:-ci}: FAILED (exit $rc): $*"
  fi
  rm -f "$log"
  return $rc
}

# step LABEL COMMAND...: `quiet COMMAND`, then a summary line with the time it took.
step() {
  local label=$1 t0=$SECONDS
  shift
  quiet "$@" || return
  summary "$label" "ok ($((SECONDS - t0)) s)"
}

# The vector tests of the workspace's own build: `cargo test $WORKSPACE_TESTS --test <name>...`.
# Cargo unifies features over the packages named on its command line, so `-p lwc-tests` (or one
# family's feature) would build all four crates and lwc-tests again; `--workspace` with `--test`
# runs the test binaries the common `test` stage (`cargo test --workspace`) already built.
WORKSPACE_TESTS=--workspace

# i686_how: how i686 binaries run on this machine (`native` or `qemu`, see .ci/runner).
i686_how() { .ci/runner --how i686-unknown-linux-gnu; }

# each_backend FAMILY LABEL COMMAND...: `step` COMMAND once per backend of FAMILY's crate that this
# CPU runs, with LWC_BACKEND set to it (the vector tests force it, see lwc_tests::
# force_backend_from_env); a backend the CPU lacks gets a "skipped" line. The list and the CPU
# check come from the crate itself (`lwc-tests --example backends`), never from a copy here.
each_backend() {
  local family=$1 label=$2 list name state
  shift 2
  cargo build -q --workspace --example backends || return
  list=$("${CARGO_TARGET_DIR:-target}/debug/examples/backends" "$family") || return
  while read -r _ name state; do
    if [ "$state" = supported ]; then
      LWC_BACKEND=$name step "$label, backend $name" "$@" || return
    else
      summary "$label, backend $name" "skipped: this CPU lacks it"
    fi
  done <<<"$list"
}

# readme_block FILE NAME: the shell commands of the fenced block that follows the line
# `<!-- ci: NAME -->` in FILE (a README's commands for a new user), so that CI runs them as
# written: `bash -euo pipefail -c "$(readme_block ...)"`. Fails when there is no such block.
readme_block() {
  awk -v tag="<!-- ci: $2 -->" '
    $0 == tag { armed = 1; next }
    armed && /^```/ { if (inside) exit; inside = 1; next }
    inside { print; found = 1 }
    END { if (!found) exit 1 }' "$1"
}
