"""A clickable Shologuti board for JupyterLab, Notebook 7 and VS Code, built with anywidget.

The Python side holds the game and draws the board as SVG (:func:`lessons_lib.games.shologuti.drawing.board_svg`);
the browser side, a few lines of JavaScript below, only shows that SVG and reports
which point was clicked. So the rules live in one place, and a test can click
from Python exactly as a person would (:meth:`BoardWidget.click`).

Clicking one of your pieces marks where it can go (captures red, steps green);
clicking one of those points plays the move. During a capture chain only the
chaining piece can move.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import anywidget
import traitlets

from lessons_lib.games.shologuti.moves import Move
from lessons_lib.games.shologuti.record import GameRecord
from lessons_lib.games.shologuti.position import GREEN, RED
from lessons_lib.games.shologuti.drawing import board_svg


def click_esm(attribute: str) -> str:
    """The browser side of a clickable SVG board: show the ``svg`` trait, send back the ``attribute`` clicked."""
    return """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "shologuti-board-widget";
  const draw = () => { box.innerHTML = model.get("svg"); };
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[ATTRIBUTE]");
    if (target) model.send({ type: "click", point: target.getAttribute("ATTRIBUTE") });
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(box);
}
export default { render };
""".replace("ATTRIBUTE", attribute)


_ESM = click_esm("data-point")


class BoardWidget(anywidget.AnyWidget):
    """The board of a :class:`~lessons_lib.games.shologuti.record.GameRecord`, clickable by the sides in ``human_sides``.

    Args:
        game: the game to show and play (a new one from the start if None).
        human_sides: the sides whose pieces a click may move.
    """

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: GameRecord | None = None, human_sides: Collection[int] = (GREEN, RED),
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game if game is not None else GameRecord()
        self.human_sides = set(human_sides)
        self.interactive = True
        self.selected: int | None = None
        self.status: str | None = None
        self._move_listeners: list[Callable[[Move], None]] = []
        self.on_msg(self._on_browser_message)
        self.refresh()

    # -- what a click does ---------------------------------------------------------

    def click(self, point: int) -> Move | None:
        """Do what a click on ``point`` does; return the move played, if any."""
        position = self.game.position
        if not self.accepts_clicks():
            return None
        moves = [move for move in position.legal_moves() if not move.is_stop]
        if self.selected is not None:
            for move in moves:
                if move.origin == self.selected and move.target == point:
                    self.play(move)
                    return move
        can_move = any(move.origin == point for move in moves)
        self.selected = None if point == self.selected or not can_move else point
        self.refresh()
        return None

    def accepts_clicks(self) -> bool:
        """Whether a click can move a piece now: a human's turn in a game still going on."""
        position = self.game.position
        return self.interactive and position.to_move in self.human_sides and not position.is_game_over()

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (checked by the game) and tell the listeners."""
        self.game.play(move)
        played = self.game.moves[-1]
        self.selected = None
        self._select_chaining_piece()
        self.refresh()
        for listener in self._move_listeners:
            listener(played)
        return played

    def on_move(self, listener: Callable[[Move], None]) -> None:
        """Call ``listener(move)`` after every move played on this board."""
        self._move_listeners.append(listener)

    def targets(self) -> list[Move]:
        """The moves of the selected piece."""
        if self.selected is None:
            return []
        return [move for move in self.game.position.legal_moves() if move.origin == self.selected]

    # -- drawing -------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw after the game or the selection changed."""
        if self.selected is not None and not self.targets():
            self.selected = None
        moves = self.game.moves
        self.svg = board_svg(self.game.position, selected=self.selected, targets=self.targets(),
                             last_move=moves[-1] if moves else None, status=self.status)

    def _select_chaining_piece(self) -> None:
        """In a capture chain, pick up the chaining piece for the player: no other piece may move."""
        position = self.game.position
        if position.pending and self.accepts_clicks():
            self.selected = position.pending

    def _on_browser_message(self, widget: Any, content: dict[str, Any], buffers: Any) -> None:
        point = content.get("point") if isinstance(content, dict) and content.get("type") == "click" else None
        if isinstance(point, str) and point.isdigit():
            point = int(point)
        if isinstance(point, int):
            self.click(point)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus the SVG so that a saved notebook shows the board without a kernel."""
        represented = super()._repr_mimebundle_(**kwargs)
        data, metadata = represented if isinstance(represented, tuple) else (represented or {}, {})
        data = {**data, "image/svg+xml": self.svg, "text/plain": f"<BoardWidget: {self.game.position}>"}
        return data, metadata
