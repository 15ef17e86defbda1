"""Finding, measuring and killing a sandbox's whole family of processes (Linux's /proc)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lessons_lib.sandbox import processes
from lessons_lib.sandbox.processes import family, kill, memory_bytes, start_time
from waiting import wait_for

pytestmark = pytest.mark.skipif(not processes.has_proc(), reason="needs Linux's /proc")

GRANDPARENT = [sys.executable, "-c", "import subprocess, sys, time; "
               "child = subprocess.Popen([sys.executable, '-c', 'print(1, flush=True); import time; time.sleep(60)'], "
               "stdout=subprocess.PIPE); child.stdout.readline(); print('ready', flush=True); time.sleep(60)"]
"""A process and its child, both Python started up, which says ``ready`` once both are."""


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a killed process may linger as a zombie until it is reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def started_family() -> subprocess.Popen[bytes]:
    """The two processes of :data:`GRANDPARENT`, once both have started up (an event, not a wait)."""
    parent = subprocess.Popen(GRANDPARENT, stdout=subprocess.PIPE)
    assert parent.stdout is not None and parent.stdout.readline() == b"ready\n"
    return parent


def test_a_family_is_found_measured_and_killed_whole() -> None:
    parent = started_family()
    try:
        members = family(parent.pid)
        assert len(members) == 2 and members[0] == parent.pid
        assert all(memory_bytes(pid) > 1_000_000 for pid in members)  # a Python process holds megabytes
        kill({pid: start_time(pid) for pid in members})
        parent.wait(timeout=10)
        assert wait_for(lambda: not running(members[1]))
    finally:
        parent.kill()


def test_a_process_number_taken_by_another_process_is_not_killed() -> None:
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        kill({bystander.pid: (start_time(bystander.pid) or 0) + 1})  # "seen" with another start time
        assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()


def test_both_ways_of_finding_children_agree_where_the_kernel_has_children_files() -> None:
    parent = started_family()
    try:
        table = processes._children_table()
        assert table.get(parent.pid) and len(table[parent.pid]) == 1
        if processes._HAS_CHILDREN_FILES:
            assert processes._children_files(parent.pid) == table[parent.pid]
    finally:
        kill({pid: start_time(pid) for pid in family(parent.pid)})
        parent.wait()


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
        assert processes.thread_count(child.pid) == 6
        assert processes.processor_seconds([child.pid]) >= 0.3
        assert 8 * 2**20 <= processes.memory_file_bytes([child.pid, child.pid]) < 9 * 2**20  # counted once
    finally:
        child.kill()
        child.wait()
    assert processes.thread_count(child.pid) == 0 and processes.processor_seconds([child.pid]) == 0.0


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
    code = ("from lessons_lib.sandbox.processes import end_with_parent\n"
            "end_with_parent(1)  # not this process's parent: as if the real one had died\n"
            "print('still running')")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (finished.returncode, finished.stdout, finished.stderr) == (1, "", "")
