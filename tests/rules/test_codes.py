"""The one take-and-break code type (grundy.rules.codes.Code): read and written back, its
errors, the same game as the rules' TakeAndBreak on many codes, the fast paths' readings
of it against their former definitions, and the hooks the misère solver asks through."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from grundy import Sum, find
from grundy.cli import fastquot, fastseq
from grundy.errors import GrundyError
from grundy.misere.quotient import compute_quotient
from grundy.misere.solver import MAX_HEAP_OPTIONS
from grundy.rules.base import HeapGame
from grundy.rules.codes import MAX_CODE_DIGITS, Code, MisereCertifier
from grundy.rules.heap import TakeAndBreak

HEX = "0123456789abcdef"


def _random_texts(count: int, seed: int) -> list[str]:
    """Codes and near-codes: upper case, spaces, trailing zeros, bad digits, no point."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        head = rng.choice("0123456789abcdefgC")
        tail = "".join(rng.choice(HEX + "0000G") for _ in range(rng.randint(0, 6)))
        text = head + rng.choice([".", ".", ".", ",", ""]) + tail
        if rng.random() < 0.2:
            text = text.upper()
        if rng.random() < 0.1:
            text = f" {text} "
        out.append(text)
    return out


TEXTS = _random_texts(600, 20261205) + ["0.77", "4.07", "0.fc", "8.0", "c.1", "0.0", "0.", ".7",
                                         "00.7", "0.770", "0.7" + "7" * MAX_CODE_DIGITS, 7]


def _written(digits: tuple[int, ...]) -> str:
    """A code written from its digits, by the definition of the notation."""
    return f"{digits[0]:x}." + "".join(f"{d:x}" for d in digits[1:])


def test_the_text_and_the_digits_go_both_ways() -> None:
    rng = random.Random(7)
    for _ in range(500):
        tail = [rng.randrange(16) for _ in range(rng.randint(1, 8))]
        while len(tail) > 1 and tail[-1] == 0:
            tail.pop()
        digits = (rng.choice([0, 4, 8, 12]), *tail)
        code = Code.of_digits(digits)
        assert code.digits == digits and code.text == _written(digits) == str(code)
        assert Code.parse(code.text) == code and Code.parse(code.text.upper() + "00") == code
        assert Code.parse(repr(code)[6:-2]) == code  # Code('0.77') names its text


@pytest.mark.parametrize("text", TEXTS)
def test_the_code_reads_what_the_rules_read(text: Any) -> None:
    """The same code, or the same error, as TakeAndBreak (the game: its options, counts,
    sizes and notation)."""
    try:
        rules = TakeAndBreak(text)
    except GrundyError as exc:
        with pytest.raises(GrundyError) as caught:
            Code.parse(text)
        assert str(caught.value) == str(exc)
        assert str(exc).startswith(("bad octal code", "a take-and-break code is a string"))
        return
    code = Code.parse(text)
    assert (code.text, code.digits) == (rules.code, rules.digits) == (rules.notation,
                                                                       rules.digits)
    assert (code.max_removed, code.max_heaps) == (rules.max_removed, rules.max_heaps)
    for n in range(14):
        walked = [tuple(o.parts) if isinstance(o, Sum) else (o,) if o else ()
                  for o in rules.options(n)]
        assert code.options(n) == rules.heap_options(n) == walked
        assert code.count(n) == rules.heap_option_count(n) == len(walked)
    assert code.misere_certifier() == rules.misere_certifier()


def test_errors_say_why() -> None:
    for text, why in [("0.7x", "'x' is not an octal or hexadecimal digit"),
                      ("77", "expected a digit, a point and digits"),
                      ("07.7", "exactly one digit before the point"),
                      ("0.", "expected digits after the point"),
                      ("1.7", "the digit before the point may only hold 4"),
                      ("0." + "7" * (MAX_CODE_DIGITS + 1), f"at most {MAX_CODE_DIGITS}")]:
        with pytest.raises(GrundyError, match=re.escape(why)):
            Code.parse(text)
    with pytest.raises(GrundyError, match="a string like '0.77'"):
        Code.parse(0.77)
    with pytest.raises(GrundyError, match="0..15"):
        Code.of_digits([0, 16])


def test_equality_is_the_codes_not_the_names() -> None:
    assert Code.parse("0.77", "kayles") == Code.parse("0.770")
    assert hash(Code.parse("0.77", "kayles")) == hash(Code.parse("0.77"))
    assert Code.parse("0.77", "kayles").label == "kayles" and Code.parse("0.77").label == "0.77"
    assert Code.parse("0.77") != Code.parse("0.7") and Code.parse("0.77") != "0.77"


_CANONICAL = re.compile(rf"[048]\.(?:[0-9a-f]{{0,{MAX_CODE_DIGITS - 1}}}[1-9a-f]|0)")


@pytest.mark.parametrize("text", [t for t in TEXTS if isinstance(t, str)])
def test_the_quotient_fast_path_takes_the_canonical_codes(text: str) -> None:
    """What the fast path of ``grundy quotient`` took before (its own pattern): the codes
    as the rules print them, starting with a decimal digit."""
    assert (Code.canonical(text) is not None) == bool(_CANONICAL.fullmatch(text))
    assert (fastquot.plain_quotient(["quotient", text]) is not None) == \
        bool(_CANONICAL.fullmatch(text) or text in fastseq._NAMES)


def _moves_before(game: str) -> fastseq.Moves | None:
    """The sequence fast path's reading of a code before it read it by Code."""
    text = game.strip().lower()
    if text in ("grundys-game", "grundy"):
        return [], [], [0], True
    text = fastseq._NAMES.get(text, text)
    head, dot, tail = text.partition(".")
    if not dot or head not in ("0", "4") or not tail or any(ch not in "01234567" for ch in tail):
        return None
    digits = [int(head), *map(int, tail)]
    zero, one, two = ([k for k, d in enumerate(digits) if d & bit] for bit in (1, 2, 4))
    return zero, one, two, False


@pytest.mark.parametrize("text", [t for t in TEXTS if isinstance(t, str) and len(t) < 100]
                         + ["kayles", "Dawsons-Chess", "grundy", "nim"])
def test_the_sequence_fast_path_reads_as_before(text: str) -> None:
    assert fastseq.game_moves(text) == _moves_before(text)


def test_the_fast_paths_names_are_the_catalogs() -> None:
    for name, code in fastseq._NAMES.items():
        assert find(name).notation == code and Code.canonical(code) is not None


# -- the hooks ------------------------------------------------------------------------


class Sub123(HeapGame):
    """Take 1, 2 or 3, written as a user would: options alone."""

    def options(self, n: int) -> list[int]:
        return [n - k for k in (1, 2, 3) if k <= n]


class Sub123Listed(Sub123):
    """The same game declaring what the misère solver asks: its heaps' options as tuples,
    their count, and the periodicity theorem's shape (an octal code of digits 3)."""

    asked = 0

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        type(self).asked += 1
        return [(n - k,) if n > k else () for k in (1, 2, 3) if k <= n]

    def heap_option_count(self, n: int) -> int:
        return min(n, 3)

    def misere_certifier(self) -> MisereCertifier:
        return MisereCertifier(3, "take 1, 2 or 3")


def test_a_game_declaring_heap_options_is_solved_the_same() -> None:
    plain, listed = Sub123(), Sub123Listed()
    assert plain.heap_options(5) is None and plain.misere_certifier() is None
    after = compute_quotient(listed, 40, 60)
    assert Sub123Listed.asked > 0  # the solver asked the hook, not options()
    assert after.certified and after.heaps < 40  # the hook's theorem certifies it early
    before = compute_quotient(plain, after.heaps, 60)
    assert not before.certified
    assert (after.phi, after.in_p, after.changes) == (before.phi, before.in_p, before.changes)
    assert after.table.tolist() == before.table.tolist()
    # the certified quotient is the one of the code 0.333 (the same moves)
    assert after.as_dict()["pretending"][:after.heaps + 1] == \
        compute_quotient(find("0.333"), after.heaps, 60).as_dict()["pretending"]


def test_a_counted_heap_past_the_limit_ends_the_quotient() -> None:
    class Many(Sub123):
        def heap_option_count(self, n: int) -> int:
            return MAX_HEAP_OPTIONS + 1 if n >= 6 else min(n, 3)

    q = compute_quotient(Many(), 40, 60)
    assert q.heaps == 5 and q.stopped is not None and "more than" in q.stopped
