"""``grundy demo``: a worked example, then every bundled contest example solved and explained."""

from __future__ import annotations

from importlib import resources

import click

from ..engine import Game, outcome, value, winning_moves
from ..formats import PROBLEMS, Options, solve


class _Subtraction134(Game):
    """Take 1, 3 or 4 tokens from a heap: the classic first example."""

    def options(self, n: int) -> list[int]:
        return [n - k for k in (1, 3, 4) if k <= n]


def worked_example() -> str:
    """The subtraction game {1, 3, 4}: values, outcomes and a winning move."""
    game = _Subtraction134()
    values = [value(game, n) for n in range(15)]
    lines = [
        "== A worked example: the subtraction game {1, 3, 4} ==",
        "A move removes 1, 3 or 4 tokens from the heap; whoever cannot move loses.",
        "The value of a heap is the mex of the values of its options:",
        "  heap   " + " ".join(f"{n:>2}" for n in range(15)),
        "  value  " + " ".join(f"{v:>2}" for v in values),
        "Value 0 means the player to move loses (a P-position): heaps "
        + ", ".join(str(n) for n in range(15) if outcome(game, n) == "P") + ".",
    ]
    n = 10
    moves = winning_moves(game, n)
    lines.append(f"From a heap of {n} (value {value(game, n)}) the winning move goes to "
                 f"{moves[0]} (value 0); winning moves: {len(moves)}.")
    return "\n".join(lines) + "\n"


def contest_examples() -> str:
    """Each bundled contest example, solved with its explanation."""
    out: list[str] = []
    folder = resources.files("grundy.formats") / "examples"
    for name in PROBLEMS:
        example = folder / f"{name}.in"
        if not example.is_file():
            continue
        data = example.read_bytes()
        out.append(f"\n== grundy solve {name} examples/{name}.in ==")
        out.append("input:")
        out.extend("  " + line for line in data.decode().splitlines())
        explained = solve(name, data, Options(explain=True))
        lines = explained.splitlines()
        if not any(line.startswith(" ") for line in lines):  # nothing beyond the answer
            out.append("output:")
        else:
            out.append("output (the judge's answer; grundy's explanation indented below it):")
        out.extend("  " + line for line in lines)
    return "\n".join(out) + ("\n" if out else "")


def run() -> str:
    """The whole demo text."""
    return worked_example() + contest_examples()


@click.command()
def demo() -> None:
    """Run grundy's main job on the bundled examples, explaining each answer."""
    click.echo(run(), nl=False)
