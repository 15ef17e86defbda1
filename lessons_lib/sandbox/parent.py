"""A process that ends with its parent: the sandbox's programs and the arena's workers call this first.

It imports nothing beyond the standard library, so that a student's process does not load the sandbox's process
tools (psutil) with it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

LINUX = sys.platform.startswith("linux")


def end_with_parent(parent: int | None = None) -> None:
    """End this process as soon as the process that started it dies, even in the middle of a student's move.

    On Linux the kernel does it (a parent-death signal, which no busy loop can delay); elsewhere a
    thread checks the parent twice a second. ``parent`` is the parent's number as the parent saw it before it
    started this process: asked here, a parent that had already died would read as its successor (init), and
    this process would never end.
    """
    parent = os.getppid() if parent is None else parent
    if LINUX:
        import ctypes

        set_parent_death_signal = 1  # PR_SET_PDEATHSIG in <linux/prctl.h>
        ctypes.CDLL(None, use_errno=True).prctl(set_parent_death_signal, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # it died before the signal was set
            os._exit(1)
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
