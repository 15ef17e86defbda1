"""Waiting in tests for what happens in other processes: for events, never for an amount of time.

A condition is looked at again and again until it holds; the limit (five minutes) is there only so
that a broken test ends: nothing here depends on how busy the machine is.
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable
from pathlib import Path

PATIENCE = 300.0
"""How long a test waits for something that happens at once, before it calls it a failure."""
SANDBOX_PROGRAMS = ("lessons_lib.sandbox.referee", "lessons_lib.arena.agent_runner", "lessons_lib.grading.runner")
"""What the sandbox's processes have in their command lines."""


def wait_for(condition: Callable[[], bool], seconds: float = PATIENCE) -> bool:
    """Whether ``condition()`` came to hold within ``seconds`` (it is looked at every 50 ms)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def processes_with(text: str) -> list[int]:
    """The running processes of the whole machine whose command line holds ``text`` (not this one)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                command = Path("/proc", name, "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if text in command:
                found.append(int(name))
    return found


def sandbox_processes(root: int | None = None) -> list[int]:
    """Every process of a sandbox now running that descends from ``root`` (this process, if not given): another
    test run on the same machine has sandboxes of its own."""
    from lessons_lib.sandbox.processes import family

    mine = set(family(os.getpid() if root is None else root))
    return sorted({pid for program in SANDBOX_PROGRAMS for pid in processes_with(program) if pid in mine})


def run_number(pid: int | None = None) -> str:
    """This test run's number among those on this machine now: its process number (or ``pid``), written ten digits
    wide so that no run's number is part of another's (run 123's ``sleep 4242.123`` is in run 1234's command line)."""
    return f"{os.getpid() if pid is None else pid:010d}"


def unique_sleep(seconds: int, pid: int | None = None) -> str:
    """A ``sleep`` argument that no other test run on this machine uses (:func:`run_number` as the fraction), so
    that finding ``sleep <it>`` finds this test's own process."""
    return f"{seconds}.{run_number(pid)}"


def wait_gone(pids: list[int], seconds: float = PATIENCE) -> bool:
    """Whether the processes ``pids`` have all ended within ``seconds``: told by the kernel the moment each ends
    (Linux's process file descriptors), not found by looking again and again."""
    descriptors = []
    for pid in pids:
        try:
            descriptors.append(os.pidfd_open(pid))
        except ProcessLookupError:
            continue  # gone already
    try:
        deadline = time.monotonic() + seconds
        waiting = list(descriptors)
        while waiting:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select(waiting, [], [], left)
            waiting = [descriptor for descriptor in waiting if descriptor not in ready]
        return True
    finally:
        for descriptor in descriptors:
            os.close(descriptor)
