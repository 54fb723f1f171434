"""The generic engine against a hand-written ``functools.lru_cache`` memo, in one run.

Each ruleset is written the README's way (a ``grundy.Game`` subclass with ``options``).
The reference is the recursion a contest programmer writes over the same ``options``:

    @lru_cache(maxsize=None)
    def g(p):
        return mex({g(o) for o in game.options(p)})      # a Sum option: XOR of g(parts)

Both start from an empty memo on every repeat; best of 3 wall times; the values are
checked equal.  Ratios are grundy's time over the reference's (below 1: grundy is faster).

1. Wythoff's game (a queen moving left, down or diagonally), 300 x 300:
   ``grundy.value`` at (299, 299), and the whole table through ``grid_values``;
2. the subtraction game {1, 3, 4} to 10^5 (``heap_values``; the reference fills in order);
3. Grundy's game written by hand to 2000 (``heap_values`` and ``value`` at 1999);
4. a game of sums: cutting a w x h rectangle in two along a grid line (each option a
   ``Sum`` of two rectangles), 60 x 60 (``value`` at the corner and ``grid_values``);
5. the loop forms a contest programmer writes, one call at a time, from an empty memo:
   ``[grundy.value(g, n) for n in range(30000)]`` for the subtraction game {1, 3, 4},
   Wythoff's 150 x 150 table by ``value`` calls, and ``winning_moves`` of the first hundred
   heaps; then the same loops again on the warm memo (against the warm ``lru_cache``),
   each twenty times over.  Where the compiled module is built, ``grundy.value``,
   ``outcome`` and ``winning_moves`` are its functions (``GRUNDY_PURE=1``: the Python
   ones, for comparison).

Run: .venv/bin/python benchmarks/engine.py [--quick] [--loops] (``--loops``: only item 5)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import grundy  # noqa: E402
from grundy import Game, Sum, value  # noqa: E402
from grundy.engine import grid_values, heap_values  # noqa: E402


class Wythoff(Game):
    def options(self, p):  # type: ignore[no-untyped-def]
        x, y = p
        return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                + [(x - k, y - k) for k in range(1, min(x, y) + 1)])


class Sub134(Game):
    def options(self, n):  # type: ignore[no-untyped-def]
        return [n - k for k in (1, 3, 4) if k <= n]


class GrundysGame(Game):
    def options(self, n):  # type: ignore[no-untyped-def]
        return [Sum(a, n - a) for a in range(1, (n + 1) // 2)]


class Cutting(Game):
    """Cut a w x h rectangle into two along a grid line; the two pieces are played apart."""

    def options(self, p):  # type: ignore[no-untyped-def]
        w, h = p
        return ([Sum((a, h), (w - a, h)) for a in range(1, w // 2 + 1)]
                + [Sum((w, b), (w, h - b)) for b in range(1, h // 2 + 1)])


def memo_plain(game: Game) -> Callable[[Any], int]:
    options = game.options

    @lru_cache(maxsize=None)
    def g(p: Any) -> int:
        seen = {g(o) for o in options(p)}
        m = 0
        while m in seen:
            m += 1
        return m

    return g


def memo_sums(game: Game) -> Callable[[Any], int]:
    options = game.options

    @lru_cache(maxsize=None)
    def g(p: Any) -> int:
        seen = set()
        for o in options(p):
            if isinstance(o, Sum):
                x = 0
                for q in o.parts:
                    x ^= g(q)
                seen.add(x)
            else:
                seen.add(g(o))
        m = 0
        while m in seen:
            m += 1
        return m

    return g


def best(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def row(label: str, ours: Callable[[], Any], ref: Callable[[], Any], repeat: int) -> None:
    t_ours, a = best(ours, repeat)
    t_ref, b = best(ref, repeat)
    if a != b:
        raise SystemExit(f"{label}: grundy and the lru_cache memo disagree")
    print(f"{label:<48} grundy {t_ours:8.4f} s   lru_cache {t_ref:8.4f} s   "
          f"ratio {t_ours / t_ref:5.2f}",
          flush=True)


WARM_TIMES = 20  # a warm loop takes about a millisecond: timed twenty times over


def warm(make: Callable[[], Any], loop: Callable[[Any], Any]) -> Callable[[], Any]:
    """``loop`` over an object ``make`` built and filled once (a warm memo), run
    WARM_TIMES times over."""
    filled = make()
    loop(filled)

    def again() -> Any:
        for _ in range(WARM_TIMES - 1):
            loop(filled)
        return loop(filled)

    return again


def hand_winning_moves(game: Game, count: int) -> list[list[Any]]:
    g = memo_plain(game)
    return [[o for o in game.options(n) if g(o) == 0] for n in range(count)]


def loop_forms(quick: bool, repeat: int) -> None:
    """The single-call loops, cold (an empty memo each repeat) and warm."""
    n = 3000 if quick else 30000
    side = 60 if quick else 150
    cells = [(r, c) for r in range(side) for c in range(side)]
    row(f"[grundy.value(g, n) for n in range({n})] {{1,3,4}}",
        lambda: (lambda g: [grundy.value(g, k) for k in range(n)])(Sub134()),
        lambda: (lambda g: [g(k) for k in range(n)])(memo_plain(Sub134())), repeat)
    row(f"Wythoff {side} x {side} by value calls",
        lambda: (lambda g: [grundy.value(g, p) for p in cells])(Wythoff()),
        lambda: (lambda g: [g(p) for p in cells])(memo_plain(Wythoff())), repeat)
    row("winning_moves of heaps 0..99 {1,3,4}",
        lambda: (lambda g: [grundy.winning_moves(g, k) for k in range(100)])(Sub134()),
        lambda: hand_winning_moves(Sub134(), 100), max(repeat, 20))
    row(f"  warm: value(g, n) for n < {n}",
        warm(Sub134, lambda g: [grundy.value(g, k) for k in range(n)]),
        warm(lambda: memo_plain(Sub134()), lambda g: [g(k) for k in range(n)]), repeat)
    row(f"  warm: Wythoff {side} x {side} by value calls",
        warm(Wythoff, lambda g: [grundy.value(g, p) for p in cells]),
        warm(lambda: memo_plain(Wythoff()), lambda g: [g(p) for p in cells]), repeat)
    row(f"  warm: outcome of heaps 0..{n - 1}",
        warm(Sub134, lambda g: [grundy.outcome(g, k) for k in range(n)]),
        warm(lambda: memo_plain(Sub134()),
             lambda g: ["P" if g(k) == 0 else "N" for k in range(n)]), repeat)


def main() -> None:
    quick = "--quick" in sys.argv
    repeat = 1 if quick else 3
    sys.setrecursionlimit(100_000)
    side = 100 if quick else 300
    sub_n = 10**4 if quick else 10**5
    grundy_n = 600 if quick else 2000
    cut = 30 if quick else 60

    if "--loops" in sys.argv:
        loop_forms(quick, max(repeat, 5))
        return
    corner = (side - 1, side - 1)
    row(f"Wythoff value{corner}", lambda: value(Wythoff(), corner),
        lambda: memo_plain(Wythoff())(corner), repeat)
    row(f"Wythoff table {side} x {side}", lambda: grid_values(Wythoff(), side, side),
        lambda: (lambda g: [[g((r, c)) for c in range(side)] for r in range(side)])(memo_plain(Wythoff())),
        repeat)
    row(f"subtraction {{1,3,4}} to {sub_n}", lambda: heap_values(Sub134(), sub_n),
        lambda: (lambda g: [g(k) for k in range(sub_n)])(memo_plain(Sub134())), repeat)
    row(f"Grundy's game to {grundy_n} (heap_values)", lambda: heap_values(GrundysGame(), grundy_n),
        lambda: (lambda g: [g(k) for k in range(grundy_n)])(memo_sums(GrundysGame())), repeat)
    row(f"Grundy's game value({grundy_n - 1})", lambda: value(GrundysGame(), grundy_n - 1),
        lambda: memo_sums(GrundysGame())(grundy_n - 1), repeat)
    row(f"cutting (sums) value({cut}, {cut})", lambda: value(Cutting(), (cut, cut)),
        lambda: memo_sums(Cutting())((cut, cut)), repeat)
    row(f"cutting (sums) table {cut} x {cut}", lambda: grid_values(Cutting(), cut, cut, 1),
        lambda: (lambda g: [[g((r, c)) for c in range(1, cut + 1)] for r in range(1, cut + 1)])(
            memo_sums(Cutting())), repeat)
    loop_forms(quick, repeat)


if __name__ == "__main__":
    main()
