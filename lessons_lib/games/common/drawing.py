"""What the four games' SVG pictures share: the palette, the document's opening, the status line and the rings.

Each game's ``drawing`` module draws its own board and pieces. The pictures look alike because
they take these from here: one background and set of colours, a line of status text above the
board, a yellow ring around what a player has selected and a dashed blue ring on the last move.

Every picture can be read without telling colours apart (about one man in twelve cannot tell
red from green), and by a screen reader. Each game's drawing keeps to these rules, which
``tests/viz/test_colour_vision.py`` checks on the drawn SVG:

- the two players' colours stay far apart (CIELAB ΔE of 20 or more) under simulated
  deuteranopia, protanopia and tritanopia (:mod:`lessons_lib.viz.colour_vision`);
- the element drawn in a player's colour (a piece, a stone, a row of pits) says whose it is,
  ``data-player="0"`` or ``"1"``, and beside it (in the same group) a second cue that is not
  colour, an element of class ``cue``: a ring, a letter, a name. The two players' pieces never
  carry the same cues;
- every element a click can hit (``data-click``, or Shologuti's ``data-point``) has an
  ``aria-label`` that names it and says what is on it: ``point 23: Green piece``,
  ``point 7: empty``. Made by :func:`aria_label`.

>>> svg = svg_start("demo-board", 100, 50, 0.5, "A & B", STATUS_STYLE)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="25"'), 'aria-label="A &amp; B"' in svg
(True, True)
>>> game_over_text(Outcome(None, "draw clock"), ("Black", "White"))
'Game over: draw (draw clock)'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from lessons_lib.kit.game import Outcome

PALETTE: dict[str, str] = {
    "background": "#f6efe0",
    "line": "#8a7a5c",
    "point": "#fffaf0",
    "clickable": "#009e73",  # a bluish green: to a deuteranope or protanope still unlike the red and the yellow
    "selected": "#f2c200",
    "captured": "#c8400a",  # a vermilion, darker than the yellow
    "last": "#1f4e9c",
    "text": "#333333",
}
"""The colours the boards share: each game's ``COLOURS`` adds its own pieces' to these.

Each one that carries a meaning has a second cue as well: the clickable marks are filled discs
or squares, the selected ring is solid and thick, the last move's ring dashed, a captured goat
a cross, and a capture's landing point in Shologuti a diamond (a step's is a disc).
"""

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


def aria_label(name: str, *notes: str) -> str:
    """The ``aria-label`` attribute of what a click can hit: its name, a colon, what is there.

    >>> aria_label("point 23", "Green piece", "selected")
    'aria-label="point 23: Green piece, selected"'
    """
    return f'aria-label="{escape(name)}: {escape(", ".join(note for note in notes if note))}"'


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


CAPTION_WIDTH = 176
"""The widest a picture's caption runs, in pixels (a board drawn at about 0.6 of its size)."""


class Pictures:
    """SVG pictures side by side in a notebook, each with a caption above it.

    >>> Pictures([("the start", "<svg></svg>")])
    <Pictures: the start>
    """

    def __init__(self, items: list[tuple[str, str]]) -> None:
        self.items = items

    def __repr__(self) -> str:
        return f"<Pictures: {' | '.join(caption for caption, _ in self.items)}>"

    def _repr_html_(self) -> str:
        cells = "".join(f'<figure style="margin:0 12px 0 0;display:inline-block;vertical-align:top">'
                        f'<figcaption style="font:13px sans-serif;max-width:{CAPTION_WIDTH}px;min-height:2.6em">'
                        f"{escape(caption)}</figcaption>{svg}</figure>" for caption, svg in self.items)
        return f'<div style="white-space:nowrap;overflow-x:auto">{cells}</div>'
