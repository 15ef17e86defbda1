"""Notebook 04: the material-and-mobility evaluation in parts, evaluation matches, and the two checks."""

from __future__ import annotations

from typing import Any

import pytest

from lessons_lib.agents.evaluation import material_evaluation, material_mobility_evaluation, material_mobility_terms
from lessons_lib.board import COORDINATES
from lessons_lib.exercises.evaluation import (
    MISTAKES, _test_positions, check_evaluation, check_material_mobility_evaluation, check_seed_evaluation,
)
from lessons_lib.measurements import evaluation_match
from lessons_lib.state import Position


def test_the_terms_add_up_to_the_seed_evaluation() -> None:
    for position in _test_positions():
        for player in (0, 1):
            assert material_mobility_terms(position, player).total == material_mobility_evaluation(position, player)


def test_the_test_positions_include_chains_for_each_side() -> None:
    chains = [p for p in _test_positions() if p.pending]
    assert {p.to_move for p in chains} == {0, 1}


def test_rebuilding_the_seed_evaluation() -> None:
    assert check_material_mobility_evaluation(material_mobility_evaluation).passed
    assert check_seed_evaluation is check_material_mobility_evaluation  # the old name still works
    assert "raised ZeroDivisionError" in check_material_mobility_evaluation(lambda p, pl: 1 / 0).message


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_mistake_gets_its_own_hint(mistake: str) -> None:
    compute, hint = MISTAKES[mistake]
    feedback = check_material_mobility_evaluation(compute)
    assert not feedback.passed and hint in feedback.message


def progress_evaluation(position: Position, player: int) -> float:
    def progress(side: int) -> int:
        rows = [COORDINATES[point][0] for point in position.pieces(side)]
        return sum(6 - row for row in rows) if side == 0 else sum(row + 2 for row in rows)

    material = position.piece_count(player) - position.piece_count(1 - player)
    return 10 * material + (progress(player) - progress(1 - player)) / 4


def test_a_match_is_seeded_and_adds_up() -> None:
    report = evaluation_match(material_evaluation, depth=1, openings=3)
    assert report.games == 6 == report.wins + report.draws + report.losses
    assert repr(report) == repr(evaluation_match(material_evaluation, depth=1, openings=3))
    assert report.wins == 6  # the horizon trap: the material-and-mobility evaluation gives pieces away at depth 1


def test_a_failing_evaluation_stops_the_match_with_a_message() -> None:
    report = evaluation_match(lambda p, pl: {}["x"], depth=1)
    assert report.games == 0 and "raised KeyError" in repr(report)
    assert "not a number" in repr(evaluation_match(lambda p, pl: float("nan"), depth=1))


def test_an_evaluation_of_your_own() -> None:
    assert check_evaluation(progress_evaluation).passed
    assert "To pass" in check_evaluation(material_mobility_evaluation).message
    assert "gives both players the same value" in check_evaluation(lambda p, pl: 3).message
    assert "finite number" in check_evaluation(lambda p, pl: float("inf")).message
    calls: list[Any] = []
    assert "two different values" in check_evaluation(lambda p, pl: calls.append(1) or len(calls)).message
