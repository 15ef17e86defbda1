"""The grader's side of its worker (:mod:`lessons_lib.grading.check_worker`): start it, talk to it, and end it when
it goes over its limits.

The worker runs this package's own code (the lessons' checks) on what a student's code answered,
so what it costs is the answers' doing: each request has a budget of the worker's processor time
and a ceiling on its memory, watched from here (and, on Linux, a cap on its address space set by
the worker itself). Over either, or silent past the grader's deadline, it is killed with every
process it started, and :class:`WorkerStopped` says why in one line.
"""

from __future__ import annotations

import json
import os
import queue
import select
import signal
import subprocess
import tempfile
import threading
import time
from typing import IO, Any

import psutil

from lessons_lib.sandbox.processes import kill, tree
from lessons_lib.sandbox.programs import python_module

MAX_LINE_BYTES = 16 * 2**20
"""The longest line read from the worker (a check's question, sent on to the sandbox, is far shorter)."""
WATCH_SECONDS = 0.05
"""How often the worker's time and memory are looked at while it works."""


class Lines:
    """The worker's lines, each waited for at most a given time: read straight from the pipe where the system can
    wait on one (one thread fewer for every question a check asks), else by a thread of their own."""

    END = b""
    """What :meth:`get` gives once the worker has stopped writing (or wrote a line too long)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.buffer = b""
        self.ended = False
        self.queue: queue.Queue[bytes] | None = None
        if os.name == "nt":  # Windows cannot wait on a pipe: a thread reads it
            self.queue = queue.Queue()
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.queue is not None
        while True:
            line = self.stream.readline(MAX_LINE_BYTES + 1)
            if not line or len(line) > MAX_LINE_BYTES or not line.endswith(b"\n"):
                break
            self.queue.put(line)
        self.queue.put(self.END)

    def get(self, timeout: float) -> bytes | None:
        """The next whole line, :data:`END` if there will be none, or None if none came within ``timeout`` s."""
        if self.queue is not None:
            try:
                return self.queue.get(timeout=timeout)
            except queue.Empty:
                return None
        while b"\n" not in self.buffer:
            if self.ended or len(self.buffer) > MAX_LINE_BYTES:
                return self.END
            if not select.select([self.stream], [], [], timeout)[0]:
                return None
            chunk = os.read(self.stream.fileno(), 1 << 16)
            self.ended = not chunk
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line + b"\n"


class WorkerStopped(Exception):
    """The worker was ended: ``kind`` is ``time`` (over its processor time), ``memory``, ``deadline`` (the
    grader's clock ran out) or ``ended`` (it died, or said something odd); the message says it in words."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class WorkerProcess:
    """One worker: ``processor_seconds`` of its processor time for each request, ``memory_mb`` of memory (both may
    be changed between requests); its address space capped, where the system can, at ``address_space_mb``."""

    def __init__(self, processor_seconds: float, memory_mb: int, address_space_mb: int) -> None:
        self.processor_seconds = processor_seconds
        self.memory_mb = memory_mb
        self.address_space_mb = address_space_mb
        self._process: subprocess.Popen[bytes] | None = None
        self._watched: psutil.Process | None = None
        self._lines: Lines | None = None
        self._watched_at = 0.0
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._used_before = 0.0

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="shologuti-grader-")
        own: dict[str, Any] = ({"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)} if os.name == "nt"
                               else {"start_new_session": True})
        environment = {**os.environ, "MPLBACKEND": "Agg", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                       "SHOLOGUTI_COMPILED_NOTICE_SHOWN": "1"}
        self._process = subprocess.Popen(python_module("lessons_lib.grading.check_worker", str(self.address_space_mb)),
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         cwd=self._folder.name, env=environment, **own)
        self._watched = psutil.Process(self._process.pid)
        assert self._process.stdout is not None
        self._lines = Lines(self._process.stdout)

    def send(self, message: dict[str, Any], data: bytes = b"") -> None:
        """Give the worker ``message`` (and ``data`` after it); starts the clock of a new request."""
        if not self.running:
            self.start()
        assert self._process is not None and self._process.stdin is not None
        self._used_before = self._processor_time()
        try:
            self._process.stdin.write(json.dumps(message).encode() + b"\n" + data)
            self._process.stdin.flush()
        except OSError:
            pass  # it died: receive says so

    def relay_line(self, text: str) -> None:
        """Give the worker a line of the sandbox's in the middle of a request (its clock goes on)."""
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(text.encode() + b"\n")
            self._process.stdin.flush()
        except OSError:
            pass

    def receive(self, deadline: float) -> dict[str, Any]:
        """The worker's next message; :class:`WorkerStopped` if it goes over its limits, dies, or says nothing
        before ``deadline`` (by :func:`time.monotonic`)."""
        return self.parsed(self.receive_line(deadline))

    def receive_line(self, deadline: float) -> bytes:
        """The worker's next line, as it wrote it (see :meth:`receive`)."""
        while True:
            assert self._lines is not None
            line = self._lines.get(WATCH_SECONDS)
            if line is None:
                self._watch(deadline)
                continue
            if line == Lines.END:
                self.close()
                raise WorkerStopped("ended", "the grader's worker ended on this answer")
            if time.monotonic() - self._watched_at > WATCH_SECONDS:
                self._watch(deadline)  # an answer counts only if it came within the limits
            return line

    def parsed(self, line: bytes) -> dict[str, Any]:
        """A line of the worker's as the message it holds; :class:`WorkerStopped` if it holds none."""
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            self.close()
            raise WorkerStopped("ended", "the grader's worker said something odd")
        return message

    def _watch(self, deadline: float) -> None:
        self._watched_at = time.monotonic()
        used = self._processor_time() - self._used_before
        if used > self.processor_seconds:
            self.close()
            raise WorkerStopped("time", f"the check gave up after {self.processor_seconds:g} s of its own work "
                                        f"on this answer")
        if self._memory_mb() > self.memory_mb:
            self.close()
            raise WorkerStopped("memory", f"the check went over {self.memory_mb} MB of memory on this answer")
        if time.monotonic() > deadline:
            self.close()
            raise WorkerStopped("deadline", "the notebook's time ran out during this check (a slow answer, or time "
                                            "spent before it)")
        if self._process is not None and self._process.poll() is not None and self._lines is not None \
                and b"\n" not in self._lines.buffer and (self._lines.queue is None or self._lines.queue.empty()):
            self.close()
            raise WorkerStopped("ended", "the grader's worker ended on this answer")

    def _processor_time(self) -> float:
        try:
            assert self._watched is not None
            times = self._watched.cpu_times()
            return float(times.user + times.system)
        except (psutil.Error, AssertionError):
            return 0.0

    def _memory_mb(self) -> float:
        try:
            assert self._watched is not None
            return float(self._watched.memory_info().rss) / 2**20
        except (psutil.Error, AssertionError):
            return 0.0

    def close(self) -> None:
        """End the worker and everything it started."""
        process, self._process = self._process, None
        if process is not None:
            left = tree(process.pid)
            if os.name != "nt":
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except OSError:
                    pass
            kill(left)
            process.kill()
            process.wait()
            for stream in (process.stdin, process.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
        folder, self._folder = self._folder, None
        if folder is not None:
            folder.cleanup()

    def __enter__(self) -> WorkerProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
