"""``--dask [ADDRESS]``: play a command's games on a Dask cluster instead of this machine's process pool.

With an address (``tcp://host:8786``) the games go to the cluster whose scheduler is there; without one
(:data:`LOCAL`), to a LocalCluster of this machine's processes that lives as long as the command. The results are
the same either way: every game is seeded by its key, never by the worker that plays it. Dask is optional
(``pip install "dask[distributed]"``); without it ``--dask`` is refused in one line.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager

from lessons_lib.tooling.text import shown

LOCAL = "local"
"""``--dask`` without an address: a LocalCluster on this machine."""
DASK_CONNECT_SECONDS = 10


def add_dask_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--dask [ADDRESS]`` to ``parser``."""
    parser.add_argument("--dask", metavar="ADDRESS", nargs="?", const=LOCAL,
                        help="play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), "
                             "or without ADDRESS on a local Dask cluster of --workers processes")


@contextmanager
def dask_executor(address: str, workers: int = 1) -> Iterator[Executor]:
    """An executor that plays games on the Dask cluster at ``address`` (a LocalCluster of ``workers`` processes for
    :data:`LOCAL`); ValueError in one line if Dask is not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ValueError("--dask needs Dask's distributed package: pip install \"dask[distributed]\"") from None
    with ExitStack() as stack:
        if address == LOCAL:  # its dashboard on a free port: two commands at once never reach for the same one
            cluster = stack.enter_context(LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"))
            target: object = cluster
        else:
            target = address
        try:
            client = stack.enter_context(Client(target, timeout=DASK_CONNECT_SECONDS))  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as error:
            raise ValueError(f"--dask: could not reach a Dask scheduler at {shown(address)} ({error})") from None
        yield client.get_executor(pure=False)  # each game is played, none merged
