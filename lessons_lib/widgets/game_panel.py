"""Play any of the games against the AI, play a friend at one screen, or watch two AIs play.

One panel for every game: the board (:class:`~lessons_lib.widgets.board.BoardWidget`), the
seats, an AI for each player, the game's rule variants where it has some, new game, undo
and redo, switch sides, a hint, and, when two AIs play, pause, step and their pace. The AI
thinks in a background thread (:class:`~lessons_lib.widgets.thinking.Thinker`), so the
notebook stays responsive. The board can be played from the keyboard alone and reads out each
move; the status line is read out too whenever it changes (a live region, :class:`LiveHTML`).

>>> panel = GamePanel("shologuti", ai="beginner", think_in_background=False)
>>> panel.board.click("23"), panel.board.click("18")   # you play 23-18 ...
(None, Move.parse('23-18'))
>>> len(panel.record.moves)                           # ... and the AI has answered
2
>>> watch = GamePanel("hus", seats="watch", ai="beginner", think_in_background=False)
>>> watch.record.position.is_game_over()              # two AIs play to the end at once
True
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.base import Agent, Observer, SearchResult, State
from lessons_lib.agents.presets import hint
from lessons_lib.games.game_record import GameRecord
from lessons_lib.games import DEFAULT_GAME, Game, game_named
from lessons_lib.widgets.agent_choice import AgentChoice
from lessons_lib.widgets.board import BoardWidget
from lessons_lib.widgets.common import LiveHTML, live_view_with_svg
from lessons_lib.widgets.thinking import Thinker

SEATS = ("first", "second", "both", "watch")
"""You move first; you move second; two people, no AI; two AIs, you watch."""
PLAYER_COLOURS = ("#1f5fa8", "#b35900")
"""The colours of the first and the second player's moves in the move list."""


class GamePanel(w.VBox):  # type: ignore[misc]
    """A game on its clickable board, with an AI on either side, both or neither.

    Args:
        game: a game's name (``shologuti``, ``baghchal``, ``hus``, ``shobu``) or a :class:`Game`.
        ai: the AI: a level, ``beginner`` … ``expert``, or an agent with its setting (``"alphabeta:3"``,
            ``"mcts:300"``, ``"negamax:0.5s"``); ``ai_second`` is the second player's (default: ``ai``).
        seats: ``"first"`` (you move first), ``"second"``, ``"both"`` (two people) or ``"watch"`` (two AIs).
        variant: the rules, for a game with variants (Shologuti's ``forced``, ``traditional``, ``continue``).
        paused: when two AIs play, wait for Play (or Step) before the first move.
        think_in_background: let the AI think in a thread (False in tests and scripts: then two AIs
            play the whole game as soon as they are asked to).
    """

    def __init__(self, game: str | Game = DEFAULT_GAME, ai: str = "medium", seats: str = "first",
                 ai_second: str | None = None, variant: str | None = None, paused: bool = False,
                 think_in_background: bool = True) -> None:
        self.game = game_named(game) if isinstance(game, str) else game
        if seats not in SEATS:
            raise ValueError(f"unknown seats {seats!r}; choose one of: {', '.join(SEATS)}")
        first, second = self.game.player_names
        self.ai_choices = [AgentChoice(name, spec, functools.partial(self._ai_changed, player))
                           for player, (name, spec) in enumerate(((first, ai), (second, ai_second or ai)))]
        self.board = BoardWidget(self.game, start=self.game.start(variant))
        self.thinker = Thinker(think_in_background)  # the AI's moves
        self.hinter = Thinker(think_in_background)  # hints, kept apart so that a hint never cancels a move
        self.agents: list[Agent] = [choice.agent(seed=player) for player, choice in enumerate(self.ai_choices)]
        labels = {"first": f"You play {first} (you move first)", "second": f"You play {second}",
                  "both": "Two players, no AI", "watch": "Two AIs: watch them play"}
        wide = w.Layout(width="440px")
        self.seats_choice = w.Dropdown(options=[(labels[key], key) for key in SEATS], value=seats,
                                       description="Seats", layout=wide)
        self.variant_choice = w.Dropdown(options=list(self.game.variants), description="Rules", layout=wide,
                                         value=self.game.variant_of(self.board.position)) if self.game.variants else None
        actions = {"New game": self.new_game, "Undo": self.undo, "Redo": self.redo, "Switch sides": self.switch_sides,
                   "Hint": self.show_hint, "Step": self.step}
        self.buttons = {name: w.Button(description=name, layout=w.Layout(width="110px")) for name in actions}
        for name, action in actions.items():
            self.buttons[name].on_click(lambda _button, action=action: action())
        self.pause = w.ToggleButton(value=paused, description="Play" if paused else "Pause",
                                    icon="play" if paused else "pause", tooltip="two AIs: stop after this move, or go on")
        self.delay = w.FloatSlider(value=0.5, min=0.0, max=2.0, step=0.1, description="Seconds a move",
                                   tooltip="the least time a move takes when two AIs play, so you can follow",
                                   style={"description_width": "initial"})
        self.status = LiveHTML()  # read out when it changes, as the board reads out each move
        self.moves = w.HTML()
        self.message = ""
        self._driving = False
        self._again = False
        self.seats_choice.observe(lambda change: self._after_change(), names="value")
        if self.variant_choice is not None:
            self.variant_choice.observe(lambda change: self.new_game(), names="value")
        self.pause.observe(self._pause_toggled, names="value")
        self.board.on_move(lambda move: self._after_move())
        names = list(actions)
        controls = w.VBox([self.seats_choice, *self.ai_choices,
                           *([self.variant_choice] if self.variant_choice is not None else []),
                           w.HBox([self.buttons[name] for name in names[:3]]),
                           w.HBox([self.buttons[name] for name in names[3:5]]),
                           w.HBox([self.pause, self.buttons["Step"]]), self.delay, self.status, self.moves],
                          layout=w.Layout(width="460px"))
        super().__init__([w.HTML(f"<b>{escape(self.game.title)}</b>"), w.HBox([self.board, controls])])
        self._after_change()

    # -- state ---------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The game being played: its positions and moves, with undo and redo."""
        return self.board.record

    @property
    def human_sides(self) -> set[int]:
        return {"first": {0}, "second": {1}, "both": {0, 1}, "watch": set()}[self.seats_choice.value]

    def is_ai_turn(self) -> bool:
        position = self.record.position
        return not position.is_game_over() and position.to_move not in self.human_sides

    # -- actions -------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from the start position (under the rules chosen), the AIs' random choices afresh."""
        variant = self.variant_choice.value if self.variant_choice is not None else None
        self.board.new_game(GameRecord(self.game.start(variant)))
        for player, agent in enumerate(self.agents):
            agent.reseed(player)
        self.message = ""
        self._after_change()

    def undo(self) -> None:
        """Take back moves until it is a human's turn again (at least one move); two AIs pause first.

        If the game goes back to a position where the AI is to move (the AI opened the game), it plays again.
        """
        self._travel(self.record.undo, self.record.can_undo)

    def redo(self) -> None:
        """Play again the moves taken back, up to the next human turn; two AIs pause first."""
        self._travel(self.record.redo, self.record.can_redo)

    def _travel(self, step: Callable[[], Any], can_step: Callable[[], bool]) -> None:
        """Undo or redo (``step``) once, then on to a human's turn."""
        self._stop_searches()
        if not self.human_sides:
            self.pause.value = True
        if step() is not None and self.human_sides:
            while can_step() and self.record.position.to_move not in self.human_sides:
                step()
        self.message = ""
        self._after_change()

    def switch_sides(self) -> None:
        """Play the other side from here on (the AI takes over yours)."""
        swapped = {"first": "second", "second": "first"}
        self.seats_choice.value = swapped.get(self.seats_choice.value, self.seats_choice.value)

    def show_hint(self, seconds: float = 1.0) -> None:
        """Ask the strongest search for a move on a human's turn; show it on the board and in the status."""
        position = self.record.position
        if position.is_game_over() or position.to_move not in self.human_sides:
            self.message = "Hints are for a human's turn."
            self._show_status()
            return
        self.message = "Looking for a hint…"
        self._show_status()

        def answer(result: SearchResult) -> None:
            if self.record.position is not position:
                return  # a move was played meanwhile: this hint is out of date
            clicks = self.game.engine.move_clicks(result.move)
            self.board.clicks = list(clicks[:1]) if len(clicks) > 1 else []
            self.board.refresh()
            line = " ".join(str(move) for move in result.pv[:6])
            self.message = (f"Hint: <b>{escape(str(result.move))}</b> (value {result.value:g} for you; "
                            f"line {escape(line)})")
            self._show_status()

        self.hinter.think(_HintAgent(seconds), position, answer, self._ai_failed)

    def step(self) -> None:
        """Let the AI to move play one move, while two AIs are paused."""
        if self.is_ai_turn() and self.pause.value and not self.thinker.busy:
            self._ask_ai()

    def run_to_end(self) -> None:
        """Let the AIs play every move left to them, now, in this thread (for tests and scripts)."""
        while self.is_ai_turn():
            position = self.record.position
            result = self.agents[position.to_move].search(position)
            self._play_answer(position, result)

    def wait(self, timeout: float | None = 60) -> None:
        """Wait until the searches under way have finished (for tests and scripts)."""
        self.thinker.wait(timeout)
        self.hinter.wait(timeout)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name}: {self.record.position}, {self.record.ply} moves>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return live_view_with_svg(self, self.board.svg, repr(self), **kwargs)

    # -- reactions -----------------------------------------------------------------

    def _ai_changed(self, player: int) -> None:
        if not hasattr(self, "agents"):
            return  # still being built
        self.agents[player] = self.ai_choices[player].agent(seed=player)
        self._after_change()

    def _pause_toggled(self, change: dict[str, Any]) -> None:
        """Pausing lets the move being searched finish; going on asks for the next."""
        self.pause.description, self.pause.icon = ("Play", "play") if change["new"] else ("Pause", "pause")
        self._show_status()
        if not change["new"] and not self.thinker.busy:
            self._let_ai_move()

    def _after_move(self) -> None:
        self.message = ""
        self._after_change()

    def _stop_searches(self) -> None:
        self.thinker.cancel()
        self.hinter.cancel()

    def _after_change(self) -> None:
        """Whatever changed: forget the searches under way, redraw, and let the AI move if it is its turn."""
        self._stop_searches()
        humans = self.human_sides
        self.board.human_sides = humans
        for player, choice in enumerate(self.ai_choices):
            choice.set_disabled(player in humans)
        for control in (self.pause, self.delay):
            control.disabled = bool(humans)
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
        position = self.record.position
        agent = self.agents[position.to_move]
        if not self.human_sides and self.thinker.run_in_background:
            agent = _PacedAgent(agent, self.delay.value)
        self.board.interactive = False
        self.board.refresh()
        self._show_status(thinking=agent.describe())
        self.thinker.think(agent, position, lambda result: self._play_answer(position, result), self._ai_failed)

    def _play_answer(self, position: Any, result: SearchResult) -> None:
        """Play the AI's move found in ``position``, unless the game has changed since (undo, new game, seats)."""
        if self.record.position is not position or not self.is_ai_turn():
            return
        legal = position.legal_moves()
        move = result.move if result.move in legal else legal[0]  # never an illegal move
        self.board.interactive = True
        self.board.play(move)
        if result.move not in legal:
            self.message = f"The AI proposed an illegal move ({escape(str(result.move))}); it played {move}."
            self._show_status()

    def _ai_failed(self, error: Exception) -> None:
        self.board.interactive = True
        self.board.refresh()
        if not self.human_sides:
            self.pause.value = True
        self.message = f"The AI failed: {escape(type(error).__name__)}: {escape(str(error))}"
        self._show_status()

    def _show_status(self, thinking: str | None = None) -> None:
        record, names, humans = self.record, self.game.player_names, self.human_sides
        position = record.position
        outcome = position.outcome()
        side = escape(names[position.to_move])
        if outcome is not None:
            result = "a draw" if outcome.winner is None else f"{escape(names[outcome.winner])} won"
            text = f"<b>Game over after {record.ply} plies: {result}</b> ({escape(outcome.reason)})."
        elif thinking is not None:
            text = f"⏳ <b>{side}: the AI ({escape(thinking)}) is thinking…</b>"
        else:
            who = "your turn" if position.to_move in humans and len(humans) == 1 else "to move"
            paused = " (paused: press Play or Step)" if not humans and self.pause.value else ""
            again = f" {side} moves again." if record.ply and record.mover_of(record.ply) == position.to_move else ""
            text = f"{side}: {who}{paused}.{again}"
        self.status.value = text + (f"<br>{self.message}" if self.message else "")
        self.buttons["Undo"].disabled = not record.can_undo()
        self.buttons["Redo"].disabled = not record.can_redo()
        self.buttons["Switch sides"].disabled = len(humans) != 1
        self.buttons["Hint"].disabled = not humans
        self.buttons["Step"].disabled = bool(humans) or not self.pause.value
        self.moves.value = move_list_html(record)


def move_list_html(record: GameRecord) -> str:
    """The moves as numbered plies, each in its player's colour and named in its tooltip (the board's live region
    reads out each move as it is played)."""
    names = record.game.player_names
    items = []
    for ply, move in enumerate(record.moves, start=1):
        player = record.mover_of(ply)
        items.append(f'<span style="color:{PLAYER_COLOURS[player]}" title="{escape(names[player])}">'
                     f"{ply}.&nbsp;{escape(str(move))}</span>")
    return ("<div role='group' aria-label='Moves played' style='max-height:9em;overflow-y:auto;line-height:1.6'>"
            + " ".join(items) + "</div>")


class _HintAgent(Agent):
    """The strongest search within ``seconds``, as an agent the thinker can run."""

    name = "hint"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        return hint(state, self.seconds)


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
