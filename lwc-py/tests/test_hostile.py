"""lwc under hostile use and against hashlib's conventions (issue 42): output lengths no memory
holds, buffers of every item format, hashlib's names, keywords and module attributes. The
expected values come from hashlib and from the Python documentation, never from lwc."""

import array
import hashlib
import importlib.metadata
import subprocess
import sys
import textwrap

import pytest

import lwc

XOFS = sorted(n for n in lwc.algorithms_available if lwc.new(n).digest_size == 0)
FIXED = sorted(lwc.algorithms_available - set(XOFS))


def run_python(code):
    """Runs ``code`` in a fresh interpreter (an abort there must not take pytest down) and returns
    its exit status and output."""
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


def test_huge_xof_lengths_raise_memory_or_overflow_error():
    # 2**62 bytes fit in a Py_ssize_t but in no machine's memory: MemoryError, as hashlib's
    # shake_128().digest(2**62). 2**63 and more: no bytes object can be that long.
    rc, out = run_python(
        """
        import hashlib, lwc
        def expect(exc, f, *a, **kw):
            try:
                f(*a, **kw)
            except exc:
                return
            raise SystemExit(f"{f} {a}: no {exc.__name__}")
        try:
            hashlib.shake_128(b"x").digest(2**62)
        except MemoryError:
            pass
        xofs = [lwc.new(n) for n in sorted(lwc.algorithms_available) if lwc.new(n).digest_size == 0]
        xofs += [lwc.tuplehashxof128(), lwc.parallelhashxof256(block_size=8), lwc.kmacxof128(b"k")]
        assert len(xofs) >= 15
        for x in xofs:
            expect(MemoryError, x.digest, 2**62)
            expect(MemoryError, x.hexdigest, 2**62)
            expect(MemoryError, x.hexdigest, 2**61)
            expect(OverflowError, x.digest, 2**63)
            expect(OverflowError, x.digest, 2**64 - 1)
            expect(OverflowError, x.digest, 2**64)
            assert x.digest(5) == x.copy().digest(5)
        for ctor in (lwc.tuplehash128, lwc.tuplehash256):
            expect(MemoryError, ctor(digest_size=2**62).digest)
            expect(MemoryError, ctor(digest_size=2**62).hexdigest)
            expect(ValueError, ctor, digest_size=2**63)
        for ctor in (lwc.parallelhash128, lwc.parallelhash256):
            expect(MemoryError, ctor(block_size=8, digest_size=2**62).digest)
            expect(ValueError, ctor, block_size=8, digest_size=2**64 - 1)
        expect(MemoryError, lwc.tuplehashxof128_digest, [b"a"], 2**62)
        expect(MemoryError, lwc.parallelhashxof128_digest, b"a", 2**62, block_size=8)
        print("ok")
        """
    )
    assert (rc, out.strip()) == (0, "ok"), out


def test_output_that_does_not_fit_raises_memory_error_not_panic():
    # The address space is capped a little above what one 256 MiB output needs: digest() either
    # returns it or raises MemoryError; hexdigest() needs three times as much and must raise
    # MemoryError. Neither may abort or raise pyo3's PanicException (a BaseException).
    rc, out = run_python(
        """
        import resource, lwc
        n = 256 << 20
        vm = int(next(l for l in open("/proc/self/status") if l.startswith("VmSize:")).split()[1]) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (vm + n + n // 2, resource.RLIM_INFINITY))
        x = lwc.shake_128(b"x")
        try:
            assert len(x.digest(n)) == n
        except MemoryError:
            pass
        try:
            x.hexdigest(n)
            raise SystemExit("hexdigest fitted")
        except MemoryError:
            pass
        c = lwc.AsconAead128(bytes(16))
        try:
            c.encrypt(bytes(16), bytes(n // 2))
        except MemoryError:
            pass
        print("ok")
        """
    )
    assert (rc, out.strip()) == (0, "ok"), out


BUFFERS = [
    array.array("I", [1, 2, 3]),
    array.array("b", [-1, 5]),
    array.array("d", [1.5]),
    memoryview(b"abcdefgh").cast("h"),
    memoryview(b"abcdefgh").cast("B", [2, 4]),
    memoryview(bytearray(b"abcdefgh")).cast("Q"),
]


@pytest.mark.parametrize("buf", BUFFERS, ids=lambda b: f"{type(b).__name__}-{getattr(b, 'typecode', None) or b.format}")
def test_every_c_contiguous_buffer_is_its_bytes(buf):
    raw = bytes(memoryview(buf).cast("B")) if memoryview(buf).ndim == 1 else memoryview(buf).tobytes()
    want = hashlib.sha3_256(buf).digest()
    assert want == hashlib.sha3_256(raw).digest()
    assert lwc.sha3_256(buf).digest() == want
    assert lwc.sha3_256_digest(buf) == want
    h = lwc.sha3_256()
    h.update(buf)
    assert h.digest() == want
    assert lwc.shake_128(buf).digest(40) == hashlib.shake_128(buf).digest(40)
    c = lwc.AsconAead128(bytes(16))
    assert c.encrypt(bytes(16), buf, buf) == c.encrypt(bytes(16), raw, raw)
    assert lwc.kmac128(buf, buf).digest() == lwc.kmac128(raw, raw).digest()
    assert lwc.tuplehash128([buf, raw]).digest() == lwc.tuplehash128([raw, raw]).digest()


def test_non_contiguous_buffer_raises_buffer_error_as_hashlib():
    strided = memoryview(b"abcdefgh")[::2]
    with pytest.raises(BufferError):
        hashlib.sha3_256(strided)
    for f in (lwc.sha3_256, lwc.sha3_256_digest, lwc.shake_128, lwc.kt128, lwc.new("sha3_256").update):
        with pytest.raises(BufferError):
            f(strided)
    with pytest.raises(BufferError):
        lwc.AsconAead128(bytes(16)).encrypt(bytes(16), strided)
    with pytest.raises(TypeError):
        lwc.sha3_256("text")
    with pytest.raises(TypeError):
        lwc.sha3_256(12)


@pytest.mark.parametrize("name", sorted(lwc.algorithms_available))
def test_usedforsecurity_and_string_on_every_constructor(name):
    ctor = getattr(lwc, name)
    out = (lambda h: h.digest(32)) if name in XOFS else (lambda h: h.digest())
    want = out(ctor(b"abc"))
    assert out(ctor(b"abc", usedforsecurity=False)) == want
    assert out(ctor(string=b"abc")) == want
    assert out(ctor(data=b"abc")) == want
    assert out(lwc.new(name, b"abc", usedforsecurity=False)) == want
    assert out(lwc.new(name, string=b"abc")) == want
    with pytest.raises(TypeError):
        ctor(b"abc", string=b"abc")


def test_usedforsecurity_on_keyed_and_sp800_185_constructors():
    k = bytes(16)
    for name in sorted(lwc.algorithms_keyed):
        h = lwc.new(name, b"abc", key=k, usedforsecurity=False)
        assert h.name == name
    for name in ("tuplehash128", "tuplehash256", "tuplehashxof128", "tuplehashxof256"):
        assert lwc.new(name, [b"abc"], usedforsecurity=False).name == name
    for name in ("parallelhash128", "parallelhash256", "parallelhashxof128", "parallelhashxof256"):
        assert lwc.new(name, b"abc", block_size=8, usedforsecurity=False).name == name


@pytest.mark.parametrize(
    "spelling,hashlib_name",
    [("SHA3_256", "sha3_256"), ("sha3-256", "sha3_256"), ("SHA3-512", "sha3_512"), ("Sha3_224", "sha3_224"),
     ("SHAKE128", "shake_128"), ("shake-256", "shake_256"), ("SHAKE_128", "shake_128")],
)
def test_new_takes_hashlib_spellings(spelling, hashlib_name):
    h, want = lwc.new(spelling, b"abc"), hashlib.new(hashlib_name, b"abc")
    assert h.name == want.name
    if want.digest_size:
        assert h.digest() == want.digest()
    else:
        assert h.digest(32) == want.digest(32)


def test_new_rejects_unknown_and_non_str_names():
    with pytest.raises(ValueError, match="unsupported hash type SHA3_999"):
        lwc.new("SHA3_999")
    with pytest.raises(TypeError):
        lwc.new(b"sha3_256")


def test_module_attributes_as_hashlib():
    assert lwc.__version__ == importlib.metadata.version("lwc")
    assert lwc.algorithms_guaranteed <= lwc.algorithms_available
    assert {n for n in hashlib.algorithms_guaranteed if n.startswith(("sha3_", "shake_"))} <= lwc.algorithms_guaranteed
    for name in lwc.algorithms_available:
        assert lwc.new(name).name == name
