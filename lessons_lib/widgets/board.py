"""The clickable board of any game, for JupyterLab, Notebook 7 and VS Code, built with anywidget.

The Python side holds the game (a :class:`~lessons_lib.games.game_record.GameRecord`) and draws
the board with the game's own ``board_svg``; the browser side, the JavaScript in ``board.js``, only
shows that SVG and reports which element was clicked. So the rules live in one place, and a
test can click from Python exactly as a person would (:meth:`BoardWidget.click`).

The board can be played from the keyboard alone. Tab stops once on the board; the arrow
keys move between its places (the elements a click may hit: points, squares, pits) to the
nearest one in the arrow's direction on screen; Enter or Space clicks the place, and Escape
puts down what was chosen (:meth:`BoardWidget.drop`). A screen reader hears each place by its
``aria-label`` (``point 23`` when the drawing gives none) and, through a live region, the
board's :attr:`BoardWidget.status` whenever it changes: the last move, the status line and
what is chosen. The game's engine gives the status line and the places' names (its ``status_text``
and ``place_names``), the same words its drawing shows.

A move is a short sequence of clicks, the game's ``move_clicks(move)`` (in Shologuti: the
piece, then where it goes). The board keeps the clicks made so far, lights up where the
next click may go, and plays the move once its clicks are complete. When a player moves
again with the same piece (a capture chain), that piece is picked up for them.

>>> board = BoardWidget("shologuti")
>>> board.click(23), board.clicks, len(board.targets())
(None, ['23'], 3)
>>> board.status
'Chosen: point 23. Next: point 17, point 18 or point 19. Green to move · Green 16 · Red 16'
>>> board.click(18)
Move.parse('23-18')
>>> board.status
'Green played 23-18. Red to move · Green 16 · Red 16'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from lessons_lib.games.game_record import GameRecord
from lessons_lib.games import DEFAULT_GAME, Game, game_named

BOARD_JS = Path(__file__).parent / "board.js"
"""The browser side of the board: a JavaScript module beside this file (anywidget reads it when the class is made)."""


def one_of(names: Sequence[str]) -> str:
    """``names`` (at least one) as a choice in words: ``17, 18 or 19``.

    >>> one_of(["17", "18", "19"]), one_of(["stop"])
    ('17, 18 or 19', 'stop')
    """
    return names[-1] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


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
        game: the game to show: a :class:`~lessons_lib.games.game_record.GameRecord`, or a game (or its name, such
            as ``"hus"``) to start a new one; Shologuti from the start if None.
        human_sides: the players (0 moves first, 1) whose moves a click may make.
        start: with a game or its name, the position to start from (the game's start by default).
    """

    _esm = BOARD_JS
    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    """What a screen reader reads out when it changes: the last move, the status line and what is chosen."""
    label = traitlets.Unicode("").tag(sync=True)
    """The board's accessible name, with the keys that play on it."""

    def __init__(self, game: GameRecord | Game | str | None = None, human_sides: Collection[int] = (0, 1),
                 start: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.record = new_record(game, start)
        self.human_sides = set(human_sides)
        self.interactive = True
        self.clicks: list[str] = []
        self._move_listeners: list[Callable[[Any], None]] = []
        self.label = (f"{self.game.title} board. Arrow keys: move between places. Enter or Space: choose. "
                      "Escape: put down.")
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
        place = self.place_name(target)
        note = (f"No move begins at {place}: choose a place where one of your moves begins."
                if not self.clicks else f"No move goes on to {place}: put down what was chosen.")
        self.clicks = []
        self.refresh(note)
        return None

    def drop(self) -> None:
        """Put down what was clicked so far (the Escape key), so that a new move can begin."""
        if self.clicks:
            self.clicks = []
            self.refresh()

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

    def refresh(self, note: str = "") -> None:
        """Redraw: the clicks made so far, and where the next click may go; ``note`` (what a click did not do) is
        read out first."""
        if self.clicks and not self.candidates(self.clicks):
            self.clicks = []
        clickable: list[str] = []
        going_on: set[str] = set()
        if self.accepts_clicks():  # where the move begun goes on, and the moves of one click (a button)
            going_on = {sequence[len(self.clicks)] for sequence, _ in self.candidates(self.clicks)
                        if len(sequence) > len(self.clicks)}
            clickable = sorted(going_on | {sequence[0] for sequence, _ in self.candidates([]) if len(sequence) == 1})
        moves = self.record.moves
        self.svg = self.game.engine.board_svg(self.position, clickable=tuple(clickable), selected=tuple(self.clicks),
                                              last_move=moves[-1] if moves else None)
        self.status = " ".join(filter(None, [note, self._status_in_words(sorted(going_on) if self.clicks else [])]))

    def place_name(self, click: str) -> str:
        """What a screen reader calls the place ``click`` (``point 23``), as the game names it; else ``click``."""
        return self.game.engine.place_names(self.position).get(click, click)

    def _status_in_words(self, next_clicks: list[str]) -> str:
        """The last move, what is chosen and where it may go on (``next_clicks``), then the game's status line."""
        sentences = []
        if self.record.moves:
            mover = self.game.player_names[self.record.mover_of(self.record.ply)]
            sentences.append(f"{mover} played {self.record.moves[-1]}.")
        if self.clicks:
            sentences.append(f"Chosen: {', '.join(self.place_name(click) for click in self.clicks)}.")
        if next_clicks:
            sentences.append(f"Next: {one_of([self.place_name(click) for click in next_clicks])}.")
        return " ".join([*sentences, self.game.engine.status_text(self.position)]).strip()

    def _on_browser_message(self, widget: Any, content: dict[str, Any], buffers: Any) -> None:
        """A click (``{"type": "click", "point": "23"}``) or the Escape key (``{"type": "drop"}``) in the browser."""
        kind = content.get("type") if isinstance(content, dict) else None
        target = content.get("point") if kind == "click" else None
        if isinstance(target, (str, int)) and not isinstance(target, bool):
            self.click(target)
        elif kind == "drop":
            self.drop()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus the SVG so that a saved notebook shows the board without a kernel."""
        represented = super()._repr_mimebundle_(**kwargs)
        data, metadata = represented if isinstance(represented, tuple) else (represented or {}, {})
        return {**data, "image/svg+xml": self.svg, "text/plain": f"<BoardWidget: {self.position}>"}, metadata
