"""The sandbox's side of grading: run a student's cells one by one and report what each check said.

Started as ``python -I -m lessons_lib.grading.runner`` inside the sandbox
(:mod:`lessons_lib.grading.sandboxed`), with the student's notebook as ``submission.ipynb`` in
its working folder, it reads one JSON line on standard input, the plan: the lessons, the
notebook's name as handed in, a token, and the memory limit. It reads the notebook
(:mod:`lessons_lib.grading.notebooks`), runs its cells in an IPython shell (magics such as
``%%writefile`` work; pictures and widgets are drawn and thrown away) and answers on a copy
of its standard output, one JSON line each, every line carrying the token:

- ``{"reading": {...}}``, what reading the notebook found (:func:`~lessons_lib.grading.notebooks.summary`),
  before any of its code runs, or ``{"not_gradable": "..."}`` (and nothing more) if it is no lesson's notebook;
- ``{"start": N}`` before code cell N runs;
- ``{"error": "NameError: ...", "cell": N}`` when it fails (the next cells still run);
- ``{"check": "check_minimax", "cell": N, "passed": true, "message": "..."}`` after an exercise's cell;
- ``{"tampered": "..."}`` when a cell replaced a check or its ``Feedback``;
- ``{"done": true}`` at the end.

A student's own output goes nowhere, so it cannot pass for an answer; the token keeps a line
printed by chance from counting. (Code written to defeat this, in the student's own process,
could: see ``docs/teaching.md``.)
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any, TextIO


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


class CheckRecorder:
    """Replaces each check function of the lesson with one that remembers what it answered in its exercise's
    cell, and tells whether anything the checks are made of has been changed since."""

    def __init__(self, exercise_cells: dict[str, int], modules: dict[str, str]) -> None:
        self.exercise_cells = exercise_cells
        self.cell = 0
        self.verdicts: dict[str, dict[str, Any]] = {}
        self.feedback_class = importlib.import_module("lessons_lib.exercises.feedback").Feedback
        self.originals: dict[str, Callable[..., Any]] = {}
        for name, module_name in modules.items():
            module = importlib.import_module(module_name)
            self.originals[name] = getattr(module, name)
            setattr(module, name, self._recorder(name, self.originals[name]))
        self.snapshot = self._state()

    def _recorder(self, name: str, check: Callable[..., Any]) -> Callable[..., Any]:
        feedback_class = self.feedback_class

        def recorded(*args: Any, **kwargs: Any) -> Any:
            answer = check(*args, **kwargs)
            if self.cell == self.exercise_cells.get(name):  # what it said now, before anyone can change it
                if type(answer) is feedback_class:
                    passed = object.__getattribute__(answer, "passed")
                    message = object.__getattribute__(answer, "message")
                    self.verdicts[name] = {"passed": passed is True, "message": one_line(message)}
                else:
                    self.verdicts[name] = {"passed": False, "message": f"the check answered "
                                                                       f"{one_line(type(answer).__name__)}"}
            return answer

        recorded.__name__ = recorded.__qualname__ = name  # never functools.wraps: no way back to ``check``
        recorded.__doc__ = check.__doc__
        return recorded

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


def run_plan(plan: dict[str, Any], report: Callable[[dict[str, Any]], None]) -> None:
    """Run the plan's cells and report as the module's docstring says."""
    exercise_cells = {str(name): int(cell) for name, cell in plan["exercise_cells"].items()}
    recorder = CheckRecorder(exercise_cells, plan["modules"])
    shell = make_shell()
    tampered = False
    for number, source in plan["cells"]:
        report({"start": number})
        recorder.cell = number
        result = shell.run_cell(source, store_history=False)
        recorder.cell = 0
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            report({"error": f"{one_line(type(error).__name__)}: {one_line(error)}", "cell": number})
        replaced = recorder.replaced()
        if replaced and not tampered:
            tampered = True
            report({"tampered": f"code cell {number} replaced {replaced}"})
        for name, cell in exercise_cells.items():
            if cell == number and name in recorder.verdicts:
                report({"check": name, "cell": number, **recorder.verdicts.pop(name)})
    report({"done": True})


SUBMISSION = "submission.ipynb"
"""The student's notebook's name in the runner's working folder."""


def main() -> None:
    from lessons_lib.grading.notebooks import NotGradable, lesson_from_json, read_submission, summary
    from lessons_lib.sandbox.workload import limit_memory, prepare

    prepare()
    answers: TextIO = os.fdopen(os.dup(1), "w", buffering=1)  # the grader reads this channel only
    nothing = os.open(os.devnull, os.O_RDWR)
    os.dup2(nothing, 1)  # whatever else writes to standard output or error is lost
    os.dup2(nothing, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")
    plan = json.loads(sys.stdin.readline())
    token = plan["token"]
    os.environ.update(plan["environment"])
    limit_memory(int(plan["memory_mb"]))

    quote = encode_basestring_ascii
    write = answers.write

    def report(event: dict[str, Any]) -> None:
        write(json_line({"token": token, **event}, quote) + "\n")

    lessons = {lesson["name"]: lesson_from_json(lesson) for lesson in plan["lessons"]}
    try:
        reading = read_submission(SUBMISSION, lessons, plan["name"])
    except NotGradable as error:
        report({"not_gradable": one_line(error)})
        return
    except BaseException as error:  # a notebook that makes the reading itself fail (no student code has run)
        report({"not_gradable": f"cannot be read ({one_line(type(error).__name__)})"})
        return
    write(json.dumps({"token": token, "reading": summary(reading)}) + "\n")  # before any student code runs
    modules = {name: module for module, name in reading.lesson.imports if name in reading.exercise_cells}
    try:
        run_plan({"cells": reading.cells, "exercise_cells": reading.exercise_cells, "modules": modules}, report)
    except MemoryError:
        report({"failed": "ran out of memory"})
    except BaseException as error:  # whatever a student's code did to the runner
        report({"failed": f"{type(error).__name__}: {one_line(error)}"})


if __name__ == "__main__":
    main()
