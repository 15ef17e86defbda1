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
from lessons_lib.games.common.position import PICTURES
from lessons_lib.kit.perft import perft

from lessons_lib.games.baghchal.drawing import board_svg, place_names, status_text
from lessons_lib.games.baghchal.evaluation import evaluate
from lessons_lib.games.baghchal.inputs import board_inputs, clock_share
from lessons_lib.games.baghchal.features import FEATURE_NAMES, LEARNED_EVALUATE, STRONGEST_EVALUATE, features
from lessons_lib.games.baghchal.movegen import GOATS, PERFT_FROM_START, TIGERS
from lessons_lib.games.baghchal.moves import Move, move_clicks
from lessons_lib.games.baghchal.position import END_REASONS, PLAYER_NAMES, Position


ENGINE = Engine(
    position=Position, move=Move, player_names=PLAYER_NAMES, end_reasons=END_REASONS, perft_from_start=PERFT_FROM_START,
    board_svg=board_svg, picture=board_svg, move_clicks=move_clicks, status_text=status_text, place_names=place_names,
    evaluate=evaluate, feature_names=FEATURE_NAMES, features=features, board_inputs=board_inputs,
    learned_evaluate=LEARNED_EVALUATE, strongest_evaluate=STRONGEST_EVALUATE, clock_share=clock_share,
)
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""
PICTURES[Position.game_name] = ENGINE.picture  # how a notebook shows a position of this game

__all__ = ["ENGINE", "GOATS", "PERFT_FROM_START", "PLAYER_NAMES", "TIGERS", "Move", "Position", "board_svg", "evaluate",
           "move_clicks", "perft"]
