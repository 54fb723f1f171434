"""The build: the venv that make creates can build the C extensions in place, with the
setuptools that pyproject.toml's license field needs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_venv_gets_the_setuptools_the_build_system_asks_for() -> None:
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    floor = next(r for r in requires if r.startswith("setuptools"))
    makefile = (ROOT / "Makefile").read_text()
    venv_rule = makefile.split("$(BIN)/python:", 1)[1].split("\n\n", 1)[0]
    assert f"'{floor}'" in venv_rule  # the venv made by make: setup.py build_ext --inplace works
    assert re.search(r"^PIP_INSTALL +:= \$\(BIN\)/python -m pip install ", makefile, re.M)
    installs = re.findall(r"\$\(PIP_INSTALL\) -e .*", makefile)
    assert len(installs) == 3 and all(f"'{floor}'" in line for line in installs)  # an older venv too


def test_the_extensions_are_declared_where_their_sources_are() -> None:
    setup = (ROOT / "setup.py").read_text()
    for name, source in re.findall(r'Extension\("([\w.]+)", \["([\w/.]+)"\]', setup):
        assert (ROOT / source).is_file(), source
        assert source == "src/" + name.replace(".", "/") + ".c", (name, source)
    assert "grundy.native._octal" in setup and "grundy.native._speedups" in setup
