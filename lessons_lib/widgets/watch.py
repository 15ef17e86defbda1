"""Watch two agents play each other (the Pygame game's AI vs AI mode).

>>> panel = WatchPanel(green="alphabeta", green_setting=1, red="random", think_in_background=False)
>>> panel.run_to_end()
>>> panel.game.position.is_game_over()
True
"""

from __future__ import annotations

import threading
import time
from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.base import Agent
from lessons_lib.agents.presets import make_agent
from lessons_lib.games.shologuti.record import GameRecord
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.games.shologuti.position import GREEN, RED, SIDE_NAMES, Position
from lessons_lib.widgets.board import BoardWidget
from lessons_lib.widgets.play import move_list_html, panel_mimebundle

SETTINGS: dict[str, tuple[str, list[Any], Any]] = {
    # agent: (what the setting is, its choices, the default)
    "random": ("", [None], None),
    "greedy": ("", [None], None),
    "minimax": ("depth", [1, 2, 3, 4, 5], 3),
    "alphabeta": ("depth", [1, 2, 3, 4, 5, 6, 7], 3),
    "negamax": ("seconds", [0.1, 0.5, 1.0, 2.0], 0.5),
    "mcts": ("iterations", [50, 100, 200, 300, 1000, 3000], 300),
    "best": ("seconds", [0.5, 1.0, 2.0], 1.0),
}


def build_agent(kind: str, setting: Any, seed: int = 0) -> Agent:
    """The agent ``kind`` with its setting (depth, iterations or seconds)."""
    meaning = SETTINGS[kind][0]
    budget = {meaning: setting} if meaning else {}
    return make_agent(kind, seed=seed, **budget)


class _SideChoice(w.HBox):  # type: ignore[misc]
    """An agent and its setting for one side."""

    def __init__(self, side: int, kind: str, setting: Any) -> None:
        self.kind = w.Dropdown(options=list(SETTINGS), value=kind, description=SIDE_NAMES[side],
                               layout=w.Layout(width="210px"))
        self.setting = w.Dropdown(layout=w.Layout(width="190px"))
        self.kind.observe(lambda change: self._fill_settings(None), names="value")
        self._fill_settings(setting)
        super().__init__([self.kind, self.setting])

    def _fill_settings(self, setting: Any) -> None:
        meaning, choices, default = SETTINGS[self.kind.value]
        self.setting.options = [(f"{meaning} {value:g}" if meaning else "—", value) for value in choices]
        self.setting.value = setting if setting in choices else default
        self.setting.disabled = not meaning

    def agent(self, seed: int) -> Agent:
        return build_agent(self.kind.value, self.setting.value, seed)


class WatchPanel(w.VBox):  # type: ignore[misc]
    """Two agents playing, with pause, single step and a speed control.

    Args:
        green, red: the agents' names (see :data:`SETTINGS`), with ``green_setting`` and ``red_setting``.
        variant: the rule variant.
        think_in_background: play in a thread (set False in tests and scripts).
    """

    def __init__(self, green: str = "minimax", red: str = "mcts", green_setting: Any = None,
                 red_setting: Any = None, variant: str = "forced", think_in_background: bool = True) -> None:
        self.think_in_background = think_in_background
        self.board = BoardWidget(GameRecord(Position.start(VARIANTS[variant])), human_sides=())
        self.sides = [_SideChoice(GREEN, green, green_setting), _SideChoice(RED, red, red_setting)]
        self.variant_choice = w.Dropdown(options=list(VARIANTS), value=variant, description="Rules")
        self.new_button = w.Button(description="New match")
        self.play_button = w.ToggleButton(description="Play", icon="play")
        self.step_button = w.Button(description="Step")
        self.delay = w.FloatSlider(value=0.3, min=0.0, max=2.0, step=0.1, description="Pause (s)")
        self.status = w.HTML()
        self.moves = w.HTML()
        self.new_button.on_click(lambda _: self.new_match())
        self.step_button.on_click(lambda _: self.step())
        self.play_button.observe(self._play_toggled, names="value")
        self._generation = 0
        self._worker: threading.Thread | None = None
        self._worker_generation = -1
        self.error = ""
        self._lock = threading.RLock()
        self.agents: list[Agent] = []
        controls = w.VBox([*self.sides, self.variant_choice,
                           w.HBox([self.new_button, self.play_button, self.step_button]), self.delay,
                           self.status, self.moves], layout=w.Layout(width="440px"))
        super().__init__([w.HBox([self.board, controls])])
        self.new_match()

    @property
    def game(self) -> GameRecord:
        return self.board.game

    # -- actions -------------------------------------------------------------------

    def new_match(self) -> None:
        """Start again with the chosen agents and rules."""
        with self._lock:
            self._generation += 1
            self.play_button.value = False
            self.agents = [side.agent(seed=number) for number, side in enumerate(self.sides)]
            self.board.game = GameRecord(Position.start(VARIANTS[self.variant_choice.value]))
            self.error = ""
            self._show()

    def step(self) -> None:
        """Let the side to move play one move (in the background unless told otherwise)."""
        if self.play_button.value or self._working():
            return
        self._start(single=True)

    def run_to_end(self) -> None:
        """Play the whole game now, in this thread (for tests and scripts)."""
        generation = self._generation
        while not self.game.position.is_game_over() and generation == self._generation:
            self._move_once(generation)

    def wait(self, timeout: float | None = 600) -> None:
        """Wait until the background play stops (paused, or the game is over)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def __repr__(self) -> str:
        names = " v ".join(agent.describe() for agent in self.agents)
        return f"<WatchPanel: {names}, {len(self.game.moves)} moves>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return panel_mimebundle(self, self.board, **kwargs)

    # -- the play loop -------------------------------------------------------------

    def _play_toggled(self, change: dict[str, Any]) -> None:
        self.play_button.description = "Pause" if change["new"] else "Play"
        self.play_button.icon = "pause" if change["new"] else "play"
        if change["new"] and not self._working():
            self._start(single=False)

    def _working(self) -> bool:
        """Whether this match's play loop is running (a loop of an earlier match only winds down)."""
        alive = self._worker is not None and self._worker.is_alive()
        return alive and self._worker_generation == self._generation

    def _start(self, single: bool) -> None:
        generation = self._generation

        def loop() -> None:
            while not self.game.position.is_game_over() and generation == self._generation:
                self._move_once(generation)
                if single or not self.play_button.value:
                    break
                time.sleep(self.delay.value)
            if generation == self._generation:
                self.play_button.value = False
            self._show()

        self._worker_generation = generation
        if self.think_in_background:
            self._worker = threading.Thread(target=loop, name="shologuti-match", daemon=True)
            self._worker.start()
        else:
            loop()

    def _move_once(self, generation: int) -> None:
        position = self.game.position
        agent = self.agents[position.to_move]
        self._show(thinking=agent)
        try:
            result = agent.search(position)
        except Exception as error:  # a failing agent stops the match with a message, not a traceback
            with self._lock:
                if generation == self._generation:
                    self.error = (f"{SIDE_NAMES[position.to_move]} ({escape(agent.describe())}) failed: "
                                  f"{escape(type(error).__name__)}: {escape(str(error))}. Press New match.")
                    self._generation += 1
                    self.play_button.value = False
            self._show()
            return
        with self._lock:
            if generation != self._generation or self.game.position is not position:
                return
            legal = position.legal_moves()
            self.board.play(result.move if result.move in legal else legal[0])  # never an illegal move
        self._show()

    def _show(self, thinking: Agent | None = None) -> None:
        position = self.game.position
        outcome = position.outcome()
        names = [agent.describe() for agent in self.agents] if self.agents else ["", ""]
        if outcome is not None:
            result = "a draw" if outcome.winner is None else \
                f"{SIDE_NAMES[outcome.winner]} ({escape(names[outcome.winner])}) wins"
            text = f"<b>Game over: {result}</b>, by {escape(outcome.reason)}, after {len(self.game.moves)} plies."
        elif thinking is not None:
            text = f"⏳ {SIDE_NAMES[position.to_move]} ({escape(thinking.describe())}) is thinking…"
        else:
            text = f"{SIDE_NAMES[position.to_move]} ({escape(names[position.to_move])}) to move."
        self.status.value = text + (f"<br><b>{self.error}</b>" if self.error else "")
        self.moves.value = move_list_html(self.game.moves, self.game.start)
