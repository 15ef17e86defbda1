"""Help in steps, as in Kaggle's learn exercises: ``hint(check)`` gives one more hint each time it is called, and
``solution(check)`` shows the worked solution.

>>> _hints_given.clear()  # a fresh kernel
>>> print(hint(check_name="check_ucb1"))
Hint 1 of 3 for check_ucb1: UCB1 is the child's win rate plus an exploration term. Call hint(check_ucb1) again for the next one.

``grade`` reports, for each exercise, whether the notebook showed the worked solution at or above the exercise's
cell (it reads the calls of ``solution`` in the notebook's code).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lessons_lib.exercises.hints import HINTS

SOLUTIONS_FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "solutions"
"""The worked solutions, beside the lessons in a copy of the repository (a teacher's release leaves them out)."""

_hints_given: dict[str, int] = {}
"""How many hints of each exercise this kernel has shown."""


@dataclass(frozen=True)
class Help:
    """Text shown in a notebook (as Markdown) or printed."""

    text: str

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return self.text


def _name(check: Callable[..., Any] | str | None, check_name: str | None) -> str:
    """The check's name (``check_minimax``), from the check or its name; ValueError if no exercise has it."""
    name = check_name or (check if isinstance(check, str) else getattr(check, "__name__", None))
    if not isinstance(name, str) or name not in HINTS:
        raise ValueError(f"{name or check!r} is not an exercise's check: give the check the exercise calls, "
                         f"for example hint(check_minimax)")
    return name


def hint(check: Callable[..., Any] | str | None = None, *, check_name: str | None = None) -> Help:
    """The next hint of the exercise whose check is ``check`` (one more each call; after the last, where to go)."""
    name = _name(check, check_name)
    hints, given = HINTS[name], _hints_given.get(name, 0)
    if given >= len(hints):
        return Help(f"No more hints for {name}: solution({name}) shows the worked solution (and grade will say "
                    f"that it was shown).")
    _hints_given[name] = given + 1
    more = f" Call hint({name}) again for the next one." if given + 1 < len(hints) else ""
    return Help(f"Hint {given + 1} of {len(hints)} for {name}: {hints[given]}{more}")


def solution(check: Callable[..., Any] | str | None = None, *, check_name: str | None = None) -> Help:
    """The worked solution of the exercise whose check is ``check``: its explanation and its code, from
    ``notebooks/solutions``."""
    name = _name(check, check_name)
    if not SOLUTIONS_FOLDER.is_dir():
        return Help("This copy of the lessons has no worked solutions (your teacher's release leaves them out): "
                    "ask your teacher.")
    for path in sorted(SOLUTIONS_FOLDER.glob("[0-9][0-9]_*.ipynb")):
        found = worked_solution(path, name)
        if found is not None:
            explanation, code = found
            return Help(f"**Worked solution of {name}** (from `notebooks/solutions/{path.name}`)\n\n{explanation}\n\n"
                        f"```python\n{code}\n```")
    return Help(f"No worked solution of {name} was found in notebooks/solutions.")


def worked_solution(path: Path, name: str) -> tuple[str, str] | None:
    """(the Markdown just above, the code) of the solution notebook at ``path`` for the check ``name``: the code
    cells from that Markdown down to the first that calls the check as a statement; None if no cell does."""
    explanation, code = "", list[str]()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown":
            explanation, code = source, []
        elif cell["cell_type"] == "code":
            code.append(source)
            if _calls(source, name):
                return explanation, "\n\n".join(code)
    return None


def _calls(source: str, name: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
               and node.value.func.id == name for node in tree.body)
