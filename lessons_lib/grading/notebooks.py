"""A notebook read, never run: which lesson it is, which cells hold its exercises, any tampering with the checks,
where it asks for help and the code behind its answers.

Reading a student's notebook runs none of its code: the file is parsed as JSON and each code
cell as Python text (``ast``). ``grade`` reads it in its worker (:mod:`lessons_lib.grading.check_worker`),
a process of the grader's own with the notebook's time and memory limits, never in the grader's own
process: a notebook made to be slow or huge to parse costs the grader nothing; what the reading
found comes back as a summary (:func:`summary`), checked field by field (:func:`from_summary`).
(The runner in the sandbox reads it too, only to know which cells to run.) A lesson's exercises
are its checks: the cells that call a ``check_...`` function as a statement, such as
``check_minimax(minimax)``. A notebook has **tampered** with a check when its code defines,
assigns or imports a check (or the ``Feedback`` it returns) otherwise than the lesson does, uses
a check otherwise than by calling it (or handing it to ``help``, ``hint`` or ``solution``), looks
names up by text built as it runs, reaches the notebook's names from outside (``__main__``,
``builtins``), or reaches into ``lessons_lib.exercises`` in any other way; the runner also watches
for it while the cells run.
"""

from __future__ import annotations

import ast
import json
import math
import re
import stat
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from lessons_lib.exercises.answer_code import AnswerCode, python_tree, read_answers
from lessons_lib.grading.help_calls import HELP, built_lookup, help_calls

LESSONS_FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
"""The suite's lesson notebooks, beside the package in a copy of the repository."""
EXERCISES = "lessons_lib.exercises"
MAX_NOTEBOOK_BYTES = 50 * 2**20
"""The largest notebook read (50 MB): a lesson with all its pictures is a few MB."""
SKIP_TAG = "nbval-skip"
"""The tag of the cells that regenerate data for hours: never run when grading either."""


class NotGradable(ValueError):
    """A file that cannot be graded as a lesson, with why in one line."""


@dataclass(frozen=True)
class Lesson:
    """One lesson of the suite, as the grader needs it.

    ``exercises`` are its check functions in the order they come; ``imports`` the (module, name)
    pairs it imports from ``lessons_lib.exercises``; ``skipped`` the sources of its cells tagged
    ``nbval-skip``; ``titles`` each exercise's title, from the lesson's heading above its cell
    (``Exercise 2: write minimax``), by check; ``given`` the shape (:func:`code_shape`) of the code each check is
    handed in the lesson as released, before any work on it, by check.
    """

    name: str
    exercises: tuple[str, ...]
    imports: frozenset[tuple[str, str]]
    skipped: frozenset[str]
    titles: tuple[tuple[str, str], ...] = ()
    given: tuple[tuple[str, str], ...] = ()

    def title(self, check: str) -> str:
        """The exercise's title (its check's name where the lesson has no heading for it)."""
        return dict(self.titles).get(check, check)

    def as_given(self, check: str, source: str | None) -> bool:
        """Whether ``source``, the code a notebook hands to ``check``, is still the lesson's own (no work done)."""
        given = dict(self.given).get(check)
        return given is not None and source is not None and code_shape(source) == given


def code_shape(source: str) -> str:
    """What ``source`` says as Python, without its comments, blank lines and spacing (its syntax tree), or its
    words if it is not Python."""
    try:
        return ast.dump(ast.parse(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return " ".join(source.split())


@dataclass
class Reading:
    """A student's notebook as read: the code cells to run (numbered from 1 among code cells), the cell of each
    exercise, and what was found tampered with."""

    lesson: Lesson
    cells: list[tuple[int, str]]
    exercise_cells: dict[str, int]
    tampering: list[str] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    minutes: float | None = None
    solution_cells: dict[str, int] = field(default_factory=dict)
    """The first cell that shows each exercise's worked solution (``solution(check_minimax)``), by check."""
    hint_cells: dict[str, list[int]] = field(default_factory=dict)
    """The cells that ask for a hint of each exercise (``hint(check_minimax)``), a cell once for each call, by check."""
    help_unclear: list[str] = field(default_factory=list)
    """How the notebook reaches ``solution`` or ``hint`` in a way the grader cannot follow (an alias passed on, a name
    built as text...), one line each (``code cell 4 passes solution on as a value``)."""
    answer_sources: dict[str, str] = field(default_factory=dict)
    """The student's own code behind each exercise's answer (the definitions it uses, from the notebook's cells),
    by check: what a similarity report compares."""
    answers: dict[tuple[int, str], AnswerCode] = field(default_factory=dict)
    """What the answers handed to each check in each cell use, read from the cells (by cell and check)."""


def read_notebook(path: str | Path) -> dict[str, Any]:
    """The notebook at ``path`` as JSON, or :class:`NotGradable` (one line) if it is not a readable notebook."""
    path = Path(path)
    try:
        info = path.stat()
    except OSError:
        raise NotGradable("no such file") from None
    if stat.S_ISDIR(info.st_mode):
        raise NotGradable("a folder: give the notebooks in it (FOLDER/*.ipynb)")
    if not stat.S_ISREG(info.st_mode):
        raise NotGradable("not a regular file")
    if info.st_size > MAX_NOTEBOOK_BYTES:
        raise NotGradable(f"larger than {MAX_NOTEBOOK_BYTES // 2**20} MB, more than any lesson")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise NotGradable(f"cannot be read ({error.strerror})") from None
    return parse_notebook(data)


def parse_notebook(data: bytes) -> dict[str, Any]:
    """A notebook's bytes as JSON, or :class:`NotGradable` (one line) if they are not a notebook."""
    try:
        notebook = json.loads(data)
    except (ValueError, RecursionError):
        raise NotGradable("not a notebook (not JSON)") from None
    if not isinstance(notebook, dict):
        raise NotGradable("not a notebook (no cells)")
    if "nbformat" in notebook and notebook["nbformat"] != 4:
        raise NotGradable(f"not a notebook this grader reads (nbformat {str(notebook['nbformat'])[:20]}, not 4)")
    if not isinstance(notebook.get("cells"), list) or notebook.get("nbformat") != 4:
        raise NotGradable("not a notebook (no cells)")
    return notebook


def code_sources(notebook: dict[str, Any]) -> list[tuple[int, str, list[str]]]:
    """The code cells of a notebook: number (from 1), source and tags."""
    cells: list[tuple[int, str, list[str]]] = []
    for cell in notebook["cells"]:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            source = "".join(str(line) for line in source) if isinstance(source, list) else str(source)
            metadata = cell.get("metadata")
            tags = metadata.get("tags") if isinstance(metadata, dict) else None
            cells.append((len(cells) + 1, source, [str(tag) for tag in tags] if isinstance(tags, list) else []))
    return cells


def exercise_calls(tree: ast.Module) -> list[str]:
    """The check functions a cell calls as statements of its own (``check_minimax(minimax)``)."""
    return [statement.value.func.id for statement in tree.body
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
            and isinstance(statement.value.func, ast.Name) and statement.value.func.id.startswith("check_")]


def exercise_imports(tree: ast.Module) -> set[tuple[str, str]]:
    """The (module, name) pairs a cell imports from ``lessons_lib.exercises``."""
    return {(node.module, alias.name) for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(EXERCISES)
            for alias in node.names}


def load_lesson(path: Path) -> Lesson:
    """The lesson notebook at ``path``, read."""
    exercises: list[str] = []
    imports: set[tuple[str, str]] = set()
    skipped = set()
    notebook = read_notebook(path)
    for _, source, tags in code_sources(notebook):
        if SKIP_TAG in tags:
            skipped.add(source.strip())
        tree = python_tree(source)
        if tree is not None:
            exercises += [name for name in exercise_calls(tree) if name not in exercises]
            imports |= exercise_imports(tree)
    lesson = Lesson(path.stem, tuple(exercises), frozenset(imports), frozenset(skipped), exercise_titles(notebook))
    as_released = _reading(notebook, path, {lesson.name: lesson})
    given = tuple((name, code_shape(source)) for name, source in as_released.answer_sources.items())
    return replace(lesson, given=given)


EXERCISE_HEADING = re.compile(r"^(?:#+\s*(Exercise\b[^\n]*)|\*\*(Exercise\b[^*\n]*?)\.?\*\*)", re.MULTILINE)
"""A heading ``## Exercise 2: write minimax``, or a paragraph that starts ``**Exercise 2: the log loss.**``."""


def exercise_titles(notebook: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Each exercise's title, by check: the last heading that starts with "Exercise" above the first cell that
    calls the check."""
    titles: dict[str, str] = {}
    heading = None
    for cell in notebook["cells"]:
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        if cell.get("cell_type") == "markdown":
            found = EXERCISE_HEADING.findall(source)
            if found:
                heading = " ".join(found[-1]).strip()
        elif cell.get("cell_type") == "code" and heading is not None:
            tree = python_tree(source)
            for name in exercise_calls(tree) if tree is not None else []:
                titles.setdefault(name, heading)
    return tuple(titles.items())


def load_lessons(folder: Path = LESSONS_FOLDER) -> dict[str, Lesson]:
    """Every lesson of the suite by name (``03_minimax_alphabeta``); ValueError if the folder has none."""
    paths = sorted(folder.glob("[0-9][0-9]_*.ipynb"))
    if not paths:
        raise ValueError(f"no lesson notebooks in {folder}: grade runs in a copy of the repository")
    return {path.stem: load_lesson(path) for path in paths}


def which_lesson(notebook: dict[str, Any], path: Path, lessons: dict[str, Lesson]) -> Lesson:
    """The lesson a student's notebook is: the one whose checks it calls, else the one it is named after."""
    called: set[str] = set()
    for _, source, _ in code_sources(notebook):
        tree = python_tree(source)
        if tree is not None:
            called |= {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
                       and isinstance(node.func, ast.Name) and node.func.id.startswith("check_")}
    overlap = {name: len(called & set(lesson.exercises)) for name, lesson in lessons.items()}
    best = max(overlap, key=lambda name: overlap[name])
    if overlap[best]:
        return lessons[best]
    if path.stem in lessons:
        return lessons[path.stem]
    raise NotGradable("not a lesson of this suite: it calls none of the lessons' checks")


def tampering_in(tree: ast.Module, lesson: Lesson, helpers: frozenset[str] = frozenset(HELP)) -> list[str]:
    """What a cell does to the checks that a lesson never does, in words (nothing: an empty list). A check may be
    called, or handed to ``help`` and to the ``helpers`` (``hint``, ``solution`` and the names that call them);
    any other use of it (given another name, put in a list, handed to a function of the notebook's) would let a
    call of it go unread."""
    guarded = {name for _, name in lesson.imports} | {"Feedback"}
    modules = {module for module, _ in lesson.imports}
    found = [f"uses {name} otherwise than calling it" for name in _checks_passed_on(tree, lesson, helpers)]
    found += [f"looks a name up with {how} and text built as it runs" for how in _hidden_names(tree)]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(EXERCISES):
            found += [f"imports {alias.name} from {node.module}" for alias in node.names
                      if ((node.module, alias.name) not in lesson.imports or alias.asname)
                      and not (alias.name == "*" and node.module in modules)]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found += [f"imports {alias.name}" for alias in node.names if alias.name.startswith(EXERCISES)
                      or (alias.asname or alias.name) in guarded]
        elif isinstance(node, ast.Name) and node.id in guarded and not isinstance(node.ctx, ast.Load):
            found.append(f"assigns {node.id}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in guarded:
            found.append(f"defines {node.name}")
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            found += [f"declares {name} global" for name in node.names if name in guarded]
        elif isinstance(node, ast.Attribute) and (node.attr in guarded or (
                node.attr == "exercises" and isinstance(node.value, ast.Name) and node.value.id == "lessons_lib")):
            found.append(f"reaches into {node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and EXERCISES in node.value:
            found.append(f"names {node.value[:60]!r}")
        elif isinstance(node, ast.Subscript) or (isinstance(node, ast.Call) and _called(node) in DYNAMIC_ACCESS):
            parts = [node.slice] if isinstance(node, ast.Subscript) else node.args  # globals()["check_x"]
            named = [part.value for part in parts if isinstance(part, ast.Constant) and part.value in guarded]
            if named:
                found.append(f"names {named[0]!r}")
    return found


def _checks_passed_on(tree: ast.Module, lesson: Lesson, helpers: frozenset[str]) -> list[str]:
    """The checks a cell uses other than by calling them, or handing them to ``help`` or the ``helpers``."""
    fine: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            fine.add(id(node.func))
            if isinstance(node.func, ast.Name) and node.func.id in helpers | {"help"}:
                fine |= {id(argument) for argument in [*node.args, *(keyword.value for keyword in node.keywords)]}
    return list(dict.fromkeys(node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
                              and isinstance(node.ctx, ast.Load) and node.id in lesson.exercises
                              and id(node) not in fine))


def _hidden_names(tree: ast.Module) -> list[str]:
    """How a cell looks a name up by text built as it runs, or reaches the notebook's names from outside: a lookup
    that could reach a check (or any name) unread."""
    found = [found for node in ast.walk(tree) if (found := built_lookup(node)) is not None]
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"import {module}" for module in modules if module.split(".")[0] in OUTSIDE_MODULES]
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "modules" and isinstance(node.slice, ast.Constant) \
                and str(node.slice.value).split(".")[0] in OUTSIDE_MODULES:
            found.append(f"sys.modules[{node.slice.value!r}]")
    return list(dict.fromkeys(found))


OUTSIDE_MODULES = ("__main__", "builtins")
"""Modules through which code changes the notebook's names, or the built-in ones, where no cell shows it."""


DYNAMIC_ACCESS = {"setattr", "getattr", "delattr", "__setattr__", "__getattribute__", "__setitem__", "__delitem__",
                  "update", "pop", "setdefault", "get"}
"""Calls that reach a name given as text (``setattr(module, "check_x", ...)``)."""


def _called(call: ast.Call) -> str | None:
    """The name of the function a call calls (``setattr``, or ``update`` in ``globals().update``), if it has one."""
    return call.func.id if isinstance(call.func, ast.Name) else call.func.attr if isinstance(
        call.func, ast.Attribute) else None


def read_submission(path: str | Path, lessons: dict[str, Lesson], name: str | None = None) -> Reading:
    """A student's notebook read: its lesson, the cells to run, each exercise's cell, tampering; or
    :class:`NotGradable`. ``name`` is the file's name as handed in (``path``'s own, if not given)."""
    path = Path(path)
    return _reading(read_notebook(path), Path(name) if name is not None else path, lessons)


def read_handed_in(data: bytes, name: str, lessons: dict[str, Lesson]) -> Reading:
    """A student's notebook, handed in as ``data`` under the file name ``name``, read as :func:`read_submission`
    reads one."""
    if len(data) > MAX_NOTEBOOK_BYTES:
        raise NotGradable(f"larger than {MAX_NOTEBOOK_BYTES // 2**20} MB, more than any lesson")
    return _reading(parse_notebook(data), Path(name), lessons)


def _reading(notebook: dict[str, Any], path: Path, lessons: dict[str, Lesson]) -> Reading:
    lesson = which_lesson(notebook, path, lessons)
    reading = Reading(lesson, [], {}, minutes=working_minutes(notebook))
    trees: dict[int, ast.Module] = {}
    for number, source, tags in code_sources(notebook):
        if SKIP_TAG in tags or source.strip() in lesson.skipped:
            reading.skipped.append(number)
            continue
        reading.cells.append((number, source))
        tree = python_tree(source)
        if tree is None:
            continue  # it will fail with a SyntaxError when it runs: the student's mistake, not tampering
        trees[number] = tree
        for name in exercise_calls(tree):
            if name in lesson.exercises:
                reading.exercise_cells.setdefault(name, number)
    asked = help_calls(trees)
    for number, tree in trees.items():
        reading.tampering += [f"code cell {number} {what}" for what in tampering_in(tree, lesson, frozenset(asked.names))]
    reading.solution_cells = {name: min(cells) for name, cells in asked.cells["solution"].items()
                              if name in lesson.exercises}
    reading.hint_cells = {name: cells for name, cells in asked.cells["hint"].items() if name in lesson.exercises}
    reading.help_unclear = asked.unclear[:20]
    reading.answers = read_answers(reading.cells, lesson.exercises, dict(trees))
    reading.answer_sources = {name: reading.answers[(cell, name)].source for name, cell in reading.exercise_cells.items()
                              if (cell, name) in reading.answers}
    return reading


IDLE_MINUTES = 15.0
"""A pause longer than this between two cells run is a break, not work, when adding up a student's time."""


def working_minutes(notebook: dict[str, Any]) -> float | None:
    """Minutes of work the notebook's saved cell timings show: the gaps between cells run, breaks over
    :data:`IDLE_MINUTES` left out. None when it saved no timings (JupyterLab's ``recordTiming`` setting)."""
    times = []
    for cell in notebook["cells"]:
        metadata = cell.get("metadata") if isinstance(cell, dict) else None
        execution = metadata.get("execution") if isinstance(metadata, dict) else None
        started = execution.get("iopub.execute_input") if isinstance(execution, dict) else None
        if isinstance(started, str):
            try:
                times.append(datetime.fromisoformat(started.replace("Z", "+00:00")).timestamp())
            except ValueError:
                continue
    if len(times) < 2:
        return None
    times.sort()
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    return sum(gap for gap in gaps if gap <= IDLE_MINUTES * 60) / 60


# -- across the sandbox's wall: lessons in, a reading's summary out -----------------------------------


def lesson_as_json(lesson: Lesson) -> dict[str, Any]:
    """A lesson as the runner in the sandbox is given it."""
    return {"name": lesson.name, "exercises": list(lesson.exercises), "imports": sorted(lesson.imports),
            "skipped": sorted(lesson.skipped)}


def lesson_from_json(data: dict[str, Any]) -> Lesson:
    """A lesson :func:`lesson_as_json` wrote (from the grader: trusted)."""
    return Lesson(data["name"], tuple(data["exercises"]), frozenset((module, name) for module, name in data["imports"]),
                  frozenset(data["skipped"]))


def summary(reading: Reading) -> dict[str, Any]:
    """What the grader needs of a reading (not the cells themselves), as JSON."""
    return {"lesson": reading.lesson.name, "exercise_cells": reading.exercise_cells,
            "tampering": [text[:300] for text in reading.tampering[:20]], "skipped": reading.skipped,
            "minutes": reading.minutes, "solution_cells": reading.solution_cells, "hint_cells": reading.hint_cells,
            "help_unclear": [text[:300] for text in reading.help_unclear[:20]],
            "answers": [[cell, name, code.as_json()] for (cell, name), code in reading.answers.items()]}


SUMMARY_FIELDS = {"lesson", "exercise_cells", "tampering", "skipped", "minutes", "solution_cells", "hint_cells",
                  "help_unclear", "answers"}


def from_summary(data: object, lessons: dict[str, Lesson]) -> Reading:
    """The reading a :func:`summary` describes, checked field by field; ValueError if anything in it is not what a
    summary holds."""
    if not isinstance(data, dict) or set(data) != SUMMARY_FIELDS:
        raise ValueError("not a reading's summary")
    lesson = lessons.get(data["lesson"]) if isinstance(data["lesson"], str) else None
    cells, tampering, skipped, minutes = data["exercise_cells"], data["tampering"], data["skipped"], data["minutes"]
    solutions, hints, unclear = data["solution_cells"], data["hint_cells"], data["help_unclear"]
    if lesson is None or not isinstance(cells, dict) or not isinstance(solutions, dict) or not isinstance(hints, dict):
        raise ValueError("not a reading's summary")
    if not all(name in lesson.exercises and type(cell) is int and cell > 0
               for name, cell in [*cells.items(), *solutions.items()]):
        raise ValueError("a reading's summary with an exercise of another lesson")
    if not all(name in lesson.exercises and isinstance(numbers, list) and all(type(cell) is int for cell in numbers)
               for name, numbers in hints.items()):
        raise ValueError("a reading's summary with odd hints")
    if not (_short_lines(tampering) and _short_lines(unclear)):
        raise ValueError("a reading's summary with odd lines")
    if not isinstance(skipped, list) or not all(type(cell) is int for cell in skipped) or not (
            minutes is None or (type(minutes) in (int, float) and math.isfinite(minutes) and minutes >= 0)):
        raise ValueError("a reading's summary with odd numbers")
    reading = Reading(lesson, [], dict(cells), list(tampering), list(skipped),
                      None if minutes is None else float(minutes), dict(solutions), dict(hints), list(unclear))
    reading.answers = _answers_from(data["answers"])
    reading.answer_sources = {name: reading.answers[(cell, name)].source for name, cell in cells.items()
                              if (cell, name) in reading.answers}
    return reading


def _short_lines(lines: object) -> bool:
    return isinstance(lines, list) and len(lines) <= 20 and all(type(text) is str and len(text) <= 300
                                                                for text in lines)


def _answers_from(data: object) -> dict[tuple[int, str], AnswerCode]:
    """The answers' code a summary describes; ValueError if it is not that."""
    if not isinstance(data, list):
        raise ValueError("a reading's summary with odd answers")
    answers = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 3 and type(item[0]) is int and isinstance(item[1], str)
                and isinstance(item[2], dict)):
            raise ValueError("a reading's summary with odd answers")
        library, lookups, source = item[2].get("library"), item[2].get("lookups"), item[2].get("source")
        if not (isinstance(library, list) and all(isinstance(name, str) for name in library)
                and isinstance(lookups, list) and all(isinstance(text, str) for text in lookups)
                and isinstance(source, str)):
            raise ValueError("a reading's summary with odd answers")
        answers[(item[0], item[1])] = AnswerCode(set(library), list(lookups), source)
    return answers
