"""The board as an SVG picture: to look at (:func:`board_picture`, a position's picture in a notebook) and to
click on (:func:`board_svg`, for the board widget).

The widget shows the SVG and reports clicks on the elements marked ``data-click``, so the
browser never needs its own copy of the board or of the rules. Green's pieces are dark green
discs, Red's lighter vermilion discs with a white ring inside, so that they differ without
colour too; each point says what is on it to a screen reader (``aria-label="point 23: Green piece"``).

>>> from lessons_lib.games.shologuti.position import Position
>>> svg = board_svg(Position.start())
>>> svg.startswith("<svg") and svg.count('class="piece green"') == 16
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from lessons_lib.games.common.drawing import Pictures as Pictures  # lines of boards are shown as Pictures
from lessons_lib.games.common.drawing import (
    LAST_MOVE_RING, PALETTE, POINT_STYLE, SELECTED_RING, STATUS_STYLE, aria_label, game_over_text, status_line,
    svg_start,
)
from lessons_lib.games.shologuti.board import COORDINATES, LINES, POINTS
from lessons_lib.games.shologuti.moves import Move
from lessons_lib.games.shologuti.position import GREEN, RED, SIDE_NAMES, Position

UNIT = 56  # pixels between neighbouring columns or rows
MARGIN = 30
HEADER = 34  # room for the status line above the board
WIDTH = 4 * UNIT + 2 * MARGIN
HEIGHT = 8 * UNIT + 2 * MARGIN + HEADER

COLOURS = PALETTE | {"green": "#0f5e4b", "red": "#d9502a", "step": PALETTE["clickable"], "capture": PALETTE["captured"]}
"""Green is dark and bluish, Red light and yellowish: apart in lightness and in blue-yellow, which all eyes see."""

STYLE = f"""
{POINT_STYLE}
.piece.green {{ fill: {COLOURS["green"]}; }}
.piece.red {{ fill: {COLOURS["red"]}; }}
.cue.ring {{ fill: none; stroke: white; stroke-width: 1.6; }}
.label {{ font: 10px sans-serif; text-anchor: middle; dominant-baseline: central; pointer-events: none; }}
{STATUS_STYLE}
"""


def point_xy(point: int) -> tuple[float, float]:
    """The centre of ``point`` in the SVG, in pixels."""
    row, col = COORDINATES[point]
    return MARGIN + col * UNIT, HEADER + MARGIN + (row + 2) * UNIT


def status_text(position: Position) -> str:
    """One line: whose move it is (or how the game ended) and the piece counts."""
    counts = f"Green {position.piece_count(GREEN)} · Red {position.piece_count(RED)}"
    outcome = position.outcome()
    if outcome is not None:
        return f"{game_over_text(outcome, SIDE_NAMES)} · {counts}"
    chain = f", chain on {position.pending}" if position.pending else ""
    return f"{SIDE_NAMES[position.to_move]} to move{chain} · {counts}"


def place_name(point: int) -> str:
    """What a screen reader calls ``point``: ``point 23``."""
    return f"point {point}"


def place_names(position: Position) -> dict[str, str]:
    """Each place a click may hit, by its ``data-click``: every point (:func:`place_name`) and the ``stop`` button."""
    return {str(point): place_name(point) for point in POINTS} | {"stop": "stop"}


def board_picture(
    position: Position,
    *,
    selected: int | None = None,
    targets: Collection[Move] = (),
    last_move: Move | None = None,
    status: str | None = None,
    numbers: bool = True,
    scale: float = 1.0,
    click_attribute: str = "data-point",
    stop_button: bool = False,
) -> str:
    """The board with the pieces of ``position``, as an SVG document (a string).

    Args:
        selected: a point to ring in yellow (the piece a player has picked up).
        targets: moves to mark on their target points: captures by a red diamond, steps by a green disc.
        last_move: the move just played, marked by a blue ring on each end.
        status: the line above the board; by default :func:`status_text`.
        numbers: write each point's number on it.
        scale: the size on screen, as a multiple of the natural size.
        click_attribute: the attribute that names each point (``data-click`` for a board that is clicked).
        stop_button: draw a ``stop`` button (``click_attribute="stop"``) for ending a chain.
    """
    label = status_text(position)
    parts = [svg_start("shologuti-board", WIDTH, HEIGHT, scale, label, STYLE),
             status_line(MARGIN - 14, HEADER - 12, status if status is not None else label)]
    for a, b in LINES:
        (x1, y1), (x2, y2) = point_xy(a), point_xy(b)
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{COLOURS["line"]}" stroke-width="2"/>')
    if last_move is not None and not last_move.is_stop:
        for point in (last_move.origin, last_move.target):
            x, y = point_xy(point)
            parts.append(f'<circle cx="{x}" cy="{y}" r="22" {LAST_MOVE_RING}/>')
    marked = {move.target: move for move in targets if not move.is_stop}
    ends = () if last_move is None or last_move.is_stop else (last_move.origin, last_move.target)
    for point in POINTS:
        x, y = point_xy(point)
        owner = position.owner(point)
        kind = ("capture" if marked[point].is_capture else "step") if point in marked else None
        piece = "empty" if owner is None else f"{SIDE_NAMES[owner]} piece"
        label = aria_label(place_name(point), piece, "selected" if point == selected else "",
                           f"a {kind} lands here" if kind else "", "last move" if point in ends else "")
        parts.append(f'<g {click_attribute}="{point}" {label}>')
        if kind == "step":
            parts.append(f'<circle cx="{x}" cy="{y}" r="19" fill="{COLOURS[kind]}" fill-opacity="0.35" '
                         f'stroke="{COLOURS[kind]}" stroke-width="3" class="target {kind}"/>')
        elif kind == "capture":  # a diamond, not a disc: a capture differs from a step without colour too
            parts.append(f'<path d="M{x},{y - 22} L{x + 22},{y} L{x},{y + 22} L{x - 22},{y} Z" '
                         f'fill="{COLOURS[kind]}" fill-opacity="0.35" stroke="{COLOURS[kind]}" stroke-width="3" '
                         f'stroke-linejoin="round" class="target {kind}"/>')
        if owner is None:
            parts.append(f'<circle cx="{x}" cy="{y}" r="9" class="point-dot"/>')
        else:
            colour = "green" if owner == GREEN else "red"
            parts.append(f'<circle cx="{x}" cy="{y}" r="16" class="piece {colour}" data-player="{owner}"/>')
            if owner == RED:
                parts.append(f'<circle cx="{x}" cy="{y}" r="11.5" class="cue ring"/>')
        if point == selected:
            parts.append(f'<circle cx="{x}" cy="{y}" r="21" {SELECTED_RING}/>')
        if numbers:
            fill = "white" if owner is not None else COLOURS["text"]
            parts.append(f'<text x="{x}" y="{y}" class="label" fill="{fill}">{point}</text>')
        parts.append(f'<circle cx="{x}" cy="{y}" r="24" class="point-hit"/></g>')
    if stop_button:  # right of the top triangle, where no point or line is
        x, y = WIDTH - 58, HEADER + MARGIN + 32
        parts.append(f'<g {click_attribute}="stop" class="stop-button" style="cursor:pointer" '
                     f'{aria_label("stop", "end the chain of captures")}>'
                     f'<rect x="{x}" y="{y}" width="52" height="24" rx="6" fill="{COLOURS["selected"]}" stroke="#222"/>'
                     f'<text x="{x + 26}" y="{y + 12}" class="label" fill="#222">stop</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def board_svg(position: Position, *, clickable: Collection[str] = (), selected: Sequence[str] = (),
              last_move: Move | None = None, scale: float = 1.0) -> str:
    """The board to click on (:class:`~lessons_lib.widgets.BoardWidget`): :func:`board_picture` with ``data-click``.

    Args:
        clickable: names of points where the next click may go; a step or capture from the selected piece
            to one of them is marked there, and ``stop`` shows a button for ending a chain.
        selected: names of points clicked so far in this move: the first is the piece picked up.
        last_move: the move just played, marked by a blue ring on each end.
        scale: the size on screen, as a multiple of the natural size.
    """
    chosen = int(selected[0]) if selected and selected[0].isdigit() else None
    targets = [move for move in position.legal_moves() if not move.is_stop and chosen == move.origin
               and str(move.target) in clickable]
    return board_picture(position, selected=chosen, targets=targets, last_move=last_move, scale=scale,
                         click_attribute="data-click", stop_button="stop" in clickable)


def line_pictures(position: Position, moves: Sequence[Move | str], scale: float = 0.6,
                  mark_moves: bool = True) -> Pictures:
    """The board before and after each move of a line, the move just played ringed in blue.

    With ``mark_moves``, each board also marks where the side to move can go next.
    """
    items = [("before", board_picture(position, targets=position.legal_moves() if mark_moves else (), scale=scale))]
    for move in moves:
        position = position.play(move)
        played = Move.parse(move) if isinstance(move, str) else move
        items.append((f"after {played}", board_picture(position, last_move=played, scale=scale,
                                                       targets=position.legal_moves() if mark_moves else ())))
    return Pictures(items)
