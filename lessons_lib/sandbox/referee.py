"""The referee: the first process of a sandbox, which starts the student's code and stands between it and the arena.

Started as ``python -I -m lessons_lib.sandbox.referee``, it reads its plan (one JSON line:
the command to run, its working folder and environment, the limits, and whether to hold
the code between answers), starts that command (the *workload*) with pipes of its own for
input and answers, and then relays, one line at a time:

- from the arena: ``go <seconds> <line>``: let every process of the workload go on, then give
  it ``<line>``, which it has ``<seconds>`` by the clock to answer;
- to the arena: ``answer <line>``, a line the workload wrote on its answer channel (with
  holding, every process of the workload was stopped before this is sent); ``long``, a line
  too long to be an answer (dropped); ``extra``, with holding, a line written when no
  answer was asked for (once; such lines are dropped); ``late``, no answer came in the seconds
  given (the workload is stopped, with holding); ``closed``, the workload closed its answer channel;
  ``ended <status>``, the workload's first process ended (its exit status, or minus the
  signal that killed it); ``over <reason>``, a limit was passed. After ``closed``, ``ended``
  and ``over`` every process of the workload is killed and the referee ends.

When the arena closes the referee's input (or dies), every process of the workload is
killed and the referee ends. The referee keeps the clock, not the arena: an answer that came
in time counts even if the arena itself was stopped meanwhile (Ctrl+Z), and a workload held
between answers uses nobody's time while the arena is away.

**Inside bubblewrap** the referee is the sandbox's process 1. The kernel protects a namespace's
process 1 from the namespace's other processes: they cannot kill, stop or trace it, nor open
its files; and when it ends, the kernel kills every process left in the namespace. So the
referee stops all of the workload's processes in one step (``kill(-1, SIGSTOP)`` reaches every
process of the namespace but the caller, and the kernel lets no ``fork`` slip past it), counts
them all (it sees only them), their System V shared memory (the namespace's own) included,
and ends them all by ending itself.

**As a plain process** (no bubblewrap) it is the workload's parent, and finds, counts and
signals its descendants through psutil (:mod:`lessons_lib.sandbox.processes`), on Linux, macOS
and Windows. On Linux it is also a *child subreaper*: a process the workload starts stays its
descendant even when its parent ends, so the referee still finds it; on macOS and Windows such
a process escapes its limits and its end. Stopping them is a sweep of signals, repeated until
every one is stopped; a process that keeps replacing itself fast enough could outrun it (then
``over`` says so). Nothing there protects the referee from the workload.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

import psutil

from lessons_lib.sandbox.isolation import PRIVATE_FOLDERS
from lessons_lib.sandbox.processes import (
    LINUX, is_ending, is_held, kill, memory_bytes, memory_file_bytes, shared_memory_bytes, thread_count, tree,
)

STOP = getattr(signal, "SIGSTOP", None)  # (Windows has neither: there nothing is held between answers)
CONT = getattr(signal, "SIGCONT", None)
WATCH_SECONDS = 0.05
"""How often the referee counts the workload's processes, threads and memory."""
ENDING_SECONDS = 60.0
"""How long an ending process may take to be gone (a safety net: it takes milliseconds)."""
SWEEPS = 50
MAX_FILES = 10_000
"""Files and folders the workload may keep in its private folders, all together, inside bubblewrap: each costs the
kernel memory that no process's own memory shows (a control group, where there is one, counts it too)."""
"""How many times, at most, a plain process's referee sweeps the workload with a signal before it gives up."""


@dataclass(frozen=True)
class Plan:
    """What the referee is to do (its first input line, as JSON)."""

    command: list[str]
    cwd: str | None = None
    environment: dict[str, str] | None = None
    hold: bool = False
    memory_mb: int | None = None
    processes: int = 8
    threads: int = 256
    max_line: int = 10_000
    first_seconds: float | None = None  # the time the workload has for its first answer, by the clock
    whom: str = "one agent"  # who the limits are for, in the reasons (``one notebook``)

    @classmethod
    def from_line(cls, line: str) -> Plan:
        fields = json.loads(line)
        return cls(**fields)


class Workload:
    """The processes the referee watches: every process of its namespace but itself (inside bubblewrap), or its
    descendants (a plain process)."""

    def __init__(self, first: subprocess.Popen[bytes]) -> None:
        self.first = first
        self.in_namespace = os.getpid() == 1
        self.seen: set[int] = set()  # the numbers of every process of the workload seen so far

    def members(self) -> list[psutil.Process]:
        """The workload's processes now."""
        if self.in_namespace:
            found = [process for process in psutil.process_iter() if process.pid != 1]
        else:
            found = tree(os.getpid())[1:]
        self.seen.update(process.pid for process in found)
        return found

    def signal_all(self, sent: int | None) -> bool:
        """Send ``sent`` to every process of the workload; True once all of them have it (a plain process's
        referee sweeps again and again, up to :data:`SWEEPS` times, for those started meanwhile); nothing where
        this system has no such signal."""
        if sent is None:
            return True
        if self.in_namespace:
            try:
                os.kill(-1, sent)  # every process of the namespace but this one, in one step
            except ProcessLookupError:
                pass  # none left
            return True
        for _ in range(SWEEPS):
            for process in self.members():
                try:
                    process.send_signal(sent)
                except psutil.Error:
                    pass
            if sent != STOP or all(is_held(process) for process in self.members()):
                return True
        return False

    def over_limit(self, plan: Plan) -> str | None:
        """Which limit the workload has passed, in words, or None (a process that has ended, not yet collected,
        is not counted)."""
        members = [process for process in self.members() if not is_ending(process.pid)]
        if len(members) > plan.processes:
            return (f"started more than {plan.processes} process{'es' if plan.processes != 1 else ''} (the limit for "
                    f"{plan.whom})")
        if sum(thread_count(process) for process in members) > plan.threads:
            return f"ran more than {plan.threads} threads in all (the limit for {plan.whom})"
        files = private_files() if self.in_namespace else 0
        if files > MAX_FILES:
            return f"kept more than {MAX_FILES:,} files in its private folders (the limit for {plan.whom})"
        if plan.memory_mb is None:
            return None
        used = sum(memory_bytes(process) for process in members) + memory_file_bytes(members)
        used += shared_memory_bytes(None if self.in_namespace else self.seen)
        if used > plan.memory_mb * 2**20:
            count = len(members)
            return (f"used {used / 2**20:.0f} MB in {count} process{'es' if count != 1 else ''}, over the limit of "
                    f"{plan.memory_mb} MB for {plan.whom}")
        return None

    def end(self) -> None:
        """Kill every process of the workload (stopped first, so that none can start another meanwhile)."""
        if self.in_namespace:
            self.signal_all(signal.SIGKILL)  # and the kernel kills whatever is left when this process ends
            return
        self.signal_all(STOP)
        for _ in range(SWEEPS):
            members = self.members()
            if not members:
                break
            kill(reversed(members))
            _reap_all(self.first)
        if self.first.poll() is None:
            self.first.kill()


def private_files() -> int:
    """The files and folders now in the sandbox's private in-memory folders (their file systems count them)."""
    total = 0
    for folder in PRIVATE_FOLDERS:
        try:
            status = os.statvfs(folder)
        except OSError:
            continue
        total += max(0, status.f_files - status.f_ffree - 1)  # (not the folder itself)
    return total


def _reap_all(first: subprocess.Popen[bytes]) -> None:
    """Collect every ended child (orphans come to the referee too), keeping the first process's status."""
    if not hasattr(os, "waitpid") or os.name == "nt":
        first.poll()
        return
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid == first.pid:
            first.returncode = os.waitstatus_to_exitcode(status)


def _lines(stream: IO[bytes], most: int) -> Iterator[bytes | None]:
    """The lines of ``stream`` (without their ends), None for a line longer than ``most`` bytes (dropped)."""
    buffer = b""
    while True:
        chunk = os.read(stream.fileno(), 65536)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, _, buffer = buffer.partition(b"\n")
            yield line if len(line) <= most else None
        if len(buffer) > most:
            yield None
            while b"\n" not in buffer:  # drop the rest of that line
                buffer = os.read(stream.fileno(), 65536)
                if not buffer:
                    return
            buffer = buffer.partition(b"\n")[2]


def _reader(stream: IO[bytes], source: str, most: int, events: queue.Queue[tuple[str, bytes | None]]) -> None:
    """Put each line of ``stream`` on ``events`` as ``(source, line)``, then ``(source + " end", None)``."""
    try:
        for line in _lines(stream, most):
            events.put((source, line))
    except OSError:
        pass
    events.put((source + " end", None))


class Referee:
    """The referee's loop: see the module's docstring."""

    def __init__(self, plan: Plan, arena_in: IO[bytes], arena_out: IO[bytes]) -> None:
        self.plan = plan
        self.arena_out = arena_out
        self.events: queue.Queue[tuple[str, bytes | None]] = queue.Queue()
        own_group = 0 if os.name != "nt" and os.getpid() != 1 else None  # a careless killpg(0) ends it alone
        self.first = subprocess.Popen(plan.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, cwd=plan.cwd, env=plan.environment,
                                      process_group=own_group)
        self.workload = Workload(self.first)
        assert self.first.stdout is not None
        threading.Thread(target=_reader, args=(arena_in, "arena", 2**31, self.events), daemon=True).start()
        threading.Thread(target=_reader, args=(self.first.stdout, "answer", plan.max_line, self.events),
                         daemon=True).start()
        self.to_workload: queue.Queue[bytes] = queue.Queue()
        """The lines for the workload, written by a thread of their own: a workload that stops reading its input
        blocks that thread, never the referee's loop and its clock."""
        threading.Thread(target=_writer, args=(self.first.stdin, self.to_workload), daemon=True).start()

    def tell(self, line: str) -> None:
        """One line to the arena."""
        try:
            self.arena_out.write(line.encode("utf-8", "replace") + b"\n")
            self.arena_out.flush()
        except OSError:
            pass  # the arena is gone: the loop ends when its input closes

    def run(self) -> None:
        """Relay until the workload ends, passes a limit, closes its channel, or the arena goes."""
        try:
            self._loop()
        finally:
            self.workload.end()

    def _loop(self) -> None:
        self.asked = True  # the first answer (the workload is ready) needs no question
        self.extra_told = False
        next_watch = time.monotonic()
        self.deadline = None if self.plan.first_seconds is None else time.monotonic() + self.plan.first_seconds
        while True:
            try:
                source, line = self.events.get(timeout=max(0.0, next_watch - time.monotonic()))
            except queue.Empty:
                source, line = "", None
            if source == "arena" and line is not None and line.startswith(b"go "):
                self._go(line[len(b"go "):])
            elif source == "arena end":
                return
            elif source == "answer" and self.plan.hold and not self.asked:
                if not self.extra_told:  # a second answer to one question: its own moves, forged ahead of time
                    self.extra_told = True
                    self.tell("extra")
            elif source == "answer":
                if self.plan.hold:  # every process stopped before the arena hears of it
                    self.deadline = None
                    self.asked = False
                    self.workload.signal_all(STOP)
                self.tell("long" if line is None else "answer " + line.decode("utf-8", "replace"))
            elif source == "answer end":
                self._finish()
                return
            if time.monotonic() >= next_watch:  # even while answers flood in
                if self._watch():
                    return
                next_watch = time.monotonic() + WATCH_SECONDS

    def _watch(self) -> bool:
        """Reap, check the limits and the clock; True if the workload passed a limit (and was ended)."""
        _reap_all(self.first)
        if self.first.returncode is not None:  # its helpers may hold the channel: they go too, and
            self.workload.end()                # the channel closes once what they wrote is read
        reason = self.workload.over_limit(self.plan)
        if reason is not None:
            self.workload.end()
            self.tell(f"over {reason}")
            return True
        if self.deadline is not None and time.monotonic() > self.deadline and not self._answer_waiting():
            self.deadline = None
            if self.plan.hold:
                self.workload.signal_all(STOP)
            self.tell("late")
        return False

    def _answer_waiting(self) -> bool:
        """Whether an answer written in time is still on its way (queued, or unread in the pipe)."""
        if not self.events.empty():
            return True
        if os.name == "nt":
            return False
        import select

        assert self.first.stdout is not None
        try:
            return bool(select.select([self.first.stdout.fileno()], [], [], 0)[0])
        except (OSError, ValueError):
            return False

    def _go(self, request: bytes) -> None:
        seconds, _, line = request.partition(b" ")
        self.deadline = time.monotonic() + float(seconds)
        self.asked = True
        if self.plan.hold:
            self.workload.signal_all(CONT)
        self.to_workload.put(line + b"\n")

    def _finish(self) -> None:
        """The answer channel has closed: the workload ended, or it closed the channel and goes on."""
        _reap_all(self.first)
        if self.first.returncode is None and (is_ending(self.first.pid) or not LINUX):
            try:  # it is ending (its files are closed first; only Linux tells): it will be gone in a moment
                self.first.wait(timeout=ENDING_SECONDS)
            except subprocess.TimeoutExpired:
                pass
        self.tell("closed" if self.first.returncode is None else f"ended {self.first.returncode}")


def _writer(stream: IO[bytes] | None, lines: queue.Queue[bytes]) -> None:
    """Write each line put in ``lines`` to the workload's input, in order, until it has ended."""
    assert stream is not None
    while True:
        line = lines.get()
        try:
            stream.write(line)
            stream.flush()
        except (OSError, ValueError):
            return  # it has ended: said when its channel closes


def _deaf() -> None:
    """Ignore the signals a terminal or a careless ``kill`` sends (process 1 ignores them anyway: it has no
    handler; a handler, Python's for Ctrl+C, would let the workload reach it). Done after the workload starts,
    which must not inherit it."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGPIPE"):
        if hasattr(signal, name):
            ignored = os.getpid() != 1 or name == "SIGPIPE"
            signal.signal(getattr(signal, name), signal.SIG_IGN if ignored else signal.SIG_DFL)


def _limit_tasks(plan: Plan) -> None:
    """Inside bubblewrap, on a kernel that counts a user namespace's tasks apart from the machine's (Linux 5.14 and
    later), let no process of the sandbox start more processes and threads than the limits allow, all together:
    a fork bomb then stops at once, not at the referee's next look (this referee's own threads included)."""
    import platform

    version = tuple(int(part) for part in platform.release().split("-")[0].split(".")[:2] if part.isdigit())
    if os.getpid() != 1 or len(version) < 2 or version < (5, 14):
        return
    import resource

    tasks = plan.processes + plan.threads + 8  # and the referee's own threads, with room to spare
    try:
        resource.setrlimit(resource.RLIMIT_NPROC, (tasks, tasks))
    except (ValueError, OSError):
        return


def _become_the_referee() -> None:
    """Take up the referee's post: not traceable and (a plain process on Linux) the collector of every orphan of
    the workload."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    prctl = ctypes.CDLL(None, use_errno=True).prctl
    prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: none of the workload's processes may trace it or open its files
    if os.getpid() != 1:
        prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans of the workload come here, not to init


def main() -> None:
    _become_the_referee()
    arena_in = os.fdopen(os.dup(0), "rb", buffering=0)
    arena_out = os.fdopen(os.dup(1), "wb", buffering=0)
    nothing = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(nothing, descriptor)
    plan_line = b""
    while not plan_line.endswith(b"\n"):
        chunk = arena_in.read(1)
        if not chunk:
            return
        plan_line += chunk
    plan = Plan.from_line(plan_line.decode())
    if sys.platform.startswith("linux"):
        _limit_tasks(plan)
    referee = Referee(plan, arena_in, arena_out)
    _deaf()
    _running.append(referee)
    if hasattr(signal, "SIGCHLD"):  # collect ended processes at once: each holds a process number until then
        signal.signal(signal.SIGCHLD, lambda signum, frame: _reap_all(referee.first))
    if os.getpid() != 1:
        _end_with_the_arena()
    referee.run()


def _end_with_the_arena() -> None:
    """A plain process's referee: when the arena dies, end the workload first, then end (Linux)."""
    if not sys.platform.startswith("linux"):
        from lessons_lib.sandbox.parent import end_with_parent

        end_with_parent()
        return
    import ctypes

    parent = os.getppid()
    signal.signal(signal.SIGUSR1, _arena_died)
    ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGUSR1), 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        _arena_died(0, None)


_running: list[Referee] = []


def _arena_died(signum: int, frame: Any) -> None:
    for referee in _running:
        referee.workload.end()
    os._exit(1)


if __name__ == "__main__":
    main()
