"""The compiled kernel of misère quotients (grundy.native._misere) against the Python path
(GRUNDY_PURE=1): the same quotients, element for element."""

from __future__ import annotations

import pytest

from grundy import find
from grundy.play.misere.quotient import quotient
from grundy.play.misere.solver import compiled_kernel


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
    from grundy.play.misere.solver import Pretension, Solver

    q = quotient(find(code), heaps=heaps)
    solver = Solver(find(code))
    active = [h for h in range(1, heaps + 1) if find(code).options(h)]
    pre = Pretension(q.table, list(q.in_p), list(q.phi), [frozenset()] * (heaps + 1))
    fast = solver._words_least(pre, active)
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert fast == solver._words_least(pre, active) and len(fast) == q.order
