"""The registry of built-in games: names and aliases -> rulesets.

Every name the CLI accepts comes from here.  Besides the named entries, four
notations build games on the fly:

- ``sub:1,3,4``  subtraction game (remove 1, 3 or 4 tokens);
- ``allbut:1,2`` all-but subtraction game (remove any number except 1 or 2);
- ``0.77``, ``4.07``, ``0.137``, ``0.fc`` take-and-break codes (octal, or hexadecimal);
- ``A*B``        the product of two one-dimensional coin-turning games (Tartan theorem);
- ``moore:K``    Moore's nim_k (take from at least one and at most K heaps).

>>> lookup("turning-corners").name
'coins'

A rule family is its module in :mod:`grundy.rules` plus one :class:`Entry` line in
``_ENTRIES`` below; :func:`register` adds one at run time (a plug-in, a test).  The
contest problems of :mod:`grundy.formats` take their names and aliases from here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..engine import Game
from ..errors import GrundyError, UnknownGameError

if TYPE_CHECKING:
    from ..rules.heap import TakeAndBreak

__all__ = ["Entry", "entries", "find", "lookup", "register", "take_and_break"]


@dataclass(frozen=True)
class Entry:
    """One built-in game: its name, aliases, rules in a line, family and source."""

    name: str
    family: str
    rules: str
    source: str
    target: str  # "module:factory", imported when the game is first used; ".rules.heap" is grundy's
    args: tuple[Any, ...] = ()
    aliases: tuple[str, ...] = field(default=())

    def make(self) -> Game:
        """Build the ruleset (imports its module on first use)."""
        module, _, attr = self.target.partition(":")
        factory = getattr(importlib.import_module(module, package="grundy"), attr)
        game: Game = factory(*self.args)
        if hasattr(game, "__dict__"):
            game.__dict__["catalog_name"] = self.name  # errors then name it as typed
        return game


_ENTRIES: tuple[Entry, ...] = (
    # heap games -----------------------------------------------------------
    Entry("nim", "heap", "remove any positive number of tokens from one heap",
          "C. L. Bouton, Nim, a game with a complete mathematical theory (1901)",
          ".rules.heap:Nim"),
    Entry("kayles", "octal 0.77", "knock down one pin or two adjacent pins from a row",
          "Dudeney (1908); Winning Ways ch. 4; Guy & Smith (1956)",
          ".rules.heap:TakeAndBreak", ("0.77",)),
    Entry("dawsons-kayles", "octal 0.07",
          "knock down two adjacent pins from a row",
          "Winning Ways ch. 4; Guy & Smith (1956)",
          ".rules.heap:TakeAndBreak", ("0.07",)),
    Entry("dawsons-chess", "octal 0.137",
          "Dawson's Chess: pawns on a 3 x n board, captures compulsory (octal 0.137)",
          "T. R. Dawson (1934); Winning Ways ch. 4; OEIS A002187",
          ".rules.heap:TakeAndBreak", ("0.137",)),
    Entry("treblecross", "octal 0.007",
          "one-dimensional tic-tac-toe: put an X on a square, three in a row wins "
          "(octal 0.007: n empty squares are heap n+2)",
          "Winning Ways ch. 4 (Treblecross, octal 0.007)",
          ".rules.heap:TakeAndBreak", ("0.007",), aliases=("one-dimensional-tic-tac-toe",)),
    Entry("laskers-nim", "heap splitting",
          "remove any number of tokens from one heap, or split a heap into two non-empty heaps",
          "E. Lasker, Brettspiele der Völker (1931); Winning Ways ch. 4",
          ".rules.lasker:LaskersNim", aliases=("lasker", "laskers")),
    Entry("staircase-nim", "nim variant",
          "move any number of coins from one step to the step below (step 1: off the stairs)",
          "Sprague (1937); Berlekamp, Conway & Guy, Winning Ways ch. 2",
          ".rules.nim_variants:StaircaseNim", aliases=("staircase",)),
    Entry("poker-nim", "nim variant",
          "nim, where a move may instead add chips from a shared pool to one heap",
          "T. S. Ferguson, Game Theory, part I ch. 2 (Poker nim)",
          ".rules.nim_variants:PokerNim", aliases=("poker",)),
    Entry("moores-nim", "nim variant",
          "take from at least one and at most k heaps (k = 2 here; moore:K for another k)",
          "E. H. Moore, A generalization of the game called nim (1910)",
          ".rules.nim_variants:MooreNim", (2,), aliases=("moore", "nim-k")),
    Entry("fibonacci-nim", "one heap, take limited",
          "take at most twice the last take (the first move: not the whole heap)",
          "R. E. Whinihan, Fibonacci nim (1963); Zeckendorf (1972)",
          ".rules.fibonacci:FibonacciNim", aliases=("fibonacci",)),
    Entry("wythoff", "two heaps",
          "a queen moves towards the corner: take from one heap, or the same from both",
          "W. A. Wythoff, A modification of the game of nim (1907); OEIS A000201, A001950",
          ".rules.wythoff:Wythoff", aliases=("wythoffs-game", "queen", "corner-the-queen")),
    Entry("euclid", "two numbers",
          "subtract a positive multiple of the smaller number from the larger; reaching 0 wins",
          "A. J. Cole & A. J. T. Davie, A game based on the Euclidean algorithm (1969)",
          ".rules.euclid:Euclid", aliases=("euclids-game",)),
    Entry("welter", "coins on a strip",
          "move one coin to any empty square on its left (one coin a square at most)",
          "C. P. Welter (1954); Conway, On Numbers and Games ch. 13; Sato's hook formula",
          ".rules.strips:Welter", aliases=("welters-game",)),
    Entry("northcott", "counters on strips",
          "slide one counter of a row towards the other counter of its row",
          "Winning Ways ch. 2 (Northcott's game)",
          ".rules.strips:Northcott", aliases=("northcotts-game",)),
    Entry("grundys-game", "heap splitting",
          "split one heap into two non-empty heaps of different sizes",
          "P. M. Grundy (1939); Winning Ways ch. 4; OEIS A002188",
          ".rules.heap:GrundysGame", aliases=("grundy",)),
    # coin-turning games ---------------------------------------------------
    Entry("turning-turtles", "coin turning",
          "turn a head to tails and optionally one coin to its left (coins from 1; coin n is worth n)",
          "Winning Ways ch. 14", ".rules.coins:TurningTurtles", aliases=("tt",)),
    Entry("twins", "coin turning", "turn exactly two coins, the right one from heads (coin n is worth n-1)",
          "Winning Ways ch. 14", ".rules.coins:Twins"),
    Entry("mock-turtles", "coin turning",
          "turn one, two or three coins, the rightmost from heads (coin n: the n-th odious number)",
          "Winning Ways ch. 14; OEIS A000069", ".rules.coins:MockTurtles"),
    Entry("ruler", "coin turning",
          "turn a run of consecutive coins ending at a head (coin n: largest power of 2 dividing n)",
          "Winning Ways ch. 14; OEIS A006519", ".rules.coins:Ruler"),
    # contest problems -----------------------------------------------------
    Entry("coins", "coin turning, product",
          "turning corners: flip (a,b),(a,j),(i,b) and a head (i,j), a<i, b<j",
          "ASC 34, Coins Game; Winning Ways ch. 14 (Turning Corners)",
          ".rules.coins:TurningCorners", aliases=("turning-corners", "coins-game")),
    Entry("squares", "coin turning, grid",
          "toggle the t x t square ending at a black cell (r,c), t = min(r,c)",
          "Codeforces 1906G / ICPC Jakarta 2023, Grid Game 2",
          ".rules.squares:Squares", aliases=("grid-game-2",)),
    Entry("split", "cutting",
          "cut one rectangle in two along a grid line; cutting out 1x1 loses",
          "2020 ICPC Jiangxi Provincial, problem J, Split Game",
          ".rules.cutting:Split", aliases=("split-game",)),
    Entry("cutting", "cutting",
          "cut one rectangle in two along a grid line; cutting out 1x1 wins",
          "POJ 2311 / AcWing 219, Cutting Game",
          ".rules.cutting:Cutting", aliases=("cutting-game",)),
    Entry("beans", "splitting",
          "take a bean from bottle i, put one in bottles j and k, i < j <= k",
          "HNOI 2007, splitting game (Luogu P3185)",
          ".rules.beans:Beans", aliases=("splitting-game", "hnoi2007")),
    # boards and graphs ----------------------------------------------------
    Entry("cram", "board",
          "place a domino on two free adjacent cells (a board: 4x5, or rows '..|.#' with # blocked)",
          "Gardner (1974); Winning Ways ch. 23; values: Lemoine & Viennot, Beling",
          ".rules.cram:Cram", aliases=("impartial-domineering",)),
    Entry("chomp", "board",
          "bite a square and all squares above and right of it; the poisoned corner loses (3x7, or heights 5,3,1)",
          "D. Gale (1974); F. Schuh (1952)", ".rules.chomp:Chomp"),
    Entry("node-kayles", "graph",
          "take a vertex and its neighbours (a graph: path:5, grid:3x4, petersen, 0-1,1-2)",
          "T. J. Schaefer (1978); on a path: Dawson's Chess", ".rules.graphs:NodeKayles"),
    Entry("arc-kayles", "graph",
          "take an edge and both its ends (on a board's grid: Cram; on a path: Dawson's Kayles)",
          "T. J. Schaefer (1978); CGSuite's GenArcKayles", ".rules.graphs:ArcKayles"),
    Entry("green-hackenbush", "graph",
          "cut an edge; what no longer reaches the ground falls (0-1,1-2,1-3 with 0 the ground; stalk:5)",
          "Winning Ways ch. 7 (the colon and fusion principles)",
          ".rules.hackenbush:GreenHackenbush", aliases=("hackenbush",)),
    Entry("digraph", "directed graph",
          "move a token along an edge (the graph, then the tokens: '0>1,1>2,0>2' 0 2; "
          "a cycle may draw)",
          "Sprague (1935) and Grundy (1939): every impartial game is such a graph; "
          "loopy play: C. A. B. Smith (1966), Fraenkel & Yesha (1986)",
          ".rules.digraph:Digraph", aliases=("game-graph", "token-on-graph")),
    Entry("vertex-geography", "directed graph",
          "move the token along an edge to a vertex not visited yet ('0>1,1>2,2>0,1>3' 0)",
          "Fraenkel & Simonson, Geography (1993); Schaefer (1978): PSPACE-complete; "
          "Winning Ways ch. 15", ".rules.geography:VertexGeography", aliases=("geography",)),
    Entry("edge-geography", "directed graph",
          "move the token along an edge not used yet, which is then gone "
          "('0>1,1>2,2>0,1>3,3>1' 0)",
          "Fraenkel & Simonson, Geography (1993); Schaefer (1978): PSPACE-complete; "
          "Winning Ways ch. 15", ".rules.geography:EdgeGeography"),
)


def entries() -> tuple[Entry, ...]:
    """Every named game, in catalog order (the built-in ones, then those registered)."""
    return _ENTRIES


def register(entry: Entry) -> None:
    """Add a game to the catalog: ``grundy games``, :func:`lookup`, :func:`find` and every
    command that takes a GAME then know it.  A name or alias already taken, or one that
    reads as a notation (``sub:``, ``0.77``, ``A*B``), is a :class:`GrundyError`.

    >>> register(Entry("nim", "heap", "take any number", "anyone", ".rules.heap:Nim"))
    Traceback (most recent call last):
    grundy.errors.GrundyError: cannot register 'nim': the catalog has 'nim' already (nim)
    """
    global _ENTRIES
    taken = {key: old.name for old in _ENTRIES for key in (old.name, *old.aliases)}
    for key in (entry.name, *entry.aliases):
        if key in taken:
            raise GrundyError(f"cannot register {entry.name!r}: the catalog has {key!r} already "
                              f"({taken[key]})")
        if key != key.strip().lower() or not key or "*" in key or ":" in key or key[:1].isdigit():
            raise GrundyError(f"cannot register {entry.name!r}: {key!r} is not a plain lower-case "
                              "name (a name may not hold '*' or ':' nor start with a digit)")
        taken[key] = entry.name
    _ENTRIES = (*_ENTRIES, entry)
    _find.cache_clear()  # a cached notation could not have meant the new name, but be plain


def lookup(name: str) -> Entry:
    """The entry for a name or alias; raises :class:`UnknownGameError`.

    >>> lookup("grid-game-2").name
    'squares'
    """
    key = name.strip().lower()
    for entry in _ENTRIES:
        if key == entry.name or key in entry.aliases:
            return entry
    raise UnknownGameError(f"unknown game {name!r} (see 'grundy games' for the list)")


#: the prefixes of the subtraction notations (``sub:1,3,4``, ``allbut:1,2``)
SUBTRACTION_PREFIXES = ("sub:", "allbut:")
#: every prefix of a catalog notation (``moore:3`` too): a name with one is never a module
NOTATION_PREFIXES = (*SUBTRACTION_PREFIXES, "moore:")


def _notation(key: str) -> bool:
    """Whether a lower-case name is a subtraction or take-and-break notation."""
    return key.startswith(SUBTRACTION_PREFIXES) or (key[:1].isdigit() and "." in key)


def take_and_break(code: str) -> TakeAndBreak:
    """The take-and-break game of a code (``0.77``, ``4.07``, ``0.fc``), for the tools that
    run over codes (surveys, pattern matching); anything else is a :class:`GrundyError`.

    >>> take_and_break("0.770").code
    '0.77'
    """
    from ..rules.heap import TakeAndBreak

    return TakeAndBreak(code)


def find(name: str) -> Game:
    """The ruleset for a name, alias or notation (see the module docstring).

    Raises :class:`UnknownGameError` (a ``ValueError``) with a clear message.

    >>> find(7)
    Traceback (most recent call last):
    grundy.errors.UnknownGameError: a game is named by a string (a name or a notation), got 7
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by a string (a name or a notation), "
                               f"got {name!r}")
    return _find(name)


@lru_cache(maxsize=64)
def _find(name: str) -> Game:
    key = name.strip().lower()
    if "*" in key:
        from ..rules.coins import product

        for which, part in enumerate(key.split("*"), start=1):
            if not part.strip():
                raise UnknownGameError(f"the product {name.strip()!r} has no factor {which} "
                                       "(write A*B, e.g. ruler*mock-turtles)")
            if not _notation(part.strip()) and not any(
                    part.strip() in (e.name, *e.aliases) for e in _ENTRIES):
                raise UnknownGameError(f"unknown game {part.strip()!r} in the product "
                                       f"{name.strip()!r} (see 'grundy games' for the list)")
        left, _, right = key.partition("*")
        return product(find(left), find(right))
    if key.startswith("moore:"):
        from ..rules.nim_variants import MooreNim

        k = key[len("moore:"):].strip()
        if not (k.isascii() and k.isdigit()) or len(k) > 3 or int(k) == 0:
            raise UnknownGameError(f"bad game {name.strip()!r}: moore:K takes K, the most heaps "
                                   "a move takes from, a whole number from 1 to 999")
        return MooreNim(int(k))
    if key.startswith(SUBTRACTION_PREFIXES):
        from ..rules.heap import parse_subtraction

        return parse_subtraction(key)
    if _notation(key):
        from ..rules.heap import TakeAndBreak

        return TakeAndBreak(key)
    return lookup(key).make()
