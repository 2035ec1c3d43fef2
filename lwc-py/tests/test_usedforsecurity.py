"""``usedforsecurity=`` as hashlib takes it (issue 51, F5): keyword-only, any object, only its
truth value counts (and here not even that: every algorithm is one for security). The expected
behaviour is hashlib's own, checked first against hashlib so the test states what it relies on."""

import hashlib

import pytest

import lwc

# Objects of every kind: ints, None, an empty str and list, and one with no __bool__ at all.
FLAGS = [0, 1, None, "", [], "yes", [0], 0.0, object()]

EVERY = sorted(lwc.algorithms_available | lwc.algorithms_keyed | lwc.algorithms_sp800_185)


def call(name, **kw):
    """The constructor ``name`` on fixed inputs, with ``kw`` added; the bytes it outputs."""
    ctor = getattr(lwc, name)
    if name in lwc.algorithms_keyed:
        h = ctor(bytes(16), b"abc", **kw)
    elif name.startswith("tuplehash"):
        h = ctor([b"abc", b"de"], **kw)
    elif name.startswith("parallelhash"):
        h = ctor(b"abc" * 10, block_size=8, **kw)
    else:
        h = ctor(b"abc", **kw)
    return h.digest(32) if isinstance(h, lwc.Xof) else h.digest()


def via_new(name, **kw):
    """As ``call``, through ``lwc.new``."""
    if name in lwc.algorithms_keyed:
        h = lwc.new(name, b"abc", key=bytes(16), **kw)
    elif name.startswith("tuplehash"):
        h = lwc.new(name, [b"abc", b"de"], **kw)
    elif name.startswith("parallelhash"):
        h = lwc.new(name, b"abc" * 10, block_size=8, **kw)
    else:
        h = lwc.new(name, b"abc", **kw)
    return h.digest(32) if isinstance(h, lwc.Xof) else h.digest()


@pytest.mark.parametrize("flag", FLAGS, ids=repr)
def test_hashlib_takes_any_object(flag):
    # The reference behaviour: hashlib's constructors accept these and hash as the default.
    assert hashlib.sha3_256(b"abc", usedforsecurity=flag).digest() == hashlib.sha3_256(b"abc").digest()
    assert hashlib.new("sha3_256", b"abc", usedforsecurity=flag).digest() == hashlib.sha3_256(b"abc").digest()


@pytest.mark.parametrize("name", EVERY)
def test_any_object_hashes_as_the_default(name):
    want = call(name)
    for flag in FLAGS:
        assert call(name, usedforsecurity=flag) == want, (name, flag)
        assert via_new(name, usedforsecurity=flag) == want, (name, flag)


def test_truth_value_errors_propagate():
    # hashlib calls bool() on it, so an object whose __bool__ raises raises from the constructor.
    class Bad:
        def __bool__(self):
            raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        hashlib.sha3_256(b"abc", usedforsecurity=Bad())
    for name in EVERY:
        with pytest.raises(ZeroDivisionError):
            call(name, usedforsecurity=Bad())


def test_keyword_only():
    with pytest.raises(TypeError):
        hashlib.sha3_256(b"abc", False)
    with pytest.raises(TypeError):
        lwc.sha3_256(b"abc", False)
    with pytest.raises(TypeError):
        lwc.kmac128(bytes(16), b"abc", False)
