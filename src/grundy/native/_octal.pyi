# Types of the optional compiled octal-game kernel (src/grundy/native/_octal.c); see grundy.rules.sparse.
from collections.abc import Callable, Sequence

import numpy as np
from typing_extensions import Buffer

def fill(values: Buffer | np.ndarray, done: int, n: int, zero: Sequence[int], one: Sequence[int],
         two: Sequence[int], unequal: bool, report: Callable[[int], object] | None = None,
         limit: int = 65535, every: float = 0.2, threads: int = 0,
         dense: bool = True) -> int: ...
def text(values: Buffer | np.ndarray, start: int, stop: int, /) -> bytes: ...
def subtraction(values: Buffer | np.ndarray, first: Sequence[int], last: Sequence[int],
                /) -> None: ...
