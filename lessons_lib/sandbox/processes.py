"""The processes of a sandbox, found through Linux's ``/proc``: counted, measured, stopped and killed together.

Students' code may start helper processes, and helpers of helpers. The sandbox
watches the whole family (everything descended from its first process), so that a
limit on memory or on processes is a limit on all of them together, and so that
nothing they started outlives them.

On systems without ``/proc`` (macOS, Windows) :func:`family` knows only the first
process, and the limits apply to it alone.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

PROC = Path("/proc")
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def has_proc() -> bool:
    """Whether this system describes its processes in ``/proc`` (Linux does)."""
    return (PROC / "self" / "stat").exists()


def family(pid: int, most: int = 10_000) -> list[int]:
    """``pid`` and every process descended from it, parents before children (at most ``most`` of them)."""
    if not has_proc():
        return [pid]
    children = _children_files if _HAS_CHILDREN_FILES else _children_table().get
    seen = [pid]
    for parent in seen:  # grows as it goes: a breadth-first walk
        seen.extend(child for child in children(parent) or () if child not in seen)
        if len(seen) > most:
            break
    return seen


def _children_files(pid: int) -> list[int]:
    """``pid``'s children, from its threads' ``children`` files (most Linux kernels have them)."""
    found: list[int] = []
    try:
        for thread in os.listdir(PROC / str(pid) / "task"):
            with open(PROC / str(pid) / "task" / thread / "children", "rb") as file:
                found.extend(int(word) for word in file.read().split())
    except (OSError, ValueError):
        pass  # ended while we looked
    return found


_HAS_CHILDREN_FILES = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists()


def _children_table() -> dict[int, list[int]]:
    """Every process's children, from one pass over ``/proc`` (each process's parent is in its ``stat``)."""
    table: dict[int, list[int]] = {}
    for name in os.listdir(PROC):
        if not name.isdigit():
            continue
        try:
            with open(PROC / name / "stat", "rb") as file:
                parent = int(file.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # ended while we looked
        table.setdefault(parent, []).append(int(name))
    return table


def start_time(pid: int) -> int | None:
    """When ``pid`` started (clock ticks since boot), to tell it from a later process with the same number."""
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[19])
    except (OSError, IndexError, ValueError):
        return None


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def processor_seconds(pids: list[int], children: bool = True) -> float:
    """The processor time ``pids`` have used, with that of the children they have waited for (which count
    in their parent's once they end), or without it (``children=False``)."""
    total = 0
    fields_used = slice(11, 15) if children else slice(11, 13)  # utime, stime, cutime, cstime
    for pid in pids:
        try:
            fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(field) for field in fields[fields_used])
        except (OSError, IndexError, ValueError):
            continue  # ended while we looked
    return total / CLOCK_TICKS


def thread_count(pid: int) -> int:
    """How many threads ``pid`` runs (0 once it has ended)."""
    try:
        return len(os.listdir(PROC / str(pid) / "task"))
    except OSError:
        return 0


def memory_file_bytes(pids: list[int]) -> int:
    """The memory held by in-memory files (``memfd_create``) that ``pids`` have open, each file counted once.

    Such a file lives in memory but is mapped by no process, so no process's own memory shows it.
    """
    seen: set[tuple[int, int]] = set()
    total = 0
    for pid in pids:
        folder = PROC / str(pid) / "fd"
        try:
            descriptors = os.listdir(folder)
        except OSError:
            continue
        for descriptor in descriptors:
            try:
                if not os.readlink(folder / descriptor).startswith("/memfd:"):
                    continue
                status = os.stat(folder / descriptor)
            except OSError:
                continue
            if (status.st_dev, status.st_ino) not in seen:
                seen.add((status.st_dev, status.st_ino))
                total += status.st_blocks * 512
    return total


def memory_bytes(pid: int) -> int:
    """The memory ``pid`` uses: its proportional share of the pages it maps (PSS), or its resident size.

    PSS splits a page shared by several processes among them, so the sum over a family of
    forked processes counts each page once.
    """
    try:
        for line in (PROC / str(pid) / "smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int((PROC / str(pid) / "statm").read_text().split()[1]) * PAGE_BYTES
    except (OSError, ValueError, IndexError):
        return 0


def state(pid: int) -> str:
    """``pid``'s state as ``/proc`` shows it: ``R`` running, ``S`` sleeping, ``T`` stopped, ``Z`` ended but not
    yet reaped...; ``""`` once it is gone."""
    try:
        return (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def is_ending(pid: int) -> bool:
    """Whether ``pid`` has ended or is ending (the kernel is taking it down: its files are closed already), or is
    gone."""
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        return fields[0] in ("Z", "X") or int(fields[6]) & 0x4 != 0  # PF_EXITING
    except (OSError, IndexError, ValueError):
        return True


def shared_memory_bytes(creators: set[int] | None = None) -> int:
    """The memory held by System V shared memory segments (``shmget``) and message queues (``msgget``) in this
    process's IPC namespace: those made by ``creators`` (process numbers), or all of them (None).

    A segment lives on after every process has detached from it, mapped by none, and a queue's messages are
    the kernel's, so no process's own memory shows them; the kernel lists each in ``/proc/sysvipc``, a segment
    with its resident bytes, a queue with the bytes of the messages in it.
    """
    total = 0
    for table, maker, columns in (("shm", "cpid", ("rss", "swap")), ("msg", "lspid", ("cbytes",))):
        try:
            lines = (PROC / "sysvipc" / table).read_text().splitlines()
        except OSError:
            continue
        header = lines[0].split() if lines else []
        for line in lines[1:]:
            fields = dict(zip(header, line.split()))
            try:
                if creators is None or int(fields.get(maker, "0")) in creators:
                    total += sum(int(fields[column]) for column in columns if column in fields) if any(
                        column in fields for column in columns) else int(fields.get("size", "0"))
            except ValueError:
                continue
    return total


def kill(pids: dict[int, int | None]) -> None:
    """SIGKILL every process in ``pids`` (number -> start time) that is still the process that was seen."""
    for pid, started in pids.items():
        if started is not None and start_time(pid) != started:
            continue  # gone, and its number perhaps taken by another process
        try:
            os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
        except (OSError, ProcessLookupError):
            pass


def end_with_parent(parent: int | None = None) -> None:
    """End this process as soon as the process that started it dies, even in the middle of a student's move.

    On Linux the kernel does it (a parent-death signal, which no busy loop can delay); elsewhere a
    thread checks the parent twice a second. ``parent`` is the parent's number as the parent saw it before it
    started this process: asked here, a parent that had already died would read as its successor (init), and
    this process would never end.
    """
    parent = os.getppid() if parent is None else parent
    if sys.platform.startswith("linux"):
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
