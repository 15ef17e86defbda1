"""Step through a real MCTS search, iteration by iteration and phase by phase.

The search is :class:`lessons_lib.agents.mcts.MCTSAgent` itself, recorded by an
observer; the widget replays its events (:mod:`lessons_lib.viz.mcts_tree`).

>>> stepper = MCTSStepper(iterations=20)
>>> stepper.go_to(len(stepper.events))
>>> "most visits" in stepper.explanation.value
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.base import SearchResult, State
from lessons_lib.agents.mcts import PUCT_C, MCTSAgent, Priors, Value
from lessons_lib.agents.trace import Backpropagated, SelectionStep
from lessons_lib.viz.mcts_tree import (
    ReplayedMCTS, WhoseWins, describe_mcts_event, mcts_tree_svg, possessive, replay_mcts, root_bars_svg,
    selection_table_html,
)
from lessons_lib.widgets.alphabeta_stepper import STEPPER_POSITIONS
from lessons_lib.widgets.common import Stepper, board_picture, live_view_with_svg


class MCTSStepper(Stepper):
    """An MCTS tree that grows event by event, with the UCB1 sums of every selection.

    Args:
        position: a name from :data:`~lessons_lib.widgets.alphabeta_stepper.STEPPER_POSITIONS`,
            a position string, a Position, or the state of any other game (a tiny tree, say).
        iterations: how many iterations to run (tens fit on a screen).
        c: the exploration constant (UCB1's √2, or PUCT's :data:`~lessons_lib.agents.mcts.PUCT_C`, by default).
        rollout: ``"uniform"`` or ``"captures"``.
        seed: the search's random seed.
        variant: the rules, when ``position`` is given as text (None: the game's default).
        perspective: ``"mover"`` (each node counts wins for the player who moved into it) or
            ``"root"`` (every node counts them for the root's player, as the Pygame project did).
        priors, value: a policy and a learned value (:class:`~lessons_lib.agents.mcts.MCTSAgent`'s): the search
            is then PUCT's, and the stepper shows each move's prior and each new node's value.
    """

    def __init__(self, position: str | State = "The start (a wide tree: depth 2 or 3)", iterations: int = 40,
                 c: float | None = None, rollout: str = "uniform", seed: int = 1, variant: str | None = None,
                 perspective: str = "mover", priors: Priors | None = None, value: Value | None = None) -> None:
        if not 1 <= iterations <= 300:
            raise ValueError(f"iterations must be from 1 to 300 (a bigger tree does not fit on a screen), not {iterations}")
        if c is None:
            c = PUCT_C if priors is not None else math.sqrt(2)
        if not 0 <= c <= 3:
            raise ValueError(f"c must be from 0 to 3, not {c}")
        self.seed = seed
        self.perspective = perspective
        self.priors = priors
        self.value = value
        self._set_up(STEPPER_POSITIONS, position, variant, interval_ms=500)
        self.iterations_choice = w.IntSlider(value=iterations, min=1, max=300, description="Iterations")
        # a value on the step (0.625, PUCT's, is one), or the browser would round it and re-run the search
        self.c_choice = w.FloatSlider(value=round(c * 200) / 200, min=0.0, max=3.0, step=0.005, description="c")
        self.rollout_choice = w.Dropdown(options=["uniform", "captures"], value=rollout, description="Rollouts")
        if value is not None:  # the learned value stands for every rollout: no rollout to choose
            self.rollout_choice.layout.display = "none"
        self.buttons["Next iteration"] = w.Button(description="Next iteration")
        self.buttons["Next iteration"].on_click(lambda _: self.next_iteration())
        self.selection_view = w.HTML()
        self.bars = w.HTML()
        self._search_again_on_change(self.iterations_choice, self.c_choice, self.rollout_choice)
        self.result: SearchResult | None = None
        self.final: ReplayedMCTS | None = None
        self.whose: WhoseWins | None = None
        super().__init__([
            w.HBox([self.position_choice, self.rollout_choice], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.iterations_choice, self.c_choice], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.board_view, w.VBox([
                w.HBox([self.buttons["Reset"], self.buttons["Back"], self.buttons["Step"],
                        self.buttons["Next iteration"], self.player]),
                self.slider, self.explanation, w.HBox([self.selection_view, self.bars])])]),
            self.tree_view,
        ])
        self.search()

    @property
    def puct(self) -> bool:
        """Whether the search is PUCT's (it has priors)."""
        return self.priors is not None

    def __repr__(self) -> str:
        return (f"<MCTSStepper: {self.current_position()}, {self.iterations_choice.value} iterations, "
                f"c = {self.c_choice.value:g}>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live stepper, plus the finished tree as SVG for a notebook saved without widgets."""
        svg = mcts_tree_svg(self.final, self.whose, puct=self.puct) if self.final and self.whose else None
        return live_view_with_svg(self, svg, repr(self), **kwargs)

    def search(self) -> None:
        """Run the real search again with the current settings, and rewind to its start."""
        position = self.current_position()
        self.events = []
        if position.is_game_over():
            self.result, self.final, self.whose = None, None, None
            self.explanation.value = "The game is over in this position: there is nothing to search."
            return
        agent = MCTSAgent(self.iterations_choice.value, c=self.c_choice.value, rollout=self.rollout_choice.value,
                          perspective=self.perspective, seed=self.seed, priors=self.priors, value=self.value)
        self.result = agent.search(position, observer=self.events.append)
        self.final = replay_mcts(self.events)
        self.whose = WhoseWins.of(position, self.final, self.perspective)
        self.board_view.value = board_picture(position, scale=0.55)
        self.controls.set_length(len(self.events))
        self.go_to(0)
        self._show(0)

    def next_iteration(self) -> None:
        """Jump to the end of the current iteration (its backpropagation)."""
        for index in range(self.slider.value, len(self.events)):
            if isinstance(self.events[index], Backpropagated):
                self.go_to(index + 1)
                return
        self.go_to(len(self.events))

    def _show(self, index: int) -> None:
        whose = self.whose
        if self.final is None or self.result is None or whose is None:
            return
        tree = replay_mcts(self.events, index)
        self.tree_view.value = mcts_tree_svg(tree, whose, self.final, puct=self.puct)
        self.bars.value = root_bars_svg(tree, whose, puct=self.value is not None)
        event = tree.event
        self.selection_view.value = selection_table_html(event, whose) if isinstance(event, SelectionStep) else ""
        if index == len(self.events):
            best = self.result.move
            child = self.final.nodes[(best,)]
            root, other = (escape(whose.name(player), quote=False) for player in (whose.root, 1 - whose.root))
            hopeful = "" if self.perspective == "mover" else (
                f" Every node counted {possessive(root)} wins, so the search also picked {possessive(other)} "
                f"replies by {possessive(root)} wins: this rate can be too hopeful.")
            rate = (f"a mean score of {child.wins / child.visits:.2f} for {root} (the results and the learned value's "
                    f"expected scores it met, over its visits)" if self.value is not None
                    else f"a win rate of {child.wins / child.visits:.0%} for {root}")
            measure = "scores" if self.value is not None else "win rates"
            self.explanation.value = (
                f"<b>Search done.</b> {'PUCT' if self.puct else 'MCTS'} plays <b>{escape(str(best))}</b>: the root "
                f"move with the most visits ({child.visits} of {self.result.nodes}), with {rate}.{hopeful} Visits, "
                f"not {measure}, decide: a rarely tried move's {measure[:-1]} is still mostly luck.")
        else:
            self.explanation.value = escape(describe_mcts_event(event if index else None, whose), quote=False)
