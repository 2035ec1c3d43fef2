"""lwc: SHA-3, Keccak, SHAKE, cSHAKE, TurboSHAKE, KangarooTwelve, Ascon hashes and Ascon-AEAD128
from the lwc-rs Rust crates.

Hash objects follow hashlib's protocol (``update``, ``digest``, ``hexdigest``, ``copy``, ``name``,
``digest_size``, ``block_size``; XOFs take ``digest(length)`` as hashlib's SHAKE). Every input
accepts any contiguous bytes-like object; inputs of 2048 bytes or more are hashed with the GIL
released. ``<name>_digest(data)`` are one-shot helpers returning bytes.
"""

from ._lwc import *  # noqa: F401,F403
from ._lwc import AsconAead128, Hash, InvalidTag, Xof  # noqa: F401

algorithms_available = frozenset(
    {
        "sha3_224", "sha3_256", "sha3_384", "sha3_512",
        "keccak_224", "keccak_256", "keccak_384", "keccak_512",
        "shake_128", "shake_256", "cshake128", "cshake256",
        "turboshake128", "turboshake256", "kt128", "kt256",
        "ascon_hash256", "ascon_xof128", "ascon_cxof128",
    }
)


def new(name, data=b"", **kwargs):
    """A new hash object for algorithm ``name`` (one of ``algorithms_available``), as hashlib.new."""
    if name not in algorithms_available:
        raise ValueError(f"unsupported hash type {name}")
    return globals()[name](data, **kwargs)
