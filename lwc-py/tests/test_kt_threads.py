"""KT128/KT256 on several threads (issue 40): ``max_threads``, threaded ``update``,
``update_mmap``, ``hashlib.file_digest``, the GIL released, and ``usedforsecurity=`` on every
constructor.

References: pycryptodome's KangarooTwelve for KT128; for KT256, which pycryptodome lacks, a
KangarooTwelve tree written here over pycryptodome's TurboSHAKE256 (RFC 9861 section 3), itself
checked against RFC 9861's KT256 vectors and, with TurboSHAKE128, against pycryptodome's KT128.
"""

import hashlib
import io
import os
import random
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from Crypto.Hash import KangarooTwelve, TurboSHAKE128, TurboSHAKE256

import lwc

MIB = 1 << 20
# Around the 8192-byte chunks and the threading threshold (two threads need 128 whole leaves
# past the first chunk: 1 MiB + 8192 bytes), then several batches on up to 8 threads.
LENGTHS = [0, 1, 8191, 8192, 8193, MIB + 8191, MIB + 8192, MIB + 8193, 3 * MIB + 12345, 9 * MIB + 1]
THREADS = [1, 2, 3, 8, lwc.AUTO]
DATA = random.Random(40).randbytes(max(LENGTHS))
CTORS = {"kt128": lwc.kt128, "kt256": lwc.kt256}


def length_encode(x):
    """RFC 9861's length_encode: big-endian bytes without leading zeros, then their count."""
    b = x.to_bytes((x.bit_length() + 7) // 8, "big")
    return b + bytes([len(b)])


def ref_kt(alg, data, custom=b"", out=64):
    """KT128 / KT256 of ``data`` per RFC 9861, over pycryptodome's TurboSHAKE."""
    ts, cv = (TurboSHAKE128, 32) if alg == "kt128" else (TurboSHAKE256, 64)
    s = bytes(data) + custom + length_encode(len(custom))
    if len(s) <= 8192:
        return ts.new(data=s, domain=0x07).read(out)
    node = ts.new(data=s[:8192] + b"\x03" + bytes(7), domain=0x06)
    n = 0
    for i in range(8192, len(s), 8192):
        node.update(ts.new(data=s[i:i + 8192], domain=0x0B).read(cv))
        n += 1
    node.update(length_encode(n) + b"\xff\xff")
    return node.read(out)


_REF = {}


def want(alg, n, custom=b""):
    """The expected 64 output bytes for ``DATA[:n]`` (cached)."""
    key = (alg, n, custom)
    if key not in _REF:
        if alg == "kt128":
            _REF[key] = KangarooTwelve.new(data=DATA[:n], custom=custom).read(64)
        else:
            _REF[key] = ref_kt(alg, DATA[:n], custom)
    return _REF[key]


def ptn(n):
    """RFC 9861's test pattern: bytes 0..250 repeated, ``n`` of them."""
    return bytes(i % 251 for i in range(n))


# RFC 9861 section 5: KT(ptn(17**5 bytes), C = empty); KT256 also of the empty message.
RFC = {
    ("kt128", 17**5): "844d610933b1b9963cbdeb5ae3b6b05cc7cbd67ceedf883eb678a0a8e0371682",
    ("kt256", 17**5): "9473831d76a4c7bf77ace45b59f1458b1673d64bcd877a7c66b2664aa6dd149e"
                      "60eab71b5c2bab858c074ded81ddce2b4022b5215935c0d4d19bf511aeeb0772",
    ("kt256", 0): "b23d2e9cea9f4904e02bec06817fc10ce38ce8e93ef4c89e6537076af8646404"
                  "e3e8b68107b8833a5d30490aa33482353fd4adc7148ecb782855003aaebde4a9",
}


def test_reference_against_rfc_and_pycryptodome():
    for (alg, n), hexv in RFC.items():
        v = bytes.fromhex(hexv)
        assert ref_kt(alg, ptn(n), out=len(v)) == v
    for n in (0, 1, 8191, 8192, 8193, 3 * 8192 + 5, MIB + 8193):
        for c in (b"", b"c", DATA[:8190]):
            assert ref_kt("kt128", DATA[:n], c) == KangarooTwelve.new(data=DATA[:n], custom=c).read(64)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("alg", ["kt128", "kt256"])
def test_rfc_vector_on_threads(alg, threads, tmp_path):
    m = ptn(17**5)
    v = bytes.fromhex(RFC[alg, 17**5])
    assert CTORS[alg](m, max_threads=threads).digest(len(v)) == v
    f = tmp_path / "ptn"
    f.write_bytes(m)
    assert CTORS[alg](max_threads=threads).update_mmap(f).digest(len(v)) == v


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("alg", ["kt128", "kt256"])
def test_threaded_update(alg, threads):
    for n in LENGTHS:
        d = memoryview(DATA)[:n]
        assert CTORS[alg](d, max_threads=threads).digest(64) == want(alg, n), n
        h = CTORS[alg](max_threads=threads)
        h.update(bytearray(d))
        assert h.digest(64) == want(alg, n), n
        assert h.hexdigest(64) == want(alg, n).hex()


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("alg", ["kt128", "kt256"])
def test_split_updates(alg, threads):
    n = 3 * MIB + 12345
    rng = random.Random(threads)
    fixed = [1, 8191, 8192, 8193, 8192 + MIB, 8193 + MIB, 2 * MIB + 7]
    for cuts in (fixed, sorted(rng.sample(range(1, n), 6)), [MIB + 8192 + 1]):
        h = CTORS[alg](max_threads=threads)
        prev = 0
        for c in cuts + [n]:
            h.update(DATA[prev:c])
            prev = c
        assert h.digest(64) == want(alg, n), cuts


@pytest.mark.parametrize("threads", [1, 3, lwc.AUTO])
@pytest.mark.parametrize("alg", ["kt128", "kt256"])
def test_customization(alg, threads):
    for c in (b"", b"\x00", DATA[5:46], DATA[:8192], DATA[:9000]):
        for n in (0, 8193, 2 * MIB + 99):
            assert CTORS[alg](DATA[:n], customization=c, max_threads=threads).digest(64) == want(alg, n, c)


def test_max_threads_values():
    assert lwc.AUTO == -1
    assert lwc.kt128().max_threads == 1
    assert lwc.kt256(max_threads=5).max_threads == 5
    assert lwc.kt128(max_threads=lwc.AUTO).max_threads >= 1
    for bad in (0, -2, -1000):
        for ctor in CTORS.values():
            with pytest.raises(ValueError):
                ctor(b"abc", max_threads=bad)
        with pytest.raises(ValueError):
            lwc.new("kt128", b"abc", max_threads=bad)
    for bad in ("2", 2.0, None):
        with pytest.raises(TypeError):
            lwc.kt128(max_threads=bad)
    h = lwc.new("KT256", DATA[:MIB * 2], max_threads=4)
    assert isinstance(h, lwc.KangarooTwelve) and isinstance(h, lwc.Xof)
    assert h.digest(64) == want("kt256", 2 * MIB)


def test_copy_keeps_max_threads_and_protocol():
    h = lwc.kt128(DATA[:10000], max_threads=3)
    c = h.copy()
    assert type(c) is lwc.KangarooTwelve and c.max_threads == 3
    c.update(DATA[10000:3 * MIB + 12345])
    assert c.digest(64) == want("kt128", 3 * MIB + 12345)
    assert h.digest(64) == want("kt128", 10000)
    assert (h.name, h.digest_size, h.block_size) == ("kt128", 0, 168)
    k = lwc.kt256(max_threads=lwc.AUTO)
    assert (k.name, k.digest_size, k.block_size) == ("kt256", 0, 136)
    assert "kt256" in repr(k) and f"max_threads={k.max_threads}" in repr(k)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("alg", ["kt128", "kt256"])
def test_update_mmap(alg, threads, tmp_path):
    for n in LENGTHS:
        f = tmp_path / f"f{n}"
        f.write_bytes(DATA[:n])
        for path in (str(f), os.fsencode(f), f):
            h = CTORS[alg](max_threads=threads)
            assert h.update_mmap(path) is h
            assert h.digest(64) == want(alg, n), (n, path)
    # A file between in-memory pieces.
    f = tmp_path / "mid"
    f.write_bytes(DATA[8000:2 * MIB + 5])
    h = CTORS[alg](DATA[:8000], max_threads=threads).update_mmap(f)
    h.update(DATA[2 * MIB + 5:3 * MIB + 12345])
    assert h.digest(64) == want(alg, 3 * MIB + 12345)


def test_update_mmap_errors_leave_object_unchanged(tmp_path):
    h = lwc.kt128(b"abc", max_threads=2)
    before = h.digest(32)
    missing = tmp_path / "missing"
    for path in (str(missing), os.fsencode(missing), missing):
        with pytest.raises(FileNotFoundError) as e:
            h.update_mmap(path)
        assert e.value.filename == path
    with pytest.raises(OSError) as e:
        h.update_mmap(tmp_path)
    if os.name == "posix":
        assert isinstance(e.value, IsADirectoryError)
    for bad in (3, None, b"x\0y"):
        with pytest.raises((TypeError, ValueError)):
            h.update_mmap(bad)
    assert h.digest(32) == before


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
def test_update_mmap_file_without_length():
    # /proc files report size 0: they are read to their end as a pipe is.
    data = Path("/proc/self/cmdline").read_bytes()
    assert data and os.stat("/proc/self/cmdline").st_size == 0
    assert lwc.kt128(max_threads=2).update_mmap("/proc/self/cmdline").digest(32) == KangarooTwelve.new(data=data).read(32)


@pytest.mark.skipif(os.name != "posix", reason="truncating an open file")
def test_file_truncated_meanwhile_raises_and_leaves_object_unchanged(tmp_path):
    f = tmp_path / "big"
    data = bytes(96 * MIB)
    full = lwc.kt128(b"x" + data).digest(32)
    for _ in range(10):
        f.write_bytes(data)
        h = lwc.kt128(b"x")
        out = []

        def hash_it():
            try:
                h.update_mmap(f)
                out.append(None)
            except OSError as e:
                out.append(e)

        t = threading.Thread(target=hash_it)
        t.start()
        time.sleep(0.002)
        os.truncate(f, 4 * MIB)
        t.join()
        if out[0] is None:  # hashed whole before the truncation, or opened after it: try again
            assert h.digest(32) in (full, lwc.kt128(b"x" + data[:4 * MIB]).digest(32))
            continue
        assert str(f) in str(out[0])
        assert h.digest(32) == lwc.kt128(b"x").digest(32)
        return
    pytest.skip("the file was always hashed before it was truncated")


@pytest.mark.parametrize("alg", ["kt128", "kt256"])
def test_file_digest(alg, tmp_path):
    n = 3 * MIB + 12345
    f = tmp_path / "f"
    f.write_bytes(DATA[:n])
    for ctor in (CTORS[alg], lambda: CTORS[alg](max_threads=lwc.AUTO), lambda: CTORS[alg](max_threads=3)):
        with open(f, "rb") as fh:
            assert hashlib.file_digest(fh, ctor).digest(64) == want(alg, n)
        assert hashlib.file_digest(io.BytesIO(DATA[:n]), ctor).digest(64) == want(alg, n)


def thread_count():
    """The threads of this process (Linux)."""
    return len(os.listdir("/proc/self/task"))


def test_update_releases_gil_and_runs_on_max_threads():
    """With a switch interval of 1000 s the main thread never hands the GIL over on its own:
    the other Python thread runs during an update only if the update releases the GIL. The
    Linux thread counts show the update's threads, at most max_threads - 1 more than before
    (max_threads=1 updates in between keep one run's threads from overlapping the next's)."""
    linux = sys.platform.startswith("linux")
    data = bytes(32 * MIB)
    samples, stop = [], threading.Event()

    def sample():
        while not stop.is_set():
            samples.append(thread_count() if linux else 0)
            time.sleep(0.0002)

    old = sys.getswitchinterval()
    t = threading.Thread(target=sample)
    sys.setswitchinterval(1000)
    try:
        t.start()
        base = thread_count() if linux else 0
        ran1, ran3, spread = False, False, False
        h1, h3 = lwc.kt128(max_threads=1), lwc.kt128(max_threads=3)
        for _ in range(100):
            n0 = len(samples)
            h3.update(data)
            during = samples[n0:]
            ran3 |= bool(during)
            spread |= any(c > base for c in during)
            assert all(c <= base + 2 for c in during), (base, during)
            n0 = len(samples)
            h1.update(data)
            ran1 |= len(samples) > n0
            if ran1 and ran3 and (spread or not linux):
                break
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    assert ran1 and ran3, "no other Python thread ran during 100 updates of 32 MiB: the GIL was held"
    assert spread or not linux, "max_threads=3 never ran a second thread"
    assert h1.digest(32) == h3.digest(32)


def run_script(body, timeout=120):
    """Runs ``body`` in a fresh interpreter; a hang (the GIL held while blocked) fails."""
    script = "import os, sys, threading, time\nimport lwc\n" + textwrap.dedent(body)
    try:
        r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail("the script hung: a blocked call held the GIL")
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_update_mmap_pipe_releases_gil(tmp_path):
    """update_mmap of a named pipe blocks until a Python thread writes it: that thread runs only
    if the GIL is released (else the script hangs and the test fails)."""
    run_script(f"""
        from Crypto.Hash import KangarooTwelve
        p = {str(tmp_path / "fifo")!r}
        os.mkfifo(p)
        data = bytes(range(256)) * 20000 + b"end"

        def write():
            with open(p, "wb") as f:
                for i in range(0, len(data), 100000):
                    f.write(data[i:i + 100000])
                    time.sleep(0.01)

        w = threading.Thread(target=write)
        w.start()
        h = lwc.kt256(max_threads=3).update_mmap(p)
        w.join()
        assert h.digest(64) == lwc.kt256(data).digest(64)
        print("ok")
    """)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_waiting_for_a_busy_object_releases_gil(tmp_path):
    """While one thread's update_mmap holds the object (waiting on a pipe), digest() from another
    waits for it with the GIL released: the Python thread that feeds the pipe still runs."""
    run_script(f"""
        p = {str(tmp_path / "fifo")!r}
        os.mkfifo(p)
        data = b"x" * 3000000
        h = lwc.kt128(max_threads=2)

        def write():
            with open(p, "wb") as f:
                f.write(data[:1000])
                time.sleep(0.5)
                f.write(data[1000:])

        w = threading.Thread(target=write)
        r = threading.Thread(target=h.update_mmap, args=(p,))
        w.start()
        r.start()
        time.sleep(0.2)
        out = h.digest(32)
        r.join()
        w.join()
        assert out in (lwc.kt128().digest(32), lwc.kt128(data).digest(32))
        assert h.digest(32) == lwc.kt128(data).digest(32)
        print("ok")
    """)


def test_usedforsecurity_on_every_constructor():
    keyed_extra = {"parallelhash": {"block_size": 8}}
    found = {
        n for n in dir(lwc)
        if not n.startswith("_") and n != "new" and not n.endswith("_digest")
        and callable(getattr(lwc, n)) and not isinstance(getattr(lwc, n), type)
    }
    every = lwc.algorithms_available | lwc.algorithms_keyed | lwc.algorithms_sp800_185
    assert found == every
    for name in sorted(every):
        ctor = getattr(lwc, name)
        kw = next((v for k, v in keyed_extra.items() if name.startswith(k)), {})
        if name in lwc.algorithms_keyed:
            args = (bytes(16), b"abc")
        elif name.startswith("tuplehash"):
            args = ([b"abc"],)
        else:
            args = (b"abc",)
        for flag in (False, True):
            h = ctor(*args, usedforsecurity=flag, **kw)
            out = h.digest(32) if isinstance(h, lwc.Xof) else h.digest()
            h2 = ctor(*args, **kw)
            assert out == (h2.digest(32) if isinstance(h2, lwc.Xof) else h2.digest()), name
        if name in lwc.algorithms_keyed:
            lwc.new(name, b"abc", key=bytes(16), usedforsecurity=False, **kw)
        else:
            lwc.new(name, args[0], usedforsecurity=False, **kw)
