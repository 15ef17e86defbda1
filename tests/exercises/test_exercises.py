"""The notebooks' exercise checks: they pass right answers and explain wrong ones."""

from __future__ import annotations

from typing import Any

import networkx as nx

from lessons_lib.exercises import Feedback
from lessons_lib.exercises.board_graph import check_cut_points, check_jumps_from


def straight_jumps(graph: nx.Graph, point: int) -> list[tuple[int, int]]:
    def step(a: int, b: int) -> tuple[int, int]:
        return graph.nodes[b]["row"] - graph.nodes[a]["row"], graph.nodes[b]["col"] - graph.nodes[a]["col"]

    return [(o, t) for o in graph[point] for t in graph[o] if t != point and step(point, o) == step(o, t)]


def test_a_right_jump_function_passes() -> None:
    feedback = check_jumps_from(straight_jumps)
    assert feedback.passed and "112 jumps" in repr(feedback) and repr(feedback).startswith("✔")


def test_missing_jumps_are_named_with_a_hint() -> None:
    feedback = check_jumps_from(lambda graph, point: [])
    assert not feedback and "a piece on 1 can jump over 2 to 3" in feedback.message


def test_jumps_that_turn_a_corner_are_explained() -> None:
    def corners(graph: nx.Graph, point: int) -> list[tuple[int, int]]:
        return [(o, t) for o in graph[point] for t in graph[o] if t != point]

    feedback = check_jumps_from(corners)
    assert not feedback and "turns a corner" in feedback.message


def test_jumps_back_to_the_start_and_off_the_lines_are_explained() -> None:
    back = check_jumps_from(lambda graph, point: [(o, point) for o in graph[point]])
    assert "land back on" in back.message
    off = check_jumps_from(lambda graph, point: [(37, 1)])
    assert "must both be edges" in off.message


def test_a_crashing_or_malformed_answer_is_reported_not_raised() -> None:
    def crash(graph: nx.Graph, point: int) -> Any:
        raise KeyError("row")

    assert "raised KeyError" in check_jumps_from(crash).message
    assert "(over, target) pairs" in check_jumps_from(lambda graph, point: 5).message


def test_cut_points() -> None:
    assert check_cut_points([29, 9]).passed
    assert "you found 1 of 2" in check_cut_points([9]).message
    assert "leaves the board in one piece" in check_cut_points([9, 29, 19]).message
    assert "no point 40" in check_cut_points([40]).message
    assert "list of point numbers" in check_cut_points("nine").message


def test_feedback_shows_as_its_message() -> None:
    assert repr(Feedback.not_yet("try again")) == "✘ Not yet: try again"
