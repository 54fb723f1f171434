"""Nim Product (Library Checker): ``grundy nim`` vs a table-based C++ program.

1. T = 10**6 seeded random pairs (all lengths of numbers, plus 0, 1, 2**63, 2**64 - 1
   and every power of two): both programs read the same input; outputs must be
   identical byte for byte; best wall time of 5 runs each, the ratio, grundy's peak
   memory.  grundy runs as installed: with its compiled kernel when ``pip install``
   built it (see grundy.native.compiled), and once more with ``GRUNDY_PURE=1`` (NumPy only).
   The reference is timed twice: reading with fread/parsing by hand, and with
   scanf/printf as most contest programs do.  Every program reads its input from a
   file and writes to a file, as a judge runs it (see ``_bench.run``).
2. The same input with ``\\r\\n`` line ends, and one with tabs between the numbers
   (the compiled kernel reads blanks as Python's ``bytes.split`` does; the NumPy path
   tidies them first).
3. Start-up: a one-line input against ``python -c pass`` and ``python -c "import
   numpy"``, to show how much of the wall time is the interpreter starting.
4. Scalar arithmetic on big nimbers (no reference): 1000 random products, inverses and
   square roots of 64-, 256- and 1024-bit values, checked by multiplying back.

Run: ``.venv/bin/python benchmarks/nim_product.py [--quick]`` (``--quick``: T = 10**5).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench  # noqa: E402
import numpy as np  # noqa: E402

from grundy.native.compiled import compiled  # noqa: E402
from grundy.nimber import nim_inv, nim_mul, nim_sqrt  # noqa: E402


def make_input(t: int, seed: int = 20240601) -> tuple[bytes, np.ndarray, np.ndarray]:
    """T random pairs with every digit count represented, edge values first."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2**64, t, dtype=np.uint64, endpoint=False)
    b = rng.integers(0, 2**64, t, dtype=np.uint64, endpoint=False)
    # shorten about half of the numbers to a random bit length, so all lengths occur
    a[::2] >>= rng.integers(0, 64, a[::2].shape[0]).astype(np.uint64)
    b[1::2] >>= rng.integers(0, 64, b[1::2].shape[0]).astype(np.uint64)
    edges = [0, 1, 2, 3, 2**63, 2**64 - 1] + [1 << k for k in range(64)]
    k = len(edges)
    a[:k * k] = np.repeat(np.array(edges, dtype=np.uint64), k)[: min(t, k * k)]
    b[:k * k] = np.tile(np.array(edges, dtype=np.uint64), k)[: min(t, k * k)]
    body = "\n".join(f"{x} {y}" for x, y in zip(a.tolist(), b.tolist()))
    return f"{t}\n{body}\n".encode(), a, b


def main() -> None:
    quick = "--quick" in sys.argv
    t = 10**5 if quick else 10**6
    data, a, b = make_input(t)
    print(f"input: T = {t}, {len(data) / 1e6:.1f} MB")

    binary = _bench.compile_cpp(Path(__file__).with_name("nim_product.cpp"))
    kernel = "compiled kernel" if compiled() is not None else "NumPy only: the compiled kernel is not built"
    print(f"grundy as installed: {kernel}")
    ref = _bench.run([str(binary)], data, repeat=5, files=True)
    ours = _bench.run(_bench.grundy_command("nim"), data, repeat=5, files=True)
    if ours.stdout != ref.stdout:
        raise SystemExit("grundy and the C++ reference disagree")
    pure = _bench.run(_bench.grundy_command("nim"), data, repeat=3, env={"GRUNDY_PURE": "1"},
                      files=True)
    if pure.stdout != ref.stdout:
        raise SystemExit("grundy's NumPy path and the C++ reference disagree")
    # and both agree with the scalar definition on a sample of lines
    lines = ours.stdout.split(b"\n")
    rng = np.random.default_rng(7)
    for i in list(range(min(t, 5000))) + rng.integers(0, t, 2000).tolist():
        if int(lines[i]) != nim_mul(int(a[i]), int(b[i])):
            raise SystemExit(f"line {i + 2}: wrong product")
    print(_bench.report(f"nim product, T = {t}", ours, ref))
    print(f"{'':40} peak memory: grundy {ours.peak_rss_mb:.0f} MB, C++ {ref.peak_rss_mb:.0f} MB")
    stdio = _bench.compile_cpp(Path(__file__).with_name("nim_product.cpp"), "nim_product_stdio", {"STDIO_IO": "1"})
    ref_stdio = _bench.run([str(stdio)], data, repeat=5, files=True)
    if ref_stdio.stdout != ref.stdout:
        raise SystemExit("the two C++ references disagree")
    print(_bench.report(f"nim product, T = {t}", ours, ref_stdio, "C++ scanf"))
    print(_bench.report("nim product, GRUNDY_PURE=1", pure, ref))
    print(f"{'':40} peak memory: grundy (NumPy) {pure.peak_rss_mb:.0f} MB")

    for label, text in (("\\r\\n line ends", data.replace(b"\n", b"\r\n")),
                        ("tabs between numbers", data.replace(b" ", b"\t"))):
        slow = _bench.run(_bench.grundy_command("nim"), text, repeat=3, files=True)
        if slow.stdout != ref.stdout:
            raise SystemExit(f"grundy disagrees on the input with {label}")
        print(_bench.report(f"nim product, {label}", slow,
                            _bench.run([str(binary)], text, files=True)))

    tiny = b"1\n3 5\n"
    start = _bench.run(_bench.grundy_command("nim"), tiny, repeat=5)
    bare = _bench.run([sys.executable, "-c", "pass"], b"", repeat=5)
    numpy = _bench.run([sys.executable, "-c", "import numpy"], b"", repeat=5)
    print(f"{'start-up: grundy nim on one line':40} {start.seconds:8.3f} s   python -c pass "
          f"{bare.seconds:.3f} s, -c 'import numpy' {numpy.seconds:.3f} s")

    for bits in (64, 256, 1024):
        rng_bits = random.Random(bits)
        pairs = [(rng_bits.getrandbits(bits) | 1, rng_bits.getrandbits(bits) | 1)
                 for _ in range(1000)]
        start_time = time.perf_counter()
        products = [nim_mul(x, y) for x, y in pairs]
        mul_s = time.perf_counter() - start_time
        start_time = time.perf_counter()
        inverses = [nim_inv(x) for x, _ in pairs]
        inv_s = time.perf_counter() - start_time
        start_time = time.perf_counter()
        roots = [nim_sqrt(x) for x, _ in pairs]
        sqrt_s = time.perf_counter() - start_time
        for (x, y), p, i, r in zip(pairs, products, inverses, roots):
            if nim_mul(i, x) != 1 or nim_mul(r, r) != x or nim_mul(p, nim_inv(y)) != x:
                raise SystemExit(f"scalar check failed on {bits}-bit values")
        print(f"{f'1000 scalar {bits}-bit ops':40} mul {mul_s:.3f} s   inv {inv_s:.3f} s"
              f"   sqrt {sqrt_s:.3f} s")

if __name__ == "__main__":
    main()
