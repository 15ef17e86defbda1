"""Answers to lesson 11's checks: the PUCT score, the policy's target and the value's target."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from lessons_lib.agents.mcts import puct_scores
from lessons_lib.exercises.alphazero_in_miniature import (
    WRONG_PUCT, WRONG_VALUE, check_puct_score, check_value_target, check_visit_target, puct_score, value_target,
    visit_target,
)
from catalogue import Answer, partly, right, wrong


def student_puct(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    if visits == 0:
        q = 0.5
    else:
        q = wins / visits
    return q + c * prior * math.sqrt(parent_visits) / (1 + visits)


def divides_by_visits(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    return wins / visits + c * prior * math.sqrt(parent_visits) / visits


def student_visit_target(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [visits.get(move, 0) / total for move in moves]


def numpy_visit_target(moves: list[str], visits: dict[str, int]) -> Any:
    import numpy as np

    counts = np.array([visits.get(move, 0) for move in moves], dtype=float)
    return counts / counts.sum()


def only_tried(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [count / total for count in visits.values()]


def most_visited_only(moves: list[str], visits: dict[str, int]) -> list[float]:
    best = max(visits, key=lambda move: visits[move])
    return [1.0 if move == best else 0.0 for move in moves]


def by_number_of_moves(moves: list[str], visits: dict[str, int]) -> list[float]:
    return [visits.get(move, 0) / len(moves) for move in moves]


def softmax_of_visits(moves: list[str], visits: dict[str, int]) -> list[float]:
    exponentials = [math.exp(visits.get(move, 0)) for move in moves]
    return [each / sum(exponentials) for each in exponentials]


def key_error(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [visits[move] / total for move in moves]


def uniform(moves: list[str], visits: dict[str, int]) -> list[float]:
    return [1 / len(moves)] * len(moves)


def student_value_target(winner: int | None, player: int) -> float:
    if winner is None:
        return 0.5
    return 1.0 if winner == player else 0.0


ANSWERS: list[Answer] = [
    right(check_puct_score, "as a student writes it", student_puct),
    right(check_puct_score, "in one line", lambda w, n, p, big, c: (w / n if n else 0.5)
          + c * p * big ** 0.5 / (n + 1)),
    *[wrong(check_puct_score, name, hint, formula) for name, (formula, hint) in WRONG_PUCT.items()],
    wrong(check_puct_score, "n in place of 1 + n, as a student writes it", "divide by 1 + visits", divides_by_visits),
    wrong(check_puct_score, "text", "give a number", lambda w, n, p, big, c: "high"),
    wrong(check_puct_score, "the exploration term only", "PUCT = wins / visits",
          lambda w, n, p, big, c: c * p * math.sqrt(big) / (1 + n)),
    wrong(check_puct_score, "the check's own", "write it yourself: this calls puct_score", puct_score),
    wrong(check_puct_score, "the library's scores", "write it yourself: this calls puct_scores",
          lambda w, n, p, big, c: puct_scores(None, None)),  # type: ignore[arg-type]
    right(check_visit_target, "as a student writes it", student_visit_target),
    right(check_visit_target, "with numpy", numpy_visit_target),
    wrong(check_visit_target, "the tried moves only", "one share for every legal move", only_tried),
    wrong(check_visit_target, "the most visited move only", "not the most visited move alone", most_visited_only),
    wrong(check_visit_target, "divided by the number of moves", "divide each move's visits by the total",
          by_number_of_moves),
    wrong(check_visit_target, "a softmax of the visits", "not a softmax", softmax_of_visits),
    wrong(check_visit_target, "visits[move] for a move never tried", "visits.get(move, 0)", key_error),
    wrong(check_visit_target, "every move alike", "its visits divided by the total", uniform),
    wrong(check_visit_target, "a number", "give a list of numbers", lambda moves, visits: 1.0),
    wrong(check_visit_target, "the check's own", "write it yourself: this calls visit_target", visit_target),
    right(check_value_target, "as a student writes it", student_value_target),
    right(check_value_target, "in one line", lambda winner, player: 0.5 if winner is None else int(winner == player)),
    right(check_value_target, "as fractions", lambda winner, player: Fraction(1, 2) if winner is None
          else Fraction(int(winner == player))),
    *[wrong(check_value_target, name, hint, formula) for name, (formula, hint) in WRONG_VALUE.items()],
    wrong(check_value_target, "always a draw", "1 if the player to move won", lambda winner, player: 0.5),
    partly(check_value_target, "a draw scored 0 (right on 4 cases of 6)", "a draw counts ½", 4 / 6,
           lambda winner, player: float(winner == player)),
    wrong(check_value_target, "crashes on a draw", "raised TypeError", lambda winner, player: 1 - abs(winner - player)),
    wrong(check_value_target, "the check's own", "write it yourself: this calls value_target", value_target),
]
