"""Run a student's notebook in the sandbox, with a time limit, and collect what its checks said.

The cells run in a child process (:mod:`lessons_lib.grading.runner`), never in the grader's:
inside bubblewrap on Linux, with the same isolation as a student's agent in a tournament
(:mod:`lessons_lib.arena.isolation`: no network, no other process, nothing of the machine
but the system, Python and this package, read-only), or as a plain process elsewhere.
Its working folder is laid out as the lessons expect (``notebooks/``, ``notebooks/my_agents/``,
``my_agents/``, and the suite's ``data/`` read-only), in memory, and vanishes with it.
The whole notebook has ``seconds`` of wall-clock time; then the child and everything it
started are killed and the cells not reached are reported as such.
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from lessons_lib.arena.cgroups import AgentGroup
from lessons_lib.arena.isolation import AGENT_FOLDER, BUBBLEWRAP, BUBBLEWRAP_ENVIRONMENT, bubblewrap_command, sandbox_mode
from lessons_lib.arena.processes import family, has_proc, kill, start_time
from lessons_lib.experiment_data import DATA_FOLDER
from lessons_lib.grading.notebooks import Reading

SUITE_DATA = DATA_FOLDER.parent
"""The suite's data (``data/``: the strength experiments, the training set of lesson 10), which the lessons read."""
DEFAULT_SECONDS = 300.0
DEFAULT_MEMORY_MB = 2000  # a lesson with numpy, matplotlib and networkx loaded uses a few hundred MB
TASKS = 512  # processes and threads, all together (lesson 08 starts agents of its own)
MAX_ANSWER_BYTES = 2 * 2**20  # what the grader reads of the child's answers, at most
MAX_LINE_BYTES = 64 * 2**10  # the longest answer line read whole (a check's message is at most 300 characters)
CHILD_ENVIRONMENT = {
    "MPLBACKEND": "Agg",  # pictures are drawn in memory, never shown
    "SHOLOGUTI_SANDBOX": "process",  # lesson 08's agents: already inside the sandbox, no bubblewrap in it
    "SHOLOGUTI_COMPILED_NOTICE_SHOWN": "1",
    "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
}
"""Set in the child before any student code runs."""


@dataclass
class NotebookRun:
    """What the child reported: every event (see :mod:`lessons_lib.grading.runner`), and why it stopped early
    (``stopped``), if it did."""

    events: list[dict[str, Any]] = field(default_factory=list)
    stopped: str | None = None


def child_command(working_folder: str) -> list[str]:
    """The command that starts the runner, inside bubblewrap when that is the sandbox here."""
    runner = [sys.executable, "-I", "-m", "lessons_lib.grading.runner"]
    if sandbox_mode() != BUBBLEWRAP:
        return runner
    data = str(SUITE_DATA)
    layout = ["--dir", f"{AGENT_FOLDER}/notebooks/my_agents", "--dir", f"{AGENT_FOLDER}/my_agents"]
    if SUITE_DATA.is_dir():  # read-only, where the package looks for it and where the lessons do (../data)
        layout += ["--ro-bind", data, data, "--ro-bind", data, f"{AGENT_FOLDER}/data"]
    return bubblewrap_command(None, runner, layout, working_folder)


def lay_out_folder(folder: Path) -> Path:
    """A plain process's working folder, laid out as the lessons expect; returns its ``notebooks`` folder."""
    (folder / "notebooks" / "my_agents").mkdir(parents=True)
    (folder / "my_agents").mkdir()
    if SUITE_DATA.is_dir():
        shutil.copytree(SUITE_DATA, folder / "data")
    return folder / "notebooks"


def run_notebook(reading: Reading, seconds: float = DEFAULT_SECONDS, memory_mb: int = DEFAULT_MEMORY_MB) -> NotebookRun:
    """Run ``reading``'s cells in the sandbox; stop them after ``seconds``."""
    token = secrets.token_hex(16)
    modules = {name: module for module, name in reading.lesson.imports if name in reading.exercise_cells}
    plan = {"token": token, "cells": reading.cells, "exercise_cells": reading.exercise_cells, "modules": modules,
            "environment": CHILD_ENVIRONMENT, "memory_mb": memory_mb}
    run = NotebookRun()
    folder = None
    if sandbox_mode() == BUBBLEWRAP:
        command, cwd, environment = child_command(f"{AGENT_FOLDER}/notebooks"), None, dict(BUBBLEWRAP_ENVIRONMENT)
    else:
        folder = tempfile.mkdtemp(prefix="shologuti-grade-")
        command, cwd = child_command(""), str(lay_out_folder(Path(folder)))
        environment = {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}
    group = AgentGroup.create(memory_mb, TASKS)
    if group is not None:
        command = group.join_command(command)
    own_session: dict[str, Any] = ({"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
                                   if os.name == "nt" else {"start_new_session": True})
    reader = None
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             cwd=cwd, env=environment, **own_session)
    try:
        assert child.stdin is not None and child.stdout is not None
        try:
            child.stdin.write((json.dumps(plan) + "\n").encode())
            child.stdin.close()
        except OSError:
            pass  # it died at once: reported below
        reader = _collect(child, child.stdout, token, seconds, run, group)
    finally:
        _end(child, group, reader)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return run


def _collect(child: subprocess.Popen[bytes], answers: IO[bytes], token: str, seconds: float, run: NotebookRun,
             group: AgentGroup | None) -> threading.Thread:
    """Read the child's answer lines into ``run`` until it is done, dies, floods or runs out of time; return the
    thread that reads them (it may still be waiting, if a process the notebook started holds the channel)."""
    lines: queue.Queue[bytes | None] = queue.Queue()

    def read() -> None:  # a thread, so that the deadline holds on every system (Windows pipes cannot be polled)
        total = 0
        while total <= MAX_ANSWER_BYTES:
            line = answers.readline(MAX_LINE_BYTES)  # never more than this in memory, newline or not
            if not line:
                lines.put(b"")
                return
            total += len(line)
            lines.put(line)
        lines.put(None)  # a flood

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + seconds
    cell = None
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            run.stopped = f"timed out after {seconds:g} s" + (f" in code cell {cell}" if cell else "")
            return reader
        if line is None:
            run.stopped = (f"wrote more than {MAX_ANSWER_BYTES // 2**20} MB to the grader's channel"
                           + (f" in code cell {cell}" if cell else ""))
            return reader
        if not line:
            break
        event = _event(line, token)
        if event is None:
            continue
        run.events.append(event)
        cell = event.get("start", cell)
        if "done" in event or "failed" in event:
            if "failed" in event:
                run.stopped = f"the grader's runner failed: {event['failed']}"
            return reader
    try:
        code: int | None = child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        code = None
    where = f" in code cell {cell}" if cell else " before the first cell"
    if code is not None and code > 128 and sandbox_mode() == BUBBLEWRAP:  # bubblewrap's way of saying "signal"
        code = 128 - code
    if group is not None and group.memory_exceeded():
        run.stopped = "ran out of memory" + where
    elif code is None:
        run.stopped = "closed the grader's channel" + where
    elif code < 0:
        run.stopped = f"the notebook's process was killed by signal {-code}{where}"
    else:
        run.stopped = f"the notebook's process ended (exit status {code}){where}"
    return reader


EVENT_FIELDS: dict[str, dict[str, type]] = {
    "start": {"start": int},
    "error": {"error": str, "cell": int},
    "check": {"check": str, "cell": int, "passed": bool, "message": str},
    "tampered": {"tampered": str},
    "done": {"done": bool},
    "failed": {"failed": str},
}
"""Each kind of event the runner sends, named by its first field, with the type of every field."""


def _event(line: bytes, token: str) -> dict[str, Any] | None:
    """The event on an answer line, if it is one of the runner's (it carries the token, and is of one of the
    kinds the runner sends, field by field); else None."""
    try:
        event = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(event, dict) or event.pop("token", None) != token or not event:
        return None
    fields = EVENT_FIELDS.get(next(iter(event)))
    if fields is None or set(event) != set(fields):
        return None
    if not all(type(event[name]) is kind for name, kind in fields.items()):
        return None
    return event


def _end(child: subprocess.Popen[bytes], group: AgentGroup | None, reader: threading.Thread | None) -> None:
    """Kill the child and everything it started, then let go of its channel."""
    family_left = {pid: start_time(pid) for pid in family(child.pid)} if has_proc() and sandbox_mode() != BUBBLEWRAP \
        else {}
    if group is not None:
        group.remove()  # the kernel kills the whole group, wherever its processes went
    if hasattr(os, "killpg"):
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass
    kill(family_left)  # a plain process's helpers that left its process group
    if child.poll() is None:
        child.kill()
    child.wait()
    if child.stdout is not None and (reader is None or not reader.is_alive()):
        child.stdout.close()  # (a reader still waiting keeps it: closing would wait for the reader)
