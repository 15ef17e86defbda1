"""Play any of the project's games against the AI, watch two AIs play, or play a friend at one screen.

>>> panel = GamePanel("shologuti", ai="beginner", think_in_background=False)
>>> panel.board.click("23"), panel.board.click("18")   # you play 23-18 ...
(None, Move.parse('23-18'))
>>> len(panel.board.history.moves)                    # ... and the AI has answered
2
>>> watch = GamePanel("hus", seats="watch", ai="beginner", think_in_background=False)
>>> watch.board.position.is_game_over()               # two AIs play to the end at once
True
"""

from __future__ import annotations

import time
from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.base import Agent, Observer, SearchResult, State
from lessons_lib.agents.presets import DIFFICULTIES
from lessons_lib.games import Game, game_named
from lessons_lib.widgets.click_board import ClickBoard, GameHistory
from lessons_lib.widgets.common import live_view_with_svg
from lessons_lib.widgets.thinking import Thinker

SEATS = ("first", "second", "both", "watch")
"""You move first; you move second; two people, no AI; two AIs, you watch."""


class GamePanel(w.VBox):  # type: ignore[misc]
    """A game on its clickable board, with the AI at a chosen level on either side, both or neither.

    Args:
        game: a game's name (``baghchal``, ``hus``, ``shobu``, ``shologuti``) or a :class:`Game`.
        ai: the AI's level, ``beginner`` … ``expert`` (see :data:`DIFFICULTIES`), with the game's
            own evaluation; ``ai_second`` is the second player's AI when two AIs play (default: ``ai``).
        seats: ``"first"`` (you move first), ``"second"``, ``"both"`` (two people) or ``"watch"`` (two AIs).
        think_in_background: let the AI think in a thread (False in tests and scripts: then two AIs
            play the whole game as soon as they are asked to).
    """

    def __init__(self, game: str | Game = "hus", ai: str = "medium", seats: str = "first",
                 ai_second: str | None = None, think_in_background: bool = True) -> None:
        self.game = game_named(game) if isinstance(game, str) else game
        for level in (ai, ai_second or ai):
            if level not in DIFFICULTIES:
                raise ValueError(f"unknown AI level {level!r}; choose one of: {', '.join(DIFFICULTIES)}")
        if seats not in SEATS:
            raise ValueError(f"unknown seats {seats!r}; choose one of: {', '.join(SEATS)}")
        first, second = self.game.player_names
        self.seat_labels = {"first": f"You play {first} (you move first)", "second": f"You play {second}",
                            "both": "Two players, no AI", "watch": "Two AIs: watch them play"}
        self.thinker = Thinker(think_in_background)
        self.board = ClickBoard(self.game)
        wide = w.Layout(width="420px")
        self.seats_choice = w.Dropdown(options=[(label, key) for key, label in self.seat_labels.items()],
                                       value=seats, description="Seats", layout=wide)
        level_options = [(f"{name}: {level.description}", name) for name, level in DIFFICULTIES.items()]
        self.level_choices = [w.Dropdown(options=level_options, value=level, description=f"AI {name}", layout=wide,
                                         style={"description_width": "90px"})
                              for level, name in ((ai, first), (ai_second or ai, second))]
        self.buttons = {name: w.Button(description=name) for name in ("New game", "Undo")}
        self.buttons["New game"].on_click(lambda _: self.new_game())
        self.buttons["Undo"].on_click(lambda _: self.undo())
        self.pause = w.ToggleButton(description="Pause", icon="pause", tooltip="stop the two AIs after this move")
        self.pause.observe(self._pause_toggled, names="value")
        self.delay = w.FloatSlider(value=0.5, min=0.0, max=2.0, step=0.1, description="Seconds a move",
                                   tooltip="the least time a move takes when two AIs play, so you can follow",
                                   style={"description_width": "initial"})
        self.status = w.HTML()
        self.moves = w.HTML()
        self.message = ""
        self._driving = False
        self._again = False
        self.seats_choice.observe(lambda change: self._after_change(), names="value")
        for choice in self.level_choices:
            choice.observe(lambda change: self._after_change(), names="value")
        self.board.on_move(lambda move: self._after_move())
        controls = w.VBox([self.seats_choice, *self.level_choices,
                           w.HBox([*self.buttons.values(), self.pause]), self.delay, self.status, self.moves],
                          layout=w.Layout(width="430px"))
        super().__init__([w.HTML(f"<b>{escape(self.game.title)}</b>"), w.HBox([self.board, controls])])
        self._after_change()

    @property
    def human_sides(self) -> set[int]:
        return {"first": {0}, "second": {1}, "both": {0, 1}, "watch": set()}[self.seats_choice.value]

    def agent(self, player: int) -> Agent:
        """The AI that plays for ``player``, at the level chosen for that side."""
        return DIFFICULTIES[self.level_choices[player].value].make(player, self.game.evaluate)

    def is_ai_turn(self) -> bool:
        position = self.board.position
        return not position.is_game_over() and position.to_move not in self.human_sides

    def new_game(self) -> None:
        """Start again from the start position."""
        self.board.history = GameHistory(self.game.start())
        self.board.clicks = []
        self.message = ""
        self._after_change()

    def undo(self) -> None:
        """Take back moves until it is a human's turn again (at least one move)."""
        self.thinker.cancel()
        if self.board.history.undo() is not None and self.human_sides:
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

    def _pause_toggled(self, change: dict[str, Any]) -> None:
        self.pause.description, self.pause.icon = ("Play", "play") if change["new"] else ("Pause", "pause")
        self._after_change()

    def _after_move(self) -> None:
        self.message = ""
        self._after_change()

    def _after_change(self) -> None:
        """Whatever changed: forget the search under way, redraw, and let the AI move if it is its turn."""
        self.thinker.cancel()
        humans = self.human_sides
        self.board.human_sides = humans
        for player, choice in enumerate(self.level_choices):
            choice.disabled = player in humans
        self.pause.disabled = bool(humans)
        self.delay.disabled = bool(humans)
        self.board.interactive = True
        self.board.refresh()
        self._show_status()
        self._let_ai_move()

    def _let_ai_move(self) -> None:
        """Ask the AI for its moves while it is its turn, as a loop (never a recursion, however long the game)."""
        if self._driving:  # called back from a move the loop below has just played: the loop goes on
            self._again = True
            return
        self._driving = True
        try:
            self._again = True
            while self._again:
                self._again = False
                if self.is_ai_turn() and not (self.pause.value and not self.human_sides):
                    self._ask_ai()
        finally:
            self._driving = False

    def _ask_ai(self) -> None:
        position = self.board.position
        agent = self.agent(position.to_move)
        if not self.human_sides:
            agent = _PacedAgent(agent, self.delay.value if self.thinker.run_in_background else 0.0)
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
            self.pause.value = True
            self.message = f"The AI failed: {escape(type(error).__name__)}: {escape(str(error))}"
            self._show_status()

        self.thinker.think(agent, position, answer, failed)

    def _show_status(self, thinking: str | None = None) -> None:
        position = self.board.position
        names = self.game.player_names
        outcome = position.outcome()
        if outcome is not None:
            winner = "Draw" if outcome.winner is None else f"{names[outcome.winner]} win"
            text = f"<b>{escape(winner)}</b> ({escape(outcome.reason)}) after {len(self.board.history.moves)} moves."
        elif thinking is not None:
            text = f"⏳ <b>{escape(names[position.to_move])}: the AI ({escape(thinking)}) is thinking…</b>"
        else:
            side = names[position.to_move]
            humans = self.human_sides
            who = "your turn" if position.to_move in humans and len(humans) == 1 else "to move"
            paused = " (paused)" if not humans and self.pause.value else ""
            text = f"{escape(side)}: {who}{paused}."
        self.status.value = text + (f"<br>{self.message}" if self.message else "")
        self.buttons["Undo"].disabled = not self.board.history.moves
        moves = " ".join(f"{number}.&nbsp;{escape(str(move))}" for number, move in
                         enumerate(self.board.history.moves, start=1))
        self.moves.value = f"<div style='max-height:9em;overflow-y:auto;line-height:1.6'>{moves}</div>"


class _PacedAgent(Agent):
    """An agent whose moves take at least ``seconds``, so a person can follow two AIs playing."""

    def __init__(self, agent: Agent, seconds: float) -> None:
        self.agent = agent
        self.seconds = seconds

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        started = time.perf_counter()
        result = self.agent.search(state, observer)
        time.sleep(max(0.0, self.seconds - (time.perf_counter() - started)))
        return result

    def describe(self) -> str:
        return self.agent.describe()
