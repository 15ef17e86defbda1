"""The clickable board of any game, for JupyterLab, Notebook 7 and VS Code, built with anywidget.

The Python side holds the game (a :class:`~lessons_lib.game_record.GameRecord`) and draws
the board with the game's own ``board_svg``; the browser side, a few lines of JavaScript
below, only shows that SVG and reports which element was clicked. So the rules live in
one place, and a test can click from Python exactly as a person would (:meth:`BoardWidget.click`).

A move is a short sequence of clicks, the game's ``move_clicks(move)`` (in Shologuti: the
piece, then where it goes). The board keeps the clicks made so far, lights up where the
next click may go, and plays the move once its clicks are complete. When a player moves
again with the same piece (a capture chain), that piece is picked up for them.

>>> board = BoardWidget("shologuti")
>>> board.click(23), board.clicks, len(board.targets())
(None, ['23'], 3)
>>> board.click(18)
Move.parse('23-18')
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import anywidget
import traitlets

from lessons_lib.game_record import GameRecord
from lessons_lib.games import DEFAULT_GAME, Game, game_named

_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "shologuti-board-widget";
  const draw = () => { box.innerHTML = model.get("svg"); };
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-click]");
    if (target) model.send({ type: "click", point: target.getAttribute("data-click") });
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(box);
}
export default { render };
"""


def new_record(game: GameRecord | Game | str | None, start: Any = None) -> GameRecord:
    """The record a board or panel plays: ``game`` itself if it is one, else a new game of ``game`` (a game or
    its name; Shologuti by default) from ``start`` or the game's start."""
    if isinstance(game, GameRecord):
        return game
    kind = game_named(game or DEFAULT_GAME) if not isinstance(game, Game) else game
    return GameRecord(start if start is not None else kind.start())


class BoardWidget(anywidget.AnyWidget):
    """The board of a game in progress, clickable by the players in ``human_sides``.

    Args:
        game: the game to show: a :class:`~lessons_lib.game_record.GameRecord`, or a game (or its name, such
            as ``"hus"``) to start a new one; Shologuti from the start if None.
        human_sides: the players (0 moves first, 1) whose moves a click may make.
        start: with a game or its name, the position to start from (the game's start by default).
    """

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: GameRecord | Game | str | None = None, human_sides: Collection[int] = (0, 1),
                 start: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.record = new_record(game, start)
        self.human_sides = set(human_sides)
        self.interactive = True
        self.clicks: list[str] = []
        self._move_listeners: list[Callable[[Any], None]] = []
        self.on_msg(self._on_browser_message)
        self.refresh()

    @property
    def game(self) -> Game:
        """The game played here (Shologuti, Hus, ...)."""
        return self.record.game

    @property
    def position(self) -> Any:
        """The position on the board now."""
        return self.record.position

    def new_game(self, record: GameRecord) -> None:
        """Show ``record`` instead, with nothing clicked."""
        self.record = record
        self.clicks = []
        self.refresh()

    # -- what a click does ---------------------------------------------------------

    def accepts_clicks(self) -> bool:
        """Whether a click can make a move now: a human's turn in a game still going on."""
        position = self.position
        return self.interactive and position.to_move in self.human_sides and not position.is_game_over()

    def candidates(self, clicks: list[str]) -> list[tuple[tuple[str, ...], Any]]:
        """The legal moves whose clicks begin with ``clicks``, each with its whole click sequence."""
        move_clicks = self.game.engine.move_clicks
        sequences = [(tuple(move_clicks(move)), move) for move in self.position.legal_moves()]
        return [(sequence, move) for sequence, move in sequences if sequence[: len(clicks)] == tuple(clicks)]

    def targets(self) -> list[Any]:
        """The moves that the clicks made so far begin (nothing before the first click)."""
        if not self.clicks:
            return []
        return [move for _, move in self.candidates(self.clicks)]

    def click(self, target: str | int) -> Any | None:
        """Do what a click on the element ``target`` (a point's number, say) does; return the move played, if any.

        A click goes on with the move begun, or begins a new one; a click on the last one clicked puts it
        down again, and a click that begins no move drops what was clicked.
        """
        target = str(target)
        if not self.accepts_clicks():
            return None
        if self.clicks and target == self.clicks[-1] and not self.candidates([*self.clicks, target]):
            self.clicks.pop()
            self.refresh()
            return None
        for clicks in ([*self.clicks, target], [target]):  # go on with the move, or start a new one
            matching = self.candidates(clicks)
            if matching:
                complete = [move for sequence, move in matching if len(sequence) == len(clicks)]
                if complete:
                    return self.play(complete[0])
                self.clicks = clicks
                self.refresh()
                return None
        self.clicks = []
        self.refresh()
        return None

    def play(self, move: Any) -> Any:
        """Play ``move`` (checked by the game) and tell the listeners; return the move played."""
        mover = self.position.to_move
        self.record.play(move)
        played = self.record.moves[-1]
        self.clicks = self._piece_to_go_on_with(mover)
        self.refresh()
        for listener in self._move_listeners:
            listener(played)
        return played

    def on_move(self, listener: Callable[[Any], None]) -> None:
        """Call ``listener(move)`` after every move played on this board."""
        self._move_listeners.append(listener)

    def _piece_to_go_on_with(self, mover: int) -> list[str]:
        """When ``mover`` moves again and every move of more than one click starts from the same place (the
        piece of a capture chain), that first click, made for them; else nothing."""
        if self.position.to_move != mover or not self.accepts_clicks():
            return []
        firsts = {sequence[0] for sequence, _ in self.candidates([]) if len(sequence) > 1}
        return list(firsts) if len(firsts) == 1 else []

    # -- drawing -------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw: the clicks made so far, and where the next click may go."""
        if self.clicks and not self.candidates(self.clicks):
            self.clicks = []
        clickable: list[str] = []
        if self.accepts_clicks():  # where the move begun goes on, and the moves of one click (a button)
            going_on = {sequence[len(self.clicks)] for sequence, _ in self.candidates(self.clicks)
                        if len(sequence) > len(self.clicks)}
            clickable = sorted(going_on | {sequence[0] for sequence, _ in self.candidates([]) if len(sequence) == 1})
        moves = self.record.moves
        self.svg = self.game.engine.board_svg(self.position, clickable=tuple(clickable), selected=tuple(self.clicks),
                                              last_move=moves[-1] if moves else None)

    def _on_browser_message(self, widget: Any, content: dict[str, Any], buffers: Any) -> None:
        target = content.get("point") if isinstance(content, dict) and content.get("type") == "click" else None
        if isinstance(target, (str, int)) and not isinstance(target, bool):
            self.click(target)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus the SVG so that a saved notebook shows the board without a kernel."""
        represented = super()._repr_mimebundle_(**kwargs)
        data, metadata = represented if isinstance(represented, tuple) else (represented or {}, {})
        return {**data, "image/svg+xml": self.svg, "text/plain": f"<BoardWidget: {self.position}>"}, metadata
