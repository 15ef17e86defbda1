"""Answers to lesson 12's check: a position's value and distance from its children's."""

from __future__ import annotations

import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from lessons_lib.exercises.solving_endgames import (
    WRONG_CLOCK, WRONG_SETTLE, check_clock_value, check_settle, clock_cases, clock_value, endgame_cases, settle,
)
from lessons_lib.games.shologuti.endgame_table import solved
from lessons_lib.kit.retrograde import GameGraph, solve
from catalogue import Answer, edge, partly, remembered, right, wrong


def student_settle(children: list[Any]) -> tuple[int, int | None]:
    winning, drawing, losing = [], False, []
    for value, distance, same_player in children:
        mine = value if same_player else -value
        if mine == 1:
            winning.append(distance)
        elif mine == 0:
            drawing = True
        else:
            losing.append(distance)
    if winning:
        return 1, min(winning) + 1
    if drawing:
        return 0, None
    if not losing:
        return -1, 0
    return -1, max(losing) + 1


def ranked_settle(children: list[Any]) -> list[Any]:
    """The best child by a rank (win soonest, then draw, then lose latest), as a list; a draw's distance 0."""
    def rank(child: Any) -> tuple[int, int]:
        value, distance, same = child
        mine = value if same else -value
        return mine, (-distance if mine == 1 else distance if mine == -1 else 0)
    if not children:
        return [-1, 0]
    value, distance, same = max(children, key=rank)
    mine = value if same else -value
    return [mine, 0 if mine == 0 else distance + 1]


def by_the_library(children: list[Any]) -> tuple[int, int]:
    solved = solve(GameGraph(movers=[0], children=[[]], finished={0: -1}))
    return solved.values[0], solved.distances[0]


def crashes_with_no_move(children: list[Any]) -> tuple[int, int | None]:
    best = max((value if same else -value) for value, _, same in children)
    return student_settle(children) if best is not None else (0, None)


def peeks_at_the_check(children: list[Any]) -> Any:
    """An answer that reads what the check expects off the call stack: a local named like an expected verdict, or
    a list of cases that holds these children beside their verdict. Returns a draw when it finds nothing."""
    frame = sys._getframe(1)
    while frame is not None:
        for name, value in frame.f_locals.items():
            if name in ("expected", "verdict", "truth", "want", "wanted") and is_a_verdict(value):
                return value
            for item in value if isinstance(value, list) else []:
                if isinstance(item, tuple) and len(item) == 3 and item[1] == children and is_a_verdict(item[2]):
                    return item[2]
        frame = frame.f_back
    return 0, None


def is_a_verdict(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and value[0] in (1, 0, -1) and (
        value[1] is None or isinstance(value[1], int))


FIRST_RUN = {repr(children): settle(children) for _, children, _ in endgame_cases(0)}  # (the checks here: 1-5)
CASE_COUNT = 45
"""How many cases the check tries (the no-move one among them)."""

ANSWERS: list[Answer] = [
    right(check_settle, "as a student writes it", student_settle),
    right(check_settle, "numpy's integers", lambda children: tuple(
        None if part is None else np.int64(part) for part in student_settle(children))),
    right(check_settle, "numpy's integers, a draw's distance too", lambda children: (
        np.int64(student_settle(children)[0]), np.int64(student_settle(children)[1] or 0))),
    right(check_settle, "a list", lambda children: list(student_settle(children))),
    right(check_settle, "a numpy array", lambda children: np.array(
        [student_settle(children)[0], student_settle(children)[1] or 0])),
    right(check_settle, "plain ints from a Fraction-free count", lambda children: tuple(
        None if part is None else int(Fraction(part)) for part in student_settle(children))),
    right(check_settle, "Fractions and Decimals", lambda children: (
        Fraction(student_settle(children)[0]), Decimal(student_settle(children)[1] or 0))),
    right(check_settle, "the best child by a rank, as a list", ranked_settle),
    *[edge(check_settle, kind, name, hint, formula) if kind else wrong(check_settle, name, hint, formula)
      for name, (formula, hint, kind) in WRONG_SETTLE.items()],
    wrong(check_settle, "text", "give a pair (value, distance)", lambda children: "won"),
    wrong(check_settle, "the value alone", "give a pair (value, distance)",
          lambda children: student_settle(children)[0]),
    wrong(check_settle, "True for a win", "give a pair (value, distance)",
          lambda children: (student_settle(children)[0] == 1, student_settle(children)[1])),
    wrong(check_settle, "max() of no moves", "settle([]) is (-1, 0)", crashes_with_no_move),
    wrong(check_settle, "what the check expects, read off the call stack", "but the position is", peeks_at_the_check),
    wrong(check_settle, "the first run's answers in a table", "but the position is",
          remembered(FIRST_RUN, lambda children: repr(children), default=(0, None))),
    wrong(check_settle, "the check's own", "write it yourself: this calls settle", settle),
    partly(check_settle, f"a draw when there is no move (right on {CASE_COUNT - 1} cases of {CASE_COUNT})",
           "a player with no move has lost", (CASE_COUNT - 1) / CASE_COUNT,
           lambda children: student_settle(children) if children else (0, None)),
    partly(check_settle, f"lost in one when there is no move (right on {CASE_COUNT - 1} cases of {CASE_COUNT})",
           "has lost already, at distance 0", (CASE_COUNT - 1) / CASE_COUNT,
           lambda children: student_settle(children) if children else (-1, 1)),
    wrong(check_settle, "the library's retrograde analysis", "write it yourself: this calls solve", by_the_library),
]


def student_clock_value(value: int, distance: int | None, zeroing: int | None, clock: int, limit: int = 100) -> int:
    if value == 0 or zeroing is None:
        return 0
    if clock + zeroing <= limit:
        return value
    return 0


def plies_left_clock_value(value: int, distance: int | None, zeroing: int | None, clock: int,
                           limit: int = 100) -> Any:
    """The same rule read as 'the plies left are enough', answering numpy's integers."""
    plies_left = limit - clock
    return np.int64(value if zeroing is not None and zeroing <= plies_left else 0)


def by_the_engine(value: int, distance: int | None, zeroing: int | None, clock: int, limit: int = 100) -> int:
    from lessons_lib.games.shologuti.position import Position

    found = solved(Position.from_points(green=[1, 2], red=[37], to_move=0))
    return 0 if found is None else value


FIRST_CLOCK_RUN = {arguments: clock_value(*arguments) for _, arguments, _ in clock_cases(0)}

ANSWERS += [
    right(check_clock_value, "as a student writes it", student_clock_value),
    right(check_clock_value, "the plies left, as numpy's integers", plies_left_clock_value),
    right(check_clock_value, "a float with nothing after the point", lambda *arguments: float(
        student_clock_value(*arguments))),
    *[edge(check_clock_value, kind, name, hint, formula) if kind else wrong(check_clock_value, name, hint, formula)
      for name, (formula, hint, kind) in WRONG_CLOCK.items()],
    wrong(check_clock_value, "True for a win", "give the value under the clock, 1, 0 or -1",
          lambda *arguments: student_clock_value(*arguments) == 1 or None),
    wrong(check_clock_value, "the zeroing distance itself", "give the value under the clock, 1, 0 or -1",
          lambda value, distance, zeroing, clock, limit=100: zeroing if zeroing is not None else 0),
    wrong(check_clock_value, "zeroing None not looked for", "TypeError",
          lambda value, distance, zeroing, clock, limit=100: value if value and clock + zeroing <= limit else 0),
    wrong(check_clock_value, "the first run's answers in a table", "drawn with seed",
          remembered(FIRST_CLOCK_RUN, lambda *arguments: tuple(arguments), default=0)),
    wrong(check_clock_value, "the check's own", "write it yourself: this calls clock_value", clock_value),
    wrong(check_clock_value, "the engine's solved", "write it yourself: this calls solved", by_the_engine),
]
