"""The misère algebra of heap games, apart from any game's rules and from play.

- :mod:`~grundy.misere.monoid`: the monoid arithmetic (tables, products, reduction);
- :mod:`~grundy.misere.solver`: the misère quotient Q_n of a heap game, heap by heap;
- :mod:`~grundy.misere.quotient`: misère quotients computed, certified by the periodicity
  theorem where it applies, presented, and used to decide sums of any size;
- :mod:`~grundy.misere.cache`: quotients kept on disk, so that each is computed once;
- :mod:`~grundy.misere.genus`: the genus ``g^(γ0 γ1 γ2 ...)`` of a position (Winning Ways,
  ch. 13), and which heaps are tame;
- :mod:`~grundy.misere.moves`: a position's moves as these tools list them.

A game feeds them through its hooks alone (:meth:`grundy.HeapGame.heap_options`,
:meth:`~grundy.HeapGame.heap_option_count`, :meth:`~grundy.HeapGame.misere_certifier`,
:attr:`~grundy.Game.notation`); nothing here names a rule family.  Play of misère sums
(which of these decides a sum, and the search when none does) is
:mod:`grundy.play.misere`, a layer above.
"""
