#!/usr/bin/env python3
"""Runs the kit that benches/portable/build.sh made and prints the tables, on a machine with only
python3 and a shell (no Rust, no network).

  python3 run.py [--only anchors,kt,pqc,lwcsum] [--rounds N] [--file PATH] [--gib N] [--bin DIR]

Sections (each dated, naming the CPU):
  anchors  single-state Keccak: ours against RustCrypto, keccak-asm, XKCP and tiny-keccak, in the
           default and the x86-64-v4 build (the anchors program checks every output first, then
           alternates the sides in batches of about 10 ms; the kit runs it --rounds times and keeps
           each side's minimum); time ours / peer, below 1: ours is faster
  kt       lwc-keccak's threaded KT128 on 1 GiB in memory against its serial path, at 1, 2, 4 ...
           threads up to the core count (the program compares every thread count's digest first)
  pqc      ML-KEM-768 and ML-DSA-65 with RustCrypto's sha3/shake and with ours (outputs compared
           first, the two builds alternated)
  lwcsum   lwcsum (KT128) against b3sum on one random file (default: --gib 1 in /dev/shm), wall
           time at 1, 2, 4 ... threads, with and without mmap, the two tools alternated; digests of
           every thread count compared first
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

KIT = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.join(KIT, "bin")


def commit():
    """The commit the kit was built from (build.sh writes COMMIT), else the checkout's."""
    path = os.path.join(KIT, "COMMIT")
    if os.path.exists(path):
        return open(path).read().strip()
    try:
        return run(["git", "-C", KIT, "describe", "--always", "--dirty"]).strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cores():
    return os.cpu_count() or 1


def header(title):
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\n## {title}\n\n{stamp}, {cpu()}, {cores()} logical CPUs, load average {load}, lwc-rs {commit()}\n")


def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def thread_counts():
    n, out = 1, []
    while n < cores():
        out.append(n)
        n *= 2
    return out + [cores()]


def anchors(rounds):
    for build in ("default", "x86-64-v4"):
        exe = os.path.join(BIN, f"anchors-{build}")
        best, info, order, sides = {}, {}, [], []
        for _ in range(rounds):
            for line in run([exe, "11"]).splitlines():
                parts = line.split()
                if parts[0] == "info":
                    info[parts[1]] = " ".join(parts[2:])
                elif parts[0] == "row":
                    wid, side, t = parts[1], parts[2], float(parts[3])
                    if wid not in order:
                        order.append(wid)
                    if side not in sides:
                        sides.append(side)
                    best[(wid, side)] = min(best.get((wid, side), float("inf")), t)
        header(f"Single-state Keccak, {build} build")
        print(", ".join(f"{k} `{v}`" for k, v in info.items()) + "\n")
        peers = [s for s in sides if s != "lwc"]
        print("| workload | " + " | ".join(f"ours / {p}" for p in peers) + " |")
        print("|---|" + "---:|" * len(peers))
        for wid in order:
            cells = []
            for p in peers:
                a, b = best.get((wid, "lwc")), best.get((wid, p))
                cells.append(f"{a / b:.3f}" if a and b else "–")
            print(f"| {wid} | " + " | ".join(cells) + " |")


def kt(rounds):
    for build in ("default", "x86-64-v4"):
        out = run([os.path.join(BIN, f"kt_threads-{build}"), "1024", str(rounds)])
        rows = [l.split() for l in out.splitlines() if l.startswith("row")]
        info = [l.split(None, 2)[1:] for l in out.splitlines() if l.startswith("info")]
        header(f"Threaded KT128, 1 GiB in memory, {build} build")
        print(", ".join(f"{k} {v}" for k, v in info) + "\n")
        serial = float(rows[0][2])
        print("| threads | seconds | GB/s | speed-up over the serial path |")
        print("|---:|---:|---:|---:|")
        for threads, secs in ((r[1], float(r[2])) for r in rows):
            label = "serial" if threads == "0" else threads
            print(f"| {label} | {secs:.4f} | {(1 << 30) / secs / 1e9:.2f} | {serial / secs:.2f} |")


def pqc(rounds):
    rc, lwc = os.path.join(BIN, "pqc-rustcrypto"), os.path.join(BIN, "pqc-lwc")
    if run([rc, "check"]) != run([lwc, "check"]):
        sys.exit("pqc: the two builds compute different outputs")
    best, order = {}, []
    for _ in range(rounds):
        for side, exe in (("rc", rc), ("lwc", lwc)):
            for line in run([exe, "time", "20"]).splitlines():
                ns, name = line.split(" ", 1)
                if name not in order:
                    order.append(name)
                best[(name, side)] = min(best.get((name, side), float("inf")), float(ns))
    header("ML-KEM-768 and ML-DSA-65, RustCrypto's sha3/shake against ours")
    print("| operation | RustCrypto (µs) | ours (µs) | ours / RustCrypto |")
    print("|---|---:|---:|---:|")
    for name in order:
        a, b = best[(name, "rc")], best[(name, "lwc")]
        print(f"| {name} | {a / 1e3:.2f} | {b / 1e3:.2f} | {b / a:.3f} |")
    for group in ("ML-KEM-768", "ML-DSA-65"):
        a = sum(best[(n, "rc")] for n in order if n.startswith(group))
        b = sum(best[(n, "lwc")] for n in order if n.startswith(group))
        print(f"| {group}: the three together | {a / 1e3:.2f} | {b / 1e3:.2f} | {b / a:.3f} |")


def wall(args):
    t = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def lwcsum(rounds, path, gib):
    made = False
    if not os.path.exists(path):
        with open(path, "wb") as f:
            for _ in range(gib * 1024):
                f.write(os.urandom(1 << 20))
        made = True
    try:
        size = os.path.getsize(path)
        lw, b3 = os.path.join(BIN, "lwcsum"), os.path.join(BIN, "b3sum")
        digests = {run([lw, "--num-threads", str(t), *m, path]).split()[0]
                   for t in thread_counts() for m in ([], ["--no-mmap"])}
        if len(digests) != 1:
            sys.exit(f"lwcsum: thread counts disagree: {digests}")
        header(f"lwcsum (KT128) against b3sum, a {size / 2**30:.0f} GiB file in the page cache ({path})")
        print("| threads | reader | lwcsum s (min / median) | b3sum s (min / median) | lwcsum GB/s | b3sum GB/s | lwcsum / b3sum (median) |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        for t in thread_counts():
            for mode in ([], ["--no-mmap"]):
                a, b = [], []
                for _ in range(rounds):
                    a.append(wall([lw, "--num-threads", str(t), *mode, path]))
                    b.append(wall([b3, "--num-threads", str(t), *mode, path]))
                ma, mb = statistics.median(a), statistics.median(b)
                print(f"| {t} | {'read' if mode else 'mmap'} | {min(a):.3f} / {ma:.3f} | {min(b):.3f} / {mb:.3f} "
                      f"| {size / min(a) / 1e9:.1f} | {size / min(b) / 1e9:.1f} | {ma / mb:.3f} |")
    finally:
        if made:
            os.remove(path)


def main():
    global BIN
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="anchors,kt,pqc,lwcsum")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--file", default="/dev/shm/lwc-portable-kit.bin")
    ap.add_argument("--gib", type=int, default=1)
    ap.add_argument("--bin", default=BIN, help="the folder of the programs (default: the kit's bin)")
    a = ap.parse_args()
    BIN = a.bin
    only = a.only.split(",")
    if "anchors" in only:
        anchors(a.rounds)
    if "kt" in only:
        kt(a.rounds)
    if "pqc" in only:
        pqc(a.rounds)
    if "lwcsum" in only:
        lwcsum(a.rounds, a.file, a.gib)


if __name__ == "__main__":
    main()
