"""The tables under the draw clock against an exhaustive search of the game with the clock in the state.

Every position of every class of at most three pieces (one against one, two against one, both ways, and those with
a side gone) is compared at every clock from 0 to the limit with ``tests/clock_reference.py``, which knows
nothing of the tables; positions of the larger shipped classes, drawn at random, are compared near the limit by a
search of every line to the clock's end. ``benchmarks/endgame_clock_check.py`` compares every shipped class whole.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from lessons_lib.games.shologuti.endgame_index import class_size, index_of, parts_at
from lessons_lib.games.shologuti.endgame_table import (
    NO_DISTANCE, shipped_table, solved, solved_parts, solved_without_clock, zeroing_of,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import DEFAULT_DRAW_PLIES, VARIANTS, Rules
from clock_reference import ClassValues, solve_with_clock, value_by_search

SMALL = [(greens, reds) for greens in range(4) for reds in range(4) if 0 < greens + reds <= 3]
LIMIT = DEFAULT_DRAW_PLIES


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def reference(request: pytest.FixtureRequest) -> tuple[str, dict[tuple[int, int], ClassValues]]:
    return request.param, solve_with_clock(SMALL, VARIANTS[request.param])


def table_values(variant: str, material: tuple[int, int], keys: list[tuple[int, int, int, int]]) -> np.ndarray:
    """``values[clock, number]`` as the shipped table's arrays give them for the reference's positions (-2 for a
    position the table does not hold), by the rule the module states: a value holds while clock + zeroing <= limit."""
    values, _, zeroing = shipped_table(variant)[material]
    indices = np.array([index_of(key) for key in keys])
    value, zero = values[indices].astype(np.int64), zeroing[indices].astype(np.int64)
    clocks = np.arange(LIMIT + 1)[:, None]
    kept = (zero != NO_DISTANCE) & (clocks + zero <= LIMIT)
    return np.where(value == 2, -2, np.where(kept, value, 0))


def test_every_small_position_at_every_clock_has_the_searched_value(reference) -> None:
    variant, solved_classes = reference
    for material in SMALL:
        searched = solved_classes[material]
        looked_up = table_values(variant, material, searched.keys)
        held = looked_up[0] != -2
        assert held.sum() > 0.8 * len(searched.keys)  # the chains no quiet position reaches are not in the tables
        wrong = np.argwhere((looked_up != searched.values) & held)
        assert len(wrong) == 0, (material, searched.keys[wrong[0][1]], wrong[0][0])


def test_solved_says_what_the_search_says_at_any_clock(reference) -> None:
    """The public door, on a sample of (position, clock) pairs, clocks past the limit included."""
    variant, solved_classes = reference
    rng = random.Random(7)
    for material in ((2, 1), (1, 2), (1, 1)):
        searched = solved_classes[material]
        for _ in range(300):
            number = rng.randrange(len(searched.keys))
            clock = rng.choice((rng.randrange(LIMIT + 1), rng.randrange(85, LIMIT + 1), LIMIT + rng.randrange(1, 5)))
            green, red, side, pending = searched.keys[number]
            clock = 0 if pending else clock  # in a chain the clock is 0: a capture has just reset it
            position = Position(green, red, side, pending, clock, VARIANTS[variant])
            found = solved(position)
            if found is None:
                continue
            expected = int(searched.values[min(clock, LIMIT), number])
            assert found[0] == expected, (position, found)
            assert (found[1] == NO_DISTANCE) == (expected == 0)


def test_the_issue_s_figures_for_two_against_one(reference) -> None:
    """Forced rules, quiet positions of two against one: 39,432 (position, clock) pairs decided although clock plus
    distance passes the limit, and 408,164 pairs below the limit won without the clock that the clock draws."""
    variant, solved_classes = reference
    if variant != "forced":
        pytest.skip("the figures are the forced rules'")
    searched = solved_classes[(2, 1)]
    beyond = drawn_wins = 0
    clocks = np.arange(LIMIT + 1)
    for number, key in enumerate(searched.keys):
        if key[3]:
            continue
        green, red, side, pending = key
        value, distance = solved_without_clock(Position(green, red, side, pending, 0, VARIANTS[variant]))
        column = searched.values[:, number]
        beyond += int(((column != 0) & (clocks + distance > LIMIT)).sum())
        if value == 1:
            drawn_wins += int(((column == 0) & (clocks < LIMIT)).sum())
    assert (beyond, drawn_wins) == (39_432, 408_164)


def test_the_issue_s_positions() -> None:
    late = Position.from_string("..............R.............G.G..R... g - 90")
    assert solved(late)[0] == 1  # the capture 29x37 resets the clock
    assert solved(Position.from_string("..............G...RR................. g - 99")) == (1, 2)
    assert zeroing_of(Position.from_string("..............G...RR................. g -")) == 1


def test_larger_classes_near_the_limit_agree_with_a_search(reference) -> None:
    """Two against two, three against one and one against three: positions with no chain pending drawn at random,
    each at a clock from 8 below the limit to the limit, valued by a search of every line to the clock's end."""
    variant, smaller = reference
    rules = VARIANTS[variant]
    rng = random.Random(11)
    for material in ((2, 2), (3, 1), (1, 3)):
        checked = 0
        while checked < 25:
            parts = parts_at(material, rng.randrange(class_size(material)))
            if parts[3] or solved_parts(parts, variant) is None:
                continue  # a chain (its clock is 0: too far from the limit to search), or no position
            position = Position(*parts, LIMIT - rng.randrange(9), rules)
            found = solved(position)
            assert found is not None
            assert found[0] == value_by_search(position, smaller), position
            checked += 1


def test_another_limit_answers_only_where_the_whole_distance_fits() -> None:
    short = Rules.named("forced", draw_plies=10)
    position = Position.from_string("..............R.............G.G..R... g -", short)
    value, distance = solved_without_clock(position)
    assert value == 1 and distance > 10 and solved(position) is None
    quick = Position.from_string("..............G...RR................. g - 8", short)
    assert solved(quick) == (1, 2)
