"""Coins Game (ASC 34): grundy vs the seed's C++ program, then grundy alone at scale.

1. Contest size (R, C <= 50): many files of seeded random boards, plus boards whose
   first winning head comes last in scan order (the seed's worst case); outputs must
   be identical byte for byte; wall times and ratios.
2. Scale: dense random 2000 x 2000 boards and worst-case scan order, grundy alone
   against the 3 s goal (the seed's tables stop at 50).
3. Start-up: one 50 x 50 board against ``python -c "import numpy"`` (goal: within 0.1 s).

Run: ``.venv/bin/python benchmarks/contest_coins.py [--quick]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench  # noqa: E402
import numpy as np  # noqa: E402

from grundy.nimber import nim_div, nim_mul  # noqa: E402


def board_text(heads: np.ndarray) -> bytes:
    rows, cols = heads.shape
    body = b"\n".join(bytes(row + ord("0")) for row in heads.astype(np.uint8))
    return f"{rows} {cols}\n".encode() + body + b"\n"


def random_board(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    density = rng.choice([0.02, 0.1, 0.3, 0.5, 0.8, 0.97])
    return (rng.random((rows, cols)) < density).astype(np.uint8)


def winning_columns_mask(value: int, rows: int) -> list[int]:
    """M_i for i = 0..rows: head (i, j) has a winning move iff j & M_i != 0.

    Straight from the definition, with scalar nimbers: a move (i, j) -> (a, b) wins iff
    (i^a) (x) (j^b) = value, i.e. iff b = j ^ y < j with y = value / (i^a), iff j has the
    top bit of y; the d = i^a, a < i, are the d whose top bit is set in i.
    """
    k_bits = rows.bit_length()
    per_top = [0] * k_bits
    for d in range(1, 1 << k_bits):
        per_top[d.bit_length() - 1] |= 1 << (nim_div(value, d).bit_length() - 1)
    masks = [0] * (rows + 1)
    for i in range(1, rows + 1):
        for k in range(k_bits):
            if i >> k & 1:
                masks[i] |= per_top[k]
    return masks


def late_board(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """A dense board whose every winning head lies in the last row (first found last)."""
    while True:
        value = int(rng.integers(1, 1 << max(rows, cols).bit_length()))
        masks = winning_columns_mask(value, rows)
        col = np.arange(1, cols + 1)
        allowed = (col[None, :] & np.array(masks[1:rows])[:, None]) == 0
        heads = np.zeros((rows, cols), dtype=np.uint8)
        heads[:-1] = allowed & (rng.random((rows - 1, cols)) < 0.7)
        row_xor = np.bitwise_xor.reduce(heads.astype(np.int64) * col[None, :], axis=1)
        acc = 0
        for i, x_i in enumerate(row_xor.tolist(), start=1):
            acc ^= nim_mul(i, x_i)
        # the last row must bring the value to `value`: its columns XOR to x
        x = nim_div(acc ^ value, rows)
        if x == 0:
            continue
        last = [x] if x <= cols else [cols, cols ^ x] if 1 <= cols ^ x <= cols else None
        if last is None:
            continue
        for j in last:
            heads[rows - 1, j - 1] ^= 1
        return heads


def contest(quick: bool) -> None:
    binary = _bench.compile_cpp(_bench.reference_source("coins"), "coins_seed")
    rng = np.random.default_rng(34)
    files = []
    n_random, n_late, per_file = (4, 2, 100) if quick else (20, 6, 200)
    for _ in range(n_random):
        boards = [random_board(rng, int(rng.integers(1, 51)), int(rng.integers(1, 51)))
                  for _ in range(per_file)]
        files.append(("random boards up to 50x50", boards))
    for _ in range(n_late):
        boards = [late_board(rng, 50, 50) for _ in range(per_file // 4)]
        files.append(("50x50, winning heads last", boards))
    grundy = _bench.grundy_command("solve", "coins")
    totals: dict[str, list[float]] = {}
    count: dict[str, int] = {}
    for label, boards in files:
        data = b"".join(board_text(b) for b in boards)
        ref = _bench.run([str(binary)], data, repeat=1)
        ours = _bench.run(grundy, data, repeat=1)
        if ours.stdout != ref.stdout:
            raise SystemExit(f"outputs differ on a file of {label}")
        t = totals.setdefault(label, [0.0, 0.0])
        t[0] += ours.seconds
        t[1] += ref.seconds
        count[label] = count.get(label, 0) + len(boards)
    print("== contest size: grundy vs the seed (C++ -O2), identical outputs ==")
    for label, (ours_s, ref_s) in totals.items():
        files_n = sum(1 for lab, _ in files if lab == label)
        print(f"{label:<32} {count[label]:>5} boards in {files_n:>2} files   "
              f"grundy {ours_s:7.3f} s   C++ -O2 {ref_s:7.3f} s   ratio {ours_s / ref_s:6.2f}x")


def scale(quick: bool) -> None:
    rng = np.random.default_rng(2000)
    grundy = _bench.grundy_command("solve", "coins")
    print("== scale: grundy alone (goal: under 3 s per board) ==")
    n = 1000 if quick else 2000
    cases = [
        (f"dense random {n}x{n}", (rng.random((n, n)) < 0.5).astype(np.uint8)),
        (f"{n}x{n}, winning heads last", late_board(rng, n, n)),
    ]
    for label, heads in cases:
        data = board_text(heads)
        run = _bench.run(grundy, data, repeat=2)
        first = run.stdout.decode().split("\n")[1] if run.stdout.startswith(b"Ann") else "-"
        verdict = "ok" if run.seconds < 3 else "OVER"
        print(f"{label:<32} grundy {run.seconds:7.3f} s   first head {first:<11} "
              f"peak {run.peak_rss_mb:6.0f} MB   3 s goal: {verdict}")


def startup() -> None:
    rng = np.random.default_rng(50)
    data = board_text(random_board(rng, 50, 50))
    numpy_only = _bench.run([sys.executable, "-c", "import numpy"], b"", repeat=5)
    ours = _bench.run(_bench.grundy_command("solve", "coins"), data, repeat=5)
    extra = ours.seconds - numpy_only.seconds
    verdict = "ok" if extra <= 0.1 else "OVER"
    print("== start-up: one 50x50 board ==")
    print(f"grundy {ours.seconds:.3f} s   python -c 'import numpy' {numpy_only.seconds:.3f} s   "
          f"difference {extra:+.3f} s   (goal: within 0.1 s: {verdict})")


def main() -> None:
    quick = "--quick" in sys.argv
    contest(quick)
    scale(quick)
    startup()


if __name__ == "__main__":
    main()
