"""Checks for notebook 01, the board as a graph."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import networkx as nx

from lessons_lib.games.shologuti.board import JUMP_COUNT, POINTS
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, as_whole_number, call_safely, case_seed, drawn_with, items_of, shown,
)
from lessons_lib.games.shologuti.graph import board_graph, jump_graph


MOST_PAIRS = 1000
"""The most (over, target) pairs an answer is read for (a point has at most eight jumps)."""


def point_number(value: Any) -> int | None:
    """A point given as a whole number of any kind, or as short text of digits ("12"); None if it is neither."""
    if issubclass(type(value), str):
        text = str.strip(value)
        return int(text) if len(text) <= 10 and text.lstrip("-").isdigit() else None
    number, problem = as_whole_number(value)
    return None if problem else number


def _as_pairs(answer: Any) -> list[tuple[int, int]] | None:
    """The (over, target) pairs of an answer, as whole numbers, in its order (one given twice is there twice); None
    if it is not a collection of such pairs."""
    items = items_of(answer, MOST_PAIRS)
    if items is None or len(items) > MOST_PAIRS:
        return None
    pairs = []
    for item in items:
        parts = items_of(item, 2)
        points = [point_number(part) for part in parts] if parts is not None and len(parts) == 2 else [None]
        if None in points:
            return None
        pairs.append((points[0], points[1]))
    return pairs  # type: ignore[return-value]


def _step(graph: nx.Graph, a: Any, b: Any) -> tuple[int, int]:
    return graph.nodes[b]["row"] - graph.nodes[a]["row"], graph.nodes[b]["col"] - graph.nodes[a]["col"]


def _a_graph_of_jumps(value: Any) -> str | None:
    """``"the graph of jumps (jump_graph())"`` if ``value`` is a graph that holds the jumps, like J in the lesson."""
    if issubclass(type(value), nx.Graph) and value.number_of_edges() == JUMP_COUNT and \
            set(value.edges) == set(jump_graph().edges):
        return "the graph of jumps (jump_graph())"
    return None


def straight_jumps(graph: nx.Graph, point: Any) -> set[tuple[Any, Any]]:
    """The (over, target) pairs of ``graph`` from ``point``: two edges in a straight line, by the nodes' row and col."""
    def step(a: Any, b: Any) -> tuple[int, int]:
        return graph.nodes[b]["row"] - graph.nodes[a]["row"], graph.nodes[b]["col"] - graph.nodes[a]["col"]
    return {(over, target) for over in graph[point] for target in graph[over]
            if target != point and step(point, over) == step(over, target)}


def drawn_graphs(seed: int) -> list[tuple[str, nx.Graph, list[Any]]]:
    """(name, graph, points to ask about) drawn with ``seed``: the board with its points renamed at random (a table
    of the board's jumps fails there), and the board with a few lines taken away."""
    rng = random.Random(seed)
    board = board_graph()
    names = rng.sample(range(100, 1000), len(POINTS))
    renamed = nx.relabel_nodes(board, dict(zip(POINTS, names)))
    thinned = board.copy()
    thinned.remove_edges_from(rng.sample(sorted(thinned.edges), 8))
    return [("the board with its points renamed at random", renamed, rng.sample(names, 12)),
            ("the board with 8 of its lines taken away", thinned, rng.sample(POINTS, 12))]


@watched
def check_jumps_from(jumps_from: Callable[[nx.Graph, int], Iterable[tuple[int, int]]],
                     seed: int | None = None) -> Feedback:
    """Check a student's ``jumps_from(G, point)`` against the engine's jump table, point by point, and on boards
    drawn with ``seed`` (fresh when None)."""
    graph = board_graph()
    refused = refusal(jumps_from, "check_jumps_from", "table of jumps", looks_like=_a_graph_of_jumps,
                      labels={"graph 'Shologuti jumps'": "the graph of jumps (jump_graph())"})
    if refused:
        return Feedback.not_yet(refused + " Find each jump from G alone.", 0.0)
    seed = case_seed(seed)
    cases = Cases()
    boards = [("G", graph, list(POINTS))] + drawn_graphs(seed)
    each_point = [(number, name, board, point) for number, (name, board, points) in enumerate(boards)
                  for point in points]
    for number, name, board, point in cases.each(each_point):
        mistake, failure = _jump_mistake(jumps_from, name, board, point)
        if mistake:
            cases.failed_call(mistake + (drawn_with(seed) if number else ""), jumps_from, failure)
        else:
            cases.passed()
    return cases.feedback(f"right for all 37 points: {JUMP_COUNT} jumps in all, as in the engine's table, and on "
                          f"boards with their points renamed and lines taken away.")


def _jump_mistake(jumps_from: Callable[[nx.Graph, int], Iterable[tuple[int, int]]], name: str, graph: nx.Graph,
                  point: Any) -> tuple[str | None, str | None]:
    """What is wrong with the jumps a student finds from ``point`` of ``graph`` (called ``name``), or None; and the
    call's failure in words, if it failed."""
    given, failure = call_safely(jumps_from, graph, point)
    if failure:
        return f"jumps_from({name}, {point}) {failure}", failure
    return _pairs_mistake(given, name, graph, point), None


def _pairs_mistake(given: Any, name: str, graph: nx.Graph, point: Any) -> str | None:
    """What is wrong with ``given``, a student's jumps from ``point`` of ``graph`` (called ``name``), or None."""
    pairs = _as_pairs(given)
    if pairs is None:
        return f"jumps_from({name}, {point}) should give (over, target) pairs of points, not {shown(given)}"
    answer = set(pairs)
    expected = straight_jumps(graph, point)
    on = "" if name == "G" else f" on {name}"
    if answer == expected and len(pairs) == len(answer):
        return None
    if answer == expected:
        twice = next(pair for number, pair in enumerate(pairs) if pair in pairs[:number])
        return (f"jumps_from({name}, {point}) gives the jump over {twice[0]} to {twice[1]} more than once{on}: list "
                f"each jump once (a jump found from both ends of a line, or in two loops, is still one jump).")
    for over, target in sorted(answer - expected):
        if not graph.has_edge(point, over) or not graph.has_edge(over, target):
            return (f"from {point} you jump over {shown(over)} to {shown(target)}{on}, but a jump follows two lines: "
                    f"{point}-{shown(over)} and {shown(over)}-{shown(target)} must both be edges of the graph.")
        if target == point:
            return f"from {point} over {over} you land back on {point}{on}: skip target == point."
        return (f"{point} over {over} to {target} turns a corner{on}: the step {point}→{over} is "
                f"{_step(graph, point, over)} in (row, col) but {over}→{target} is {_step(graph, over, target)}; "
                f"a jump goes straight on, so the two steps must be equal.")
    over, target = sorted(expected - answer)[0]
    return (f"a piece on {point} can jump over {over} to {target}{on}, which your function misses. "
            f"Hint: compare the steps in (row, col) from {point} to {over} and from {over} to {target}.")


@watched
def check_cut_points(answer: Iterable[int]) -> Feedback:
    """Check the points whose removal splits the board in two (its articulation points)."""
    items = items_of(answer, MOST_PAIRS)
    if items is not None and len(items) > MOST_PAIRS:
        return Feedback.not_yet(f"that is more than {MOST_PAIRS} points; the board has 37.")
    points = [point_number(item) for item in items] if items is not None else [None]
    if None in points:
        return Feedback.not_yet(f"give a list of point numbers, for example [12, 30], not {shown(answer, 40)}")
    given = set(points)
    expected = set(nx.articulation_points(board_graph()))
    if given == expected:
        return Feedback.correct(
            "9 and 29. Each triangle hangs on its apex: every step or jump into or out of a triangle starts on 9 "
            "or 29, lands on it or jumps over it. A piece on the apex does not seal the triangle, though: it can be "
            "jumped."
        )
    graph = board_graph()
    for point in sorted(given - expected):  # type: ignore[type-var]
        if point not in graph:
            return Feedback.not_yet(f"there is no point {shown(point)}: points are 1 to 37")
        return Feedback.not_yet(
            f"removing {point} leaves the board in one piece. Try it: "
            f"nx.is_connected(G.subgraph(set(G) - {{{point}}})) is True."
        )
    return Feedback.not_yet(
        f"you found {len(given)} of {len(expected)}. Hint: take the points away one at a time, and ask "
        "nx.is_connected(G.subgraph(set(G) - {point})) each time: the points you want are those where it says False."
    )
