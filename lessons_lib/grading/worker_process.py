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


def _read(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Put each line the worker writes into ``lines``, then None when it stops (or writes a line too long)."""
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line or len(line) > MAX_LINE_BYTES:
            break
        lines.put(line)
    lines.put(None)


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
        self._lines: queue.Queue[bytes | None] = queue.Queue()
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
        self._lines = queue.Queue()
        threading.Thread(target=_read, args=(self._process.stdout, self._lines), daemon=True).start()

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

    def relay(self, message: dict[str, Any]) -> None:
        """Give the worker a message in the middle of a request (its clock goes on)."""
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps(message).encode() + b"\n")
            self._process.stdin.flush()
        except OSError:
            pass

    def receive(self, deadline: float) -> dict[str, Any]:
        """The worker's next message; :class:`WorkerStopped` if it goes over its limits, dies, or says nothing
        before ``deadline`` (by :func:`time.monotonic`)."""
        while True:
            try:
                line = self._lines.get(timeout=WATCH_SECONDS)
            except queue.Empty:
                self._watch(deadline)
                continue
            if line is None:
                self.close()
                raise WorkerStopped("ended", "the grader's worker ended on this answer")
            self._watch(deadline)  # an answer counts only if it came within the limits
            try:
                message = json.loads(line)
            except ValueError:
                message = None
            if not isinstance(message, dict):
                self.close()
                raise WorkerStopped("ended", "the grader's worker said something odd")
            return message

    def _watch(self, deadline: float) -> None:
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
            raise WorkerStopped("deadline", "the notebook's time ran out while the check worked")
        if self._process is not None and self._process.poll() is not None and self._lines.empty():
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
