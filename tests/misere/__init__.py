"""Tests of the misère algebra and play (grundy.play.misere): monoids, solver, quotients, genus, cache."""
