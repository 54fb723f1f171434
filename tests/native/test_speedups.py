"""The compiled kernel (grundy.native._speedups) against the careful reader and the scalar product.

It must give the same bytes as the pure path on every input it accepts, and accept
only inputs the careful reader accepts too (what it refuses goes to the other readers).
"""

from __future__ import annotations

import random
import shutil

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.formats import _nim_compiled as judge
from grundy.native import parallel
from grundy.native.compiled import compiled, read_all
from grundy.errors import InputError
from grundy.formats import nim as fmt
from grundy.nimber.arrays import nim_mul_array
from grundy.nimber import nim_mul
from nimber.test_arrays import random_pairs

KERNEL = compiled()
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel is not built here")
TOP = 2**64 - 1
PAD = b"1 1\n" * 8  # lines after a case: the case is then read by the 8-bytes-at-a-time path


def test_built_where_a_compiler_is(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`pip install` on a machine with a C compiler builds the kernel (not silently skipped)."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here")
    monkeypatch.delenv("GRUNDY_PURE", raising=False)
    assert compiled() is not None
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert compiled() is None


def careful(body: bytes) -> tuple[int, bytes] | None:
    """What the careful reader makes of a body of lines 'A B': its count and products."""
    t = sum(1 for line in body.split(b"\n") if line.strip())  # the T that fits
    if t == 0:
        return 0, b""  # only blanks: no line (a whole input then fails T >= 1)
    try:
        a, b = fmt._parse_lines(b"%d\n" % t + body)
    except InputError:
        return None
    return len(a), b"".join(b"%d\n" % nim_mul(x, y) for x, y in zip(a.tolist(), b.tolist()))


def products(body: bytes) -> tuple[int, bytes] | None:
    assert KERNEL is not None
    return KERNEL.products(body, 0, len(body))


def number_of_length(rng: random.Random, digits: int) -> int:
    low, high = 10 ** (digits - 1) if digits > 1 else 0, min(10**digits - 1, TOP)
    return rng.randint(low, high)


@needs_kernel
def test_every_length_and_layout() -> None:
    rng = random.Random(5)
    values = [number_of_length(rng, k) for k in range(1, 21) for _ in range(30)]
    values += [0, 1, TOP, TOP - 1, 10**19, 10**19 - 1, 2**63] + [1 << k for k in range(64)]
    rng.shuffle(values)
    pairs = list(zip(values, values[::-1]))
    lines = [b"%d %d" % pair for pair in pairs]
    expected = b"".join(b"%d\n" % nim_mul(x, y) for x, y in pairs)
    for body in (b"\n".join(lines) + b"\n", b"\n".join(lines), b"\r\n".join(lines) + b"\r\n",
                 b"\n".join(lines) + b"\r"):
        assert products(body) == (len(pairs), expected)
    # leading zeros, up to 20 digits in all
    padded = [b"%s %s" % (b"%d" % x, (b"%020d" % y)) for x, y in pairs]
    assert products(b"\n".join(padded)) == (len(pairs), expected)
    # each line alone (read digit by digit, near the end) and before padding
    for (x, y), line in zip(pairs[:300], lines):
        product = b"%d\n" % nim_mul(x, y)
        assert products(line) == (1, product)
        assert products(line + b"\n" + PAD) == (9, product + b"1\n" * 8)
    assert products(b"") == (0, b"")


NEAR_MISSES = [b"18446744073709551616 1", b"1 18446744073709551616", b"99999999999999999999 1",
               b"28446744073709551615 1", b"100000000000000000000 1", b"000000000000000000001 1",
               b"1 2 3", b"1", b"-1 2", b"+1 2", b"1 -2", b"1,2", b"1 2\x00", b"1 2\xff",
               b"\xb11 2", b"1:2", b"1/2", b"0x1 2", b"1.5 2", b"1e3 2", b"1\x1c2", b"1 2\x85"]


@needs_kernel
@pytest.mark.parametrize("line", NEAR_MISSES)
def test_near_misses_are_left_to_the_careful_reader(line: bytes) -> None:
    for body in (line, line + b"\n", PAD + line + b"\n" + PAD, line + b"\n" + PAD, PAD + line):
        assert products(body) is None, body


BLANK_LAYOUTS = [b"1  2", b"1\t2", b" 1 2", b"1 2 ", b"1 2\r\r", b"1\r 2", b"\t1\x0b2\x0c"]


@needs_kernel
@pytest.mark.parametrize("line", BLANK_LAYOUTS)
def test_blanks_are_read_as_the_careful_reader_reads_them(line: bytes) -> None:
    for body in (line, line + b"\n", PAD + line + b"\n" + PAD, line + b"\n" + PAD, PAD + line,
                 PAD + line + b"\n\n \t\n\r\n"):
        assert products(body) == careful(body), body
        assert products(body) is not None
    for body in (PAD + b"\n" + line, line + b"\n \n" + PAD):  # a blank line before a line
        assert products(body) is None


@needs_kernel
def test_every_byte_value_inside_a_number() -> None:
    for byte in range(256):
        for after in (b"", b"\n" + PAD):  # near the end, and in the middle
            body = b"12" + bytes([byte]) + b"34 5" + after
            got = products(body)
            if bytes([byte]).isdigit():
                value = int(body.split()[0])
                assert got is not None and got[1].startswith(b"%d\n" % nim_mul(value, 5))
            else:
                assert got is None, body


@needs_kernel
@settings(max_examples=400)
@given(st.lists(st.tuples(st.integers(0, TOP), st.integers(0, TOP)), min_size=1, max_size=12),
       st.lists(st.tuples(st.integers(0, 200), st.integers(0, 2),
                          st.sampled_from([b"", b"0", b"7", b" ", b"\n", b"\r", b"\t", b"x",
                                           b"\x00", b"-", b"99999999999", b"\n\n", b" \n",
                                           b"\x0b", b"000000000000"])), max_size=4))
def test_whatever_it_accepts_the_careful_reader_reads_alike(pairs, edits) -> None:  # type: ignore[no-untyped-def]
    body = bytearray(b"".join(b"%d %d\n" % pair for pair in pairs))
    for at, cut, noise in edits:
        body[at:at + cut] = noise
    got = products(bytes(body))
    if got is not None:
        assert got == careful(bytes(body))
    if not edits:
        assert got is not None


@needs_kernel
def test_products_checks_its_range() -> None:
    with pytest.raises(ValueError):
        KERNEL.products(b"1 2\n", 0, 5)  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        KERNEL.products(b"1 2\n", 3, 2)  # type: ignore[union-attr]
    assert KERNEL.products(b"x\n1 2\n", 2, 6) == (1, b"2\n")  # type: ignore[union-attr]


@needs_kernel
def test_mul_agrees_with_the_numpy_kernel_and_the_scalar_product(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = random_pairs(120_000, seed=12)
    out = np.empty_like(a)
    KERNEL.mul(a, b, out)  # type: ignore[union-attr]
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert np.array_equal(out, nim_mul_array(a, b))
    sample = list(range(6000)) + random.Random(1).sample(range(a.shape[0]), 3000)
    assert all(int(out[i]) == nim_mul(int(a[i]), int(b[i])) for i in sample)
    with pytest.raises(ValueError):
        KERNEL.mul(a, b[:-1], out)  # type: ignore[union-attr]


@needs_kernel
@pytest.mark.parametrize("parts", [1, 2])
def test_judge_output_is_the_same_with_and_without_it(monkeypatch, parts) -> None:  # type: ignore[no-untyped-def]
    a, b = random_pairs(60_000, seed=13)
    body = b"".join(b"%d %d\n" % pair for pair in zip(a.tolist(), b.tolist()))
    data = b"%d\n" % a.shape[0] + body
    assert len(data) > judge._SPLIT_BYTES  # big enough to be worked in two halves
    monkeypatch.setattr(parallel, "parallel_parts", lambda: parts)
    fast = fmt.judge_chunks(data)
    assert len(fast) == parts
    monkeypatch.setenv("GRUNDY_PURE", "1")
    pure = fmt.judge_output(data)
    assert b"".join(fast) == pure
    assert pure.count(b"\n") == a.shape[0]


@needs_kernel
def test_read_all_reads_what_is_left_of_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = bytes(range(256)) * 6000  # above the size from which the kernel reads
    path = tmp_path / "big.bin"
    path.write_bytes(data)
    with open(path, "rb") as handle:
        assert read_all(handle) == data
    with open(path, "rb") as handle:  # partly read: some bytes wait in the handle's buffer
        assert handle.read(1000) == data[:1000]
        assert read_all(handle) == data[1000:]
    with open(path, "rb", buffering=0) as raw:
        raw.seek(12345)
        assert read_all(raw) == data[12345:]  # type: ignore[arg-type]
    with open(path, "rb") as handle:
        assert KERNEL.read_file(handle.fileno(), 10**8) == data  # type: ignore[union-attr]
        assert KERNEL.read_file(handle.fileno(), 10) == b""  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        KERNEL.read_file(0, -1)  # type: ignore[union-attr]
    with open(path, "wb") as handle, pytest.raises(OSError):
        KERNEL.read_file(handle.fileno(), 10)  # type: ignore[union-attr]


def test_a_stream_is_held_once_while_it_is_read() -> None:
    """100 MB piped in a megabyte at a time: reading it raises the process's peak memory by
    about its size (103 MB measured; with its chunks joined at the end, 150 MB)."""
    import subprocess
    import sys

    code = ("import resource, sys; from grundy.native.compiled import read_all; "
            "peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
            "sys.stdin.buffer.peek(1); before = peak(); "
            "data = read_all(sys.stdin.buffer); print(len(data), peak() - before)")
    reader = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE)
    assert reader.stdin is not None
    for _ in range(100):
        reader.stdin.write(b"1 2\n" * (1 << 18))
    reader.stdin.close()
    assert reader.stdout is not None and reader.wait() == 0
    size, grown_kb = map(int, reader.stdout.read().split())
    assert size == 100 << 20
    assert grown_kb < 125 << 10, grown_kb >> 10


@needs_kernel
def test_products_longer_than_their_lines_fit() -> None:
    """Short factors with a long product (the output buffer is sized by that bound)."""
    pairs = [(a, b) for a in (16, 255, 256, 65535, 65536, 2**32, 2**32 + 1) for b in (2, 3, 9, a)]
    for pair in pairs:
        body = b"%d %d" % pair
        product = nim_mul(*pair)
        assert len(b"%d\n" % product) <= 2 * len(body)
        assert products(body) == (1, b"%d\n" % product)
        many = (body + b"\n") * 500
        assert products(many) == (500, b"%d\n" % product * 500)
