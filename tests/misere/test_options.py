"""TakeAndBreak's options (both built on grundy.rules.codes.Code, which the command line's
fast path shares) against the definition of a take-and-break code, and the
``heap_options`` hook against the generic walk of ``options`` that the misère solver does
without it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from grundy.errors import GrundyError
from grundy.misere.quotient import compute_quotient
from grundy.misere.solver import compiled_kernel, heap_options
from grundy.rules.base import HeapGame
from grundy.rules.codes import MAX_CODE_DIGITS, Code, MisereCertifier
from grundy.rules.heap import TakeAndBreak


class Walked(HeapGame):
    """A take-and-break game without the ``heap_options`` hook: the solver walks its
    ``options`` (the slow, generic path); its other hooks are the code's."""

    def __init__(self, code: str) -> None:
        self.rules = TakeAndBreak(code)

    @property
    def notation(self) -> str:
        return self.rules.code

    def options(self, n: int) -> list[Any]:
        return self.rules.options(n)

    def heap_option_count(self, n: int) -> int:
        return self.rules.heap_option_count(n)

    def misere_certifier(self) -> MisereCertifier | None:
        return self.rules.misere_certifier()


def _random_codes() -> list[str]:
    rng = random.Random(20240611)
    codes = []
    for _ in range(40):  # octal, then hexadecimal, codes of 1 to 5 digits after the point
        codes.append("0." + "".join(rng.choice("01234567") for _ in range(rng.randint(1, 5))))
        codes.append("0." + "".join(rng.choice("0123456789abcdef")
                                    for _ in range(rng.randint(1, 5))))
    for head in "48c":  # codes with an integer part, octal or hexadecimal after the point
        for digits in ["01234567", "0123456789abcdef"] * 4:
            codes.append(head + "." + "".join(rng.choice(digits)
                                              for _ in range(rng.randint(1, 4))))
    return codes


#: in the form the rules print (trailing zeros dropped)
CODES = sorted({TakeAndBreak(code).code for code in [
    *_random_codes(), "0.0", "4.0", "8.0", "c.0", "0.1", "0.8", "0.fff", "4.07"]})


@pytest.mark.parametrize("code", CODES)
def test_the_hook_lists_what_the_solver_walks(code: str) -> None:
    """The same tuples in the same order as the generic path, heaps 0..40 (the two views
    of one listing agree; the listing itself is checked by its definition below)."""
    rules, walked = TakeAndBreak(code), Walked(code)
    assert walked.heap_options(0) is None  # the default: no listing of its own
    for n in range(41):
        walk = heap_options(walked, n)
        assert rules.heap_options(n) == walk, (code, n)


def _by_definition(digits: tuple[int, ...], n: int) -> Counter[tuple[int, ...]]:
    """Remove k tokens (k <= n), leave j non-empty heaps summing to n - k when bit 2^j of
    digit k is set (no heap only when nothing is left): every multiset of heaps, once."""

    def parts(total: int, count: int, least: int) -> list[tuple[int, ...]]:
        if count == 0:
            return [()] if total == 0 else []
        return [(a, *rest) for a in range(least, total + 1)
                for rest in parts(total - a, count - 1, a)]

    out: Counter[tuple[int, ...]] = Counter()
    for k, d in enumerate(digits):
        if k <= n:
            for j in range(4):
                if d >> j & 1:
                    out.update(parts(n - k, j, 1))
    return out


@pytest.mark.parametrize("code", CODES)
def test_the_hook_is_the_definition(code: str) -> None:
    """The same options as a count of heaps by the definition of the code (as multisets)."""
    rules = TakeAndBreak(code)
    for n in range(31):
        found = Counter(tuple(sorted(o)) for o in rules.heap_options(n))
        assert found == _by_definition(rules.digits, n), (code, n)


@pytest.mark.parametrize("code,heaps", [("0.fc", 30), ("4.07", 16), ("0.b4", 25), ("8.0", 14),
                                        ("0.77", 40), ("c.3", 12)])
def test_the_solver_finds_the_same_quotient_with_and_without_the_hook(code: str,
                                                                      heaps: int) -> None:
    with_hook = compute_quotient(TakeAndBreak(code), heaps, 300)
    walked = compute_quotient(Walked(code), heaps, 300)
    assert with_hook.as_dict() == walked.as_dict()


def test_the_fast_path_takes_every_canonical_code_the_cli_reads() -> None:
    """Every code here in the form the rules print, when the catalog reads it as a code (it
    starts with a digit: not the c. codes, unknown names to the CLI)."""
    from grundy.catalog import find
    from grundy.cli.fastquot import plain_quotient
    from grundy.errors import UnknownGameError

    longest = "0." + "7" * MAX_CODE_DIGITS
    for code in [*CODES, longest]:
        assert TakeAndBreak(code).code == code  # canonical: the form the rules print
        if code.startswith("c."):
            with pytest.raises(UnknownGameError):
                find(code)
            assert plain_quotient(["quotient", code]) is None
            continue
        assert find(code) == TakeAndBreak(code)
        assert plain_quotient(["quotient", code]) == (code, None, None, False, False)
        assert Code.canonical(code).digits == TakeAndBreak(code).digits  # type: ignore[union-attr]
    assert plain_quotient(["quotient", longest + "7"]) is None
    with pytest.raises(GrundyError, match="at most 1000"):
        TakeAndBreak(longest + "7")
    assert Code.canonical("0.70") is None  # not canonical: not the fast path's
    with pytest.raises(ValueError, match="bad octal code '0.7g'"):
        Code.parse("0.7g")


@pytest.mark.skipif(compiled_kernel() is None, reason="grundy.native._misere is not built")
def test_a_hexadecimal_code_takes_the_fast_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``grundy quotient 0.fc`` and ``4.07`` answer without NumPy, click or the rules."""
    script = ("import sys\nfrom grundy.cli import console\n"
              "sys.argv = ['grundy', *sys.argv[1:]]\n"
              "try:\n    console.main()\nexcept SystemExit as exit:\n    code = exit.code\n"
              "else:\n    code = 0\n"
              "print('loaded:', *(m in sys.modules for m in ('numpy', 'click', "
              "'grundy.rules.heap')), file=sys.stderr)\n"
              "sys.exit(code)\n")
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)}
    env.pop("GRUNDY_PURE", None)
    for args in (["0.fc", "--heaps", "30"], ["4.07", "--heaps", "12", "--json"]):
        proc = subprocess.run([sys.executable, "-c", script, "quotient", *args],
                              capture_output=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.decode().startswith(("misère quotient of 0.fc", '{"game": "4.07"'))
        assert proc.stderr.decode() == "loaded: False False False\n"
