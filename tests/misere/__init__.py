"""Tests of the misère algebra and play (grundy.misere, and the search of grundy.play.misere): monoids, solver, quotients, genus, cache."""
