"""Read and run a student's notebook in the sandbox, with a time and a memory limit, and collect what it reported.

The notebook is read and its cells run by :mod:`lessons_lib.grading.runner`, never in the
grader's own process; its checks run here, in the grader, never where the student's code runs
(:mod:`lessons_lib.grading.checking`). The student's code runs in the sandbox
(:mod:`lessons_lib.sandbox`), inside bubblewrap on Linux, with the same isolation as a student's agent in a tournament (no network, no other process,
nothing of the machine but the system, Python and this package, read-only), or as a plain
process elsewhere. Its working folder is laid out as the lessons expect (``notebooks/``,
``notebooks/my_agents/``, ``my_agents/``, and the suite's ``data/`` read-only), in memory, and
vanishes with it. The whole notebook, its reading included, has ``seconds`` by the clock and
``memory_mb`` of memory; then everything it started is killed and the cells not reached are
reported as such.
"""

from __future__ import annotations

import json
import secrets
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lessons_lib.experiments.data import DATA_FOLDER
from lessons_lib.grading.checking import LATE_SECONDS, Checker, SandboxEnded, check_call_event, token_line
from lessons_lib.grading.notebooks import Lesson, NotGradable, Reading, from_summary, lesson_as_json
from lessons_lib.grading.worker_process import WorkerProcess, WorkerStopped
from lessons_lib.grading.runner import SUBMISSION
from lessons_lib.sandbox.isolation import WORKING_FOLDER
from lessons_lib.sandbox.programs import python_module
from lessons_lib.sandbox.running import Limits, Message, SandboxedProcess

SUITE_DATA = DATA_FOLDER.parent
"""The suite's data (``data/``: the strength experiments, the training set of lesson 10), which the lessons read."""
DEFAULT_SECONDS = 300.0
DEFAULT_MEMORY_MB = 2000  # a lesson with numpy, matplotlib and networkx loaded uses a few hundred MB
PROCESSES, THREADS = 64, 448  # lesson 08 starts agents of its own
MAX_ANSWER_BYTES = 2 * 2**20  # what the grader reads of the child's answers, at most
MAX_LINE_BYTES = 64 * 2**10  # the longest answer line read (a value the student's code answered)
CHECK_SECONDS = 60.0
"""The processor time the grader's worker may spend on one check of one answer (a check takes a few seconds)."""
CHECK_MEMORY_MB = 1000
"""The memory the grader's worker may hold while it checks (it needs about 200 MB with the lessons' libraries
loaded); reading a notebook may take the notebook's own memory limit."""
ADDRESS_SPACE_TIMES = 4
"""The worker's address space is capped at this many times its memory (the libraries reserve far more address space
than they use)."""
CHILD_ENVIRONMENT = {
    "MPLBACKEND": "Agg",  # pictures are drawn in memory, never shown
    "SHOLOGUTI_SANDBOX": "process",  # lesson 08's agents: already inside the sandbox, no bubblewrap in it
    "SHOLOGUTI_COMPILED_NOTICE_SHOWN": "1",
    "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
}
"""Set in the child before any student code runs."""


@dataclass
class NotebookRun:
    """What the child reported: what reading the notebook found (``reading``; None if it never said), every event
    after (see :mod:`lessons_lib.grading.runner`), why it stopped early (``stopped``), if it did, and why it is not
    gradable at all (``not_gradable``), if it is not; and the verdict the grader gave each exercise's check in its
    exercise's cell (``verdicts``: name -> passed and message)."""

    events: list[dict[str, Any]] = field(default_factory=list)
    stopped: str | None = None
    reading: Reading | None = None
    not_gradable: str | None = None
    verdicts: dict[str, dict[str, Any]] = field(default_factory=dict)


def lay_out_folder(folder: Path) -> Path:
    """A plain process's working folder, laid out as the lessons expect; returns its ``notebooks`` folder."""
    (folder / "notebooks" / "my_agents").mkdir(parents=True)
    (folder / "my_agents").mkdir()
    if SUITE_DATA.is_dir():
        shutil.copytree(SUITE_DATA, folder / "data")
    return folder / "notebooks"


def bubblewrap_layout() -> tuple[str, ...]:
    """The same folders inside bubblewrap, the suite's data read-only where the package looks for it and where
    the lessons do (``../data``)."""
    layout = ["--dir", f"{WORKING_FOLDER}/notebooks/my_agents", "--dir", f"{WORKING_FOLDER}/my_agents"]
    if SUITE_DATA.is_dir():
        data = str(SUITE_DATA)
        layout += ["--ro-bind", data, data, "--ro-bind", data, f"{WORKING_FOLDER}/data"]
    return tuple(layout)


def run_notebook(notebook: bytes, name: str, lessons: dict[str, Lesson], seconds: float = DEFAULT_SECONDS,
                 memory_mb: int = DEFAULT_MEMORY_MB) -> NotebookRun:
    """Read the notebook ``notebook`` (handed in as ``name``) in the grader's worker, then run it in the sandbox,
    the worker checking its answers; stop it after ``seconds``."""
    run = NotebookRun()
    deadline = time.monotonic() + seconds
    address_space_mb = ADDRESS_SPACE_TIMES * max(memory_mb, CHECK_MEMORY_MB)
    with WorkerProcess(CHECK_SECONDS, CHECK_MEMORY_MB, address_space_mb) as worker:
        run.reading = _read(worker, notebook, name, lessons, seconds, memory_mb, deadline, run)
        if run.reading is None:
            return run
        token = secrets.token_hex(16)
        plan = {"token": token, "lessons": [lesson_as_json(lesson) for lesson in lessons.values()], "name": name,
                "environment": CHILD_ENVIRONMENT, "memory_mb": memory_mb}
        command = python_module("lessons_lib.grading.runner")
        process = SandboxedProcess(command, Limits(memory_mb, PROCESSES, THREADS),
                                   files={SUBMISSION: notebook}, max_line=MAX_LINE_BYTES,
                                   layout=bubblewrap_layout(), working_folder=f"{WORKING_FOLDER}/notebooks",
                                   plain_layout=lay_out_folder, whom="one notebook")
        with process:
            process.send(json.dumps(plan), max(0.001, deadline - time.monotonic()))
            checker = Checker(process, token, run.reading, deadline, run.verdicts, worker)
            _collect(process, token, seconds, checker, run)
    return run


def _read(worker: WorkerProcess, notebook: bytes, name: str, lessons: dict[str, Lesson], seconds: float,
          memory_mb: int, deadline: float, run: NotebookRun) -> Reading | None:
    """The notebook as the grader's worker reads it (within the notebook's time and memory); None, with why in
    ``run.not_gradable``, if it cannot be graded."""
    worker.processor_seconds, worker.memory_mb = seconds, memory_mb  # for reading; each check has less
    try:
        worker.send({"read": {"name": name, "bytes": len(notebook),
                              "lessons": [lesson_as_json(lesson) for lesson in lessons.values()]}}, notebook)
        answer = worker.receive(deadline)
    except WorkerStopped as stopped:
        run.not_gradable = ("could not be read (" + (f"timed out after {seconds:g} s" if stopped.kind in (
            "time", "deadline") else f"reading it took more than {memory_mb} MB" if stopped.kind == "memory"
            else "the grader's worker ended") + ")")
        return None
    finally:
        worker.processor_seconds, worker.memory_mb = CHECK_SECONDS, CHECK_MEMORY_MB
    if "not_gradable" in answer:
        run.not_gradable = str(answer["not_gradable"])[:300]
        return None
    try:
        return from_summary(answer.get("reading"), lessons)
    except ValueError:
        run.not_gradable = "cannot be read (the reading said something odd)"
        return None


def _collect(process: SandboxedProcess, token: str, seconds: float, checker: Checker, run: NotebookRun) -> None:
    """Read the runner's events into ``run`` until it is done, dies, floods or runs out of time; run the checks
    it asks for."""
    received = 0
    cell = None
    started = False
    while True:
        message = process.receive(timeout=max(0.0, checker.deadline - time.monotonic()) + LATE_SECONDS)
        if message is None:  # the referee says late when the time is up; a referee that cannot is ended
            message = Message("late")
        try:
            if message.kind == "answer" and started and (event := check_call_event(message.text, token)):
                checker.check(event, cell)
                continue
        except SandboxEnded as ended:
            message = ended.message
        where = f" in code cell {cell}" if cell else " before the first cell"
        if message.kind == "late":
            run.stopped = f"timed out after {seconds:g} s" + (f" in code cell {cell}" if cell else "")
            return
        if message.kind != "answer":
            run.stopped = _stopped(message.kind, message.text, process.memory_exceeded()) + where
            return
        received += len(message.text) + 1
        if received > MAX_ANSWER_BYTES:
            run.stopped = (f"wrote more than {MAX_ANSWER_BYTES // 2**20} MB to the grader's channel"
                           + (f" in code cell {cell}" if cell else ""))
            return
        event = _event(message.text, token)
        if event is None:
            continue
        if "reading" in event or "not_gradable" in event:
            if started or run.events:
                continue  # said once, first, before any student code: never again
            if "not_gradable" in event:
                run.stopped = f"the sandbox could not read it: {event['not_gradable'][:200]}"
                return
            started = True  # what it read is its own business: the grader's worker has read the notebook
            continue
        if not started:
            continue  # nothing counts before the reading
        run.events.append(event)
        cell = event.get("start", cell)
        if "done" in event or "failed" in event:
            if "failed" in event:
                run.stopped = f"the grader's runner failed: {event['failed']}"
            return


def _stopped(kind: str, text: str, out_of_memory: bool) -> str:
    """Why the notebook stopped early, from the referee's message."""
    if out_of_memory:
        return "ran out of memory"
    if kind == "over":
        return text
    if kind == "closed":
        return "closed the grader's channel"
    if kind == "ended" and text.lstrip("-").isdigit():
        code = int(text)
        return (f"the notebook's process was killed by signal {-code}" if code < 0
                else f"the notebook's process ended (exit status {code})")
    if kind == "long":
        return "wrote a line too long for the grader's channel"
    return "the notebook's sandbox ended"


EVENT_FIELDS: dict[str, dict[str, type]] = {
    "reading": {"reading": str},
    "not_gradable": {"not_gradable": str},
    "start": {"start": int},
    "error": {"error": str, "cell": int},
    "tampered": {"tampered": str},
    "done": {"done": bool},
    "failed": {"failed": str},
}
"""Each kind of event the runner sends, named by its first field, with the type of every field."""


def _event(line: str, token: str) -> dict[str, Any] | None:
    """The event on an answer line, if it is one of the runner's (it carries the token, and is of one of the
    kinds the runner sends, field by field); else None."""
    event = token_line(line, token)
    if not event:
        return None
    fields = EVENT_FIELDS.get(next(iter(event)))
    if fields is None or set(event) != set(fields):
        return None
    if not all(type(event[name]) is kind for name, kind in fields.items()):
        return None
    return event


def not_gradable(run: NotebookRun) -> NotGradable | None:
    """The reason a run found its notebook not gradable (never read, or not a lesson's), or None."""
    if run.not_gradable is not None:
        return NotGradable(run.not_gradable)
    if run.reading is None:
        return NotGradable(f"could not be read in the sandbox ({run.stopped or 'it said nothing'})")
    return None
