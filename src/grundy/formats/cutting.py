"""Cutting Game (POJ 2311): who wins on a W x H paper when cutting out 1x1 wins.

Input: lines ``W H`` until the end of input (blank lines are ignored).  Output
per line: ``WIN`` (the first player wins) or ``LOSE``.  ``--move``,
``--explain`` and ``--json`` work as for :mod:`grundy.formats.split`.

>>> from grundy.formats import Options, solve
>>> print(solve("cutting", b"2 2\\n3 2\\n4 2\\n"), end="")
LOSE
LOSE
WIN
>>> print(solve("cutting", b"5 2\\n", Options(move=True)), end="")
WIN
cut 5x2 into 2x2 + 3x2

The values are those of the reduced game of
:class:`grundy.rules.cutting.Cutting` (cuts leave both pieces at least 2 wide),
from the closed form of :func:`grundy.rules.cutting.cutting_grid`.
"""

from __future__ import annotations

from .split import MAX_SIDE, PaperFormat, Words

__all__ = ["FORMAT", "LIMITS"]

LIMITS = (f"2 <= W, H <= {MAX_SIDE}, any number of lines (the contest has W, H <= 200); "
          "--move prints 'cut WxH into AxB + CxD' after each WIN")

CUTTING = Words(("W", "H"), 2, "WIN", "LOSE", "the first player", "the second player",
                "every cut leaves a piece 1 wide, from which the opponent cuts out 1x1")

FORMAT = PaperFormat("cutting", LIMITS, CUTTING)
