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
#
# Then the same program for thumbv7em-none-eabihf (Cortex-M4F, Thumb-2), built by default and with
# `--cfg keccak_backend="portable"`, run under `qemu-arm -cpu cortex-a15` user mode (an A-profile
# CPU that executes the same Thumb-2 and DSP instructions), counted the same way (.ci/rv32.awk,
# after the filter `thumb_halves` below; RV32_SINGLESTEP=1 counts `-singlestep` lines here too).
#   bash .ci/rv32.sh                 all three RV32 builds and the two thumbv7em builds
#   RV32_VARIANTS=zbb,zbkb bash .ci/rv32.sh
#   RV32_THUMB=0 bash .ci/rv32.sh    RV32 only
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

# In a Thumb `in_asm` listing, qemu's disassembler shows a few 32-bit instructions it does not
# decode as `.byte` of their first halfword (0xe800 and above: a 32-bit Thumb encoding), then a
# bogus 16-bit instruction for the second halfword. This filter drops that second line, so that
# .ci/rv32.awk counts one instruction, exactly the `-singlestep` count (checked here on
# aead128_encrypt_64 and sha3_256_16384_sha3: 472 918 and 5 555 554 both ways).
thumb_halves='/^0x[0-9a-fA-F]+:/ { if (skip) { skip = 0; next } if ($3 == ".byte" && $2 >= "e800") skip = 1; print; next } { skip = 0; print }'

# count EXE NAME CALLS: instructions executed by one run (the program's status is checked), under
# $qemu -cpu $cpu ($thumb: 1 for Thumb code).
qemu=qemu-riscv32
thumb=0
count() {
  if [ -n "${RV32_SINGLESTEP:-}" ]; then
    { "$qemu" -cpu "$cpu" -singlestep -d exec,nochain -D /dev/fd/3 "$1" "$2" "$3" 3>&1 1>&2; } | grep -c '^Trace'
  elif [ "$thumb" = 1 ]; then
    { "$qemu" -cpu "$cpu" -d in_asm,exec,nochain -D /dev/fd/3 "$1" "$2" "$3" 3>&1 1>&2; } | awk "$thumb_halves" | awk -f .ci/rv32.awk
  else
    { "$qemu" -cpu "$cpu" -d in_asm,exec,nochain -D /dev/fd/3 "$1" "$2" "$3" 3>&1 1>&2; } | awk -f .ci/rv32.awk
  fi
}

# per_byte EXE NAME LEN: instructions per byte of one call (N and 2N calls); exits on a failed run.
per_byte() {
  local a b
  a=$(count "$1" "$2" "$n") || { echo "rv32: FAILED: $2 ($1)" >&2; exit 1; }
  b=$(count "$1" "$2" $((2 * n))) || { echo "rv32: FAILED: $2 ($1)" >&2; exit 1; }
  awk -v a="$a" -v b="$b" -v n="$n" -v l="$3" 'BEGIN { printf "%.2f", (b - a) / n / l }'
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
    cell[$name,$v]=$(per_byte "$e" "$name" "$len")
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

[ "${RV32_THUMB:-1}" = 0 ] && exit 0

# thumbv7em-none-eabihf: the default build (Keccak `bi32`) and `--cfg keccak_backend="portable"`.
t0=$SECONDS
tt=thumbv7em-none-eabihf
qemu=qemu-arm
cpu=cortex-a15
thumb=1
thumb_build() { # NAME RUSTFLAGS
  RUSTFLAGS="$2" CARGO_TARGET_DIR="$base/thumb-$1" \
    cargo build -q --release --locked --manifest-path benches/rv32/Cargo.toml --target "$tt"
}
step "build (thumbv7em)" thumb_build default ""
step "build (thumbv7em, keccak portable)" thumb_build portable '--cfg keccak_backend="portable"'
te="$base/thumb-default/$tt/release/rv32count"
tp="$base/thumb-portable/$tt/release/rv32count"
quiet qemu-arm -cpu "$cpu" "$te"
quiet qemu-arm -cpu "$cpu" "$tp"
declare -A th
for f in "${functions[@]}"; do
  IFS=: read -r name len _ <<<"$f"
  th[$name]=$(per_byte "$te" "$name" "$len")
done
th[portable]=$(per_byte "$tp" sha3_256_16384_lwc 16384)
summary "counted (thumbv7em)" "ok"
printf '\n| thumbv7em-none-eabihf (qemu-arm -cpu cortex-a15) | insn/B |\n|---|---:|\n'
for f in "${functions[@]}"; do
  IFS=: read -r name _ <<<"$f"
  echo "| $name | ${th[$name]} |"
done
echo "| sha3_256_16384_lwc (keccak_backend=portable) | ${th[portable]} |"
awk -v a="${th[sha3_256_16384_lwc]}" -v b="${th[sha3_256_16384_sha3]}" -v p="${th[portable]}" \
  'BEGIN { printf "SHA3-256 16 KiB (thumbv7em) bi32 / sha3: %.3f; bi32 / portable: %.3f\n", a / b, a / p }'
summary "thumbv7em counts" "ok ($((SECONDS - t0)) s)"
