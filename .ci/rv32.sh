#!/usr/bin/env bash
# The RV32 instruction counter (issue 23): builds benches/rv32 (a static no_std program) for
# riscv32imac-unknown-none-elf with three target-feature sets, runs it under qemu-riscv32 user mode
# and prints instructions per byte for each function. Fails when a build fails or any output is
# wrong (the program checks known-answer vectors and its results against literals in every run).
#
# Count: `qemu-riscv32 -cpu "$cpu" -d in_asm,exec,nochain` (each translated block's instructions summed over its
# executions, .ci/rv32.awk), which gives the same figure as `-singlestep -d exec,nochain` line
# counts (one line per instruction) about 20 times faster; RV32_SINGLESTEP=1 counts the
# `-singlestep` log lines instead. One call is the difference between the runs with N and 2N calls
# (RV32_N, default 1) over N; per byte over the function's input length.
#   bash .ci/rv32.sh                 all three builds
#   RV32_VARIANTS=zbb,zbkb bash .ci/rv32.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CI_FAMILY=rv32
# shellcheck source=lib.sh
source .ci/lib.sh
base="${CARGO_TARGET_DIR:-$PWD/target}"
triple=riscv32imac-unknown-none-elf
n="${RV32_N:-1}"
IFS=' ' read -r -a variants <<<"${RV32_VARIANTS:-base zbb zbb,zbkb}"
# name:input length:anchor (instructions per byte; "-" where the issue names none)
functions=(
  "aead128_encrypt_64:64:107 (ascon-c asm_rv32i, rv32imac)"
  "aead128_encrypt_4096:4096:60.67 (asm_rv32i) / 41.44 (thesis Zbkb bi32)"
  "hash256_4096:4096:134.8 (ascon-c bi32 Zbb) / 115.77 (thesis Zbkb bi32)"
  "sha3_256_16384_lwc:16384:<= 0.75x sha3"
  "sha3_256_16384_sha3:16384:RustCrypto sha3 0.12"
)

flags() { # variant -> RUSTFLAGS
  case $1 in
    base) echo "" ;;
    *) echo "-C target-feature=+${1//,/,+}" ;;
  esac
}

build() {
  RUSTFLAGS="$(flags "$1")" CARGO_TARGET_DIR="$base/rv32-${1//,/-}" \
    cargo build -q --release --locked --manifest-path benches/rv32/Cargo.toml --target "$triple"
}

# cpu VARIANT: the qemu CPU with exactly the variant's bit-manipulation extensions (so a stray
# instruction of another extension stops the run: SIGILL).
cpu() {
  local c=rv32,zba=false,zbc=false,zbs=false
  case ,$1, in *,zbb,*) c+=,zbb=true ;; *) c+=,zbb=false ;; esac
  case ,$1, in *,zbkb,*) c+=,zbkb=true ;; esac
  echo "$c"
}

exe() { echo "$base/rv32-${1//,/-}/$triple/release/rv32count"; }

# count EXE NAME CALLS: instructions executed by one run (the program's status is checked).
count() {
  if [ -n "${RV32_SINGLESTEP:-}" ]; then
    { qemu-riscv32 -cpu "$cpu" -singlestep -d exec,nochain -D /dev/fd/3 "$1" "$2" "$3" 3>&1 1>&2; } | grep -c '^Trace'
  else
    { qemu-riscv32 -cpu "$cpu" -d in_asm,exec,nochain -D /dev/fd/3 "$1" "$2" "$3" 3>&1 1>&2; } | awk -f .ci/rv32.awk
  fi
}

declare -A cell
t0=$SECONDS
for v in "${variants[@]}"; do
  step "build ($v)" build "$v"
  e=$(exe "$v")
  cpu=$(cpu "$v")
  # Every function once and every vector, without qemu's log: the status says whether all are right.
  quiet qemu-riscv32 -cpu "$cpu" "$e"
  for f in "${functions[@]}"; do
    IFS=: read -r name len _ <<<"$f"
    a=$(count "$e" "$name" "$n") || { echo "rv32: FAILED: $name ($v)"; exit 1; }
    b=$(count "$e" "$name" $((2 * n))) || { echo "rv32: FAILED: $name ($v)"; exit 1; }
    cell[$name,$v]=$(awk -v a="$a" -v b="$b" -v n="$n" -v l="$len" 'BEGIN { printf "%.2f", (b - a) / n / l }')
  done
  summary "counted ($v)" "ok"
done

printf '\n| function | %s | anchor |\n|---|%s---|\n' "$(printf '%s | ' "${variants[@]}" | sed 's/ | $//')" \
  "$(printf -- '---:|%.0s' "${variants[@]}")"
for f in "${functions[@]}"; do
  IFS=: read -r name _ anchor <<<"$f"
  row="| $name |"
  for v in "${variants[@]}"; do row+=" ${cell[$name,$v]} |"; done
  echo "$row $anchor |"
done
for v in "${variants[@]}"; do
  awk -v a="${cell[sha3_256_16384_lwc,$v]}" -v b="${cell[sha3_256_16384_sha3,$v]}" -v v="$v" \
    'BEGIN { printf "SHA3-256 16 KiB ours / sha3 (%s): %.3f\n", v, a / b }'
done
summary "RV32 counts" "ok ($((SECONDS - t0)) s)"
