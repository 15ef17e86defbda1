"""The referee, between the student's code and the arena: holding, the clock, limits, and how a workload ends.

Times here are processor times, counted by the kernel, or events (an answer, a message): none of
these tests depends on how busy the machine is. Where a test waits by the clock, it waits for
something that happens at once, with minutes to spare.
"""

from __future__ import annotations

import time

import pytest

from lessons_lib.sandbox import running
from lessons_lib.sandbox.running import Message
from probes import probe_process

REFORKERS = """
import os, signal, time

started = [False]

def spin_and_refork():
    while True:
        for _ in range(3000):  # a few hundred microseconds of work
            pass
        if os.fork() != 0:  # the child goes on; the parent ends: no process lives long
            os._exit(0)

def observe():
    if not started[0]:
        started[0] = True
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)
        for _ in range(2):  # at most two processes each (a parent and its new child): within the limit of 8
            if os.fork() == 0:
                spin_and_refork()
    return 'thinking'
"""


def stopped_seconds(process: running.SandboxedProcess, pause: float = 1.0) -> float:
    """The processor time the workload uses while the test waits ``pause`` seconds after its answer."""
    before = process.processor_seconds()
    time.sleep(pause)
    return process.processor_seconds() - before


def test_every_process_is_stopped_the_moment_it_answers_however_fast_its_helpers_refork() -> None:
    """Helpers that replace themselves every few hundred microseconds: inside bubblewrap the referee stops the
    whole namespace in one step, so none of them runs on the opponent's time."""
    with probe_process(REFORKERS, hold=True) as process:
        for _ in range(3):
            process.send("observe", 60)
            assert process.receive(timeout=120) == Message("answer", "'thinking'")
            assert stopped_seconds(process) < 0.05  # two spinning helpers would use about 1 s a second each


def test_an_answer_that_came_in_time_counts_though_the_arena_was_away() -> None:
    """The referee keeps the clock: an arena stopped (Ctrl+Z) or slow to look finds the answer that came in time."""
    with probe_process("def observe():\n    return 'at once'\n", hold=True) as process:
        process.send("observe", 1.0)
        time.sleep(3.0)  # the arena is away three times the workload's time
        assert process.receive(timeout=60) == Message("answer", "'at once'")


def test_a_workload_that_waits_past_its_time_is_late_and_held() -> None:
    with probe_process("import time\n\ndef observe():\n    time.sleep(1000)\n", hold=True) as process:
        process.send("observe", 0.5)
        assert process.receive(timeout=120) == Message("late")


@pytest.mark.parametrize("code, kind, text", [
    ("import os\n\ndef observe():\n    os._exit(3)\n", "ended", "3"),
    ("import os, signal\n\ndef observe():\n    os.kill(os.getpid(), signal.SIGTERM)\n", "ended", "-15"),
    ("import os, time\n\ndef observe():\n"
     "    for fd in range(1, 256):\n        try:\n            os.close(fd)\n        except OSError:\n            pass\n"
     "    time.sleep(1000)\n", "closed", ""),
    ("import sys\n\ndef observe():\n    return 'x' * 20000\n", "long", ""),
])
def test_how_a_workload_stops_answering_is_told(code: str, kind: str, text: str) -> None:
    with probe_process(code, max_line=10_000) as process:
        process.send("observe", 600)
        assert process.receive(timeout=700) == Message(kind, text)


def without_control_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """As for a teacher who is not root: the arena makes no control group, the referee counts everything."""
    monkeypatch.setattr(running.AgentGroup, "create", classmethod(lambda cls, memory_mb, tasks: None))


SHARED_MEMORY = """
import ctypes, time

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p

def observe():
    for _ in range(6):
        segment = libc.shmget(0, 50 * 2**20, 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600
        address = libc.shmat(segment, None, 0)
        ctypes.memset(address, 1, 50 * 2**20)
        libc.shmdt(ctypes.c_void_p(address))  # mapped by no process from now on
    time.sleep(1000)
"""
IN_MEMORY_FILE = """
import os, time

def observe():
    descriptor = os.memfd_create('hoard')
    for _ in range(20):
        os.write(descriptor, b'x' * (16 * 2**20))
    time.sleep(1000)
"""
FORKED = """
import os, time

def observe():
    for _ in range(3):
        if os.fork() == 0:
            block = b'x' * (100 * 2**20)
            time.sleep(1000)
    time.sleep(1000)
"""
MANY_PROCESSES = """
import subprocess, time

def observe():
    for _ in range(20):
        subprocess.Popen(['sleep', '1000'])
    time.sleep(1000)
"""
MANY_THREADS = """
import threading, time

threading.stack_size(64 * 1024)

def observe():
    for _ in range(400):
        threading.Thread(target=time.sleep, args=(1000,), daemon=True).start()
    time.sleep(1000)
"""


@pytest.mark.parametrize("code, limit", [
    (SHARED_MEMORY, "over the limit of 200 MB for one agent"), (IN_MEMORY_FILE, "over the limit of 200 MB for one agent"),
    (FORKED, "over the limit of 200 MB for one agent"), (MANY_PROCESSES, "started more than 8 processes (the limit for one agent)"),
    (MANY_THREADS, "ran more than 256 threads in all (the limit for one agent)"),
])
def test_without_control_groups_the_referee_holds_every_limit(monkeypatch: pytest.MonkeyPatch, code: str,
                                                               limit: str) -> None:
    """System V shared memory, filled and detached, is mapped by no process: the referee counts its own
    namespace's segments, so a teacher who is not root (no control groups) has the limit too."""
    without_control_groups(monkeypatch)
    with probe_process(code, memory_mb=200) as process:
        process.send("observe", 600)
        message = process.receive(timeout=700)
    assert message is not None and message.kind == "over" and limit in message.text, message


def test_the_limits_hold_with_control_groups_where_the_arena_may_make_them() -> None:
    from lessons_lib.sandbox import cgroups

    if not cgroups.available():
        pytest.skip("this arena cannot make control groups here (not root, and no delegated group)")
    with probe_process(SHARED_MEMORY, memory_mb=200) as process:
        process.send("observe", 600)
        message = process.receive(timeout=700)
        assert process.memory_exceeded() or (message is not None and message.kind == "over"), message
