"""Play agents against each other: one game, or a small match with both colours.

(The arena builds tournaments, ratings and sandboxing on top of ``play_game``.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from lessons_lib.agents.base import Agent, State
from lessons_lib.kit.game import Outcome

PLY_LIMIT = "ply limit"


@dataclass
class GameResult:
    """A finished game: who won (a player number or None) and why, and the moves."""

    outcome: Outcome
    moves: list[Hashable] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        return self.outcome.winner


def play_game(players: Sequence[Agent], start: State, max_plies: int | None = None) -> GameResult:
    """Play ``players[0]`` (player 0) against ``players[1]`` from ``start`` until the rules end the game
    (or, if ``max_plies`` is given, a draw after that many plies)."""
    state = start
    moves: list[Hashable] = []
    while max_plies is None or len(moves) < max_plies:
        outcome = state.outcome()
        if outcome is not None:
            return GameResult(outcome, moves)
        move = players[state.to_move].choose_move(state)
        state = state.play(move)  # raises if an agent returns an illegal move
        moves.append(move)
    return GameResult(state.outcome() or Outcome(None, PLY_LIMIT), moves)


def match_score(first: Agent, second: Agent, starts: Sequence[State], max_plies: int | None = None) -> float:
    """``first``'s points (1 a win, 0.5 a draw) over every start position, played once with each colour."""
    points = 0.0
    for start in starts:
        as_player_0 = play_game([first, second], start, max_plies).outcome
        as_player_1 = play_game([second, first], start, max_plies).outcome
        points += as_player_0.score_for(0) + as_player_1.score_for(1)
    return points
