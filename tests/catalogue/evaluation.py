"""Answers to lesson 04's checks: the material-and-mobility evaluation rebuilt, and an evaluation that beats it."""

from __future__ import annotations

import hashlib
from typing import Any

from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.games.shologuti.board import COORDINATES
from lessons_lib.exercises.evaluation import (
    MISTAKES, _test_positions, check_evaluation, check_material_mobility_evaluation,
)
from catalogue import Answer, remembered, right, wrong


def material(position: Any, player: int) -> int:
    return position.piece_count(player) - position.piece_count(1 - player)


def progress(position: Any, side: int) -> int:
    rows = [COORDINATES[point][0] for point in position.pieces(side)]
    return sum(6 - row for row in rows) if side == 0 else sum(row + 2 for row in rows)


def material_and_progress(position: Any, player: int) -> float:
    return 10 * material(position, player) + (progress(position, player) - progress(position, 1 - player)) / 4


def progress_only(position: Any, player: int) -> float:
    return progress(position, player) - progress(position, 1 - player)


def hashed(position: Any, player: int) -> int:
    """Deterministic noise: a number from the position's text."""
    return int(hashlib.sha256(f"{position} {player}".encode()).hexdigest()[:6], 16) % 21 - 10


def rebuilt(position: Any, player: int) -> int:
    opponent = 1 - player
    bonus = 1 if position.pending and position.to_move == player else 0
    return (10 * material(position, player) + position.mobility(player) - position.mobility(opponent) + bonus)


class Counter:
    """An 'evaluation' that counts its calls: a different value every time."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, position: Any, player: int) -> int:
        self.calls += 1
        return self.calls


FIXED_VALUES = {(str(position), player): material_mobility_evaluation(position, player)
                for position in _test_positions() for player in (0, 1)}

ANSWERS: list[Answer] = [
    right(check_material_mobility_evaluation, "rebuilt from its parts", rebuilt),
    wrong(check_material_mobility_evaluation, "the library's own", "write it yourself: this calls "
          "material_mobility_evaluation", material_mobility_evaluation),
    *[wrong(check_material_mobility_evaluation, name, hint, compute) for name, (compute, hint) in MISTAKES.items()],
    wrong(check_material_mobility_evaluation, "material only", "the parts here are",
          lambda position, player: 10 * material(position, player)),
    wrong(check_material_mobility_evaluation, "a crash", "raised AttributeError",
          lambda position, player: position.mobility_of(player)),
    right(check_evaluation, "material and progress", material_and_progress),
    right(check_evaluation, "material and twice the progress",
          lambda position, player: 10 * material(position, player)
          + (progress(position, player) - progress(position, 1 - player)) / 2),
    wrong(check_evaluation, "material, mobility and a quarter of the progress (mobility drowns it)",
          "Most games were drawn",
          lambda position, player: material_mobility_evaluation(position, player)
          + (progress(position, player) - progress(position, 1 - player)) / 4),
    wrong(check_evaluation, "progress only, no material", "a piece more should be better", progress_only),
    wrong(check_evaluation, "material only", "Most games were drawn", lambda p, player: 10 * material(p, player)),
    wrong(check_evaluation, "the evaluation it must beat", "Most games were drawn", material_mobility_evaluation),
    wrong(check_evaluation, "for the wrong player", "a piece more should be better",
          lambda position, player: material_and_progress(position, 1 - player)),
    wrong(check_evaluation, "the progress term always Green's", "treats the colours differently",
          lambda position, player: 10 * material(position, player) + (progress(position, 0) - progress(position, 1)) / 4),
    wrong(check_evaluation, "the progress term always Red's", "treats the colours differently",
          lambda position, player: 10 * material(position, player) + (progress(position, 1) - progress(position, 0)) / 2),
    wrong(check_evaluation, "noise", "a piece more should be better", hashed),
    wrong(check_evaluation, "a constant", "the same value everywhere", lambda position, player: 0),
    wrong(check_evaluation, "text", "finite number", lambda position, player: "10"),
    wrong(check_evaluation, "infinity", "finite number", lambda position, player: float("inf")),
    wrong(check_evaluation, "a crash", "raised ZeroDivisionError", lambda position, player: 1 / 0),
    wrong(check_evaluation, "a value that changes from call to call", "two different values", Counter()),
    wrong(check_material_mobility_evaluation, "a table of the fixed positions' values", "cases drawn with seed",
          remembered(FIXED_VALUES, lambda position, player: (str(position), player))),
]
