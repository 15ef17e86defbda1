"""Minimax with alpha-beta pruning: the Pygame project's search, done exactly.

α is the value the root's player is already sure of; β is the value the opponent
is already sure of. Once β ≤ α at a node, nothing below it can change the result,
and its remaining moves are skipped (a cutoff). The value at the root is the same
as minimax's, and so is the move chosen; only fewer positions are searched.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from lessons_lib.agents.base import (
    Agent, Budget, Evaluation, Observer, SearchResult, State, check_depth, check_playable,
)
from lessons_lib.agents.context import INFINITY, SearchContext, leaf_value, solved_leaf
from lessons_lib.agents.evaluation import game_evaluation
from lessons_lib.agents.solved import TableProbe
from lessons_lib.agents.trace import Cutoff, MoveTried, NodeEntered, NodeExited, ValueBackedUp
from lessons_lib.kit.game import is_capture

ORDERINGS: Final = ("generation", "captures", "evaluation", "worst")

MoveOrder = Callable[[Any, list[Any]], list[Any]]
"""A custom move ordering: ``order(state, moves)`` returns the same moves, the ones to search first first."""


def alphabeta(state: State, depth: int, alpha: float, beta: float, ply: int, search: SearchContext,
              ordering: str | MoveOrder = "generation") -> float:
    """The minimax value of ``state`` for ``search.root_player``, when it lies between ``alpha`` and ``beta``.

    A value at or below ``alpha`` (or at or above ``beta``) only says that the true
    value is at most (at least) that much: the caller does not need more.
    """
    search.count_node()
    trace = search.trace
    maximizing = state.to_move == search.root_player
    if trace is not None:
        trace(NodeEntered(ply, depth, alpha, beta, state.to_move, maximizing, search.root_player))
    outcome = state.outcome()
    if outcome is None and search.probe is not None:
        solved = solved_leaf(state, ply, search)
        if solved is not None:
            return solved
    if outcome is not None or depth == 0:
        return leaf_value(state, outcome, ply, search)
    moves = state.legal_moves()
    if ordering != "generation":
        moves = ordered(moves, state, ordering, depth, maximizing, search)
    best = -INFINITY if maximizing else INFINITY
    for index, move in enumerate(moves):
        if trace is not None:
            trace(MoveTried(ply, move))
        value = alphabeta(state.play(move), depth - 1, alpha, beta, ply + 1, search, ordering)
        if maximizing:
            if value > best:
                best = value
                search.pv[ply] = [move, *search.pv[ply + 1]]
            alpha = max(alpha, best)
        else:
            if value < best:
                best = value
                search.pv[ply] = [move, *search.pv[ply + 1]]
            beta = min(beta, best)
        if trace is not None:
            trace(ValueBackedUp(ply, move, value, best, alpha, beta))
        if beta <= alpha:
            if index + 1 < len(moves):  # a cutoff: the remaining moves are not searched
                search.cutoffs += 1
                if trace is not None:
                    trace(Cutoff(ply, alpha, beta, tuple(moves[index + 1 :])))
            break
    if trace is not None:
        trace(NodeExited(ply, best))
    return best


def ordered(moves: list[Any], state: State, ordering: str | MoveOrder, depth: int, maximizing: bool,
            search: SearchContext) -> list[Any]:
    """The moves in the order ``ordering`` names (see :class:`AlphaBetaAgent`)."""
    if ordering == "captures":
        return order_captures_first(moves)
    if ordering in ("evaluation", "worst"):
        best_first = maximizing if ordering == "evaluation" else not maximizing
        return order_by_evaluation(state, moves, best_first, search) if depth > 1 else moves
    assert callable(ordering)
    return checked_order(ordering, state, moves)


def order_captures_first(moves: list[Any]) -> list[Any]:
    """The captures first, then the other moves, each in their original order."""
    captures = [move for move in moves if is_capture(move)]
    if not captures or len(captures) == len(moves):
        return moves
    return captures + [move for move in moves if not is_capture(move)]


def order_by_evaluation(state: State, moves: list[Any], maximizing: bool, search: SearchContext) -> list[Any]:
    """The moves sorted best first by a quick look: the evaluation one ply on, for the player choosing.

    The better the first move searched, the sooner α and β close, and the more is pruned.
    """
    def quick_value(move: Any) -> float:
        return float(search.evaluate(state.play(move), search.root_player))

    return sorted(moves, key=quick_value, reverse=maximizing)


def checked_order(order: MoveOrder, state: State, moves: list[Any]) -> list[Any]:
    """``order(state, moves)``, refused with a clear message unless it gives back exactly the same moves."""
    ordered = list(order(state, list(moves)))
    if len(ordered) != len(moves) or set(ordered) != set(moves):
        strangers = [str(move) for move in ordered if move not in moves]
        raise ValueError(f"a move ordering must return the same moves in another order: given {len(moves)} moves, "
                         f"it returned {len(ordered)}" + (f", including {', '.join(strangers[:3])}" if strangers
                                                          else ""))
    return ordered


@mypyc_attr(allow_interpreted_subclasses=True)
class AlphaBetaAgent(Agent):
    """Alpha-beta at a fixed depth; the same move and value as :class:`MinimaxAgent`, faster.

    Args:
        depth: plies to look ahead (each jump of a chain is a ply).
        evaluate: ``evaluate(state, player)`` at depth 0.
        ordering: ``"generation"`` (the moves as the game lists them, as the Pygame
            project did), ``"captures"`` (captures first; Shologuti already lists them first)
            ``"evaluation"`` (best first by the evaluation one ply on: more cutoffs), ``"worst"``
            (worst first: the fewest cutoffs, for comparison) or a function ``order(state, moves)``.
            The value is the same whatever the order.
        probes: ask the game's solved table at every node below the root (where it decides, the node's value is
            the table's; see :func:`~lessons_lib.agents.context.solved_leaf`).
    """

    name = "alphabeta"

    def __init__(self, depth: int = 4, evaluate: Evaluation = game_evaluation,
                 ordering: str | MoveOrder = "generation", *, budget: Budget | None = None,
                 probes: bool = False) -> None:
        if budget is not None:
            depth = budget.taken_by(self.name, {"depth"}).depth or depth
        check_depth(depth)
        if not callable(ordering) and ordering not in ORDERINGS:
            raise ValueError(f"ordering must be one of {', '.join(ORDERINGS)}, not {ordering!r}")
        self.depth = depth
        self.evaluate = evaluate
        self.ordering = ordering
        self.probes = probes

    @property
    def budget(self) -> Budget:
        return Budget(depth=self.depth)

    def describe(self) -> str:
        name = self.ordering if isinstance(self.ordering, str) else getattr(self.ordering, "__name__", "custom")
        return (f"alphabeta:{self.depth}" + ("+tables" if self.probes else "")
                + ("" if self.ordering == "generation" else f" ({name} first)"))

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        check_playable(state)
        probe = TableProbe.of(state) if self.probes else None
        search = SearchContext(state.to_move, self.evaluate, self.depth, observer, probe=probe)
        value = alphabeta(state, self.depth, -INFINITY, INFINITY, 0, search, self.ordering)
        pv: list[Hashable] = search.pv[0]
        stats = {"cutoffs": float(search.cutoffs)}
        if probe is not None:
            stats["table_probe_hits"] = float(probe.hits)
        return SearchResult(pv[0], value, pv, search.nodes, self.depth, search.stopwatch.elapsed(), stats)
