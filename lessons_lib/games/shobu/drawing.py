"""The four Shobu boards as an SVG picture, for notebooks and for the clickable board widget.

Seen from Black (at the bottom): White's light board top left, White's dark board
top right, the rope across the middle, Black's dark board bottom left and Black's
light board bottom right; each player's dark board is on their left. Every square
carries ``data-click="bd:a1"`` (its name), which the widget reports when clicked, and says
what is on it to a screen reader (``aria-label="square a1 of Black's dark board: White stone"``).
The stones are black and white, apart in lightness to every eye; a black stone also has a
grey ring inside, so that on a dark board it still differs from a white one by its shape.

>>> from lessons_lib.games.shobu.position import Position
>>> svg = board_svg(Position.start())
>>> svg.startswith("<svg"), svg.count("data-click="), svg.count('class="stone black"')
(True, 64, 16)
"""

from __future__ import annotations

from collections.abc import Collection

from lessons_lib.games.common.drawing import (
    LAST_MOVE_RING, PALETTE, SELECTED_RING, STATUS_STYLE, aria_label, game_over_text, status_line, svg_start,
)
from lessons_lib.games.shobu.board import BOARD_NAMES, BOARD_TITLES, SQUARE_COUNT, SQUARE_NAMES
from lessons_lib.games.shobu.moves import Move
from lessons_lib.games.shobu.position import BLACK, PLAYER_NAMES, WHITE, Position

CELL = 40  # pixels per square
BOARD_SIZE = 4 * CELL
MARGIN = 24
GAP = 28  # between the left and right boards
ROPE = 44  # between the two sides' boards, where the rope lies
HEADER = 34  # room for the status line
WIDTH = 2 * BOARD_SIZE + GAP + 2 * MARGIN
HEIGHT = HEADER + 2 * BOARD_SIZE + ROPE + 2 * MARGIN

_LEFT, _RIGHT = MARGIN, MARGIN + BOARD_SIZE + GAP
_TOP, _BOTTOM = HEADER + MARGIN, HEADER + MARGIN + BOARD_SIZE + ROPE
BOARD_CORNERS = ((_LEFT, _BOTTOM), (_RIGHT, _BOTTOM), (_RIGHT, _TOP), (_LEFT, _TOP))
"""The top-left corner of each board (``bd``, ``bl``, ``wd``, ``wl``) in the picture."""

COLOURS = PALETTE | {
    "dark": "#8a6240",
    "dark line": "#5e4029",
    "light": "#e9d3a8",
    "light line": "#b89c6a",
    "rope": "#b5893b",
    "black": "#222222",
    "white": "#fafafa",
}

STYLE = f"""
.square-hit {{ fill: transparent; cursor: pointer; }}
.stone {{ stroke: #222; stroke-width: 1.5; }}
.stone.black {{ fill: {COLOURS["black"]}; }}
.stone.white {{ fill: {COLOURS["white"]}; }}
.cue.ring {{ fill: none; stroke: #9a9a9a; stroke-width: 1.5; }}
.board-label {{ font: 11px sans-serif; fill: {COLOURS["text"]}; }}
{STATUS_STYLE}
"""


def square_xy(square: int) -> tuple[float, float]:
    """The centre of ``square`` (0..63) in the picture, in pixels; row 4 is at the top of its board."""
    left, top = BOARD_CORNERS[square // 16]
    return left + (square % 4 + 0.5) * CELL, top + (3 - square % 16 // 4 + 0.5) * CELL


def status_text(position: Position) -> str:
    """One line: whose move it is (or how the game ended), and the quiet-ply clock if it is running."""
    outcome = position.outcome()
    if outcome is not None:
        return game_over_text(outcome, PLAYER_NAMES)
    plies = position.clock
    clock = f" · {plies} quiet {'ply' if plies == 1 else 'plies'}" if plies else ""
    return f"{PLAYER_NAMES[position.to_move]} to move{clock}"


def place_name(square: int) -> str:
    """What a screen reader calls ``square`` (0..63): ``square a1 of Black's dark board``."""
    return f"square {SQUARE_NAMES[square][3:]} of {BOARD_TITLES[square // 16]}"


def place_names(position: Position) -> dict[str, str]:
    """Each square, by its ``data-click`` (``bd:a1``), with what a screen reader calls it (:func:`place_name`)."""
    return {SQUARE_NAMES[square]: place_name(square) for square in range(SQUARE_COUNT)}


def board_svg(
    position: Position,
    *,
    clickable: Collection[str] = (),
    selected: Collection[str] = (),
    last_move: Move | None = None,
    scale: float = 1.0,
) -> str:
    """The four boards with the stones of ``position``, as an SVG document (a string).

    Args:
        clickable: square names (``bd:b1``) to highlight in green: where the next click may go.
        selected: square names to ring in yellow: the clicks made so far.
        last_move: the move just played, its four squares ringed in blue.
        scale: the size on screen, as a multiple of the natural size.
    """
    status = status_text(position)
    parts = [svg_start("shobu-board", WIDTH, HEIGHT, scale, status, STYLE), status_line(MARGIN - 10, HEADER - 10, status)]
    rope_y = _TOP + BOARD_SIZE + ROPE / 2
    parts.append(f'<line x1="{MARGIN - 12}" y1="{rope_y}" x2="{WIDTH - MARGIN + 12}" y2="{rope_y}" '
                 f'stroke="{COLOURS["rope"]}" stroke-width="5" stroke-dasharray="9 4" class="rope"/>')
    black_counts, white_counts = position.board_counts(BLACK), position.board_counts(WHITE)
    for board, (left, top) in enumerate(BOARD_CORNERS):
        shade = "dark" if board % 2 == 0 else "light"
        parts.append(f'<rect x="{left}" y="{top}" width="{BOARD_SIZE}" height="{BOARD_SIZE}" '
                     f'fill="{COLOURS[shade]}" stroke="{COLOURS[shade + " line"]}" stroke-width="2"/>')
        for line in range(1, 4):
            offset = line * CELL
            parts.append(f'<path d="M{left + offset} {top}v{BOARD_SIZE}M{left} {top + offset}h{BOARD_SIZE}" '
                         f'stroke="{COLOURS[shade + " line"]}" stroke-width="1"/>')
        label_y = top - 6 if top == _TOP else top + BOARD_SIZE + 14
        parts.append(f'<text x="{left}" y="{label_y}" class="board-label">{BOARD_NAMES[board]} · '
                     f'Black {black_counts[board]} · White {white_counts[board]}</text>')
    moved = set() if last_move is None else {SQUARE_NAMES[s] for s in last_move[:4]}
    for square in range(SQUARE_COUNT):
        name = SQUARE_NAMES[square]
        x, y = square_xy(square)
        owner = position.owner(square)
        stone = "empty" if owner is None else f"{PLAYER_NAMES[owner]} stone"
        label = aria_label(place_name(square), stone,
                           "a legal click" if name in clickable else "", "selected" if name in selected else "",
                           "last move" if name in moved else "")
        parts.append(f'<g data-click="{name}" {label}>')
        if name in clickable:  # a white edge, which shows on a dark board whatever colours one sees
            parts.append(f'<rect x="{x - CELL / 2 + 3}" y="{y - CELL / 2 + 3}" width="{CELL - 6}" '
                         f'height="{CELL - 6}" rx="3" fill="{COLOURS["clickable"]}" fill-opacity="0.55" '
                         f'stroke="white" stroke-width="2" class="clickable"/>')
        if name in moved:
            parts.append(f'<circle cx="{x}" cy="{y}" r="17" {LAST_MOVE_RING}/>')
        if owner is not None:
            parts.append(f'<circle cx="{x}" cy="{y}" r="13" class="stone {"white" if owner else "black"}" '
                         f'data-player="{owner}"/>')
            if owner == BLACK:
                parts.append(f'<circle cx="{x}" cy="{y}" r="7.5" class="cue ring"/>')
        if name in selected:
            parts.append(f'<circle cx="{x}" cy="{y}" r="17" {SELECTED_RING}/>')
        parts.append(f'<rect x="{x - CELL / 2}" y="{y - CELL / 2}" width="{CELL}" height="{CELL}" '
                     f'class="square-hit"><title>{name}</title></rect></g>')
    parts.append("</svg>")
    return "".join(parts)
