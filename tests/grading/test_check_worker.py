"""The grader's worker: every check runs there, with limits; over them, or failing, the exercise is "not yet" with
a line saying why, the student's code waiting on it is answered, and the notebook goes on."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from lessons_lib.grading.checking import Checker
from lessons_lib.grading.notebooks import Lesson, Reading
from lessons_lib.grading.worker_process import WorkerProcess, WorkerStopped
from lessons_lib.sandbox.running import Message

TOKEN = "t0k3n"


class FakeSandbox:
    """The sandbox's side of a check, scripted: what the student's code says, in turn."""

    def __init__(self, says: list[dict[str, Any]]) -> None:
        self.says = says
        self.sent: list[dict[str, Any]] = []

    def send(self, line: str, seconds: float) -> bool:
        self.sent.append(json.loads(line))
        return True

    def receive(self, timeout: float | None) -> Message:
        return Message("answer", json.dumps({"token": TOKEN, **self.says.pop(0)}))


class FakeWorker:
    """The worker, scripted: what it says, in turn; an exception is raised instead of said."""

    def __init__(self, says: list[dict[str, Any] | Exception]) -> None:
        self.says = says
        self.requests: list[dict[str, Any]] = []
        self.relayed: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any], data: bytes = b"") -> None:
        self.requests.append(message)

    def relay_line(self, text: str) -> None:
        self.relayed.append(json.loads(text))

    def receive_line(self, deadline: float) -> bytes:
        said = self.says.pop(0)
        if isinstance(said, Exception):
            raise said
        if "wire" in said:  # as the worker writes a message for the student's code
            return (b"C " if "call" in said["wire"] else b"A ") + json.dumps(said["wire"]).encode() + b"\n"
        return json.dumps(said).encode() + b"\n"

    def parsed(self, line: bytes) -> dict[str, Any]:
        return json.loads(line)  # type: ignore[no-any-return]


def checker(sandbox: FakeSandbox, worker: FakeWorker, verdicts: dict[str, Any]) -> Checker:
    lesson = Lesson("99_test", ("check_a",), frozenset({("lessons_lib.exercises.strength", "check_a")}), frozenset())
    reading = Reading(lesson, [(3, "check_a(f)")], {"check_a": 3})
    return Checker(sandbox, TOKEN, reading, time.monotonic() + 60, verdicts, worker)  # type: ignore[arg-type]


CALL = {"check_call": "check_a", "cell": 3, "args": [{"$": "callable", "handle": 1, "name": "f"}], "kwargs": {}}


def test_the_workers_questions_and_the_students_answers_are_relayed_and_the_verdict_recorded() -> None:
    sandbox = FakeSandbox([{"result": 7, "id": 1, "synced": {}}])
    worker = FakeWorker([{"wire": {"call": 1, "id": 1, "args": [0.5], "kwargs": {}}},
                         {"verdict": {"passed": False, "message": "m " * 1000, "score": 0.25}}])
    verdicts: dict[str, Any] = {}
    checker(sandbox, worker, verdicts).check(CALL, 3)
    assert worker.relayed == [{"token": TOKEN, "result": 7, "id": 1, "synced": {}}]
    assert verdicts["check_a"] == {"passed": False, "message": ("m " * 1000)[:4000], "score": 0.25}
    assert sandbox.sent == [{"call": 1, "id": 1, "args": [0.5], "kwargs": {}}, {"verdict": verdicts["check_a"]}]
    assert worker.requests[0]["check"]["record"] is True


def test_a_worker_stopped_while_the_students_code_waits_on_it_is_unwound() -> None:
    """The worker asks the student's function (call 1), which calls back an evaluation the worker lent (call 2);
    the worker dies on it. The callback gets an error, the student's function ends, and only then does the cell get
    its verdict."""
    sandbox = FakeSandbox([{"call": 9, "id": 2, "args": [], "kwargs": {}}, {"result": 0, "id": 1, "synced": {}}])
    worker = FakeWorker([{"wire": {"call": 1, "id": 1, "args": [], "kwargs": {}}},
                         WorkerStopped("memory", "the check went over 1000 MB of memory on this answer")])
    verdicts: dict[str, Any] = {}
    checker(sandbox, worker, verdicts).check(CALL, 3)
    kinds = [next(iter(message)) for message in sandbox.sent]
    assert kinds == ["call", "raised", "verdict"] and sandbox.sent[1]["id"] == 2
    assert verdicts["check_a"]["passed"] is False and "went over 1000 MB" in verdicts["check_a"]["message"]


def test_a_call_of_the_wrong_shape_is_refused_and_not_recorded() -> None:
    sandbox = FakeSandbox([])
    worker = FakeWorker([{"refused": "check_a: takes 1 answer, as the lesson calls it; it was given 0"}])
    verdicts: dict[str, Any] = {}
    checker(sandbox, worker, verdicts).check(CALL, 3)
    assert verdicts == {} and "refused" in sandbox.sent[0]


def test_a_call_outside_the_exercises_cell_is_checked_but_not_recorded() -> None:
    sandbox = FakeSandbox([])
    worker = FakeWorker([{"verdict": {"passed": True, "message": "ok", "score": 1.0}}])
    verdicts: dict[str, Any] = {}
    checker(sandbox, worker, verdicts).check({**CALL, "cell": 5}, 5)
    assert verdicts == {} and worker.requests[0]["check"]["record"] is False


# -- the real worker ------------------------------------------------------------------------------------------------

def test_the_worker_reads_a_notebook_and_stops_when_it_goes_over_its_time() -> None:
    from lessons_lib.grading.notebooks import lesson_as_json, load_lessons

    lessons = load_lessons()
    notebook = (Path(__file__).parents[2] / "notebooks" / "solutions" / "07_strength.ipynb").read_bytes()
    request = {"read": {"name": "alice.ipynb", "bytes": len(notebook),
                        "lessons": [lesson_as_json(lesson) for lesson in lessons.values()]}}
    with WorkerProcess(processor_seconds=600, memory_mb=2000, address_space_mb=8000) as worker:
        worker.send(request, notebook)
        reading = worker.receive(time.monotonic() + 600)["reading"]
        assert reading["lesson"] == "07_strength" and set(reading["exercise_cells"]) == {
            "check_elo_difference", "check_wilson"}
        slow = json.dumps({"nbformat": 4, "cells": [{"cell_type": "code", "source": "%%time\n" * 200_000 + "x = 1"}]})
        worker.processor_seconds = 0.0  # no time at all: reading a notebook of 200,000 cell magics goes over
        worker.send({"read": {**request["read"], "bytes": len(slow)}}, slow.encode())
        with pytest.raises(WorkerStopped) as stopped:
            worker.receive(time.monotonic() + 600)
        assert stopped.value.kind == "time" and not worker.running
        worker.processor_seconds, worker.memory_mb = 600, 1  # started again; now over its memory
        worker.send(request, notebook)
        with pytest.raises(WorkerStopped) as stopped:
            worker.receive(time.monotonic() + 600)
        assert stopped.value.kind == "memory" and not worker.running
