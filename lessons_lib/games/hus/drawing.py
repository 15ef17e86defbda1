"""The Hus board as an SVG picture, for notebooks and for the clickable board widget.

Four rows of 16 pits: North's outer and inner rows at the top, South's inner and
outer rows at the bottom, so that each player's pits run counter-clockwise and
facing pits share a column (as in :mod:`lessons_lib.games.hus.board`). Each pit shows its
seed count, a few seeds as dots, and its number below it. The pits of the player to
move carry ``data-click="<pit>"``, which the clickable board reports.

Each player's half is tinted (South light blue, North sand: apart to every eye) and has the
player's name written beside it, so whose a pit is does not hang on its colour; each pit says
whose it is and what is in it to a screen reader (``aria-label="South's pit 12: 3 seeds"``).

>>> from lessons_lib.games.hus.position import Position
>>> svg = board_svg(Position.start())
>>> svg.startswith("<svg") and svg.count("data-click=") == 32
True
"""

from __future__ import annotations

from collections.abc import Collection

from lessons_lib.games.common.drawing import (
    LAST_MOVE_RING, PALETTE, SELECTED_RING, STATUS_STYLE, aria_label, game_over_text, status_line, svg_start,
)
from lessons_lib.games.hus.board import NORTH, PITS, PLAYER_NAMES, ROW, SOUTH
from lessons_lib.games.hus.moves import Move
from lessons_lib.games.hus.position import Position

UNIT = 44  # pixels between neighbouring columns and rows
MARGIN = 20
HEADER = 34  # room for the status line above the board
GAP = 14  # between North's half and South's
WIDTH = ROW * UNIT + 2 * MARGIN
HEIGHT = HEADER + 4 * UNIT + GAP + 2 * MARGIN
PIT_RADIUS = 16
MOST_DOTS = 8  # seeds drawn as dots in a pit; the number says how many there are

COLOURS = PALETTE | {"south": "#bcd5ef", "north": "#f6d9a6", "pit": "#fffaf0", "seed": "#7a4a21"}
"""South's half light blue, North's sand: they differ in blue against yellow, which red-green colour blindness keeps."""

STYLE = f"""
.pit {{ fill: {COLOURS["pit"]}; stroke: {COLOURS["line"]}; stroke-width: 1.5; }}
.pit-hit {{ fill: transparent; cursor: pointer; }}
.seed {{ fill: {COLOURS["seed"]}; }}
.count {{ font: bold 12px sans-serif; text-anchor: middle; dominant-baseline: central; pointer-events: none; }}
.label {{ font: 8px sans-serif; text-anchor: middle; fill: {COLOURS["line"]}; pointer-events: none; }}
.side-name {{ font: bold 10px sans-serif; letter-spacing: 1px; text-anchor: middle; dominant-baseline: central;
             fill: {COLOURS["text"]}; }}
{STATUS_STYLE}
"""


def pit_cell(player: int, pit: int) -> tuple[int, int]:
    """The (row, column) of ``player``'s ``pit`` in the drawing: rows 0..3 from the top, columns 0..15 from the left.

    >>> pit_cell(0, 16), pit_cell(1, 31), pit_cell(1, 0)
    ((2, 15), (1, 15), (0, 15))
    """
    if player == SOUTH:
        return (3, pit) if pit < ROW else (2, PITS - 1 - pit)
    return (0, ROW - 1 - pit) if pit < ROW else (1, pit - ROW)


def pit_xy(player: int, pit: int) -> tuple[float, float]:
    """The centre of ``player``'s ``pit`` in the SVG, in pixels."""
    row, column = pit_cell(player, pit)
    return MARGIN + (column + 0.5) * UNIT, HEADER + MARGIN + (row + 0.5) * UNIT + (GAP if row >= 2 else 0)


def status_text(position: Position) -> str:
    """One line: whose move it is (or how the game ended), the round and the seed totals."""
    totals = f"{PLAYER_NAMES[SOUTH]} {position.seeds(SOUTH)} · {PLAYER_NAMES[NORTH]} {position.seeds(NORTH)} seeds"
    outcome = position.outcome()
    if outcome is not None:
        return f"{game_over_text(outcome, PLAYER_NAMES)} · {totals}"
    return f"{PLAYER_NAMES[position.to_move]} to move · round {position.round_number} · {totals}"


def place_name(player: int, pit: int) -> str:
    """What a screen reader calls ``player``'s ``pit``: ``South's pit 12``."""
    return f"{PLAYER_NAMES[player]}'s pit {pit}"


def place_names(position: Position) -> dict[str, str]:
    """Each pit a click may hit (the player to move's), by its ``data-click``, with its name (:func:`place_name`)."""
    return {str(pit): place_name(position.to_move, pit) for pit in range(PITS)}


def _seed_dots(x: float, y: float, count: int) -> str:
    """Up to ``MOST_DOTS`` seeds as small dots in a ring inside a pit."""
    shown = min(count, MOST_DOTS)
    offsets = ((0, -11), (8, -8), (11, 0), (8, 8), (0, 11), (-8, 8), (-11, 0), (-8, -8))
    return "".join(f'<circle cx="{x + dx:g}" cy="{y + dy:g}" r="2.2" class="seed"/>' for dx, dy in offsets[:shown])


def board_svg(position: Position, *, clickable: Collection[str] = (), selected: Collection[str] = (),
              last_move: Move | None = None, scale: float = 1.0) -> str:
    """The board of ``position`` as an SVG document (a string).

    Args:
        clickable: pits of the player to move (as text, ``"17"``) to highlight in green: where a click may go.
        selected: pits of the player to move to ring in yellow.
        last_move: the move just played, marked by a blue ring on the pit it started from.
        scale: the size on screen, as a multiple of the natural size.
    """
    mover = position.to_move
    last_player = mover if position.endless else 1 - mover  # after an endless move its player is still to move
    status = status_text(position)
    parts = [svg_start("hus-board", WIDTH, HEIGHT, scale, status, STYLE), status_line(MARGIN, HEADER - 12, status)]
    for player, top in ((NORTH, HEADER + MARGIN), (SOUTH, HEADER + MARGIN + 2 * UNIT + GAP)):
        side = PLAYER_NAMES[player]  # the half in the player's colour, and the player's name up its left edge
        name_x, middle = (MARGIN - 4) / 2, top + UNIT
        parts.append(f'<g class="side" aria-label="{side}\'s pits">'
                     f'<rect x="{MARGIN - 4}" y="{top - 4}" width="{ROW * UNIT + 8}" height="{2 * UNIT + 8}" rx="8" '
                     f'fill="{COLOURS[side.lower()]}" stroke="{COLOURS["line"]}" class="half {side.lower()}" '
                     f'data-player="{player}"/>'
                     f'<text x="{name_x:g}" y="{middle}" transform="rotate(-90 {name_x:g} {middle})" class="side-name cue">'
                     f"{side}</text></g>")
    for player in (NORTH, SOUTH):
        for pit, count in enumerate(position.pits_of(player)):
            x, y = pit_xy(player, pit)
            name = str(pit)
            is_mover = player == mover
            seeds = "empty" if count == 0 else f"{count} seed{'' if count == 1 else 's'}"
            label = aria_label(place_name(player, pit), seeds,
                               "a legal move" if is_mover and name in clickable else "",
                               "selected" if is_mover and name in selected else "",
                               "last move" if last_move is not None and player == last_player
                               and pit == last_move.pit else "")
            parts.append(f'<g data-click="{name}" {label}>' if is_mover else f"<g {label}>")
            parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{PIT_RADIUS}" class="pit"/>')
            if is_mover and name in clickable:
                parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{PIT_RADIUS}" fill="{COLOURS["clickable"]}" '
                             f'fill-opacity="0.3" stroke="{COLOURS["clickable"]}" stroke-width="2.5" '
                             f'class="clickable"/>')
            parts.append(_seed_dots(x, y, count))
            if count:
                parts.append(f'<text x="{x:g}" y="{y:g}" class="count" fill="{COLOURS["text"]}">{count}</text>')
            parts.append(f'<text x="{x:g}" y="{y + PIT_RADIUS + 5:g}" class="label">{name}</text>')
            if is_mover and name in selected:
                parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{PIT_RADIUS + 3}" {SELECTED_RING}/>')
            if last_move is not None and player == last_player and pit == last_move.pit:
                parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{PIT_RADIUS + 3}" {LAST_MOVE_RING}/>')
            if is_mover:
                parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{UNIT / 2:g}" class="pit-hit"/>')
            parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
