# Quick start: `make demo` and `make test` on a fresh machine with Python 3.11+ and make.
# The venv gets a setuptools new enough for pyproject.toml (>= 77), so that
# `.venv/bin/python setup.py build_ext --inplace` builds the C extensions in place too.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test bench docs clean cram-command

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip 'setuptools>=77'

# The package in editable mode; for tests, with the test extra too.  The compiled
# kernel is built at install time, so a change to its source reinstalls.  pip byte-compiles
# what it installs one file at a time; here it does not, and compileall does it on every
# core (the test extra: 40 s to 31 s on two cores).  A file of a dependency that does not
# compile (pip skips those too) is no error.
BUILD_INPUTS := pyproject.toml setup.py $(wildcard src/grundy/native/*.c)
PIP_INSTALL  := $(BIN)/python -m pip install --quiet --no-compile
COMPILE_VENV := $(BIN)/python -m compileall -q -j 0 $(VENV)/lib >/dev/null 2>&1 || true

$(VENV)/.installed: $(BUILD_INPUTS) | $(BIN)/python
	$(PIP_INSTALL) -e . 'setuptools>=77'
	$(COMPILE_VENV)
	touch $@

$(VENV)/.installed-test: $(BUILD_INPUTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[test]' 'setuptools>=77'
	$(COMPILE_VENV)
	touch $@ $(VENV)/.installed

# grundy's modules byte-compiled first, as for the tests below: each later `grundy` command
# of this venv then starts without compiling them, even where PYTHONDONTWRITEBYTECODE is set.
demo: $(VENV)/.installed
	$(BIN)/python -m compileall -q src/grundy
	$(BIN)/grundy demo

# A worker a core and one more (pytest-xdist), a test file to a worker, so that a module's
# fixtures are built once.  The suite starts hundreds of grundy processes and servers and
# waits on them, so one worker a core left a core idle about an eighth of the time: on two
# cores, three workers took the suite from 247 s to 221 s (nothing else running).  The files
# are handed out in the order collected (not by their number of tests): the longest first
# (LONG_FIRST in tests/conftest.py), so that no long file is left for the end.
# grundy's own modules are byte-compiled first: where PYTHONDONTWRITEBYTECODE is set (as in
# many containers) Python never caches them, and each of the hundreds of grundy processes
# the suite starts would compile them again (`grundy analyze nim 3 4 5`: 0.18 s of CPU
# against 0.12 s).
TEST_WORKERS = $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1)')

test: $(VENV)/.installed-test
	$(BIN)/python -m compileall -q src/grundy
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/run_all.py

# grundy-cram, the board search as a command of its own, without Python
# (src/grundy/native/cram_command.c): installing grundy builds it (setup.py), so this
# is the install; then `.venv/bin/grundy-cram 3x14` prints 3.
cram-command: $(VENV)/.installed

# The documentation site, offline, into site/: every warning (a broken reference) fails it.
$(VENV)/.installed-docs: $(BUILD_INPUTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[docs]' 'setuptools>=77'
	$(COMPILE_VENV)
	touch $@ $(VENV)/.installed

docs: $(VENV)/.installed-docs
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --quiet

clean:
	rm -rf $(VENV) build site src/*.egg-info src/grundy/native/*.so src/grundy/native/grundy-cram \
		.pytest_cache .hypothesis
