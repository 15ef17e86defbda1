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
from lessons_lib.games.common.position import PICTURES
from lessons_lib.kit.perft import perft

from lessons_lib.games.hus.board import PLAYER_NAMES
from lessons_lib.games.hus.drawing import board_svg, place_names, status_text
from lessons_lib.games.hus.evaluation import evaluate
from lessons_lib.games.hus.inputs import board_inputs
from lessons_lib.games.hus.features import FEATURE_NAMES, LEARNED_EVALUATE, STRONGEST_EVALUATE, features
from lessons_lib.games.hus.movegen import PERFT_FROM_START, Sowing
from lessons_lib.games.hus.moves import Move, move_clicks
from lessons_lib.games.hus.position import END_REASONS, Position

ENGINE = Engine(
    position=Position, move=Move, player_names=PLAYER_NAMES, end_reasons=END_REASONS, perft_from_start=PERFT_FROM_START,
    board_svg=board_svg, picture=board_svg, move_clicks=move_clicks, status_text=status_text, place_names=place_names,
    evaluate=evaluate, feature_names=FEATURE_NAMES, features=features, board_inputs=board_inputs,
    learned_evaluate=LEARNED_EVALUATE, strongest_evaluate=STRONGEST_EVALUATE,
)
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""
PICTURES[Position.game_name] = ENGINE.picture  # how a notebook shows a position of this game

__all__ = ["ENGINE", "PERFT_FROM_START", "PLAYER_NAMES", "Move", "Position", "Sowing", "board_svg", "evaluate", "move_clicks",
           "perft"]
