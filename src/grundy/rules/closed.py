"""What a game knows by a theorem, past any search: its outcome and its winning moves.

Some classic games have a closed form for their P-positions but none for their Grundy
values (Wythoff's game, Fibonacci nim, Euclid's game, Moore's nim): for a position past the
search, the theorem still says who wins and which moves reach a P-position.  Such a game
(a :class:`MovesByTheorem`) answers the hooks of :class:`grundy.Game` for it (``theorem``,
``value_known``, ``zero_options``, ``every_zero_option``); :func:`grundy.play.analysis.analyze`
asks them.

Numbers typed on the command line may be huge: :func:`read_integer` reads ``123``,
``10**22``, ``2^64`` or ``1e6`` (digits and those marks only, never evaluated as Python);
it is the one reader of numbers for positions and for counts (``-n``, ``--max``).

>>> read_integer("10**22") == 10**22, read_integer(" 42 ")
(True, 42)
>>> read_integer("1.5e5")
Traceback (most recent call last):
...
grundy.errors.GrundyError: expected a non-negative integer (digits, or B**E such as 10**22), got '1.5e5'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Game
from ..errors import GrundyError, shorten

__all__ = ["MAX_DIGITS", "MovesByTheorem", "WordReader", "check_move_by_move", "read_integer"]

#: the most decimal digits of a number read (isqrt of 10^4 digits takes well under a second)
MAX_DIGITS = 10_000


def read_integer(text: str, what: str = "a non-negative integer") -> int:
    """A non-negative integer from ``text``: decimal digits (``1_000`` too), a power
    ``B**E`` or ``B^E``, or ``MeE`` (``1e6``); never evaluated, and at most
    :data:`MAX_DIGITS` digits.

    >>> read_integer("10**22") == 10**22, read_integer("2^30"), read_integer("1e6"), read_integer("1_000")
    (True, 1073741824, 1000000, 1000)
    """
    word = text.strip().replace("_", "")
    for mark in ("**", "^", "e", "E"):
        base, power, exponent = word.partition(mark)
        if power:
            break
    pieces = [base, exponent] if power else [base]
    if not all(p.isascii() and p.isdigit() for p in pieces):
        raise GrundyError(f"expected {what} (digits, or B**E such as 10**22), got {text!r}")
    if max(len(p) for p in pieces) > MAX_DIGITS:
        raise GrundyError(f"a number of more than {MAX_DIGITS} digits is past any limit of "
                          "grundy")
    if not power:
        return _decimal(base)
    b, e = (10, _decimal(exponent)) if mark in "eE" else (_decimal(base), _decimal(exponent))
    if b > 1 and e * len(str(b)) > MAX_DIGITS + len(str(b)):  # about e * log10(b) digits
        raise GrundyError(f"{text.strip()} has more than {MAX_DIGITS} digits, past any limit "
                          "of grundy")
    return _decimal(base) * int(b**e) if mark in "eE" else int(b**e)


def _decimal(digits: str) -> int:
    """The number of a string of ASCII digits of any length (``int`` reads at most 4300 of
    them: a longer one is read in halves)."""
    if len(digits) <= 4000:
        return int(digits)
    half = len(digits) // 2
    shift: int = 10 ** (len(digits) - half)
    return _decimal(digits[:half]) * shift + _decimal(digits[half:])


class WordReader(Game):
    """A game whose position takes several command-line words (``wythoff 3 5``): it reads
    them in :meth:`parse_words`, and a caller holding a part's text whole (the playground)
    asks that, not :meth:`parse_position`."""

    def parse_words(self, words: Sequence[str]) -> list[Any]:  # pragma: no cover - abstract
        """The parts the words name."""
        raise NotImplementedError(f"{type(self).__name__} must define parse_words(words)")


def check_move_by_move(game: Game, part: Any, why: str = "list its moves one by one") -> None:
    """Raise unless every move of ``part`` can be listed and valued in seconds: the game's
    own limit (``check_listable``) and, for a game whose theorem answers any size, a value
    the search reaches (``value_known``).  The one rule of everything that
    goes move by move: ``play``, misère play, the genus.

    >>> from grundy import find
    >>> check_move_by_move(find("wythoff"), (10**30, 3))
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: 1000000000000000000000000000000,3 is too large to list its moves one by one in wythoff ('grundy analyze' answers its normal play by the theorem)
    """
    game.check_listable(part)
    if not game.value_known(part):
        text = shorten(game.format_position(part), 80)
        raise GrundyError(f"{text} is too large to {why} in {game.label} ('grundy analyze' "
                          "answers its normal play by the theorem)")


class MovesByTheorem(WordReader):
    """What the games of a theorem share (their ``theorem``, and ``value_known`` False past
    the search): their moves to value 0 are the theorem's (:meth:`zero_options`, also when
    a sum asks for them), and the theorem lists every one of them unless the game says
    otherwise (:meth:`every_zero_option`); their positions take several words
    (:class:`WordReader`)."""

    def zero_options(self, part: Any) -> list[Any]:  # pragma: no cover - abstract
        """The options of ``part`` that are P-positions, by the theorem."""
        raise NotImplementedError(f"{type(self).__name__} must define zero_options(part)")

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        """The theorem lists every winning move, at any size (a game that gives only some
        past a size overrides this)."""
        return True

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        if target == 0:
            return list(self.zero_options(part))
        return super().options_of_value(part, target)


def pairs_of_words(game: Game, words: Sequence[str], noun: str) -> list[Any]:
    """The positions of a game of pairs from command-line words: ``A,B`` (read by
    ``game.parse_position``) or two words ``A B``; a number left without its partner, or
    a negative one, is an error naming the ``noun`` (``a coordinate``).

    >>> from grundy.engine import Game
    >>> class Pairs(Game):
    ...     def parse_position(self, text):
    ...         return tuple(int(x) for x in text.split(","))
    >>> pairs_of_words(Pairs(), ["3", "5", "1,2"], "a number")
    [(3, 5), (1, 2)]
    >>> pairs_of_words(Pairs(), ["3", "1,2"], "a number")
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: 3 has no partner: a Pairs position is two numbers, A B or A,B
    """
    name = game.label
    parts: list[Any] = []
    single: list[int] = []

    def alone() -> GrundyError:
        return GrundyError(f"{single[0]} has no partner: a {name} position is two numbers, "
                           "A B or A,B")

    for word in words:
        if word.strip().startswith("-"):
            raise GrundyError(f"{noun} of {name} is a non-negative integer, got {word!r}")
        if "," in word or "x" in word.lower():
            if single:
                raise alone()
            parts.append(game.parse_position(word))
        else:
            single.append(read_integer(word, f"{noun} of {name}"))
            if len(single) == 2:
                parts.append((single[0], single[1]))
                single = []
    if single:
        raise alone()
    return parts
