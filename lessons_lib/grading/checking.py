"""The grader's side of a check: run the lesson's own check in the grader's worker, asking the student's code in
the sandbox.

When a student's cell calls an exercise's check, the runner in the sandbox sends the call
(``check_call``) and nothing else: the check runs in the grader's worker
(:mod:`lessons_lib.grading.check_worker`), where no student code runs. Its argument comes
across as a value, or, for a function, as a :class:`~lessons_lib.grading.wire.RemoteCallable`
that asks the student's function each question across the wall; the grader relays each
question and answer between the two. The verdict is recorded here, then sent back for the cell
to show. Whatever the student's code does in its own process, it can only answer the check's
questions; it cannot change the check, what the check compares with, or the verdict. Whatever it
answers, the worker's limits bound what the check spends on it, and a check that goes over them
or fails is "not yet", with a line saying why.
"""

from __future__ import annotations

import json
import time
from typing import Any

from lessons_lib.exercises.answer_code import AnswerCode
from lessons_lib.grading.notebooks import Reading
from lessons_lib.grading.worker_process import WorkerProcess, WorkerStopped
from lessons_lib.sandbox.running import Message, SandboxedProcess

PROTOCOL = ("call", "result", "raised")
"""The first words of the messages of a call across the wall."""
PROTOCOL_KEYS = tuple(f'"{word}"' for word in PROTOCOL)
LATE_SECONDS = 5.0
"""How long past the notebook's time the grader waits for the referee's own word that it is late."""
MAX_SKIPPED_BYTES = 2 * 2**20
"""The most the student's code may write, in lines that are no answer, while a check asks it."""


class SandboxEnded(BaseException):
    """The sandbox stopped answering in the middle of a check (it timed out, died, went over a limit): not an
    exception a check may catch (a BaseException), so the notebook's run stops with ``message``."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.kind)
        self.message = message


def token_line(text: str, token: str) -> dict[str, Any] | None:
    """The JSON object on a line of the runner's, without its token, if it carries the token; else None."""
    try:
        event = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(event, dict) or event.pop("token", None) != token:
        return None
    return event


def check_call_event(text: str, token: str) -> dict[str, Any] | None:
    """The check the runner asks for on this line (its name, cell, arguments), if the line asks for one."""
    event = token_line(text, token)
    if event is None or set(event) != {"check_call", "cell", "args", "kwargs"}:
        return None
    if not (isinstance(event["check_call"], str) and type(event["cell"]) is int and isinstance(event["args"], list)
            and isinstance(event["kwargs"], dict)):
        return None
    return event


class Checker:
    """Runs the exercises' checks of one notebook in the grader's worker, relaying the worker's questions to the
    student's code in the sandbox and its answers back, and records each exercise's verdict (the first call of
    its check in its exercise's cell) in ``verdicts``: passed, the whole message, and the share of cases right
    (``score``) where the check says."""

    def __init__(self, process: SandboxedProcess, token: str, reading: Reading, deadline: float,
                 verdicts: dict[str, dict[str, Any]], worker: WorkerProcess) -> None:
        self.process = process
        self.token = token
        self.deadline = deadline
        self.verdicts = verdicts
        self.worker = worker
        self.exercise_cells = reading.exercise_cells
        self.answers = reading.answers
        self.modules = {name: module for module, name in reading.lesson.imports if name in reading.exercise_cells}
        self.skipped = 0
        self.prefix = '{"token": ' + json.dumps(token) + ", "
        """How every line of the runner's starts (the runner writes its messages with ``json.dumps``)."""

    def _send(self, message: dict[str, Any]) -> None:
        self.process.send(json.dumps(message), max(0.001, self.deadline - time.monotonic()))

    def _receive(self) -> str:
        """The runner's next message of a call across the wall, as the line it wrote (other lines skipped: it is
        read in the worker); :class:`SandboxEnded` if it stops answering."""
        while True:
            message = self.process.receive(timeout=max(0.0, self.deadline - time.monotonic()) + LATE_SECONDS)
            if message is None:  # the referee says late when the time is up; a referee that cannot is ended
                raise SandboxEnded(Message("late"))
            if message.kind != "answer":
                raise SandboxEnded(message)
            if message.text.startswith(self.prefix) and message.text[len(self.prefix):].startswith(PROTOCOL_KEYS):
                return message.text
            self.skipped += len(message.text) + 1
            if self.skipped > MAX_SKIPPED_BYTES:
                raise SandboxEnded(Message("over", f"wrote more than {MAX_SKIPPED_BYTES // 2**20} MB of lines that "
                                                   f"are no answer while a check asked it"))

    def check(self, event: dict[str, Any], cell: int | None) -> None:
        """Run the check ``event`` asks for; record its verdict if it is its exercise's, and send it back."""
        name = event["check_call"]
        module = self.modules.get(name)
        if module is None:
            self._send({"refused": f"{name} is not an exercise's check of this lesson"})
            return
        record = cell is not None and self.exercise_cells.get(name) == cell and name not in self.verdicts
        code = every_answer(self.answers, name)  # (which cell runs is the sandbox's word: every call of it counts)
        self.worker.send({"check": {"name": name, "module": module, "args": event["args"], "kwargs": event["kwargs"],
                                    "answer": code.as_json() if code is not None else None, "record": record,
                                    "token": self.token}})
        owed: list[Any] = []  # the numbers of the student's calls the worker owes an answer, innermost last
        try:
            while True:
                line = self.worker.receive_line(self.deadline)
                if line[:2] in (b"C ", b"A "):  # a call of the student's function, or the answer to one of its
                    if line[:1] == b"A" and owed:  # calls: sent on as it is, never read here
                        owed.pop()
                    self.process.send(line[2:].decode().rstrip("\n"), max(0.001, self.deadline - time.monotonic()))
                    self._relay_answer(owed)
                    continue
                message = self.worker.parsed(line)
                if "refused" in message:
                    self._send({"refused": str(message["refused"])[:300]})
                    return
                if not isinstance(message.get("verdict"), dict):
                    raise WorkerStopped("ended", "the grader's worker said something odd")
                verdict = _verdict(message["verdict"])
                break
        except WorkerStopped as stopped:
            advice = (" Look at what your code returns (its size, its type) for the check's cases."
                      if stopped.kind in ("time", "memory") else "")
            verdict = {"passed": False, "message": f"{name}: {stopped}.{advice}", "score": 0.0}
            self._unwind(owed)
        if record:
            self.verdicts[name] = verdict
        self._send({"verdict": verdict})

    def _relay_answer(self, owed: list[Any]) -> None:
        """Give the worker the student's code's next message (an answer, or a call of its own that the worker then
        owes an answer), as the line the runner wrote."""
        text = self._receive()
        if text[len(self.prefix):].startswith('"call"'):
            owed.append(_number(text))
        self.worker.relay_line(text)

    def _unwind(self, owed: list[Any]) -> None:
        """The worker stopped while the student's code waited on it: answer each of the student's calls still
        owed with an error, until the student's code is back where the check was called."""
        while owed:
            self._send({"raised": "RuntimeError", "module": "builtins", "message": "the check stopped",
                        "id": owed.pop(), "synced": {}})
            text = self._receive()
            if text[len(self.prefix):].startswith('"call"'):
                owed.append(_number(text))


def every_answer(answers: dict[tuple[int, str], AnswerCode], check: str) -> AnswerCode | None:
    """What the answers handed to ``check`` anywhere in the notebook use, together (None if no cell calls it)."""
    found = [code for (_, name), code in sorted(answers.items()) if name == check]
    if not found:
        return None
    return AnswerCode(set().union(*(code.library for code in found)),
                      list(dict.fromkeys(lookup for code in found for lookup in code.lookups)),
                      "\n\n".join(dict.fromkeys(code.source for code in found if code.source)))


def _number(text: str) -> Any:
    """The number (``id``) of a call across the wall, from the line that makes it."""
    try:
        return json.loads(text).get("id")
    except ValueError:
        return None


def _verdict(data: dict[str, Any]) -> dict[str, Any]:
    """A verdict as the worker sent it, checked: passed, the message (at most 4000 characters), the score."""
    score = data.get("score")
    return {"passed": data.get("passed") is True, "message": str(data.get("message", ""))[:4000],
            "score": float(score) if isinstance(score, (int, float)) and 0 <= score <= 1 else None}
