"""A clickable board for any game: each move is a short sequence of clicks on the game's own drawing.

A game offers ``board_svg(position, clickable=..., selected=..., last_move=...)``,
whose clickable elements carry ``data-click="ID"``, and ``move_clicks(move)``, the IDs
a person clicks for a move, in order (see :mod:`lessons_lib.games`). The board keeps
the clicks made so far, highlights where the next click may go, and plays the move
once its clicks are complete. Like Shologuti's board, the browser only shows the SVG
and reports clicks: the rules live in Python.

>>> from lessons_lib.games import GAMES
>>> board = ClickBoard(GAMES["shologuti"])
>>> board.click("23"), board.click("18")
(None, Move.parse('23-18'))
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import anywidget
import traitlets

from lessons_lib.games import Game
from lessons_lib.widgets.board import click_esm


class GameHistory:
    """The positions of a game from its start, with undo and redo."""

    def __init__(self, start: Any) -> None:
        self.positions = [start]
        self.moves: list[Any] = []
        self._undone: list[Any] = []

    @property
    def position(self) -> Any:
        return self.positions[-1]

    def play(self, move: Any) -> Any:
        """Play ``move`` (checked by the game: an illegal move raises its error) and forget the redo list."""
        self.positions.append(self.position.play(move))
        self.moves.append(move)
        self._undone.clear()
        return self.position

    def undo(self) -> Any | None:
        if not self.moves:
            return None
        self.positions.pop()
        move = self.moves.pop()
        self._undone.append(move)
        return move

    def redo(self) -> Any | None:
        if not self._undone:
            return None
        move = self._undone.pop()
        self.positions.append(self.position.play(move))
        self.moves.append(move)
        return move


class ClickBoard(anywidget.AnyWidget):
    """The board of a game in progress, clickable by the players in ``human_sides``.

    Args:
        game: the game (from :data:`lessons_lib.games.GAMES`).
        start: the position to start from (the game's start by default).
    """

    _esm = click_esm("data-click")
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: Game, start: Any = None, human_sides: Collection[int] = (0, 1), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.history = GameHistory(start if start is not None else game.start())
        self.human_sides = set(human_sides)
        self.interactive = True
        self.clicks: list[str] = []
        self.status: str | None = None
        self._move_listeners: list[Callable[[Any], None]] = []
        self.on_msg(self._on_browser_message)
        self.refresh()

    @property
    def position(self) -> Any:
        return self.history.position

    def accepts_clicks(self) -> bool:
        """Whether a click can make a move now: a human's turn in a game still going on."""
        position = self.position
        return self.interactive and position.to_move in self.human_sides and not position.is_game_over()

    def candidates(self, clicks: list[str]) -> list[tuple[tuple[str, ...], Any]]:
        """The legal moves whose clicks begin with ``clicks``, each with its whole click sequence."""
        move_clicks = self.game.engine.move_clicks
        return [(tuple(move_clicks(move)), move) for move in self.position.legal_moves()
                if tuple(move_clicks(move))[: len(clicks)] == tuple(clicks)]

    def click(self, target: str) -> Any | None:
        """Do what a click on the element ``target`` does; return the move played, if any."""
        if not self.accepts_clicks():
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
        self.clicks = []  # a click that starts no move: drop the selection
        self.refresh()
        return None

    def play(self, move: Any) -> Any:
        """Play ``move`` and tell the listeners."""
        self.history.play(move)
        self.clicks = []
        self.refresh()
        for listener in self._move_listeners:
            listener(move)
        return move

    def on_move(self, listener: Callable[[Any], None]) -> None:
        """Call ``listener(move)`` after every move played on this board."""
        self._move_listeners.append(listener)

    def refresh(self) -> None:
        """Redraw: the clicks made so far, and where the next click may go."""
        clickable = sorted({sequence[len(self.clicks)] for sequence, _ in self.candidates(self.clicks)
                            if len(sequence) > len(self.clicks)}) if self.accepts_clicks() else []
        moves = self.history.moves
        self.svg = self.game.engine.board_svg(self.position, clickable=tuple(clickable), selected=tuple(self.clicks),
                                              last_move=moves[-1] if moves else None)

    def _on_browser_message(self, widget: Any, content: dict[str, Any], buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "click" and isinstance(content.get("point"), str):
            self.click(content["point"])

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus the SVG so that a saved notebook shows the board without a kernel."""
        represented = super()._repr_mimebundle_(**kwargs)
        data, metadata = represented if isinstance(represented, tuple) else (represented or {}, {})
        return {**data, "image/svg+xml": self.svg, "text/plain": f"<ClickBoard: {self.position}>"}, metadata
