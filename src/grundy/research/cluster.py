"""A Dask cluster for the long computations that run on workers (a survey of a family of
codes, the root of a board search): :func:`distributed` imports Dask's distributed
scheduler or says how to do without it; :func:`client` opens a client of a local cluster of
worker processes, or of the cluster at a scheduler's address, and closes both afterwards.

>>> try:
...     distributed("a survey on workers", "compute here with --local-only").__name__
... except GrundyError as error:  # without the cluster extra
...     "pip install 'grundy[cluster]'" in str(error)
'distributed'
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import GrundyError

__all__ = ["client", "distributed"]


def distributed(work: str, instead: str) -> Any:
    """:mod:`distributed`, or one clear error naming the ``work`` that needs it and what
    to do ``instead``."""
    try:
        import distributed as found
    except ImportError:
        raise GrundyError(f"{work} needs dask.distributed, which is not installed: pip install "
                          f"'grundy[cluster]', or {instead}") from None
    return found


@contextmanager
def client(workers: int, scheduler: str | None, work: str, instead: str) -> Iterator[Any]:
    """A Dask client: of a local cluster of ``workers`` processes (one thread each, no
    dashboard; deaf to a terminal's Ctrl-C, which grundy takes for them), or of the cluster
    at ``scheduler`` (``tcp://HOST:PORT``; one clear error when it cannot be reached).
    Both are closed when the block ends, however it ends."""
    dask = distributed(work, instead)
    cluster = None
    try:
        if scheduler is None:
            from dask import config

            # The scheduler does not drop a worker for its silence: a local worker's nanny
            # reports its death at once, and a worker that held Python's lock for a long
            # search sent no heartbeat (the compiled board search held it, and Dask dropped
            # the worker after 5 minutes and started the question again on another, four
            # times, then failed; it lets go of the lock now).  A worker takes one task at a time
            # (Dask's default queues two on a worker of one thread: one worker could wait
            # while another has a long search queued behind its own).  And Dask does not
            # limit a worker's memory: each task bounds its own (a board search's table,
            # --memory), and Dask's limit, the machine's memory shared among the workers,
            # pauses a worker at 80% of it and kills it at 95%.
            with config.set({"distributed.scheduler.worker-ttl": None,
                             "distributed.scheduler.worker-saturation": 1.0}), _deaf_to_ctrl_c():
                cluster = dask.LocalCluster(n_workers=workers, threads_per_worker=1,
                                            processes=True, memory_limit=0,
                                            dashboard_address=":0", silence_logs=logging.CRITICAL)
            opened = dask.Client(cluster)
        else:
            try:
                opened = dask.Client(scheduler, timeout=10)
            except (OSError, TimeoutError, ValueError) as exc:
                raise GrundyError(f"cannot reach the Dask scheduler at {scheduler}: "
                                  f"{exc}") from None
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    try:
        yield opened
    finally:
        opened.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def _deaf_to_ctrl_c() -> Iterator[None]:
    """SIGINT ignored while the block starts worker processes, which keep it ignored: a
    terminal's Ctrl-C reaches every process of its group, and the workers would die of it
    with their tables; grundy alone takes it then, and stops them as it does at ``--time``
    (a Ctrl-C within the block, while they start, is lost).  In the main thread only, where
    Python handles signals; elsewhere the block runs as it is.

    >>> with _deaf_to_ctrl_c():
    ...     signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    True
    >>> signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    False
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if before is None else before)
