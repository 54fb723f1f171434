"""``grundy table`` at the command line: a game without a table is sent to a command that works."""

from __future__ import annotations

import re
import shlex
from typing import Any

import pytest

from support import assert_one_line_error


@pytest.mark.parametrize("name", ["chomp", "green-hackenbush", "kayles"])
def test_table_suggests_a_command_that_works(cli: Any, name: str) -> None:
    result = cli("table", name)
    assert_one_line_error(result, name)
    suggested = re.findall(r"'(grundy [^']+)'", result.err)
    assert suggested
    for command in suggested:
        words = shlex.split(command)
        assert words[0] == "grundy"
        answer = cli(*words[1:])
        assert answer.code == 0 and answer.out, (command, answer)
