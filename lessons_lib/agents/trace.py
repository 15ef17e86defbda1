"""The events a search sends to an observer, so that a widget can replay it step by step.

A search calls its observer only when one is given (``if trace is not None:``), so
tracing costs nothing otherwise. To record a search::

    events = []
    agent.search(state, observer=events.append)

Depth-first searches (minimax, alpha-beta, negamax) send, for each node:
``NodeEntered``, then per child ``MoveTried`` (the child's own events follow) and
``ValueBackedUp``, perhaps a ``Cutoff`` (and for negamax with a table, ``TableStored``), and finally
``NodeExited``; a node
evaluated without children sends ``NodeEntered`` then ``LeafEvaluated``. The
events nest like the search itself, so a stack rebuilds the tree.

MCTS sends, per iteration: ``SelectionStep`` for each level descended, then
``Expanded`` (unless it stopped on a finished game), ``RolloutFinished`` (or ``LeafValued``, where a learned
value replaces the rollout) and ``Backpropagated``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

# -- depth-first searches -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NodeEntered:
    """A node is entered ``ply`` plies below the root with ``depth`` plies left to search.

    ``maximizing``: the node picks its children's highest value (values are from the
    point of view of ``perspective``, a player number: the root's player for minimax
    and alpha-beta; the player to move at this node for negamax).
    """

    ply: int
    depth: int
    alpha: float
    beta: float
    to_move: int
    maximizing: bool
    perspective: int


@dataclass(frozen=True, slots=True)
class MoveTried:
    """The node at ``ply`` searches ``move`` next; the child's events follow."""

    ply: int
    move: Hashable


@dataclass(frozen=True, slots=True)
class LeafEvaluated:
    """A node gets its value without searching children.

    ``reason``: ``"depth"`` (the evaluation at depth 0), ``"game over"`` (a finished
    game), ``"table"`` (a transposition table entry) or ``"solved"`` (a solved endgame table's value, for a
    search with ``probes`` on).
    """

    ply: int
    value: float
    reason: str


@dataclass(frozen=True, slots=True)
class ValueBackedUp:
    """The child reached by ``move`` returned ``value``; the node's best so far and window follow."""

    ply: int
    move: Hashable
    value: float
    best: float
    alpha: float
    beta: float


@dataclass(frozen=True, slots=True)
class Cutoff:
    """β ≤ α at the node at ``ply``: the moves in ``pruned`` are not searched."""

    ply: int
    alpha: float
    beta: float
    pruned: tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class TableStored:
    """Negamax stored the node at ``ply`` in its transposition table: its ``value`` (for the player to move) is
    ``exact``, a ``lower`` bound (a cutoff: value ≥ β) or an ``upper`` bound (no move beat α, the α it was
    entered with)."""

    ply: int
    depth: int
    alpha: float
    beta: float
    value: float
    bound: str


@dataclass(frozen=True, slots=True)
class NodeExited:
    """The node at ``ply`` is done, with ``value``."""

    ply: int
    value: float


# -- Monte Carlo tree search -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChildScore:
    """One child as the selection rule sees it: ``ucb = exploitation + exploration``.

    ``exploitation`` is wins / visits, counted for the player who chose the move (for the
    root's player at every node, with ``perspective="root"``). With UCB1, ``exploration`` is
    c·√(ln N_parent / visits) and ``prior`` is None; with PUCT it is c·prior·√N_parent / (1 + visits), and a move
    not yet tried is a child with no visits, whose exploitation is :data:`~lessons_lib.agents.mcts.UNTRIED_VALUE`.
    """

    move: Hashable
    wins: float
    visits: int
    exploitation: float
    exploration: float
    ucb: float
    prior: float | None = None


@dataclass(frozen=True, slots=True)
class SelectionStep:
    """At the node reached by ``path`` (moves from the root), UCB1 picks ``chosen`` among ``children``."""

    iteration: int
    path: tuple[Hashable, ...]
    parent_visits: int
    children: tuple[ChildScore, ...]
    chosen: Hashable


@dataclass(frozen=True, slots=True)
class Expanded:
    """A new node is added to the tree: the last move of ``path``, one of the parent's untried moves."""

    iteration: int
    path: tuple[Hashable, ...]
    untried_left: int


@dataclass(frozen=True, slots=True)
class RolloutFinished:
    """A playout from the node at ``path`` ended after ``plies`` plies.

    ``winner``: the winning player or None (a draw, or the ply cap); ``reason`` says which.
    """

    iteration: int
    path: tuple[Hashable, ...]
    plies: int
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class LeafValued:
    """The new node at ``path`` is valued without a rollout: ``score`` is the expected score (1 a win, ½ a draw,
    0 a loss) of the player who moved into it, from the learned value (or the rules, for a finished game)."""

    iteration: int
    path: tuple[Hashable, ...]
    score: float
    finished: bool


@dataclass(frozen=True, slots=True)
class Backpropagated:
    """The result went back up ``path``: each node's (move, wins, visits) after the update, root first."""

    iteration: int
    path: tuple[Hashable, ...]
    nodes: tuple[tuple[Hashable | None, float, int], ...]


TraceEvent = Any
