"""Checks for notebook 12, solving endgames: a position's value and distance from its moves', the rule that
retrograde analysis applies position by position.

A case is a position's children: for each legal move, ``(value, distance, same_player)``: the value of the
position the move leads to for *its* player to move (1 won, 0 drawn, −1 lost), its distance to the end in plies
(None for a draw), and whether the same player moves there again (a capture chain). The answer is the position's
own ``(value, distance)``, the distance None for a draw. The cases come from the shipped tables, so the check
compares an answer with the truth.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from lessons_lib.exercises.answers import refusal
from lessons_lib.exercises.feedback import (
    Feedback, as_whole_number, call_safely, case_seed, drawn_with, no_use_going_on, shown,
)
from lessons_lib.games.shologuti.endgame_index import class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import NO_DISTANCE, solved_parts, solved_without_clock
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

Child = tuple[int, int | None, bool]
Verdict = tuple[int, int | None]


def settle(children: Sequence[Child]) -> Verdict:
    """The reference: won if a move reaches a position lost for the opponent (or won for the same player), in 1 +
    the least such distance; else drawn if a move reaches a draw; else lost in 1 + the greatest distance (no move:
    lost at once)."""
    for_mover = [(value if same else -value, distance) for value, distance, same in children]
    wins = [distance for value, distance in for_mover if value == 1]
    if wins:
        return 1, 1 + min(d for d in wins if d is not None)
    if any(value == 0 for value, _ in for_mover):
        return 0, None
    return -1, 1 + max((d for _, d in for_mover if d is not None), default=-1)


def children_of(position: Position) -> list[Child]:
    """The case for ``position``: each legal move's child from the shipped table of its variant."""
    children: list[Child] = []
    for move in position.legal_moves():
        child = position.play(move)
        found = solved_without_clock(child)
        assert found is not None  # a position of the tables leads only to positions of the tables
        value, distance = found
        children.append((value, None if distance == NO_DISTANCE else distance, child.to_move == position.to_move))
    return children


KINDS = ("a win with wins of different lengths", "a loss with losses of different lengths", "a capture chain",
         "a win beside draws", "a draw beside losses", "any position")
"""What the drawn cases show, one of each (the check needs every kind to tell the slips apart)."""


def is_kind(kind: str, children: Sequence[Child], verdict: Verdict) -> bool:
    """Whether a position with these children and this verdict shows ``kind``."""
    for_mover = [(value if same else -value, distance) for value, distance, same in children]
    values = {value for value, _ in for_mover}
    if kind == KINDS[0]:
        return verdict[0] == 1 and len({d for v, d in for_mover if v == 1}) > 1
    if kind == KINDS[1]:
        return verdict[0] == -1 and len({d for _, d in for_mover}) > 1
    if kind == KINDS[2]:
        return any(same and value != 0 for value, _, same in children) and verdict[0] != 0
    if kind == KINDS[3]:
        return verdict[0] == 1 and 0 in values
    if kind == KINDS[4]:
        return verdict[0] == 0 and -1 in values
    return True


def endgame_cases(seed: int, variant: str = "forced") -> list[tuple[str, list[Child], Verdict]]:
    """One position of each of :data:`KINDS` from the shipped table (drawn with ``seed``), then a position with no
    move: (what it shows, its children, the table's verdict)."""
    rng = random.Random(seed)
    cases: list[tuple[str, list[Child], Verdict]] = []
    for kind in KINDS:
        while True:
            material = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (1, 3)])
            parts = parts_at(material, rng.randrange(class_size(material)))
            found = solved_parts(parts, variant)
            if found is None or (kind == KINDS[2]) != bool(parts[3]):
                continue
            position = Position(*parts, rules=Rules.named(variant))
            children = children_of(position)
            verdict = (found[0], None if found[0] == 0 else found[1])
            if children and is_kind(kind, children, verdict):
                cases.append((kind, children, verdict))
                break
    return [*cases, ("a position with no move", [], (-1, 0))]


def _flip(children: Sequence[Child], always: bool) -> list[Child]:
    """The children as a slip reads them: every value flipped (``always``) or none (the moves' values as given)."""
    return [(value, distance, not always) for value, distance, _ in children]


def _without_the_move(verdict: Verdict) -> Verdict:
    """A verdict as a slip that forgets to count the move itself gives it."""
    value, distance = verdict
    return value, None if distance is None else max(0, distance - 1)


WRONG_SETTLE: dict[str, tuple[Callable[[Sequence[Child]], Verdict], str]] = {
    "the slowest win": (lambda c: (1, 1 + max(d for v, d, s in c if (v if s else -v) == 1 and d is not None))
                        if any((v if s else -v) == 1 for v, _, s in c) else settle(c),
                        "the winner heads for the quickest win: 1 + the *smallest* distance among the winning moves."),
    "the quickest loss": (lambda c: (-1, 1 + min(d for _, d, _ in c if d is not None))
                          if c and settle(c)[0] == -1 else settle(c),
                          "the loser holds out as long as it can: 1 + the *largest* distance among its moves."),
    "no ply for the move": (lambda c: _without_the_move(settle(c)) if c else (-1, 0),
                            "count the move itself: the distance is 1 + the child's."),
    "every child's value flipped": (lambda c: settle(_flip(c, always=True)),
                                    "after a capture the same player moves again (same_player True): that child's "
                                    "value is already the mover's, so do not flip it."),
    "no child's value flipped": (lambda c: settle(_flip(c, always=False)),
                                 "a child's value is for the player to move there, the opponent: flip it "
                                 "(unless same_player is True)."),
    "a draw before a win": (lambda c: (0, None) if any(v == 0 for v, _, _ in c) else settle(c),
                            "look for a winning move first: a win is better than a draw."),
    "lost if any move loses": (lambda c: (-1, 1 + max(d for _, d, _ in c if d is not None))
                               if any((v if s else -v) == -1 for v, _, s in c) and settle(c)[0] != 1
                               else settle(c),
                               "a position is lost only when *every* move loses; one drawing move keeps the draw."),
    "no move is a draw": (lambda c: (0, None) if not c else settle(c),
                          "a player with no move has lost, at once: (-1, 0)."),
    "always a draw": (lambda c: (0, None), "most endgame positions are decided: look at the children's values."),
}


def _verdict(answer: Any) -> Verdict | None:
    """A student's answer as (value, distance), or None if it is not a pair of that shape: a list or tuple of a
    whole number 1, 0 or -1 and a whole number of plies (None for a draw; any kind of whole number, numpy's
    too, but no float), read without running anything of the answer's."""
    kind = type(answer)
    if not issubclass(kind, (tuple, list)):
        return None
    parts = tuple.__getitem__(answer, slice(0, 3)) if issubclass(kind, tuple) else list.__getitem__(answer, slice(0, 3))
    if len(parts) != 2:
        return None
    value, problem = _whole(parts[0])
    if problem or value not in (1, 0, -1):
        return None
    if value == 0:
        return 0, None
    distance, problem = _whole(parts[1])
    return None if problem else (value, distance)


def _whole(part: Any) -> tuple[int, str | None]:
    """A part of an answer as an exact whole number (an int, numpy's, a Fraction over 1; no bool, no float)."""
    kind = type(part)
    if kind is bool or not (issubclass(kind, int) or issubclass(kind, (numbers.Integral, Fraction))):
        return 0, "no whole number"
    return as_whole_number(part, floats=False)


def _same(answer: Verdict | None, expected: Verdict) -> bool:
    return answer is not None and answer[0] == expected[0] and (expected[0] == 0 or answer[1] == expected[1])


def check_settle(student_settle: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``settle(children)`` on a position with no move and on positions of the shipped table
    drawn with ``seed`` (fresh ones when None), against the table's own values."""
    refused = refusal(student_settle, "check_settle", "solution of positions")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = endgame_cases(seed)
    answers: list[Verdict | None] = []
    first_failure = None
    for kind, children, _ in cases:
        answer, failure = call_safely(student_settle, list(children))
        if failure:
            extra = " A position with no move has no children: settle([]) is (-1, 0)." if not children else ""
            first_failure = first_failure or f"settle({children}) ({kind}) {failure}.{extra}{drawn_with(seed)}"
            answers.append(None)
            if no_use_going_on(student_settle, failure):
                break
            continue
        verdict = _verdict(answer)
        if verdict is None:
            first_failure = first_failure or (
                f"settle({children}) ({kind}) gave {shown(answer)}: give a pair (value, distance), the value 1, 0 or -1 "
                f"and the distance a whole number of plies (None for a draw).{drawn_with(seed)}")
        answers.append(verdict)
    right = sum(answer is not None and _same(answer, expected) for (_, _, expected), answer in zip(cases, answers))
    if first_failure:
        return Feedback.not_yet(first_failure, right / len(answers))
    for (kind, children, expected), answer in zip(cases, answers):
        if _same(answer, expected):
            continue
        agreeing = [hint for wrong, hint in WRONG_SETTLE.values()
                    if all(_same(given, wrong(case[1])) for case, given in zip(cases, answers))]
        on_this = [hint for wrong, hint in WRONG_SETTLE.values() if _same(answer, wrong(children))]
        hint = (agreeing or on_this or ["won if a move reaches a position lost for its player (1 + the least such "
                                        "distance), else drawn if a move reaches a draw, else lost in 1 + the "
                                        "largest distance."])[0]
        return Feedback.not_yet(f"settle({children}) ({kind}) gave {shown(answer)} but the table says {expected}: "
                                f"{hint}{drawn_with(seed)}", right / len(cases))
    return Feedback.correct("the rule retrograde analysis applies to every position, here checked against the "
                            "shipped table. Applied from the finished positions backwards, in order of distance, "
                            "it solves the whole endgame.")
