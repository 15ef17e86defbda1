"""Answers to lesson 11's checks of the loop's steps: the value's target through draws, the move self-play plays,
and the gate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from lessons_lib.arena.sprt import sprt
from lessons_lib.exercises.alphazero_in_miniature_loop import (
    WRONG_DRAW_TARGET, WRONG_GATE, WRONG_SELF_PLAY, check_draw_target, check_gate, check_self_play_move, draw_target,
    gate, self_play_move,
)
from lessons_lib.learning.self_play import move_by_visits
from catalogue import Answer, edge, right, wrong
from catalogue.alphazero_in_miniature import peeking


def student_draw_target(target: str, winner: int | None, player: int, root_value: float) -> float:
    if winner is None:
        result = 0.5
    elif winner == player:
        result = 1.0
    else:
        result = 0.0
    if target == "mixed":
        return (result + root_value) / 2
    if target == "search in draws" and winner is None:
        return root_value
    return result


def fraction_draw_target(target: str, winner: int | None, player: int, root_value: float) -> Fraction:
    result = Fraction(1, 2) if winner is None else Fraction(int(winner == player))
    if target == "mixed":
        return (result + Fraction(root_value)) / 2
    return Fraction(root_value) if target == "search in draws" and winner is None else result


def mixed_in_the_wrong_proportion(target: str, winner: int | None, player: int, root_value: float) -> float:
    result = 0.5 if winner is None else float(winner == player)
    if target == "mixed":
        return 0.75 * result + 0.25 * root_value
    return root_value if target == "search in draws" and winner is None else result


def root_in_lost_games(target: str, winner: int | None, player: int, root_value: float) -> float:
    """Search in draws also where the player lost."""
    result = 0.5 if winner is None else float(winner == player)
    if target == "mixed":
        return (result + root_value) / 2
    return root_value if target == "search in draws" and result < 1 else result


DRAW_TARGET_ANSWERS: list[Answer] = [
    right(check_draw_target, "as a student writes it", student_draw_target),
    right(check_draw_target, "as fractions", fraction_draw_target),
    right(check_draw_target, "as numpy scalars", lambda target, winner, player, value: np.float64(
        student_draw_target(target, winner, player, value))),
    right(check_draw_target, "as a decimal", lambda target, winner, player, value: Decimal(repr(
        student_draw_target(target, winner, player, value)))),
    *[wrong(check_draw_target, name, hint, formula) for name, (formula, hint) in WRONG_DRAW_TARGET.items()],
    wrong(check_draw_target, "a quarter of the root's value", "(result + root value) / 2",
          mixed_in_the_wrong_proportion),
    wrong(check_draw_target, "the root's value in lost games too", "where the game was drawn", root_in_lost_games),
    wrong(check_draw_target, "text", "give a number", lambda target, winner, player, value: "0.5"),
    wrong(check_draw_target, "peeks at the check's frames", "but the target is",
          peeking(lambda target, winner, player, value: 0.5)),
    wrong(check_draw_target, "the check's own", "write it yourself: this calls draw_target", draw_target),
]


def student_self_play_move(moves: list[str], visits: list[int], ply: int, sampled_plies: int, u: float) -> str:
    if ply < sampled_plies:
        running = 0
        for move, count in zip(moves, visits):
            running += count
            if running > u * sum(visits):
                return move
    best = 0
    for index in range(len(moves)):
        if visits[index] > visits[best]:
            best = index
    return moves[best]


def numpy_self_play_move(moves: list[str], visits: list[int], ply: int, sampled_plies: int, u: float) -> str:
    counts = np.array(visits)
    if ply < sampled_plies:
        return moves[int(np.searchsorted(np.cumsum(counts), u * counts.sum(), side="right"))]
    return moves[int(np.argmax(counts))]


def by_shares(moves: list[str], visits: list[int], ply: int, sampled_plies: int, u: float) -> str:
    """Walks the shares (floats) instead of the counts: right wherever rounding does not move a boundary."""
    if ply >= sampled_plies:
        return moves[visits.index(max(visits))]
    total = sum(visits)
    running = 0.0
    for move, count in zip(moves, visits):
        running += count / total
        if running > u:
            return move
    return moves[-1]


def last_of_the_most_visited(moves: list[str], visits: list[int], ply: int, sampled_plies: int, u: float) -> str:
    """Ties for the most visits go to the last: the cases have none, so it is right."""
    if ply < sampled_plies:
        return student_self_play_move(moves, visits, ply, sampled_plies, u)
    best = max(visits)
    return [move for move, count in zip(moves, visits) if count == best][-1]


SELF_PLAY_ANSWERS: list[Answer] = [
    right(check_self_play_move, "as a student writes it", student_self_play_move),
    right(check_self_play_move, "with numpy", numpy_self_play_move),
    right(check_self_play_move, "ties to the last", last_of_the_most_visited),
    right(check_self_play_move, "by shares", by_shares),
    wrong(check_self_play_move, "always the most visited", "drawn in proportion to its visits",
          WRONG_SELF_PLAY["always the most visited"][0]),
    wrong(check_self_play_move, "always drawn", "plays the most visited move", WRONG_SELF_PLAY["always drawn"][0]),
    wrong(check_self_play_move, "every move alike", "not 1 / the number of moves",
          WRONG_SELF_PLAY["every move alike"][0]),
    edge(check_self_play_move, "the last sampled ply", "one ply too many drawn", "ply counts from 0",
         WRONG_SELF_PLAY["one ply too many drawn"][0]),
    edge(check_self_play_move, "a boundary of the shares", "a running total that reaches u", "(>, not >=)",
         WRONG_SELF_PLAY["a running total that reaches u"][0]),
    wrong(check_self_play_move, "the move's index", "give one of the moves",
          lambda moves, visits, ply, sampled, u: visits.index(max(visits))),
    wrong(check_self_play_move, "peeks at the check's frames", "but self-play plays",
          peeking(lambda moves, visits, ply, sampled, u: moves[0])),
    wrong(check_self_play_move, "the library's draw", "write it yourself: this calls move_by_visits",
          lambda moves, visits, ply, sampled, u: move_by_visits(moves, visits, u)),
    wrong(check_self_play_move, "the check's own", "write it yourself: this calls self_play_move", self_play_move),
]


def student_gate(points: Sequence[float], most_pairs: int, llr: Callable[[list[int]], float], low: float,
                 high: float) -> tuple[bool, int]:
    counts = [0, 0, 0, 0, 0]
    pairs = 0
    while pairs < most_pairs and 2 * pairs + 1 < len(points):
        total = points[2 * pairs] + points[2 * pairs + 1]
        counts[round(2 * total)] += 1
        pairs += 1
        value = llr(counts)
        if value >= high:
            return True, pairs
        if value <= low:
            return False, pairs
    return False, pairs


def numpy_gate(points: Sequence[float], most_pairs: int, llr: Callable[[Any], float], low: float,
               high: float) -> tuple[Any, Any]:
    """Pair totals with numpy, counts as a numpy array, and numpy's bool and int in the answer."""
    games = np.asarray(points[: 2 * (len(points) // 2)], dtype=float)
    totals = games[0::2] + games[1::2]
    counts = np.zeros(5, dtype=int)
    for number, total in enumerate(totals[:most_pairs], 1):
        counts[int(round(2 * total))] += 1
        value = llr(counts)
        if value >= high or value <= low:
            return np.bool_(value >= high), np.int64(number)
    return np.bool_(False), np.int64(min(most_pairs, len(totals)))


def strict_bounds(points: Sequence[float], most_pairs: int, llr: Callable[[list[int]], float], low: float,
                  high: float) -> tuple[bool, int]:
    """> and < where the test says >= and <=: right, since no case lands on a bound exactly."""
    return student_gate(points, most_pairs, llr, low - 1e-12, high + 1e-12)


def student_gate_with_the_library(points: Sequence[float], most_pairs: int, llr: Callable[[list[int]], float],
                                  low: float, high: float) -> tuple[bool, int]:
    totals = [points[index] + points[index + 1] for index in range(0, len(points) - 1, 2)]
    steps = sprt(totals[:most_pairs], 0.0, 50.0)
    return steps[-1].verdict == "elo1", steps[-1].pairs


GATE_ANSWERS: list[Answer] = [
    right(check_gate, "as a student writes it", student_gate),
    right(check_gate, "with numpy", numpy_gate),
    right(check_gate, "strict bounds", strict_bounds),
    *[wrong(check_gate, name, hint, lambda points, most, llr, low, high, formula=formula: formula(points, most))
      for name, (formula, hint) in WRONG_GATE.items()],
    wrong(check_gate, "a verdict as text", "keep is True or False",
          lambda points, most, llr, low, high: ("keep" if student_gate(points, most, llr, low, high)[0] else "no",
                                                student_gate(points, most, llr, low, high)[1])),
    wrong(check_gate, "keep alone", "give two things",
          lambda points, most, llr, low, high: student_gate(points, most, llr, low, high)[0]),
    wrong(check_gate, "llr of the pair totals", "llr takes the five counts",
          lambda points, most, llr, low, high: (llr([points[0] + points[1]]) >= high, 1)),
    wrong(check_gate, "pairs counted from 0", "but the gate gives",
          lambda points, most, llr, low, high: (student_gate(points, most, llr, low, high)[0],
                                                student_gate(points, most, llr, low, high)[1] - 1)),
    wrong(check_gate, "peeks at the check's frames", "but the gate gives",
          peeking(lambda points, most, llr, low, high: (False, 0))),
    wrong(check_gate, "lesson 07's SPRT", "write it yourself: this calls sprt", student_gate_with_the_library),
    wrong(check_gate, "the check's own", "write it yourself: this calls gate",
          lambda points, most, llr, low, high: gate(points, most)),
]

ANSWERS: list[Answer] = [*DRAW_TARGET_ANSWERS, *SELF_PLAY_ANSWERS, *GATE_ANSWERS]
