"""What the four games' SVG pictures share: the palette, the document's opening, the status line and the rings.

Each game's ``drawing`` module draws its own board and pieces. The pictures look alike because
they take these from here: one background and set of colours, a line of status text above the
board, a yellow ring around what a player has selected and a dashed blue ring on the last move.

>>> svg = svg_start("demo-board", 100, 50, 0.5, "A & B", STATUS_STYLE)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="25"'), 'aria-label="A &amp; B"' in svg
(True, True)
>>> game_over_text(Outcome(None, "draw clock"), ("Black", "White"))
'Game over: draw (draw clock)'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from lessons_lib.game import Outcome

PALETTE: dict[str, str] = {
    "background": "#f6efe0",
    "line": "#8a7a5c",
    "point": "#fffaf0",
    "clickable": "#2e8b3a",
    "selected": "#f2c200",
    "captured": "#d7263d",
    "last": "#1f4e9c",
    "text": "#333333",
}
"""The colours the boards share: each game's ``COLOURS`` adds its own pieces' to these."""

POINT_STYLE = f"""\
.point-hit {{ fill: transparent; cursor: pointer; }}
.point-dot {{ fill: {PALETTE["point"]}; stroke: {PALETTE["line"]}; stroke-width: 1.5; }}
.piece {{ stroke: #222; stroke-width: 1.5; }}"""
"""The style of the points of a board of points and lines (Shologuti, Bagh-Chal): the area a click hits, an empty point, a piece."""

STATUS_STYLE = f""".status {{ font: 14px sans-serif; fill: {PALETTE["text"]}; }}"""
"""The style of the status line above every board."""

SELECTED_RING = f'fill="none" stroke="{PALETTE["selected"]}" stroke-width="4" class="selected"'
"""The attributes of the yellow ring around a selected point or square: ``<circle cx= cy= r= {SELECTED_RING}/>``."""

LAST_MOVE_RING = f'fill="none" stroke="{PALETTE["last"]}" stroke-width="3" stroke-dasharray="5 3" class="last-move"'
"""The attributes of the dashed blue ring on the points or squares of the last move."""


def svg_start(board_class: str, width: int, height: int, scale: float, label: str, style: str) -> str:
    """The opening of a board's SVG document: the ``<svg>`` element, its style sheet and the background.

    ``label`` is what a screen reader says the picture is; ``scale`` sizes it on screen.
    """
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
            f'viewBox="0 0 {width} {height}" class="{board_class}" role="img" aria-label="{escape(label)}">'
            f"<style>{style}</style>"
            f'<rect width="{width}" height="{height}" rx="10" fill="{PALETTE["background"]}"/>')


def status_line(x: float, y: float, text: str) -> str:
    """The line of text above the board, its left end at (``x``, ``y``)."""
    return f'<text x="{x}" y="{y}" class="status">{escape(text)}</text>'


def game_over_text(outcome: Outcome, player_names: Sequence[str], win: str = "wins") -> str:
    """How the game ended, for a status line: ``Game over: Red wins (no move)`` (``win`` is the verb's form).

    >>> game_over_text(Outcome(0, "tigers trapped"), ("Goats", "Tigers"), win="win")
    'Game over: Goats win (tigers trapped)'
    """
    result = "draw" if outcome.winner is None else f"{player_names[outcome.winner]} {win}"
    return f"Game over: {result} ({outcome.reason})"
