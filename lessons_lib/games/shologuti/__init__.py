"""Shologuti (Sixteen Soldiers): the engine, under the names every game's package offers.

Its modules, in the order they build on each other: ``board`` (the 37 points, lines and jumps, from
``data/board.json``), ``rules`` (the variants), ``moves`` (:class:`Move` and the notation), ``zobrist``,
``movegen`` (the moves and the chains of captures, on bitboards), ``position`` (:class:`Position` and the
end of the game), ``record`` (a game's record), ``evaluation`` (the hand-written one), ``features`` (the
learned one), ``drawing`` and ``graph`` (the board as a networkx graph).
What all four engines share (the board's tables, Bagh-Chal's too; the Zobrist tables; the
position's mechanics; the SVG palette) comes from :mod:`lessons_lib.games.common`.
``docs/rules/shologuti.md`` has the rules.
"""

from __future__ import annotations

from lessons_lib.kit.game import Engine
from lessons_lib.games.common.position import PICTURES
from lessons_lib.kit.perft import perft

from lessons_lib.games.shologuti.drawing import board_picture, board_svg, place_names, status_text
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation as evaluate
from lessons_lib.games.shologuti.inputs import board_inputs, clock_share
from lessons_lib.games.shologuti.features import FEATURE_NAMES, LEARNED_EVALUATE, STRONGEST_EVALUATE, features
from lessons_lib.games.shologuti.movegen import PERFT_FROM_START
from lessons_lib.games.shologuti.solved import SCOPE as SOLVED_SCOPE, build_cached_tables, random_solved_position, solved
from lessons_lib.games.shologuti.moves import Move, move_clicks
from lessons_lib.games.shologuti.position import END_REASONS, Position
from lessons_lib.games.shologuti.position import SIDE_NAMES as PLAYER_NAMES
from lessons_lib.games.shologuti.rules import VARIANTS, Rules


ENGINE = Engine(
    position=Position, move=Move, player_names=PLAYER_NAMES, end_reasons=END_REASONS, perft_from_start=PERFT_FROM_START,
    board_svg=board_svg, picture=board_picture, move_clicks=move_clicks, status_text=status_text, place_names=place_names,
    evaluate=evaluate, feature_names=FEATURE_NAMES, features=features, board_inputs=board_inputs,
    learned_evaluate=LEARNED_EVALUATE, strongest_evaluate=STRONGEST_EVALUATE, clock_share=clock_share,
    variants=tuple(VARIANTS), rules_named=Rules.named, solved=solved, solved_scope=SOLVED_SCOPE,
    random_solved=random_solved_position, build_tables=build_cached_tables,
)
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""
PICTURES[Position.game_name] = ENGINE.picture  # how a notebook shows a position of this game

__all__ = ["ENGINE", "PERFT_FROM_START", "PLAYER_NAMES", "Move", "Position", "board_svg", "evaluate", "move_clicks", "perft"]
