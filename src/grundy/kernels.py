"""Moved to :mod:`grundy.nimber.arrays`; this name stays until its importers switch."""
from .nimber.arrays import *  # noqa: F403
