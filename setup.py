"""Builds the compiled parts of grundy: the nimber kernel, the octal-game kernel, the
misère-quotient kernel, the board search and the engine's single calls, and `grundy-cram`,
the board search as a command without Python.  Everything else is configured in
pyproject.toml.

The compiled parts are optional: without a C compiler the build goes on without them and
grundy uses its NumPy kernels, which compute the same results (the tests check it).
"""

import os
import shlex
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:  # the distutils that setuptools carries (Python 3.12 has none of its own)
    from setuptools._distutils.ccompiler import new_compiler
except ImportError:  # pragma: no cover - an older setuptools
    from distutils.ccompiler import new_compiler


class BuildExtensions(build_ext):
    """The extensions, and then `grundy-cram` (src/grundy/native/cram_command.c, which
    includes _cram.c) linked as an executable beside them in grundy/native, where
    `grundy.native.commands` finds it (in the source tree for an editable install).
    Compiled with $CC (else Python's compiler) and -O3 alone, not Python's flags for
    extensions; left out with a warning where that fails, as the extensions are."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # the extensions compiled side by side, one a core
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        super().run()
        folder = os.path.dirname(self.get_ext_fullpath("grundy.native._cram"))
        compiler = new_compiler()
        cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
        compiler.set_executables(compiler_so=cc, linker_exe=cc)
        try:
            objects = compiler.compile(["src/grundy/native/cram_command.c"],
                                       output_dir=self.build_temp, extra_postargs=["-O3"])
            compiler.link_executable(objects, "grundy-cram", output_dir=folder)
        except Exception as error:  # the error classes differ between setuptools' versions
            self.warn(f"grundy-cram left out, it did not build: {error}")


setup(cmdclass={"build_ext": BuildExtensions}, ext_modules=[
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
