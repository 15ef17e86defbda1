"""The small context a depth-first search carries: whose values, the evaluation, counters, the PV, tracing."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final

from lessons_lib.agents.base import Evaluation, Observer, Stopwatch, check_processor_time
from lessons_lib.agents.evaluation import outcome_value
from lessons_lib.agents.solved import search_value
from lessons_lib.agents.trace import LeafEvaluated
from lessons_lib.kit.game import Outcome

INFINITY: Final = float("inf")
CHECK_EVERY: Final = 1024
Probe = Callable[[Any], "tuple[int, int] | None"]
"""``probe(state)``: a solved table's (value for the player to move, distance), or None where it does not decide
(a :class:`~lessons_lib.agents.solved.TableProbe`)."""


class SearchContext:
    """What one search shares across its nodes.

    Attributes:
        root_player: values are from this player's point of view (minimax, alpha-beta).
        evaluate: ``evaluate(state, player)`` at depth 0.
        trace: the observer, or None (then no event is ever built).
        nodes: positions searched so far; cutoffs: β ≤ α cutoffs so far.
        pv: ``pv[ply]`` is the best line found below the current node at ``ply``.
        stopwatch: the search's clock and deadline.
        probe: asks a solved table about the nodes below the root (None: no table inside the search).
    """

    __slots__ = ("root_player", "evaluate", "trace", "nodes", "cutoffs", "pv", "stopwatch", "probe")

    def __init__(
        self, root_player: int, evaluate: Evaluation, max_depth: int, trace: Observer | None = None,
        seconds: float | None = None, probe: Probe | None = None,
    ) -> None:
        self.probe = probe
        self.root_player = root_player
        self.evaluate = evaluate
        self.trace = trace
        self.nodes = 0
        self.cutoffs = 0
        self.pv: list[list[Hashable]] = [[] for _ in range(max_depth + 2)]
        self.stopwatch = Stopwatch(seconds)

    def count_node(self) -> None:
        """One more position searched; every :data:`CHECK_EVERY` of them, stop if a limit set from outside the
        search (the arena's, for a move) has been reached."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            check_processor_time()


def leaf_value(state: Any, outcome: Outcome | None, ply: int, search: SearchContext) -> float:
    """The value of a node searched no deeper, for the root's player: a finished game or the evaluation."""
    if outcome is not None:
        value = float(outcome_value(outcome, search.root_player, ply))
        reason = "game over"
    else:
        value = float(search.evaluate(state, search.root_player))
        reason = "depth"
    search.pv[ply] = []
    if search.trace is not None:
        search.trace(LeafEvaluated(ply, value, reason))
    return value


def solved_leaf(state: Any, ply: int, search: SearchContext) -> float | None:
    """Below the root, where the search's table decides ``state``: its value for the root's player, a win in d plies
    from here scored as a finished game ``ply + d`` plies from the root; else None (searched on)."""
    if ply == 0 or search.probe is None:
        return None
    found = search.probe(state)
    if found is None:
        return None
    value = float(search_value(found[0], ply + found[1]))
    if state.to_move != search.root_player:
        value = -value
    search.pv[ply] = []
    if search.trace is not None:
        search.trace(LeafEvaluated(ply, value, "solved"))
    return value
