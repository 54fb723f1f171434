"""The README tells the truth: every command is documented, and its console examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import click

from grundy.cli import main

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def all_commands() -> dict[str, click.Command]:
    """Every command, the lazily loaded ones included (those whose module is there)."""
    ctx = click.Context(main, info_name="grundy")
    found = {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
    return {name: command for name, command in found.items() if command is not None}


@pytest.mark.parametrize("command", sorted(all_commands()))
def test_every_command_is_in_the_readme(command):
    assert f"`grundy {command}" in README


def console_examples():
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            yield command, output


@pytest.mark.parametrize("command,expected", list(console_examples()))
def test_console_examples(cli, command, expected):
    args = command.split()
    assert args[0] == "grundy"
    r = cli(*args[1:])
    assert r.code == 0, r.err
    for want, got in zip(expected.splitlines(), r.out.splitlines()):
        if want.endswith("..."):
            assert got.startswith(want[:-3])
        else:
            assert got == want
    assert len(r.out.splitlines()) == len(expected.splitlines())


def test_quick_start_is_exactly_demo_then_test():
    quick = README.split("## Quick start", 1)[1].split("##", 1)[0]
    commands = re.findall(r"^make \w+", quick, re.M)
    assert commands == ["make demo", "make test"]


def test_every_catalog_game_is_in_the_readme():
    from grundy.catalog import entries

    for entry in entries():
        assert f"`{entry.name}`" in README, entry.name


def test_every_option_is_in_the_readme_or_its_help(cli):
    for name, command in all_commands().items():
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("--") and opt != "--help":
                    assert opt in README or opt in (command.help or ""), (name, opt)
