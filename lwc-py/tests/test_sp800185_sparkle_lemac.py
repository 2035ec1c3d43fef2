"""KMAC, TupleHash, ParallelHash, Esch/XOEsch, LeMac/PetitMac and Schwaemm against the official
vectors (LWC_KAT_DIR: skipped without it, failed under CI) and pycryptodome where it has the function. No Python peer exists
for SPARKLE or LeMac: their vector files are the reference."""

import json
import threading

import pytest
from Crypto.Hash import KMAC128, KMAC256, TupleHash128, TupleHash256

import lwc
from test_lwc import RNG, inputs, kat, kat_records


def sp800185_vectors():
    for name in ("sp800_185_nist_samples.json", "sp800_185_extended.json"):
        yield from json.loads(kat("keccak/sp800-185/" + name).read_text())["vectors"]


def sp800185_object(v):
    """The lwc object for vector `v` (fed its input) and the output length to ask for."""
    f, xof, n = v["function"], v["xof"], v["output_len"]
    s = bytes.fromhex(v["customization"])
    kw = {"customization": s} if xof else {"customization": s, "digest_size": n}
    low = f.lower().replace("hash", "hashxof" if xof else "hash").replace("kmac", "kmacxof" if xof else "kmac")
    ctor = getattr(lwc, low)
    if f.startswith("KMAC"):
        return ctor(bytes.fromhex(v["key"]), bytes.fromhex(v["message"]), **kw)
    if f.startswith("TupleHash"):
        return ctor([bytes.fromhex(t) for t in v["tuple"]], **kw)
    return ctor(bytes.fromhex(v["message"]), block_size=v["block_size"], **kw)


def test_sp800185_official_vectors():
    seen = {}
    for v in sp800185_vectors():
        f = v["function"]
        if f.startswith("cSHAKE"):
            continue  # the cSHAKE vectors are test_lwc's (against pycryptodome) and the Rust tests'
        h = sp800185_object(v)
        out = h.digest(v["output_len"]) if v["xof"] else h.digest()
        assert out.hex() == v["expected"], v
        if f.startswith("KMAC") and not v["xof"]:
            h.verify(bytes.fromhex(v["expected"]))
        kind = (f, v["xof"])
        seen[kind] = seen.get(kind, 0) + 1
    assert sorted(seen) == sorted((f + s, x) for f in ("KMAC", "TupleHash", "ParallelHash") for s in ("128", "256") for x in (False, True))
    assert sum(seen.values()) >= 150


def test_kmac_against_pycryptodome():
    for data in inputs():
        key = RNG.randbytes(RNG.randrange(32, 200))  # pycryptodome: KMAC256 keys >= 32 bytes, tags >= 8
        s = RNG.randbytes(RNG.randrange(0, 50))
        for n in (8, 32, 64, 200):
            want = KMAC128.new(key=key, data=data, mac_len=n, custom=s).digest()
            h = lwc.kmac128(key, bytearray(data), customization=s, digest_size=n)
            assert (h.digest(), h.digest_size, h.name) == (want, n, "kmac128")
            assert lwc.kmac128_digest(key, memoryview(data), customization=s, digest_size=n) == want
            h.verify(want)
            want = KMAC256.new(key=key, data=data, mac_len=n, custom=s).digest()
            assert lwc.kmac256(key, data, customization=s, digest_size=n).hexdigest() == want.hex()
            assert lwc.kmac256_digest(key, data, customization=s, digest_size=n) == want


def test_tuplehash_against_pycryptodome():
    for _ in range(30):
        items = [RNG.randbytes(RNG.randrange(0, 400)) for _ in range(RNG.randrange(0, 6))]
        s = RNG.randbytes(RNG.randrange(0, 30))
        want = TupleHash128.new(digest_bytes=32, custom=s)
        for it in items:
            want.update(it)
        h = lwc.tuplehash128(customization=s)
        for it in items:
            h.update(it)
        assert h.digest() == want.digest() == lwc.tuplehash128(items, customization=s).digest()
        want = TupleHash256.new(digest_bytes=64, custom=s)
        for it in items:
            want.update(it)
        assert lwc.tuplehash256([bytearray(i) for i in items], customization=s).digest() == want.digest()
    # items are whole: ("ab", "c") and ("a", "bc") differ, but one item may come as any buffer
    assert lwc.tuplehash128([b"ab", b"c"]).digest() != lwc.tuplehash128([b"a", b"bc"]).digest()
    with pytest.raises(TypeError):
        lwc.tuplehash128(b"abc")  # a bytes object is no sequence of items


def test_parallelhash_streaming_equals_oneshot():
    data = RNG.randbytes(20000)
    for b in (1, 7, 8, 168, 1000, 8192):
        whole = lwc.parallelhash128(data, block_size=b).digest()
        h = lwc.parallelhash128(block_size=b)
        for i in range(0, len(data), 333):
            h.update(data[i : i + 333])
        assert h.digest() == whole
        x = lwc.parallelhashxof256(data, block_size=b, customization=b"S")
        c = x.copy()
        c.update(b"more")
        assert x.digest(100) == lwc.parallelhashxof256(data, block_size=b, customization=b"S").digest(100)
        assert c.digest(100) != x.digest(100)


def test_sp800185_wrong_arguments():
    with pytest.raises(ValueError, match="block_size"):
        lwc.parallelhash128(block_size=0)
    with pytest.raises(ValueError, match="block_size"):
        lwc.parallelhashxof256(block_size=0)
    with pytest.raises(TypeError):
        lwc.parallelhash128(b"x")  # B is required: it changes the output
    for bad in (0, 1025):
        with pytest.raises(ValueError, match="digest_size"):
            lwc.kmac128(b"k", digest_size=bad)
    with pytest.raises(ValueError, match="digest_size"):
        lwc.tuplehash256(digest_size=0)
    m = lwc.kmac256(b"key", b"msg", digest_size=32)
    tag = m.digest()
    for bad in (tag[:-1], tag + b"\0", bytes(32), tag[:31] + bytes([tag[31] ^ 1])):
        with pytest.raises(lwc.InvalidTag):
            m.verify(bad)
    m.verify(tag)


@pytest.mark.parametrize("bits", [256, 384])
def test_esch_and_xoesch_vectors(bits):
    recs = list(kat_records(f"sparkle/esch{bits}.txt"))
    assert len(recs) == 1025
    for r in recs:
        msg = bytes.fromhex(r["Msg"])
        h = getattr(lwc, f"esch{bits}")(msg)
        assert (h.digest().hex().upper(), h.digest_size, h.name) == (r["MD"], bits // 8, f"esch{bits}")
        assert getattr(lwc, f"esch{bits}_digest")(memoryview(msg)).hex().upper() == r["MD"]
    xrecs = list(kat_records(f"sparkle/xoesch{bits}.txt")) + list(kat_records(f"sparkle/xoesch{bits}_extra.txt"))
    assert len(xrecs) == 1025 + 72
    for r in xrecs:
        md = bytes.fromhex(r["MD"])
        x = getattr(lwc, f"xoesch{bits}")(bytearray.fromhex(r["Msg"]))
        assert x.digest(len(md)) == md
        assert x.hexdigest(len(md)) == md.hex()


def test_esch_streaming_and_copy():
    data = RNG.randbytes(5000)
    for name in ("esch256", "esch384", "xoesch256", "xoesch384"):
        h = getattr(lwc, name)()
        for i in range(0, len(data), 333):
            h.update(data[i : i + 333])
        c = h.copy()
        c.update(b"x")
        out = (lambda o: o.digest(48)) if name.startswith("xo") else (lambda o: o.digest())
        assert out(h) == out(getattr(lwc, name)(data))
        assert out(c) != out(h)


@pytest.mark.parametrize("name", ["lemac", "petitmac"])
def test_lemac_petitmac_vectors(name):
    recs = list(kat_records(f"lemac/{name}_vectors.txt"))
    assert len(recs) == 304
    for r in recs:
        key, nonce, msg, tag = (bytes.fromhex(r[k]) for k in ("Key", "Nonce", "Msg", "Tag"))
        m = getattr(lwc, name)(key, msg, nonce=nonce)
        assert m.digest() == tag
        m.verify(tag)
        assert getattr(lwc, name + "_digest")(key, memoryview(msg), nonce=bytearray(nonce)) == tag
    # the streamed object and copy() on the longest record
    s = getattr(lwc, name)(key, nonce=nonce)
    for i in range(0, len(msg), 1000):
        s.update(msg[i : i + 1000])
    c = s.copy()
    assert isinstance(c, lwc.Mac) and c.digest() == s.digest() == tag
    c.update(b"x")
    assert c.digest() != tag and s.digest() == tag
    bad = bytearray(tag)
    bad[0] ^= 1
    for t in (bytes(bad), tag[:15], tag + b"\0"):
        with pytest.raises(lwc.InvalidTag):
            s.verify(t)


def test_lemac_keyless_and_negative_lemac0():
    for r in kat_records("lemac/lemac_keyless_vectors.txt"):
        assert lwc.lemac_digest(bytes(16), bytes.fromhex(r["Msg"])).hex().upper() == r["Tag"]
    for r in kat_records("lemac/lemac0_vectors.txt"):  # LeMac-0 (the withdrawn schedule): must differ
        key, nonce, msg = (bytes.fromhex(r[k]) for k in ("Key", "Nonce", "Msg"))
        assert lwc.lemac_digest(key, msg, nonce=nonce).hex().upper() != r["Tag"]
    for line in kat("lemac/one_byte_files.lemacsum").read_text().splitlines():
        tag, _, fname = line.partition("  ")
        n = int(fname.rsplit("_", 1)[1].removesuffix(".bin"))
        assert lwc.lemac(bytes(16), bytes([n])).hexdigest() == tag


@pytest.mark.parametrize("name", ["lemac", "petitmac"])
def test_lemac_wrong_lengths(name):
    for n in (0, 15, 17, 32):
        with pytest.raises(ValueError, match="key must be 16 bytes"):
            getattr(lwc, name)(bytes(n))
        with pytest.raises(ValueError, match="nonce must be 16 bytes"):
            getattr(lwc, name)(bytes(16), nonce=bytes(n))
        with pytest.raises(ValueError, match="nonce must be 16 bytes"):
            getattr(lwc, name + "_digest")(bytes(16), b"", nonce=bytes(n))


SCHWAEMM = {
    "Schwaemm128_128": ("schwaemm128_128", 16, 16, 16),
    "Schwaemm192_192": ("schwaemm192_192", 24, 24, 24),
    "Schwaemm256_128": ("schwaemm256_128", 16, 32, 16),
    "Schwaemm256_256": ("schwaemm256_256", 32, 32, 32),
}


@pytest.mark.parametrize("cls", sorted(SCHWAEMM))
def test_schwaemm_vectors_and_tampering(cls):
    stem, k, n, t = SCHWAEMM[cls]
    C = getattr(lwc, cls)
    assert (C.KEY_SIZE, C.NONCE_SIZE, C.TAG_SIZE) == (k, n, t)
    recs = list(kat_records(f"sparkle/{stem}.txt"))
    extra = list(kat_records(f"sparkle/{stem}_extra.txt"))
    assert (len(recs), len(extra)) == (1089, 120)
    for r in recs + extra:
        key, nonce = bytes.fromhex(r["Key"]), bytes.fromhex(r["Nonce"])
        pt, ad, ct = bytes.fromhex(r["PT"]), bytes.fromhex(r["AD"]), bytes.fromhex(r["CT"])
        c = C(key)
        assert c.encrypt(nonce, pt, ad) == ct
        assert c.decrypt(bytearray(nonce), memoryview(ct), ad) == pt
    c = C(bytes(range(k)))
    nonce = bytes(range(n))
    ct = c.encrypt(nonce, b"attack at dawn", b"hdr")
    for i in range(len(ct)):
        bad = bytearray(ct)
        bad[i] ^= 0x01
        with pytest.raises(lwc.InvalidTag):
            c.decrypt(nonce, bytes(bad), b"hdr")
    with pytest.raises(lwc.InvalidTag):
        c.decrypt(nonce, ct, b"hdR")
    with pytest.raises(lwc.InvalidTag):
        c.decrypt(b"\x01" + nonce[1:], ct, b"hdr")
    with pytest.raises(lwc.InvalidTag):
        c.decrypt(nonce, ct[: t - 1], b"hdr")
    assert c.decrypt(nonce, ct, b"hdr") == b"attack at dawn"
    assert c.encrypt(nonce, b"x", None) == c.encrypt(nonce, b"x", b"")


@pytest.mark.parametrize("cls", sorted(SCHWAEMM))
def test_schwaemm_wrong_lengths(cls):
    _, k, n, t = SCHWAEMM[cls]
    C = getattr(lwc, cls)
    alg = cls.replace("_", "-")
    for bad in (0, k - 1, k + 1, 2 * k):
        with pytest.raises(ValueError, match=f"{alg} key must be {k} bytes, got {bad}"):
            C(bytes(bad))
    c = C(bytes(k))
    for bad in (0, n - 1, n + 1):
        with pytest.raises(ValueError, match=f"{alg} nonce must be {n} bytes, got {bad}"):
            c.encrypt(bytes(bad), b"", None)
        with pytest.raises(ValueError, match=f"{alg} nonce must be {n} bytes"):
            c.decrypt(bytes(bad), bytes(t), None)


def test_new_algorithms_in_threads():
    """Threads share one MAC object and one cipher; long inputs run with the GIL released."""
    data = [RNG.randbytes(100_000 + i) for i in range(8)]
    key = bytes(range(16))
    want_tags = [lwc.lemac_digest(key, d) for d in data]
    want_esch = [lwc.esch256_digest(d) for d in data]
    shared = lwc.kmac128(key)
    cipher = lwc.Schwaemm256_128(key)
    got_tags, got_esch, got_pt = [None] * 8, [None] * 8, [None] * 8

    def work(i):
        got_tags[i] = lwc.lemac(key, data[i]).digest()
        got_esch[i] = lwc.esch256(data[i]).digest()
        got_pt[i] = cipher.decrypt(bytes(32), cipher.encrypt(bytes(32), data[i]))
        for _ in range(4):
            shared.update(data[0])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got_tags == want_tags and got_esch == want_esch and got_pt == data
    assert shared.digest() == KMAC128.new(key=key, data=data[0] * 32, mac_len=32).digest()
