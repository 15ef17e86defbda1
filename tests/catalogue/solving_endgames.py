"""Answers to lesson 12's check: a position's value and distance from its children's."""

from __future__ import annotations

from typing import Any

import numpy as np

from lessons_lib.exercises.solving_endgames import WRONG_SETTLE, check_settle, endgame_cases, settle
from lessons_lib.kit.retrograde import GameGraph, solve
from catalogue import Answer, partly, remembered, right, wrong


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


FIRST_RUN = {repr(children): verdict for _, children, verdict in endgame_cases(0)}  # (the checks here: 1-5)

ANSWERS: list[Answer] = [
    right(check_settle, "as a student writes it", student_settle),
    right(check_settle, "numpy's integers", lambda children: tuple(
        None if part is None else np.int64(part) for part in student_settle(children))),
    right(check_settle, "the best child by a rank, as a list", ranked_settle),
    *[wrong(check_settle, name, hint, formula) for name, (formula, hint) in WRONG_SETTLE.items()],
    wrong(check_settle, "text", "give a pair (value, distance)", lambda children: "won"),
    wrong(check_settle, "the value alone", "give a pair (value, distance)",
          lambda children: student_settle(children)[0]),
    wrong(check_settle, "True for a win", "give a pair (value, distance)",
          lambda children: (student_settle(children)[0] == 1, student_settle(children)[1])),
    wrong(check_settle, "max() of no moves", "settle([]) is (-1, 0)", crashes_with_no_move),
    wrong(check_settle, "the first run's answers in a table", "the table says",
          remembered(FIRST_RUN, lambda children: repr(children), default=(0, None))),
    wrong(check_settle, "the check's own", "write it yourself: this calls settle", settle),
    partly(check_settle, "a draw when there is no move (right on 6 cases of 7)", "a player with no move has lost",
           6 / 7, lambda children: student_settle(children) if children else (0, None)),
    wrong(check_settle, "the library's retrograde analysis", "write it yourself: this calls solve", by_the_library),
]
