"""A tokenizer for whitespace-separated contest inputs that remembers line numbers.

Its checks are those of :mod:`grundy.formats._read`.
"""

from __future__ import annotations

from ..errors import InputError
from ._read import decode, integer, last_line


class Tokens:
    """Whitespace-separated tokens of an input, each with its 1-based line.

    >>> t = Tokens(b"2\\n3 4\\n")
    >>> t.int("N", 1, 10), t.int("A", 0, 9), t.int("B", 0, 9), t.at_end()
    (2, 3, 4, True)
    """

    def __init__(self, data: bytes) -> None:
        text = decode(data)
        self._tokens: list[tuple[int, str]] = [
            (number, token)
            for number, line in enumerate(text.splitlines(), start=1)
            for token in line.split()
        ]
        self._pos = 0
        self.lines = last_line(text)

    def at_end(self) -> bool:
        """True when every token was consumed."""
        return self._pos >= len(self._tokens)

    @property
    def line(self) -> int:
        """The line of the next token (or the last line at the end)."""
        if self._pos < len(self._tokens):
            return self._tokens[self._pos][0]
        return max(self.lines, 1)

    def word(self, what: str) -> tuple[int, str]:
        """The next token and its line; an error naming ``what`` at the end of input."""
        if self.at_end():
            raise InputError(f"unexpected end of input, expected {what}", self.line)
        token = self._tokens[self._pos]
        self._pos += 1
        return token

    def int(self, what: str, lo: int, hi: int | None = None) -> int:
        """The next token as an integer in ``[lo, hi]``."""
        line, token = self.word(what)
        return integer(token, what, lo, hi, line)

    def expect_end(self) -> None:
        """Raise if any token is left."""
        if not self.at_end():
            line, token = self._tokens[self._pos]
            raise InputError(f"unexpected token {token!r} after the last test", line)
