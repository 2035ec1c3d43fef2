"""lwc: SHA-3, Keccak, SHAKE, cSHAKE, KMAC, TupleHash, ParallelHash, TurboSHAKE, KangarooTwelve,
Ascon hashes, Esch/XOEsch, LeMac/PetitMac, Ascon-AEAD128 and Schwaemm from the lwc-rs Rust crates.

Hash objects follow hashlib's protocol (``update``, ``digest``, ``hexdigest``, ``copy``, ``name``,
``digest_size``, ``block_size``; XOFs take ``digest(length)`` as hashlib's SHAKE). Every input
accepts any contiguous bytes-like object; inputs of 2048 bytes or more are hashed with the GIL
released. ``<name>_digest(data)`` are one-shot helpers returning bytes. MAC objects (``Mac``: KMAC,
LeMac, PetitMac) add ``verify(tag)``, a constant-time check raising ``InvalidTag``. The SP 800-185
functions take their output length as ``digest_size`` (another length is another function); their
XOFs (``kmacxof128``, ``tuplehashxof128``, ``parallelhashxof128``, ...) take ``digest(length)``.
TupleHash's ``update(item)`` appends one whole item of the tuple. ``new(name, ...)`` also takes
the keyed names (``algorithms_keyed``, with ``key=``) and the unkeyed SP 800-185 ones
(``algorithms_sp800_185``); TupleHash and ParallelHash have one-shot ``<name>_digest`` helpers.

``kt128`` and ``kt256`` return ``KangarooTwelve`` objects (an ``Xof``) with the blake3 wheel's
multithreading: ``max_threads=`` (a positive integer, or ``AUTO`` for every core; default 1)
bounds the threads each ``update`` hashes long inputs on (with the GIL released, at least 512 KiB
per thread; the output is the same for every count), and ``update_mmap(path)`` hashes a file read
by those threads with positioned reads (returning the object; OSError when the file cannot be
read, the object then unchanged). ``hashlib.file_digest(f, lwc.kt128)`` works.
"""

from ._lwc import *  # noqa: F401,F403
from ._lwc import AUTO, AsconAead128, Hash, InvalidTag, KangarooTwelve, Mac, Xof, __version__  # noqa: F401
from ._lwc import Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256  # noqa: F401

# AUTO (-1, as blake3.AUTO), from _lwc: ``max_threads=AUTO`` runs on as many threads as the
# machine has cores.

algorithms_available = frozenset(
    {
        "sha3_224", "sha3_256", "sha3_384", "sha3_512",
        "keccak_224", "keccak_256", "keccak_384", "keccak_512",
        "shake_128", "shake_256", "cshake128", "cshake256",
        "turboshake128", "turboshake256", "kt128", "kt256",
        "ascon_hash256", "ascon_xof128", "ascon_cxof128",
        "esch256", "esch384", "xoesch256", "xoesch384",
    }
)
"""Names ``new(name, data)`` takes (hashlib's meaning: the unkeyed algorithms)."""

algorithms_guaranteed = algorithms_available
"""As hashlib's: the names every build has; every lwc build has them all."""


algorithms_keyed = frozenset({"kmac128", "kmac256", "kmacxof128", "kmacxof256", "lemac", "petitmac"})
"""Names ``new`` takes with a ``key=`` keyword (and their constructors' other keywords)."""

algorithms_sp800_185 = frozenset(
    {
        "tuplehash128", "tuplehash256", "tuplehashxof128", "tuplehashxof256",
        "parallelhash128", "parallelhash256", "parallelhashxof128", "parallelhashxof256",
    }
)
"""Unkeyed SP 800-185 names ``new`` takes: TupleHash's ``data`` is the sequence of items;
ParallelHash needs ``block_size=``."""


_ALIASES = {
    "shake128": "shake_128", "shake256": "shake_256",
    "keccak224": "keccak_224", "keccak256": "keccak_256", "keccak384": "keccak_384", "keccak512": "keccak_512",
}


def _canonical(name):
    """``name`` in lwc's spelling: hashlib's and OpenSSL's spellings (``SHA3_256``,
    ``sha3-256``, ``SHAKE128``) map to ``sha3_256``, ``shake_128``, ..."""
    if not isinstance(name, str):
        raise TypeError(f"new() argument 'name' must be str, not {type(name).__name__}")
    n = name.lower().replace("-", "_")
    return _ALIASES.get(n, n)


def new(name, data=b"", **kwargs):
    """A new hash, XOF or MAC object for algorithm ``name``, as hashlib.new.

    ``name`` is one of ``algorithms_available`` (``new(name, data)``), ``algorithms_keyed``
    (``new(name, data, key=key, ...)``) or ``algorithms_sp800_185`` (``new("tuplehash128",
    [item, ...])``, ``new("parallelhash128", data, block_size=8)``), in any case and with ``-``
    for ``_`` as hashlib takes them (``"SHA3-256"``); further keywords go to the algorithm's
    constructor (``usedforsecurity``, ``customization``, ``digest_size``, ``nonce``, ...).
    ``string=`` is hashlib's older name of ``data``."""
    orig, name = name, _canonical(name)
    if "string" in kwargs:
        if not (isinstance(data, (bytes, bytearray)) and not data):
            raise TypeError("'data' and 'string' are mutually exclusive")
        data = kwargs.pop("string")
    if name in algorithms_available or name in algorithms_sp800_185:
        if name.startswith("tuplehash") and isinstance(data, (bytes, bytearray, memoryview)):
            if len(data):
                raise TypeError(f"{name} takes a sequence of items, not one bytes-like object")
            data = ()
        return globals()[name](data, **kwargs)
    if name in algorithms_keyed:
        if "key" not in kwargs:
            raise TypeError(f"{name} needs key=")
        key = kwargs.pop("key")
        return globals()[name](key, data, **kwargs)
    raise ValueError(f"unsupported hash type {orig}")


def tuplehash128_digest(items, *, customization=None, digest_size=32):
    """TupleHash128 of the sequence ``items`` (bytes-like each): ``digest_size`` bytes."""
    return tuplehash128(items, customization=customization, digest_size=digest_size).digest()


def tuplehash256_digest(items, *, customization=None, digest_size=64):
    """TupleHash256 of the sequence ``items`` (bytes-like each): ``digest_size`` bytes."""
    return tuplehash256(items, customization=customization, digest_size=digest_size).digest()


def tuplehashxof128_digest(items, length, *, customization=None):
    """TupleHashXOF128 of the sequence ``items``: ``length`` bytes."""
    return tuplehashxof128(items, customization=customization).digest(length)


def tuplehashxof256_digest(items, length, *, customization=None):
    """TupleHashXOF256 of the sequence ``items``: ``length`` bytes."""
    return tuplehashxof256(items, customization=customization).digest(length)


def parallelhash128_digest(data, *, block_size, customization=None, digest_size=32):
    """ParallelHash128 of ``data`` with blocks of ``block_size`` bytes: ``digest_size`` bytes."""
    return parallelhash128(data, block_size=block_size, customization=customization, digest_size=digest_size).digest()


def parallelhash256_digest(data, *, block_size, customization=None, digest_size=64):
    """ParallelHash256 of ``data`` with blocks of ``block_size`` bytes: ``digest_size`` bytes."""
    return parallelhash256(data, block_size=block_size, customization=customization, digest_size=digest_size).digest()


def parallelhashxof128_digest(data, length, *, block_size, customization=None):
    """ParallelHashXOF128 of ``data`` with blocks of ``block_size`` bytes: ``length`` bytes."""
    return parallelhashxof128(data, block_size=block_size, customization=customization).digest(length)


def parallelhashxof256_digest(data, length, *, block_size, customization=None):
    """ParallelHashXOF256 of ``data`` with blocks of ``block_size`` bytes: ``length`` bytes."""
    return parallelhashxof256(data, block_size=block_size, customization=customization).digest(length)
