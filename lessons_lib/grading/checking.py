"""The grader's side of a check: run the lesson's own check here, asking the student's code in the sandbox.

When a student's cell calls an exercise's check, the runner in the sandbox sends the call
(``check_call``) and nothing else: the check runs here, in the grader, where no student code
runs. Its argument comes across as a value, or, for a function, as a :class:`~lessons_lib.grading.
wire.RemoteCallable` that asks the student's function each question across the wall. The
verdict is made and recorded here, then sent back for the cell to show. Whatever the student's
code does in its own process, it can only answer the check's questions; it cannot change the
check, what the check compares with, or the verdict.
"""

from __future__ import annotations

import importlib
import inspect
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from lessons_lib.grading.notebooks import Reading
from lessons_lib.grading.wire import FILE_ARGUMENTS, Call, HandedFile, Wire, WireError
from lessons_lib.sandbox.running import Message, SandboxedProcess

PROTOCOL = ("call", "result", "raised")
"""The first words of the messages of a call across the wall."""


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
    """Runs the exercises' checks of one notebook, asking its student's code across the sandbox's wall, and records
    each exercise's verdict (the first call of its check in its exercise's cell) in ``verdicts``."""

    def __init__(self, process: SandboxedProcess, token: str, reading: Reading, deadline: float,
                 verdicts: dict[str, dict[str, Any]]) -> None:
        self.process = process
        self.token = token
        self.deadline = deadline
        self.verdicts = verdicts
        self.exercise_cells = reading.exercise_cells
        self.modules = {name: module for module, name in reading.lesson.imports if name in reading.exercise_cells}
        self.wire = Wire(self._send, self._receive, trusting=False)

    def _send(self, message: dict[str, Any]) -> None:
        self.process.send(json.dumps(message), max(0.001, self.deadline - time.monotonic()))

    def _receive(self) -> dict[str, Any]:
        """The runner's next message of a call across the wall (other lines skipped); :class:`SandboxEnded` if it
        stops answering."""
        while True:
            message = self.process.receive(timeout=None)
            assert message is not None
            if message.kind != "answer":
                raise SandboxEnded(message)
            event = token_line(message.text, self.token)
            if event is not None and next(iter(event), None) in PROTOCOL:
                return event
            if event is not None and event:
                raise WireError("an event in the middle of a check")

    def check(self, event: dict[str, Any], cell: int | None) -> None:
        """Run the check ``event`` asks for; record its verdict if it is its exercise's, and send it back."""
        name = event["check_call"]
        module = self.modules.get(name)
        if module is None:
            self._send({"refused": f"{name} is not an exercise's check of this lesson"})
            return
        with tempfile.TemporaryDirectory(prefix="shologuti-check-") as folder:
            try:
                call = Call()
                args = [self.wire.decode(arg, call) for arg in event["args"]]
                if name in FILE_ARGUMENTS and len(args) > FILE_ARGUMENTS[name]:
                    args[FILE_ARGUMENTS[name]] = _local_file(args[FILE_ARGUMENTS[name]], Path(folder))
                check = getattr(importlib.import_module(module), name)
                feedback = check(*_answers_only(check, args))
            except (WireError, TypeError) as error:  # an answer that cannot be taken, or a call of the wrong shape
                self._send({"refused": f"{name}: {error}"[:300]})
                return
        passed, message = getattr(feedback, "passed", False) is True, str(getattr(feedback, "message", ""))[:2000]
        if cell is not None and self.exercise_cells.get(name) == cell and name not in self.verdicts:
            self.verdicts[name] = {"passed": passed, "message": " ".join(message.split())[:300]}
        self._send({"verdict": {"passed": passed, "message": message}})


def _local_file(value: Any, folder: Path) -> str:
    """A student's file as the check takes it: sent as bytes, saved in a folder of the grader's own; a name with no
    file behind it, a path where there is none (the check then says the file is missing). Never a file of the
    grader's own folder."""
    if isinstance(value, HandedFile):
        path = folder / (Path(value.name).name or "agent.py")
        path.write_bytes(value.data)
        return str(path)
    return str(folder / "missing" / Path(str(value)).name)


def _answers_only(check: Any, args: list[Any]) -> list[Any]:
    """The student's answers a check takes (its parameters without defaults): a check's settings (how many
    games it plays, say) are the lesson's, whatever a cell passed for them."""
    parameters = [parameter for parameter in inspect.signature(check).parameters.values()
                  if parameter.default is inspect.Parameter.empty
                  and parameter.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    if len(args) < len(parameters):
        raise TypeError(f"takes {len(parameters)} answer{'s' if len(parameters) != 1 else ''}, as the lesson calls "
                        f"it; it was given {len(args)}")
    return args[:len(parameters)]
