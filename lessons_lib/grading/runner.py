"""The sandbox's side of grading: run a student's cells one by one and report what each check said.

Started as ``python -I -m lessons_lib.grading.runner`` inside the sandbox
(:mod:`lessons_lib.grading.sandboxed`), it reads one JSON line on standard input, the plan:
the cells to run (``[[number, source], ...]``), the cell of each exercise, the modules the
checks come from, a token, and the memory limit. It runs the cells in an IPython shell
(magics such as ``%%writefile`` work; pictures and widgets are drawn and thrown away) and
answers on a copy of its standard output, one JSON line each, every line carrying the token:

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

import functools
import importlib
import json
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO


def one_line(value: object, most: int = 300) -> str:
    """``value`` as text on one line, at most ``most`` characters."""
    return " ".join(str(value).split())[:most]


def make_shell() -> Any:
    """An IPython shell with no kernel and no screen: ``%matplotlib`` and GUI requests do nothing."""
    from IPython.core.interactiveshell import InteractiveShell

    class QuietShell(InteractiveShell):
        def enable_gui(self, gui: Any = None) -> None:
            """No window to show anything in."""

    return QuietShell.instance()


class CheckRecorder:
    """Replaces each check function of the lesson with one that remembers what it answered in its exercise's
    cell, and tells whether a check (or ``Feedback``) was replaced since."""

    def __init__(self, exercise_cells: dict[str, int], modules: dict[str, str]) -> None:
        self.exercise_cells = exercise_cells
        self.cell = 0
        self.answers: dict[str, Any] = {}
        feedback_module = importlib.import_module("lessons_lib.exercises.feedback")
        self.feedback_module = feedback_module
        self.feedback_class = feedback_module.Feedback
        self.recorders: dict[tuple[str, str], Callable[..., Any]] = {}
        for name, module_name in modules.items():
            module = importlib.import_module(module_name)
            recorder = self._recorder(name, getattr(module, name))
            setattr(module, name, recorder)
            self.recorders[(module_name, name)] = recorder

    def _recorder(self, name: str, check: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(check)
        def recorded(*args: Any, **kwargs: Any) -> Any:
            answer = check(*args, **kwargs)
            if self.cell == self.exercise_cells.get(name):
                self.answers[name] = answer
            return answer

        return recorded

    def replaced(self) -> str | None:
        """Which check (or ``Feedback``) is no longer the lesson's own, if any."""
        if sys.modules.get("lessons_lib.exercises.feedback") is not self.feedback_module \
                or self.feedback_module.Feedback is not self.feedback_class:
            return "Feedback"
        for (module_name, name), recorder in self.recorders.items():
            module = sys.modules.get(module_name)
            if module is None or getattr(module, name, None) is not recorder:
                return name
        return None

    def verdict(self, name: str) -> dict[str, Any]:
        """What the check of exercise ``name`` answered in its cell: passed, and its message."""
        answer = self.answers.pop(name, None)
        if type(answer) is not self.feedback_class:
            return {"passed": False, "message": f"the check answered {one_line(repr(answer), 80)}, not a Feedback"}
        return {"passed": answer.passed is True, "message": one_line(answer.message)}


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
            report({"error": f"{type(error).__name__}: {one_line(error)}", "cell": number})
        replaced = recorder.replaced()
        if replaced and not tampered:
            tampered = True
            report({"tampered": f"code cell {number} replaced {replaced}"})
        for name, cell in exercise_cells.items():
            if cell == number and name in recorder.answers:
                report({"check": name, "cell": number, **recorder.verdict(name)})
    report({"done": True})


def main() -> None:
    from lessons_lib.arena.processes import end_with_parent
    from lessons_lib.arena.sandbox import _leave_the_arenas_keyring, _limit_memory

    end_with_parent()
    _leave_the_arenas_keyring()
    answers: TextIO = os.fdopen(os.dup(1), "w", buffering=1)  # the grader reads this channel only
    nothing = os.open(os.devnull, os.O_RDWR)
    os.dup2(nothing, 1)  # whatever else writes to standard output or error is lost
    os.dup2(nothing, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")
    plan = json.loads(sys.stdin.readline())
    token = plan["token"]
    os.environ.update(plan["environment"])
    _limit_memory(int(plan["memory_mb"]))

    def report(event: dict[str, Any]) -> None:
        answers.write(json.dumps({"token": token, **event}) + "\n")

    try:
        run_plan(plan, report)
    except MemoryError:
        report({"failed": "ran out of memory"})
    except BaseException as error:  # whatever a student's code did to the runner
        report({"failed": f"{type(error).__name__}: {one_line(error)}"})


if __name__ == "__main__":
    main()
