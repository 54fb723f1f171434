"""Builds the compiled parts of grundy (the nimber kernel, the octal-game kernel, the
misère-quotient kernel, the board search and the engine's single calls); everything else
is configured in pyproject.toml.

The extension is optional: without a C compiler the build goes on without it and
grundy uses its NumPy kernels, which compute the same results (the tests check it).
"""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension("grundy.native._speedups", ["src/grundy/native/_speedups.c"], optional=True),
    Extension("grundy.native._octal", ["src/grundy/native/_octal.c"], optional=True,
              extra_compile_args=["-O3", "-pthread"], extra_link_args=["-pthread"]),
    Extension("grundy.native._misere", ["src/grundy/native/_misere.c"], optional=True,
              extra_compile_args=["-O3"]),
    Extension("grundy.native._cram", ["src/grundy/native/_cram.c"], optional=True,
              extra_compile_args=["-O3"]),
    Extension("grundy.native._engine", ["src/grundy/native/_engine.c"], optional=True,
              extra_compile_args=["-O2"]),
])
