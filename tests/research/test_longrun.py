"""Long sequences written to .npy files: values as the kernel computes them, a stop that
leaves a resumable file, a resumed run equal to an unbroken one."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from support import assert_one_line_error, wait_until_interruptible

from grundy.errors import GrundyError
from grundy.research.longrun import sequence_to_file
from grundy.rules.heap import GrundysGame, Nim, TakeAndBreak


class Stop(KeyboardInterrupt):
    pass


@pytest.mark.parametrize("game", [TakeAndBreak("0.354"), GrundysGame(), TakeAndBreak("0.f")])
def test_a_stopped_run_resumes_to_the_same_values(tmp_path, game):
    n = 3000
    path = tmp_path / "values.npy"
    calls = []

    def stop_soon(done: int, total: int) -> None:  # at the first report, even the last one
        calls.append(done)
        if len(calls) == 1:
            raise Stop

    stopped = False
    try:
        sequence_to_file(game, n, path, report=stop_soon)
    except Stop:
        stopped = True
        record = json.loads((tmp_path / "values.npy.part").read_text())
        assert record["game"] == game.notation and record["done"] == calls[0] <= n
        fresh = GrundysGame() if isinstance(game, GrundysGame) else TakeAndBreak(game.code)
        sequence_to_file(fresh, n, path, resume=True)
    assert stopped
    assert not (tmp_path / "values.npy.part").exists()
    assert np.load(path).tolist() == game.sequence(n).tolist()


def test_resume_grows_a_finished_prefix(tmp_path):
    path = tmp_path / "k.npy"
    game = TakeAndBreak("0.77")
    sequence_to_file(game, 100, path)
    (tmp_path / "k.npy.part").write_text(json.dumps({"game": "0.77", "n": 100, "done": 100}))
    sequence_to_file(TakeAndBreak("0.77"), 500, path, resume=True)
    assert np.load(path).tolist() == game.sequence(500).tolist()


def test_bad_runs_are_clear_errors(tmp_path):
    with pytest.raises(GrundyError, match="nothing to resume"):
        sequence_to_file(TakeAndBreak("0.77"), 10, tmp_path / "a.npy", resume=True)
    with pytest.raises(GrundyError, match=".npy"):
        sequence_to_file(TakeAndBreak("0.77"), 10, tmp_path / "a.txt")
    with pytest.raises(GrundyError, match="16 bits"):
        sequence_to_file(Nim(), 70000, tmp_path / "nim.npy")
    path = tmp_path / "b.npy"
    (tmp_path / "b.npy.part").write_text(json.dumps({"game": "0.07", "n": 10, "done": 0}))
    np.save(path, np.zeros(10, dtype=np.uint16))
    with pytest.raises(GrundyError, match="0.07, not 0.77"):
        sequence_to_file(TakeAndBreak("0.77"), 10, path, resume=True)
    with pytest.raises(GrundyError, match="--resume"):
        sequence_to_file(TakeAndBreak("0.07"), 10, path)


def test_cli_out_and_resume(cli, tmp_path):
    out = tmp_path / "g.npy"
    r = cli("sequence", "grundys-game", "-n", "2000", "--out", str(out))
    assert r.code == 0 and str(out) in r.out
    assert np.load(out).tolist() == GrundysGame().sequence(2000).tolist()
    assert_one_line_error(cli("sequence", "kayles", "-n", "9", "--resume"), "--out")
    assert_one_line_error(cli("sequence", "kayles", "-n", "9", "--json", "--out", str(out)),
                          "--json")
    assert_one_line_error(cli("sequence", "kayles", "-n", "9", "--out", str(tmp_path)),
                          "directory")


def test_ctrl_c_leaves_a_resumable_file(tmp_path):
    """SIGINT during a long run: exit 2 with one line, the values so far kept, --resume
    finishes them."""
    out = tmp_path / "long.npy"
    args = [sys.executable, "-m", "grundy", "sequence", "0.354", "-n", "400000", "--out", str(out)]
    env = {"GRUNDY_PURE": "1", "PATH": "/usr/bin:/bin"}  # the NumPy path: slow enough to stop
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    record = tmp_path / "long.npy.part"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if record.exists() and json.loads(record.read_text() or '{"done": 0}')["done"] > 0:
            break
        time.sleep(0.05)
    wait_until_interruptible(proc)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    if proc.returncode == 0:  # pragma: no cover - finished before the signal
        pytest.skip("the run finished before it could be stopped")
    assert proc.returncode == 2 and stdout == b""
    assert stderr.decode().strip() == "grundy: error: aborted"
    done = json.loads(record.read_text())["done"]
    assert 0 < done < 400000
    resumed = subprocess.run([*args, "--resume"], capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert np.load(out).tolist() == TakeAndBreak("0.354").sequence(400000).tolist()
