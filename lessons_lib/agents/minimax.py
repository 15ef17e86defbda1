"""Minimax without pruning: the textbook algorithm, and the Pygame project's first agent.

Values are always from the point of view of the player to move at the root. A
node where that player is to move takes the highest child value (max); any other
node takes the lowest (min). In Shologuti a capture chain gives the same player
several plies in a row, so max and min follow the side to move, never the depth.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lessons_lib.agents.base import (
    Agent, Budget, Evaluation, Observer, SearchResult, State, check_depth, check_playable,
)
from lessons_lib.agents.context import INFINITY, SearchContext, leaf_value
from lessons_lib.agents.evaluation import game_evaluation
from lessons_lib.agents.trace import MoveTried, NodeEntered, NodeExited, ValueBackedUp


def minimax(state: State, depth: int, ply: int, search: SearchContext) -> float:
    """The minimax value of ``state`` for ``search.root_player``, looking ``depth`` plies ahead."""
    search.count_node()
    trace = search.trace
    maximizing = state.to_move == search.root_player
    if trace is not None:
        trace(NodeEntered(ply, depth, -INFINITY, INFINITY, state.to_move, maximizing, search.root_player))
    outcome = state.outcome()
    if outcome is not None or depth == 0:
        return leaf_value(state, outcome, ply, search)
    best = -INFINITY if maximizing else INFINITY
    for move in state.legal_moves():
        if trace is not None:
            trace(MoveTried(ply, move))
        value = minimax(state.play(move), depth - 1, ply + 1, search)
        if value > best if maximizing else value < best:
            best = value
            search.pv[ply] = [move, *search.pv[ply + 1]]
        if trace is not None:
            trace(ValueBackedUp(ply, move, value, best, -INFINITY, INFINITY))
    if trace is not None:
        trace(NodeExited(ply, best))
    return best


@mypyc_attr(allow_interpreted_subclasses=True)
class MinimaxAgent(Agent):
    """Plays the move with the best minimax value at a fixed depth (ties: the first in move order)."""

    name = "minimax"

    def __init__(self, depth: int = 3, evaluate: Evaluation = game_evaluation, *, budget: Budget | None = None) -> None:
        if budget is not None:
            depth = budget.taken_by(self.name, {"depth"}).depth or depth
        self.depth = check_depth(depth)
        self.evaluate = evaluate

    @property
    def budget(self) -> Budget:
        return Budget(depth=self.depth)

    def describe(self) -> str:
        return f"{self.name}:{self.depth}"

    @staticmethod
    def value_of(state: State, depth: int, ply: int, search: SearchContext) -> float:
        """The search this agent runs (minimax here; a subclass may run another on the same skeleton)."""
        return minimax(state, depth, ply, search)

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        check_playable(state)
        search = SearchContext(state.to_move, self.evaluate, self.depth, observer)
        value = self.value_of(state, self.depth, 0, search)
        pv = search.pv[0]
        return SearchResult(pv[0], value, pv, search.nodes, self.depth, search.stopwatch.elapsed())
