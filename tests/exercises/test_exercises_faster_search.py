"""Notebook 05: plain negamax equals alpha-beta, transpositions are counted, and the two checks."""

from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from lessons_lib.agents import AlphaBetaAgent, NegamaxAgent  # noqa: E402
from lessons_lib.exercises.faster_search import check_move_ordering, ordering_check_positions, ordering_positions  # noqa: E402
from lessons_lib.experiments.measurements import distinct_positions  # noqa: E402
from lessons_lib.kit.perft import perft  # noqa: E402
from lessons_lib.games.shologuti.rules import TRADITIONAL  # noqa: E402
from lessons_lib.games.shologuti.position import Position  # noqa: E402
from lessons_lib.viz.plots import plot_deepening  # noqa: E402


def test_negamax_without_its_helpers_visits_exactly_what_alphabeta_visits() -> None:
    plain = NegamaxAgent(4, table_size=0, killers=False, history=False, deepening=False)
    for position in ordering_positions():
        a, n = AlphaBetaAgent(4).search(position), plain.search(position)
        assert (a.value, a.nodes) == (n.value, n.nodes)


def test_without_deepening_a_depth_and_no_clock_are_needed() -> None:
    with pytest.raises(ValueError, match="without iterative deepening"):
        NegamaxAgent(depth=None, seconds=1.0, deepening=False)
    with pytest.raises(ValueError, match="without iterative deepening"):
        NegamaxAgent(depth=4, seconds=1.0, deepening=False)
    results = list(NegamaxAgent(3, deepening=False).iterate(Position.start()))
    assert [result.depth for result in results] == [3]


def test_distinct_positions_count_lines_like_perft_and_fewer_positions() -> None:
    start = Position.start(TRADITIONAL)
    levels = distinct_positions(start, 4)
    assert [level.lines for level in levels] == [perft(start, depth) for depth in range(1, 5)]
    assert [level.positions for level in levels][:2] == [9, 69] and levels[3].positions < levels[3].lines


def test_the_ordering_check_has_each_side_to_move_with_a_choice() -> None:
    positions = ordering_check_positions()
    assert [position.to_move for position in positions["Green"]] == [0] * 4
    assert [position.to_move for position in positions["Red"]] == [1] * 4
    assert all(len(position.legal_moves()) >= 6 for side in positions.values() for position in side)


def test_the_deepening_plot_is_labelled() -> None:
    runs = {"start": list(NegamaxAgent(3).iterate(Position.start()))}
    ax = plot_deepening(runs, budget=0.5)
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel() and ax.get_legend() is not None
    plt.close("all")


def test_the_table_events_say_what_negamax_stored() -> None:
    from lessons_lib.agents.table import BOUND_NAMES, bound_of
    from lessons_lib.exercises.faster_search import table_stores

    stores = table_stores(ordering_positions()[:2])
    assert {store.bound for store in stores} == {"exact", "lower", "upper"}
    assert all(store.bound == BOUND_NAMES[bound_of(store.value, store.alpha, store.beta)] for store in stores)
    assert all(store.alpha < store.beta for store in stores)


def test_best_first_saves_enough_on_every_drawn_set_of_positions() -> None:
    """The figures of REQUIRED_DRAWN_SAVING's docstring: best first saves 45% to 86% in 40 draws."""
    from lessons_lib.exercises.faster_search import REQUIRED_DRAWN_SAVING, _nodes_visited, drawn_ordering_positions
    from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation

    def best_first(state, moves):
        return sorted(moves, key=lambda move: material_mobility_evaluation(state.play(move), state.to_move),
                      reverse=True)

    savings = []
    for seed in range(40):
        ordered, plain = _nodes_visited(best_first, drawn_ordering_positions(seed), [])
        savings.append(1 - ordered / plain)
    assert min(savings) >= REQUIRED_DRAWN_SAVING + 0.1
    assert (f"{min(savings):.0%}", f"{max(savings):.0%}") == ("45%", "86%")
    ordered, plain = _nodes_visited(best_first, drawn_ordering_positions(968), [])
    assert f"{1 - ordered / plain:.0%}" == "22%"  # the rare draw where best first saves less: it passes all the same
    assert check_move_ordering(best_first, seed=968).passed
