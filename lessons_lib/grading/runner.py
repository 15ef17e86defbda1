"""The sandbox's side of grading: run a student's cells one by one, and let the grader ask their code each check's
questions.

Started as ``python -I -m lessons_lib.grading.runner`` inside the sandbox
(:mod:`lessons_lib.grading.sandboxed`), with the student's notebook as ``submission.ipynb`` in
its working folder, it reads one JSON line on standard input, the plan: the lessons, the
notebook's name as handed in, a token, and the memory limit. It reads the notebook
(:mod:`lessons_lib.grading.notebooks`), runs its cells in an IPython shell (magics such as
``%%writefile`` work; pictures and widgets are drawn and thrown away) and answers on a copy
of its standard output, one JSON line each, every line carrying the token:

- ``{"reading": LESSON}``, once it has read the notebook, before any of its code runs (the grader reads the
  notebook itself, in its worker: this only says the cells are about to run), or ``{"not_gradable": "..."}``
  (and nothing more) if it is no lesson's notebook;
- ``{"start": N}`` before code cell N runs;
- ``{"error": "NameError: ...", "cell": N}`` when it fails (the next cells still run);
- ``{"check_call": "check_minimax", "cell": N, "args": [...], "kwargs": {...}}`` when a cell calls an
  exercise's check: no check runs here. The grader runs it, and the student's code answers its
  questions across the sandbox's wall (:mod:`lessons_lib.grading.wire`: the grader's calls come on
  standard input, the answers go back on the channel), until the grader sends the verdict, which
  the cell gets as the check's ``Feedback``;
- ``{"tampered": "..."}`` when a cell replaced a check or its ``Feedback``;
- ``{"done": true}`` at the end.

No verdict is made here, where the student's code runs: whatever that code does to this process
(patching ``math.isclose``, digging a check out of memory, writing lines with the token), the
grader computes each verdict itself from the student's answers. A student's own output goes
nowhere; the token keeps a line printed by chance from counting.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from json.encoder import encode_basestring_ascii
from typing import Any, TextIO

from lessons_lib.grading.wire import FILE_ARGUMENTS, MAX_MESSAGE_CHARACTERS, Call, HandedFile, Wire, WireError
from lessons_lib.sandbox.workload import MemoryLimits

RUNNER_MARGIN_MB = 64
"""Memory above the notebook's limit that the runner keeps for its own work (messages, reports), so that a
notebook holding all the memory it may have still has its other cells run and reported."""


def one_line(value: object, most: int = 300) -> str:
    """``value`` as text on one line, at most ``most`` characters (even when its ``str`` fails)."""
    try:
        text = str(value)
    except BaseException:  # a student's exception whose __str__ raises
        text = f"(a {type(value).__name__} that cannot be shown)"
    return " ".join(text.split())[:most]


def make_shell() -> Any:
    """An IPython shell with no kernel and no screen: ``%matplotlib``, GUI requests and ``exit()`` do nothing."""
    from IPython.core.interactiveshell import InteractiveShell

    class QuietShell(InteractiveShell):
        def enable_gui(self, gui: Any = None) -> None:
            """No window to show anything in."""

        def ask_exit(self) -> None:
            """``exit()`` in a cell: the next cells run all the same."""

        def showtraceback(self, *args: Any, **kwargs: Any) -> None:
            """No traceback drawn: the error itself is reported, and drawing one takes memory a cell may have
            left none of."""

        def showsyntaxerror(self, *args: Any, **kwargs: Any) -> None:
            """As :meth:`showtraceback`."""

    return QuietShell.instance()


def json_line(event: dict[str, Any], quote: Callable[[str], str]) -> str:
    """``event`` (text, whole numbers and booleans only) as one line of JSON, written without the ``json``
    module, which a student's code could have changed; ``quote`` is JSON's own string quoting, kept from before.

    >>> from json.encoder import encode_basestring_ascii
    >>> json_line({"check": "check_a", "cell": 3, "passed": True}, encode_basestring_ascii)
    '{"check": "check_a", "cell": 3, "passed": true}'
    """
    def value(item: object) -> str:
        if item is True or item is False:
            return "true" if item else "false"
        if type(item) is int:
            return int.__repr__(item)
        return quote(str.__str__(item) if type(item) is str else one_line(item))

    return "{" + ", ".join(f"{quote(name)}: {value(item)}" for name, item in event.items()) + "}"


MAX_FILE_BYTES = 10 * 2**20


def too_large(message: dict[str, Any], characters: int) -> dict[str, Any]:
    """What to send instead of ``message``, too large for the grader's channel: the answer given to a check, or
    handed to one of its callables, as a value the grader refuses in words; a function's result as an error."""
    refused = {"$": "too large", "characters": characters}
    if "result" in message or "raised" in message:
        return {"raised": "ValueError", "module": "builtins", "id": message.get("id"), "synced": {},
                "message": f"an answer of {characters:,} characters, more than the grader takes "
                           f"({MAX_MESSAGE_CHARACTERS:,})"}
    return {**message, "args": [refused for _ in message.get("args", ())], "kwargs": {}}


class RemoteChecks:
    """Puts in each exercise's check, in its module, a stand-in that has the grader check: the stand-in sends the
    student's answer, answers the grader's calls of the student's functions, and gives back the grader's verdict.
    Also tells whether anything the checks are made of has been changed since (tampering)."""

    def __init__(self, modules: dict[str, str], wire: Wire, send: Callable[[dict[str, Any]], None],
                 memory: MemoryLimits | None = None) -> None:
        self.wire = wire
        self.send = send
        self.memory = memory
        self.cell = 0
        self.feedback_class = importlib.import_module("lessons_lib.exercises.feedback").Feedback
        self.originals: dict[str, Callable[..., Any]] = {}
        for name, module_name in modules.items():
            module = importlib.import_module(module_name)
            self.originals[name] = getattr(module, name)
            setattr(module, name, self._stand_in(name, self.originals[name]))
        self.snapshot = self._state()

    def _stand_in(self, name: str, check: Callable[..., Any]) -> Callable[..., Any]:
        feedback_class, wire, send = self.feedback_class, self.wire, self.send
        own_memory = self.memory.own if self.memory is not None else nullcontext

        def asked(*args: Any, **kwargs: Any) -> Any:
            with own_memory():
                return relayed(*args, **kwargs)

        def relayed(*args: Any, **kwargs: Any) -> Any:
            given = [_handed(arg) if FILE_ARGUMENTS.get(name) == number else arg for number, arg in enumerate(args)]
            call = Call()
            send({"check_call": name, "cell": self.cell, "args": [wire.encode(arg, call) for arg in given],
                  "kwargs": {str(key): wire.encode(value, call) for key, value in kwargs.items()}})
            while True:
                message = wire.receive()
                if "call" in message:
                    wire.answer(message)
                elif "verdict" in message and isinstance(message["verdict"], dict):
                    verdict = message["verdict"]
                    return feedback_class(verdict.get("passed") is True, str(verdict.get("message", "")))
                elif "refused" in message:
                    raise TypeError(str(message["refused"])[:300])
                else:
                    raise WireError("the grader's answer came out of turn")

        asked.__name__ = asked.__qualname__ = name  # never functools.wraps: no way back to ``check``
        asked.__doc__ = check.__doc__
        return asked

    def _state(self) -> list[tuple[str, object]]:
        """Everything the checks are made of, by identity: the exercises' modules and their namespaces, their
        functions' code, defaults and globals, and the ``Feedback`` class and its attributes."""
        state: list[tuple[str, object]] = []
        for module_name in sorted(name for name in sys.modules if name.startswith("lessons_lib.exercises")):
            module = sys.modules[module_name]
            state.append((module_name, module))
            for name, item in vars(module).items():
                state += [(f"{module_name}.{name}", item), *_function_parts(f"{module_name}.{name}", item)]
        for name, check in self.originals.items():
            state += _function_parts(f"the original {name}", check)
        state += [(f"Feedback.{name}", item) for name, item in vars(self.feedback_class).items()]
        return state

    def replaced(self) -> str | None:
        """The first part of the checks (a function, its code, ``Feedback``...) that is no longer what it was."""
        now = dict(self._state())
        for name, item in self.snapshot:
            if name not in now or now[name] is not item:
                return name
        return None


def _handed(path: Any) -> Any:
    """A student's file named by ``path``, as its bytes (never followed through a link); the path as it is, when
    there is no such file (the check then says so)."""
    from lessons_lib.sandbox.handins import HandinRefused, read_handin

    try:
        handin = read_handin(str(path), MAX_FILE_BYTES, "file")
    except (HandinRefused, TypeError):
        return str(path)
    return HandedFile(os.path.basename(str(path)), handin.data)


def _function_parts(name: str, item: object) -> list[tuple[str, object]]:
    """What a function is made of (code, defaults, globals, the values it closes over), if ``item`` is one."""
    code = getattr(item, "__code__", None)
    if code is None:
        return []
    parts = [(f"{name}.__code__", code), (f"{name}.__defaults__", getattr(item, "__defaults__", None)),
             (f"{name}.__kwdefaults__", getattr(item, "__kwdefaults__", None)),
             (f"{name}.__globals__", getattr(item, "__globals__", None))]
    for number, cell in enumerate(getattr(item, "__closure__", None) or ()):
        try:
            parts.append((f"{name}.__closure__[{number}]", cell.cell_contents))
        except ValueError:  # a cell not filled yet
            continue
    return parts


def run_plan(plan: dict[str, Any], report: Callable[[dict[str, Any]], None], checks: RemoteChecks,
             student_memory: Callable[[], AbstractContextManager[None]] = nullcontext) -> None:
    """Run the plan's cells (each within ``student_memory``) and report as the module's docstring says."""
    shell = make_shell()
    tampered = False
    for number, source in plan["cells"]:
        report({"start": number})
        checks.cell = number
        with student_memory():
            result = shell.run_cell(source, store_history=False)
        checks.cell = 0
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            report({"error": f"{one_line(type(error).__name__)}: {one_line(error)}", "cell": number})
        replaced = checks.replaced()
        if replaced and not tampered:
            tampered = True
            report({"tampered": f"code cell {number} replaced {replaced}"})
    report({"done": True})


SUBMISSION = "submission.ipynb"
"""The student's notebook's name in the runner's working folder."""


def main() -> None:
    from lessons_lib.sandbox.workload import limit_memory, prepare

    prepare()
    answers: TextIO = os.fdopen(os.dup(1), "w", buffering=1)  # the grader reads this channel only
    nothing = os.open(os.devnull, os.O_RDWR)
    os.dup2(nothing, 1)  # whatever else writes to standard output or error is lost
    os.dup2(nothing, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")
    plan = json.loads(sys.stdin.readline())
    os.environ.update(plan["environment"])
    memory = MemoryLimits(int(plan["memory_mb"]))
    limit_memory(memory.student_mb, RUNNER_MARGIN_MB)
    with memory.own():
        run_notebook(plan, memory, answers)


def run_notebook(plan: dict[str, Any], memory: MemoryLimits, answers: TextIO) -> None:
    """Read the notebook, then run its cells and answer the checks' calls, as the module's docstring says."""
    from lessons_lib.grading.notebooks import NotGradable, lesson_from_json, read_submission

    token = plan["token"]
    quote = encode_basestring_ascii
    write = answers.write
    dumps, loads, read = json.dumps, json.loads, sys.stdin.readline

    def report(event: dict[str, Any]) -> None:
        write(json_line({"token": token, **event}, quote) + "\n")

    def send(message: dict[str, Any]) -> None:
        line = dumps({"token": token, **message})
        if len(line) > MAX_MESSAGE_CHARACTERS:  # the grader would drop it: say so in a message it takes
            line = dumps({"token": token, **too_large(message, len(line))})
        write(line + "\n")

    def receive() -> dict[str, Any]:
        line = read()
        if not line:
            raise WireError("the grader is gone")
        message = loads(line)
        if not isinstance(message, dict):
            raise WireError("the grader's message is not an object")
        return message

    lessons = {lesson["name"]: lesson_from_json(lesson) for lesson in plan["lessons"]}
    try:
        reading = read_submission(SUBMISSION, lessons, plan["name"])
    except NotGradable as error:
        report({"not_gradable": one_line(error)})
        return
    except BaseException as error:  # a notebook that makes the reading itself fail (no student code has run)
        report({"not_gradable": f"cannot be read ({one_line(type(error).__name__)})"})
        return
    report({"reading": reading.lesson.name})  # before any student code runs
    modules = {name: module for module, name in reading.lesson.imports if name in reading.exercise_cells}
    try:
        wire = Wire(send, receive, trusting=True, around_calls=memory.student)
        checks = RemoteChecks(modules, wire, send, memory)
        run_plan({"cells": reading.cells}, report, checks, memory.student)
    except MemoryError:
        report({"failed": "ran out of memory"})
    except BaseException as error:  # whatever a student's code did to the runner
        report({"failed": f"{type(error).__name__}: {one_line(error)}"})


if __name__ == "__main__":
    main()
