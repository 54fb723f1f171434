"""Every limit holds: a full disk, a huge position, a damaged file or an endless input ends
in the one error line (``grundy: error: ...``, status 2, nothing on stdout), no file left
behind, in bounded time and memory -- or in the right answer.

A command line case runs ``python -m grundy`` in a subprocess under an address-space
limit (:data:`MEMORY`: a regression fails instead of eating the machine) and a timeout only
a hang exceeds (:data:`TIMEOUT`); cases that need no subprocess run in-process.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from grundy.catalog import find
from support import assert_one_line_error

MEMORY = 3 << 29  # 1.5 GiB of address space a case (NumPy and its threads take ~0.5 GiB)
TIMEOUT = 60.0  # seconds: only a hang exceeds it


@dataclass
class Result:
    code: int
    out: str
    err: str
    seconds: float


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, stdin: bytes | None = b"", env: dict[str, str] | None = None,
        stdin_file: str | None = None) -> Result:
    """``python -m grundy ARGS`` under the limits (``stdin_file``: standard input read from
    that file, say ``/dev/zero``)."""
    start = time.monotonic()
    source = open(stdin_file, "rb") if stdin_file else None
    try:
        proc = subprocess.run([sys.executable, "-m", "grundy", *args],
                              input=None if source else stdin, stdin=source,
                              capture_output=True, timeout=TIMEOUT, preexec_fn=_limit,
                              env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        pytest.fail(f"grundy {' '.join(a[:40] for a in args)}: no answer in {TIMEOUT} s")
    finally:
        if source:
            source.close()
    return Result(proc.returncode, proc.stdout.decode("utf-8", "replace"),
                  proc.stderr.decode("utf-8", "replace"), time.monotonic() - start)


# -- a full disk ------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 kB file system (tmpfs), or a skip saying why one cannot be made here."""
    where = tmp_path / "disk"
    where.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a small file system (mount -t tmpfs) needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)],
                          capture_output=True)
    if made.returncode:
        pytest.skip(f"cannot mount a small tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True)


@pytest.mark.parametrize("args", [("sequence", "kayles", "-n", "100000"),
                                  ("period", "0.16")])
def test_out_on_a_full_disk_is_one_line_and_leaves_nothing(small_disk: Path,
                                                           args: tuple[str, ...]) -> None:
    target = small_disk / "values.npy"
    r = run(*args, "--out", str(target))
    assert_one_line_error(r, "No space left")
    assert list(small_disk.iterdir()) == []


def test_a_stopped_run_stays_resumable_on_a_full_disk(small_disk: Path,
                                                      tmp_path: Path) -> None:
    """A run stopped at 1000 values; going on to 10^5 on the full disk is refused with the
    run as it was; on a disk with room it resumes, and the values are Kayles'."""
    from grundy.research.longrun import open_values

    kayles = find("kayles")
    target = small_disk / "kayles.npy"
    values, done, note = open_values(target, 1000, False, kayles.notation)
    kayles.fill(values, done, 1000, note)
    note(1000)
    del values
    before = {p.name: p.read_bytes() for p in small_disk.iterdir()}
    assert set(before) == {"kayles.npy", "kayles.npy.part"}

    r = run("sequence", "kayles", "-n", "100000", "--out", str(target), "--resume")
    assert_one_line_error(r, "No space left")
    assert {p.name: p.read_bytes() for p in small_disk.iterdir()} == before

    roomy = tmp_path / "roomy"
    roomy.mkdir()
    for name in before:
        shutil.copy(small_disk / name, roomy / name)
    r = run("sequence", "kayles", "-n", "100000", "--out", str(roomy / "kayles.npy"),
            "--resume")
    assert (r.code, r.err) == (0, ""), r
    assert sorted(p.name for p in roomy.iterdir()) == ["kayles.npy"]
    got = np.load(roomy / "kayles.npy")
    # Kayles from heap 72 on repeats with period 12 (Guy and Smith 1956)
    assert got[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert (got[84:] == got[72:-12]).all() and len(got) == 100000


# -- a damaged or unwritable quotient cache ------------------------------------------------

DAMAGED = {
    "nested-100000-deep": "[" * 100_000 + "]" * 100_000,
    "a-5000-digit-number": '{"game": "0.77", "heaps": ' + "7" * 5000 + "}",
    "a-5000-digit-negative": '{"table": [[-' + "7" * 5000 + "]]}",
    "not-utf-8": '{"game": "\xff"}',
}


@pytest.mark.parametrize("damage", DAMAGED, ids=list(DAMAGED))
def test_a_damaged_cache_is_one_warning_and_replaced(tmp_path: Path, damage: str) -> None:
    folder = tmp_path / "quotients"
    folder.mkdir()
    (folder / "0.77.json").write_bytes(DAMAGED[damage].encode("latin-1"))
    r = run("quotient", "0.77", env={"GRUNDY_CACHE_DIR": str(tmp_path)})
    assert r.code == 0 and "|Q| = 40" in r.out, r
    assert r.err.startswith("grundy: warning: the cached misère quotient") and \
        r.err.count("\n") == 1 and "not used" in r.err, r.err
    r = run("quotient", "0.77", env={"GRUNDY_CACHE_DIR": str(tmp_path)})  # replaced
    assert (r.code, r.err) == (0, "") and "|Q| = 40" in r.out, r
    assert [p.name for p in folder.iterdir()] == ["0.77.json"]


def test_a_cache_on_a_full_disk_leaves_no_temporary_file(small_disk: Path) -> None:
    filler = small_disk / "filler"
    with open(filler, "wb") as handle:  # the disk full but for a little
        try:
            handle.write(b"x" * (60 << 10))
        except OSError:
            pass
    r = run("quotient", "0.77", env={"GRUNDY_CACHE_DIR": str(small_disk)})
    assert r.code == 0 and "|Q| = 40" in r.out, r
    assert "cannot write the misère quotient cache" in r.err and r.err.count("\n") == 1, r.err
    assert not [p for p in (small_disk / "quotients").iterdir()]
