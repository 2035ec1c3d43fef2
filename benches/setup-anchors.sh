#!/usr/bin/env bash
# What the benches' feature `anchors` needs from Debian (issue 20): xkcp-sys, the XKCP build
# under xkcp-rs, runs GNU make and xsltproc (XKCP's build files are XSLT) and bindgen, which loads
# libclang. gcc and make are already on the machine; perl (keccak-asm's CRYPTOGAMS scripts) too.
# Idempotent: installs only what is missing. Usage: bash benches/setup-anchors.sh
set -euo pipefail
pkgs=()
command -v xsltproc >/dev/null || pkgs+=(xsltproc)
command -v make >/dev/null || pkgs+=(make)
command -v perl >/dev/null || pkgs+=(perl)
# bindgen loads libclang.so and needs clang's own headers (stddef.h): libclang-dev brings both.
dpkg-query -W -f='${Status}' libclang-dev 2>/dev/null | grep -q 'install ok installed' \
  || pkgs+=(libclang-dev)
if [ ${#pkgs[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null
fi
