"""Why a part is worth its value: each of its options with the value it leaves, and the
mex of those values (the least value no option has), the Sprague-Grundy rule as a student
checks it by hand (``grundy analyze GAME POSITION --options``).

>>> from grundy.catalog import find
>>> print(option_values(find("kayles"), 5).describe(), end="")
5 is worth 4, the mex of its options' values:
  5 -> 4      1
  5 -> 1 + 3  2
  5 -> 2 + 2  0
  5 -> 3      3
  5 -> 1 + 2  3
  mex {0, 1, 2, 3} = 4
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import EndlessGameError, Game, LoopyGameError, mex, value
from ..errors import GrundyError
from ..rules.closed import check_move_by_move
from .analysis import Move, format_part, part_json

__all__ = ["HINT_OPTIONS", "HINT_SECONDS", "MOST_SHOWN", "OptionValues", "hint_values", "option_values"]

#: the most options :meth:`OptionValues.describe` lists (the mex is taken over all of them)
MOST_SHOWN = 200
#: the most options, over every part of a position, a hint values to say why each part is
#: worth its value (each option is valued: a board's are searched one by one)
HINT_OPTIONS = 200
#: and the most CPU seconds it spends valuing them: the options of a board can each cost
#: what the board does (6 x 6 Cram is 0 by symmetry at once, its 60 options took 19.5 s)
HINT_SECONDS = 0.5


@dataclass(frozen=True)
class OptionValues:
    """A part, its value, and each of its options with its value (in the game's order)."""

    part: Any
    value: int
    options: tuple[tuple[Move, int], ...]
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def present(self) -> list[int]:
        """The values of the options, each once, in order."""
        return sorted({v for _, v in self.options})

    @property
    def mex(self) -> int:
        """The least value no option has: the part's value, by the Sprague-Grundy rule."""
        return mex(self.present)

    def _head(self) -> str:
        text = format_part(self.part, self.game)
        return (f"{text} is worth {self.value}, the mex of its options' values:"
                if self.options else f"{text} is worth 0: it has no option (mex {{}} = 0)")

    def _mex_line(self) -> str | None:
        """``mex {0, 1, 2} = 3`` (the first 32 values present), None with no option."""
        if not self.options:
            return None
        shown = ", ".join(map(str, self.present[:32])) + (", ..." if len(self.present) > 32
                                                          else "")
        return f"mex {{{shown}}} = {self.mex}"

    def describe(self, most: int = MOST_SHOWN) -> str:
        """The part's value, a line an option (its move and value, at most ``most`` of
        them), then the mex over the values present."""
        shown = [(m.describe(), v) for m, v in self.options[:most]]
        width = max((len(text) for text, _ in shown), default=0)
        lines = [self._head()] + [f"  {text.ljust(width)}  {v}" for text, v in shown]
        if len(self.options) > most:
            lines.append(f"  ... ({len(self.options) - most} more options)")
        last = self._mex_line()
        return "\n".join(lines + ([f"  {last}"] if last else [])) + "\n"

    def _repr_html_(self, most: int = MOST_SHOWN) -> str:
        """What a notebook shows: a table of the options (at most ``most``) and their
        values, the mex below it; every text escaped.

        >>> from grundy.catalog import find
        >>> page = option_values(find("kayles"), 3)._repr_html_()
        >>> page.count("<tr>"), "3 -&gt; 1 + 1" in page, "mex {0, 1, 2} = 3" in page
        (4, True, True)
        """
        from html import escape

        rows = "".join(f"<tr><td>{escape(m.describe())}</td><td>{v}</td></tr>"
                       for m, v in self.options[:most])
        if len(self.options) > most:
            rows += f"<tr><td>... ({len(self.options) - most} more options)</td><td></td></tr>"
        last = self._mex_line()
        foot = f"<p>{escape(last)}</p>" if last else ""
        return (f'<div class="grundy-options"><p><b>{escape(self._head())}</b></p>'
                f"<table><tr><th>option</th><th>value</th></tr>{rows}</table>{foot}</div>")

    def as_dict(self) -> dict[str, Any]:
        """``{"from", "value", "mex", "options": [{"to", "value"}, ...]}``, parts as
        :meth:`~grundy.play.analysis.Move.as_dict` writes them."""
        moves = [{**{k: v for k, v in m.as_dict().items() if k in ("to", "says")}, "value": v}
                 for m, v in self.options]
        return {"from": part_json(self.part, self.game), "value": self.value, "mex": self.mex,
                "options": moves}


def option_values(game: Game, part: Any, index: int = 0) -> OptionValues:
    """Every option of ``part`` (the ``index``-th part of a sum, as its moves say) with its
    value; refused where the options cannot be listed and valued in seconds (as ``play``
    refuses such a part), or where play can go on for ever (no mex there).

    >>> from grundy.catalog import find
    >>> q = option_values(find("nim"), 3)
    >>> [v for _, v in q.options], q.mex == q.value == 3
    ([2, 1, 0], True)
    """
    check_move_by_move(game, part, "list its options")
    found = _valued(game, part, index, list(game.options(part)))
    assert found is not None  # no time limit
    return found


def _valued(game: Game, part: Any, index: int, options: list[Any],
            until: float | None = None) -> OptionValues | None:
    """``part``'s value and each of ``options`` (its options, listed) valued; None once
    the process's CPU time passes ``until`` (looked at between two options)."""
    listed: list[tuple[Move, int]] = []
    try:
        worth = value(game, part)
        for option in options:
            if until is not None and time.process_time() > until:
                return None
            listed.append((Move(index, part, option, game), value(game, option)))
    except EndlessGameError:
        raise
    except LoopyGameError as exc:
        raise GrundyError(f"{exc}: its options have no mex to show") from None
    return OptionValues(part, worth, tuple(listed), game)


def hint_values(game: Game, parts: Sequence[Any]) -> list[OptionValues] | None:
    """Each part's options with their values, for a hint (the playground's, ``play``'s);
    None past :data:`HINT_OPTIONS` options in all or :data:`HINT_SECONDS` of CPU, or
    where a part's moves cannot be listed and valued in seconds or play can go on for ever.

    >>> from grundy.catalog import find
    >>> [q.mex for q in hint_values(find("kayles"), [3, 5])], hint_values(find("nim"), [300])
    ([3, 4], None)
    """
    until = time.process_time() + HINT_SECONDS
    try:
        for part in parts:
            check_move_by_move(game, part, "list its options")
        listed = [list(game.options(part)) for part in parts]
        if sum(map(len, listed)) > HINT_OPTIONS:
            return None
        found = [_valued(game, part, i, options, until)
                 for i, (part, options) in enumerate(zip(parts, listed))]
    except GrundyError:
        return None
    return None if any(q is None for q in found) else [q for q in found if q is not None]
