"""Retrograde analysis of small Shologuti endgames agrees with exhaustive search (work in progress, issue 36)."""

from __future__ import annotations

import random

from lessons_lib.agents import NegamaxAgent
from lessons_lib.agents.evaluation import MATE_BOUND
from lessons_lib.games.shologuti.endgames import endgame_graph
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules
from lessons_lib.kit.retrograde import solve

NO_CLOCK = Rules(True, True, 1_000_000)


def test_two_against_one_agrees_with_alpha_beta_wherever_the_search_reaches_the_end() -> None:
    graph, parts = endgame_graph([(2, 1), (1, 2)])
    solved = solve(graph)
    depth = 6
    playing = [number for number in range(len(parts)) if number not in graph.finished]
    for number in random.Random(2).sample(playing, 60):
        green, red, side, pending = parts[number]
        value = NegamaxAgent(depth).search(Position(green, red, side, pending, 0, NO_CLOCK)).value
        searched = 1 if value >= MATE_BOUND else -1 if value <= -MATE_BOUND else 0
        known = solved.values[number] if 0 <= solved.distances[number] <= depth else 0
        assert searched == known, (parts[number], solved.values[number], solved.distances[number], value)


def test_the_index_numbers_every_position_of_a_class_once() -> None:
    from lessons_lib.games.shologuti.endgame_index import class_size, index_of, parts_at

    for material in [(1, 1), (2, 1), (0, 2)]:
        numbers = [index_of(parts_at(material, number)) for number in range(class_size(material))]
        assert numbers == list(range(class_size(material)))


def test_a_solved_table_reads_back_as_it_was_written(tmp_path: object) -> None:
    from pathlib import Path

    import numpy as np

    from lessons_lib.games.shologuti.endgame_index import index_of
    from lessons_lib.games.shologuti.endgame_table import load_table, save_table, solve_endgames

    table = solve_endgames([(2, 1)], NO_CLOCK)
    path = Path(str(tmp_path)) / "table.npz"
    save_table(table, path)
    again = load_table(path)
    assert sorted(again) == sorted(table)
    for material, (values, distances) in table.items():
        assert np.array_equal(again[material][0], values) and np.array_equal(again[material][1], distances)
    graph, parts = endgame_graph([(2, 1)], NO_CLOCK)
    solved = solve(graph)
    for number in random.Random(3).sample(range(len(parts)), 200):
        values, _ = table[(parts[number][0].bit_count(), parts[number][1].bit_count())]
        assert values[index_of(parts[number])] == solved.values[number]
