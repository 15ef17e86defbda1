"""The endgame solver over index arrays: its numbering and moves are the engine's, its retrograde analysis is the
list version's, and the classes it solves are the shipped tables wherever they hold a position."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.games.shologuti.endgame_arrays import moves_of, numbers_of, parts_of, popcount
from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL, class_size, index_of, parts_at
from lessons_lib.games.shologuti.endgame_solver import ABSENT, classes_below, solve_tables
from lessons_lib.games.shologuti.endgame_table import shipped_table
from lessons_lib.games.shologuti.movegen import after_move, generate_moves
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.kit.retrograde import GameGraph, solve
from lessons_lib.kit.retrograde_arrays import Inside, solve_class

CLASSES = [(0, 1), (1, 0), (1, 1), (2, 0), (0, 3), (2, 1), (1, 2), (2, 2), (3, 1), (3, 2), (2, 3), (3, 3)]


def sample_numbers(material: tuple[int, int], count: int, seed: int) -> list[int]:
    """``count`` numbers of the class, drawn with ``seed``, the first and last among them."""
    rng = random.Random(seed)
    size = class_size(material)
    return sorted({0, size - 1, *(rng.randrange(size) for _ in range(count))})


def real(material: tuple[int, int], number: int) -> bool:
    """Whether the number is a position: no chain pending, or a pending piece that can capture."""
    green, red, side, pending = parts_at(material, number)
    own, enemy = (red, green) if side else (green, red)
    return not pending or any(move.captured for move in generate_moves(own, enemy, pending, VARIANTS["forced"]))


@pytest.mark.parametrize("material", CLASSES)
def test_the_arrays_number_positions_as_the_index_does(material: tuple[int, int]) -> None:
    numbers = np.array(sample_numbers(material, 400, seed=sum(material)), dtype=np.int64)
    green, red, side, pending = parts_of(material, numbers)
    for place, number in enumerate(numbers.tolist()):
        assert (int(green[place]), int(red[place]), int(side[place]), int(pending[place])) == parts_at(material, number)
        assert index_of(parts_at(material, number)) == number
    assert numbers_of(material, green, red, side, pending).tolist() == numbers.tolist()


def test_popcount_counts_every_bit_of_the_board() -> None:
    masks = np.array([0, 1 << 37, (1 << 38) - 2, 0b1011 << 20], dtype=np.uint64)
    assert popcount(masks).tolist() == [0, 1, 37, 3]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("material", [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (2, 3), (3, 3)])
def test_the_moves_of_arrays_are_the_engines(variant: str, material: tuple[int, int]) -> None:
    rules = VARIANTS[variant]
    numbers = [number for number in sample_numbers(material, 300, seed=7) if real(material, number)]
    parts = parts_of(material, np.array(numbers, dtype=np.int64))
    moves = moves_of(material, *parts, rules)
    found: dict[int, list[tuple[int, int, int, int]]] = {place: [] for place in range(len(numbers))}
    children = zip(*(moves.array(name).tolist() for name in ("parent", "green", "red", "side", "pending", "captured")))
    for parent, green, red, side, pending, captured in children:
        found[parent].append((green, red, side, pending))
        assert bool(captured) == ((green | red).bit_count() < sum(material))
    for place, number in enumerate(numbers):
        green, red, side, pending = parts_at(material, number)
        own, enemy = (red, green) if side else (green, red)
        expected = [after_move(green, red, side, 0, move)[:4] for move in generate_moves(own, enemy, pending, rules)]
        assert sorted(found[place]) == sorted(expected), parts_at(material, number)


def list_graph(movers: list[int], edges: list[tuple[int, int]],
               exits: list[tuple[int, int, int]]) -> GameGraph:
    """The same class as a graph for the list version: a position with no move is finished, lost; each exit becomes
    its own line of single moves whose first position is worth the exit's value for the parent, at the exit's
    distance (a draw: a finished draw)."""
    count = len(movers)
    movers = list(movers)
    children: list[list[int]] = [[] for _ in movers]
    finished: dict[int, int] = {}
    for parent, child in edges:
        children[parent].append(child)
    for parent, value, distance in exits:
        if value == 0:
            finished[len(movers)] = 0
            children[parent].append(len(movers))
            movers.append(movers[parent])
            children.append([])
            continue
        line = list(range(len(movers), len(movers) + distance + 1))  # line[k] is lost for its mover if k is even
        own_value = -1 if distance % 2 == 0 else 1
        first_mover = movers[parent] if own_value == value else 1 - movers[parent]
        for k in range(distance + 1):
            movers.append(first_mover if (distance - k) % 2 == 0 else 1 - first_mover)
            children.append([])
        for k in range(1, distance + 1):
            children[line[k]].append(line[k - 1])
        finished[line[0]] = -1
        children[parent].append(line[distance])
    finished.update({position: -1 for position in range(count) if not children[position]})
    return GameGraph(movers, children, finished)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_array_retrograde_agrees_with_the_list_version(data: st.DataObject) -> None:
    movers = data.draw(st.lists(st.integers(0, 1), min_size=1, max_size=12))
    count = len(movers)
    pairs = [(parent, child) for parent in range(count) for child in range(count) if movers[parent] != movers[child]]
    edges = data.draw(st.lists(st.sampled_from(pairs), max_size=30, unique=True)) if pairs else []
    exits = data.draw(st.lists(st.tuples(st.integers(0, count - 1), st.sampled_from([-1, 0, 1]), st.integers(0, 6)),
                               max_size=8))
    expected = solve(list_graph(movers, edges, exits))
    split = data.draw(st.integers(0, len(edges)))  # the moves in two chunks, as the solver gives them
    chunks = [(np.array([edge[0] for edge in part], dtype=np.int64), np.array([edge[1] for edge in part], dtype=np.int64))
              for part in (edges[:split], edges[split:])]
    values, distances = solve_class(
        Inside.of(count, chunks), np.array([exit[0] for exit in exits], dtype=np.int64),
        np.array([exit[1] for exit in exits], dtype=np.int64), np.array([exit[2] for exit in exits], dtype=np.int64),
        np.ones(count, dtype=bool))
    assert values.tolist() == expected.values[:count]
    assert distances.tolist() == expected.distances[:count]


def test_classes_below_are_every_class_captures_reach_fewest_pieces_first() -> None:
    assert classes_below([(2, 1)]) == [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert set(classes_below(SHIPPED_MATERIAL)) == set(shipped_table("forced"))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_solver_makes_the_shipped_tables(variant: str) -> None:
    """Every shipped class solved again: the same value, distance and zeroing distance wherever the shipped table
    holds a position; where it holds none, a pending piece that cannot capture or a chain the shipped classes'
    own moves never reach."""
    made = solve_tables(SHIPPED_MATERIAL, VARIANTS[variant])
    shipped = shipped_table(variant)
    assert set(made) == set(shipped)
    for material, arrays in shipped.items():
        values, distances, zeroing = arrays
        held = values != ABSENT
        for mine, theirs in zip(made[material], arrays):
            assert (mine[held] == theirs[held]).all(), material
        extra = np.flatnonzero(~held & (made[material][0] != ABSENT))
        assert all(parts_at(material, int(number))[3] for number in extra[:200]), "only chain positions are new"
