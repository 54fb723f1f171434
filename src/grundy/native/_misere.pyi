# Types of the optional compiled kernel of misère quotients (src/grundy/native/_misere.c);
# see grundy.play.misere.solver.
import numpy as np
from typing_extensions import Buffer

def mark(base: Buffer | np.ndarray, rest: Buffer | np.ndarray, nb: int, nc: int,
         gens: Buffer | np.ndarray, opts: Buffer | np.ndarray, offsets: Buffer | np.ndarray,
         want: int, want_mark: bool, limit: int, words: bool = False, /
         ) -> tuple[bytes, ...] | None: ...
def check(table: Buffer | np.ndarray, in_p: Buffer | np.ndarray, gens: Buffer | np.ndarray,
          opts: Buffer | np.ndarray, offsets: Buffer | np.ndarray, /
          ) -> tuple[tuple[int, ...] | None, bytes, bytes, bytes]: ...
