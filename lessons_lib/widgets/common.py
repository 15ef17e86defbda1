"""What the panels and steppers share: a widget's notebook output, text that screen readers read out, the
position dropdown, and the skeleton of a stepper (its replay controls and its views of the board, the tree and
the explanation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from lessons_lib.agents.base import Evaluation
from lessons_lib.games import DEFAULT_GAME, GAMES, Game, game_of
from lessons_lib.games.tiny_tree import TinyTree, leaf_evaluation

YOUR_POSITION = "Your position"


def live_view_with_svg(widget: w.Widget, svg: str | None, text: str, **kwargs: Any) -> dict[str, Any]:
    """A widget's live view, plus an SVG picture for a notebook saved without widget state, and a short text."""
    represented = w.Widget._repr_mimebundle_(widget, **kwargs)
    data = represented[0] if isinstance(represented, tuple) else (represented or {})
    picture = {"image/svg+xml": svg} if svg is not None else {}
    return {**data, **picture, "text/plain": text}


class LiveHTML(anywidget.AnyWidget):
    """HTML, like ``ipywidgets.HTML``, that screen readers also read out whenever it changes (a polite live region,
    made in the browser by ``live_html.js``, beside this file).

    >>> LiveHTML(value="<b>Green</b>: your turn.").value
    '<b>Green</b>: your turn.'
    """

    _esm = Path(__file__).parent / "live_html.js"
    value = traitlets.Unicode("").tag(sync=True)


def board_picture(state: Any, scale: float) -> str:
    """``state`` drawn by its own game, at ``scale``; empty for a state of no game (a tiny tree has no board)."""
    try:
        game = game_of(state)
    except ValueError:
        return ""
    return game.engine.picture(state, scale=scale)


def game_or_default(position: Any) -> Game:
    """The game of ``position``; for text (or a tiny tree), the suite's default game, Shologuti."""
    try:
        return game_of(position)
    except ValueError:
        return GAMES[DEFAULT_GAME]


def of_default_game(position: Any) -> bool:
    """Whether ``position`` is text or a position of the suite's default game, Shologuti (whose example
    positions the steppers offer in their dropdown)."""
    if isinstance(position, str):
        return True
    try:
        return game_of(position).name == DEFAULT_GAME
    except ValueError:
        return False


def default_evaluation(state: Any) -> Evaluation:
    """The evaluation a stepper uses unless told: the game's own, or the leaf values for a tiny tree."""
    if isinstance(state, TinyTree):
        return leaf_evaluation
    try:
        return game_of(state).evaluate
    except ValueError:
        raise ValueError(f"give an evaluation function for {type(state).__name__} positions (evaluate=...)") from None


class PositionChoice:
    """A dropdown of named positions, with the caller's own position first if it is not one of them.

    The caller's position may be the state of any game (or a tiny tree); text is read as a position of ``game``
    (by default the game of the caller's position, else Shologuti), under ``variant`` where it has variants.
    """

    def __init__(self, named: dict[str, str], position: Any, variant: str | None, game: Game | None = None) -> None:
        self.variant = variant
        self.game = game or game_or_default(position)
        self.given = None if isinstance(position, str) else position
        custom = self.given is not None or position not in named
        self.positions = ({YOUR_POSITION: str(position)} if custom else {}) | dict(named)
        names = list(self.positions)
        self.dropdown = w.Dropdown(options=names, value=names[0] if custom else position, description="Position",
                                   layout=w.Layout(width="420px"))

    def position(self) -> Any:
        name = self.dropdown.value
        if name == YOUR_POSITION and self.given is not None:
            return self.given
        return self.game.position(self.positions[name], self.variant if self.game.variants else None)


class ReplayControls:
    """Reset, Back, Step, Play and a slider over a recorded search's events."""

    def __init__(self, interval_ms: int) -> None:
        self.slider = w.IntSlider(value=0, min=0, max=0, description="Event", layout=w.Layout(width="520px"))
        self.player = w.Play(interval=interval_ms, min=0, max=0, step=1)
        w.jslink((self.player, "value"), (self.slider, "value"))
        self.buttons = {name: w.Button(description=name) for name in ("Reset", "Back", "Step")}
        self.buttons["Reset"].on_click(lambda _: self.go_to(0))
        self.buttons["Back"].on_click(lambda _: self.go_to(self.slider.value - 1))
        self.buttons["Step"].on_click(lambda _: self.go_to(self.slider.value + 1))

    def set_length(self, events: int) -> None:
        self.slider.max = self.player.max = events

    def go_to(self, index: int) -> None:
        self.slider.value = max(0, min(index, self.slider.max))


class Stepper(w.VBox):  # type: ignore[misc]
    """What both steppers are: a real search, recorded as events, replayed one event at a time.

    A stepper builds its own settings and layout; this gives it the position dropdown, the replay controls, the
    views of the board, the tree and the explanation, and runs :meth:`search` again whenever a setting changes.
    """

    def _set_up(self, named: dict[str, str], position: Any, variant: str | None, interval_ms: int) -> None:
        """Make the parts every stepper has (before ``VBox.__init__`` lays them out)."""
        self.choice = PositionChoice(named if of_default_game(position) else {}, position, variant)
        self.position_choice = self.choice.dropdown
        self.controls = ReplayControls(interval_ms)
        self.slider, self.player, self.buttons = self.controls.slider, self.controls.player, self.controls.buttons
        self.tree_view = w.HTML(layout=w.Layout(overflow="auto", max_width="100%"))
        self.explanation = w.HTML()
        self.board_view = w.HTML()
        self.events: list[Any] = []
        self.slider.observe(lambda change: self._show(change["new"]), names="value")

    def _search_again_on_change(self, *settings: w.ValueWidget) -> None:
        for control in (self.position_choice, *settings):
            control.observe(lambda change: self.search(), names="value")

    def current_position(self) -> Any:
        return self.choice.position()

    def go_to(self, index: int) -> None:
        """Show the search after ``index`` events."""
        self.controls.go_to(index)

    def search(self) -> None:
        """Run the real search again with the current settings, and rewind to its start."""
        raise NotImplementedError

    def _show(self, index: int) -> None:
        raise NotImplementedError
