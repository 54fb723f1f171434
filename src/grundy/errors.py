"""The errors grundy raises for bad input; the CLI turns them into ``grundy: error: ...``."""

from __future__ import annotations


class GrundyError(ValueError):
    """Base class of grundy's own input errors (bad game name, bad code, bad file)."""


class InputError(GrundyError):
    """A contest input that does not follow its format.

    ``line`` is the 1-based line at fault (``None`` when the fault has no line,
    such as an empty input).

    >>> str(InputError("expected 2 numbers, found 3", line=4))
    'line 4: expected 2 numbers, found 3'
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class UnknownGameError(GrundyError, LookupError):
    """A game name that neither the catalog nor any code notation knows."""
