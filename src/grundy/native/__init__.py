"""The optional compiled kernels and the one switch that chooses them.

- ``_speedups.c`` (the module :mod:`grundy.native._speedups`): the 64-bit nim product,
  and reading and writing the Library Checker format;
- ``_octal.c`` (:mod:`grundy.native._octal`): Grundy sequences of take-and-break games
  and Grundy's game;
- :mod:`~grundy.native.compiled`: :func:`~grundy.native.compiled.compiled`, the switch
  between the compiled nimber kernel and NumPy (``GRUNDY_PURE=1`` forces NumPy), and
  :func:`~grundy.native.compiled.read_all`;
- :mod:`~grundy.native.parallel`: whole-array work in two halves on two threads;
- :mod:`~grundy.native.commands`: where ``grundy-cram`` is, the board search of ``_cram.c``
  built as a program without Python (``cram_command.c``).

Both extensions are built by ``pip install`` where a C compiler is found; without one
grundy computes the same results with NumPy, and the tests check that the two agree.
The layer that uses a kernel keeps its NumPy path beside it (the nimber arrays, the
octal sequences of :mod:`grundy.rules.sparse`, the nim-product format).  Nothing here
imports the rest of grundy, and this package's face imports nothing, so that a judge's
run loads only what it uses.
"""
