"""Play Shologuti against the AI, or two people at one screen: the Pygame game's main mode.

>>> panel = PlayPanel(ai="beginner", think_in_background=False)
>>> panel.board.click(23); panel.board.click(18)   # Green (you) plays 23-18 ...
Move.parse('23-18')
>>> len(panel.game.moves)                          # ... and the AI has answered
2
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent, SearchResult
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.presets import DIFFICULTIES, hint
from lessons_lib.games.shologuti.moves import STOP, Move
from lessons_lib.games.shologuti.record import GameRecord
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.games.shologuti.position import GREEN, RED, SIDE_NAMES, Position
from lessons_lib.widgets.board import BoardWidget
from lessons_lib.widgets.common import live_view_with_svg
from lessons_lib.widgets.thinking import Thinker

PYGAME_DEPTHS = (1, 3, 5, 7)
"""The depths the Pygame Shologuti game offered for its alpha-beta AI."""

def _difficulty_maker(name: str) -> Callable[[], Agent]:
    return lambda: DIFFICULTIES[name].make(0, material_mobility_evaluation)


def _depth_maker(depth: int) -> Callable[[], Agent]:
    return lambda: AlphaBetaAgent(depth)


AI_LEVELS: dict[str, Callable[[], Agent]] = {
    **{f"{name}: {level.description}": _difficulty_maker(name) for name, level in DIFFICULTIES.items()},
    **{f"Pygame depth {depth}: alpha-beta, {depth} {'ply' if depth == 1 else 'plies'}": _depth_maker(depth)
       for depth in PYGAME_DEPTHS},
}
SEATS = {"You play Green (you move first)": {GREEN}, "You play Red": {RED}, "Two players, no AI": {GREEN, RED}}


def _level_named(name: str) -> str:
    """The AI_LEVELS label for a short name such as ``"medium"`` or ``"Pygame depth 5"``."""
    if name.startswith("seed depth "):  # the old name of the Pygame depths
        name = "Pygame depth " + name.removeprefix("seed depth ")
    for label in AI_LEVELS:
        if label == name or label.split(":")[0] == name:
            return label
    raise ValueError(f"unknown AI level {name!r}; choose one of: {', '.join(level.split(':')[0] for level in AI_LEVELS)}")


def move_list_html(moves: list[Move], start: Position) -> str:
    """The moves as numbered plies, each with the side that played it."""
    items = []
    position = start
    for number, move in enumerate(moves, start=1):
        colour = "#2e8b3a" if position.to_move == GREEN else "#c8362d"
        items.append(f'<span style="color:{colour}">{number}.&nbsp;{escape(str(move))}</span>')
        position = position.play(move)
    return "<div style='max-height:9em;overflow-y:auto;line-height:1.6'>" + " ".join(items) + "</div>"


class PlayPanel(w.VBox):  # type: ignore[misc]
    """Human against AI (or human against human) on one board.

    Args:
        ai: the AI's level: a difficulty (``beginner`` … ``expert``) or ``Pygame depth N`` (1, 3, 5 or 7).
        seats: ``"green"``, ``"red"`` (the side you play) or ``"both"`` (two people, no AI).
        variant: the rule variant.
        think_in_background: let the AI think in a thread (set False in tests and scripts).
    """

    def __init__(self, ai: str = "medium", seats: str = "green", variant: str = "forced",
                 think_in_background: bool = True) -> None:
        self.thinker = Thinker(think_in_background)  # the AI's moves
        self.hinter = Thinker(think_in_background)  # hints, kept apart so that a hint never cancels a move
        self.board = BoardWidget(GameRecord(Position.start(VARIANTS[variant])))
        wide = w.Layout(width="470px")
        self.seats_choice = w.Dropdown(options=list(SEATS), description="Seats", layout=wide)
        self.seats_choice.value = {"green": list(SEATS)[0], "red": list(SEATS)[1], "both": list(SEATS)[2]}[seats]
        self.level_choice = w.Dropdown(options=list(AI_LEVELS), value=_level_named(ai), description="AI", layout=wide)
        self.variant_choice = w.Dropdown(options=list(VARIANTS), value=variant, description="Rules", layout=wide)
        buttons = {
            "new game": self.new_game, "undo": self.undo, "redo": self.redo, "switch sides": self.switch_sides,
            "hint": self.show_hint, "stop chain": self.stop_chain,
        }
        self.buttons = {name: w.Button(description=name.capitalize()) for name in buttons}
        for name, action in buttons.items():
            self.buttons[name].on_click(lambda _button, action=action: action())
        self.status = w.HTML()
        self.moves = w.HTML()
        self.message = ""
        self.agent = AI_LEVELS[self.level_choice.value]()
        self.level_choice.observe(self._level_changed, names="value")
        self.seats_choice.observe(lambda change: self._seats_changed(), names="value")
        self.variant_choice.observe(lambda change: self.new_game(), names="value")
        self.board.on_move(lambda move: self._after_move())
        controls = w.VBox([
            self.seats_choice, self.level_choice, self.variant_choice,
            w.HBox([self.buttons["new game"], self.buttons["undo"], self.buttons["redo"]]),
            w.HBox([self.buttons["switch sides"], self.buttons["hint"], self.buttons["stop chain"]]),
            self.status, self.moves,
        ], layout=w.Layout(width="480px"))
        super().__init__([w.HBox([self.board, controls])])
        self._seats_changed()

    # -- state ---------------------------------------------------------------------

    @property
    def game(self) -> GameRecord:
        return self.board.game

    @property
    def human_sides(self) -> set[int]:
        return set(SEATS[self.seats_choice.value])

    def is_ai_turn(self) -> bool:
        position = self.game.position
        return not position.is_game_over() and position.to_move not in self.human_sides

    # -- actions -------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from the start position under the chosen rules."""
        self.board.game = GameRecord(Position.start(VARIANTS[self.variant_choice.value]))
        self.board.selected = None
        self.message = ""
        self._after_change()

    def undo(self) -> None:
        """Take back moves until it is a human's turn again (at least one move).

        If the game goes back to a position where the AI is to move (the AI opened
        the game), the AI plays again from there.
        """
        if self.game.undo() is not None:
            while self.game.can_undo() and self.game.position.to_move not in self.human_sides:
                self.game.undo()
        self.message = ""
        self._after_change()

    def redo(self) -> None:
        """Replay moves taken back, up to the next human turn (the AI moves if none is left to replay)."""
        if self.game.redo() is not None:
            while self.game.can_redo() and self.game.position.to_move not in self.human_sides:
                self.game.redo()
        self.message = ""
        self._after_change()

    def switch_sides(self) -> None:
        """Play the other colour from here on (the AI takes over yours)."""
        seats = list(SEATS)
        current = self.seats_choice.value
        if current != seats[2]:
            self.seats_choice.value = seats[1] if current == seats[0] else seats[0]

    def stop_chain(self) -> None:
        """End a capture chain, where the rules allow it (``must_continue`` off)."""
        if STOP in self.game.position.legal_moves() and self.board.accepts_clicks():
            self.board.play(STOP)

    def show_hint(self, seconds: float = 1.0) -> None:
        """Ask the strongest search for a move on a human's turn; show it on the board and in the status."""
        position = self.game.position
        if position.is_game_over() or position.to_move not in self.human_sides:
            self.message = "Hints are for a human's turn."
            self._show_status()
            return
        self.message = "Looking for a hint…"
        self._show_status()

        def answer(result: SearchResult) -> None:
            if self.game.position is not position:
                return  # a move was played meanwhile: this hint is out of date
            move = result.move
            assert isinstance(move, Move)
            self.board.selected = None if move.is_stop else move.origin
            self.board.refresh()
            line = " ".join(str(m) for m in result.pv[:6])
            self.message = f"Hint: <b>{escape(str(move))}</b> (value {result.value:g} for you; line {escape(line)})"
            self._show_status()

        self.hinter.think(_HintAgent(seconds), position, answer, self._ai_failed)

    def wait(self, timeout: float | None = 60) -> None:
        """Wait until every search under way has finished (for tests and scripts)."""
        self.thinker.wait(timeout)
        self.hinter.wait(timeout)

    def __repr__(self) -> str:
        return f"<PlayPanel: {self.game.position}, {len(self.game.moves)} moves>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return panel_mimebundle(self, self.board, **kwargs)

    # -- reactions -----------------------------------------------------------------

    def _level_changed(self, change: dict[str, Any]) -> None:
        self.agent = AI_LEVELS[change["new"]]()
        self._after_change()

    def _seats_changed(self) -> None:
        self.board.human_sides = self.human_sides
        self.level_choice.disabled = self.human_sides == {GREEN, RED}
        self._after_change()

    def _after_move(self) -> None:
        self.message = ""
        self._after_change()

    def _after_change(self) -> None:
        """Whatever changed: forget the searches under way, redraw, and let the AI move if it is its turn."""
        self.thinker.cancel()
        self.hinter.cancel()
        self.board.interactive = True
        self.board.refresh()
        self._show_status()
        if self.is_ai_turn():
            self._ask_ai()

    def _ask_ai(self) -> None:
        position = self.game.position
        self.board.interactive = False
        self._show_status(thinking=True)

        def answer(result: SearchResult) -> None:
            if self.game.position is not position or not self.is_ai_turn():
                return  # the game changed meanwhile (undo, new game, seats): this move is out of date
            legal = position.legal_moves()
            move = result.move if result.move in legal else legal[0]  # never an illegal move
            self.board.interactive = True
            self.board.play(move)
            if result.move not in legal:
                self.message = f"The AI proposed an illegal move ({escape(str(result.move))}); it played {move}."
                self._show_status()

        self.thinker.think(self.agent, position, answer, self._ai_failed)

    def _ai_failed(self, error: Exception) -> None:
        self.board.interactive = True
        self.message = f"The AI failed: {escape(type(error).__name__)}: {escape(str(error))}"
        self._show_status()

    def _show_status(self, thinking: bool = False) -> None:
        position = self.game.position
        outcome = position.outcome()
        if outcome is not None:
            winner = "Draw" if outcome.winner is None else f"{SIDE_NAMES[outcome.winner]} wins"
            text = f"<b>{winner}</b> ({escape(outcome.reason)})."
        elif thinking:
            text = f"⏳ <b>The AI ({escape(self.agent.describe())}) is thinking…</b>"
        else:
            side = SIDE_NAMES[position.to_move]
            who = "your" if position.to_move in self.human_sides and len(self.human_sides) == 1 else f"{side}'s"
            chain = " Go on with the chain" + (", or press Stop chain." if STOP in position.legal_moves() else ".")
            text = f"{side} to move: {who} turn." + (chain if position.pending else "")
        self.status.value = text + (f"<br>{self.message}" if self.message else "")
        self.buttons["undo"].disabled = not self.game.can_undo()
        self.buttons["redo"].disabled = not self.game.can_redo()
        self.buttons["stop chain"].disabled = STOP not in position.legal_moves()
        self.moves.value = move_list_html(self.game.moves, self.game.start)


def panel_mimebundle(panel: w.Widget, board: BoardWidget, **kwargs: Any) -> Any:
    """A panel's live view, plus its board as SVG for a notebook saved without widgets, and a short text."""
    return live_view_with_svg(panel, board.svg, repr(panel), **kwargs)


class _HintAgent(Agent):
    name = "hint"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        return hint(state, self.seconds)
