"""The Bagh-Chal board as an SVG picture, for notebooks and for the clickable board widget.

Each point is a group marked ``data-click="c3"`` (its name): the widget reports
clicks on these, so the browser never needs its own copy of the board or the rules.
A tiger is a large orange disc with a white ``T``, a goat a smaller white one with a grey
``G``: letter, size and lightness tell them apart without colour. Each point says what is
on it to a screen reader (``aria-label="point c3: Tiger"``).

>>> from lessons_lib.games.baghchal.position import Position
>>> svg = board_svg(Position.start())
>>> svg.startswith("<svg"), svg.count("data-click="), svg.count('class="piece tiger"')
(True, 25, 4)
"""

from __future__ import annotations

from collections.abc import Collection

from lessons_lib.games.baghchal.board import LINES, POINT_NAMES, POINTS, SIZE, row_col
from lessons_lib.games.baghchal.movegen import GOATS, TIGERS
from lessons_lib.games.baghchal.moves import Move
from lessons_lib.games.baghchal.position import PLAYER_NAMES, Position
from lessons_lib.games.common.drawing import (
    LAST_MOVE_RING, PALETTE, POINT_STYLE, SELECTED_RING, STATUS_STYLE, aria_label, game_over_text, status_line,
    svg_start,
)

UNIT = 64  # pixels between neighbouring points
MARGIN = 36
HEADER = 34  # room for the status line above the board
WIDTH = (SIZE - 1) * UNIT + 2 * MARGIN
HEIGHT = (SIZE - 1) * UNIT + 2 * MARGIN + HEADER

COLOURS = PALETTE | {"tiger": "#bf6200", "goat": "#fbfbf7"}
"""A burnt orange tiger (dark enough for its white letter) and a white goat: apart in lightness to every eye."""

STYLE = f"""
{POINT_STYLE}
.piece.tiger {{ fill: {COLOURS["tiger"]}; stroke-width: 2.5; }}
.piece.goat {{ fill: {COLOURS["goat"]}; stroke: #555; }}
.piece-label {{ font: bold 14px sans-serif; text-anchor: middle; dominant-baseline: central; pointer-events: none; }}
.coordinate {{ font: 11px sans-serif; fill: {COLOURS["text"]}; text-anchor: middle; dominant-baseline: central; }}
{STATUS_STYLE}
"""


PIECE_NAMES = {GOATS: "Goat", TIGERS: "Tiger"}
"""What a screen reader calls each player's piece."""


def point_xy(point: int) -> tuple[int, int]:
    """The centre of ``point`` in the SVG, in pixels (row 5 at the top, as the position string reads)."""
    row, col = row_col(point)
    return MARGIN + col * UNIT, HEADER + MARGIN + row * UNIT


def status_text(position: Position) -> str:
    """One line: whose move it is (or how the game ended), the goats in hand and the goats captured."""
    counts = f"goats in hand {position.goats_in_hand} · captured {position.goats_captured}"
    outcome = position.outcome()
    if outcome is not None:
        return f"{game_over_text(outcome, PLAYER_NAMES, win='win')} · {counts}"
    return f"{PLAYER_NAMES[position.to_move]} to move · {counts}"


def place_name(point: int) -> str:
    """What a screen reader calls ``point``: ``point c3``."""
    return f"point {POINT_NAMES[point]}"


def place_names(position: Position) -> dict[str, str]:
    """Each point, by its ``data-click`` (its name), with what a screen reader calls it (:func:`place_name`)."""
    return {POINT_NAMES[point]: place_name(point) for point in POINTS}


def board_svg(
    position: Position,
    *,
    clickable: Collection[str] = (),
    selected: Collection[str] = (),
    last_move: Move | None = None,
    status: str | None = None,
    scale: float = 1.0,
) -> str:
    """The board with the pieces of ``position``, as an SVG document (a string).

    Args:
        clickable: names of points where the next click may go, shaded green.
        selected: names of points clicked so far in this move, ringed in yellow.
        last_move: the move just played: a blue ring on each end, a red cross on a captured goat.
        status: the line above the board; by default :func:`status_text`.
        scale: the size on screen, as a multiple of the natural size.
    """
    text = status if status is not None else status_text(position)
    parts = [svg_start("baghchal-board", WIDTH, HEIGHT, scale, text, STYLE), status_line(MARGIN - 20, HEADER - 12, text)]
    for a, b in LINES:
        (x1, y1), (x2, y2) = point_xy(a), point_xy(b)
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{COLOURS["line"]}" stroke-width="2"/>')
    for index in range(SIZE):  # a..e below the board, 5..1 to its left
        x, _ = point_xy(index)
        _, y = point_xy(index * SIZE)
        parts.append(f'<text x="{x}" y="{HEIGHT - MARGIN / 2 + 4}" class="coordinate">{"abcde"[index]}</text>')
        parts.append(f'<text x="{MARGIN / 2 - 6}" y="{y}" class="coordinate">{SIZE - index}</text>')
    ends: list[int] = []
    if last_move is not None:
        ends = [last_move.target] if last_move.origin is None else [last_move.origin, last_move.target]
        for point in ends:
            x, y = point_xy(point)
            parts.append(f'<circle cx="{x}" cy="{y}" r="24" {LAST_MOVE_RING}/>')
    for point in POINTS:
        parts.append(_point_svg(position, point, point == getattr(last_move, "captured", None),
                                POINT_NAMES[point] in clickable, POINT_NAMES[point] in selected, point in ends))
    parts.append("</svg>")
    return "".join(parts)


def _point_svg(position: Position, point: int, was_captured: bool, is_clickable: bool, is_selected: bool,
               is_last: bool = False) -> str:
    """One point's group, named for a screen reader: its highlight, its piece or dot, its marks, the area clicks hit."""
    x, y = point_xy(point)
    name = POINT_NAMES[point]
    owner = position.owner(point)
    piece = "empty" if owner is None else PIECE_NAMES[owner]
    label = aria_label(place_name(point), piece, "a legal click" if is_clickable else "",
                       "selected" if is_selected else "", "a goat was captured here" if was_captured else "",
                       "last move" if is_last else "")
    parts = [f'<g data-click="{name}" {label}>']
    if is_clickable:
        parts.append(f'<circle cx="{x}" cy="{y}" r="21" fill="{COLOURS["clickable"]}" fill-opacity="0.35" '
                     f'stroke="{COLOURS["clickable"]}" stroke-width="3" class="clickable"/>')
    if owner == TIGERS:
        parts.append(f'<circle cx="{x}" cy="{y}" r="18" class="piece tiger" data-player="{TIGERS}"/>'
                     f'<text x="{x}" y="{y}" class="piece-label cue" fill="white">T</text>')
    elif owner == GOATS:
        parts.append(f'<circle cx="{x}" cy="{y}" r="14" class="piece goat" data-player="{GOATS}"/>'
                     f'<text x="{x}" y="{y}" class="piece-label cue" fill="#555">G</text>')
    else:
        parts.append(f'<circle cx="{x}" cy="{y}" r="7" class="point-dot"/>')
    if was_captured:
        parts.append(f'<path d="M{x - 8},{y - 8} L{x + 8},{y + 8} M{x + 8},{y - 8} L{x - 8},{y + 8}" '
                     f'stroke="{COLOURS["captured"]}" stroke-width="3" class="captured"/>')
    if is_selected:
        parts.append(f'<circle cx="{x}" cy="{y}" r="23" {SELECTED_RING}/>')
    parts.append(f'<circle cx="{x}" cy="{y}" r="28" class="point-hit"/></g>')
    return "".join(parts)
