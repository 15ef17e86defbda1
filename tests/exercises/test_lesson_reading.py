"""In a lesson's own kernel a check reads the answer's code as ``grade`` does: the library reached by a detour
(``importlib``, ``sys.modules``, ``eval``, a built name, a default argument, ``functools.partial``, ``__call__``, a
decorator, a copied container) is refused there as in the grade, and a name defined again counts as last run."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell

SETUP = ("from lessons_lib.exercises.rules_and_game_tree import check_count_leaves\n"
         "from lessons_lib.exercises.answers import read_in_the_lesson\n"
         "import importlib, sys, functools, copy\nfrom lessons_lib.kit import perft as perft_module")
HONEST = ("def count_leaves(p, d):\n    if d == 0:\n        return 1\n"
          "    return sum(count_leaves(p.play(m), d - 1) for m in p.legal_moves())")
DETOURS = {
    "importlib": "def count_leaves(p, d):\n    return importlib.import_module('lessons_lib.kit.perft').perft(p, d)",
    "sys.modules": "def count_leaves(p, d):\n    return sys.modules['lessons_lib.kit.perft'].perft(p, d)",
    "eval": "def count_leaves(p, d):\n    return eval('perft_module.perft')(p, d)",
    "a built name": "def count_leaves(p, d):\n    return getattr(perft_module, 'per' + 'ft')(p, d)",
    "a default argument": "def count_leaves(p, d, f=perft_module.perft):\n    return f(p, d)",
    "functools.partial": "count_leaves = functools.partial(perft_module.perft)",
    "__call__": "class Counter:\n    def __call__(self, p, d):\n        return perft_module.perft(p, d)\n"
                "count_leaves = Counter()",
    "a decorator": "def counted(f):\n    return perft_module.perft\n@counted\ndef count_leaves(p, d):\n    return 0",
    "a copied container": "table = copy.deepcopy({'f': perft_module.perft})\n"
                          "def count_leaves(p, d):\n    return table['f'](p, d)",
}


@pytest.fixture
def kernel() -> Iterator[Any]:
    """A shell that keeps its history, as a lesson's kernel does (cleared after, so no other test sees it)."""
    shell = InteractiveShell.instance()
    shell.run_cell(SETUP, store_history=True)
    yield shell
    InteractiveShell.clear_instance()


def run(shell: Any, source: str) -> None:
    result = shell.run_cell(source, store_history=True)
    assert result.error_in_exec is None and result.error_before_exec is None


def checked(shell: Any) -> tuple[Any, str | None]:
    """The check's feedback on ``count_leaves`` and what the reading alone says of it, from a cell that calls it."""
    run(shell, "feedback = check_count_leaves(count_leaves)\nproblem = read_in_the_lesson('check_count_leaves')")
    return shell.user_ns["feedback"], shell.user_ns["problem"]


@pytest.mark.parametrize("detour", DETOURS)
def test_the_library_reached_by_a_detour_is_refused_by_reading_in_the_lesson(kernel: Any, detour: str) -> None:
    run(kernel, DETOURS[detour])
    feedback, problem = checked(kernel)
    assert not feedback.passed and feedback.score == 0
    assert problem is not None and ("write it yourself" in problem or "cannot read" in problem)
    assert "the cell run as [" in problem or "write it yourself" in problem


def test_an_answer_defined_again_is_read_as_last_run(kernel: Any) -> None:
    run(kernel, DETOURS["importlib"])
    assert checked(kernel)[1] is not None
    run(kernel, HONEST)
    feedback, problem = checked(kernel)
    assert problem is None and feedback.passed, feedback.message


def test_outside_a_kernel_nothing_is_read() -> None:
    from lessons_lib.exercises.answers import read_in_the_lesson

    assert read_in_the_lesson("check_count_leaves") is None


# -- every call watched ------------------------------------------------------------------------------------------

def honest_wilson(successes: float, trials: int) -> tuple[float, float]:
    import math

    z, rate = 1.959963984540054, successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def behaves_once() -> Any:
    """A wilson that is the student's own on its first call, then the library's, reached by a built name."""
    import sys

    calls = []

    def wilson(successes: float, trials: int) -> Any:
        calls.append(1)
        if len(calls) == 1:
            return honest_wilson(successes, trials)
        return getattr(sys.modules["lessons_lib.arena.ratings"], "wilson_" + "interval")(successes, trials)

    return wilson


def test_every_call_of_the_answer_is_watched_not_only_the_first() -> None:
    from lessons_lib.exercises.strength import check_wilson

    assert check_wilson.__wrapped__(behaves_once(), seed=3).passed  # type: ignore[attr-defined]  # unwatched: fooled
    feedback = check_wilson(behaves_once(), seed=3)
    assert not feedback.passed and feedback.score == 0 and "write it yourself" in feedback.message
    assert check_wilson(honest_wilson, seed=3).passed  # the check's own use of the library is not the answer's


def test_the_grades_worker_does_not_watch(monkeypatch: pytest.MonkeyPatch) -> None:
    from lessons_lib.exercises import answers
    from lessons_lib.exercises.strength import check_wilson

    monkeypatch.setattr(answers, "WATCHING", False)
    assert check_wilson(behaves_once(), seed=3).passed


def test_an_exercise_the_library_cannot_answer_is_read_in_the_lesson_too(kernel: Any) -> None:
    """check_cut_points takes a value the library does not give, but that value's code is read as the grade reads it."""
    run(kernel, "from lessons_lib.exercises.board_graph import check_cut_points\nimport networkx as nx")
    run(kernel, "from lessons_lib.games.shologuti.graph import board_graph\n"
                "cut_points = list(getattr(nx, 'articulation' + '_points')(board_graph()))")
    run(kernel, "feedback = check_cut_points(cut_points)")
    feedback = kernel.user_ns["feedback"]
    assert not feedback.passed and feedback.score == 0 and "cannot read" in feedback.message, feedback.message
    run(kernel, "cut_points = [point for point in board_graph() if not nx.is_connected("
                "board_graph().subgraph(set(board_graph()) - {point}))]")
    run(kernel, "feedback = check_cut_points(cut_points)")
    assert kernel.user_ns["feedback"].passed, kernel.user_ns["feedback"].message
