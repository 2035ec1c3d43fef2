#!/usr/bin/env python3
"""Random inputs and the outputs of the Ascon team's Python reference (PyPI `ascon` 0.0.9, the v1.2
code: big endian) for lwc-tests/tests/ascon_diff.rs (`pyascon_differential`).

    python3 .ci/gen/pyascon.py OUT.txt

writes `Alg`, `Key`, `Nonce`, `AD`, `PT`, `CT` records (AEADs) and `Alg`, [`Key`,] `Msg`, `Out`
records (hashes, XOFs, MACs, PRFs), blank-line separated, from a fixed seed. pyascon is installed
by `.ci/run setup`. Run it from a directory without an `ascon` folder (`.ci/ascon.sh` uses `/`), so
`import ascon` finds the installed package.
"""

import random
import sys

from ascon._ascon import ascon_encrypt, ascon_hash, ascon_mac


def main(path):
    rnd = random.Random(20261130)

    def rb(n):
        return bytes(rnd.getrandbits(8) for _ in range(n))

    def h(b):
        return b.hex().upper()

    out = []
    lens = list(range(0, 50)) + [63, 64, 65, 127, 128, 129, 200, 255, 256, 257, 500]
    for alg, kl in [("Ascon-128", 16), ("Ascon-128a", 16), ("Ascon-80pq", 20)]:
        for n in lens:
            k, nonce, ad, pt = rb(kl), rb(16), rb(rnd.randrange(0, 70)), rb(n)
            ct = ascon_encrypt(k, nonce, ad, pt, alg)
            out.append(
                f"Alg = {alg}\nKey = {h(k)}\nNonce = {h(nonce)}\nAD = {h(ad)}\nPT = {h(pt)}\nCT = {h(ct)}\n"
            )
    for alg in ["Ascon-Hash", "Ascon-Hasha", "Ascon-Xof", "Ascon-Xofa"]:
        for n in lens:
            m = rb(n)
            ol = 32 if alg in ("Ascon-Hash", "Ascon-Hasha") else rnd.randrange(1, 100)
            out.append(f"Alg = {alg}\nMsg = {h(m)}\nOut = {h(ascon_hash(m, alg, ol))}\n")
    for alg in ["Ascon-Mac", "Ascon-Maca", "Ascon-Prf", "Ascon-Prfa", "Ascon-PrfShort"]:
        for n in range(0, 17) if alg == "Ascon-PrfShort" else lens:
            k, m = rb(16), rb(n)
            if alg in ("Ascon-Mac", "Ascon-Maca"):
                ol = 16
            elif alg == "Ascon-PrfShort":
                ol = rnd.randrange(1, 17)
            else:
                ol = rnd.randrange(1, 100)
            out.append(f"Alg = {alg}\nKey = {h(k)}\nMsg = {h(m)}\nOut = {h(ascon_mac(k, m, alg, ol))}\n")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(out)} records")


if __name__ == "__main__":
    main(sys.argv[1])
