# Types of the optional compiled kernel of misère quotients (src/grundy/native/_misere.c);
# see grundy.misere.solver and grundy.misere.monoid.
from typing import Any

from typing_extensions import Buffer

def mark(base: Buffer | Any, rest: Buffer | Any, nb: int, nc: int,
         gens: Buffer | Any, opts: Buffer | Any, offsets: Buffer | Any,
         want: int, want_mark: bool, limit: int, words: bool = False, /
         ) -> tuple[bytes, ...] | None: ...
def check(table: Buffer | Any, in_p: Buffer | Any, gens: Buffer | Any,
          opts: Buffer | Any, offsets: Buffer | Any, /
          ) -> tuple[tuple[int, ...] | None, bytes, bytes, bytes]: ...
def reduce(base: Buffer, rest: Buffer, nb: int, nc: int, order: Buffer, marks: Buffer,
           act: Buffer, limit: int = -1, /) -> tuple[bytes, bytes, bytes] | None: ...
def p_failure(table: Buffer, in_p: Buffer, gens: Buffer, opts: Buffer, offsets: Buffer,
              order: Buffer, words: Buffer, /) -> tuple[int, ...] | None: ...
def p_masks(table: Buffer, in_p: Buffer, /) -> bytes: ...
