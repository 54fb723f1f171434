"""Rules that the P-positions of a heap game follow when its values have no period.

The P-positions (heaps of value 0) of a game with no period are often a sequence with a
rule of its own: take-at-most-half has 0, 1, 3, 7, 15, ... (each ``2n + 1`` after the one
before), a take-away game bounded by a third of the heap 0, 1, 2, 4, 7, 11, 17, ... (each
``floor(3n/2) + 1``).  :func:`p_position_rule` looks for two kinds of rule in the
P-positions among heaps ``0..n-1``, each allowed to start after one or two early ones:

- **each from the one before**: ``z' = floor(a z / b) + c``, for ``1 < a/b <= 4``,
  ``b <= 4``;
- **a quadratic in k**: ``z_k = (A k^2 + B k + C) / D`` (``A > 0``).

A rule is claimed only when it holds for every P-position from its start, with at least
:data:`EVIDENCE` of them beyond the ones that fix it, and when the next P-position it
gives is past the heaps computed (a rule that names a heap of nonzero value is no rule).
It is observed, never proved.

>>> p_position_rule([0, 1, 3, 7, 15, 31, 63, 127, 255], 300)
'from heap 0 on, each is 2n + 1 for n the one before'
>>> p_position_rule([0, 1, 2, 4, 7, 11, 17, 26, 40, 61, 92], 100)
'from heap 0 on, each is floor(3n/2) + 1 for n the one before'
>>> p_position_rule([0, 2, 5, 9, 14, 20, 27, 35], 40)
'from heap 0 on, n = (k^2 + 3k)/2 (k = 0, 1, 2, ...)'
>>> p_position_rule([0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39], 40) is None
True
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm

__all__ = ["EVIDENCE", "p_position_rule"]

#: P-positions that a rule must hold for beyond the ones that fix it
EVIDENCE = 4
#: early P-positions a rule may leave out
EXCEPTIONS = 2
#: the largest denominator b of the ratio a/b of a rule "each from the one before"
MOST_B = 4


def p_position_rule(zeros: list[int], n: int) -> str | None:
    """The simplest rule that the P-positions ``zeros`` (every heap of value 0 among heaps
    ``0..n-1``, in order) follow, said from the first P-position it holds from, or None
    (see the module docstring)."""
    for start in range(min(EXCEPTIONS, len(zeros)) + 1):
        tail = zeros[start:]
        rule = _step(tail, n) or _quadratic(tail, n)
        if rule is not None:
            return rule
    return None


def _step(z: list[int], n: int) -> str | None:
    if len(z) < 2 + EVIDENCE:
        return None
    for b in range(1, MOST_B + 1):
        for a in range(b + 1, 4 * b + 1):
            if gcd(a, b) != 1:
                continue
            c = z[1] - a * z[0] // b
            if all(a * x // b + c == y for x, y in zip(z, z[1:])) and a * z[-1] // b + c >= n:
                form = f"{a}n" if b == 1 else f"floor({a}n/{b})"
                plus = f" + {c}" if c > 0 else f" - {-c}" if c < 0 else ""
                return f"from heap {z[0]} on, each is {form}{plus} for n the one before"
    return None


def _quadratic(z: list[int], n: int) -> str | None:
    if len(z) < 3 + EVIDENCE:
        return None
    # z_k = A k^2 + B k + C through k = 0, 1, 2
    qa = Fraction(z[2] - 2 * z[1] + z[0], 2)
    qb = z[1] - z[0] - qa
    qc = Fraction(z[0])
    if qa <= 0:
        return None
    d = lcm(qa.denominator, qb.denominator)
    ia, ib, ic = int(qa * d), int(qb * d), int(qc * d)

    def at(k: int) -> int | None:
        top = ia * k * k + ib * k + ic
        return top // d if top % d == 0 else None

    if any(at(k) != x for k, x in enumerate(z)):
        return None
    following = Fraction(ia * len(z) ** 2 + ib * len(z) + ic, d)
    if following < n:
        return None  # the next one it names is among the heaps computed, and is not one
    terms = [t for t in (_term(ia, "k^2"), _term(ib, "k"), _term(ic, "")) if t]
    body = " + ".join(terms).replace("+ -", "- ")
    form = body if d == 1 else f"({body})/{d}"
    return f"from heap {z[0]} on, n = {form} (k = 0, 1, 2, ...)"


def _term(coefficient: int, power: str) -> str:
    if coefficient == 0:
        return ""
    if not power:
        return str(coefficient)
    if coefficient == 1:
        return power
    if coefficient == -1:
        return f"-{power}"
    return f"{coefficient}{power}"
