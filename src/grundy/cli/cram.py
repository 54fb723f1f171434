"""The ``grundy-cram`` console script: runs the compiled command
(:func:`grundy.native.commands.cram_command`) in this process's place, so that the search's
memory is the program's alone, not Python's too.  Its options and its errors are its own
(``grundy-cram --help``); where it was not built, one line ``grundy-cram: error: ...``
and exit status 2.
"""

from __future__ import annotations

import os
import sys

from ..native.commands import cram_command

__all__ = ["main"]


def main() -> None:
    """Console-script entry point: exec ``grundy-cram`` with this command's arguments."""
    path = cram_command()
    if path is None:
        sys.stderr.write("grundy-cram: error: the program was not built when grundy was "
                         "installed (it needs a C compiler); `grundy board` does the same "
                         "search\n")
        sys.exit(2)
    os.execv(path, [path, *sys.argv[1:]])
