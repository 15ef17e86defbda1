"""Perfect play where a game's solved table decides the position, and any agent's search elsewhere.

:func:`perfect_move` looks the legal moves up in the game's table (its engine's ``solved``, or another lookup): it
plays the quickest win, else a move that keeps the draw, else the slowest loss. Where the table decides a position,
it decides a move that keeps the position's value (the value a draw clock allows: a win so kept is won before the
clock ends the game); a move it cannot decide (a draw limit the table was not made for) leads to a slower result
than that, so it is passed over. :class:`SolvedFirst` wraps an agent: where the table decides the position,
the table's move; elsewhere the agent's own search. :class:`TableProbe` lets a search ask the table at the
nodes below its root (the searches' ``probes`` switch, on for ``best``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from typing import Any

from lessons_lib.agents.base import Agent, Budget, Observer, SearchResult, State
from lessons_lib.agents.evaluation import WIN
from lessons_lib.kit.errors import DamagedData


Lookup = Callable[[Any], tuple[int, int] | None]
"""``lookup(state)``: a table's (value for the player to move, distance), or None where it does not decide."""


def value_for(player: int, state: Any, lookup: Lookup) -> int | None:
    """The table's value of ``state`` for ``player`` (whoever moves there), or None where it does not decide."""
    found = lookup(state)
    if found is None:
        return None
    return found[0] if state.to_move == player else -found[0]


def perfect_move(state: Any, lookup: Lookup | None = None) -> tuple[Hashable, int, int] | None:
    """The table's best move with its value for the player to move and distance to the end, or None where the
    table does not decide the position (see the module); ``lookup`` is the game's ``solved`` unless given."""
    from lessons_lib.games import game_of

    solved = game_of(state).engine.solved if lookup is None else lookup
    found = None if solved is None else solved(state)
    if solved is None or found is None:
        return None
    best: tuple[tuple[int, int], Hashable, int, int] | None = None
    for move in state.legal_moves():
        child = state.play(move)
        decided = solved(child)
        if decided is None:  # a slower result than the position's own (see the module)
            continue
        value, distance = decided
        if child.to_move != state.to_move:
            value = -value
        rank = (value, -distance if value > 0 else distance if value < 0 else 0)
        if best is None or rank > best[0]:
            best = (rank, move, value, distance + 1)
    if best is None or best[2] != found[0]:  # (never, for a table that is right)
        return None
    _, move, value, distance = best
    return move, value, distance


def value_after(state: Any, move: Hashable) -> int | None:
    """The table's value of ``move`` for the player who makes it (1 won, 0 drawn, −1 lost), or None where the
    table does not decide the position it leads to."""
    from lessons_lib.games import game_of

    solved = game_of(state).engine.solved
    return None if solved is None else value_for(state.to_move, state.play(move), solved)


def first_slip(start: Any, moves: list[Hashable], lookup: Lookup | None = None) -> int | None:
    """The ply (from 1) of the game ``moves`` from ``start`` at which the player to move at ``start`` first moved to
    a position the table (``lookup``, else the game's ``solved``) does not give the value ``start`` has for it (a
    win let go, say), or None if it never did; None too where the table does not decide ``start``."""
    from lessons_lib.games import game_of

    solved = game_of(start).engine.solved if lookup is None else lookup
    found = None if solved is None else solved(start)
    if solved is None or found is None:
        return None
    player, position = start.to_move, start
    for ply, move in enumerate(moves, start=1):
        child = position.play(move)
        if position.to_move == player:
            if value_for(player, child, solved) != found[0]:
                return ply
        position = child
    return None


def slip_kind(start: Any, moves: list[Hashable], lookup: Lookup, without_clock: Lookup) -> str | None:
    """Why the game ``moves`` from ``start``, won for the player to move there under the draw clock (``lookup``),
    was not won: that player's first move off the win (:func:`first_slip`) led to a position still won for them
    with the clock aside (``without_clock``, a table read without it): ``"too slow"``, the clock draws it; or not:
    ``"thrown"``. None if the win was kept at every move (so the game was won)."""
    ply = first_slip(start, moves, lookup)
    if ply is None:
        return None
    position = start
    for move in moves[:ply]:
        position = position.play(move)
    return "too slow" if value_for(start.to_move, position, without_clock) == 1 else "thrown"


def slips_by_player(start: Any, moves: list[Hashable], lookup: Lookup | None = None) -> dict[int, int | None]:
    """For each player, the ply (from 1) of the game ``moves`` from ``start`` at which they first moved to a
    position the table gives them less than the position they moved from (a win let go, a draw given away), or
    None if they never did. The table (``lookup``, else the game's ``solved``) must decide ``start``."""
    from lessons_lib.games import game_of

    solved = game_of(start).engine.solved if lookup is None else lookup
    if solved is None or solved(start) is None:
        raise ValueError("the table does not decide the game's first position")
    slips: dict[int, int | None] = {0: None, 1: None}
    position = start
    for ply, move in enumerate(moves, start=1):
        player, child = position.to_move, position.play(move)
        before, after = value_for(player, position, solved), value_for(player, child, solved)
        if slips[player] is None and after is not None and before is not None and after < before:
            slips[player] = ply
        position = child
    return slips


def perfect_line(state: Any, plies: int = 200, lookup: Lookup | None = None) -> list[Hashable]:
    """The moves of perfect play from ``state`` (both sides), up to ``plies`` of them, for as long as the table
    decides; an empty list where it does not decide ``state``."""
    line: list[Hashable] = []
    while len(line) < plies and not state.is_game_over():
        found = perfect_move(state, lookup)
        if found is None:
            break
        line.append(found[0])
        state = state.play(found[0])
    return line


def search_value(value: int, distance: int) -> int:
    """A table's value and distance on the searches' scale: ``WIN - distance`` for a win, its negative for a loss,
    0 for a draw (docs/rules/shologuti.md, 'Search values')."""
    return value * (WIN - distance)


_SAID: set[str] = set()
"""The damaged tables already said (once in a process, whichever agent found them)."""


def say_damaged(damage: DamagedData) -> None:
    """Say a damaged table once in a process (one line on stderr): the agents search where it would decide."""
    if str(damage) not in _SAID:
        _SAID.add(str(damage))
        print(f"{damage}; until then, the agents search where the table would decide", file=sys.stderr, flush=True)


class TableProbe:
    """The game's solved table, asked by a search about the positions it reaches: ``probe(state)`` is the
    table's (value for the player to move, distance), or None where the table does not decide ``state``.

    A damaged table file is said once and the probe answers None from then on: the search goes on without it.
    ``hits`` counts the positions it decided.
    """

    __slots__ = ("lookup", "hits")

    def __init__(self, lookup: Lookup | None) -> None:
        self.lookup = lookup
        self.hits = 0

    @classmethod
    def of(cls, state: Any, lookup: Lookup | None = None) -> TableProbe:
        """A probe of ``state``'s game's table (``lookup`` if given); one that never decides for a game without."""
        from lessons_lib.games import game_of

        return cls(game_of(state).engine.solved if lookup is None else lookup)

    def __call__(self, state: Any) -> tuple[int, int] | None:
        if self.lookup is None:
            return None
        try:
            found = self.lookup(state)
        except DamagedData as damage:
            say_damaged(damage)
            self.lookup = None
            return None
        if found is not None:
            self.hits += 1
        return found


class SolvedFirst(Agent):
    """``agent``, except where the game's solved table (or ``lookup``) decides the position: there, perfect play."""

    def __init__(self, agent: Agent, lookup: Lookup | None = None) -> None:
        self.agent = agent
        self.lookup = lookup
        self.name = agent.name
        self.damaged = False
        """Whether the table's file was found damaged (said once; searched since)."""

    @property
    def budget(self) -> Budget:
        return self.agent.budget

    def describe(self) -> str:
        return self.agent.describe()

    def reseed(self, seed: int) -> None:
        self.agent.reseed(seed)

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        try:
            found = None if self.damaged else perfect_move(state, self.lookup)
        except DamagedData as damage:  # a game goes on without its tables: said once, then searched
            self.damaged = True
            say_damaged(damage)
            found = None
        if found is None:
            return self.agent.search(state, observer)
        move, value, distance = found
        return SearchResult(move, value=search_value(value, distance), pv=perfect_line(state, 12, self.lookup),
                            stats={"table value": value, "table distance": distance})
