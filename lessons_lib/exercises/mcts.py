"""Checks for notebook 06, Monte Carlo tree search: the UCB1 formula, and a rollout policy of your own."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from lessons_lib.exercises.feedback import Feedback, call_safely, not_a_number
from lessons_lib.measurements import rollout_outcomes
from lessons_lib.rules import TRADITIONAL
from lessons_lib.state import Position

UCB_CASES = [(3.0, 5, 10, math.sqrt(2)), (0.0, 1, 1, math.sqrt(2)), (7.5, 10, 40, 1.0), (2.0, 2, 100, 0.5),
             (40.0, 50, 60, 0.0), (1.0, 4, 1000, 3.0)]
"""(wins, visits, parent's visits, c): every child has been visited at least once, as in MCTS."""

WRONG_UCB1: dict[str, tuple[Callable[[float, int, int, float], float], str]] = {
    "no square root": (lambda w, n, p, c: w / n + c * math.log(p) / n,
                       "the exploration term has a square root: c · √(ln N / n)."),
    "log10": (lambda w, n, p, c: w / n + c * math.sqrt(math.log10(p) / n),
              "use the natural logarithm, math.log, not math.log10."),
    "upside down": (lambda w, n, p, c: w / n + c * math.sqrt(math.log(n) / p),
                    "inside the square root it is ln(parent's visits) divided by the child's visits."),
    "wins only": (lambda w, n, p, c: w + c * math.sqrt(math.log(p) / n),
                  "the first term is the win rate, wins / visits, not the wins."),
    "no exploration": (lambda w, n, p, c: w / n,
                       "add the exploration term c · √(ln N / n): without it MCTS never tries moves that started "
                       "badly."),
}


def ucb1(wins: float, visits: int, parent_visits: int, c: float) -> float:
    """The reference UCB1: win rate plus c · √(ln N / n)."""
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


def check_ucb1(student_ucb1: Callable[[float, int, int, float], Any]) -> Feedback:
    """Check a student's ``ucb1(wins, visits, parent_visits, c)`` on children of every kind."""
    for wins, visits, parent, c in UCB_CASES:
        expected = ucb1(wins, visits, parent, c)
        answer, failure = call_safely(student_ucb1, wins, visits, parent, c)
        shown_c = "math.sqrt(2)" if c == math.sqrt(2) else f"{c:g}"
        call = f"ucb1(wins={wins:g}, visits={visits}, parent_visits={parent}, c={shown_c})"
        if failure:
            return Feedback.not_yet(f"{call} {failure}")
        problem = not_a_number(answer)
        if problem:
            return Feedback.not_yet(f"{call} returned {answer!r:.60}: {problem}")
        if math.isclose(answer, expected, rel_tol=1e-9, abs_tol=1e-12):
            continue
        hint = next((hint for wrong, hint in WRONG_UCB1.values()
                     if math.isclose(answer, wrong(wins, visits, parent, c), rel_tol=1e-9)),
                    "UCB1 = wins / visits + c · √(ln(parent_visits) / visits).")
        return Feedback.not_yet(f"{call} gave {answer:.6g} but UCB1 is {expected:.6g}: {hint}")
    return Feedback.correct("exactly the UCB1 the project's MCTS uses. Notice the parent with 1 visit: ln 1 = 0, "
                            "so exploration starts at nothing and grows as the parent is visited.")


MIN_DECIDED = 0.6
"""A rollout policy passes when at least this share of its rollouts from the traditional start finish."""


def check_rollout_policy(policy: Callable[[Any, random.Random, int], Any]) -> Feedback:
    """Check a student's ``policy(state, rng, max_plies) -> (last_state, plies)`` under the traditional rules."""
    start = Position.start(TRADITIONAL)
    problem = rollout_policy_problem(policy, start)
    if problem:
        return Feedback.not_yet(problem)
    tally = rollout_outcomes(start, policy, rollouts=100, seed=7)
    summary = (f"of 100 rollouts from the start (traditional rules, at most 200 plies) {sum(tally.wins)} ended "
               f"with a winner, {tally.draws} in a draw and {tally.capped} at the 200-ply cap")
    if tally.decided >= MIN_DECIDED:
        return Feedback.correct(f"{summary}. Rollouts that end tell MCTS who is winning.")
    return Feedback.not_yet(f"{summary}; at least {MIN_DECIDED:.0%} should end with a winner. Hint: when a capture "
                            f"is possible, take one (move.is_capture).")


def rollout_policy_problem(policy: Callable[[Any, random.Random, int], Any], start: Any,
                           limit: int = 50) -> str | None:
    """What is wrong with a rollout policy as a policy (of any game), or None: the shape of its answer,
    the ply limit (tried with ``max_plies=limit``, which should be shorter than a game), and seeded randomness."""
    answer, failure = call_safely(policy, start, random.Random(1), limit)
    if failure:
        return f"policy(start, rng, {limit}) {failure}"
    if not (isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[0], type(start))
            and isinstance(answer[1], int)):
        return f"policy must return (the last position, the number of plies played), not {answer!r:.80}"
    last, plies = answer
    if plies > limit:
        return f"given max_plies={limit} your rollout played {plies} plies: stop at max_plies."
    if not last.is_game_over() and plies < limit:
        return (f"your rollout stopped after {plies} plies, though the game was not over and max_plies is {limit}. "
                f"Play on until the game ends or max_plies is reached.")
    if call_safely(policy, start, random.Random(1), limit)[0] != answer:
        return ("two rollouts with the same seed ended differently: take every random choice from rng "
                "(rng.choice(moves)), never from the random module itself.")
    if call_safely(policy, start, random.Random(2), limit)[0] == answer and call_safely(
            policy, start, random.Random(3), limit)[0] == answer:
        return "rollouts with different seeds all ended the same way: a rollout should be random, choosing with rng."
    return None
