"""A control group for each student's agent (Linux): the kernel itself holds the whole agent to its limits.

A control group ("cgroup") is the kernel's own account of a set of processes. Put in one
of its own, an agent and everything it starts are held by the kernel to a memory limit
(files kept in memory and shared memory included, which no per-process count sees) and to a
number of processes and threads; its processor time is counted exactly, and it gets the same
share of the processors as every other agent, however many processes it starts. Under cgroup
v2 all its processes are frozen and thawed at once (a frozen process there can still be
killed; under cgroup v1 it could not, so there the arena stops them with signals).

The arena makes one when it may: as root, or in a group delegated to it, with the memory
and pids controllers (cgroup v1 with the cpuacct hierarchy, or cgroup v2).
Elsewhere :meth:`AgentGroup.create` returns None, and the arena watches the agent's
processes instead (:mod:`lessons_lib.sandbox.processes`).

A group is named after the process that made it and that process's PID namespace
(``shologuti-agent-<process>-<number>-ns<namespace>``): arenas running at the same time on one
machine (two classes, two test runs) never share one, and an arena removes only the groups left
by arenas of its own namespace that have ended, whose process numbers it can look up.
"""

from __future__ import annotations

import functools
import itertools
import os
import signal
import time
from pathlib import Path

import psutil

V1_CONTROLLERS = ("memory", "pids", "cpuacct")
V1_OPTIONAL = ("cpu",)  # an equal share of the processors for every agent, where the cpu controller is there
GROUP_PREFIX = "shologuti-agent-"
_numbers = itertools.count()


@functools.cache
def pid_namespace() -> str:
    """This process's PID namespace, as the kernel numbers it (its process numbers mean something only there)."""
    try:
        return str(os.stat("/proc/self/ns/pid").st_ino)
    except OSError:
        return "unknown"


def group_name() -> str:
    """A new group's name: no other group, of this process or of any other arena now running, has it."""
    return f"{GROUP_PREFIX}{os.getpid()}-{next(_numbers)}-ns{pid_namespace()}"


def left_by_an_ended_arena(name: str) -> bool:
    """Whether ``name`` is an agent's group whose maker has ended: a process of this PID namespace no longer
    running (a group made in another namespace is left alone: its maker's number means nothing here). A name
    without a namespace was given by an earlier version of the arena: its maker is looked up here."""
    maker, _, rest = name.removeprefix(GROUP_PREFIX).partition("-")
    namespace = rest.rpartition("-ns")[2] if "-ns" in rest else pid_namespace()
    return (name.startswith(GROUP_PREFIX) and maker.isdigit() and namespace == pid_namespace()
            and not psutil.pid_exists(int(maker)))


@functools.cache
def _hierarchies() -> dict[str, Path]:
    """Where this process's own group is, for each controller the arena uses ("unified" for cgroup v2).

    psutil does not tell which control group a process is in: that (``/proc/self/cgroup``) and where each
    hierarchy is mounted (``/proc/self/mountinfo``, beside it) are read as the kernel writes them.
    """
    if not Path("/proc/self/cgroup").exists():
        return {}
    mounts: dict[str, Path] = {}
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        left, _, right = line.partition(" - ")
        fields, kinds = left.split(), right.split()
        if len(fields) < 5 or len(kinds) < 3:
            continue
        if kinds[0] == "cgroup2":
            mounts.setdefault("unified", Path(fields[4]))
        elif kinds[0] == "cgroup":
            for option in kinds[2].split(","):
                if option in (*V1_CONTROLLERS, *V1_OPTIONAL):
                    mounts.setdefault(option, Path(fields[4]))
    found: dict[str, Path] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        names = ["unified"] if controllers == "" else controllers.split(",")
        for name in names:
            if name in mounts:
                found[name] = mounts[name] / path.lstrip("/")
    return found


class AgentGroup:
    """One agent's control group: made by :meth:`create`, joined by the agent's first process through
    :meth:`join_command`, and removed (with everything in it killed) by :meth:`remove`."""

    def __init__(self, folders: dict[str, Path], version: int, memory_bytes: int, tasks: int) -> None:
        self.folders = folders  # controller -> this group's folder (one folder, "unified", for cgroup v2)
        self.version = version
        self.memory_bytes = memory_bytes
        self.tasks = tasks

    @classmethod
    def create(cls, memory_mb: int, tasks: int) -> AgentGroup | None:
        """A new group limited to ``memory_mb`` and ``tasks`` processes and threads, or None where the arena
        cannot make one (not Linux, no permission, controllers missing)."""
        if not available():
            return None
        try:
            return cls._make(memory_mb, tasks)
        except OSError:
            return None

    @classmethod
    def _make(cls, memory_mb: int, tasks: int) -> AgentGroup:
        name = group_name()
        hierarchies = _hierarchies()
        memory_bytes = memory_mb * 2**20
        if all(controller in hierarchies for controller in V1_CONTROLLERS):
            controllers = [c for c in (*V1_CONTROLLERS, *V1_OPTIONAL) if c in hierarchies]
            group = cls({controller: hierarchies[controller] / name for controller in controllers}, 1,
                        memory_bytes, tasks)
        else:
            group = cls({"unified": hierarchies["unified"] / name}, 2, memory_bytes, tasks)
        try:
            for folder in group.unique_folders():
                folder.mkdir()
            if group.version == 1:
                group._write("memory", "memory.limit_in_bytes", str(memory_bytes))
                group._write_if_there("memory", "memory.memsw.limit_in_bytes", str(memory_bytes))  # no swap either
                group._write("pids", "pids.max", str(tasks))
            else:
                group._write("unified", "memory.max", str(memory_bytes))
                group._write_if_there("unified", "memory.swap.max", "0")
                group._write("unified", "pids.max", str(tasks))
        except OSError:
            group.remove()
            raise
        return group

    def unique_folders(self) -> list[Path]:
        """The group's folders, each once (one hierarchy may hold several controllers, as cpu and cpuacct)."""
        return list(dict.fromkeys(self.folders.values()))

    def join_command(self, command: list[str]) -> list[str]:
        """``command``, started by a shell that first moves itself into this group (so that every process it
        becomes or starts is in it from the first instruction); it exits with status 125 if it cannot."""
        procs = [str(folder / "cgroup.procs") for folder in self.unique_folders()]
        script = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"'
        return ["/bin/sh", "-c", script, "join-group", *procs, "--", *command]

    # -- what the kernel counts ----------------------------------------------------

    @property
    def can_freeze(self) -> bool:
        """Whether :meth:`freeze` works here: cgroup v2, whose frozen processes the kernel still kills when
        the arena dies (cgroup v1's freezer would keep them, stopped for ever)."""
        return self.version == 2

    def freeze(self, frozen: bool) -> None:
        """Stop every process of the group at once (between the agent's moves), or let them all go on."""
        if not self.can_freeze:
            return
        try:
            self._write("unified", "cgroup.freeze", "1" if frozen else "0")
        except OSError:
            pass  # the group is being removed

    def processor_seconds(self) -> float:
        """The processor time every process of the group has used, together (those that ended too)."""
        try:
            if self.version == 1:
                return int(self._read("cpuacct", "cpuacct.usage")) / 1e9
            for line in self._read("unified", "cpu.stat").splitlines():
                if line.startswith("usage_usec "):
                    return int(line.split()[1]) / 1e6
        except (OSError, ValueError):
            pass
        return 0.0

    def memory_exceeded(self) -> bool:
        """Whether the kernel has killed one of the group's processes for want of memory within the limit."""
        try:
            if self.version == 1:
                text = self._read("memory", "memory.oom_control")
            else:
                text = self._read("unified", "memory.events")
            events = dict(line.split() for line in text.splitlines() if len(line.split()) == 2)
            return int(events.get("oom_kill", 0)) > 0 or int(events.get("under_oom", 0)) > 0
        except (OSError, ValueError):
            return False

    def tasks_exceeded(self) -> bool:
        """Whether the group has tried to start more processes and threads than its limit."""
        try:
            folder = "pids" if self.version == 1 else "unified"
            events = dict(line.split() for line in self._read(folder, "pids.events").splitlines())
            return int(events.get("max", 0)) > 0
        except (OSError, ValueError):
            return False

    def pids(self) -> list[int]:
        """The processes in the group now."""
        try:
            text = (self.unique_folders()[0] / "cgroup.procs").read_text()
        except OSError:
            return []
        return [int(word) for word in text.split()]

    # -- the end -------------------------------------------------------------------

    def remove(self) -> None:
        """Kill every process in the group and remove it (a group is removed only once it is empty)."""
        for folder in self.unique_folders():
            for name, value in (("cgroup.kill", "1"), ("cgroup.freeze", "0"), ("freezer.state", "THAWED")):
                try:  # cgroup v2 kills them all at once; a frozen process would hold its kill until thawed
                    (folder / name).write_text(value)
                except OSError:
                    pass  # not this version's file, or the group is gone
        for _ in range(100):
            for pid in self.pids():
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            for folder in self.unique_folders():
                try:
                    folder.rmdir()
                except FileNotFoundError:
                    pass
                except OSError:
                    continue
            if not any(folder.exists() for folder in self.unique_folders()):
                return
            time.sleep(0.02)  # killed processes take a moment to leave

    def _write(self, controller: str, name: str, value: str) -> None:
        (self.folders[controller] / name).write_text(value)

    def _write_if_there(self, controller: str, name: str, value: str) -> None:
        try:
            self._write(controller, name, value)
        except OSError:
            pass

    def _read(self, controller: str, name: str) -> str:
        return (self.folders[controller] / name).read_text()


@functools.cache
def available() -> bool:
    """Whether this process can make agents' control groups (tried once: a group made and removed)."""
    hierarchies = _hierarchies()
    if not all(controller in hierarchies for controller in V1_CONTROLLERS) and "unified" not in hierarchies:
        return False
    if "unified" in hierarchies and not all(controller in hierarchies for controller in V1_CONTROLLERS):
        try:
            enabled = (hierarchies["unified"] / "cgroup.subtree_control").read_text().split()
        except OSError:
            return False
        if not {"memory", "pids"} <= set(enabled):
            return False
    try:
        probe = AgentGroup._make(64, 8)
    except OSError:
        return False
    probe.remove()
    remove_leftovers()
    return True


def remove_leftovers() -> None:
    """Remove the groups of arenas that died without removing them, and kill whatever still runs in them."""
    for folder in set(_hierarchies().values()):
        try:
            children = list(folder.iterdir())
        except OSError:
            continue
        for child in children:
            if not left_by_an_ended_arena(child.name):
                continue
            version = 2 if (child / "cgroup.freeze").exists() or (child / "cgroup.kill").exists() else 1
            AgentGroup({"leftover": child}, version, 0, 0).remove()
