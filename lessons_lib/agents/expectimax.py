"""Expectimax: a search for an opponent who moves at random.

Minimax assumes the opponent always plays the reply that is worst for us. Against a
player who picks any legal move with equal chance, that is too pessimistic: a move
whose replies are mostly good for us is worth their *average*, not their worst. At a
node where the root's player moves, expectimax takes the highest child value; at any
other node (a **chance node**), the mean of the children. Finished games and the
depth limit are scored as in minimax (the utility, or the evaluation).
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lessons_lib.agents.base import Budget, Evaluation, State
from lessons_lib.agents.context import INFINITY, SearchContext, leaf_value
from lessons_lib.agents.evaluation import game_evaluation
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.agents.trace import MoveTried, NodeEntered, NodeExited, ValueBackedUp


def expectimax(state: State, depth: int, ply: int, search: SearchContext) -> float:
    """The expectimax value of ``state`` for ``search.root_player``, looking ``depth`` plies ahead."""
    search.count_node()
    trace = search.trace
    maximizing = state.to_move == search.root_player
    if trace is not None:
        trace(NodeEntered(ply, depth, -INFINITY, INFINITY, state.to_move, maximizing, search.root_player))
    outcome = state.outcome()
    if outcome is not None or depth == 0:
        return leaf_value(state, outcome, ply, search)
    moves = state.legal_moves()
    best, total = -INFINITY, 0.0
    for move in moves:
        if trace is not None:
            trace(MoveTried(ply, move))
        value = expectimax(state.play(move), depth - 1, ply + 1, search)
        total += value
        if maximizing and value > best:
            best = value
            search.pv[ply] = [move, *search.pv[ply + 1]]
        if trace is not None:
            trace(ValueBackedUp(ply, move, value, best if maximizing else total / len(moves), -INFINITY, INFINITY))
    result = best if maximizing else total / len(moves)
    if not maximizing:
        search.pv[ply] = []  # a chance node has no line of play of its own
    if trace is not None:
        trace(NodeExited(ply, result))
    return result


@mypyc_attr(allow_interpreted_subclasses=True)
class ExpectimaxAgent(MinimaxAgent):
    """Plays the move with the best expectimax value at a fixed depth: the best move against a random mover."""

    name = "expectimax"

    def __init__(self, depth: int = 2, evaluate: Evaluation = game_evaluation, *, budget: Budget | None = None) -> None:
        super().__init__(depth, evaluate, budget=budget)

    @staticmethod
    def value_of(state: State, depth: int, ply: int, search: SearchContext) -> float:
        return expectimax(state, depth, ply, search)
