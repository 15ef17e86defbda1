"""Finding, measuring and killing a sandbox's whole family of processes (psutil, and Linux's /proc where psutil
shows nothing)."""

from __future__ import annotations

import os
import subprocess
import sys

import psutil
import pytest

from lessons_lib.sandbox import processes
from lessons_lib.sandbox.processes import family, is_ending, is_held, kill, memory_bytes, tree
from waiting import wait_for

GRANDPARENT = [sys.executable, "-c", "import subprocess, sys, time; "
               "child = subprocess.Popen([sys.executable, '-c', 'print(1, flush=True); import time; time.sleep(60)'], "
               "stdout=subprocess.PIPE); child.stdout.readline(); print('ready', flush=True); time.sleep(60)"]
"""A process and its child, both Python started up, which says ``ready`` once both are."""


def running(process: psutil.Process) -> bool:
    """Whether ``process`` runs (a killed process may linger as a zombie until it is reaped)."""
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def started_family() -> subprocess.Popen[bytes]:
    """The two processes of :data:`GRANDPARENT`, once both have started up (an event, not a wait)."""
    parent = subprocess.Popen(GRANDPARENT, stdout=subprocess.PIPE)
    assert parent.stdout is not None and parent.stdout.readline() == b"ready\n"
    return parent


def test_a_family_is_found_measured_and_killed_whole() -> None:
    parent = started_family()
    try:
        members = tree(parent.pid)
        assert len(members) == 2 and family(parent.pid) == [parent.pid, members[1].pid]
        assert all(memory_bytes(member) > 1_000_000 for member in members)  # a Python process holds megabytes
        kill(members)
        parent.wait(timeout=10)
        assert wait_for(lambda: not running(members[1]))
    finally:
        parent.kill()


def test_a_process_number_taken_by_another_process_is_not_killed() -> None:
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        seen = psutil.Process(bystander.pid)
        seen._ident = (bystander.pid, -1.0)  # psutil's identity of a process: as if seen before the number was reused
        kill([seen])
        assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()


@pytest.mark.skipif(not hasattr(os, "waitid"), reason="waits for a process's stop and end without collecting it")
def test_a_stopped_or_ended_process_is_held_and_only_an_ended_one_is_ending() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    seen = psutil.Process(child.pid)
    try:
        assert not is_held(seen) and not is_ending(child.pid)
        seen.suspend()
        os.waitid(os.P_PID, child.pid, os.WSTOPPED | os.WNOWAIT)  # returns once the kernel has stopped it
        assert is_held(seen) and not is_ending(child.pid)
        seen.kill()
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # returns once it has ended, not yet collected
        assert is_held(seen) and is_ending(child.pid)
    finally:
        child.kill()
        child.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="in-memory files are Linux's")
def test_a_familys_threads_processor_time_and_in_memory_files_are_counted() -> None:
    script = ("import os, threading, time\n"
              "descriptor = os.memfd_create('kept')\n"
              "os.write(descriptor, b'x' * (8 * 2**20))\n"
              "for _ in range(5):\n"
              "    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
              "started = time.process_time()\n"
              "while time.process_time() - started < 0.3:\n"
              "    pass\n"
              "print('ready', flush=True)\n"
              "time.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"ready\n"
        seen = psutil.Process(child.pid)
        assert processes.thread_count(seen) == 6
        assert processes.processor_seconds([seen]) >= 0.3
        assert 8 * 2**20 <= processes.memory_file_bytes([seen, seen]) < 9 * 2**20  # counted once
    finally:
        child.kill()
        child.wait()
    assert processes.thread_count(seen) == 0 and processes.processor_seconds([seen]) == 0.0


def test_a_control_group_holds_its_processes_to_its_limits_and_is_removed() -> None:
    from lessons_lib.sandbox import cgroups

    if not cgroups.available():
        pytest.skip("this process cannot make control groups here (not root, and no delegated group)")
    group = cgroups.AgentGroup.create(memory_mb=100, tasks=20)
    assert group is not None
    script = "import time\nstarted = time.process_time()\nwhile time.process_time() - started < 0.2: pass\n" \
             "print('ready', flush=True)\nblock = bytearray(300 * 2**20)\ntime.sleep(60)\n"
    child = subprocess.Popen(group.join_command([sys.executable, "-c", script]), stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"ready\n"
        assert child.pid in group.pids() and group.processor_seconds() >= 0.2
        assert child.wait(timeout=30) == -9 and group.memory_exceeded()  # the kernel killed it at 100 MB
    finally:
        child.kill()
        group.remove()
    assert not any(folder.exists() for folder in group.folders.values())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_worker_whose_parent_died_before_it_set_its_death_signal_ends_at_once() -> None:
    """A pool's worker is told its parent's number by the parent: asked itself, a parent already dead would read as
    init, and the worker would outlive the arena (seen once in a full run: an experiment's worker left behind)."""
    code = ("from lessons_lib.sandbox.parent import end_with_parent\n"
            "end_with_parent(1)  # not this process's parent: as if the real one had died\n"
            "print('still running')")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (finished.returncode, finished.stdout, finished.stderr) == (1, "", "")
