"""Shobu: four 4×4 boards, a passive move on your side of the rope and an aggressive move that pushes.

The rules, the notation and the perft counts are in ``docs/rules/shobu.md``. This
package offers the names every game's engine offers (see :mod:`lessons_lib.games`).
Its modules, in the order they build on each other: ``board`` (squares, names, masks),
``moves`` (:class:`Move`, the notation, the prebuilt moves), ``zobrist``, ``movegen``
(every legal move at once, from bitboards), ``position`` (:class:`Position` and the end of
the game), ``evaluation``, ``features`` and ``drawing``; what every engine shares (bitboards, the
Zobrist tables, the position's mechanics, the SVG palette) comes from :mod:`lessons_lib.games.common`.

>>> start = Position.start()
>>> start.to_move, len(start.legal_moves()), PERFT_FROM_START[:2]
(0, 232, (232, 50508))
"""

from __future__ import annotations

from lessons_lib.kit.game import Engine
from lessons_lib.games.common.position import PICTURES
from lessons_lib.kit.perft import perft

from lessons_lib.games.shobu.drawing import board_svg, place_names, status_text
from lessons_lib.games.shobu.evaluation import evaluate
from lessons_lib.games.shobu.inputs import board_inputs, clock_share
from lessons_lib.games.shobu.features import FEATURE_NAMES, LEARNED_EVALUATE, STRONGEST_EVALUATE, features
from lessons_lib.games.shobu.movegen import PERFT_FROM_START
from lessons_lib.games.shobu.moves import Move, move_clicks
from lessons_lib.games.shobu.position import END_REASONS, PLAYER_NAMES, Position


ENGINE = Engine(
    position=Position, move=Move, player_names=PLAYER_NAMES, end_reasons=END_REASONS, perft_from_start=PERFT_FROM_START,
    board_svg=board_svg, picture=board_svg, move_clicks=move_clicks, status_text=status_text, place_names=place_names,
    evaluate=evaluate, feature_names=FEATURE_NAMES, features=features, board_inputs=board_inputs,
    learned_evaluate=LEARNED_EVALUATE, strongest_evaluate=STRONGEST_EVALUATE, clock_share=clock_share,
)
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""
PICTURES[Position.game_name] = ENGINE.picture  # how a notebook shows a position of this game

__all__ = ["ENGINE", "PERFT_FROM_START", "PLAYER_NAMES", "Move", "Position", "board_svg", "evaluate", "move_clicks", "perft"]
