"""The board data: counts, the examples of docs/rules/shologuti.md, symmetry, and the networkx view."""

from __future__ import annotations

import json

from locations import ROOT
from lessons_lib.games.shologuti.board import (
    BOARD_DATA, COORDINATES, JUMP_COUNT, JUMPS, LINES, NEIGHBOURS, POINTS, mirror_point,
)
from lessons_lib.games.shologuti.graph import board_graph, jump_graph



def test_counts_match_the_rules() -> None:
    assert len(POINTS) == 37
    assert len(LINES) == 76
    assert JUMP_COUNT == 112


def test_the_repository_copy_and_the_package_copy_are_identical() -> None:
    package_copy = ROOT / "lessons_lib" / "games" / "shologuti" / "data" / "board.json"
    assert (ROOT / "data" / "board.json").read_bytes() == package_copy.read_bytes()


def test_coordinates_follow_the_table_of_rules() -> None:
    expected = {1: (-2, 0), 2: (-2, 2), 3: (-2, 4), 4: (-1, 1), 5: (-1, 2), 6: (-1, 3),
                32: (5, 1), 33: (5, 2), 34: (5, 3), 35: (6, 0), 36: (6, 2), 37: (6, 4)}
    for point in range(7, 32):
        expected[point] = divmod(point - 7, 5)
    assert COORDINATES == expected


def _lines_from_the_written_rules() -> set[frozenset[int]]:
    """The 76 lines derived independently from docs/rules/shologuti.md's description."""
    at = {rc: p for p, rc in COORDINATES.items()}
    lines = set()
    for (row, col), p in at.items():
        if not (0 <= row <= 4):
            continue
        steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if (row + col) % 2 == 0 else [])
        for dr, dc in steps:
            q = at.get((row + dr, col + dc))
            if q is not None and 0 <= row + dr <= 4:
                lines.add(frozenset((p, q)))
    triangle = [(9, 4), (9, 5), (9, 6), (4, 5), (5, 6), (1, 2), (2, 3), (4, 1), (5, 2), (6, 3)]
    for a, b in triangle:
        lines.add(frozenset((a, b)))
        lines.add(frozenset((38 - a, 38 - b)))
    return lines


def test_lines_match_the_written_description() -> None:
    assert {frozenset(line) for line in LINES} == _lines_from_the_written_rules()


def test_jumps_are_exactly_the_straight_three_point_runs_along_lines() -> None:
    def step(a: int, b: int) -> tuple[int, int]:
        return COORDINATES[b][0] - COORDINATES[a][0], COORDINATES[b][1] - COORDINATES[a][1]

    expected = {
        (a, b, c)
        for a in POINTS for b in NEIGHBOURS[a] for c in NEIGHBOURS[b]
        if c != a and step(a, b) == step(b, c)
    }
    assert {(a, over, c) for a in POINTS for over, c in JUMPS[a]} == expected


def test_the_jump_examples_of_the_rules() -> None:
    for origin, over, target in [(1, 4, 9), (1, 2, 3), (4, 5, 6), (5, 9, 14), (9, 13, 17), (19, 14, 9), (23, 29, 34),
                                 (17, 23, 29)]:
        assert (over, target) in JUMPS[origin]


def test_every_way_into_or_out_of_a_triangle_touches_its_apex() -> None:
    """What lesson 01's check says of the cut points 9 and 29: a step onto the apex, a jump onto it or over it."""
    for triangle, apex in (({1, 2, 3, 4, 5, 6}, 9), ({32, 33, 34, 35, 36, 37}, 29)):
        for a in POINTS:
            for b in NEIGHBOURS[a]:
                if (a in triangle) != (b in triangle):
                    assert apex in (a, b)
            for over, c in JUMPS[a]:
                if (a in triangle) != (c in triangle):
                    assert apex in (a, over, c)


def test_board_is_symmetric_under_the_half_turn() -> None:
    lines = {frozenset(line) for line in LINES}
    assert {frozenset(map(mirror_point, line)) for line in lines} == lines
    jumps = {(a, over, c) for a in POINTS for over, c in JUMPS[a]}
    assert {(mirror_point(a), mirror_point(b), mirror_point(c)) for a, b, c in jumps} == jumps


def test_start_sides_in_the_data() -> None:
    sides = {entry["point"]: entry["start"] for entry in BOARD_DATA["points"]}
    assert [p for p in POINTS if sides[p] == "red"] == list(range(1, 17))
    assert [p for p in POINTS if sides[p] == "green"] == list(range(22, 38))
    assert [p for p in POINTS if sides[p] is None] == list(range(17, 22))


def test_networkx_view_has_the_attributes_the_notebooks_use() -> None:
    graph = board_graph()
    assert graph.number_of_nodes() == 37 and graph.number_of_edges() == 76
    assert graph.nodes[29] == {"row": 4, "col": 2, "pos": (2, -4), "start": "green"}
    assert graph.edges[13, 9] == {"direction": "diagonal-up", "kind": "grid"}
    assert graph.edges[9, 4]["kind"] == "triangle"
    assert {d for _, _, d in graph.edges(data="direction")} == {"horizontal", "vertical", "diagonal-up", "diagonal-down"}
    jumps = jump_graph()
    assert jumps.number_of_edges() == 112 and jumps.edges[1, 9]["over"] == 4


def test_the_json_file_is_well_formed() -> None:
    data = json.loads((ROOT / "data" / "board.json").read_text())
    assert [entry["point"] for entry in data["points"]] == list(POINTS)
    assert all(len(jump) == 3 for jump in data["jumps"])
