"""Terminal play: compact large positions with typed moves, merged menus, empty heaps
dropped, hints with menu numbers, the threw-a-win-away warning, prompts, colours, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from hypothesis import given
from hypothesis import strategies as st

from grundy import Sum
from grundy.catalog import find
from grundy.errors import OutOfTime
from grundy.play.match import MENU_LIMIT, Match, option_parts, play
from grundy.rules.base import HeapGame
from brute import sum_wins
from support import HANG, wait_until_interruptible


class Halves(HeapGame):
    """Split a heap into two non-empty heaps, or take one token."""

    def options(self, n):
        return ([n - 1] if n else []) + [Sum(a, n - a) for a in range(1, n // 2 + 1)]


def leaves(move) -> Counter:
    return Counter(x for x in option_parts(move.option) if x)


def scripted(*answers):
    it = iter(answers)
    return lambda prompt: next(it)


# -- the menu -----------------------------------------------------------------------------


@given(st.lists(st.integers(0, 7), max_size=4))
def test_menu_is_every_distinct_move_once(heaps: list[int]) -> None:
    game = Halves()
    m = Match(game, heaps)
    assert 0 not in m.parts and sorted(m.parts) == sorted(h for h in heaps if h)
    distinct = {(mv.part, frozenset(leaves(mv).items())) for mv in m.moves()}
    menu = [(mv.part, frozenset(leaves(mv).items())) for mv in m.menu()]
    assert len(menu) == len(set(menu)) and set(menu) == distinct


def test_equal_heaps_give_one_line_per_move_and_empty_heaps_go() -> None:
    lines: list[str] = []
    play(find("nim"), [2, 0, 2], ask=scripted("2 -> 0", "1", "1"), say=lines.append)
    text = "\n".join(lines)
    assert "position: 2 + 2\n" in text and "0 + " not in text and "+ 0" not in text
    assert text.count(". 2 -> 1") == 1  # one line, not one per heap of 2
    assert "\nposition: 2\n" in text  # after 2 -> 0 the empty heap is gone


def test_prompt_is_readable() -> None:
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "1"

    play(find("nim"), [1], ask=ask, say=lambda _: None)
    assert "1 = the only move" in prompts[0] and "(1-1)" not in prompts[0]
    prompts.clear()
    play(find("nim"), [3], ask=ask, say=lambda _: None)
    assert "a number 1-3" in prompts[0] and "h = hint" in prompts[0] and "q = quit" in prompts[0]


# -- hints and warnings -------------------------------------------------------------------


@given(st.lists(st.integers(0, 9), min_size=1, max_size=3))
def test_a_hint_says_why_each_row_of_kayles_is_worth_its_value(rows: list[int]) -> None:
    """'why: 5 is worth 4, the mex of its options' values {0, 1, 2, 3}': the values of the
    rows a move leaves, by the plain rule, and their mex (no line in misère play)."""
    from brute import kayles_moves, kayles_options, mex, plain_value

    row = plain_value(kayles_moves)
    lines: list[str] = []
    play(find("kayles"), rows, ask=scripted("h", "q"), say=lines.append)
    why = [ln.strip() for ln in "\n".join(lines).splitlines() if ln.strip().startswith("why:")]
    shown = [n for n in rows if n]  # an empty row is no part
    assert len(why) == len(shown)
    for line, n in zip(why, shown):
        values = sorted({row(left) for left in kayles_options(n)})
        assert line == (f"why: {n} is worth {mex(values)}, the mex of its options' values "
                        f"{{{', '.join(map(str, values))}}}")
    lines.clear()
    play(find("kayles"), [3, 4], ask=scripted("h", "q"), say=lines.append, misere=True)
    assert "why:" not in "\n".join(lines)


@given(st.lists(st.integers(1, 7), min_size=1, max_size=3))
def test_hint_names_a_winning_move_and_its_menu_number(heaps: list[int]) -> None:
    game = Halves()
    lines: list[str] = []
    play(game, heaps, ask=scripted("h", "q"), say=lines.append)
    text = "\n".join(lines)
    menu = Match(game, heaps).menu()
    hinted = [ln for ln in text.splitlines() if ln.strip().startswith("hint:")]
    if not sum_wins(game, tuple(sorted(heaps))):
        assert hinted == [] and "outcome: P" in text
        return
    assert hinted
    for line in hinted:  # "hint: 5 -> 2 + 3 (move 4)": that menu line, and it wins
        number = int(line.rsplit("(move ", 1)[1].rstrip(")"))
        move = menu[number - 1]
        assert move.describe() in line
        after = list(heaps)
        after[move.index:move.index + 1] = option_parts(move.option)
        assert not sum_wins(game, tuple(sorted(x for x in after if x)))


def test_warning_when_a_move_throws_a_win_away() -> None:
    lines: list[str] = []
    play(find("nim"), [3, 5], ask=scripted("3 -> 1", "q"), say=lines.append)
    warning = [ln for ln in lines if "threw away a win" in ln]
    assert len(warning) == 1 and "5 -> 3 would have won" in warning[0]
    lines.clear()
    play(find("nim"), [3, 5], ask=scripted("5 -> 3", "q"), say=lines.append)  # the winning move
    assert not any("threw away" in ln for ln in lines)
    lines.clear()
    play(find("nim"), [2, 2], ask=scripted("2 -> 1", "q"), say=lines.append)  # lost anyway
    assert not any("threw away" in ln for ln in lines)


@contextmanager
def _no_time() -> Iterator[None]:
    """A budget already spent: every search run in it stops at once."""
    raise OutOfTime
    yield  # pragma: no cover


def test_out_of_time_grundy_plays_a_legal_move_and_says_so() -> None:
    """Past its budget grundy plays a random legal move (it cannot know a winning one), the
    hint and the warning it had no time for are left out; with time again it wins."""
    lines: list[str] = []
    winner = play(find("nim"), [3, 5], human_first=False, seed=1, say=lines.append,
                  ask=scripted("h", "q"), think=_no_time)
    assert winner == "grundy"
    said = "\n".join(lines)
    assert "ran out before it found a winning move" in said and "grundy plays" in said
    assert "no hint: grundy's time to think ran out" in said and "hint: " not in said.replace(
        "no hint: ", "")
    played = [ln for ln in lines if ln.startswith("grundy plays")]
    assert played[0].removeprefix("grundy plays ") in {
        m.describe() for m in Match(find("nim"), [3, 5]).moves()}
    lines.clear()
    play(find("nim"), [3, 5], ask=scripted("3 -> 1", "q"), say=lines.append, think=_no_time)
    assert not any("threw away" in ln for ln in lines)  # no time to check it
    lines.clear()
    play(find("nim"), [3, 5], human_first=False, ask=scripted("q"), say=lines.append,
         think=nullcontext)  # time enough: the winning move, as ever
    assert "grundy plays 5 -> 3" in lines and not any("ran out" in ln for ln in lines)


# -- typed moves --------------------------------------------------------------------------


@given(st.lists(st.integers(1, 9), min_size=1, max_size=3), st.data())
def test_typed_moves_read_back_every_move(heaps: list[int], data: st.DataObject) -> None:
    for game in (find("kayles"), Halves(), find("0.137")):
        m = Match(game, heaps)
        moves = m.moves()
        if not moves:
            continue
        move = data.draw(st.sampled_from(moves))
        for text in (move.describe(),
                     f"{move.index + 1} {'+'.join(str(x) for x in option_parts(move.option)) or 0}"):
            got = m.read_move(text)
            assert got.part == move.part and leaves(got) == leaves(move), text


def test_typed_moves_on_two_dimensional_parts_and_clear_mistakes() -> None:
    m = Match(find("split"), [(4, 3), (2, 5)])
    assert leaves(m.read_move("4x3 -> 1x3 + 3x3")) == Counter([(1, 3), (3, 3)])
    assert m.read_move("2 2x2+2x3").part == (2, 5)
    for text, words in [("4x3 -> 4x3", "not a legal move"), ("9 1x1", "no part 9"),
                        ("7x7 -> 1x7", "not a part"), ("hello", "PART LEAVES"),
                        ("4x3 ->", "say what the move leaves")]:
        try:
            m.read_move(text)
        except ValueError as exc:
            assert words in str(exc), (text, exc)
        else:
            raise AssertionError(text)


def test_graph_moves_name_the_vertex_and_read_back_as_written() -> None:
    """On a graph every option's pieces are numbered afresh, so a move says which vertex it
    takes; each move as the menu writes it reads back as that move, and a graph with no
    vertex left is dropped like an empty heap."""
    game = find("node-kayles")
    m = Match(game, [game.parse_position("path:5")])
    menu = m.menu()
    taken = set()
    for move in menu:
        text = move.describe()
        assert text.endswith(")") and "(take vertex " in text, text
        taken.add(int(text.rsplit(" ", 1)[1].rstrip(")")))
        again = m.read_move(text)
        assert (again.index, again.option) == (move.index, move.option), text
        assert m.read_move(text.rsplit(" (", 1)[0]).option == move.option  # without the words
    assert taken == {0, 1, 2}  # vertices 3 and 4 are the mirror images of 1 and 0
    one = Match(game, [game.parse_position("path:1"), game.parse_position("path:2")])
    one.apply(next(mv for mv in one.moves() if mv.index == 0))
    assert one.show() == "0-1"  # path:1 taken whole: nothing of it is left to show


def test_large_position_is_compact_and_takes_a_typed_move(cli) -> None:
    # knock the two middle pins out of a row of 100000: two equal rows, a P-position
    result = cli("play", "kayles", "100000", input="nonsense\n100000 -> 49999+49999\nq\n")
    assert result.code == 0, result.err
    out = result.out
    assert len(out.splitlines()) < 30  # no menu of 100000 lines
    assert "position: 100000" in out and "moves: type one" in out
    assert "PART LEAVES" in out  # the mistake is explained, then the move is read
    assert "position: 49999 + 49999" in out and "grundy plays" in out
    assert "threw away" not in out and "\x1b[" not in out  # no colours in a pipe
    assert len(Match(find("kayles"), [100000]).menu()) > MENU_LIMIT


def test_colours_only_when_asked_or_on_a_terminal() -> None:
    lines: list[str] = []
    play(find("nim"), [1], ask=scripted("1"), say=lines.append, color=True)
    assert any("\x1b[" in ln for ln in lines)
    lines.clear()
    play(find("nim"), [1], ask=scripted("1"), say=lines.append)  # stdout is not a terminal here
    assert not any("\x1b[" in ln for ln in lines)


def test_ctrl_c_at_the_prompt_is_one_error_line() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "play", "nim", "3"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + HANG  # a sign awaited: only a hang reaches the ceiling
    while b"your move" not in seen:  # wait for the prompt
        assert time.monotonic() < deadline and proc.poll() is None, seen
        seen += os.read(proc.stdout.fileno(), 4096)
    wait_until_interruptible(proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert err.decode().count("\n") == 1 and err.decode().startswith("grundy: error: aborted")
