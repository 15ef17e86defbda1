"""Step through a real alpha-beta search, node by node.

The search is :func:`lessons_lib.agents.alphabeta.alphabeta` itself, recorded by
an observer; the widget only replays the events (:mod:`lessons_lib.viz.search_tree`).

>>> stepper = AlphaBetaStepper(depth=2)
>>> stepper.go_to(len(stepper.events))
>>> "Search done" in stepper.explanation.value
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent, Evaluation, SearchResult, State
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.viz.search_tree import ReplayedTree, describe_event, replay, tree_svg
from lessons_lib.widgets.common import Stepper, board_picture, default_evaluation, live_view_with_svg

STEPPER_POSITIONS: dict[str, str] = {
    "Top triangle: 3 Green (one far below) against 1 Red, six moves": "G.RG...........................G..... g -",
    "Top triangle: 2 Green against 1 Red": "..GR.G............................... g -",
    "Two against two in the middle": ".........RG.R.....G.................. g -",
    "Green's lone piece among three Red": ".....R................GR....R........ g -",
    "Opposite corners: one piece each": "..G.................................R g -",
    "The start (a wide tree: depth 2 or 3)": "start",
}
"""Positions whose trees fit on a screen at depth 2 to 4 (the endgames: at most 32 leaves wide at depth 4,
where ordering the moves prunes more) or 2 to 3 (the start)."""


class AlphaBetaStepper(Stepper):
    """A search tree that grows event by event: step, back, play, reset, or drag the slider.

    Args:
        position: a name from :data:`STEPPER_POSITIONS`, a position string, a Position, or
            the state of any other game, such as a :class:`~lessons_lib.games.tiny_tree.TinyTree`.
        depth: plies to search (2 to 4 fit on a screen).
        ordering: order moves best first (by the evaluation one ply on), to show more pruning.
        variant: the rules, when ``position`` is given as text (None: the game's default).
        pruning: alpha-beta (True) or plain minimax, which never prunes (False).
        evaluate: the evaluation at depth 0; by default the material-and-mobility evaluation for Shologuti and
            the leaf values for a tiny tree.
    """

    def __init__(self, position: str | State = "Top triangle: 3 Green (one far below) against 1 Red, six moves",
                 depth: int = 3, ordering: bool = False, variant: str | None = None, pruning: bool = True,
                 evaluate: Evaluation | None = None) -> None:
        if not 1 <= depth <= 4:
            raise ValueError(f"depth must be from 1 to 4 (deeper trees do not fit on a screen), not {depth}")
        self._set_up(STEPPER_POSITIONS, position, variant, interval_ms=700)
        self.evaluate = evaluate if evaluate is not None else default_evaluation(self.choice.position())
        self.depth_choice = w.IntSlider(value=depth, min=1, max=4, description="Depth")
        self.ordering_choice = w.Checkbox(value=ordering, description="Order moves best first")
        self.pruning_choice = w.Checkbox(value=pruning, description="Alpha-beta pruning")
        self.counter = w.HTML()
        self._search_again_on_change(self.depth_choice, self.ordering_choice, self.pruning_choice)
        self.result: SearchResult | None = None
        self.final: ReplayedTree | None = None
        self.minimax_nodes = 0
        super().__init__([
            w.HBox([self.position_choice, self.depth_choice, self.pruning_choice, self.ordering_choice],
                   layout=w.Layout(flex_flow="row wrap")),  # wraps in a narrow window rather than clipping
            w.HBox([self.board_view, w.VBox([
                w.HBox([self.buttons["Reset"], self.buttons["Back"], self.buttons["Step"], self.player]),
                self.slider, self.explanation, self.counter])]),
            self.tree_view,
        ])
        self.search()

    def __repr__(self) -> str:
        return f"<AlphaBetaStepper: {self.current_position()}, depth {self.depth_choice.value}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live stepper, plus the finished search tree as SVG for a notebook saved without widgets."""
        return live_view_with_svg(self, tree_svg(self.final) if self.final else None, repr(self), **kwargs)

    def search(self) -> None:
        """Run the real search again (position, depth or ordering changed) and rewind to its start."""
        position = self.current_position()
        self.events = []
        if position.is_game_over():
            self.result, self.final, self.minimax_nodes = None, None, 0
            self.explanation.value = "The game is over in this position: there is nothing to search."
            return
        ordering = "evaluation" if self.ordering_choice.value else "generation"
        depth, evaluate = self.depth_choice.value, self.evaluate
        agent: Agent = AlphaBetaAgent(depth, evaluate, ordering) if self.pruning_choice.value \
            else MinimaxAgent(depth, evaluate)
        self.result = agent.search(position, observer=self.events.append)
        self.minimax_nodes = MinimaxAgent(depth, evaluate).search(position).nodes
        self.final = replay(self.events)
        self.board_view.value = board_picture(position, scale=0.6)
        self.controls.set_length(len(self.events))
        self.go_to(0)
        self._show(0)

    def _show(self, index: int) -> None:
        if self.final is None or self.result is None:
            return
        tree = replay(self.events, index)
        shown = tree if index else replay(self.events, 1)  # at the start, the root it is about to enter
        self.tree_view.value = tree_svg(shown, self.final)
        if index == len(self.events):
            line = " ".join(str(move) for move in self.result.pv)
            text = (f"<b>Search done.</b> Best move <b>{escape(str(self.result.move))}</b>, value "
                    f"{self.result.value:g} for the player to move; expected line: {escape(line)}.")
        else:
            text = describe_event(tree.event) if index else describe_event(None)
        self.explanation.value = text
        searcher = "alpha-beta" if self.pruning_choice.value else "minimax"
        self.counter.value = (f"Positions visited: <b>{tree.visited()}</b> of {self.result.nodes} for {searcher} "
                              f"(plain minimax visits {self.minimax_nodes}); "
                              f"cutoffs so far: {sum(1 for n in tree.nodes.values() if n.status == 'pruned')} "
                              f"skipped moves.")
