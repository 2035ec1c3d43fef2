"""lwc: SHA-3, Keccak, SHAKE, cSHAKE, KMAC, TupleHash, ParallelHash, TurboSHAKE, KangarooTwelve,
Ascon hashes, Esch/XOEsch, LeMac/PetitMac, Ascon-AEAD128 and Schwaemm from the lwc-rs Rust crates.

Hash objects follow hashlib's protocol (``update``, ``digest``, ``hexdigest``, ``copy``, ``name``,
``digest_size``, ``block_size``; XOFs take ``digest(length)`` as hashlib's SHAKE). Every input
accepts any contiguous bytes-like object; inputs of 2048 bytes or more are hashed with the GIL
released. ``<name>_digest(data)`` are one-shot helpers returning bytes. MAC objects (``Mac``: KMAC,
LeMac, PetitMac) add ``verify(tag)``, a constant-time check raising ``InvalidTag``. The SP 800-185
functions take their output length as ``digest_size`` (another length is another function); their
XOFs (``kmacxof128``, ``tuplehashxof128``, ``parallelhashxof128``, ...) take ``digest(length)``.
TupleHash's ``update(item)`` appends one whole item of the tuple.
"""

from ._lwc import *  # noqa: F401,F403
from ._lwc import AsconAead128, Hash, InvalidTag, Mac, Xof  # noqa: F401
from ._lwc import Schwaemm128_128, Schwaemm192_192, Schwaemm256_128, Schwaemm256_256  # noqa: F401

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


def new(name, data=b"", **kwargs):
    """A new hash object for algorithm ``name`` (one of ``algorithms_available``), as hashlib.new."""
    if name not in algorithms_available:
        raise ValueError(f"unsupported hash type {name}")
    return globals()[name](data, **kwargs)
