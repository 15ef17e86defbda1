"""Perfect play where a game's solved table decides the position, and any agent's search elsewhere.

:func:`perfect_move` looks every legal move up in the game's table (its engine's ``solved``): it plays the quickest
win, else a move that keeps the draw, else the slowest loss. :class:`SolvedFirst` wraps an agent: where the table
decides the position and every move it leads to, the table's move; elsewhere the agent's own search.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from lessons_lib.agents.base import Agent, Budget, Observer, SearchResult, State


def perfect_move(state: Any) -> tuple[Hashable, int, int] | None:
    """The table's best move with its value for the player to move and distance to the end, or None where the
    table does not decide the position and every move (see the module)."""
    from lessons_lib.games import game_of

    solved = game_of(state).engine.solved
    if solved is None or solved(state) is None:
        return None
    best: tuple[tuple[int, int], Hashable, int, int] | None = None
    for move in state.legal_moves():
        child = state.play(move)
        found = solved(child)
        if found is None:
            return None
        value, distance = found
        if child.to_move != state.to_move:
            value = -value
        rank = (value, -distance if value > 0 else distance if value < 0 else 0)
        if best is None or rank > best[0]:
            best = (rank, move, value, distance + 1)
    if best is None:
        return None
    _, move, value, distance = best
    return move, value, distance


class SolvedFirst(Agent):
    """``agent``, except where the game's solved table decides the position: there, perfect play."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name

    @property
    def budget(self) -> Budget:
        return self.agent.budget

    def describe(self) -> str:
        return self.agent.describe()

    def reseed(self, seed: int) -> None:
        self.agent.reseed(seed)

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        found = perfect_move(state)
        if found is None:
            return self.agent.search(state, observer)
        move, value, distance = found
        return SearchResult(move, pv=[move], stats={"table value": value, "table distance": distance})
