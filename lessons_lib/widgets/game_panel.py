"""Play any of the project's games against the AI, or two people at one screen.

>>> panel = GamePanel("shologuti", ai="beginner", think_in_background=False)
>>> panel.board.click("23"), panel.board.click("18")   # you play 23-18 ...
(None, Move.parse('23-18'))
>>> len(panel.board.history.moves)                    # ... and the AI has answered
2
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.base import Agent, SearchResult
from lessons_lib.agents.presets import DIFFICULTIES
from lessons_lib.games import Game, game_named
from lessons_lib.widgets.click_board import ClickBoard
from lessons_lib.widgets.common import live_view_with_svg
from lessons_lib.widgets.thinking import Thinker


class GamePanel(w.VBox):  # type: ignore[misc]
    """Human against AI on a game's clickable board.

    Args:
        game: a game's name (``baghchal``, ``hus``, ``shobu``, ``shologuti``) or a :class:`Game`.
        ai: the AI's level, ``beginner`` … ``expert``, with the game's own evaluation.
        seats: ``"first"`` (you move first), ``"second"`` or ``"both"`` (two people, no AI).
        think_in_background: let the AI think in a thread (False in tests and scripts).
    """

    def __init__(self, game: str | Game = "hus", ai: str = "medium", seats: str = "first",
                 think_in_background: bool = True) -> None:
        self.game = game_named(game) if isinstance(game, str) else game
        if ai not in DIFFICULTIES:
            raise ValueError(f"unknown AI level {ai!r}; choose one of: {', '.join(DIFFICULTIES)}")
        first, second = self.game.player_names
        self.seats = {f"You play {first} (you move first)": {0}, f"You play {second}": {1},
                      "Two players, no AI": {0, 1}}
        self.thinker = Thinker(think_in_background)
        self.board = ClickBoard(self.game)
        wide = w.Layout(width="420px")
        labels = list(self.seats)
        self.seats_choice = w.Dropdown(options=labels, description="Seats", layout=wide,
                                       value=labels[{"first": 0, "second": 1, "both": 2}[seats]])
        self.level_choice = w.Dropdown(options=[f"{name}: {level.description}" for name, level in DIFFICULTIES.items()],
                                       description="AI", layout=wide)
        self.level_choice.value = next(label for label in self.level_choice.options if label.startswith(ai + ":"))
        self.buttons = {name: w.Button(description=name) for name in ("New game", "Undo")}
        self.buttons["New game"].on_click(lambda _: self.new_game())
        self.buttons["Undo"].on_click(lambda _: self.undo())
        self.status = w.HTML()
        self.moves = w.HTML()
        self.message = ""
        self.seats_choice.observe(lambda change: self._after_change(), names="value")
        self.level_choice.observe(lambda change: self._after_change(), names="value")
        self.board.on_move(lambda move: self._after_move())
        controls = w.VBox([self.seats_choice, self.level_choice, w.HBox(list(self.buttons.values())),
                           self.status, self.moves], layout=w.Layout(width="430px"))
        super().__init__([w.HTML(f"<b>{escape(self.game.title)}</b>"), w.HBox([self.board, controls])])
        self._after_change()

    @property
    def human_sides(self) -> set[int]:
        return set(self.seats[self.seats_choice.value])

    @property
    def agent(self) -> Agent:
        name = self.level_choice.value.split(":")[0]
        return DIFFICULTIES[name].make(0, self.game.evaluate)

    def is_ai_turn(self) -> bool:
        position = self.board.position
        return not position.is_game_over() and position.to_move not in self.human_sides

    def new_game(self) -> None:
        """Start again from the start position."""
        self.board.history = type(self.board.history)(self.game.start())
        self.board.clicks = []
        self.message = ""
        self._after_change()

    def undo(self) -> None:
        """Take back moves until it is a human's turn again (at least one move)."""
        if self.board.history.undo() is not None:
            while self.board.history.moves and self.board.position.to_move not in self.human_sides:
                self.board.history.undo()
        self.board.clicks = []
        self.message = ""
        self._after_change()

    def wait(self, timeout: float | None = 60) -> None:
        """Wait until the AI's search under way has finished (for tests and scripts)."""
        self.thinker.wait(timeout)

    def __repr__(self) -> str:
        return f"<GamePanel {self.game.name}: {self.board.position}, {len(self.board.history.moves)} moves>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return live_view_with_svg(self, self.board.svg, repr(self), **kwargs)

    def _after_move(self) -> None:
        self.message = ""
        self._after_change()

    def _after_change(self) -> None:
        """Whatever changed: forget the search under way, redraw, and let the AI move if it is its turn."""
        self.thinker.cancel()
        self.board.human_sides = self.human_sides
        self.level_choice.disabled = self.human_sides == {0, 1}
        self.board.interactive = True
        self.board.refresh()
        self._show_status()
        if self.is_ai_turn():
            self._ask_ai()

    def _ask_ai(self) -> None:
        position = self.board.position
        agent = self.agent
        self.board.interactive = False
        self.board.refresh()
        self._show_status(thinking=agent.describe())

        def answer(result: SearchResult) -> None:
            if self.board.position is not position or not self.is_ai_turn():
                return  # the game changed meanwhile (undo, new game, seats): this move is out of date
            legal = position.legal_moves()
            move = result.move if result.move in legal else legal[0]  # never an illegal move
            self.board.interactive = True
            self.board.play(move)

        def failed(error: Exception) -> None:
            self.board.interactive = True
            self.message = f"The AI failed: {escape(type(error).__name__)}: {escape(str(error))}"
            self._show_status()

        self.thinker.think(agent, position, answer, failed)

    def _show_status(self, thinking: str | None = None) -> None:
        position = self.board.position
        names = self.game.player_names
        outcome = position.outcome()
        if outcome is not None:
            winner = "Draw" if outcome.winner is None else f"{names[outcome.winner]} win"
            text = f"<b>{escape(winner)}</b> ({escape(outcome.reason)})."
        elif thinking is not None:
            text = f"⏳ <b>The AI ({escape(thinking)}) is thinking…</b>"
        else:
            side = names[position.to_move]
            who = "your turn" if position.to_move in self.human_sides and len(self.human_sides) == 1 else "to move"
            text = f"{escape(side)}: {who}."
        self.status.value = text + (f"<br>{self.message}" if self.message else "")
        self.buttons["Undo"].disabled = not self.board.history.moves
        moves = " ".join(f"{number}.&nbsp;{escape(str(move))}" for number, move in
                         enumerate(self.board.history.moves, start=1))
        self.moves.value = f"<div style='max-height:9em;overflow-y:auto;line-height:1.6'>{moves}</div>"
