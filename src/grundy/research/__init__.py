"""Long computations on a game's values, driven by the games' own hooks.

- :mod:`~grundy.research.periodicity`: sequences extended by a certified period, and
  :func:`~grundy.research.periodicity.find_period`, which doubles until a theorem
  certifies the period or the budget is spent;
- :mod:`~grundy.research.longrun`: sequences written to a file as they are computed,
  resumable, with progress on a terminal;
- :mod:`~grundy.research.stats`: the research tables' statistics (largest value,
  rare/common split);
- :mod:`~grundy.research.tables`: value tables of two-dimensional games;
- :mod:`~grundy.research.plot`: pictures of sequences and tables (matplotlib);
- :mod:`~grundy.research.survey`: every code of an octal family, resumable in SQLite,
  locally or on a Dask cluster;
- :mod:`~grundy.research.explore`: the patterns found in a game's values;
- :mod:`~grundy.research.boards`: one board of a board game searched in one piece, its
  table kept in a file; :mod:`~grundy.research.split`: one board's root split into
  questions asked on Dask workers, kept in a file of answers
  (:mod:`~grundy.research.answers`), each worker's table kept from run to run
  (:mod:`~grundy.research.kept`); :mod:`~grundy.research.cluster`: the Dask cluster
  both the survey and the split search run on.

Nothing here names a rule class: a game says what it can do (its kernel, its
certifier, its limits) and these modules ask it, or ask :mod:`grundy.catalog` for a
game by name.
"""
