"""The arena's side of a sandbox: start a workload behind its referee, talk to it, count its time, end it.

:class:`SandboxedProcess` is what the arena (a student's agent) and the grader (a student's
notebook) both use. It starts the referee (:mod:`lessons_lib.sandbox.referee`) inside
bubblewrap or as a plain process (:mod:`lessons_lib.sandbox.isolation`), in a control group
of its own where the arena may make one (:mod:`lessons_lib.sandbox.cgroups`), and gives the
referee its plan. Then :meth:`~SandboxedProcess.send` gives the workload a line and
:meth:`~SandboxedProcess.receive` takes the referee's next message.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

import psutil

from lessons_lib.sandbox.cgroups import AgentGroup
from lessons_lib.sandbox.isolation import (
    BUBBLEWRAP, BUBBLEWRAP_ENVIRONMENT, WORKING_FOLDER, bubblewrap_command, sandbox_mode,
)
from lessons_lib.sandbox.processes import kill, processor_seconds, tree
from lessons_lib.sandbox.programs import python_module
from lessons_lib.sandbox.referee import Plan

REFEREE = python_module("lessons_lib.sandbox.referee", whole=False)
OVERHEAD = {BUBBLEWRAP: 2, "process": 1}
"""The processes of the sandbox's own above the workload: bubblewrap and the referee, or the referee alone."""
REFEREE_THREADS = 4
"""The referee's threads (it reads the arena and the workload, and writes to the workload, in threads of its own)."""
MAX_WAITING_BYTES = 16 * 2**20
"""The most of a workload's answers kept waiting to be read: a workload that writes faster than the arena reads
passes a limit (``over``), and its further lines are dropped."""
END_SECONDS = 60.0
"""How long the end of a sandbox may take before its processes are killed from outside (a safety net)."""


@dataclass(frozen=True)
class Limits:
    """What a workload may hold, all its processes together: memory (MB; None: no limit), processes and threads."""

    memory_mb: int | None = 500
    processes: int = 8
    threads: int = 256


@dataclass(frozen=True)
class Message:
    """A message of the referee's: ``kind`` is ``answer`` (``text`` is the workload's line), ``long``, ``extra``,
    ``late``, ``closed``, ``ended`` (``text``: the exit status), ``over`` (``text``: the limit passed) or ``gone``
    (the referee itself ended without a word: it was killed). See :mod:`lessons_lib.sandbox.referee`."""

    kind: str
    text: str = ""


class SandboxProblem(ValueError):
    """The arena could not set up a sandbox (a full or read-only temporary folder): nobody's fault among the
    students; one line says what."""


class SandboxedProcess:
    """A workload (``command``, a Python program that calls :func:`lessons_lib.sandbox.workload.prepare`) in a
    sandbox of its own, with ``files`` (name -> bytes) read-only in the folder it starts in.

    With ``hold``, every process of the workload is stopped each time it answers and let go on by the next
    :meth:`send`. ``layout`` is more of bubblewrap's arguments (folders inside the sandbox); ``working_folder``
    is where the workload starts (inside bubblewrap; a plain process starts in a private temporary folder,
    with ``plain_layout`` called on it first). ``whom`` is who the limits are for, in the referee's reasons. Use
    it as a context manager, or call :meth:`close`.
    """

    def __init__(self, command: list[str], limits: Limits, *, files: dict[str, bytes] | None = None,
                 hold: bool = False, max_line: int = 10_000, first_seconds: float | None = None,
                 layout: tuple[str, ...] = (), working_folder: str = WORKING_FOLDER, plain_layout: Any = None,
                 whom: str = "one agent") -> None:
        self.command = command
        self.limits = limits
        self.files = files or {}
        self.hold = hold
        self.max_line = max_line
        self.first_seconds = first_seconds
        self.layout = layout
        self.working_folder = working_folder
        self.plain_layout = plain_layout
        self.whom = whom
        self.mode = sandbox_mode()
        self._root: subprocess.Popen[bytes] | None = None
        self._group: AgentGroup | None = None
        self._folder: str | None = None
        self._messages: queue.Queue[Message] = queue.Queue()
        self._waiting_bytes = 0
        """The size of the answers received and not yet taken (:data:`MAX_WAITING_BYTES` at most)."""
        self._counting = threading.Lock()
        self._referee: psutil.Process | None = None

    # -- starting ----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the referee, and the workload behind it."""
        limits = self.limits
        overhead = OVERHEAD[self.mode]
        group_memory = limits.memory_mb if limits.memory_mb is not None else 1_000_000
        self._group = AgentGroup.create(group_memory, limits.processes + limits.threads + overhead + REFEREE_THREADS)
        plan = Plan(command=self.command, hold=self.hold, max_line=self.max_line, first_seconds=self.first_seconds,
                    whom=self.whom, processes=limits.processes,
                    threads=limits.threads, memory_mb=limits.memory_mb if self._group is None else None)
        # (with a control group the kernel holds the memory, files in memory and shared memory included)
        if self.mode == BUBBLEWRAP:
            self._start_in_bubblewrap(plan)
        else:
            self._start_plain(plan)

    def _start_in_bubblewrap(self, plan: Plan) -> None:
        descriptors: dict[str, int] = {}
        kept: list[IO[bytes]] = []
        try:
            for name, data in self.files.items():  # the bytes reach the sandbox through file descriptors
                file = _explained(tempfile.TemporaryFile)
                kept.append(file)
                _explained(lambda file=file, data=data: (file.write(data), file.flush(), file.seek(0)))
                descriptors[f"{self.working_folder}/{name}"] = file.fileno()
            command = bubblewrap_command(REFEREE, self.layout, self.working_folder, descriptors)
            self._launch(command, plan, tuple(descriptors.values()), dict(BUBBLEWRAP_ENVIRONMENT), None)
        finally:
            for file in kept:
                file.close()

    def _start_plain(self, plan: Plan) -> None:
        self._folder = _explained(lambda: tempfile.mkdtemp(prefix="shologuti-sandbox-"))
        folder = Path(self._folder)
        if self.plain_layout is not None:
            folder = _explained(lambda: self.plain_layout(Path(self._folder)))
        for name, data in self.files.items():
            _explained(lambda path=folder / name, data=data: (path.write_bytes(data), path.chmod(0o444)))
        environment = {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}
        self._launch(REFEREE, plan, (), environment, str(folder))

    def _launch(self, command: list[str], plan: Plan, pass_fds: tuple[int, ...], environment: dict[str, str],
                cwd: str | None) -> None:
        if self._group is not None:
            command = self._group.join_command(command)
        if os.name == "nt":
            own: dict[str, Any] = {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        else:  # a session of its own: a signal to the arena's process group does not reach it, nor its to ours
            own = {"start_new_session": True, "pass_fds": pass_fds}
        self._root = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, cwd=cwd, env=environment, **own)
        threading.Thread(target=self._read, args=(self._root.stdout,), daemon=True).start()
        self._write(_plan_line(plan))

    # -- talking -----------------------------------------------------------------------------

    def send(self, line: str, seconds: float) -> bool:
        """Give the workload ``line`` (and, with ``hold``, let it go on first), to answer within ``seconds`` by the
        clock (the referee says ``late`` if it does not); False if the referee is gone."""
        return self._write(f"go {seconds!r} {line}\n".encode())

    def receive(self, timeout: float | None) -> Message | None:
        """The referee's next message, or None if none came within ``timeout`` seconds."""
        try:
            message = self._messages.get(timeout=timeout)
        except queue.Empty:
            return None
        if message.kind == "answer":
            with self._counting:
                self._waiting_bytes -= len(message.text)
        return message

    def _write(self, data: bytes) -> bool:
        assert self._root is not None and self._root.stdin is not None
        try:
            self._root.stdin.write(data)
            self._root.stdin.flush()
            return True
        except OSError:
            return False

    def _read(self, stream: IO[bytes]) -> None:
        flooded = False
        for raw in stream:
            kind, _, text = raw.decode("utf-8", "replace").rstrip("\n").partition(" ")
            if kind == "answer":
                with self._counting:
                    flooded = flooded or self._waiting_bytes + len(text) > MAX_WAITING_BYTES
                    if flooded:  # its lines are dropped, not kept: the arena's memory is not the workload's
                        if self._waiting_bytes >= 0:
                            self._waiting_bytes = -2**62  # said once
                            self._messages.put(Message("over", f"wrote more than {MAX_WAITING_BYTES // 2**20} MB "
                                                               f"faster than it was read"))
                        continue
                    self._waiting_bytes += len(text)
            self._messages.put(Message(kind, text))
        self._messages.put(Message("gone"))

    # -- what the kernel counts ----------------------------------------------------------------

    def processor_seconds(self) -> float:
        """The processor time the workload has used so far, all its processes together (not the referee's own;
        on macOS and Windows, not that of its processes that have ended)."""
        referee = self._referee_process()
        own = processor_seconds([referee], children=False) if referee is not None else 0.0
        if self._group is not None:
            return max(0.0, self._group.processor_seconds() - own)
        if self._root is None:
            return 0.0
        return max(0.0, processor_seconds(tree(self._root.pid)) - own)

    def _referee_process(self) -> psutil.Process | None:
        """The referee's process: the one started (a plain process), or bubblewrap's child."""
        if self._root is None:
            return None
        if self._referee is None or not self._referee.is_running():
            members = tree(self._root.pid)
            index = OVERHEAD[self.mode] - 1
            if len(members) <= index:
                return None
            self._referee = members[index]
        return self._referee

    def memory_exceeded(self) -> bool:
        """Whether the kernel has stopped the workload for memory (in a control group)."""
        return self._group is not None and self._group.memory_exceeded()

    def tasks_exceeded(self) -> bool:
        """Whether the kernel has refused the workload a process or thread (in a control group)."""
        return self._group is not None and self._group.tasks_exceeded()

    # -- the end -------------------------------------------------------------------------------

    def close(self) -> None:
        """End the workload and every process it started, and wait until they are gone."""
        root, self._root = self._root, None
        if root is not None:
            left = tree(root.pid)
            referee = self._referee_process()
            if self.mode != BUBBLEWRAP and referee is not None:
                try:  # a plain process's workload may have stopped its referee (inside bubblewrap it cannot)
                    referee.resume()
                except psutil.Error:
                    pass
            try:  # the referee ends everything, and itself, when its input closes
                if root.stdin is not None:
                    root.stdin.close()
            except OSError:
                pass
            try:
                root.wait(timeout=END_SECONDS)
            except subprocess.TimeoutExpired:
                pass
            if hasattr(os, "killpg"):
                try:
                    os.killpg(root.pid, signal.SIGKILL)
                except OSError:
                    pass
            kill(left)  # anything still there (a plain process's helpers that left its session, say)
            if root.poll() is None:
                root.kill()
            root.wait()
            if root.stdout is not None:
                try:
                    root.stdout.close()
                except OSError:
                    pass
        group, self._group = self._group, None
        if group is not None:
            group.remove()
        folder, self._folder = self._folder, None
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)

    def __enter__(self) -> SandboxedProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _plan_line(plan: Plan) -> bytes:
    import json

    return (json.dumps(asdict(plan)) + "\n").encode()


def _explained(make: Any) -> Any:
    """``make()``; an OSError becomes :class:`SandboxProblem`, in one line."""
    try:
        return make()
    except OSError as error:
        raise SandboxProblem(f"could not prepare a sandbox in the temporary folder {tempfile.gettempdir()} "
                             f"({error.strerror or error}); free some space there, or set TMPDIR to another "
                             f"folder") from None
