"""The grader's worker: reads a student's notebook and runs the lesson's checks on the student's answers, in a
process of the grader's own, so that no answer can crash, stall or fill the grader.

The grader (:mod:`lessons_lib.grading.checking`) starts it with
:func:`~lessons_lib.grading.worker_process.WorkerProcess`, outside the sandbox: it runs none of the
student's code, only this package's, on what the student's code answered. Whatever a check does
with an answer (a number of a thousand digits, a list that holds itself, a structure whose
printing never ends), the worst it can do is use up this process's time or memory, and then the
grader ends it and gives the exercise "not yet" with a line saying why. It speaks JSON lines with
the grader, on a channel of its own (its standard output and error go nowhere, whatever a check
prints):

- ``{"read": {"name": ..., "bytes": N, "lessons": [...]}}`` then the notebook's N bytes: it answers
  ``{"reading": SUMMARY}`` (:func:`~lessons_lib.grading.notebooks.summary`) or ``{"not_gradable": "..."}``;
- ``{"check": {"name": ..., "args": [...], "kwargs": {...}, "answer": CODE or null, "record": true, "token": ...}}``:
  it runs the check, asking the student's functions across the wall (each of its messages a line ``C {...}`` for
  a call, ``A {...}`` for the answer to one of the student's, which the grader sends on to the sandbox unread;
  the runner's line in return, which the grader relays unread too, its token checked here), and ends with
  ``{"verdict": {"passed": ..., "message": ..., "score": ...}}``, or ``{"refused": "..."}`` for a call of the
  wrong shape. ``answer`` is what the grader read of the answer's code (for the exercise's own call, whose
  verdict counts): an answer whose code the grader cannot read, or that uses what its exercise does not allow,
  is "not yet" before the check runs.
"""

from __future__ import annotations

import importlib
import inspect
import json
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO

from lessons_lib.exercises.answer_code import AnswerCode
from lessons_lib.grading.wire import FILE_ARGUMENTS, Call, HandedFile, RemoteCallable, Wire, WireError

MAX_MESSAGE = 4000
"""The longest verdict message kept (a check's message with its seed is a few hundred characters)."""


class GraderGone(BaseException):
    """The grader has closed the worker's channel: the worker ends (a ``BaseException`` of this package's, which
    no check takes for the student's failure)."""


class Channel:
    """The worker's side of its conversation with the grader."""

    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self.reader = reader
        self.writer = writer

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")
        self.writer.flush()

    def receive(self) -> dict[str, Any]:
        line = self.reader.readline()
        if not line:
            raise GraderGone()
        message = json.loads(line)
        if not isinstance(message, dict):
            raise WireError("the grader's message is not an object")
        return message

    def send_wire(self, message: dict[str, Any]) -> None:
        """A message for the student's code: the grader sends it on without reading it, knowing from its first
        letter whether it is a call (``C``) or the answer to one of the student's (``A``)."""
        self.writer.write(b"C " if "call" in message else b"A ")
        self.writer.write(json.dumps(message).encode() + b"\n")
        self.writer.flush()

    def receive_wire(self, token: str) -> dict[str, Any]:
        """The student's code's next message, as its runner wrote it, relayed by the grader unread: read here,
        its token checked."""
        line = self.reader.readline()
        if not line:
            raise GraderGone()
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict) or message.pop("token", None) != token \
                or next(iter(message), None) not in ("call", "result", "raised"):
            raise WireError("the student's side said something that is not a call or an answer")
        return message


def read(request: dict[str, Any], channel: Channel) -> None:
    """Read the notebook that follows the request, and send what reading it found."""
    from lessons_lib.grading.notebooks import NotGradable, lesson_from_json, read_handed_in, summary

    data = channel.reader.read(int(request["bytes"]))
    lessons = {lesson["name"]: lesson_from_json(lesson) for lesson in request["lessons"]}
    try:
        reading = read_handed_in(data, str(request["name"]), lessons)
    except NotGradable as error:
        channel.send({"not_gradable": str(error)[:300]})
        return
    channel.send({"reading": summary(reading)})


def check(request: dict[str, Any], channel: Channel) -> None:
    """Run the check the request names on the answers it carries, and send its verdict."""
    from lessons_lib.grading.notebooks import EXERCISES

    name, module_name = str(request["name"]), str(request["module"])
    if not module_name.startswith(EXERCISES + "."):
        raise WireError("a check of no exercise")
    token = str(request["token"])
    wire = Wire(channel.send_wire, lambda: channel.receive_wire(token), trusting=False)
    with tempfile.TemporaryDirectory(prefix="shologuti-check-") as folder:
        try:
            call = Call()
            args = [wire.decode(arg, call) for arg in request["args"]]
            kwargs = {str(key): wire.decode(value, call) for key, value in request["kwargs"].items()}
        except WireError as error:
            return send_verdict(channel, False, f"{name}: the grader cannot take this answer: {error}")
        if name in FILE_ARGUMENTS and len(args) > FILE_ARGUMENTS[name]:
            args[FILE_ARGUMENTS[name]] = _local_file(args[FILE_ARGUMENTS[name]], Path(folder))
        function = getattr(importlib.import_module(module_name), name)
        try:
            answers = answers_only(function, args, kwargs)
        except TypeError as error:
            channel.send({"refused": f"{name}: {error}"[:300]})
            return
        problem = _not_read(name, request.get("answer"), bool(request.get("record")))
        if problem:
            return send_verdict(channel, False, problem, 0.0)
        code = request.get("answer")
        uses = tuple(sorted(code["library"])) if isinstance(code, dict) else ()
        for answer in answers:
            if isinstance(answer, RemoteCallable):
                answer.library_uses = uses  # what the grader read, never what the sandbox says
        try:
            feedback = function(*answers)
        except MemoryError:
            return send_verdict(channel, False, f"{name}: the check ran out of memory on your answer: give "
                                                f"an answer of a sensible size", 0.0)
        except RecursionError:
            return send_verdict(channel, False, f"{name}: your answer is nested too deeply for the check to "
                                                f"read (or holds itself)", 0.0)
        except Exception as error:  # whatever an answer made a check do: a verdict, never a crash
            return send_verdict(channel, False, f"{name}: the check could not use your answer ("
                                                f"{_one_line(error)}): look at what your code returns", 0.0)
    score = getattr(feedback, "score", None)
    send_verdict(channel, getattr(feedback, "passed", False) is True, str(getattr(feedback, "message", "")),
                 score if isinstance(score, (int, float)) else None)


def _not_read(name: str, code: Any, record: bool) -> str | None:
    """Why the exercise's own call cannot be taken, read from the answer's code (see the module), or None."""
    from lessons_lib.exercises.references import answer_problem

    if not record:
        return None
    if not isinstance(code, dict):
        return (f"the grader could not find the answer handed to {name} in its cell: call it as the lesson does, "
                f"{name}(your_answer)")
    return answer_problem(name, AnswerCode(set(code["library"]), list(code["lookups"]), str(code["source"])))


def send_verdict(channel: Channel, passed: bool, message: str, score: float | None = None) -> None:
    if score is not None and not (math.isfinite(score) and 0 <= score <= 1):
        score = None
    channel.send({"verdict": {"passed": passed, "message": message[:MAX_MESSAGE],
                              "score": 1.0 if passed else score}})


def _one_line(error: BaseException) -> str:
    try:
        text = f"{type(error).__name__}: {error}"
    except Exception:
        text = type(error).__name__
    return " ".join(text.split())[:200]


def _local_file(value: Any, folder: Path) -> str:
    """A student's file as the check takes it: sent as bytes, saved in a folder of the worker's own; a name with no
    file behind it, a path where there is none (the check then says the file is missing)."""
    if isinstance(value, HandedFile):
        path = folder / (Path(value.name).name or "agent.py")
        path.write_bytes(value.data)
        return str(path)
    return str(folder / "missing" / Path(str(value)).name)


def answers_only(check: Any, args: list[Any], kwargs: dict[str, Any]) -> list[Any]:
    """The student's answers a check takes (its parameters without defaults), by position or by name: a check's
    settings (how many games it plays, its seed) are the lesson's, whatever a cell passed for them."""
    parameters = [parameter for parameter in inspect.signature(check).parameters.values()
                  if parameter.default is inspect.Parameter.empty
                  and parameter.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    given = list(args[:len(parameters)])
    for parameter in parameters[len(given):]:
        if parameter.name in kwargs:
            given.append(kwargs[parameter.name])
    if len(given) < len(parameters):
        raise TypeError(f"takes {len(parameters)} answer{'s' if len(parameters) != 1 else ''}, as the lesson calls "
                        f"it; it was given {len(given)}")
    return given


def limit_address_space(megabytes: int) -> None:
    """Cap this process's address space (on Linux): a single huge allocation fails at once, as a MemoryError the
    check turns into a verdict; the grader watches the memory actually used besides."""
    if sys.platform.startswith("linux"):
        import resource

        limit = max(megabytes, 500) * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def main() -> None:
    limit_address_space(int(sys.argv[1]) if len(sys.argv) > 1 else 8000)
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.fdopen(os.dup(1), "wb")
    nothing = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):  # whatever a check reads or prints goes nowhere near the channel
        os.dup2(nothing, descriptor)
    sys.stdout = sys.stderr = open(os.devnull, "w")
    channel = Channel(reader, writer)
    from lessons_lib.exercises import answers

    answers.WATCHING = False  # the answers run in the sandbox: what they use is read, there is nothing to watch here
    try:
        serve(channel)
    except GraderGone:
        return


def serve(channel: Channel) -> None:
    """Answer the grader's requests, one after another, until it is gone."""
    while True:
        request = channel.receive()
        if "read" in request:
            read(request["read"], channel)
        elif "check" in request:
            check(request["check"], channel)


if __name__ == "__main__":
    main()
