"""The game loop: agents play each other, one game or a small match with both colours.

This is the suite's one game loop: the arena (:func:`lessons_lib.arena.games.play_game`) seats built-in agents
and students' sandboxed files at it, with clocks and forfeits of its own around it, and self-play
(:mod:`lessons_lib.learning.self_play`) a player that keeps what each search found.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from lessons_lib.agents.base import Agent, State
from lessons_lib.kit.game import Outcome

PLY_LIMIT = "ply limit"
"""The reason a game stopped by a ply limit gives (a draw): not one of the rules' endings."""


class Player(Protocol):
    """Anything that chooses a move: an :class:`~lessons_lib.agents.base.Agent`, or a seat at the arena's table."""

    def choose_move(self, state: Any) -> Hashable: ...


class MoveRefused(ValueError):
    """A move the rules refused, and the player (0 or 1) who chose it."""

    def __init__(self, player: int, move: Hashable, reason: str) -> None:
        super().__init__(reason)
        self.player = player
        self.move = move
        self.reason = reason


@dataclass
class GameResult:
    """A finished game: how it ended (its outcome: who won, a player number or None, and why), the moves, and
    the last position."""

    outcome: Outcome
    moves: list[Hashable] = field(default_factory=list)
    last: Any = None

    @property
    def winner(self) -> int | None:
        return self.outcome.winner


def play_game(players: Sequence[Player], start: State, max_plies: int | None = None) -> GameResult:
    """Play ``players[0]`` (player 0) against ``players[1]`` from ``start`` until the rules end the game
    (or, if ``max_plies`` is given, a draw, :data:`PLY_LIMIT`, after that many plies).

    What a player raises stops the game and reaches the caller; a move the rules refuse raises
    :class:`MoveRefused`, which names the player.
    """
    state = start
    moves: list[Hashable] = []
    while (outcome := state.outcome()) is None:
        if max_plies is not None and len(moves) >= max_plies:
            outcome = Outcome(None, PLY_LIMIT)
            break
        player = state.to_move
        move = players[player].choose_move(state)
        try:
            state = state.play(move)
        except ValueError as error:
            raise MoveRefused(player, move, str(error)) from error
        moves.append(move)
    return GameResult(outcome, moves, state)


def match_score(first: Agent, second: Agent, starts: Sequence[State], max_plies: int | None = None) -> float:
    """``first``'s points (1 a win, 0.5 a draw) over every start position, played once with each colour."""
    points = 0.0
    for start in starts:
        as_player_0 = play_game([first, second], start, max_plies).outcome
        as_player_1 = play_game([second, first], start, max_plies).outcome
        points += as_player_0.score_for(0) + as_player_1.score_for(1)
    return points
