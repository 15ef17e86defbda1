"""Whether a check takes a student's answer as the student's own code, before trying it on any case.

An answer that uses one of its exercise's references (the library's own versions of what the exercise asks for,
listed once in :mod:`lessons_lib.exercises.references`) is refused: "write it yourself". So is an object the check
cannot even read (asking it what it is raises). Either refusal scores 0.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import sysconfig
import types
from collections.abc import Callable
from typing import Any

from lessons_lib.exercises.answer_code import read_answers

from lessons_lib.exercises.feedback import Feedback, call_safely, error_text, kind_of
from lessons_lib.exercises.own_code import library_use, write_it_yourself
from lessons_lib.exercises.references import EXERCISES, answer_problem, references


def refusal(answer: Any, check: str, what: str, trial: tuple[Any, ...] | None = None,
            looks_like: Callable[[object], str | None] | None = None,
            labels: dict[str, str] | None = None) -> str | None:
    """Why ``check`` refuses ``answer`` before trying it: it uses one of the check's references (read from its code,
    or seen running while it is called once with the arguments ``trial``; see
    :func:`~lessons_lib.exercises.own_code.library_use` for ``looks_like`` and ``labels``), which the message calls
    the library's ``what``; or it cannot be read. None if the check may try it (an answer that is no function is
    left to the check, which says so on its first case)."""
    if not callable(answer):
        return None
    run = None if trial is None else (lambda: call_safely(answer, *trial))  # whatever the answer raises, in words
    try:
        used = library_use(answer, references(check), trial=run, looks_like=looks_like, labels=labels)
    except Exception as error:  # an object that raises when asked what it is
        return (f"the check cannot read your answer, a {kind_of(answer)}: looking at it, or at a value its code uses, "
                f"raised {kind_of(error)}: {error_text(error, 80)}. Give a function defined with def that uses "
                f"plain values.")
    return write_it_yourself(used, what) if used else None


def read_in_the_lesson(check: str) -> str | None:
    """In a lesson's kernel, why the answer handed to ``check`` by the cell now running is refused when its code is
    read as ``grade`` reads it (:func:`~lessons_lib.exercises.references.answer_problem`: the library reached
    through ``importlib``, a built name, ``sys.modules``, ``eval``...); None where it is taken, outside IPython, or
    where the cell's call cannot be found."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    history = getattr(getattr(shell, "history_manager", None), "input_hist_parsed", None)
    if not isinstance(history, list) or len(history) < 2:
        return None
    running = len(history) - 1
    cells = [(number, source) for number, source in enumerate(history) if number and isinstance(source, str)]
    code = read_answers(cells, [check], run_in_order=True).get((running, check))
    if code is None:
        return None
    exercise = EXERCISES.get(check)
    own = {} if exercise is None else {where.replace(":", "."): shown for shown, where in exercise.references.items()}
    used = sorted(own[name] for name in code.library if name in own)
    problem = write_it_yourself(used[0], exercise.what) if used and exercise else answer_problem(check, code)
    return CELL_NUMBER.sub(r"the cell run as [\1]", problem) if problem else None


CELL_NUMBER = re.compile(r"code cell (\d+)")
"""How the reading names a cell; in a kernel the number is the one JupyterLab shows beside the cell."""


WATCHING = True
"""Whether :func:`watched` watches the answer's calls (the grade's worker sets it False: there an answer runs in
the sandbox, and what it uses is read, not watched)."""
PACKAGE_FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def watched(check: Callable[..., Feedback]) -> Callable[..., Feedback]:
    """``check`` as a lesson runs it: first the answer's code is read as ``grade`` reads it
    (:func:`read_in_the_lesson`), and refused as the grade would refuse it; then every call the check makes of the
    answer is watched: if one of the exercise's references (the library's own version of the answer) runs while
    the student's code is running, the verdict is "write it yourself" (0), whatever the cases said. The check's own
    use of the references (what it compares with) does not count: only a call with the student's code between it
    and the check."""
    name = check.__name__

    @functools.wraps(check)
    def watching(answer: Any, *args: Any, **kwargs: Any) -> Feedback:
        if not WATCHING:
            return check(answer, *args, **kwargs)
        problem = read_in_the_lesson(name)
        if problem:
            return Feedback.not_yet(problem, 0.0)
        if name not in EXERCISES or not callable(answer):
            return check(answer, *args, **kwargs)
        watch = ReferenceWatch(references(name), sys._getframe())
        with watch:
            feedback = check(answer, *args, **kwargs)
        if watch.seen is None:
            return feedback
        return Feedback.not_yet(write_it_yourself(watch.seen, EXERCISES[name].what), 0.0)

    return watching


LIBRARY_FOLDERS = tuple(dict.fromkeys([PACKAGE_FOLDER, sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["purelib"],
                                       sysconfig.get_paths()["platlib"]]))
"""Where code that is not the student's lives: this package, Python's own library and the installed packages."""


class ReferenceWatch:
    """While entered (``with``), watches for one of ``forbidden`` (the exercise's references, by the name a message
    shows) starting to run with the student's code between it and the frame ``top``; :attr:`seen` names the first."""

    def __init__(self, forbidden: dict[str, object], top: types.FrameType) -> None:
        self.top = top
        self.seen: str | None = None
        self.codes: dict[int, str] = {}
        self.callables: dict[int, str] = {}
        self.kinds: dict[type, str] = {}
        for shown, item in forbidden.items():
            self.callables.setdefault(id(item), shown)
            code = getattr(item, "__code__", None)
            if isinstance(code, types.CodeType):
                self.codes.setdefault(id(code), shown)
            if isinstance(item, type):
                self.kinds.setdefault(item, shown)
                for value in vars(item).values():
                    inner = getattr(value, "__code__", None)
                    if isinstance(inner, types.CodeType):
                        self.codes.setdefault(id(inner), shown)
        self.previous: Any = None

    def __enter__(self) -> ReferenceWatch:
        self.previous = sys.getprofile()
        sys.setprofile(self._watcher())
        return self

    def __exit__(self, *exception: object) -> None:
        sys.setprofile(self.previous)

    def _watcher(self) -> Callable[[types.FrameType, str, Any], None]:
        """The profile function (called on every call and return while the check runs: kept short)."""
        codes, callables, kinds, below = self.codes, self.callables, self.kinds, self._students_code_below

        def event(frame: types.FrameType, event: str, argument: Any) -> None:
            if event == "c_call":
                shown = callables.get(id(argument)) or (kinds.get(type(getattr(argument, "__self__", None)))
                                                        if kinds else None)
                start: types.FrameType | None = frame
            elif event == "call":
                shown, start = codes.get(id(frame.f_code)), frame.f_back
            else:
                return
            if shown is not None and self.seen is None and below(start):
                self.seen = shown

        return event

    def _students_code_below(self, frame: types.FrameType | None) -> bool:
        """Whether a frame from ``frame`` up to :attr:`top` runs code that is not the library's nor Python's."""
        while frame is not None and frame is not self.top:
            if not frame.f_code.co_filename.startswith(LIBRARY_FOLDERS):
                return True
            frame = frame.f_back
        return False
