#!/usr/bin/env bash
# Family-specific CI stages for lwc-ascon (called by .ci/run from the repository root):
#  1. the pyascon (PyPI `ascon` 0.0.9, Ascon v1.2) differential test,
#  2. every ascon test again with the other word backend forced
#     (x86_64: --cfg ascon_backend="bi32"; i686: --cfg ascon_backend="u64"), and the crate tests on
#     x86_64 with --cfg ascon_backend="u64" (the u64+bmi path, without the AVX-512 backend),
#  3. x86_64 and i686 with the run-time BMI dispatch and the SSE2 conversions disabled
#     (--cfg lwc_force_portable), crate tests.
set -euo pipefail

start=$(date +%s)
stage() { echo "ascon.sh: $1 ($(($(date +%s) - start)) s)"; }

# ---- 1. pyascon ----
# pyascon is installed by `.ci/run setup`.
vec=$(mktemp /tmp/ascon_pyascon.XXXXXX)
( cd / && python3 - "$vec" <<'PY'
import random, sys
from ascon._ascon import ascon_encrypt, ascon_hash, ascon_mac
rnd = random.Random(20261130)
rb = lambda n: bytes(rnd.getrandbits(8) for _ in range(n))
h = lambda b: b.hex().upper()
out = []
lens = list(range(0, 50)) + [63, 64, 65, 127, 128, 129, 200, 255, 256, 257, 500]
for alg, kl in [("Ascon-128", 16), ("Ascon-128a", 16), ("Ascon-80pq", 20)]:
    for n in lens:
        k, nonce, ad, pt = rb(kl), rb(16), rb(rnd.randrange(0, 70)), rb(n)
        ct = ascon_encrypt(k, nonce, ad, pt, alg)
        out.append(f"Alg = {alg}\nKey = {h(k)}\nNonce = {h(nonce)}\nAD = {h(ad)}\nPT = {h(pt)}\nCT = {h(ct)}\n")
for alg in ["Ascon-Hash", "Ascon-Hasha", "Ascon-Xof", "Ascon-Xofa"]:
    for n in lens:
        m = rb(n)
        ol = 32 if alg in ("Ascon-Hash", "Ascon-Hasha") else rnd.randrange(1, 100)
        out.append(f"Alg = {alg}\nMsg = {h(m)}\nOut = {h(ascon_hash(m, alg, ol))}\n")
for alg in ["Ascon-Mac", "Ascon-Maca", "Ascon-Prf", "Ascon-Prfa", "Ascon-PrfShort"]:
    for n in (range(0, 17) if alg == "Ascon-PrfShort" else lens):
        k, m = rb(16), rb(n)
        ol = 16 if alg in ("Ascon-Mac", "Ascon-Maca") else (rnd.randrange(1, 17) if alg == "Ascon-PrfShort" else rnd.randrange(1, 100))
        out.append(f"Alg = {alg}\nKey = {h(k)}\nMsg = {h(m)}\nOut = {h(ascon_mac(k, m, alg, ol))}\n")
open(sys.argv[1], "w").write("\n".join(out) + "\n")
print(f"{len(out)} records")
PY
) >/dev/null
ASCON_PYASCON_VECTORS="$vec" cargo test -q -p lwc-tests --no-default-features --features ascon --test ascon_pyascon -- --nocapture 2>&1 \
    | grep -E "pyascon: [0-9]+ records agreed" || { echo "ascon.sh: pyascon differential FAILED"; exit 1; }
rm -f "$vec"
stage "pyascon 0.0.9 differential ok"

# ---- 2. the other word backend ----
export LWC_KAT_DIR="${LWC_KAT_DIR:-../shared/kat}"
quiet() { # runs "$@", shows its output only if it fails
    local log
    log=$(mktemp /tmp/ascon_ci.XXXXXX)
    if ! "$@" >"$log" 2>&1; then cat "$log"; rm -f "$log"; echo "ascon.sh: FAILED: $*"; exit 1; fi
    rm -f "$log"
}
run_forced() { # target cfg dir-suffix
    local target=$1 cfg=$2 dir="${CARGO_TARGET_DIR:-target}/ascon-ci-$3"
    quiet env CARGO_TARGET_DIR="$dir" RUSTFLAGS="--cfg $cfg" cargo test -q -p lwc-ascon --target "$target"
    quiet env CARGO_TARGET_DIR="$dir" RUSTFLAGS="--cfg $cfg" cargo test -q -p lwc-tests --no-default-features --features ascon --target "$target" --test ascon_kat --test ascon_vectors --test ascon_peers
}
run_forced x86_64-unknown-linux-gnu 'ascon_backend="bi32"' bi32
stage "x86_64 with ascon_backend=\"bi32\" ok"
# The u64 word backend forced on x86_64 turns the AVX-512 backend off: the modes then run the
# u64+bmi path (the default on x86_64 CPUs without AVX-512).
quiet env CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/ascon-ci-u64" RUSTFLAGS='--cfg ascon_backend="u64"' cargo test -q -p lwc-ascon --all-features
quiet env CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/ascon-ci-u64" RUSTFLAGS='--cfg ascon_backend="u64"' cargo test -q -p lwc-tests --no-default-features --features ascon --test ascon_kat
stage "x86_64 with ascon_backend=\"u64\" (no AVX-512) ok"
# i686 binaries run natively where the kernel can (.ci/runner): the full vector sets; under
# qemu-i386 the reduced ones.
if [ "$(.ci/runner --how i686-unknown-linux-gnu)" = native ]; then
    run_forced i686-unknown-linux-gnu 'ascon_backend="u64"' u64-i686
else
    LWC_TESTS_QUICK=1 run_forced i686-unknown-linux-gnu 'ascon_backend="u64"' u64-i686
fi
stage "i686 ($(.ci/runner --how i686-unknown-linux-gnu)) with ascon_backend=\"u64\" ok"

# ---- 3. no run-time dispatch (crate tests only: same code as the dispatched path, plain codegen) ----
quiet env CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/ascon-ci-portable" RUSTFLAGS="--cfg lwc_force_portable" cargo test -q -p lwc-ascon
stage "x86_64 with lwc_force_portable ok"
# i686 without dispatch: the plain bi32 path with the scalar two-word conversions (the default
# i686 run, in the workspace cross tests, takes the SSE2 conversions and, on BMI CPUs, bi32+bmi).
quiet env CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/ascon-ci-portable-i686" RUSTFLAGS="--cfg lwc_force_portable" cargo test -q -p lwc-ascon --target i686-unknown-linux-gnu
stage "i686 ($(.ci/runner --how i686-unknown-linux-gnu)) with lwc_force_portable ok"
