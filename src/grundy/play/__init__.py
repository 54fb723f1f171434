"""A position played: who wins and how, in normal, misère and loopy play, and a match.

- :mod:`~grundy.play.analysis`: the parts of a position as the user types them, their
  value, outcome and every winning move (normal play, and misère play through
  :mod:`~grundy.play.misere`), as the command line and the playground show them;
- :mod:`~grundy.play.misere`: misère play (the last player to move loses), searched
  over the sums, with the games' own misère theories and the quotients of
  :mod:`grundy.misere` where they have one;
- :mod:`~grundy.play.loopy`: games whose positions can repeat (Smith's generalized
  values, draws included);
- :mod:`~grundy.play.match`: a match against grundy, on any text input and output.

Everything here asks :mod:`grundy.engine` and the games' hooks; nothing names a rule
family.  The public names are on :mod:`grundy` (``grundy.misere_outcome``,
``grundy.loopy_value``, ``grundy.analyze``, ...).
"""
