"""Help in steps: every exercise has hints, given one more at a time, and a worked solution to show."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons_lib.exercises import help as exercise_help
from lessons_lib.exercises.help import hint, solution
from lessons_lib.exercises.hints import HINTS
from lessons_lib.grading.notebooks import load_lessons

EXERCISES = [name for lesson in load_lessons().values() for name in lesson.exercises]


def test_every_exercise_of_every_lesson_has_hints_and_a_worked_solution_and_nothing_else_does() -> None:
    assert sorted(HINTS) == sorted(EXERCISES)
    for name in EXERCISES:
        assert len(HINTS[name]) >= 2
        shown = solution(check_name=name).text
        assert shown.startswith(f"**Worked solution of {name}**") and f"{name}(" in shown


def test_each_call_gives_the_next_hint_and_then_points_to_the_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exercise_help, "_hints_given", {})

    def check_minimax() -> None:  # a stand-in: hint() goes by the check's name
        """The check the exercise calls."""

    given = [hint(check_minimax).text for _ in range(len(HINTS["check_minimax"]) + 1)]
    assert [text.split(":")[0] for text in given[:3]] == ["Hint 1 of 3 for check_minimax",
                                                           "Hint 2 of 3 for check_minimax",
                                                           "Hint 3 of 3 for check_minimax"]
    assert all(HINTS["check_minimax"][number] in given[number] for number in range(3))
    assert given[3].startswith("No more hints for check_minimax: solution(check_minimax)")
    assert hint("check_ucb1").text.startswith("Hint 1 of 3 for check_ucb1")  # each exercise counts on its own


def test_a_copy_without_solutions_says_so_and_an_unknown_check_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                                          tmp_path: Path) -> None:
    monkeypatch.setattr(exercise_help, "SOLUTIONS_FOLDER", tmp_path / "solutions")
    assert "has no worked solutions" in solution("check_ucb1").text
    with pytest.raises(ValueError, match="is not an exercise's check"):
        hint(print)
