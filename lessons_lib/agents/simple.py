"""The two simplest agents: random (difficulty 0) and greedy (one ply with a heuristic)."""

from __future__ import annotations

import random
from collections.abc import Hashable

from mypy_extensions import mypyc_attr

from lessons_lib.agents.base import Agent, Evaluation, Observer, SearchResult, State, Stopwatch, check_playable
from lessons_lib.agents.base import make_rng
from lessons_lib.agents.evaluation import game_evaluation, outcome_value


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent(Agent):
    """Plays a uniformly random legal move (the Shobu project's difficulty 0)."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = make_rng(seed)

    def reseed(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        stopwatch = Stopwatch()
        move = self.rng.choice(check_playable(state))
        return SearchResult(move, None, [move], 1, 0, stopwatch.elapsed())


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyAgent(Agent):
    """Looks one ply ahead: plays a move whose resulting position scores best for the mover.

    The Hus project's 'heuristic filter': keep the moves with the best heuristic
    value and pick one of them at random. A move that wins at once scores highest.
    """

    name = "greedy"

    def __init__(self, evaluate: Evaluation = game_evaluation, seed: int | random.Random | None = None) -> None:
        self.evaluate = evaluate
        self.rng = make_rng(seed)

    def reseed(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        stopwatch = Stopwatch()
        mover = state.to_move
        scored: list[tuple[float, Hashable]] = []
        for move in check_playable(state):
            child = state.play(move)
            outcome = child.outcome()
            value = float(outcome_value(outcome, mover, 1) if outcome is not None else self.evaluate(child, mover))
            scored.append((value, move))
        best_value = max(value for value, _ in scored)
        best_moves = [move for value, move in scored if value == best_value]
        move = self.rng.choice(best_moves)
        stats = {"moves_tied": float(len(best_moves))}
        return SearchResult(move, best_value, [move], len(scored) + 1, 1, stopwatch.elapsed(), stats)
