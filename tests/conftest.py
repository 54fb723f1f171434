"""Shared test helpers."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None, max_examples=60)
settings.load_profile("default")


@dataclass
class Result:
    code: int
    out: str
    err: str


def run_cli(*args: str, input: bytes | str | None = None) -> Result:
    """Run ``grundy ARGS`` in a subprocess, as a user would."""
    data = input.encode() if isinstance(input, str) else input
    proc = subprocess.run(
        [sys.executable, "-m", "grundy", *args], input=data, capture_output=True, timeout=600
    )
    return Result(proc.returncode, proc.stdout.decode(), proc.stderr.decode())


@pytest.fixture
def cli():
    return run_cli
