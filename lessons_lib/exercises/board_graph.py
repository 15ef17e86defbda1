"""Checks for notebook 01, the board as a graph."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import networkx as nx

from lessons_lib.games.shologuti.board import COORDINATES, JUMP_COUNT, JUMPS, POINTS
from lessons_lib.exercises.feedback import Feedback, call_safely
from lessons_lib.exercises.own_code import library_use, write_it_yourself
from lessons_lib.games.shologuti.graph import board_graph, jump_graph


def _as_pairs(answer: Any) -> set[tuple[int, int]] | None:
    try:
        return {(int(over), int(target)) for over, target in answer}
    except (TypeError, ValueError):
        return None


def _step(a: int, b: int) -> tuple[int, int]:
    return COORDINATES[b][0] - COORDINATES[a][0], COORDINATES[b][1] - COORDINATES[a][1]


def _a_graph_of_jumps(value: object) -> str | None:
    """``"the graph of jumps (jump_graph())"`` if ``value`` is a graph that holds the jumps, like J in the lesson."""
    if isinstance(value, nx.Graph) and value.number_of_edges() == JUMP_COUNT and \
            set(value.edges) == set(jump_graph().edges):
        return "the graph of jumps (jump_graph())"
    return None


def check_jumps_from(jumps_from: Callable[[nx.Graph, int], Iterable[tuple[int, int]]]) -> Feedback:
    """Check a student's ``jumps_from(G, point)`` against the engine's jump table, point by point."""
    graph = board_graph()
    used = library_use(jumps_from, {"jump_graph": jump_graph, "JUMPS": JUMPS}, looks_like=_a_graph_of_jumps,
                       labels={"graph 'Shologuti jumps'": "the graph of jumps (jump_graph())"})
    if used:
        return Feedback.not_yet(write_it_yourself(used, "table of jumps") + " Find each jump from G alone.")
    for point in POINTS:
        given, failure = call_safely(jumps_from, graph, point)
        if failure:
            return Feedback.not_yet(f"jumps_from(G, {point}) {failure}")
        answer = _as_pairs(given)
        if answer is None:
            return Feedback.not_yet(f"jumps_from(G, {point}) should give (over, target) pairs of points")
        expected = set(JUMPS[point])
        if answer == expected:
            continue
        for over, target in sorted(answer - expected):
            if not graph.has_edge(point, over) or not graph.has_edge(over, target):
                return Feedback.not_yet(
                    f"from {point} you jump over {over} to {target}, but a jump follows two lines: "
                    f"{point}-{over} and {over}-{target} must both be edges of G."
                )
            if target == point:
                return Feedback.not_yet(f"from {point} over {over} you land back on {point}: skip target == point.")
            return Feedback.not_yet(
                f"{point} over {over} to {target} turns a corner: the step {point}→{over} is "
                f"{_step(point, over)} in (row, col) but {over}→{target} is {_step(over, target)}; "
                f"a jump goes straight on, so the two steps must be equal."
            )
        over, target = sorted(expected - answer)[0]
        return Feedback.not_yet(
            f"a piece on {point} can jump over {over} to {target}, which your function misses. "
            f"Hint: compare the steps in (row, col) from {point} to {over} and from {over} to {target}."
        )
    return Feedback.correct(f"right for all 37 points: {JUMP_COUNT} jumps in all, as in the engine's table.")


def check_cut_points(answer: Iterable[int]) -> Feedback:
    """Check the points whose removal splits the board in two (its articulation points)."""
    try:
        given = {int(point) for point in answer}
    except (TypeError, ValueError):
        return Feedback.not_yet("give a list of point numbers, for example [12, 30]")
    expected = set(nx.articulation_points(board_graph()))
    if given == expected:
        return Feedback.correct(
            "9 and 29. Each triangle hangs on its apex: every step or jump into or out of a triangle starts on 9 "
            "or 29, lands on it or jumps over it. A piece on the apex does not seal the triangle, though: it can be "
            "jumped."
        )
    graph = board_graph()
    for point in sorted(given - expected):
        if point not in graph:
            return Feedback.not_yet(f"there is no point {point}: points are 1 to 37")
        return Feedback.not_yet(
            f"removing {point} leaves the board in one piece. Try it: "
            f"nx.is_connected(G.subgraph(set(G) - {{{point}}})) is True."
        )
    return Feedback.not_yet(
        f"you found {len(given)} of {len(expected)}. Hint: take the points away one at a time, and ask "
        "nx.is_connected(G.subgraph(set(G) - {point})) each time: the points you want are those where it says False."
    )
