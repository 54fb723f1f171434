"""`grundy nim` and `grundy solve nim`: the Library Checker format, byte for byte, and errors."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.native import parallel
from grundy.native.compiled import compiled
from grundy.errors import InputError
from grundy.formats import Options, solve
from grundy.formats import _nim_numpy as numpy_reader
from grundy.formats import nim as fmt
from grundy.nimber import nim_mul
from support import assert_one_line_error

@pytest.fixture(autouse=True, params=["compiled", "numpy"])
def kernel(request, monkeypatch):  # type: ignore[no-untyped-def]
    """Every test here runs with the compiled kernel (when built) and without it."""
    if request.param == "numpy":
        monkeypatch.setenv("GRUNDY_PURE", "1")
    elif compiled() is None:
        pytest.skip("the compiled kernel is not built here")
    else:
        monkeypatch.delenv("GRUNDY_PURE", raising=False)
    return request.param


# Library Checker "Nim Product (F_{2^64})" sample (also src/grundy/formats/examples/nim.in)
SAMPLE_IN = ("11\n5 0\n5 1\n5 2\n5 3\n5 4\n5 5\n5 6\n5 7\n5 8\n3141 5926\n"
             "18446744073709551615 18446744073709551615\n")
SAMPLE_OUT = "0\n5\n10\n15\n2\n7\n8\n13\n3\n14994\n11290409524105353207\n"


def test_sample_through_the_cli(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for args in (("nim",), ("nim", "-"), ("solve", "nim"), ("solve", "nim-product")):
        result = cli(*args, input=SAMPLE_IN)
        assert (result.code, result.out, result.err) == (0, SAMPLE_OUT, "")
    path = tmp_path / "nim.in"
    path.write_text(SAMPLE_IN)
    assert cli("nim", str(path)).out == SAMPLE_OUT


def test_bundled_example_is_the_sample() -> None:
    example = resources.files("grundy.formats") / "examples" / "nim.in"
    assert example.read_text() == SAMPLE_IN


def test_nim_operations_through_the_cli(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("nim", "mul", "3", "5").out == "15\n"
    assert cli("nim", "mul", str(2**64 - 1), str(2**64 - 1)).out == "11290409524105353207\n"
    assert cli("nim", "add", "3", "5").out == "6\n"
    assert cli("nim", "div", "15", "5").out == "3\n"
    assert cli("nim", "pow", "2", "3").out == "1\n"
    assert cli("nim", "inv", "2").out == "3\n"
    assert cli("nim", "sqrt", "2").out == "3\n"
    big = 2**300 + 12345
    assert int(cli("nim", "mul", str(big), str(big)).out) == nim_mul(big, big)


@pytest.mark.parametrize("args", [("inv", "0"), ("div", "4", "0"), ("mul", "3"),
                                  ("mul", "3", "-5"), ("sqrt", "x")])
def test_nim_operation_errors(cli, args) -> None:  # type: ignore[no-untyped-def]
    result = cli("nim", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith("grundy: error: ") and result.err.count("\n") == 1


BAD = [
    ("", 1, "empty"),
    ("\n\n", 1, "empty"),
    ("2\n1 2 3\n4 5\n", 2, "found 3"),
    ("2\n1 2\n4\n", 3, "found 1"),
    ("2\n1 2\n\n3 4\n", 3, "found 0"),
    ("2\n1 x\n3 4\n", 2, "'x'"),
    ("2\n1 2\n3 -4\n", 3, "'-4'"),
    ("2\n1 2\n3 +4\n", 3, "'+4'"),
    ("2\n1.5 2\n3 4\n", 2, "'1.5'"),
    ("2\n0x10 2\n3 4\n", 2, "'0x10'"),
    ("2\n1 2\n18446744073709551616 4\n", 3, "out of range"),
    ("2\n18446744073709551616 2\n3 4", 2, "out of range"),
    ("2\n1 99999999999999999999\n3 4\n", 2, "out of range"),
    ("2\n1 2\n28446744073709551616 4\n", 3, "out of range"),
    ("2\n1 2\n3 100000000000000000000000\n", 3, "out of range"),
    ("3\n1 2\n3 4\n", 3, "T = 3"),
    ("2\n1 2\n3 4\n5 6\n", 4, "more lines"),
    ("0\n", 1, "T = 0"),
    ("10000001\n1 2\n", 1, "out of range"),
    ("2 1\n1 2\n3 4\n", 1, "T alone"),
    ("two\n1 2\n", 1, "'two'"),
    ("2\n1 2\n3 4\xe9\n", 3, "4"),
]


@pytest.mark.parametrize("text, line, words", BAD)
def test_bad_inputs_through_the_cli(cli, text, line, words) -> None:  # type: ignore[no-untyped-def]
    assert_one_line_error(cli("nim", input=text.encode("latin-1")), words, line)


def test_a_bad_last_line_of_a_big_input_prints_nothing(cli) -> None:  # type: ignore[no-untyped-def]
    lines = [f"{k} {k + 1}" for k in range(20000)] + ["1 2 3"]
    result = cli("solve", "nim", input=f"{len(lines)}\n" + "\n".join(lines) + "\n")
    assert (result.code, result.out) == (2, "")
    assert result.err.startswith(f"grundy: error: line {len(lines) + 1}: ")


def random_input(rng: np.random.Generator, t: int) -> tuple[np.ndarray, np.ndarray]:
    a = rng.integers(0, 2**64, t, dtype=np.uint64, endpoint=False)
    b = rng.integers(0, 2**64, t, dtype=np.uint64, endpoint=False)
    a >>= rng.integers(0, 64, t).astype(np.uint64)
    b >>= rng.integers(0, 64, t).astype(np.uint64)
    a[:4] = [0, 2**64 - 1, 10**19, 9999999999999999999]
    return a, b


def test_canonical_and_careful_readers_agree(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(4)
    a, b = random_input(rng, 3000)
    body = "\n".join(f"{x} {y}" for x, y in zip(a.tolist(), b.tolist()))
    canonical = f"{len(a)}\n{body}\n".encode()
    variants = [
        canonical[:-1],  # no final newline
        canonical.replace(b"\n", b"\r\n"),
        canonical.replace(b" ", b" \t  "),
        canonical + b"\n\n  \n",
        b"  " + canonical.replace(b"\n", b"  \n"),
        canonical.replace(b"\n1", b"\n0001"),  # leading zeros
    ]
    expected = "".join(f"{nim_mul(x, y)}\n" for x, y in zip(a.tolist(), b.tolist()))
    assert solve("nim", canonical) == expected
    for text in variants:
        assert solve("nim", text) == expected
    # the canonical input takes the fast path, the variants the careful one
    assert numpy_reader.read_canonical(canonical) is not None
    assert numpy_reader.read_canonical(canonical[:-1]) is not None
    assert all(numpy_reader.read_canonical(text) is None for text in variants[1:])
    pa, pb = fmt._parse_lines(canonical)
    assert np.array_equal(pa, a) and np.array_equal(pb, b)

    def refuse(data: bytes) -> None:
        raise AssertionError("the careful reader was not needed")

    monkeypatch.setattr(fmt, "_parse_lines", refuse)
    for text in (canonical, *variants[:5]):  # blanks aside, fast paths after tidying
        pa, pb = fmt.parse(text)
        assert np.array_equal(pa, a) and np.array_equal(pb, b)
        assert fmt.judge_output(text) == expected.encode()


def test_canonical_reader_refuses_near_misses() -> None:
    good = b"2\n18446744073709551615 1\n3 4\n"
    assert numpy_reader.read_canonical(good) is not None
    for bad in (b"2\n18446744073709551616 1\n3 4\n", b"2\n28446744073709551616 1\n3 4\n",
                b"2\n1 2\n3 20000000000000000000\n", b"2\n1 2\n3 99999999999999999999", b"2\n1 2\n3 4 5\n", b"2\n1 2 3\n4\n",
                b"2\n1\n2 3 4\n", b"2\n1  2\n3 4\n", b"2\n1 2\n\n3 4\n", b"3\n1 2\n3 4\n",
                b"2\n01 2\n3 4\n", b"2\n1 2\n3 4\n\n", b"2\n1 2\n3 4\t\n", b"2\n1 2\n3 4:\n",
                b"2\n1 2\n3 4-\n"):
        assert numpy_reader.read_canonical(bad) is None, bad


def test_formatting_every_digit_count() -> None:
    values = [0] + [10**k - 1 for k in range(1, 20)] + [10**k for k in range(20)] + [2**64 - 1]
    got = numpy_reader.format_numbers(np.array(values, dtype=np.uint64))
    assert got == "".join(f"{v}\n" for v in values).encode()
    assert numpy_reader.format_numbers(np.array([], dtype=np.uint64)) == b""


def test_explain_and_json(cli) -> None:  # type: ignore[no-untyped-def]
    explained = cli("solve", "nim", "--explain", input="2\n5 3\n2 2\n").out.splitlines()
    assert explained[0] == "15" and explained[2] == "3"
    assert explained[1].startswith("  5 (x) 3 = 15 in the field of order 2^4")
    # the expansion's terms XOR to the product
    for x in range(1, 40):
        for y in range(1, 40):
            line = fmt.explain(x, y, nim_mul(x, y))
            if "is XOR" in line:
                terms = [int(t) for t in line.rsplit(" = ", 1)[1].split(" + ")]
                assert len(terms) == bin(x).count("1") * bin(y).count("1")
                assert np.bitwise_xor.reduce(terms) == nim_mul(x, y)
    out = cli("solve", "nim", "--json", input=SAMPLE_IN).out
    rows = [json.loads(line) for line in out.splitlines()]
    assert out == "".join(json.dumps(row) + "\n" for row in rows)  # exactly json.dumps' layout
    assert [r["product"] for r in rows] == [int(x) for x in SAMPLE_OUT.split()]
    assert rows[-1] == {"a": 2**64 - 1, "b": 2**64 - 1, "product": 11290409524105353207}
    assert solve("nim", b"1\n5 3\n", Options(explain=True)).startswith("15\n  5 (x) 3 = 15")


def test_digit_counts() -> None:
    rng = np.random.default_rng(8)
    values = rng.integers(0, 2**64, 20000, dtype=np.uint64, endpoint=False)
    values >>= rng.integers(0, 64, 20000).astype(np.uint64)
    edges = [0, 2**64 - 1] + [10**k + d for k in range(20) for d in (-1, 0, 1)] + \
        [2**k + d for k in range(64) for d in (-1, 0, 1)]
    edges = [e for e in edges if 0 <= e < 2**64]
    values = np.concatenate([values, np.array(edges, dtype=np.uint64)])
    assert numpy_reader.digit_counts(values).tolist() == [len(str(v)) for v in values.tolist()]


def big_canonical_input(t: int = 50000) -> tuple[bytes, np.ndarray, np.ndarray]:
    """An input long enough to be read, multiplied and written in two threads."""
    a, b = random_input(np.random.default_rng(11), t)
    body = "\n".join(f"{x} {y}" for x, y in zip(a.tolist(), b.tolist()))
    data = f"{t}\n{body}\n".encode()
    assert len(data) >= 16 * parallel.PARALLEL_MIN  # above the threshold of the split reader
    return data, a, b


def test_two_threads_give_the_same_bytes_as_one(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    data, a, b = big_canonical_input()
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 2)
    values = numpy_reader.read_canonical(data)
    assert values is not None and values.tolist() == [len(a)] + np.stack([a, b], 1).ravel().tolist()
    two = solve("nim", data)
    assert solve("nim", data[:-1]) == two  # no final newline
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 1)
    assert solve("nim", data) == two
    assert two == "".join(f"{nim_mul(x, y)}\n" for x, y in zip(a.tolist(), b.tolist()))


def test_two_threads_refuse_what_one_refuses(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # the split's threshold lowered, so that an input of 2000 lines is read in two halves:
    # each of the 36 refusals below then reads 43 KB again, not 2 MB
    monkeypatch.setattr(parallel, "PARALLEL_MIN", 1 << 11)
    data, a, b = big_canonical_input(2000)
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 2)
    lines = data.split(b"\n")
    split = data[:len(data) // 2].count(b"\n") + 1  # the line of the middle byte (1-based)
    for number in (2, split, split + 1, len(a) + 1):  # first half, around the split, last
        for text, words in ((b"1 x", "'x'"), (b"3 -4", "'-4'"), (b"1 2 3", "found 3"),
                            (b"18446744073709551616 4", "out of range"),
                            (b"28446744073709551616 4", "out of range"), (b"1.5 2", "'1.5'")):
            bad = b"\n".join(lines[:number - 1] + [text] + lines[number:])
            assert numpy_reader.read_canonical(bad) is None, (number, text)
            with pytest.raises(InputError) as caught:
                fmt.parse(bad)
            assert caught.value.line == number and words in caught.value.message
        for text in (b"01 2", b"1\t2", b"1  2"):  # accepted, by the careful reader
            bad = b"\n".join(lines[:number - 1] + [text] + lines[number:])
            assert numpy_reader.read_canonical(bad) is None, (number, text)
            pa, pb = fmt.parse(bad)
            assert (int(pa[number - 2]), int(pb[number - 2])) == (1, 2)


BLANKS = st.text(alphabet=" \t\r\x0b\x0c", max_size=3).map(str.encode)


@given(st.lists(st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1)), min_size=1,
                max_size=6),
       st.lists(st.tuples(BLANKS, BLANKS, BLANKS), min_size=7, max_size=7),
       st.sampled_from([b"", b"\n", b"\n \n\t", b"\n\n1 2"]), st.integers(-1, 1))
def test_tidy_inputs_read_as_the_careful_reader_reads_them(pairs, blanks, tail, extra) -> None:  # type: ignore[no-untyped-def]
    """Blanks anywhere in a line, trailing blank lines, a wrong T: every reader agrees."""
    lines = [b"%s%d%s" % (blanks[0][0], len(pairs) + extra, blanks[0][2])]
    for (x, y), (before, between, after) in zip(pairs, blanks[1:]):
        lines.append(b"%s%d %s%d%s" % (before, x, between, y, after))
    data = b"\n".join(lines) + tail
    try:
        expected = fmt._parse_lines(data)
    except InputError as error:
        with pytest.raises(InputError) as caught:
            fmt.parse(data)
        assert (caught.value.line, caught.value.message) == (error.line, error.message)
        with pytest.raises(InputError):
            fmt.judge_output(data)
        return
    got = fmt.parse(data)
    assert all(np.array_equal(u, v) for u, v in zip(got, expected))
    assert fmt.judge_output(data) == b"".join(b"%d\n" % nim_mul(x, y) for x, y in pairs)
