"""Checks for notebook 11, AlphaZero in miniature: the PUCT score, the policy's target and the value's target."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from lessons_lib.agents.mcts import PUCT_C, UNTRIED_VALUE
from lessons_lib.exercises.answers import refusal
from lessons_lib.exercises.feedback import (
    Cases, Feedback, as_number, call_for_number, call_safely, case_seed, drawn_with, items_of, shown,
)


def puct_score(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    """The reference PUCT score of one move: its win rate (a draw's 0.5 if untried) plus c · prior · √N / (1 + n)."""
    rate = wins / visits if visits else UNTRIED_VALUE
    return rate + c * prior * math.sqrt(parent_visits) / (1 + visits)


def puct_cases(seed: int) -> list[tuple[float, int, float, int, float]]:
    """(wins, visits, prior, parent's visits, c), drawn with ``seed``: untried moves, a first visit, the project's
    constant and others, wins in half points."""
    rng = random.Random(seed)
    cases = []
    for c in (PUCT_C, PUCT_C, round(rng.uniform(0.2, 3.0), 2), 0.0, PUCT_C, round(rng.uniform(0.2, 3.0), 2)):
        visits = rng.randint(1, 60)
        cases.append((rng.randint(0, 2 * visits) / 2, visits, round(rng.uniform(0.01, 0.9), 3),
                      visits + rng.randint(1, 400), c))
    cases.insert(1, (0.0, 0, round(rng.uniform(0.05, 0.9), 3), rng.randint(1, 50), PUCT_C))  # untried
    cases.insert(3, (0.0, 0, round(rng.uniform(0.05, 0.9), 3), 1, PUCT_C))  # untried, at a node's first choice
    return cases


WRONG_PUCT: dict[str, tuple[Callable[[float, int, float, int, float], float], str]] = {
    "UCB1's logarithm": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * p * math.sqrt(math.log(big) / (1 + n)),
                         "PUCT has no logarithm: c · prior · √N / (1 + n)."),
    "no prior": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * math.sqrt(big) / (1 + n),
                 "multiply the exploration by the move's prior: the policy's chance for it."),
    "the whole fraction under the root": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * p * math.sqrt(big / (1 + n)),
                                          "only the parent's visits go under the square root: √N / (1 + n)."),
    "no square root": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * p * big / (1 + n),
                       "take the square root of the parent's visits: √N."),
    "an untried move counts 0": (lambda w, n, p, big, c: (w / n if n else 0.0) + c * p * math.sqrt(big) / (1 + n),
                                 "a move not tried yet has no win rate: count it as a draw's, 0.5."),
    "an untried move counts 1": (lambda w, n, p, big, c: (w / n if n else 1.0) + c * p * math.sqrt(big) / (1 + n),
                                 "a move not tried yet has no win rate: count it as a draw's, 0.5."),
    "visits in place of 1 + visits": (lambda w, n, p, big, c: w / n + c * p * math.sqrt(big) / n if n else math.inf,
                                      "divide by 1 + visits, not by visits: an untried move has 0 visits."),
    "wins, not the win rate": (lambda w, n, p, big, c: (w if n else 0.5) + c * p * math.sqrt(big) / (1 + n),
                               "the first term is the win rate, wins / visits."),
}


def check_puct_score(student_puct: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``puct(wins, visits, prior, parent_visits, c)`` on tried and untried moves, drawn with
    ``seed`` (fresh ones when None)."""
    refused = refusal(student_puct, "check_puct_score", "the PUCT score")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for wins, visits, prior, parent, c in cases.each(puct_cases(seed)):
        answer, failure = call_for_number(student_puct, wins, visits, prior, parent, c)
        call = f"puct(wins={wins:g}, visits={visits}, prior={prior:g}, parent_visits={parent}, c={c:g})"
        if failure:
            untried = (" A move not tried yet has 0 visits: PUCT divides by 1 + visits, and counts its win rate "
                       "as a draw's, 0.5." if visits == 0 else "")
            cases.failed_call(f"{call} {failure}.{untried}{drawn_with(seed)}", student_puct, failure)
            continue
        expected = puct_score(wins, visits, prior, parent, c)
        if math.isclose(answer, expected, rel_tol=1e-9, abs_tol=1e-12):
            cases.passed()
            continue
        hint = next((hint for wrong, hint in WRONG_PUCT.values()
                     if math.isclose(answer, wrong(wins, visits, prior, parent, c), rel_tol=1e-9, abs_tol=1e-12)),
                    "PUCT = wins / visits (0.5 for an untried move) + c · prior · √N / (1 + visits).")
        cases.failed(f"{call} gave {answer:.6g} but PUCT is {expected:.6g}: {hint}{drawn_with(seed)}")
    return cases.feedback("the PUCT score the project's MCTS uses. An untried move is scored too: with a high "
                            "prior it is chosen before moves already tried, which is how the policy steers the search.")


def visit_target(moves: Sequence[str], visits: dict[str, int]) -> list[float]:
    """The reference policy target: each legal move's share of the root's visits (0 for a move never tried)."""
    total = sum(visits.values())
    return [visits.get(move, 0) / total for move in moves]


def visit_cases(seed: int) -> list[tuple[list[str], dict[str, int]]]:
    """Legal moves and the root's visits, drawn with ``seed``: some moves never tried, one move, a lopsided search."""
    rng = random.Random(seed)
    cases = []
    for size, tried in ((6, 3), (4, 4), (1, 1), (9, 5), (3, 2)):
        moves = [f"{rng.randint(1, 37)}-{rng.randint(1, 37)}#{index}" for index in range(size)]
        chosen = rng.sample(moves, tried)
        cases.append((moves, {move: rng.randint(1, 80) for move in chosen}))
    moves = ["a", "b", "c"]
    cases.append((moves, {"a": 97, "b": 2, "c": 1}))
    return cases


def check_visit_target(student_target: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``visit_target(moves, visits)``: a share for each legal move, in order, from the root's
    visit counts ``visits`` (a dict; a move the search never tried is not in it)."""
    refused = refusal(student_target, "check_visit_target", "the policy's target")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for moves, visits in cases.each(visit_cases(seed)):
        answer, failure = call_safely(student_target, list(moves), dict(visits))
        call = f"visit_target({moves}, {visits})"
        if failure:
            extra = (" A move the search never tried is not in visits: its share is 0 (visits.get(move, 0))."
                     if failure.startswith("raised KeyError") else "")
            cases.failed_call(f"{call} {failure}.{extra}{drawn_with(seed)}", student_target, failure)
            continue
        shares = _shares(answer)
        if isinstance(shares, str):
            cases.failed(f"{call} gave {shown(answer)}: give a list of numbers, one a legal move.{shares}"
                         f"{drawn_with(seed)}")
            continue
        if len(shares) != len(moves):
            count = f"{len(shares)}" if len(shares) <= MOST_SHARES else f"more than {MOST_SHARES}"
            cases.failed(f"{call} gave {count} numbers for {len(moves)} legal moves: one share for every legal move, "
                         f"in order, 0 for a move the search never tried.{drawn_with(seed)}")
            continue
        expected = visit_target(moves, visits)
        if all(math.isclose(share, want, abs_tol=1e-9) for share, want in zip(shares, expected)):
            cases.passed()
            continue
        cases.failed(f"{call} gave {shown([round(share, 4) for share in shares], 200)} but the target is "
                     f"{[round(share, 4) for share in expected]}: {visit_hint(moves, visits, shares)}"
                     f"{drawn_with(seed)}")
    return cases.feedback("the policy's target: how the search spread its visits, which the policy learns to "
                            "predict, so that the next search starts where this one ended.")


MOST_SHARES = 1000
"""The most shares an answer is read for (a position has a few dozen legal moves at most)."""


def _shares(answer: Any) -> list[float] | str:
    """A policy target as floats (at most :data:`MOST_SHARES` + 1 of them), or what is wrong with it ("" if it is
    no list)."""
    items = items_of(answer, MOST_SHARES)
    if items is None:
        return ""
    shares = []
    for item in items:
        share, problem = as_number(item)
        if problem:
            return f" One of them is {shown(item, 40)}: {problem}"
        shares.append(share)
    return shares


def visit_hint(moves: Sequence[str], visits: dict[str, int], shares: Sequence[float]) -> str:
    """What a wrong target's mistake is, in words."""
    counts = [visits.get(move, 0) for move in moves]
    if sorted(shares) == sorted([1.0] + [0.0] * (len(moves) - 1)):
        return ("the target is every move's share of the visits, not the most visited move alone: the policy learns "
                "how the search spread its visits.")
    total = sum(shares)
    if not math.isclose(total, 1.0, abs_tol=1e-6):
        return f"the shares add up to {total:.4g}: divide each move's visits by the total of the visits."
    exponentials = [math.exp(count) for count in counts]
    if all(math.isclose(share, each / sum(exponentials), abs_tol=1e-9) for share, each in zip(shares, exponentials)):
        return "the shares are visits / total visits, not a softmax of the visits."
    return "each move's share is its visits divided by the total of the visits, in the order of the moves."


def value_target(winner: int | None, player: int) -> float:
    """The reference value target: the game's result for ``player``, the player to move: 1, ½ for a draw, 0."""
    return 0.5 if winner is None else 1.0 if winner == player else 0.0


VALUE_CASES = [(winner, player) for winner in (0, 1, None) for player in (0, 1)]

WRONG_VALUE: dict[str, tuple[Callable[[int | None, int], float], str]] = {
    "player 0's result": (lambda winner, player: 0.5 if winner is None else float(winner == 0),
                          "the target is the result for the player to move at the position, not for player 0."),
    "a draw is a loss": (lambda winner, player: float(winner == player),
                         "a draw counts ½ for each player."),
    "a draw is a win": (lambda winner, player: 1.0 if winner is None else float(winner == player),
                        "a draw counts ½ for each player."),
    "from -1 to 1": (lambda winner, player: 0.0 if winner is None else 1.0 if winner == player else -1.0,
                     "scores here run from 0 to 1: a win 1, a draw ½, a loss 0 (AlphaZero's −1 to 1 is 2 × score − 1)."),
    "the loser's result": (lambda winner, player: 0.5 if winner is None else float(winner != player),
                           "it is 1 when the player to move went on to win."),
}


def check_value_target(student_target: Callable[..., Any]) -> Feedback:
    """Check a student's ``value_target(winner, player)``: the result, for the player to move at a position, of
    the game that position came from (``winner`` 0, 1, or None for a draw)."""
    refused = refusal(student_target, "check_value_target", "the value's target")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    cases = Cases()
    for winner, player in cases.each(VALUE_CASES):
        answer, failure = call_for_number(student_target, winner, player)
        call = f"value_target(winner={winner}, player={player})"
        if failure:
            cases.failed_call(f"{call} {failure}", student_target, failure)
            continue
        expected = value_target(winner, player)
        if cases.counted(math.isclose(answer, expected)):
            continue
        answers = {case: call_for_number(student_target, *case)[0] for case in VALUE_CASES}
        hint = next((hint for wrong, hint in WRONG_VALUE.values()
                     if all(math.isclose(answers[case], wrong(*case)) for case in VALUE_CASES)),
                    "1 if the player to move won, ½ for a draw, 0 if they lost.")
        cases.failed(f"{call} gave {answer:g} but the target is {expected:g}: {hint}")
    return cases.feedback("the value's target. Every position of a game gets one, so one game teaches the value "
                            "as many times as it has plies, each from the side of the player to move.")
