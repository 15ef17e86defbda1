"""Bagh-Chal, the tigers-and-goats game of Nepal, under the names every game package offers.

Four tigers hunt twenty goats on Shologuti's 5×5 grid: the goats (player 0) place
their goats one a turn, then step; the tigers step or jump a goat to capture it.
The tigers win on the fifth capture, the goats by leaving the tigers no move.
docs/rules/baghchal.md has the rules, the notation and the perft table. The board's
tables come from the same function as Shologuti's, and what every engine shares from
:mod:`lessons_lib.games.common`.

>>> start = Position.start()
>>> PLAYER_NAMES[start.to_move], len(start.legal_moves()), move_clicks(Move.parse("a1xa3"))
('Goats', 21, ('a1', 'a3'))
"""

from __future__ import annotations

from lessons_lib.kit.game import Engine

from lessons_lib.games.baghchal.board import POINT_NAMES
from lessons_lib.games.baghchal.evaluation import evaluate
from lessons_lib.games.baghchal.features import FEATURE_NAMES, LEARNED_WEIGHTS, features, learned_evaluation
from lessons_lib.games.baghchal.movegen import GOATS, TIGERS
from lessons_lib.games.baghchal.moves import Move
from lessons_lib.games.baghchal.position import PLAYER_NAMES, Position
from lessons_lib.games.baghchal.drawing import board_svg
from lessons_lib.kit.perft import perft

PERFT_FROM_START: tuple[int, ...] = (21, 252, 5_052, 68_204, 1_304_788, 18_592_000, 339_123_476)
"""Perft from the start position, depth 1 upwards (docs/rules/baghchal.md has the table and the timings)."""


def move_clicks(move: Move) -> tuple[str, ...]:
    """The points a person clicks for ``move``: the point of a placement; the piece, then where it goes."""
    if move.origin is None:
        return (POINT_NAMES[move.target],)
    return POINT_NAMES[move.origin], POINT_NAMES[move.target]



ENGINE = Engine(Position, Move, evaluate, board_svg, board_svg, move_clicks, PLAYER_NAMES, PERFT_FROM_START,
                FEATURE_NAMES, features, learned_evaluation if LEARNED_WEIGHTS is not None else None)
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""

__all__ = ["ENGINE", "GOATS", "PERFT_FROM_START", "PLAYER_NAMES", "TIGERS", "Move", "Position", "board_svg", "evaluate",
           "move_clicks", "perft"]
