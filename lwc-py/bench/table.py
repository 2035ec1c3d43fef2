"""The issue's Python table in one run: 100 000 x Keccak-256("foo") / SHA3-256("foo"), 1 MiB
SHA3-256, and Ascon-AEAD128 of 1 KiB (ours) vs the pure-Python `ascon` package's Ascon-128a (the
v1.2 AEAD with the same rate and rounds; ascon 0.0.9 has no SP 800-232 variants). Best of 3."""

import hashlib
import time

import ascon
from Crypto.Hash import keccak

import lwc


def best(f, n=3):
    t = []
    for _ in range(n):
        t0 = time.perf_counter()
        f()
        t.append(time.perf_counter() - t0)
    return min(t)


N = 100_000
rows = {
    "lwc.keccak_256_digest(b'foo') x1e5": best(lambda: [lwc.keccak_256_digest(b"foo") for _ in range(N)]),
    "lwc.keccak_256(b'foo').digest() x1e5": best(lambda: [lwc.keccak_256(b"foo").digest() for _ in range(N)]),
    "hashlib.sha3_256(b'foo').digest() x1e5": best(lambda: [hashlib.sha3_256(b"foo").digest() for _ in range(N)]),
    "pycryptodome keccak 256 x1e5": best(lambda: [keccak.new(digest_bits=256, data=b"foo").digest() for _ in range(N)]),
}
mib = bytes(1 << 20)
rows["lwc.sha3_256_digest(1 MiB) x20"] = best(lambda: [lwc.sha3_256_digest(mib) for _ in range(20)])
rows["hashlib.sha3_256(1 MiB) x20"] = best(lambda: [hashlib.sha3_256(mib).digest() for _ in range(20)])
k = bytes(16)
c = lwc.AsconAead128(k)
kib = bytes(1024)
rows["lwc AsconAead128 encrypt 1 KiB x1000"] = best(lambda: [c.encrypt(k, kib, b"") for _ in range(1000)])
rows["ascon (pure Python) Ascon-128a 1 KiB x10"] = best(lambda: [ascon.encrypt(k, k, b"", kib, "Ascon-128a") for _ in range(10)], 1) * 100
for name, t in rows.items():
    print(f"{name:45s} {t:8.4f} s")
v = list(rows.values())
print(f"Keccak-256 one-shot vs hashlib sha3_256: {v[2] / v[0]:.2f}x")
print(f"Keccak-256 object vs hashlib sha3_256:   {v[2] / v[1]:.2f}x")
print(f"Keccak-256 one-shot vs pycryptodome:     {v[3] / v[0]:.2f}x")
print(f"1 MiB SHA3-256 vs hashlib:               {v[5] / v[4]:.2f}x")
print(f"Ascon AEAD vs pure-Python ascon:         {v[7] / v[6]:.0f}x")
