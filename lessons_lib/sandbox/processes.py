"""The processes of a sandbox, found through psutil: counted, measured, stopped and killed together.

Students' code may start helper processes, and helpers of helpers. The sandbox
watches the whole family (everything descended from its first process), so that a
limit on memory or on processes is a limit on all of them together, and so that
nothing they started outlives them.

psutil finds, measures and signals processes on Linux, macOS and Windows alike. A
:class:`psutil.Process` remembers when its process started, so one whose number the system
has since given to another process is left alone. What differs by system:

- a helper whose parent has ended is no longer anyone's descendant, so it leaves the family
  unless someone adopts it (the referee does, on Linux);
- the processor time of helpers that have ended counts in their parent's on Linux alone;
- memory is each process's share of the pages it maps on Linux, its resident size elsewhere;
- in-memory files and System V shared memory are counted on Linux alone, from ``/proc``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

import psutil

LINUX = sys.platform.startswith("linux")
PROC = Path("/proc")
HELD = {psutil.STATUS_STOPPED, psutil.STATUS_TRACING_STOP, psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD}
"""The states of a process that runs none of its code."""


def tree(pid: int) -> list[psutil.Process]:
    """The process ``pid`` and every process descended from it, parents before children ([] once it is gone)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def family(pid: int) -> list[int]:
    """The numbers of the processes of :func:`tree`."""
    return [process.pid for process in tree(pid)]


def processor_seconds(processes: Iterable[psutil.Process], children: bool = True) -> float:
    """The processor time ``processes`` have used, with that of the children they have waited for (which counts
    in their parent's once they end, on Linux), or without it (``children=False``)."""
    total = 0.0
    for process in processes:
        try:
            used = process.cpu_times()
        except psutil.Error:
            continue  # ended while we looked
        total += used.user + used.system + (used.children_user + used.children_system if children else 0.0)
    return total


def thread_count(process: psutil.Process) -> int:
    """How many threads ``process`` runs (0 once it has ended)."""
    try:
        return process.num_threads()
    except psutil.Error:
        return 0


def memory_bytes(process: psutil.Process) -> int:
    """The memory ``process`` uses: on Linux its proportional share of the pages it maps (PSS), elsewhere (or
    where Linux will not show it, for a process that made itself undumpable) its resident size.

    PSS splits a page shared by several processes among them, so the sum over a family of
    forked processes counts each page once; the resident size counts it in each.
    """
    try:
        if LINUX:
            try:
                return int(process.memory_full_info().pss)
            except psutil.AccessDenied:
                pass
        return int(process.memory_info().rss)
    except psutil.Error:
        return 0


def memory_file_bytes(processes: Iterable[psutil.Process]) -> int:
    """The memory held by in-memory files (``memfd_create``, Linux) that ``processes`` have open, each file
    counted once.

    Such a file lives in memory but is mapped by no process, so no process's own memory shows it. psutil's
    ``open_files()`` lists files on disk only, so each process's descriptors are read from ``/proc``.
    """
    seen: set[tuple[int, int]] = set()
    total = 0
    for process in processes:
        folder = PROC / str(process.pid) / "fd"
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


def is_held(process: psutil.Process) -> bool:
    """Whether ``process`` runs none of its code: stopped, ended, or gone."""
    try:
        return process.status() in HELD
    except psutil.Error:
        return True  # gone


def is_ending(pid: int) -> bool:
    """Whether ``pid`` has ended or is gone, or (Linux) is ending: the kernel is taking it down, and has closed
    its files already.

    psutil shows a process's state but not the kernel's flags on it, so on Linux the flag ``PF_EXITING``
    is read from ``/proc``; elsewhere only a process that has ended is seen.
    """
    if not LINUX:
        try:
            return psutil.Process(pid).status() in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)
        except psutil.Error:
            return True  # gone
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        return fields[0] in ("Z", "X") or int(fields[6]) & 0x4 != 0  # PF_EXITING
    except (OSError, IndexError, ValueError):
        return True


def shared_memory_bytes(creators: set[int] | None = None) -> int:
    """The memory held by System V shared memory segments (``shmget``) and message queues (``msgget``) in this
    process's IPC namespace (Linux): those made by ``creators`` (process numbers), or all of them (None).

    A segment lives on after every process has detached from it, mapped by none, and a queue's messages are
    the kernel's, so no process's own memory shows them; the kernel lists each in ``/proc/sysvipc`` (psutil
    does not), a segment with its resident bytes, a queue with the bytes of the messages in it.
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


def kill(processes: Iterable[psutil.Process]) -> None:
    """Kill every one of ``processes`` that is still the process that was seen (psutil checks when it started:
    a number since taken by another process is left alone)."""
    for process in processes:
        try:
            process.kill()
        except psutil.Error:
            pass  # gone, and its number perhaps taken by another process
