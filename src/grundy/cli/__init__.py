"""The command line: a thin layer over the library.

- :mod:`~grundy.cli.console`: the ``grundy`` console script (and ``python -m grundy``).
  A plain judge run (``grundy nim``, ``grundy solve NAME``) and a plain ``grundy
  sequence`` (:mod:`~grundy.cli.fastseq`) are answered before Click loads; everything
  else goes to :mod:`~grundy.cli.main`.
- :mod:`~grundy.cli.main`: the Click group, the one table of commands (each loaded
  when used), and :func:`~grundy.cli.main.run`, which turns every failure into one
  line ``grundy: error: ...`` and exit status 2.
- :mod:`~grundy.cli.common`: what the commands share (reading the input, a GAME
  argument, JSON output, refusing options that do not apply).
- One module per command group: :mod:`~grundy.cli.contest` (``solve``, ``nim``),
  :mod:`~grundy.cli.positions` (``analyze``, ``play``), :mod:`~grundy.cli.sequences`
  (``sequence``, ``period``), :mod:`~grundy.cli.tables` (``table``, ``plot``),
  :mod:`~grundy.cli.explore`, :mod:`~grundy.cli.survey`, :mod:`~grundy.cli.serve`,
  :mod:`~grundy.cli.games` and :mod:`~grundy.cli.demo`.
- :mod:`~grundy.cli.cram`: the ``grundy-cram`` console script, which runs the compiled
  board search as a program of its own (:mod:`grundy.native.commands`).

This package's face imports nothing: the console script starts without Click.
"""
