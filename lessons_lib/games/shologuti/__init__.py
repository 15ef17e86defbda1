"""Shologuti (Sixteen Soldiers): the engine, under the names every game's package offers.

Its modules, in the order they build on each other: ``board`` (the 37 points, lines and jumps, from
``data/board.json``), ``rules`` (the variants), ``moves`` (:class:`Move` and the notation), ``zobrist``,
``position`` (:class:`Position`: the moves, the chains of captures, the end of the game), ``record``
(a game's record), ``evaluation``, ``drawing`` and ``graph`` (the board as a networkx graph).
What all four engines share (the board's tables, Bagh-Chal's too; the Zobrist tables; the
position's mechanics; the SVG palette) comes from :mod:`lessons_lib.games.common`.
``docs/rules/shologuti.md`` has the rules.
"""

from __future__ import annotations

from lessons_lib.kit.game import Engine

from lessons_lib.games.shologuti.evaluation import LEARNED_WEIGHTS, learned_evaluation, winning_evaluation
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation as evaluate
from lessons_lib.games.shologuti.features import FEATURE_NAMES, features
from lessons_lib.games.shologuti.moves import Move
from lessons_lib.kit.perft import perft
from lessons_lib.games.shologuti.rules import VARIANTS, Rules, published_counts
from lessons_lib.games.shologuti.position import SIDE_NAMES, Position
from lessons_lib.games.shologuti.drawing import board_svg as _board_svg

PLAYER_NAMES: tuple[str, str] = SIDE_NAMES
PERFT_FROM_START = tuple(published_counts()["forced"][1:])
"""Perft from the start under the default (forced) rules, depth 1 upwards (docs/rules/shologuti.md has the other variants)."""


def move_clicks(move: Move) -> tuple[str, ...]:
    """The points a player clicks for ``move``: the piece, then where it goes (``stop`` is a button)."""
    return ("stop",) if move.is_stop else (str(move.origin), str(move.target))


def board_svg(position: Position, *, clickable: tuple[str, ...] = (), selected: tuple[str, ...] = (),
              last_move: Move | None = None, scale: float = 1.0) -> str:
    """The board (:func:`lessons_lib.games.shologuti.drawing.board_svg`) for :class:`~lessons_lib.widgets.ClickBoard`.

    Each point carries ``data-click``; a ``stop`` button shows when ending a chain is a legal click.
    """
    chosen = int(selected[0]) if selected and selected[0].isdigit() else None
    targets = [move for move in position.legal_moves() if not move.is_stop and chosen == move.origin
               and str(move.target) in clickable]
    return _board_svg(position, selected=chosen, targets=targets, last_move=last_move, scale=scale,
                      click_attribute="data-click", stop_button="stop" in clickable)



ENGINE = Engine(Position, Move, evaluate, board_svg, _board_svg, move_clicks, PLAYER_NAMES, PERFT_FROM_START,
                FEATURE_NAMES, features, learned_evaluation if LEARNED_WEIGHTS is not None else None,
                winning_evaluation if LEARNED_WEIGHTS is not None else None, variants=tuple(VARIANTS),
                rules_named=Rules.named)
"""This engine, as :class:`lessons_lib.kit.game.Engine` describes it (what the registry of games reads)."""

__all__ = ["ENGINE", "PERFT_FROM_START", "PLAYER_NAMES", "Move", "Position", "board_svg", "evaluate", "move_clicks", "perft"]
