"""Rules by residue: a sequence with no period told class by class, ``g(km + r)`` for
each ``r < k``, as a line in ``m`` or as the value of an earlier heap.

Many take-away games bounded by a fraction of the heap have such a rule and no period:
taking at most half a heap has ``g(2m) = m`` and ``g(2m + 1) = g(m)``, taking at most two
thirds ``g(3m) = 2m``, ``g(3m + 1) = g(m)``, ``g(3m + 2) = 2m + 1``, taking at most a
third ``g(3m) = m``, ``g(3m + 1) = g(2m)``, ``g(3m + 2) = g(2m + 1)``, taking at most
three sevenths seven classes, ``g(7m) = 3m``, ``g(7m + 1) = g(4m)``, ...  For ``k`` = 2 to 8
in turn, :func:`residue_rule` fits each class by the first form that holds on every value
of it:

- a line: ``g(km + r) = a m + b`` (``a``, ``b`` fixed by the class's first two values);
- an earlier heap: ``g(km + r) = g(jm + c) + b``, ``0 < j < k``, ``c`` in ``-2..2`` or a
  class ``0..j-1`` of ``j`` (for the ``m`` with ``jm + c >= 0``, said so when ``c < 0``),
  ``b`` fixed by the class's first value.

A rule is claimed only when every class holds at least :data:`EVIDENCE` values beyond the
ones that fix it; it is observed on the values computed, never proved.

>>> import numpy as np
>>> g = [0]  # taking at most half
>>> for n in range(1, 100):
...     g.append(n // 2 if n % 2 == 0 else g[n // 2])
>>> residue_rule(np.array(g))
'g(2m) = m, g(2m + 1) = g(m)'
>>> residue_rule(np.array([bin(n).count("1") for n in range(100)]))
'g(2m) = g(m), g(2m + 1) = g(m) + 1'
>>> g[77] += 1
>>> residue_rule(np.array(g)) is None
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["EVIDENCE", "residue_rule"]

#: values of each class beyond the ones that fix its form
EVIDENCE = 12
#: the moduli tried, in order
MODULI = (2, 3, 4, 5, 6, 7, 8)
#: the shifts c of g(jm + c) tried first, in order; then the classes 3..j-1 of j
SHIFTS = (0, -1, 1, -2, 2)


def residue_rule(g: np.ndarray) -> str | None:
    """The rule by residue that gives every value of ``g`` (heaps ``0..len(g)-1``), for the
    least modulus that has one, or None (see the module docstring)."""
    g = np.asarray(g, dtype=np.int64)
    for k in MODULI:
        if len(g) < k * (EVIDENCE + 3):
            break
        parts = [_one_class(g, k, r) for r in range(k)]
        if all(p is not None for p in parts):
            return ", ".join(p for p in parts if p)
    return None


def _name(k: int, r: int) -> str:
    return f"g({k}m)" if r == 0 else f"g({k}m + {r})"


def _one_class(g: np.ndarray, k: int, r: int) -> str | None:
    """The first form that gives ``g(km + r)`` for every ``m`` computed."""
    values = g[r::k]
    m = np.arange(len(values), dtype=np.int64)
    a, b = int(values[1] - values[0]), int(values[0])
    if len(values) >= 2 + EVIDENCE and np.array_equal(values, a * m + b):
        return f"{_name(k, r)} = {_line(a, b)}"
    for j in range(1, k):
        for c in SHIFTS + tuple(range(3, j)):
            lo = -(c // j) if c < 0 else 0  # the first m with j m + c >= 0
            if len(values) - lo < EVIDENCE + 1:
                continue
            earlier = g[j * m[lo:] + c]
            shift = int(values[lo] - earlier[0])
            if np.array_equal(values[lo:], earlier + shift):
                inner = _line(j, c)
                plus = f" + {shift}" if shift > 0 else f" - {-shift}" if shift < 0 else ""
                when = f" (m >= {lo})" if lo else ""
                return f"{_name(k, r)} = g({inner}){plus}{when}"
    return None


def _line(a: int, b: int) -> str:
    if a == 0:
        return str(b)
    head = "m" if a == 1 else "-m" if a == -1 else f"{a}m"
    return head + (f" + {b}" if b > 0 else f" - {-b}" if b < 0 else "")
