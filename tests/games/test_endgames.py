"""Shologuti's small endgames solved by retrograde analysis: the index, the shipped tables and the draw clock,
checked against exhaustive alpha-beta and against the independent reference rules."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lessons_lib.agents import NegamaxAgent
from lessons_lib.agents.evaluation import MATE_BOUND
from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL, class_size, index_of, parts_at
from lessons_lib.games.shologuti.endgame_table import (
    ABSENT, load_table, save_table, shipped_table, solve_endgames, solved, solved_parts,
)
from lessons_lib.games.shologuti.endgames import endgame_graph
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import VARIANTS, Rules
from lessons_lib.kit.retrograde import DRAW, GameGraph, LOSS, solve
from reference_shologuti import REF_VARIANTS, RefPosition


def searched_value(position: Position, depth: int) -> int:
    """1, -1 or 0: what alpha-beta to ``depth`` proves (a forced end found) or cannot."""
    value = NegamaxAgent(depth).search(position).value
    return 1 if value >= MATE_BOUND else -1 if value <= -MATE_BOUND else 0


def test_the_index_numbers_every_position_of_a_class_once() -> None:
    for material in [(1, 1), (2, 1), (0, 2)]:
        numbers = [index_of(parts_at(material, number)) for number in range(class_size(material))]
        assert numbers == list(range(class_size(material)))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_shipped_table_holds_every_class_it_promises_and_equals_a_fresh_solve_of_two_against_one(
        variant: str) -> None:
    table = shipped_table(variant)
    assert sorted(table) == sorted(SHIPPED_MATERIAL) and (2, 2) in table and (3, 1) in table
    for material in SHIPPED_MATERIAL:  # every position without a chain pending is in, both sides to move
        values = table[material][0]
        quiet = [index for index in random.Random(1).sample(range(len(values)), min(200, len(values)))
                 if parts_at(material, index)[3] == 0]
        assert all(values[index] != ABSENT for index in quiet)
    fresh = solve_endgames([(2, 1), (1, 2)], VARIANTS[variant])
    for material in [(2, 1), (1, 2), (1, 1), (2, 0)]:
        present = fresh[material][0] != ABSENT  # chains from more pieces reach pending positions these do not
        assert np.array_equal(fresh[material][0][present], table[material][0][present])
        assert np.array_equal(fresh[material][1][present], table[material][1][present])
        assert np.array_equal(fresh[material][2][present], table[material][2][present])  # the zeroing distances
        assert (present | (table[material][0] != ABSENT) == (table[material][0] != ABSENT)).all()


def test_a_sample_of_the_shipped_table_agrees_with_alpha_beta_wherever_the_search_reaches_the_end() -> None:
    depth, rng = 6, random.Random(7)
    decided = undecided = 0
    while decided + undecided < 60:
        material = rng.choice([(2, 2), (3, 1), (1, 3), (2, 1)])
        parts = parts_at(material, rng.randrange(class_size(material)))
        found = solved_parts(parts, "forced")
        if found is None:
            continue
        position = Position(*parts, 0, Rules(True, True, 1_000_000))
        if position.is_game_over():
            continue
        value, distance = found
        assert searched_value(position, depth) == (value if distance <= depth else 0), (str(position), found)
        decided, undecided = decided + (distance <= depth), undecided + (distance > depth)
    assert decided >= 5 and undecided >= 5  # both kinds were tried


def reference_graph(material: list[tuple[int, int]], variant: str) -> tuple[GameGraph, list[RefPosition]]:
    """The game graph of the material classes and all they lead to, built with the reference rules alone."""
    rules = REF_VARIANTS[variant]
    positions: list[RefPosition] = []
    number: dict[str, int] = {}
    children: list[list[int]] = []
    finished: dict[int, int] = {}

    def numbered(position: RefPosition) -> int:
        text = " ".join(str(position).split()[:3])  # the clock aside
        if text not in number:
            number[text] = len(positions)
            positions.append(RefPosition.parse(text, rules))
            children.append([])
        return number[text]

    for greens, reds in material:
        for parts in (parts_at((greens, reds), index) for index in range(class_size((greens, reds)))):
            if not parts[3]:
                cells = "".join("G" if parts[0] >> point & 1 else "R" if parts[1] >> point & 1 else "."
                                for point in range(1, 38))
                numbered(RefPosition(cells, "gr"[parts[2]], None, 0, rules))
    done = 0
    while done < len(positions):
        moves = positions[done].legal_moves()
        if not moves:
            finished[done] = LOSS
        children[done] = [numbered(positions[done].play(move)) for move in moves]
        done += 1
    movers = [0 if position.side == "g" else 1 for position in positions]
    return GameGraph(movers, children, finished), positions


@pytest.mark.parametrize("variant", ["forced", "traditional"])
def test_two_against_one_solved_with_the_reference_rules_gives_the_shipped_values(variant: str) -> None:
    graph, positions = reference_graph([(2, 1), (1, 2)], variant)
    reference = solve(graph)
    for number, position in enumerate(positions):
        green = sum(1 << point for point in range(1, 38) if position.at(point) == "G")
        red = sum(1 << point for point in range(1, 38) if position.at(point) == "R")
        found = solved_parts((green, red, 0 if position.side == "g" else 1, position.pending or 0), variant)
        assert found is not None
        distance = reference.distances[number]
        assert found == (reference.values[number], 255 if distance < 0 else distance), str(position)


def test_a_value_holds_while_clock_and_zeroing_distance_fit_and_the_clock_draws_it_after() -> None:
    table = shipped_table("forced")
    values, distances, zeroing = table[(2, 1)]
    won = next(index for index in range(len(values)) if values[index] == 1 and zeroing[index] >= 3)
    drawn = next(index for index in range(len(values)) if values[index] == DRAW)
    limit = 100
    for index, expected in ((won, 1), (drawn, DRAW)):
        parts = parts_at((2, 1), index)
        late = limit - int(zeroing[index]) if expected != DRAW else limit - 1
        assert solved(Position(*parts, late, Rules(True, True, limit)))[0] == expected
        if expected != DRAW:
            assert solved(Position(*parts, late, Rules(True, True, limit)))[1] == distances[index]
            assert solved(Position(*parts, late + 1, Rules(True, True, limit))) == (DRAW, 255)  # the clock draws it
    assert solved(Position.start()) is None  # more pieces than the tables hold
    assert solved(Position(*parts_at((2, 1), won), 0, Rules(True, False))) is None  # a custom variant


def test_a_solved_table_reads_back_as_it_was_written(tmp_path: Path) -> None:
    table = solve_endgames([(1, 1)], Rules(True, True))
    save_table(table, tmp_path / "table.npz")
    again = load_table(tmp_path / "table.npz")
    assert sorted(again) == sorted(table)
    for material, arrays in table.items():
        assert all(np.array_equal(read, written) for read, written in zip(again[material], arrays, strict=True))
        assert set(np.unique(arrays[0])) <= {-1, 0, 1, ABSENT}


def test_two_against_one_is_what_the_graph_solves_position_by_position() -> None:
    graph, parts = endgame_graph([(2, 1), (1, 2)], Rules(True, True))
    solved_graph = solve(graph)
    for number in random.Random(3).sample(range(len(parts)), 300):
        found = solved_parts(parts[number], "forced")
        distance = solved_graph.distances[number]
        assert found == (solved_graph.values[number], 255 if distance < 0 else distance)


def test_the_engine_loads_numpy_and_the_tables_only_for_a_small_endgame() -> None:
    """A sandboxed agent's process pays for numpy only when its game reaches a table's material."""
    probe = ("import sys; from lessons_lib.games.shologuti import ENGINE, Position; "
             "ENGINE.solved(Position.start()); print('numpy' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"
