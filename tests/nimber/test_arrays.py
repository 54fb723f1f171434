"""The vectorised kernels agree with the scalar nimber code."""

from __future__ import annotations

import numpy as np
import pytest

from grundy import nimber
from grundy.native import parallel
from grundy.nimber import arrays, tables
from grundy.errors import GrundyError
from grundy.nimber.arrays import byte_table, nim_inv_array, nim_mul_array
from grundy.nimber import nim_inv, nim_mul

EDGES = [0, 1, 2, 3, 2**63, 2**64 - 1, 2**32 - 1, 2**32, 2**16 - 1, 2**16]
EDGES += [1 << k for k in range(64)]


def random_pairs(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2**64, n, dtype=np.uint64, endpoint=False)
    b = rng.integers(0, 2**64, n, dtype=np.uint64, endpoint=False)
    a[::3] >>= rng.integers(0, 64, a[::3].shape[0]).astype(np.uint64)  # every size
    b[1::3] >>= rng.integers(0, 64, b[1::3].shape[0]).astype(np.uint64)
    edges = np.array(EDGES, dtype=np.uint64)
    k = edges.shape[0]
    a[: k * k] = np.repeat(edges, k)  # every pair of edge values
    b[: k * k] = np.tile(edges, k)
    return a, b


def test_tables_match_the_pure_python_build() -> None:
    log, exp = nimber.build_tables()
    np_log, np_exp = tables.build_tables_numpy()
    assert np.array_equal(np.array(np_log, dtype=np.uint32), np.array(log, dtype=np.uint32))
    assert np.array_equal(np.array(np_exp, dtype=np.uint16), np.array(exp, dtype=np.uint16))
    shared_log, shared_exp = tables.field16().numpy_tables()  # what the kernels read
    assert np.array_equal(shared_log, np.array(log, dtype=np.uint32))
    assert np.array_equal(shared_exp, np.array(exp, dtype=np.uint16))


def test_byte_table_against_scalar() -> None:
    table = byte_table()
    expected = [[tables.slow_mul(a, b, 4) for b in range(256)] for a in range(256)]
    assert table.tolist() == expected


def test_products_agree_with_scalar_on_many_pairs() -> None:
    a, b = random_pairs(120_000, seed=1)
    got = nim_mul_array(a, b)
    assert got.dtype == np.uint64 and got.shape == a.shape
    for x, y, p in zip(a.tolist(), b.tolist(), got.tolist()):
        assert p == nim_mul(x, y), (x, y)


def test_broadcasting_shapes() -> None:
    rng = np.random.default_rng(5)
    col = rng.integers(0, 2**64, (7, 1), dtype=np.uint64)
    row = rng.integers(0, 2**64, (1, 5), dtype=np.uint64)
    grid = nim_mul_array(col, row)
    assert grid.shape == (7, 5)
    for i in range(7):
        for j in range(5):
            assert int(grid[i, j]) == nim_mul(int(col[i, 0]), int(row[0, j]))
    cube = rng.integers(0, 2**64, (2, 3, 4), dtype=np.uint64)
    assert nim_mul_array(cube, np.uint64(1)).tolist() == cube.tolist()
    assert nim_mul_array(cube, 0).tolist() == np.zeros((2, 3, 4), dtype=int).tolist()
    scalar = nim_mul_array(np.uint64(2**63), np.uint64(2**63))
    assert scalar.shape == () and int(scalar) == nim_mul(2**63, 2**63)
    assert nim_mul_array(np.zeros((0, 3), dtype=np.uint64), 5).shape == (0, 3)


def test_small_tables_through_broadcasting() -> None:
    x = np.arange(256, dtype=np.uint64)
    table = nim_mul_array(x[:, None], x[None, :])
    assert np.array_equal(table, byte_table().astype(np.uint64))


def test_input_types() -> None:
    assert nim_mul_array([3, 5], [5, 3]).tolist() == [15, 15]  # lists of ints
    assert nim_mul_array(np.array([2, 3], dtype=np.int32), 2).tolist() == [3, 1]
    assert nim_mul_array(np.array([2**64 - 1], dtype=object), 1).tolist() == [2**64 - 1]
    with pytest.raises(GrundyError):
        nim_mul_array(np.array([-1, 2]), 3)
    with pytest.raises(GrundyError):
        nim_mul_array(np.array([2**64], dtype=object), 3)
    with pytest.raises(GrundyError):
        nim_mul_array(np.array([1.5]), 3)


def test_scalar_nim_mul_dispatches_arrays() -> None:
    a, b = random_pairs(8000, seed=2)
    assert np.array_equal(nim_mul(a, b), nim_mul_array(a, b))
    assert np.array_equal(nim_inv(a | np.uint64(1)), nim_inv_array(a | np.uint64(1)))


def test_inverses_agree_with_scalar() -> None:
    a, _ = random_pairs(30_000, seed=3)
    a[a == 0] = 7
    inv = nim_inv_array(a)
    for x, y in zip(a.tolist(), inv.tolist()):
        assert y == nim_inv(x)
    assert np.all(nim_mul_array(a, inv) == 1)
    assert nim_inv_array(a.reshape(100, 300)).shape == (100, 300)


def test_inverse_of_zero_is_an_error() -> None:
    with pytest.raises(ZeroDivisionError):
        nim_inv_array(np.array([3, 0, 5], dtype=np.uint64))


def test_the_byte_order_free_path_agrees(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = random_pairs(6000, seed=6)
    expected = nim_mul_array(a, b)
    monkeypatch.setattr(arrays, "_LITTLE", False)  # the path big-endian machines take
    assert np.array_equal(nim_mul_array(a, b), expected)


def test_two_threads_and_strided_inputs_give_the_same_products(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = random_pairs(3 * parallel.PARALLEL_MIN + 12342, 21)
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 2)
    two = nim_mul_array(a, b)
    pairs = np.stack([a, b], axis=1).ravel()  # a and b as strided views
    assert np.array_equal(nim_mul_array(pairs[0::2], pairs[1::2]), two)
    assert np.array_equal(nim_mul_array(a.reshape(-1, 5), b.reshape(-1, 5)).ravel(), two)
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 1)
    assert np.array_equal(nim_mul_array(a, b), two)
    rng = np.random.default_rng(22)
    sample = np.concatenate([np.arange(200), rng.integers(0, a.shape[0], 3000)])
    assert all(int(two[i]) == nim_mul(int(a[i]), int(b[i])) for i in sample.tolist())


def test_run_parallel_raises_the_error_of_a_thread() -> None:
    def fail() -> int:
        raise ValueError("in the thread")

    assert parallel.run_parallel([lambda: 1, lambda: 2, lambda: 3]) == [1, 2, 3]
    assert parallel.run_parallel([]) == []
    with pytest.raises(ValueError, match="in the thread"):
        parallel.run_parallel([lambda: 1, fail])
    assert parallel.parallel_parts() in (1, 2)


def test_numpy_scalars_give_numpy_scalars() -> None:
    """Like NumPy's own functions: scalars in, a scalar out (not a 0-d array)."""
    product = nim_mul(np.uint64(2**63), np.uint64(2**63))
    assert isinstance(product, np.uint64) and int(product) == nim_mul(2**63, 2**63)
    assert isinstance(nim_mul(np.uint64(5), 3), np.uint64) and nim_mul(3, np.int64(5)) == 15
    inverse = nim_inv(np.uint64(2))
    assert isinstance(inverse, np.uint64) and int(inverse) == nim_inv(2)
    assert nim_mul(np.array([5]), 3).shape == (1,)
