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
from lessons_lib.sandbox.probe import REFORKING_HELPERS
from probes import probe_process

def stopped_seconds(process: running.SandboxedProcess, pause: float = 1.0) -> float:
    """The processor time the workload uses while the test waits ``pause`` seconds after its answer (and it goes
    on answering: nothing ended it meanwhile)."""
    before = process.processor_seconds()
    time.sleep(pause)
    used = process.processor_seconds() - before
    assert process.receive(timeout=0.0) is None  # no message: it is held, not ended
    return used


def test_every_process_is_stopped_the_moment_it_answers_however_fast_its_helpers_refork() -> None:
    """Helpers that replace themselves every few hundred microseconds: inside bubblewrap the referee stops the
    whole namespace in one step, so none of them runs on the opponent's time."""
    with probe_process(REFORKING_HELPERS, hold=True, processes=64) as process:  # (a busy machine slows their ends)
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


FORK_BOMB = """
import os

def observe():
    children = 0
    while children < 100_000:
        try:
            if os.fork() == 0:
                os._exit(0)
            children += 1
        except OSError:
            break
    return children
"""


def test_a_fork_bomb_stops_at_the_limit_at_once() -> None:
    """A fork bomb is refused at the limit the moment it gets there, not at the referee's next look (the machine
    never sees thousands): by the kernel, in the sandbox's control group (as root) or by the sandbox's own count of
    its processes and threads (not root, Linux 5.14 and later, where the kernel counts a user namespace's tasks apart
    from the machine's). Its children end at once and are never collected: each holds its place until then, and
    the referee's look, which counts no ended process, never sees them."""
    import os
    import platform

    from lessons_lib.sandbox import cgroups

    version = tuple(int(part) for part in platform.release().split("-")[0].split(".")[:2] if part.isdigit())
    if os.geteuid() == 0 and not cgroups.available():
        pytest.skip("root without control groups: the kernel exempts root from the count of processes")
    if os.geteuid() != 0 and version < (5, 14):
        pytest.skip("Linux before 5.14 counts a user's processes machine-wide")
    with probe_process(FORK_BOMB) as process:
        process.send("observe", 600)
        message = process.receive(timeout=700)
    assert message is not None and message.kind == "answer", message
    assert int(message.text) < 8 + 256 + 8  # processes, threads and the sandbox's own: refused there


def test_a_second_answer_to_one_question_is_told_and_dropped() -> None:
    """Two answers written at once (one write): the first answers, the second is told as extra and dropped."""
    code = "import os, time\n\ndef observe():\n    os.write(1, b'forged\\nagain\\n')\n    time.sleep(1000)\n"
    with probe_process(code, hold=True) as process:
        process.send("observe", 600)
        assert process.receive(timeout=700) == Message("answer", "forged")
        assert process.receive(timeout=700) == Message("extra")


MESSAGE_QUEUES = """
import ctypes, time

libc = ctypes.CDLL(None, use_errno=True)

class Message(ctypes.Structure):
    _fields_ = [('kind', ctypes.c_long), ('text', ctypes.c_char * 8000)]

def observe():
    message = Message(1, b'x' * 8000)
    while True:
        queue = libc.msgget(0, 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600: a queue of its own
        if queue < 0:
            break
        while libc.msgsnd(queue, ctypes.byref(message), 8000, 0o4000) == 0:  # IPC_NOWAIT: until the queue is full
            pass
    time.sleep(1000)
"""
MANY_FILES = """
import time

def observe():
    for number in range(50_000):
        open(f'/tmp/{number}', 'w').close()  # empty, but each costs the kernel memory
    time.sleep(1000)
"""


@pytest.mark.parametrize("code, limit", [(MESSAGE_QUEUES, "over the limit of 200 MB for one agent"),
                                         (MANY_FILES, "kept more than 10,000 files in its private folders")])
def test_what_the_kernel_keeps_for_code_inside_counts_without_control_groups(monkeypatch: pytest.MonkeyPatch,
                                                                             code: str, limit: str) -> None:
    """Messages in System V queues and files in the private folders are held by the kernel, shown by no process's
    memory: the referee counts them (a control group, as root, counts them itself)."""
    without_control_groups(monkeypatch)
    with probe_process(code, memory_mb=200) as process:
        process.send("observe", 600)
        message = process.receive(timeout=700)
    assert message is not None and message.kind == "over" and limit in message.text, message
