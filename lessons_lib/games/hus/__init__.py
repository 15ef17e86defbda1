"""Hus, as the McGill COMP 424 course's reference server plays it: the engine under the names every game offers.

The board and its numbering are in :mod:`~lessons_lib.games.hus.board`, a move's sowing in
:mod:`~lessons_lib.games.hus.movegen`, the position in :mod:`~lessons_lib.games.hus.position` and its
text in :mod:`~lessons_lib.games.hus.notation`; docs/rules/hus.md has the rules. What every
engine shares (the Zobrist tables, the position's mechanics, the SVG palette) comes from
:mod:`lessons_lib.games.common`.

>>> start = Position.start()
>>> len(start.legal_moves()), str(start)
(24, '2*24,0*8/2*24,0*8 0 0')
"""

from __future__ import annotations

from lessons_lib.kit.game import Engine

from lessons_lib.games.hus.board import PLAYER_NAMES
from lessons_lib.games.hus.evaluation import evaluate
from lessons_lib.games.hus.features import FEATURE_NAMES, LEARNED_WEIGHTS, features, learned_evaluation
from lessons_lib.games.hus.moves import Move
from lessons_lib.games.hus.movegen import Sowing
from lessons_lib.games.hus.position import Position
from lessons_lib.games.hus.drawing import board_svg
from lessons_lib.kit.perft import perft

PERFT_FROM_START: tuple[int, ...] = (24, 576, 11_040, 207_443, 3_439_088, 55_769_962, 834_971_656)
"""Perft from the start, depth 1 upwards (docs/rules/hus.md has the table and how long each depth takes)."""


def move_clicks(move: Move) -> tuple[str, ...]:
    """The one click a player makes for ``move``: on its pit."""
    return (str(move.pit),)



ENGINE = Engine(Position, Move, evaluate, board_svg, board_svg, move_clicks, PLAYER_NAMES, PERFT_FROM_START,
                FEATURE_NAMES, features, learned_evaluation if LEARNED_WEIGHTS is not None else None,
                learned_evaluation if LEARNED_WEIGHTS is not None else None)  # best's: it won its match at every depth
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""

__all__ = ["ENGINE", "PERFT_FROM_START", "PLAYER_NAMES", "Move", "Position", "Sowing", "board_svg", "evaluate", "move_clicks",
           "perft"]
