"""The compiled kernel of misère quotients (grundy.native._misere) against the Python path
(GRUNDY_PURE=1): the same quotients, element for element."""

from __future__ import annotations

from typing import Any

import pytest

from grundy import find
from grundy.misere.quotient import quotient
from grundy.misere.solver import compiled_kernel


@pytest.fixture
def kernel():  # type: ignore[no-untyped-def]
    found = compiled_kernel()
    if found is None:
        pytest.skip("grundy.native._misere is not built (python setup.py build_ext --inplace)")
    return found


@pytest.mark.parametrize("code,heaps", [("0.07", 26), ("0.77", None), ("0.53", None),
                                        ("0.137", 20), ("0.15", None), ("0.6", 16),
                                        ("sub:2,3", 20), ("grundys-game", 16), ("4.07", 12)])
def test_the_kernel_and_the_python_path_agree(kernel, monkeypatch, code, heaps) -> None:  # type: ignore[no-untyped-def]
    fast = quotient(find(code), heaps=heaps, seconds=300)
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert compiled_kernel() is None
    slow = quotient(find(code), heaps=heaps, seconds=300)
    assert fast.as_dict() == slow.as_dict()


def test_the_kernel_refuses_bad_arrays(kernel) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    table = np.zeros((2, 2), dtype=np.int32)
    gens = np.array([1], dtype=np.int64)
    with pytest.raises(ValueError, match="sizes"):
        kernel.mark(table, table, 3, 2, gens, gens, np.array([0, 1], dtype=np.int64), -1,
                    False, 10)
    with pytest.raises(ValueError, match="bad code"):
        kernel.mark(table, np.zeros((1, 1), dtype=np.int32), 2, 1,
                    np.array([5], dtype=np.int64), gens, np.array([0, 1], dtype=np.int64),
                    -1, False, 10)


def test_the_verification_kernel_refuses_bad_arrays(kernel) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    table = np.zeros((2, 2), dtype=np.int32)
    in_p = np.zeros(2, dtype=np.uint8)
    one = np.array([1], dtype=np.int32)
    offsets = np.array([0, 1], dtype=np.int64)
    with pytest.raises(ValueError, match="sizes"):
        kernel.check(table, np.zeros(3, dtype=np.uint8), one, one, offsets)
    with pytest.raises(ValueError, match="bad element"):
        kernel.check(table, in_p, np.array([7], dtype=np.int32), one, offsets)
    with pytest.raises(ValueError, match="bad table"):
        kernel.check(table + 5, in_p, one, one, offsets)


@pytest.mark.parametrize("code,heaps", [("0.07", 27), ("0.77", 30)])
def test_the_least_sums_of_the_kernel(kernel, monkeypatch, code, heaps) -> None:  # type: ignore[no-untyped-def]
    from grundy.misere.solver import Pretension, Solver

    q = quotient(find(code), heaps=heaps)
    solver = Solver(find(code))
    active = [h for h in range(1, heaps + 1) if find(code).options(h)]
    pre = Pretension(q.table, list(q.in_p), list(q.phi), [frozenset()] * (heaps + 1))
    fast = solver._words_least(pre, active)
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert fast == solver._words_least(pre, active) and len(fast) == q.order


def test_the_new_kernels_refuse_bad_arrays(kernel) -> None:  # type: ignore[no-untyped-def]
    from array import array

    table = array("i", [0, 1, 1, 0])
    with pytest.raises(ValueError, match="sizes"):
        kernel.reduce(table, array("i", [0]), 2, 1, array("q", [0, 1]), b"\0", array("i", [1, 0]))
    with pytest.raises(ValueError, match="bad code"):
        kernel.reduce(table, array("i", [0]), 2, 1, array("q", [0, 9]), b"\0\1", array("i", [1, 0]))
    with pytest.raises(ValueError, match="bad table"):
        kernel.p_masks(array("i", [0, 1, 1, 5]), b"\0\1")
    with pytest.raises(ValueError, match="bad element"):
        kernel.p_failure(table, b"\0\1", array("i", [3]), array("i"), array("q", [0, 0]),
                         array("q", [0]), array("i", [0]))


def test_the_kernels_reduction_is_moores() -> None:
    """The compiled reduction against a brute force: merge x and y while no product
    x·z, y·z tells them apart by P (the cyclic monoid x^0..x^9, x^10 = x^6, and P made of
    some powers)."""
    from array import array

    from grundy.misere.monoid import DirectProduct, cyclic, reduce_compiled

    found = compiled_kernel()
    if found is None:
        pytest.skip("grundy.native._misere is not built")
    m = DirectProduct([cyclic(6, 4)])
    for p in ([1, 3, 7], [2, 6, 8], [0, 9], [5], [1, 2, 3, 4, 5, 6, 7, 8, 9]):
        order = list(range(10))
        act = array("i", [m.mul(x, 1) for x in order])
        table, in_p, cls = reduce_compiled(found, m, array("q", order),
                                           bytes(x in p for x in order), act)
        for x in order:
            for y in order:
                apart = any((m.mul(x, z) in p) != (m.mul(y, z) in p) for z in order)
                assert (cls[x] == cls[y]) == (not apart), (p, x, y)
        for x in order:
            for y in order:
                assert table[cls[x], cls[y]] == cls[m.mul(x, y)]
        assert in_p == [min(x for x in order if cls[x] == c) in p for c in range(len(in_p))]


CODES = [f"0.{a}{b}" for a in "01234567" for b in "1234567"] + \
    [f"0.{a}" for a in "1234567"] + ["0.137", "0.1377", "0.007", "0.0407"] + \
    ["0.8", "0.f", "0.fc", "0.0f", "0.b4", "0.9", "0.e7", "0.48c", "0.00f1"] + \
    ["4.07", "4.7", "4.0", "4.007", "8.0", "8.1", "8.c", "4.fc", "8.77", "0.0"]


@pytest.mark.parametrize("code", CODES)
def test_the_fast_paths_options_are_the_rules(code: str) -> None:
    """The fast path's options of each heap are the rules' (as the solver reads them,
    through the generic walk of ``options``: the hook hidden)."""
    from grundy.misere.solver import heap_options
    from grundy.rules.base import HeapGame
    from grundy.rules.codes import Code

    rules, fast = find(code), Code.parse(code)
    assert (fast.notation, fast.digits, fast.label) == (rules.notation, rules.digits, rules.label)  # type: ignore[attr-defined]
    assert fast.misere_certifier() == rules.misere_certifier()  # type: ignore[attr-defined]

    class Walked(HeapGame):  # the rules' options without the heap_options hook
        def options(self, n: int) -> Any:
            return rules.options(n)

    for n in range(40):
        assert fast.heap_options(n) == heap_options(Walked(), n), n


@pytest.mark.parametrize("args", [["0.75"], ["0.53", "--json"], ["0.77", "--heaps", "60"],
                                  ["kayles", "--json"], ["dawsons-chess", "--heaps", "14"],
                                  ["dawsons-kayles", "--heaps", "20", "--time", "200"],
                                  ["0.07", "--heaps=14", "--json"], ["0.137", "--heaps", "15"],
                                  ["0.15", "--time", "100", "--json"], ["0.6", "--heaps", "12"],
                                  ["0.04", "--json", "--heaps", "20"], ["0.31", "--no-save"],
                                  ["0.fc", "--heaps", "40"], ["0.8", "--heaps", "16", "--json"],
                                  ["4.07", "--heaps", "20"], ["4.7", "--heaps", "18", "--json"],
                                  ["8.0", "--heaps", "12"], ["0.0f", "--heaps=15"],
                                  ["8.1", "--heaps", "14", "--no-save"], ["0.0", "--heaps", "30"],
                                  ["0.f", "--time", "100", "--heaps", "60"]])
def test_the_fast_path_prints_what_the_cli_prints(kernel, tmp_path, monkeypatch, capsys,
                                                  args) -> None:  # type: ignore[no-untyped-def]
    """``grundy quotient`` through the fast path and through click (with GRUNDY_PURE set,
    which also takes the NumPy path of the solver) print the same, and cache the same."""
    from grundy.cli.console import _fast
    from grundy.cli.main import run

    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path / "fast"))
    assert _fast(["quotient", *args])
    fast = capsys.readouterr().out
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path / "slow"))
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert not _fast(["quotient", *args])
    assert run(["quotient", *args]) == 0
    assert fast == capsys.readouterr().out
    cached = sorted(p.name for p in (tmp_path / "fast").glob("quotients/*"))
    assert cached == sorted(p.name for p in (tmp_path / "slow").glob("quotients/*"))
    for name in cached:
        assert (tmp_path / "fast" / "quotients" / name).read_text() == \
            (tmp_path / "slow" / "quotients" / name).read_text()


@pytest.mark.parametrize("args", [["Kayles"], ["0.770"], ["0.77", "--heaps", "-3"],
                                  ["0.77", "--heaps", "99999"], ["0.77", "--time", "0"],
                                  ["0.77", "--time", "nan"], ["0.77", "--csv"], ["0.FC"],
                                  ["1.07"], ["2.7"], ["c.0"], ["0.fc0"], ["4.00"], ["0.g"], ["0."],
                                  [".7"], ["00.7"], ["0." + "7" * 1001],
                                  ["0.77", "0.75"], ["0.77", "--heaps"]])
def test_the_fast_path_leaves_the_rest_to_the_cli(kernel, capsys, args) -> None:  # type: ignore[no-untyped-def]
    """Names it does not know, codes not in canonical form, limits out of range, other
    options: nothing written, the CLI answers."""
    from grundy.cli.console import _fast

    assert not _fast(["quotient", *args])
    assert capsys.readouterr().out == ""
